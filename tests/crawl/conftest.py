"""The fixture crawl: ~200 web-sized pages (real excerpts and filler) in four WARC files,
written once per test session. The crawl tests need the crawl extra."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("warcio")
pytest.importorskip("duckdb")
pytest.importorskip("fsspec")

from tests.crawl.warcs import Page, fixture_pages, split, write_warc


@pytest.fixture(scope="session")
def pages() -> list[Page]:
    return fixture_pages(200, 65_000)


@pytest.fixture(scope="session")
def warcs(pages: list[Page], tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("warcs")
    return [
        write_warc(folder / f"part-{i}.warc.gz", part) for i, part in enumerate(split(pages, 4))
    ]


@pytest.fixture(scope="session")
def local_out(warcs: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture crawl audited in this process: what every other engine must match."""
    from claimcheck.crawl.run import crawl, make_job

    out = tmp_path_factory.mktemp("local")
    summary = crawl([str(w) for w in warcs], make_job(str(out), isolated=True))
    assert summary.audited == 4 and not summary.failed
    assert summary.pages["audited"] == 200
    return out


def same_parquet(folder: Path, expected: Path) -> None:
    """Every Parquet file of ``expected`` is in ``folder``, byte for byte."""
    import os

    names = sorted(n for n in os.listdir(expected) if n.endswith(".parquet"))
    assert names == sorted(n for n in os.listdir(folder) if n.endswith(".parquet"))
    for name in names:
        assert (folder / name).read_bytes() == (expected / name).read_bytes(), name
