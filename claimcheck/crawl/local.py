"""The local engine: WARC files audited in this process (``jobs`` 1) or in ``jobs`` worker
processes (https://docs.python.org/3/library/concurrent.futures.html#processpoolexecutor),
one task per file, each tried up to ``1 + retries`` times; a worker that dies takes only its
file's try with it."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from claimcheck.crawl.progress import Failed, Progress
from claimcheck.crawl.task import Job, crawl_file

Ranges = dict[str, tuple[tuple[int, int], ...]]


def run_local(
    files: list[str],
    job: Job,
    progress: Progress,
    *,
    jobs: int = 1,
    retries: int = 2,
    ranges: Ranges | None = None,
) -> None:
    """Audit ``files`` into ``job.out``, telling ``progress`` of each file as it ends."""
    ranges = ranges or {}
    if jobs <= 1:
        for warc in files:
            _in_process(warc, job, progress, retries, ranges.get(warc))
        return
    tries = dict.fromkeys(files, 0)
    waiting = list(files)
    context = multiprocessing.get_context("spawn")  # no copy of this process's threads or locks
    while waiting:
        broken = False
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            running: dict[Future[object], str] = {}
            while waiting or running:
                while waiting and len(running) < 2 * jobs:
                    warc = waiting.pop(0)
                    tries[warc] += 1
                    running[pool.submit(crawl_file, warc, job, ranges.get(warc))] = warc
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    warc = running.pop(future)
                    error = future.exception()
                    if error is None:
                        result = future.result()
                        assert result is not None
                        progress.finished(result)  # type: ignore[arg-type]
                    elif tries[warc] <= retries:
                        waiting.append(warc)
                        broken = broken or isinstance(error, BrokenProcessPool)
                    else:
                        progress.failure(Failed(warc, _describe(error)))
                if broken:  # the pool cannot take more work: the rest go to a new one
                    for warc in running.values():
                        if tries[warc] <= retries:
                            waiting.append(warc)
                        else:
                            progress.failure(Failed(warc, "its worker process died"))
                    break


def _in_process(
    warc: str,
    job: Job,
    progress: Progress,
    retries: int,
    ranges: tuple[tuple[int, int], ...] | None,
) -> None:
    for attempt in range(retries + 1):
        try:
            progress.finished(crawl_file(warc, job, ranges))
            return
        except Exception as err:
            if attempt == retries:
                progress.failure(Failed(warc, _describe(err)))


def _describe(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__
