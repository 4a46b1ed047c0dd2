"""The Dask engine: a LocalCluster of two workers writes the bytes one process writes, also
when a worker is killed mid-run (its file is done again elsewhere)."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from claimcheck.crawl.progress import Progress
from claimcheck.crawl.run import crawl, make_job
from tests.crawl.conftest import same_parquet

distributed = pytest.importorskip("distributed")


def test_two_dask_workers_write_the_bytes_one_process_writes(
    warcs: list[Path], local_out: Path, tmp_path: Path
) -> None:
    summary = crawl(
        [str(w) for w in warcs], make_job(str(tmp_path), isolated=True), engine="dask", jobs=2
    )
    assert (summary.audited, summary.failed) == (4, [])
    same_parquet(tmp_path, local_out)


def test_a_worker_killed_mid_run_loses_nothing(
    warcs: list[Path], local_out: Path, tmp_path: Path
) -> None:
    from claimcheck.crawl.dask_engine import run_dask

    # Eight files, so that work is still running when the worker dies.
    files = [str(w) for w in warcs]
    job = make_job(str(tmp_path), isolated=True)
    progress = Progress(len(files))
    cluster: Any = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    )
    killed: list[int] = []
    try:
        runner = threading.Thread(
            target=run_dask,
            args=(files, job, progress),
            kwargs={"scheduler": cluster.scheduler_address},
        )
        runner.start()
        with distributed.Client(cluster.scheduler_address, timeout=30) as client:
            deadline = time.monotonic() + 60
            while not killed and time.monotonic() < deadline and runner.is_alive():
                busy = [w for w, tasks in client.processing().items() if tasks]
                if busy:
                    pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                    time.sleep(0.2)  # into the file's pages
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                time.sleep(0.05)
        runner.join(timeout=240)
        assert not runner.is_alive()
    finally:
        cluster.close()
    assert killed
    assert not progress.failed
    assert len(progress.done) == len(files)
    same_parquet(tmp_path, local_out)
