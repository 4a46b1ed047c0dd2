"""One WARC file audited: its pages read, each audited on its own, its claims and pages
written as Parquet (``schema``), then a done-marker with counts, CPU seconds and peak memory.
A file whose done-marker exists is not read again: a rerun resumes where the last one stopped.
This is the unit of work every engine runs (``local``, ``dask_engine``)."""

from __future__ import annotations

import hashlib
import re
import resource
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import msgspec

from claimcheck import __version__
from claimcheck.crawl.charset import decode_page, is_binary
from claimcheck.crawl.parquet import RowSpool
from claimcheck.crawl.records import Fetched, Tally, read_pages, read_ranges
from claimcheck.crawl.schema import CLAIM_COLUMNS, PAGE_COLUMNS, SCHEMA_VERSION, claim_row
from claimcheck.crawl.storage import Storage, open_input

if TYPE_CHECKING:
    from claimcheck.api import DocumentAuditor


class Job(msgspec.Struct, frozen=True, kw_only=True):
    """What every file of a crawl is audited with: picklable, sent to every worker."""

    out: str
    settings_json: str
    """The settled ``claimcheck.settings.Settings`` as JSON (``api.document_auditor``)."""
    max_page_bytes: int
    crawl: str | None = None
    hosts: tuple[str, ...] | None = None


class FileDone(msgspec.Struct, frozen=True, kw_only=True):
    """A file's done-marker (``NAME.done.json``): what was read and written, and at what cost."""

    warc_file: str
    crawl: str
    claims_file: str
    pages_file: str
    records: int
    pages: dict[str, int]
    """Pages by status (``schema.PAGE_STATUSES``)."""
    claims: int
    other_records: int
    other_types: int
    other_hosts: int
    audit_errors: int
    damaged: str | None
    cpu_seconds: float
    wall_seconds: float
    peak_rss_mb: float
    """The worker process's peak resident memory up to the end of this file."""
    tool_version: str
    rules_hash: str
    schema_version: int
    resumed: bool = False
    """Set on the result of a run that found the marker already there (not written)."""


def output_name(warc: str) -> str:
    """The name a WARC file's outputs start with: its file name without ``.warc[.gz]``."""
    base = warc.rstrip("/").rsplit("/", 1)[-1]
    return re.sub(r"(\.warc)?(\.w?arc)?(\.gz|\.zst)?$", "", base, flags=re.IGNORECASE) or base


def crawl_file(warc: str, job: Job, ranges: tuple[tuple[int, int], ...] | None = None) -> FileDone:
    """Audit the WARC file ``warc`` (a path or fsspec URL) into ``job.out``, or return its
    done-marker when a run before finished it. ``ranges``: read only these (offset, length)
    byte ranges, as a Common Crawl index gives them."""
    storage = Storage(job.out)
    name = output_name(warc)
    marker = f"{name}.done.json"
    if storage.exists(marker):
        done = msgspec.json.decode(storage.read_bytes(marker), type=FileDone)
        return msgspec.structs.replace(done, resumed=True)
    started_cpu, started_wall = time.thread_time(), time.perf_counter()
    auditor = _auditor(job.settings_json, job.max_page_bytes)
    hashed = rules_hash(job.settings_json)
    stamp = {"tool_version": __version__, "rules_hash": hashed, "schema_version": SCHEMA_VERSION}
    tally = Tally()
    statuses = dict.fromkeys(("audited", "binary", "undecodable", "too_large", "unreadable"), 0)
    errors = 0
    hosts = frozenset(h.lower() for h in job.hosts) if job.hosts is not None else None
    with (
        RowSpool(CLAIM_COLUMNS) as claims,
        RowSpool(PAGE_COLUMNS) as pages,
        open_input(warc) as stream,
    ):
        if ranges is not None:
            fetched: Iterator[Fetched] = read_ranges(
                stream, ranges, tally, max_bytes=job.max_page_bytes, hosts=hosts
            )
        else:
            fetched = read_pages(stream, tally, max_bytes=job.max_page_bytes, hosts=hosts)
        for page in fetched:
            crawl = job.crawl or tally.crawl or ""
            where = _where(page, crawl, warc)
            status, charset, found, problems = _audit_page(page, auditor)
            statuses[status] += 1
            errors += len(problems)
            for number, claim in enumerate(found):
                claims.add(claim_row(where, number, claim, stamp))
            pages.add({**where, "content_type": page.content_type, "charset": charset,
                       "status": status, "claims": len(found), "errors": problems,
                       "schema_version": SCHEMA_VERSION})  # fmt: skip
        storage.make()
        claims.finish(storage, f"{name}.claims.parquet")
        pages.finish(storage, f"{name}.pages.parquet")
    done = FileDone(
        warc_file=warc,
        crawl=job.crawl or tally.crawl or "",
        claims_file=f"{name}.claims.parquet",
        pages_file=f"{name}.pages.parquet",
        records=tally.records,
        pages=statuses,
        claims=claims.count,
        other_records=tally.other_records,
        other_types=tally.other_types,
        other_hosts=tally.other_hosts,
        audit_errors=errors,
        damaged=tally.damaged,
        cpu_seconds=round(time.thread_time() - started_cpu, 3),
        wall_seconds=round(time.perf_counter() - started_wall, 3),
        peak_rss_mb=round(peak_rss_mb(), 1),
        tool_version=__version__,
        rules_hash=hashed,
        schema_version=SCHEMA_VERSION,
    )
    storage.write_bytes(marker, msgspec.json.format(msgspec.json.encode(done), indent=2) + b"\n")
    return done


def _where(page: Fetched, crawl: str, warc: str) -> dict[str, Any]:
    return {
        "crawl": crawl,
        "warc_file": warc,
        "warc_offset": page.offset,
        "warc_length": page.length,
        "url": page.url,
        "host": page.host,
        "fetch_time": utc_time(page.fetch_time),
        "payload_digest": page.payload_digest,
    }


def utc_time(value: str | None) -> str | None:
    """A WARC-Date (ISO 8601, W3C profile) as UTC without a zone (what a Parquet TIMESTAMP
    holds), or ``None`` when it is missing or not a date."""
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value.strip())
    except ValueError:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat()


def _audit_page(
    page: Fetched, auditor: DocumentAuditor
) -> tuple[str, str | None, list[Any], list[str]]:
    """A page's status, the charset it was read with, its claims and its audit's errors."""
    if page.body is None:
        return "too_large", None, [], []
    if is_binary(page.body):
        return "binary", None, [], []
    decoded = decode_page(page.body, page.charset, page.kind == "html")
    if decoded is None:
        return "undecodable", None, [], []
    text, charset = decoded
    try:
        report = auditor.audit(text, page.url or "-", page.kind)
    except RecursionError as err:  # a page nested past what the reader can follow
        return "unreadable", charset, [], [f"{type(err).__name__}"]
    return "audited", charset, list(report.claims), [e.message for e in report.errors]


_AUDITORS: dict[tuple[str, int], DocumentAuditor] = {}


def _auditor(settings_json: str, max_bytes: int) -> DocumentAuditor:
    """The worker process's auditor for these settings, built on its first file and reused."""
    key = (settings_json, max_bytes)
    if key not in _AUDITORS:
        from claimcheck.api import DocumentAuditor
        from claimcheck.settings import Settings

        settings = Settings.model_validate_json(settings_json)
        _AUDITORS.clear()
        _AUDITORS[key] = DocumentAuditor(settings, max_bytes)
    return _AUDITORS[key]


def rules_hash(settings_json: str) -> str:
    """What a claim's findings depend on besides its page: the settings (rules selected,
    thresholds, assumptions) and the tool version, hashed (16 hex digits). The folder the run
    started in (``base``, which per-file ignore patterns of a configuration are relative to)
    is left out: a crawl's pages are URLs, and the same crawl started elsewhere is the same."""
    settings = msgspec.json.decode(settings_json)
    if isinstance(settings, dict):
        settings.pop("base", None)
    canonical = msgspec.json.encode(settings, order="sorted").decode()
    digest = hashlib.sha256(f"{__version__}\n{canonical}".encode()).hexdigest()
    return digest[:16]


def peak_rss_mb() -> float:
    """The process's peak resident memory in MB (getrusage: kilobytes on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak * 1024 / 1e6


__all__ = ["FileDone", "Job", "crawl_file", "output_name", "peak_rss_mb", "rules_hash"]
