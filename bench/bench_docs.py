"""Time the docs lint on a generated corpus: 1,000 Markdown pages of about 5 KB, about 5 % of
them with a claim and 10 % with a look-alike number (24x7, 8 x 400 Gb/s, a GPU comparison), at
1x and 4x the corpus. Prints pages/s and MB/s (median of several runs), and, where ``npx`` can
run markdownlint-cli2 (installed from npm on first use), markdownlint-cli2's time on the same
pages, interleaved with claimcheck's, as a ratio.

    python bench/bench_docs.py [--runs 5] [--pages 1000] [--markdownlint] [--jobs 1,2]

The floor beside it: reading every page and one scan of it, lower-cased, with the prefilter's
pattern for a speed-factor-like number (the first test a page meets), in one process.

claimcheck runs with its default number of worker processes (the cores this process may use);
``--jobs`` times each count given as well (``all``: the cores), in the same interleaved runs.
CPU time is the process's and its workers' (user + system), which shows the cost of the
workers on a machine whose cores are busy with other work.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

from children import timed as run_timed
from children import use_cached_byte_code

T = TypeVar("T")

PROSE = [
    "Our platform keeps inference fast and predictable for every team.",
    "The control plane schedules requests across the cluster with fair queueing.",
    "Operators can roll out new model versions without downtime.",
    "Version 2.4 adds role-based access control and audit logging.",
    "Pricing starts at $2.50 per million tokens, billed monthly.",
    "The KV cache lives in GPU memory during decode, as in every serving engine.",
    "Read the [deployment guide](https://example.com/guide) for the full checklist.",
    "Dashboards show latency percentiles, error rates and saturation per region.",
]
LOOK_ALIKES = [
    "Support is available 24x7 through the console and by phone.",
    "Each node exposes 8 x 400 Gb/s ports and PCIe Gen5 x16 slots.",
    "The new B200 nodes are 2.5x faster than H100 for training.",
]
CLAIMS = [
    "Loading the KV cache from NVMe gives 27x faster time to first token at 128K tokens.",
    "Up to 20x faster prefill for long contexts with our KV tier on Llama 3.1 70B.",
    "TTFT fell from 57 seconds to 2.1 seconds on a 112K-token prompt.",
]


def page(rng: random.Random, with_claim: bool) -> str:
    """About 5 KB of Markdown: headings, paragraphs, a list, a code block, a table."""
    parts = [f"# Page {rng.randrange(10_000)}\n"]
    while sum(map(len, parts)) < 4_800:
        kind = rng.random()
        if kind < 0.6:
            parts.append(" ".join(rng.choices(PROSE, k=4)) + "\n")
        elif kind < 0.75:
            parts.append("\n".join(f"- {s}" for s in rng.choices(PROSE, k=3)) + "\n")
        elif kind < 0.85:
            parts.append("```python\nspeedup = baseline / cached\n```\n")
        else:
            parts.append("| Item | Value |\n|---|---|\n| Nodes | 8 |\n| Ports | 400 Gb/s |\n")
    if rng.random() < 0.1:  # a look-alike number that is not a claim
        parts.insert(rng.randrange(1, len(parts)), rng.choice(LOOK_ALIKES) + "\n")
    if with_claim:
        parts.insert(rng.randrange(1, len(parts)), rng.choice(CLAIMS) + "\n")
    return "\n".join(parts)


def corpus(folder: Path, pages: int, seed: int = 7) -> int:
    """Write ``pages`` pages into ``folder``; return the bytes written."""
    rng = random.Random(seed)
    total = 0
    for number in range(pages):
        text = page(rng, with_claim=rng.random() < 0.05)
        path = folder / f"d{number // 100:03d}" / f"page{number:05d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        total += path.write_text(text, encoding="utf-8")
    return total


def timed(folder: Path, jobs: int | None = None) -> tuple[float, float]:
    """Wall-clock and CPU seconds (with the workers') of one run, ``jobs`` workers or the
    default."""
    command = [sys.executable, "-m", "claimcheck", "check", str(folder)]
    command += ["-f", "json", "-o", "/dev/null", "-q"]
    command += [] if jobs is None else ["--jobs", str(jobs)]
    return run_timed(command)


FLOOR = """
import os, sys
from claimcheck.extract.prefilter import candidate
paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(sys.argv[1]) for f in fs)
found = 0
for path in paths:
    with open(path, encoding="utf-8") as handle:
        found += candidate(handle.read().lower(), lowered=True)
print(found)
"""


def floor(folder: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", FLOOR, str(folder)], capture_output=True, check=True)
    return time.perf_counter() - started


def markdownlint(folder: Path) -> float | None:
    """Seconds markdownlint-cli2 takes on every page of ``folder``; ``None`` when ``npx``
    cannot run it."""
    npx = shutil.which("npx")
    if npx is None:
        return None
    command = [npx, "--yes", "markdownlint-cli2", "**/*.md"]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1) or "Summary:" not in done.stdout + done.stderr:
        return None
    return elapsed


def _into(runs: list[T], measure: Callable[..., T | None], *args: object) -> None:
    """Append what ``measure(*args)`` measured to ``runs`` (nothing when it could not run)."""
    measured = measure(*args)
    if measured is not None:
        runs.append(measured)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--markdownlint", action="store_true", help="time markdownlint-cli2 too")
    parser.add_argument("--jobs", default="", help="worker counts to time too, e.g. 1,2,all")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    counts = [int(cores or 1) if j == "all" else int(j) for j in args.jobs.split(",") if j]
    use_cached_byte_code()
    print(f"docs lint, median of {args.runs} runs (wall clock, one process, includes start-up)")
    for scale in (1, 4):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            size = corpus(folder, args.pages * scale)
            ours: list[tuple[float, float]] = []
            per_count: dict[int, list[tuple[float, float]]] = {count: [] for count in counts}
            theirs: list[float] = []
            floors: list[float] = []
            floor(folder)  # warm-up: the file cache, byte code and compiled patterns
            timed(folder)
            cases: list[Callable[[], None]] = [
                partial(_into, floors, floor, folder),
                partial(_into, ours, timed, folder),
                *(partial(_into, per_count[count], timed, folder, count) for count in counts),
            ]
            if args.markdownlint and scale == 1:
                cases.append(partial(_into, theirs, markdownlint, folder))
            for round_ in range(args.runs):
                # Interleaved, so that machine noise hits all alike, and in a rotated order:
                # the run after markdownlint-cli2 (ten seconds of Node.js) ran slower, so no
                # case always comes after it.
                shift = round_ % len(cases)
                for case in cases[shift:] + cases[:shift]:
                    case()
            seconds = statistics.median(wall for wall, _ in ours)
            cpu = statistics.median(used for _, used in ours)
            pages = args.pages * scale
            print(
                f"  {scale}x: {pages:>6,} pages  {size / 1e6:6.1f} MB  {seconds:6.2f} s  "
                f"{pages / seconds:8,.0f} pages/s  {size / 1e6 / seconds:6.1f} MB/s  "
                f"(CPU {cpu:5.2f} s)"
            )
            for count, runs in per_count.items():
                wall = statistics.median(w for w, _ in runs)
                print(
                    f"      --jobs {count}: {wall:6.2f} s  {pages / wall:8,.0f} pages/s  "
                    f"(CPU {statistics.median(c for _, c in runs):5.2f} s)"
                )
            least = statistics.median(floors)
            print(
                f"      floor (read + one scan): {least:6.2f} s  {pages / least:8,.0f} pages/s  "
                f"(claimcheck takes {seconds / least:4.2f}x its time)"
            )
            if theirs:
                other = statistics.median(theirs)
                # Each round's own ratio too: both ran within seconds of each other, so a
                # change of the machine's speed between rounds moves it less.
                paired = statistics.median(w / t for (w, _), t in zip(ours, theirs, strict=True))
                print(
                    f"      markdownlint-cli2 on the same pages: {other:6.2f} s  "
                    f"(claimcheck takes {seconds / other:5.3f}x its time; "
                    f"{paired:5.3f}x, the median of each round's ratio)"
                )
            elif args.markdownlint and scale == 1:
                print("      markdownlint-cli2: npx cannot run it here (no Node.js or no network)")


if __name__ == "__main__":
    main()
