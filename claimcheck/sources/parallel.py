"""Work on inputs in worker processes when a run has many files and the machine more than one
core. Results come back in input order, so the report is the same with any number of workers.

What the work is (reading a file, and perhaps resolving, analysing and judging its claims)
is the caller's (``claimcheck.batch``): this module only runs it, here or in workers.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from typing import Protocol, TypeVar

from claimcheck.errors import InputError
from claimcheck.sources.inputs import DOCUMENT_KINDS, FileInput, Input

MIN_FILES_PER_WORKER = 100
"""Fewer files than this per worker are read in the run's own process: starting workers and
sending results back costs more than it saves on small runs."""
_CHUNKS_PER_WORKER = 8
"""Files go to the workers in about this many chunks each (32 to 256 files a chunk): every
chunk costs the run's own process a message each way, and with chunks of 32 files those
messages took about a sixth of its time in a batch of 10,000 claim files; more than one chunk
per worker keeps the workers busy to the end."""

R = TypeVar("R")


class Work(Protocol[R]):
    """What is done with each input: called with the input and a number of the caller's
    (which settings it is audited under), here or in a worker process. ``before_workers`` is
    called once in this process before workers are started from it, with the inputs they
    will take. A worker sends each result as ``packed`` makes it, and this process takes it
    back with ``unpacked`` (so that a result can travel in a form cheaper to read than
    pickle's)."""

    def __call__(self, item: Input | InputError, group: int) -> R: ...

    def before_workers(self, items: Sequence[Input | InputError]) -> None: ...

    def packed(self, result: R) -> object: ...

    def unpacked(self, sent: object) -> R: ...


def default_jobs() -> int:
    """The cores this process may run on (1 on a one-core machine)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def workers_for(items: Sequence[Input | InputError], jobs: int) -> int:
    """How many worker processes ``run`` starts for ``items`` with ``jobs`` allowed (0: none,
    the inputs are taken here)."""
    if jobs < 2:
        return 0
    files = sum(isinstance(item, FileInput) for item in items)
    if files < 2 * MIN_FILES_PER_WORKER:
        return 0
    return min(jobs, files // MIN_FILES_PER_WORKER)


def run(
    items: Sequence[tuple[Input | InputError, int]], work: Work[R], jobs: int = 1
) -> Iterator[R]:
    """``work`` on each input, in input order. With ``jobs`` above 1 and enough files, the
    files go to ``jobs`` worker processes; standard input and text are always taken here."""
    workers = workers_for([item for item, _ in items], jobs)
    if workers == 0:
        for item, group in items:
            yield work(item, group)
        return
    yield from _in_workers(items, work, workers)


def _in_workers(
    items: Sequence[tuple[Input | InputError, int]], work: Work[R], workers: int
) -> Iterator[R]:
    import multiprocessing  # only a run large enough for workers pays for importing it

    forked = sys.platform == "linux"
    context = multiprocessing.get_context("fork" if forked else "spawn")
    if forked:  # each worker starts with what this process loaded
        work.before_workers([item for item, _ in items])
    # The workers hold the inputs (forked, they have them already): a chunk of them is sent
    # as the range of its numbers.
    size = max(32, min(256, len(items) // (workers * _CHUNKS_PER_WORKER)))
    chunks = [(start, min(start + size, len(items))) for start in range(0, len(items), size)]
    with context.Pool(workers, _start_worker, (work, items)) as pool:
        for (start, stop), results in zip(chunks, pool.imap(_taken, chunks), strict=True):
            for (item, group), result in zip(items[start:stop], results, strict=True):
                # Standard input and text come back untaken: they are taken here.
                yield work(item, group) if result is None else work.unpacked(result)


def document_kinds(items: Sequence[Input | InputError]) -> set[str]:
    """The kinds of document among ``items`` (what workers will need a reader for)."""
    kinds = {item.kind for item in items if isinstance(item, FileInput)}
    return kinds & DOCUMENT_KINDS


class _Worker:
    """One worker process's work and the run's inputs."""

    work: Work[object] | None = None
    items: Sequence[tuple[Input | InputError, int]] = ()


def _start_worker(work: Work[object], items: Sequence[tuple[Input | InputError, int]]) -> None:
    _Worker.work, _Worker.items = work, items


def _taken(chunk: tuple[int, int]) -> list[object]:
    """In a worker: the work on each file of a chunk of inputs (``None`` for standard input
    and text, which are taken in the run's own process)."""
    work = _Worker.work
    assert work is not None
    start, stop = chunk
    return [
        work.packed(work(item, group)) if isinstance(item, (FileInput, InputError)) else None
        for item, group in _Worker.items[start:stop]
    ]
