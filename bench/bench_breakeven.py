"""Time 10,000 breakeven evaluations, and one ``claimcheck breakeven --format json`` run.

Run from the project root: ``python bench/bench_breakeven.py``. Prints the median of several
repeats, for the closed-form N* alone, for building a Setup plus N* plus one speedup, and for
the whole command in a fresh interpreter (start-up, catalog, sweep, JSON).
"""

from __future__ import annotations

import itertools
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from claimcheck.catalog import builtin_catalog
from claimcheck.physics import Setup, breakeven_tokens, speedup_at

EVALUATIONS = 10_000
REPEATS = 7
COMMAND_REPEATS = 5
COMMAND = [
    "breakeven",
    "--model",
    "llama-3.1-70b",
    "--gpu",
    "h100-sxm",
    "--gpus",
    "8",
    "--bandwidth-gb-s",
    "52",
    "--latency-ms",
    "1",
    "--format",
    "json",
]


def _median_seconds(run: Callable[[], object]) -> float:
    timings = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def main() -> None:
    """Build the setups, time both workloads and print evaluations per second."""
    catalog = builtin_catalog()
    gpus = [gpu for gpu in catalog.gpus if gpu.fp8_tflops is not None]
    combos = list(itertools.product(catalog.models, gpus, catalog.tiers, (1, 8)))
    chosen = list(itertools.islice(itertools.cycle(combos), EVALUATIONS))
    setups = [
        Setup(model=model, gpu=gpu, gpu_count=count, tier=tier)
        for model, gpu, tier, count in chosen
    ]

    def closed_form() -> None:
        for setup in setups:
            breakeven_tokens(setup)

    def end_to_end() -> None:
        for model, gpu, tier, count in chosen:
            setup = Setup(model=model, gpu=gpu, gpu_count=count, tier=tier, mfu=0.4)
            breakeven_tokens(setup)
            speedup_at(setup, 4_096)

    print(f"{EVALUATIONS:,} evaluations, median of {REPEATS} repeats")
    for label, run in (("N* only", closed_form), ("Setup + N* + speedup", end_to_end)):
        seconds = _median_seconds(run)
        print(
            f"  {label:<22} {seconds * 1e3:8.1f} ms  "
            f"{EVALUATIONS / seconds:>10,.0f} evaluations/s  "
            f"{seconds / EVALUATIONS * 1e6:6.2f} µs each"
        )

    seconds = _command_seconds()
    print(f"one 'claimcheck {' '.join(COMMAND)}', median of {COMMAND_REPEATS} runs")
    print(f"  {'subprocess':<22} {seconds * 1e3:8.1f} ms")


def _command_seconds() -> float:
    """Median wall time of the command in a fresh interpreter."""
    argv = [sys.executable, "-m", "claimcheck", *COMMAND]
    subprocess.run(argv, check=True, capture_output=True)  # warm the file cache
    timings = []
    for _ in range(COMMAND_REPEATS):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


if __name__ == "__main__":
    main()
