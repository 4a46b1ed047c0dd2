"""A crawl from start to summary: the WARC files a glob names, the job every file is audited
with, the engine that runs them, and what came of it. The command line is a thin adapter
over ``crawl`` (``claimcheck/commands/crawl.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal

import msgspec

from claimcheck.crawl.local import Ranges, run_local
from claimcheck.crawl.progress import Failed, Progress
from claimcheck.crawl.storage import expand
from claimcheck.crawl.task import FileDone, Job, output_name
from claimcheck.errors import UsageError

Engine = Literal["local", "dask"]


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """What a crawl did: files audited now, found done before, failed; pages by status,
    claims, CPU seconds, the largest worker peak memory, and the wall time."""

    files: int
    audited: int
    resumed: int
    failed: list[Failed]
    pages: dict[str, int]
    claims: int
    damaged: list[str]
    cpu_seconds: float
    peak_rss_mb: float
    elapsed_seconds: float

    @property
    def pages_per_second(self) -> float:
        fresh = sum(self.pages.values())
        return fresh / self.elapsed_seconds if self.elapsed_seconds > 0 else 0.0


def plan(patterns: list[str]) -> list[str]:
    """The WARC files ``patterns`` name; ``UsageError`` when none, or when two would write
    outputs of the same name."""
    files = expand(patterns)
    if not files:
        raise UsageError(f"no WARC file matches {' '.join(patterns)}")
    seen: dict[str, str] = {}
    for warc in files:
        name = output_name(warc)
        if name in seen:
            raise UsageError(
                f"{seen[name]} and {warc} would both write {name}.*: crawl them into different --out folders"
            )
        seen[name] = warc
    return files


def read_ranges(path: str, files: Iterable[str]) -> Ranges:
    """The byte ranges to read of each file, from a CSV or Parquet table with Common Crawl's
    index columns ``warc_filename``, ``warc_record_offset``, ``warc_record_length``
    (https://commoncrawl.org/blog/index-to-warc-files-and-urls-in-columnar-format), matched to
    the files by name. A file the table does not name is read whole-less: no range, no page."""
    import duckdb

    reader = "read_parquet" if path.lower().endswith(".parquet") else "read_csv"
    query = (f"SELECT warc_filename, warc_record_offset, warc_record_length "
             f"FROM {reader}(?) ORDER BY 1, 2")  # fmt: skip
    try:
        with duckdb.connect() as connection:
            rows = connection.execute(query, [path]).fetchall()
    except duckdb.Error as err:
        raise UsageError(f"cannot read the index ranges: {err}", path=path) from None
    by_name: dict[str, list[tuple[int, int]]] = {}
    for name, offset, length in rows:
        by_name.setdefault(str(name).rsplit("/", 1)[-1], []).append((int(offset), int(length)))
    return {warc: tuple(by_name.get(warc.rsplit("/", 1)[-1], ())) for warc in files}


def crawl(
    files: list[str],
    job: Job,
    *,
    engine: Engine = "local",
    jobs: int = 1,
    retries: int = 2,
    scheduler: str | None = None,
    ranges: Ranges | None = None,
    report: Callable[[str], None] | None = None,
) -> Summary:
    """Audit ``files`` with ``engine``; ``report`` is told a progress line per file."""
    progress = Progress(len(files), report)
    if engine == "dask":
        from claimcheck.crawl.dask_engine import run_dask

        run_dask(
            files,
            job,
            progress,
            jobs=max(jobs, 1),
            retries=retries,
            scheduler=scheduler,
            ranges=ranges,
        )
    else:
        run_local(files, job, progress, jobs=jobs, retries=retries, ranges=ranges)
    return summarise(progress.done, progress.failed, progress.elapsed_seconds)


def summarise(done: list[FileDone], failed: list[Failed], elapsed_seconds: float) -> Summary:
    fresh = [d for d in done if not d.resumed]
    pages: dict[str, int] = {}
    for d in fresh:
        for status, count in d.pages.items():
            pages[status] = pages.get(status, 0) + count
    return Summary(
        files=len(done) + len(failed),
        audited=len(fresh),
        resumed=len(done) - len(fresh),
        failed=sorted(failed, key=lambda f: f.warc_file),
        pages=pages,
        claims=sum(d.claims for d in fresh),
        damaged=sorted(f"{d.warc_file}: {d.damaged}" for d in done if d.damaged),
        cpu_seconds=round(sum(d.cpu_seconds for d in fresh), 2),
        peak_rss_mb=max((d.peak_rss_mb for d in fresh), default=0.0),
        elapsed_seconds=round(elapsed_seconds, 2),
    )


def make_job(
    out: str,
    *,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    config: str | None = None,
    isolated: bool = False,
    crawl_name: str | None = None,
    hosts: list[str] | None = None,
    max_page_bytes: int | None = None,
) -> Job:
    """The job of a crawl: settings settled here, once, as ``check`` settles them (KV303 is
    left to the ledger, which asks it across the whole crawl)."""
    from claimcheck.api import document_auditor

    auditor = document_auditor(select=select, ignore=[*(ignore or []), "KV303"], config=config,
                               isolated=isolated, max_file_size=max_page_bytes)  # fmt: skip
    return Job(out=out, settings_json=auditor.settings.model_dump_json(), max_page_bytes=auditor.max_bytes,
               crawl=crawl_name, hosts=tuple(hosts) if hosts is not None else None)  # fmt: skip
