"""Work on inputs in worker processes when a run has many files and the machine more than one
core. Results come back in input order, so the report is the same with any number of workers.

What the work is (reading a file, and perhaps resolving, analysing and judging its claims)
is the caller's (``claimcheck.batch``): this module only runs it, here or in workers.

The pool is this module's own, a few processes each with a connection of its own to the run's
process, rather than ``multiprocessing.Pool`` or ``concurrent.futures.ProcessPoolExecutor``,
for what hostile conditions do to a run:

- A worker killed (SIGKILL, as the out-of-memory killer does) left ``Pool.imap`` waiting for
  its chunk forever: a ``Pool`` replaces a dead worker but never learns that its task was
  lost. ``ProcessPoolExecutor`` notices (``BrokenProcessPool``,
  https://docs.python.org/3/library/concurrent.futures.html#concurrent.futures.process.BrokenProcessPool),
  but its workers share one result pipe, and one killed in the middle of a result leaves the
  half message that every other worker's end keeps open. Here only the worker holds the far
  end of its connection: its death is an end of file (or its process's ``sentinel``,
  https://docs.python.org/3/library/multiprocessing.html#multiprocessing.Process.sentinel),
  and the chunks it held are taken in the run's own process, so the report is still whole and
  the same as one process writes, with one warning line on stderr.
- Ctrl-C in a terminal reaches every process of the job: the workers printed their
  tracebacks, and ``Pool``'s shutdown then sometimes waited forever. Workers now ignore SIGINT
  (blocked from before they are started until they ignore it, so no moment is left between),
  only the run's process handles it, and leaving the run in any way (an interrupt, an error)
  terminates the workers still running. They are daemon processes too, so that even a run
  whose results are abandoned unread ends them when the interpreter exits.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import deque
from collections.abc import Generator, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar, overload

from claimcheck.errors import InputError
from claimcheck.signals import sigint_blocked
from claimcheck.sources.inputs import DOCUMENT_KINDS, FileInput, Input

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkContext, SpawnContext
    from multiprocessing.process import BaseProcess

MIN_FILES_PER_WORKER = 100
"""Fewer files than this per worker are read in the run's own process: starting workers and
sending results back costs more than it saves on small runs."""
_CHUNKS_PER_WORKER = 8
"""Files go to the workers in about this many chunks each (32 to 256 files a chunk): every
chunk costs the run's own process a message each way, and with chunks of 32 files those
messages took about a sixth of its time in a batch of 10,000 claim files; more than one chunk
per worker keeps the workers busy to the end."""
_AHEAD = 2
"""Chunks a worker holds at a time: the one it works on and the next, already sent, so that it
never waits for this process between two. Results wait in this process only until their turn,
for at most this many chunks a worker."""
_GRACE = 1.0
"""Seconds a worker has to end once told to (or terminated) before it is killed."""
_FORK = sys.platform == "linux"
"""Workers are forked on Linux, so that they start with what this process loaded, and spawned
elsewhere, where forking is unsafe or missing
(https://docs.python.org/3/library/multiprocessing.html#contexts-and-start-methods)."""

R = TypeVar("R")
Items = Sequence[tuple[Input | InputError, int]]
Chunk = tuple[int, int]


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


AUTO = 0
"""``jobs`` for the default: workers only where they pay (``run``)."""
TRIAL_SECONDS = 0.3
"""CPU time a run chosen ``AUTO`` spends in its own process before it weighs the work left."""
WORTH_SECONDS = 1.5
"""The work left, at the pace of the trial in one process, above which workers take it:
workers cost more CPU time than one process and the run's own process merges beside them, so
they pay only on large runs (measured by ``bench/bench_users.py``; docs/performance.md)."""


def default_jobs() -> int:
    """The default ``jobs``: ``AUTO``, workers on the cores this process may use once the run
    has shown that its work is worth them (``run``)."""
    return AUTO


def cores() -> int:
    """The cores this process may run on (1 on a one-core machine)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def workers_for(items: Iterable[Input | InputError], jobs: int) -> int:
    """How many worker processes ``run`` starts for ``items`` with ``jobs`` allowed (0: none,
    the inputs are taken here)."""
    if jobs < 2:
        return 0
    files = sum(isinstance(item, FileInput) for item in items)
    if files < 2 * MIN_FILES_PER_WORKER:
        return 0
    return min(jobs, files // MIN_FILES_PER_WORKER)


def run(items: Items, work: Work[R], jobs: int = 1) -> Generator[R, None, None]:
    """``work`` on each input, in input order. With ``jobs`` above 1 and enough files, the
    files go to ``jobs`` worker processes; standard input and text are always taken here, and
    so are the files of a worker that died. Closed before its end (or ended by an error or
    an interrupt), it ends the workers.

    With ``AUTO``, the inputs are taken here until ``TRIAL_SECONDS`` of CPU time are spent;
    then, when the files left would take more than ``WORTH_SECONDS`` at that pace and are
    enough for workers, workers on every core take them. A run that is small in work (few
    files, or many the prefilter passes over) never pays for starting workers."""
    if jobs == AUTO:
        yield from _as_it_pays(items, work)
        return
    workers = workers_for((item for item, _ in items), jobs)
    if workers == 0:
        for item, group in items:
            yield work(item, group)
        return
    yield from _in_workers(items, work, workers)


def _as_it_pays(items: Items, work: Work[R]) -> Generator[R, None, None]:
    import time

    started = time.process_time()
    weighed = cores() < 2  # one core: nothing to weigh
    for index, (item, group) in enumerate(items):
        yield work(item, group)
        if weighed:
            continue
        spent = time.process_time() - started
        if spent < TRIAL_SECONDS:
            continue
        weighed = True
        left = items[index + 1 :]
        workers = workers_for((item for item, _ in left), cores())
        if workers and spent / (index + 1) * len(left) > WORTH_SECONDS:
            yield from _in_workers(left, work, workers)
            return


def _in_workers(items: Items, work: Work[R], workers: int) -> Generator[R, None, None]:
    import multiprocessing  # only a run large enough for workers pays for importing it

    fork, spawn = multiprocessing.get_context("fork"), multiprocessing.get_context("spawn")
    context = fork if _FORK else spawn
    if _FORK:  # each worker starts with what this process loaded
        work.before_workers(_Inputs(items))
    # The workers hold the inputs (forked, they have them already): a chunk of them is sent
    # as the range of its numbers.
    size = max(32, min(256, len(items) // (workers * _CHUNKS_PER_WORKER)))
    chunks = [(start, min(start + size, len(items))) for start in range(0, len(items), size)]
    pool = _Pool(context, workers, work, items, chunks)
    try:
        for number, (start, stop) in enumerate(chunks):
            results = pool.results(number)
            for (item, group), result in zip(items[start:stop], results, strict=True):
                # Standard input and text come back untaken: they are taken here, and so is a
                # chunk that no worker gave back.
                yield work(item, group) if result is None else work.unpacked(result)
    finally:
        pool.close()
    if pool.deaths:
        files = sum(
            isinstance(item, FileInput)
            for number in pool.lost
            for item, _ in items[slice(*chunks[number])]
        )
        print(f"claimcheck: warning: {_deaths(pool.deaths, files)}", file=sys.stderr)


def document_kinds(items: Iterable[Input | InputError]) -> set[str]:
    """The kinds of document among ``items`` (what workers will need a reader for)."""
    kinds = {item.kind for item in items if isinstance(item, FileInput)}
    return kinds & DOCUMENT_KINDS


class _Inputs(Sequence[Input | InputError]):
    """The inputs of ``items`` without their numbers, each read as it is asked for (a large
    run's inputs are not all made at once)."""

    def __init__(self, items: Items) -> None:
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Input | InputError: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Input | InputError]: ...

    def __getitem__(self, index: int | slice) -> Input | InputError | Sequence[Input | InputError]:
        if isinstance(index, slice):
            return _Inputs(self._items[index])
        return self._items[index][0]


class _Pool:
    """Worker processes taking ``chunks`` of the run's inputs in turn, each from a connection
    of its own; what a worker that died held, and what is left when none is alive, is taken in
    this process (``results`` is ``None`` for it)."""

    def __init__(
        self,
        context: ForkContext | SpawnContext,
        workers: int,
        work: Work[R],
        items: Items,
        chunks: Sequence[Chunk],
    ) -> None:
        self.chunks = chunks
        self.handed = 0
        """Chunks handed out so far (the next one to hand out)."""
        self.done: dict[int, list[object] | None] = {}
        self.lost: list[int] = []
        """Chunks taken here because their worker died (or every worker had)."""
        self.deaths: list[int | None] = []
        """The exit codes of the workers that died (minus a signal's number)."""
        self.held: dict[Connection, tuple[BaseProcess, deque[int]]] = {}
        """The workers at work, by connection, with the chunks each holds."""
        self.ended: list[BaseProcess] = []
        """Workers told to end, there being no chunk left for them."""
        try:
            with sigint_blocked():  # inherited: a worker ignores SIGINT, then unblocks it
                for _ in range(workers):
                    self._start(context, work, items)
            for holding in range(1, _AHEAD + 1):  # round the workers: the first come back first
                for connection in list(self.held):
                    self._hand_out(connection, holding)
        except BaseException:  # a Ctrl-C, delivered as SIGINT is unblocked
            self.close()
            raise

    def _start(self, context: ForkContext | SpawnContext, work: Work[R], items: Items) -> None:
        here, there = context.Pipe()
        process = context.Process(target=_serve, args=(there, work, items), daemon=True)
        try:
            process.start()
        except OSError:  # no more processes: those started take the chunks, or this process
            here.close()
            return
        finally:
            there.close()  # the worker's alone, so that its death is an end of file here
        self.held[here] = (process, deque())

    def results(self, number: int) -> list[object | None]:
        """The results of chunk ``number`` as its worker sent them (``None`` for an input it
        left to this process), waiting for them if need be."""
        self._receive(0)
        while number not in self.done and self.held:
            self._receive(None)
        if number not in self.done:  # no worker left alive to take it
            self.lost.append(number)
        start, stop = self.chunks[number]
        taken = self.done.pop(number, None)
        return [None] * (stop - start) if taken is None else taken

    def _receive(self, timeout: float | None) -> None:
        """Take what the workers sent (waiting up to ``timeout`` seconds for something, forever
        with ``None``), hand each the chunks it can hold, and notice the workers that died."""
        from multiprocessing.connection import wait

        ends = {process.sentinel: connection for connection, (process, _) in self.held.items()}
        for ready in wait([*self.held, *ends], timeout):
            connection = ends[ready] if isinstance(ready, int) else ready
            if connection not in self.held:  # both its ends were ready: handled
                continue
            try:
                sent = connection.recv_bytes()
            except (EOFError, OSError):  # the worker died, perhaps in the middle of a message
                self._died(connection)
                continue
            import pickle  # loaded only with workers: a one-liner never pays for it

            self.done[self.held[connection][1].popleft()] = pickle.loads(sent)
            self._hand_out(connection, _AHEAD)

    def _hand_out(self, connection: Connection, up_to: int) -> None:
        """Send the worker the next chunks until it holds ``up_to``; tell it to end when there
        is none left for it."""
        process, holds = self.held[connection]
        try:
            while len(holds) < up_to and self.handed < len(self.chunks):
                connection.send(self.chunks[self.handed])
                holds.append(self.handed)
                self.handed += 1
            if not holds:
                connection.send(None)
                del self.held[connection]
                self.ended.append(process)
                connection.close()
        except OSError:  # it died
            self._died(connection)

    def _died(self, connection: Connection) -> None:
        process, holds = self.held.pop(connection)
        connection.close()
        self.deaths.append(_end(process, terminate=False))
        self.lost += holds
        self.done.update(dict.fromkeys(holds))

    def close(self) -> None:
        """End the workers: those told to end are waited for; any still at work (the run was
        interrupted, or failed) are terminated."""
        with sigint_blocked():  # a second Ctrl-C does not leave workers behind
            for process, _ in self.held.values():
                process.terminate()
            for connection, (process, _) in self.held.items():
                connection.close()
                _end(process, terminate=True)
            self.held.clear()
            for process in self.ended:
                _end(process, terminate=False)
            self.ended.clear()


def _end(process: BaseProcess, *, terminate: bool) -> int | None:
    """Wait for ``process`` to end (``_GRACE`` seconds, terminated or not, then it is killed)
    and release it; its exit code."""
    process.join(_GRACE)
    if process.exitcode is None:
        if not terminate:
            process.terminate()
            process.join(_GRACE)
        if process.exitcode is None:
            process.kill()
            process.join()
    code = process.exitcode
    process.close()
    return code


def _deaths(codes: Sequence[int | None], files: int) -> str:
    """The warning for the workers that died (by their exit codes) and the files read here."""
    causes = sorted({
        signal.Signals(-code).name if code is not None and code < 0 else f"exit code {code}"
        for code in codes
    })  # fmt: skip
    workers, their = ("a worker process", "its") if len(codes) == 1 else (
        f"{len(codes)} worker processes", "their"
    )  # fmt: skip
    if not files:
        return f"{workers} ended ({', '.join(causes)}) before taking a file"
    return (
        f"{workers} ended ({', '.join(causes)}); the run's own process read {their} "
        f"{files} file{'s' * (files != 1)} again"
    )


def _serve(connection: Connection, work: Work[object], items: Items) -> None:
    """A worker: take each chunk sent, send back the work on each file of it (``None`` for
    standard input and text, which are taken in the run's own process), until told to end.
    A chunk whose work fails is sent back as ``None``: the run's own process takes it again,
    and meets the failure there as a run in one process would."""
    import pickle

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the run's own process's to handle
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        while (chunk := connection.recv()) is not None:
            start, stop = chunk
            try:
                sent = pickle.dumps([
                    work.packed(work(item, group))
                    if isinstance(item, (FileInput, InputError)) else None
                    for item, group in items[start:stop]
                ], pickle.HIGHEST_PROTOCOL)  # fmt: skip
            except Exception:
                sent = pickle.dumps(None)
            connection.send_bytes(sent)
    except (EOFError, OSError):  # the run's own process is gone: nothing to send it
        pass
