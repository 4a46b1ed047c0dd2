"""Reading inputs, in worker processes when a run has many files and the machine more than one
core. Results come back in input order, so the report is the same with any number of workers.

The workers read (file, parser, the extractor on a claim file's text or a page) and, when every
file is audited under the same settings, resolve and analyse each claim (``Preparing``): the
rules, which compare claims with each other, and the report stay in the run's own process.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

import msgspec

from claimcheck.errors import InputError
from claimcheck.settings import Assumptions, Thresholds
from claimcheck.sources.inputs import DOCUMENT_KINDS, FileInput, Input
from claimcheck.sources.load import Loaded, load_input

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog
    from claimcheck.catalog.source import CatalogSource
    from claimcheck.prepare import Prepared

MIN_FILES_PER_WORKER = 100
"""Fewer files than this per worker are read in the run's own process: starting workers and
sending results back costs more than it saves on small runs."""
_CHUNKS_PER_WORKER = 8
"""Files go to the workers in about this many chunks each (32 to 256 files a chunk): every
chunk costs the run's own process a message each way, and with chunks of 32 files those
messages took about a sixth of its time in a batch of 10,000 claim files; more than one chunk
per worker keeps the workers busy to the end."""

Outcome = Loaded | InputError


class Preparing(msgspec.Struct, frozen=True):
    """What a worker needs to make a file's claims ready for the rules (``prepare``): the
    run's assumptions and thresholds, and whether the report draws charts."""

    assume: Assumptions
    thresholds: Thresholds
    charts: bool = False


def default_jobs() -> int:
    """The cores this process may run on (1 on a one-core machine)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


Read = tuple[Input | InputError, Outcome, "list[Prepared] | None"]
"""An input, what reading it gave, and its claims made ready for the rules when a worker did
that too (``None``: the caller prepares the outcome's records)."""


def load_all(
    inputs: Iterable[Input | InputError],
    max_bytes: int,
    read_stdin: Callable[[], str],
    catalog: Catalog | None,
    jobs: int = 1,
    preparing: Preparing | None = None,
) -> Iterator[Read]:
    """Each input with what reading it gave (an input that was an error before it was read
    gives itself), in input order. With ``jobs`` above 1 and enough files, files are read by
    ``jobs`` worker processes, which also prepare their claims when given ``preparing``;
    standard input and text are always read here."""
    if jobs > 1:
        items = list(inputs)
        files = sum(isinstance(item, FileInput) for item in items)
        if files >= 2 * MIN_FILES_PER_WORKER:
            workers = min(jobs, files // MIN_FILES_PER_WORKER)
            yield from _in_workers(items, workers, max_bytes, read_stdin, catalog, preparing)
            return
        inputs = items
    for item in inputs:
        yield item, _load(item, max_bytes, read_stdin, catalog), None


def _load(
    item: Input | InputError,
    max_bytes: int,
    read_stdin: Callable[[], str],
    catalog: Catalog | None,
) -> Outcome:
    if isinstance(item, InputError):
        return item
    try:
        return load_input(item, max_bytes, read_stdin, catalog)
    except InputError as err:
        return err


def _in_workers(
    items: list[Input | InputError],
    workers: int,
    max_bytes: int,
    read_stdin: Callable[[], str],
    catalog: Catalog | None,
    preparing: Preparing | None,
) -> Iterator[Read]:
    import multiprocessing  # only a run large enough for workers pays for importing it

    forked = sys.platform == "linux"
    context = multiprocessing.get_context("fork" if forked else "spawn")
    if forked:
        _load_readers(items, catalog)
    with context.Pool(workers, _start_worker, (max_bytes, catalog, preparing)) as pool:
        chunk = max(32, min(256, len(items) // (workers * _CHUNKS_PER_WORKER)))
        results = pool.imap(_read_file, items, chunksize=chunk)
        for item, result in zip(items, results, strict=True):
            if result is None:  # standard input and text come back unread: they are read here
                yield item, _load(item, max_bytes, read_stdin, catalog), None
            else:
                yield item, *result


def _load_readers(items: list[Input | InputError], catalog: Catalog | None) -> None:
    """Load here, before the workers are forked from this process, what reading the files
    will load in each of them: the document reader and, for Markdown, the parser and the names
    prose may mention. Each worker then starts with them instead of loading them again (a run
    whose pages all fail the prefilter loads the parser for nothing, once)."""
    kinds = {item.kind for item in items if isinstance(item, FileInput)}
    if not kinds & DOCUMENT_KINDS:
        return
    from claimcheck.extract.names import names_of
    from claimcheck.sources.document import read_document  # noqa: F401 - loaded, not called

    if "markdown" in kinds:
        from claimcheck.documents.markdown import load_parser

        load_parser()
    names_of(catalog)


class _Worker:
    """One worker process's settings, and the catalog it resolves names with."""

    max_bytes = 0
    catalog: Catalog | None = None
    preparing: Preparing | None = None
    catalogs: CatalogSource | None = None


def _start_worker(max_bytes: int, catalog: Catalog | None, preparing: Preparing | None) -> None:
    _Worker.max_bytes, _Worker.catalog, _Worker.preparing = max_bytes, catalog, preparing
    if preparing is not None:
        from claimcheck.catalog.source import CatalogSource

        _Worker.catalogs = CatalogSource(preparing.assume)


def _read_file(item: Input | InputError) -> tuple[Outcome, list[Prepared] | None] | None:
    """In a worker: read one file and, with ``Preparing``, prepare its claims (``None`` for
    standard input and text, which the run reads itself)."""
    if isinstance(item, InputError):
        return item, None
    if not isinstance(item, FileInput):
        return None
    outcome = _load(item, _Worker.max_bytes, _no_stdin, _Worker.catalog)
    preparing = _Worker.preparing
    if preparing is None or not isinstance(outcome, Loaded):
        return outcome, None
    from claimcheck.prepare import prepare
    from claimcheck.vendor_fit import sentence_points

    prepared = [
        prepare(
            record,
            _Worker.catalogs,
            preparing.assume,
            preparing.thresholds,
            charts=preparing.charts,
        )
        for record in sentence_points(outcome.records)
    ]
    # The records travel back once, inside what was prepared from them.
    return msgspec.structs.replace(outcome, records=[]), prepared


def _no_stdin() -> str:
    raise AssertionError("a worker never reads standard input")
