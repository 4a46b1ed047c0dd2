"""Reading inputs, in worker processes when a run has many files and the machine more than one
core. Results come back in input order, so the report is the same with any number of workers.

Only reading runs in the workers (file, parser, the extractor on a claim file's text or a
page): resolving, analysing and the rules, which compare claims with each other, stay in the
run's own process.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from claimcheck.errors import InputError
from claimcheck.sources.inputs import DOCUMENT_KINDS, FileInput, Input
from claimcheck.sources.load import Loaded, load_input

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog

MIN_FILES_PER_WORKER = 100
"""Fewer files than this per worker are read in the run's own process: starting workers and
sending results back costs more than it saves on small runs."""
_CHUNK = 32  # files sent to a worker at a time

Outcome = Loaded | InputError


def default_jobs() -> int:
    """The cores this process may run on (1 on a one-core machine)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def load_all(
    inputs: Iterable[Input | InputError],
    max_bytes: int,
    read_stdin: Callable[[], str],
    catalog: Catalog | None,
    jobs: int = 1,
) -> Iterator[tuple[Input | InputError, Outcome]]:
    """Each input with what reading it gave (an input that was an error before it was read
    gives itself), in input order. With ``jobs`` above 1 and enough files, files are read by
    ``jobs`` worker processes; standard input and text are always read here."""
    if jobs > 1:
        items = list(inputs)
        files = sum(isinstance(item, FileInput) for item in items)
        if files >= 2 * MIN_FILES_PER_WORKER:
            workers = min(jobs, files // MIN_FILES_PER_WORKER)
            yield from _in_workers(items, workers, max_bytes, read_stdin, catalog)
            return
        inputs = items
    for item in inputs:
        yield item, _load(item, max_bytes, read_stdin, catalog)


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
) -> Iterator[tuple[Input | InputError, Outcome]]:
    import multiprocessing  # only a run large enough for workers pays for importing it

    forked = sys.platform == "linux"
    context = multiprocessing.get_context("fork" if forked else "spawn")
    if forked:
        _load_readers(items, catalog)
    with context.Pool(workers, _start_worker, (max_bytes, catalog)) as pool:
        results = pool.imap(_read_file, items, chunksize=_CHUNK)
        for item, outcome in zip(items, results, strict=True):
            # Standard input and text come back unread: they are read here.
            yield item, _load(item, max_bytes, read_stdin, catalog) if outcome is None else outcome


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


_worker: tuple[int, Catalog | None] = (0, None)


def _start_worker(max_bytes: int, catalog: Catalog | None) -> None:
    global _worker  # one worker process's settings
    _worker = (max_bytes, catalog)


def _read_file(item: Input | InputError) -> Outcome | None:
    """In a worker: read one file (``None`` for standard input and text, which the run reads
    itself)."""
    if isinstance(item, InputError):
        return item
    if not isinstance(item, FileInput):
        return None
    max_bytes, catalog = _worker
    return _load(item, max_bytes, _no_stdin, catalog)


def _no_stdin() -> str:
    raise AssertionError("a worker never reads standard input")
