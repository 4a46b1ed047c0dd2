"""The crawl: pages per second per core in one process and on two Dask workers, start time,
warm-up and worker memory, on small (4 KB) and web-sized (65 KB) pages (docs/crawl.md
"Throughput and cost").

    python bench/bench_crawl.py [--pages 1200] [--files 6] [--cases small,web,typical,small-typical]

Pages are made by tests/crawl/warcs.py: the fixture crawl's 400 pages, real excerpts and
filler (claim-dense: 146 pages of 400 hold 189 claims), repeated to the count asked, dressed
with a style sheet, scripts and SVG icons. ``typical`` pages are the same with only one page
in 20 about KV caching, as on a crawl of vendors' sites.

Each case audits the same WARC files three ways, each process warmed first on a few pages (a
process pays once for its imports, patterns and catalog: reported as its warm-up):

- one process (a fresh one, as ``claimcheck crawl --jobs 1`` runs);
- two plain processes side by side, each auditing half the files: what two cores give this
  machine now, whatever the engine (other work on a shared machine takes its share);
- two Dask workers (the engine's own LocalCluster), started and warmed before the clock starts.

Pages per CPU second are counted two ways: by the audit thread (the done-markers' CPU
seconds) and by the whole worker process (with Dask's own threads). The load average is
printed before and after each case.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimcheck.crawl.run import crawl, make_job
from claimcheck.crawl.task import peak_rss_mb
from tests.crawl.warcs import (
    Page,
    excerpts,
    filler_markdown,
    fixture_pages,
    split,
    web_page,
    write_warc,
)

WARM_PAGES = 20


def dense_pages(count: int, size_bytes: int) -> list[Page]:
    """The fixture crawl's first 400 pages, repeated to ``count``: the same mix at any count."""
    mix = fixture_pages(400, size_bytes)
    return [mix[number % len(mix)] for number in range(count)]


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


def one_process(out: str, warm: str, paths: list[str]) -> dict[str, float]:
    """Run in a fresh process (``--one``): warm up on ``warm``, then audit ``paths``."""
    started = time.process_time()
    crawl([warm], make_job(f"{out}-warm", isolated=True))
    warm_cpu = time.process_time() - started
    job = make_job(out, isolated=True)
    cpu, wall = time.process_time(), time.perf_counter()
    summary = crawl(paths, job)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    peak = peak_rss_mb()
    return {"pages": sum(summary.pages.values()), "wall": wall, "cpu": cpu,
            "task_cpu": summary.cpu_seconds, "warm_cpu": warm_cpu, "peak_mb": peak}  # fmt: skip


def spawn_one(out: Path, warm: Path, paths: list[str]) -> subprocess.Popen[str]:
    command = [sys.executable, __file__, "--one", str(out), str(warm), *paths]
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True)


def finished(process: subprocess.Popen[str]) -> dict[str, float]:
    out, _ = process.communicate()
    if process.returncode:
        raise SystemExit(f"a bench process failed ({process.returncode})")
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def on_dask(paths: list[str], warm: Path, out: Path) -> dict[str, Any]:
    """Two Dask workers as the engine makes them: start, warm-up (one small file each), then
    the files, timed and measured from the workers."""
    import distributed

    from claimcheck.crawl.dask_engine import local_cluster, run_dask
    from claimcheck.crawl.progress import Progress
    from claimcheck.crawl.task import crawl_file

    started = time.perf_counter()
    cluster = local_cluster(2)
    client_of: Any = distributed.Client  # the distributed API is not typed
    with client_of(cluster) as client:
        start = time.perf_counter() - started
        workers = list(client.scheduler_info()["workers"])
        cpu_before = client.run(_process_cpu)
        warm_job = make_job(str(out) + "-warm", isolated=True)
        warmed = [client.submit(crawl_file, str(warm), warm_job, key=f"warm-{n}", workers=[w],
                                allow_other_workers=False, pure=False)
                  for n, w in enumerate(workers)]  # fmt: skip
        for future in warmed:
            future.result()
        warm_cpu = client.run(_process_cpu)
        job = make_job(str(out), isolated=True)
        progress = Progress(len(paths))
        wall = time.perf_counter()
        run_dask(paths, job, progress, scheduler=cluster.scheduler_address)
        wall = time.perf_counter() - wall
        cpu_after = client.run(_process_cpu)
        rss = client.run(peak_rss_mb)
    cluster.close()
    return {
        "pages": sum(sum(d.pages.values()) for d in progress.done),
        "wall": wall,
        "cpu": sum(cpu_after[w] - warm_cpu[w] for w in cpu_after),
        "task_cpu": sum(d.cpu_seconds for d in progress.done),
        "warm_cpu": max(warm_cpu[w] - cpu_before[w] for w in warm_cpu),
        "peak_mb": max(rss.values()),
        "start": start,
    }


def _process_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_case(name: str, pages: list[Page], files: int, folder: Path) -> None:
    warcs = folder / name
    warcs.mkdir()
    paths = [
        str(write_warc(warcs / f"{name}-{i}.warc.gz", part))
        for i, part in enumerate(split(pages, files))
    ]
    warm = write_warc(folder / f"{name}-warm.warc.gz", pages[-WARM_PAGES:])
    size_kb = sum(len(p.body) for p in pages) / len(pages) / 1000
    print(
        f"\n{name}: {len(pages)} pages of {size_kb:.0f} KB in {files} files; load average {_load()}"
    )
    one = finished(spawn_one(folder / f"{name}-one", warm, paths))
    pair = [
        spawn_one(folder / f"{name}-pair{n}", warm, half)
        for n, half in enumerate((paths[0::2], paths[1::2]))
    ]
    pair_results = [finished(process) for process in pair]
    dask = on_dask(paths, warm, folder / f"{name}-dask")
    for label, result in (("1 process", one), ("2 Dask workers", dask)):
        print(f"  {label:>15}: {result['pages'] / result['wall']:6.0f} pages/s, "
              f"{result['pages'] / result['task_cpu']:5.0f} pages per audit-thread CPU s, "
              f"{result['pages'] / result['cpu']:5.0f} per process CPU s, "
              f"{result['cpu'] / result['wall']:.2f} cores busy; warm-up "
              f"{result['warm_cpu']:.2f} CPU s; peak {result['peak_mb']:.0f} MB")  # fmt: skip
    pair_wall = max(r["wall"] for r in pair_results)
    pair_cpu = sum(r["task_cpu"] for r in pair_results)
    print(f"  2 plain processes side by side: {len(pages) / pair_wall:6.0f} pages/s, "
          f"{len(pages) / pair_cpu:5.0f} pages per audit-thread CPU s, "
          f"{one['wall'] / pair_wall:.2f}x 1 process: what two cores give now")  # fmt: skip
    ratio = one["wall"] / dask["wall"]
    total = one["wall"] / (dask["wall"] + dask["start"])
    print(f"  2 Dask workers / 1 process (wall): {ratio:.2f} warmed, {total:.2f} with the "
          f"{dask['start']:.2f} s cluster start; 1 process {one['wall']:.1f} s, Dask "
          f"{dask['wall']:.1f} s; load average {_load()}")  # fmt: skip


def start_seconds(folder: Path) -> None:
    """From the command's start to its summary, on one small WARC file (local engine), and a
    LocalCluster of two workers started and closed, with an idle worker's memory."""
    import distributed

    from claimcheck.crawl.dask_engine import local_cluster

    warc = write_warc(folder / "one.warc.gz", fixture_pages(1, 4_000))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "claimcheck", "crawl", str(warc), "--out", str(folder / "start"), "--isolated", "-q"],
                   check=True, capture_output=True)  # fmt: skip
    local = time.perf_counter() - started
    started = time.perf_counter()
    cluster = local_cluster(2)
    client_of: Any = distributed.Client
    with client_of(cluster) as client:
        client.submit(sum, [1, 2]).result()
        rss = client.run(peak_rss_mb)
    cluster.close()
    dask = time.perf_counter() - started
    print(f"start: local crawl of one page {local:.2f} s; Dask LocalCluster of 2 up and down {dask:.2f} s, "
          f"idle worker peak RSS {', '.join(f'{v:.0f}' for v in rss.values())} MB")  # fmt: skip


def _load() -> str:
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def main() -> None:
    if sys.argv[1:2] == ["--one"]:
        out, warm, *paths = sys.argv[2:]
        print(json.dumps(one_process(out, warm, paths)))
        return
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pages", type=int, default=1200)
    parser.add_argument("--files", type=int, default=6)
    parser.add_argument("--cases", default="small,web,typical,small-typical")
    arguments = parser.parse_args()
    print(f"load average before: {_load()}, {os.cpu_count()} cores")
    makers = {
        "small": lambda: dense_pages(arguments.pages, 4_000),
        "web": lambda: dense_pages(arguments.pages, 65_000),
        "typical": lambda: typical_pages(arguments.pages, 65_000),
        "small-typical": lambda: typical_pages(arguments.pages, 4_000),
    }
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start_seconds(folder)
        for name in arguments.cases.split(","):
            run_case(name, makers[name](), arguments.files, folder)
    print(f"load average after: {_load()}")


if __name__ == "__main__":
    main()
