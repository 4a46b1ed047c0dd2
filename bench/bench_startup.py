"""Start-up: a one-liner ``check --format json`` and ``--version`` against the bare import of
typer, rich and pydantic, as ratios measured in the same run (median of several runs).

    python bench/bench_startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

CASES = {
    "import typer, rich, pydantic": [sys.executable, "-c", "import typer, rich, pydantic"],
    "claimcheck --version": [sys.executable, "-m", "claimcheck", "--version"],
    "one-liner check --format json": [
        sys.executable, "-m", "claimcheck", "check",
        "Recomputing a 112K-token context takes 57 seconds; loading its KV cache takes 2.1 seconds: 27x faster TTFT.",
        "--format", "json",
    ],
}  # fmt: skip


def wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, capture_output=True, check=False)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    for command in CASES.values():  # warm the file cache
        wall(command)
    timings: dict[str, list[float]] = {name: [] for name in CASES}
    for _ in range(args.runs):  # interleaved, so machine noise hits every case alike
        for name, command in CASES.items():
            timings[name].append(wall(command))
    base = statistics.median(timings["import typer, rich, pydantic"])
    print(f"start-up, median of {args.runs} interleaved runs")
    for name, values in timings.items():
        median = statistics.median(values)
        print(f"  {name:<32} {median * 1000:7.0f} ms   {median / base:5.2f}x the bare import")


if __name__ == "__main__":
    main()
