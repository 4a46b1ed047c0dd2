"""Size and render time of an HTML report of many claims.

    python bench/bench_html.py [--claims 1000] [--runs 3]

Two sets of claim files: a mix like ``bench_batch.py``'s (a tenth name a model and a GPU, so
the physics draws their curve; the rest show the naive reading), and the worst case, where
every claim names a model and GPU. Every claim states both times. Measured: the time to write
the report (``check … --format html -o``) beside the same run in JSON, the page's size, and the
time headless Chromium takes from navigation to the second animation frame after the load
event (the page laid out and painted), median of ``--runs``, each in a fresh browser profile.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MODELS = ["llama-3.1-70b", "llama-3.1-8b", "qwen3-32b", "deepseek-v3", "mixtral-8x7b"]
TEXT = (
    "Recomputing a {k}K-token context takes {b} seconds; loading its KV cache from NVMe "
    "takes {c} seconds: {s}x faster time to first token."
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def write(folder: Path, count: int, physics_every: int, seed: int = 12) -> None:
    """``count`` claim files; every ``physics_every``-th names a model, GPU and tier."""
    rng = random.Random(seed)
    for number in range(count):
        model = rng.choice(MODELS)
        tokens = rng.choice([8, 32, 64, 112, 128])
        cached = rng.choice([0.5, 1.2, 2.1, 3.0])
        speedup = rng.choice([3, 6, 12, 20, 27, 41])
        baseline = round(cached * speedup, 1)
        fields: dict[str, object] = {
            "id": f"claim-{number}",
            "text": TEXT.format(k=tokens, b=baseline, c=cached, s=speedup),
            "speedup": speedup,
            "context_tokens": tokens * 1000,
            "baseline_seconds": baseline,
            "cached_seconds": cached,
            "metric": "ttft",
        }
        if number % physics_every == 0:
            fields |= {"model": model, "gpu": "h100-sxm", "gpu_count": 8, "tier": "nvme"}
        sub = folder / f"d{number // 500:03d}"
        sub.mkdir(exist_ok=True)
        (sub / f"c{number:06d}.json").write_text(json.dumps(fields), encoding="utf-8")


def report(folder: Path, fmt: str, out: Path) -> float:
    command = [sys.executable, "-m", "claimcheck", "check", str(folder), "-f", fmt, "-o", str(out), "-q"]  # fmt: skip
    started = time.perf_counter()
    subprocess.run(command, capture_output=True, check=False)
    return time.perf_counter() - started


def render_seconds(page_path: Path, chromium: str) -> float:
    """Navigation to the second frame after load, in a fresh profile."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, headless=True, args=FLAGS
        )
        page = context.new_page()
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(page_path.resolve().as_uri(), wait_until="load")
        ms = page.evaluate(
            "new Promise(done => requestAnimationFrame(() => requestAnimationFrame("
            "() => done(performance.now()))))"
        )
        claims = page.locator("article.claim").count()
        charts = page.locator("svg.chart").count()
        context.close()
    print(f"  rendered {claims:,} claims and {charts:,} charts in {ms / 1000:.2f} s")
    return float(ms) / 1000


def measure(tmp: Path, name: str, count: int, physics_every: int, runs: int) -> None:
    folder = tmp / name
    folder.mkdir()
    write(folder, count, physics_every)
    page = tmp / f"{name}.html"
    html_s = statistics.median(report(folder, "html", page) for _ in range(runs))
    json_s = statistics.median(report(folder, "json", tmp / f"{name}.json") for _ in range(runs))
    size_mb = page.stat().st_size / 1e6
    share = "every claim" if physics_every == 1 else f"1 in {physics_every} claims"
    print(f"{count:,} claims, {share} with a model and GPU: HTML report {size_mb:.2f} MB")
    print(f"  written in {html_s:.2f} s (JSON: {json_s:.2f} s), median of {runs}")
    chromium = shutil.which("chromium")
    if chromium is None:
        print("  no chromium on PATH: render time not measured")
        return
    render_s = statistics.median(render_seconds(page, chromium) for _ in range(runs))
    print(f"  Chromium render, median of {runs}: {render_s:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        measure(Path(tmp), "mixed", args.claims, 10, args.runs)
        measure(Path(tmp), "physics", args.claims, 1, args.runs)


if __name__ == "__main__":
    main()
