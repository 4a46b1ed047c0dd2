"""WARC files and outputs at fsspec URLs: read, globbed, written whole and resumed through
fsspec's in-memory filesystem, as on an object store."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from claimcheck.crawl.run import crawl, make_job, plan

fsspec = pytest.importorskip("fsspec")


@pytest.fixture
def memory() -> Iterator[tuple[Any, str]]:
    """fsspec's in-memory filesystem and a folder of it no other test uses."""
    fs = fsspec.filesystem("memory")
    root = f"/claimcheck-{uuid.uuid4().hex}"
    yield fs, root
    if fs.exists(root):
        fs.rm(root, recursive=True)


def where_and_claims(path: Path) -> list[tuple[object, ...]]:
    """The rows of a claims file, but for the WARC file's name."""
    return duckdb.execute(
        f"SELECT * EXCLUDE (warc_file) FROM read_parquet('{path}') ORDER BY warc_offset, claim_index"
    ).fetchall()


def test_a_crawl_reads_and_writes_fsspec_urls_and_resumes_there(
    warcs: list[Path], local_out: Path, memory: tuple[Any, str], tmp_path: Path
) -> None:
    fs, root = memory
    for warc in warcs[:2]:
        fs.pipe_file(f"{root}/in/{warc.name}", warc.read_bytes())
    files = plan([f"memory://{root}/in/*.warc.gz"])
    assert files == [f"memory://{root}/in/part-0.warc.gz", f"memory://{root}/in/part-1.warc.gz"]
    job = make_job(f"memory://{root}/out", isolated=True)
    summary = crawl(files, job)
    assert (summary.audited, summary.failed) == (2, [])
    written = sorted(name.rsplit("/", 1)[-1] for name in fs.ls(f"{root}/out", detail=False))
    assert written == sorted(
        f"part-{n}.{kind}"
        for n in (0, 1)
        for kind in ("claims.parquet", "pages.parquet", "done.json")
    )
    for n in (0, 1):
        name = f"part-{n}.claims.parquet"
        (tmp_path / name).write_bytes(fs.cat_file(f"{root}/out/{name}"))
        assert where_and_claims(tmp_path / name) == where_and_claims(local_out / name)
    again = crawl(files, job)
    assert (again.resumed, again.audited) == (2, 0)
