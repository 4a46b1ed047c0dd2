"""``claimcheck crawl``: audit WARC files into Parquet (docs/crawl.md). The crawl extra
(warcio, DuckDB, fsspec) and Dask are imported only when the command runs."""

from __future__ import annotations

import sys
from enum import StrEnum
from importlib.util import find_spec
from typing import Annotated

import typer

from claimcheck.commands import fail
from claimcheck.errors import ClaimcheckError, ExitCode

NEEDS_CRAWL = (
    "claimcheck crawl needs {missing}, which is not installed: "
    "pip install 'claimcheck-kv[crawl]' (docs/crawl.md)"
)


class CrawlEngine(StrEnum):
    """``--engine`` values."""

    LOCAL = "local"
    DASK = "dask"


def missing(*modules: str) -> list[str]:
    """The modules of ``modules`` that are not installed."""
    return [name for name in modules if find_spec(name) is None]


def crawl(
    warcs: Annotated[
        list[str],
        typer.Argument(
            help="WARC files or globs: local paths or fsspec URLs (s3://…).",
            show_default=False,
            metavar="WARC",
        ),
    ],
    out: Annotated[
        str,
        typer.Option(
            "--out",
            help="Folder (or fsspec URL) for the Parquet files and done-markers.",
            metavar="DIR",
            show_default=False,
        ),
    ],
    engine: Annotated[
        CrawlEngine,
        typer.Option(
            "--engine",
            help="local: this machine's processes; dask: a Dask cluster.",
            metavar="<local|dask>",
        ),
    ] = CrawlEngine.LOCAL,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Address of a running Dask scheduler (default: a local cluster of --jobs workers).",
            metavar="ADDRESS",
            show_default=False,
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Worker processes (local cluster workers with --engine dask).",
            metavar="N",
        ),
    ] = 1,
    retries: Annotated[
        int,
        typer.Option(
            "--retries", min=0, help="Tries again of a file whose task failed.", metavar="N"
        ),
    ] = 2,
    hosts: Annotated[
        list[str] | None,
        typer.Option(
            "--host",
            help="Audit only pages of this host and its subdomains (repeatable).",
            metavar="HOST",
            show_default=False,
        ),
    ] = None,
    ranges: Annotated[
        str | None,
        typer.Option(
            "--ranges",
            help="CSV or Parquet of Common Crawl index rows (warc_filename, warc_record_offset, warc_record_length): read only those records.",
            metavar="FILE",
            show_default=False,
        ),
    ] = None,
    crawl_name: Annotated[
        str | None,
        typer.Option(
            "--crawl",
            help="The crawl's name in the rows (default: the WARC file's isPartOf).",
            metavar="NAME",
            show_default=False,
        ),
    ] = None,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select", help="Rule codes or prefixes to run.", show_default=False, metavar="CODE"
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option(
            "--ignore",
            help="Rule codes or prefixes to skip (KV303 is always left to the ledger).",
            metavar="CODE",
            show_default=False,
        ),
    ] = None,
    config: Annotated[
        str | None,
        typer.Option(
            "--config", help="Configuration file to use.", show_default=False, metavar="FILE"
        ),
    ] = None,
    isolated: Annotated[
        bool, typer.Option("--isolated", help="Ignore configuration files.")
    ] = False,
    max_page_size: Annotated[
        int | None,
        typer.Option(
            "--max-page-size",
            min=1,
            help="Pages above this many bytes are passed over (default: max-file-size).",
            metavar="BYTES",
            show_default=False,
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress lines; the summary only.")
    ] = False,
) -> None:
    """Audit the pages of WARC files: one Parquet file of claims per WARC file, resumable."""
    needed = missing("warcio", "duckdb", "fsspec")
    if needed:
        fail(NEEDS_CRAWL.format(missing=", ".join(needed)))
    if engine is CrawlEngine.DASK and missing("distributed"):
        from claimcheck.crawl.dask_engine import NEEDS_DASK

        fail(NEEDS_DASK)
    from claimcheck.crawl.run import crawl as run_crawl
    from claimcheck.crawl.run import make_job, plan, read_ranges

    try:
        files = plan(warcs)
        job = make_job(out, select=select, ignore=ignore, config=config, isolated=isolated,
                       crawl_name=crawl_name, hosts=hosts, max_page_bytes=max_page_size)  # fmt: skip
        wanted = read_ranges(ranges, files) if ranges is not None else None
    except ClaimcheckError as err:
        fail(str(err))

    def report(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    summary = run_crawl(files, job, engine=engine.value, jobs=jobs, retries=retries,
                        scheduler=scheduler, ranges=wanted, report=None if quiet else report)  # fmt: skip
    pages = ", ".join(f"{count:,} {status}" for status, count in summary.pages.items() if count)
    print(f"{summary.files} WARC files: {summary.audited} audited, {summary.resumed} done before, "
          f"{len(summary.failed)} failed")  # fmt: skip
    print(f"pages: {pages or 'none'}; claims: {summary.claims:,}")
    print(f"{summary.elapsed_seconds:.1f} s, {summary.cpu_seconds:.1f} CPU s, "
          f"{summary.pages_per_second:,.0f} pages/s, peak worker memory {summary.peak_rss_mb:.0f} MB")  # fmt: skip
    for damaged in summary.damaged:
        print(f"damaged: {damaged} (the records before it were audited)")
    for failed in summary.failed:
        print(f"failed: {failed.warc_file}: {failed.error}")
    print(f"output: {out}")
    if summary.failed:
        raise typer.Exit(ExitCode.ERROR)
