"""The crawl: pages per second per core in one process and on two Dask workers, start time and
worker memory, on small (4 KB) and web-sized (65 KB) pages (docs/crawl.md "Throughput").

    python bench/bench_crawl.py [--pages 400] [--files 4]

Pages are made by tests/crawl/warcs.py: real excerpts (claim-dense: about half hold a claim)
and filler, dressed with a style sheet, scripts and SVG icons. ``typical`` pages are the same
with only one page in 20 about KV caching, as on a crawl of vendors' sites. Each case audits
the same WARC files; the ratio of two Dask workers to one process is measured in the same run,
and the machine's load average is printed beside it (other work on a shared machine lowers
both).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimcheck.crawl.run import crawl, make_job
from tests.crawl.warcs import (
    Page,
    excerpts,
    filler_markdown,
    fixture_pages,
    split,
    web_page,
    write_warc,
)


def typical_pages(count: int, size_bytes: int) -> list[Page]:
    """``count`` pages, one in 20 a real excerpt about KV caching, the rest filler prose."""
    import random

    rng = random.Random(3)
    real = excerpts()
    pages = []
    for number in range(count):
        if number % 20 == 0:
            source, title, markdown = real[(number // 20) % len(real)]
            pages.append(Page(source, web_page(title, markdown, size_bytes, number)))
        else:
            markdown = filler_markdown(rng, 3 * number + 1)  # never a multiple of 3: no claim
            pages.append(
                Page(
                    f"https://vendor.example/{number}",
                    web_page("Notes", markdown, size_bytes, number),
                )
            )
    return pages


def run_case(name: str, pages: list[Page], files: int, folder: Path) -> None:
    warcs = folder / name
    warcs.mkdir()
    paths = [
        str(write_warc(warcs / f"{name}-{i}.warc.gz", part))
        for i, part in enumerate(split(pages, files))
    ]
    size_kb = sum(len(p.body) for p in pages) / len(pages) / 1000
    results = {}
    for engine, jobs in (("local", 1), ("dask", 2)):
        out = folder / f"{name}-{engine}"
        started = time.perf_counter()
        job = make_job(str(out), isolated=True)
        summary = crawl(paths, job, engine=engine, jobs=jobs)  # type: ignore[arg-type]
        wall = time.perf_counter() - started
        per_core = sum(summary.pages.values()) / summary.cpu_seconds
        results[engine] = len(pages) / wall
        print(f"{name:>8} {size_kb:5.0f} KB {engine:>5} x{jobs}: {len(pages) / wall:7.0f} pages/s wall, "
              f"{per_core:7.0f} pages/s per CPU s, peak worker RSS {summary.peak_rss_mb:4.0f} MB, "
              f"{wall:5.1f} s")  # fmt: skip
        shutil.rmtree(out)
    print(
        f"{name:>8} dask x2 / local x1 (wall, same run): {results['dask'] / results['local']:.2f}"
    )


def start_seconds(folder: Path) -> None:
    """From the command's start to its summary, on one small WARC file (local engine), and a
    LocalCluster of two workers started and closed."""
    import subprocess

    warc = write_warc(folder / "one.warc.gz", fixture_pages(1, 4_000))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "claimcheck", "crawl", str(warc), "--out", str(folder / "start"), "--isolated", "-q"],
                   check=True, capture_output=True)  # fmt: skip
    local = time.perf_counter() - started
    import distributed

    started = time.perf_counter()
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=50
    )
    with distributed.Client(cluster) as client:
        client.submit(sum, [1, 2]).result()
        rss = client.run(lambda: __import__("psutil").Process().memory_info().rss / 1e6)
    cluster.close()
    dask = time.perf_counter() - started
    print(f"start: local crawl of one page {local:.2f} s; Dask LocalCluster of 2 up and down {dask:.2f} s, "
          f"idle worker RSS {', '.join(f'{v:.0f}' for v in rss.values())} MB")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pages", type=int, default=400)
    parser.add_argument("--files", type=int, default=4)
    arguments = parser.parse_args()
    print(
        f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}, {os.cpu_count()} cores"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start_seconds(folder)
        run_case("small", fixture_pages(arguments.pages, 4_000), arguments.files, folder)
        run_case("web", fixture_pages(arguments.pages, 65_000), arguments.files, folder)
        run_case("typical", typical_pages(arguments.pages, 65_000), arguments.files, folder)
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
