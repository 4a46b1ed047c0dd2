"""Time claimcheck on inputs shaped like users' (``bench/shapes.py``) beside today's easy ones:
wall clock, CPU time (workers included) and peak resident memory, with the default ``--jobs``
and with ``--jobs 1``, interleaved run after run so that the machine's noise hits every case
alike. The machine's load average is printed before and after.

    python bench/bench_users.py [--runs 5] [--cases claims-varied,docs-dense] [--large]
                                [--before /path/to/a/checkout] [--format json]

``--large`` adds the memory cases, one run each: 100,000 varied claim files with a JSON report,
and one 50 MB Markdown file. ``--before`` runs every case with a checkout of older code too
(through ``PYTHONPATH``), interleaved with the present code: a before/after in one run.
``--cache`` runs the present code twice more, with the result cache (``CLAIMCHECK_CACHE_DIR``):
``cold`` from an empty cache each run (the cost of keeping results) and ``warm`` from the one
its warm-up filled (a run over files that did not change).
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
from dataclasses import dataclass, field
from pathlib import Path

import shapes
from bench_batch import write as easy_claim_files
from bench_docs import corpus as easy_docs
from children import use_cached_byte_code


@dataclass
class Case:
    name: str
    shape: str
    build: Callable[[Path], object]
    large: bool = False


CASES = [
    Case("claims-easy", "10,000 one-line flat claim files, short texts (bench_batch.py)",
         lambda p: easy_claim_files(p, 10_000)),
    Case("claims-varied", "10,000 varied claim files (users' shape)",
         lambda p: shapes.varied_claim_files(p, 10_000)),
    Case("docs-easy", "1,000 docs pages of 5 KB, 5 % with a claim (bench_docs.py)",
         lambda p: easy_docs(p, 1_000)),
    Case("docs-dense", "1,000 claim-dense docs pages (users' shape)",
         lambda p: shapes.dense_site(p, 1_000)),
    Case("docs-dense-4x", "4,000 claim-dense docs pages",
         lambda p: shapes.dense_site(p, 4_000)),
    Case("claims-varied-100k", "100,000 varied claim files, JSON report (memory)",
         lambda p: shapes.varied_claim_files(p, 100_000), large=True),
    Case("markdown-50mb", "one 50 MB Markdown file of claim-dense pages (memory)",
         lambda p: shapes.large_markdown(p / "large.md", 50), large=True),
]  # fmt: skip


@dataclass
class Runs:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    peak: list[float] = field(default_factory=list)


def run_once(
    folder: Path, jobs: int | None, fmt: str, env: dict[str, str]
) -> tuple[float, float, float]:
    """Wall-clock and CPU seconds and peak resident MB (the largest of the process and its
    workers) of one run."""
    # -P: no working directory before PYTHONPATH on sys.path, or a run from the project root
    # would import the present code under --before too
    # (https://docs.python.org/3/using/cmdline.html#cmdoption-P).
    command = [sys.executable, "-P", "-m", "claimcheck", "check", str(folder), "-f", fmt, "-q"]
    command += ["-o", str(folder.parent / "report.out"), "--max-file-size", str(1 << 30)]
    command += [] if jobs is None else ["--jobs", str(jobs)]
    started = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        _pid, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            errors.seek(0)
            raise SystemExit(f"claimcheck failed on {folder}: {errors.read().decode()[-800:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cases", default="", help="names of the cases to run (default: all)")
    parser.add_argument("--large", action="store_true", help="add the memory cases")
    parser.add_argument("--before", default="", help="a checkout of older code to compare")
    parser.add_argument("--format", default="json", help="report format (default: json)")
    parser.add_argument("--cache", action="store_true", help="add cold and warm result caches")
    args = parser.parse_args()
    chosen = set(filter(None, args.cases.split(",")))
    cases = [c for c in CASES if (c.name in chosen if chosen else not c.large or args.large)]
    use_cached_byte_code()
    versions = {"now": dict(os.environ)}
    if args.before:
        versions = {"before": dict(os.environ, PYTHONPATH=args.before), **versions}
    print(f"load average at start: {load()}  ({os.cpu_count()} cores)")
    for case in cases:
        with tempfile.TemporaryDirectory() as tmp:
            if args.cache and not case.large:  # the memory cases run once, with no warm-up
                versions["cold"] = dict(os.environ, CLAIMCHECK_CACHE_DIR=str(Path(tmp) / "cold"))
                versions["warm"] = dict(os.environ, CLAIMCHECK_CACHE_DIR=str(Path(tmp) / "warm"))
            else:
                versions.pop("cold", None)
                versions.pop("warm", None)
            folder = Path(tmp) / "in"
            folder.mkdir()
            case.build(folder)
            size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
            target = folder / "large.md" if (folder / "large.md").exists() else folder
            runs = 1 if case.large else args.runs
            jobs_counts: list[int | None] = [None] if case.large else [None, 1]
            keys = [(v, j) for v in versions for j in jobs_counts]
            measured = {key: Runs() for key in keys}
            for env in versions.values() if not case.large else ():  # warm-up: byte code, files
                run_once(target, 1, args.format, env)
            for round_ in range(runs):
                shift = round_ % len(keys)
                for version, jobs in keys[shift:] + keys[:shift]:
                    if version == "cold":
                        shutil.rmtree(versions[version]["CLAIMCHECK_CACHE_DIR"], ignore_errors=True)
                    wall, cpu, peak = run_once(target, jobs, args.format, versions[version])
                    got = measured[version, jobs]
                    got.wall.append(wall)
                    got.cpu.append(cpu)
                    got.peak.append(peak)
            print(f"\n{case.name}: {case.shape}; {size / 1e6:.1f} MB; load {load()}")
            for (version, jobs), got in measured.items():
                name = "default" if jobs is None else "1"
                print(
                    f"  {version:>6} --jobs {name:<7}  wall {statistics.median(got.wall):6.2f} s"
                    f" ({min(got.wall):.2f}-{max(got.wall):.2f})  CPU {statistics.median(got.cpu):6.2f} s"
                    f"  peak {max(got.peak):7.1f} MB"
                )
            for version in versions:
                if (version, 1) in measured:
                    default, one = measured[version, None], measured[version, 1]
                    paired = [d / o for d, o in zip(default.wall, one.wall, strict=True)]
                    print(
                        f"  {version:>6} default / --jobs 1 wall: median of each round's ratio "
                        f"{statistics.median(paired):.2f} ({min(paired):.2f}-{max(paired):.2f})"
                    )
    print(f"\nload average at end: {load()}")


if __name__ == "__main__":
    random.seed(0)
    main()
