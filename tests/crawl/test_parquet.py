"""The Parquet writer: rows spooled to disk as they come, written whole or not at all."""

from __future__ import annotations

from pathlib import Path

import duckdb

from claimcheck.crawl.parquet import RowSpool
from claimcheck.crawl.storage import Storage

COLUMNS = {"url": "VARCHAR", "claims": "INTEGER"}


def test_rows_added_one_by_one_are_the_file_in_order(tmp_path: Path) -> None:
    with RowSpool(COLUMNS) as spool:
        for number in range(2_000):
            spool.add({"url": f"https://vendor.example/{number}", "claims": number % 3})
        assert spool.finish(Storage(str(tmp_path)), "rows.parquet") == 2_000
    rows = duckdb.execute(f"SELECT url, claims FROM '{tmp_path / 'rows.parquet'}'").fetchall()
    assert rows[0] == ("https://vendor.example/0", 0)
    assert rows[-1] == ("https://vendor.example/1999", 1999 % 3)
    assert len(rows) == 2_000


def test_rows_wait_on_disk_not_in_memory(tmp_path: Path) -> None:
    row = {"url": "https://vendor.example/" + "a" * 1_000, "claims": 1}
    with RowSpool(COLUMNS) as spool:
        for _ in range(100):
            spool.add(row)
        # about 100 KB of rows: all but the last buffer's worth are in the spool's file
        assert Path(spool.path).stat().st_size > 50_000


def test_a_spool_left_unfinished_writes_nothing_and_leaves_nothing(tmp_path: Path) -> None:
    with RowSpool(COLUMNS) as spool:
        spool.add({"url": "https://vendor.example/", "claims": 0})
        spooled = Path(spool.path)
    assert not spooled.exists()
    assert not spooled.parent.exists()
    assert list(tmp_path.iterdir()) == []
