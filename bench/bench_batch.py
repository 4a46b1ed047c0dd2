"""Time an audit of many claim files: claims/s and peak memory, at 1x and 10x the count.

    python bench/bench_batch.py [--files 10000] [--runs 3] [--jobs 1,2,all]

The floor beside it is what the chosen stack cannot go below: reading each file, PyYAML's C
loader (json and tomllib for the others), one pydantic validation of the claim, and a JSON
line out per claim, in one process.

Each count of worker processes (``--jobs``; ``all`` is the cores this process may use) is
timed in turn, run after run, so that machine noise hits them alike; the speedup is against the
first.

The files are YAML (most), TOML and JSON claim files with text and fields, a tenth of them
naming a model and GPU so that the physical analysis runs too.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from children import use_cached_byte_code

MODELS = ["llama-3.1-70b", "llama-3.1-8b", "qwen3-32b", "deepseek-v3", "mixtral-8x7b"]
TEXTS = [
    "{s}x faster time to first token at {k}K tokens with KV cache offload.",
    "Up to {s}x faster prefill for long contexts with our KV tier.",
    "Loading the KV cache from NVMe cuts TTFT {s}x on {k}K-token prompts.",
]


def claim(rng: random.Random, number: int) -> dict[str, object]:
    speedup = rng.choice([3, 6, 12, 20, 27, 41, 75])
    tokens = rng.choice([8, 32, 64, 112, 128])
    fields: dict[str, object] = {
        "id": f"claim-{number}",
        "text": rng.choice(TEXTS).format(s=speedup, k=tokens),
        "speedup": speedup,
        "context_tokens": tokens * 1000,
        "metric": "ttft",
    }
    if number % 10 == 0:
        fields |= {"model": rng.choice(MODELS), "gpu": "h100-sxm", "gpu_count": 8, "tier": "nvme"}
    return fields


def write(folder: Path, count: int, seed: int = 11) -> None:
    rng = random.Random(seed)
    for number in range(count):
        fields = claim(rng, number)
        sub = folder / f"d{number // 500:03d}"
        sub.mkdir(exist_ok=True)
        if number % 10 == 1:
            lines = [f"{k} = {json.dumps(v)}" for k, v in fields.items()]
            (sub / f"c{number:06d}.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        elif number % 10 == 2:
            (sub / f"c{number:06d}.json").write_text(json.dumps(fields), encoding="utf-8")
        else:
            lines = [f"{k}: {json.dumps(v)}" for k, v in fields.items()]
            (sub / f"c{number:06d}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


TAIL_BYTES = 1 << 20
"""The end of a report that holds its summary (the rules' descriptions follow it)."""


def run_once(folder: Path, jobs: int = 1) -> tuple[float, float, int, float]:
    """Seconds, peak resident MB of the child, claims audited, and the child's CPU seconds
    (on a shared machine the CPU time varies less than the wall clock)."""
    report = folder.parent / f"{folder.name}-report.json"
    command = [
        sys.executable,
        "-m",
        "claimcheck",
        "check",
        str(folder),
        "-f",
        "json",
        "-o",
        str(report),
        "-q",
        "--jobs",
        str(jobs),
    ]
    started = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        # This child's own peak (RUSAGE_CHILDREN would be the largest of every child so far).
        _pid, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode not in (0, 1):
            errors.seek(0)
            raise SystemExit(f"claimcheck failed: {errors.read()[:500].decode()}")
    peak_mb = usage.ru_maxrss / 1024
    # Only the summary, near the end, is read: reading the whole report here would grow this
    # process, and Linux gives a child started from it this process's peak as its own.
    with report.open("rb") as handle:
        handle.seek(max(0, report.stat().st_size - TAIL_BYTES))
        tail = handle.read().decode("utf-8", "replace")
    found = re.search(r'\n  "summary": \{\n    "files": \d+,\n    "claims": (\d+)', tail)
    report.unlink()
    if found is None:
        raise SystemExit("no summary in the report")
    claims = int(found.group(1))
    return seconds, peak_mb, claims, usage.ru_utime + usage.ru_stime


FLOOR = """
import json, os, sys, tomllib, yaml
from claimcheck.claim import Claim
loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(sys.argv[1]) for f in fs)
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        if path.endswith(".yaml"):
            data = yaml.load(text, Loader=loader)
        elif path.endswith(".toml"):
            data = tomllib.loads(text)
        else:
            data = json.loads(text)
        out.write(Claim.model_validate(data).model_dump_json() + "\\n")
status = "/proc/self/status"  # this process's own peak, where Linux tells it
lines = open(status, encoding="ascii").read().splitlines() if os.path.exists(status) else []
print(next((ln.split()[1] for ln in lines if ln.startswith("VmHWM")), "0"))
"""


def floor_once(folder: Path) -> tuple[float, float, float]:
    """Seconds, peak MB and CPU seconds of the floor (see the module's docstring)."""
    started = time.perf_counter()
    out = folder.parent / f"{folder.name}-floor.jsonl"
    with tempfile.TemporaryFile() as said:
        child = subprocess.Popen([sys.executable, "-c", FLOOR, str(folder), str(out)], stdout=said)
        _pid, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        said.seek(0)
        peak_kb = int(said.read().split()[-1] or 0)
    out.unlink(missing_ok=True)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("the floor failed")
    # The peak the process reports of itself (VmHWM, Linux): the kernel's ru_maxrss of a child
    # can carry the peak of the process it was started from.
    return seconds, (peak_kb or usage.ru_maxrss) / 1024, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scales", default="0.1,1", help="multiples of --files to time")
    parser.add_argument("--jobs", default="1", help="worker counts to time, e.g. 1,2,all")
    args = parser.parse_args()
    use_cached_byte_code()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    counts = [int(cores or 1) if j == "all" else int(j) for j in args.jobs.split(",")]
    print(
        f"batch audit of claim files, median of {args.runs} runs (one process, start-up included)"
    )
    for scale in (float(s) for s in args.scales.split(",")):
        count = int(args.files * scale)
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            write(folder, count)
            results: dict[int, list[tuple[float, float, int, float]]] = {j: [] for j in counts}
            floors: list[tuple[float, float, float]] = []
            floor_once(folder)  # warm-up: the file cache, byte code and compiled patterns
            run_once(folder, counts[0])
            for _ in range(args.runs):
                floors.append(floor_once(folder))
                for jobs in counts:
                    results[jobs].append(run_once(folder, jobs))
        first = statistics.median(r[0] for r in results[counts[0]])
        floor = statistics.median(r[0] for r in floors)
        floor_cpu = statistics.median(r[2] for r in floors)
        print(
            f"  {count:>7,} files  floor     {count:>7,} claims  {floor:7.2f} s  "
            f"{count / floor:8,.0f} claims/s  peak {max(r[1] for r in floors):6.0f} MB  "
            f"CPU {floor_cpu:5.2f} s"
        )
        for jobs, runs in results.items():
            seconds = statistics.median(r[0] for r in runs)
            peak = max(r[1] for r in runs)
            claims = runs[0][2]
            cpu = statistics.median(r[3] for r in runs)
            print(
                f"  {count:>7,} files  --jobs {jobs}  {claims:>7,} claims  {seconds:7.2f} s  "
                f"{claims / seconds:8,.0f} claims/s  peak {peak:6.0f} MB  "
                f"CPU {cpu:5.2f} s ({claims / cpu:,.0f} claims per CPU second)  "
                f"speedup {first / seconds:4.2f}x  {seconds / floor:4.2f}x the floor "
                f"({cpu / floor_cpu:4.2f}x its CPU)"
            )


if __name__ == "__main__":
    main()
