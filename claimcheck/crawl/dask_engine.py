"""The Dask engine: one task per WARC file on a Dask distributed cluster
(https://distributed.dask.org/en/stable/client.html): a LocalCluster of ``jobs`` one-thread
worker processes, or the scheduler at ``scheduler`` (a cluster started by dask's own
deployers: dask-kubernetes, dask-jobqueue; docs/crawl.md). A task that raises is tried again
up to ``retries`` times (``Client.submit(retries=)``); a task whose worker dies is given to
another worker by the scheduler (up to ``distributed.scheduler.allowed-failures`` times)."""

from __future__ import annotations

from typing import Any

from claimcheck.crawl.local import Ranges
from claimcheck.crawl.progress import Failed, Progress
from claimcheck.crawl.task import Job, crawl_file, output_name

NEEDS_DASK = (
    "the dask engine needs dask.distributed, which is not installed: "
    "pip install 'claimcheck-kv[dask]' (docs/crawl.md)"
)


def run_dask(
    files: list[str],
    job: Job,
    progress: Progress,
    *,
    jobs: int = 2,
    retries: int = 2,
    scheduler: str | None = None,
    ranges: Ranges | None = None,
) -> None:
    """Audit ``files`` into ``job.out`` on Dask, telling ``progress`` of each file as it ends."""
    import distributed

    client_of: Any = distributed.Client  # the distributed API is not typed
    completed: Any = distributed.as_completed

    ranges = ranges or {}
    cluster = local_cluster(jobs) if scheduler is None else None
    try:
        with client_of(cluster if cluster is not None else scheduler) as client:
            futures = {
                client.submit(
                    crawl_file,
                    warc,
                    job,
                    ranges.get(warc),
                    key=f"crawl-{output_name(warc)}",
                    retries=retries,
                    pure=False,
                ): warc
                for warc in files
            }
            for future in completed(futures):
                warc = futures[future]
                try:
                    progress.finished(future.result())
                except Exception as err:  # the task failed on every try, or its workers died
                    text = str(err).strip().splitlines()
                    progress.failure(
                        Failed(
                            warc, f"{type(err).__name__}: {text[0]}" if text else type(err).__name__
                        )
                    )
    finally:
        if cluster is not None:
            cluster.close()


def local_cluster(jobs: int) -> Any:
    """A Dask LocalCluster of ``jobs`` one-thread worker processes, without a dashboard and
    without the workers' sampling profiler, which only a dashboard shows
    (``distributed.worker.profile.enabled``,
    https://distributed.dask.org/en/stable/worker.html#profile)."""
    import dask
    import distributed

    make: Any = distributed.LocalCluster  # the distributed API is not typed
    # Each worker takes the configuration in force when its nanny is made.
    with dask.config.set({"distributed.worker.profile.enabled": False}):
        return make(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                    silence_logs=50)  # fmt: skip
