"""Rows to a Parquet file with DuckDB (https://duckdb.org/docs/data/parquet/overview), written
whole or not at all: to a temporary file beside the target, then renamed over it (on an object
store, uploaded once written, which stores it whole). Rows go to DuckDB as JSON lines read
against the schema's types (https://duckdb.org/docs/data/json/loading_json), in one thread,
so the same rows always give the same bytes. Each thread keeps one DuckDB connection for every
file it writes: opening one costs more than writing a file of a hundred pages."""

from __future__ import annotations

import os
import tempfile
import threading
from collections.abc import Mapping
from typing import Any

import msgspec

from claimcheck.crawl.storage import Storage

_ENCODER = msgspec.json.Encoder()
_LOCAL = threading.local()


class RowSpool:
    """Rows of one Parquet file, written as JSON lines to a temporary file as they come (a WARC
    file's rows are never all held), then copied to Parquet whole by ``finish``. Use it as a
    context manager: the temporary file goes when the block ends, finished or not."""

    def __init__(self, columns: Mapping[str, str]) -> None:
        self.columns = columns
        self.count = 0
        self._folder = tempfile.TemporaryDirectory(prefix="claimcheck-crawl-")
        self._lines = os.path.join(self._folder.name, "rows.jsonl")
        self._out = open(self._lines, "wb")  # noqa: SIM115 (closed by finish or __exit__)

    def __enter__(self) -> RowSpool:
        return self

    def __exit__(self, *_: object) -> None:
        self._out.close()
        self._folder.cleanup()

    @property
    def path(self) -> str:
        """The temporary file the rows wait in."""
        return self._lines

    def add(self, row: Mapping[str, Any]) -> None:
        self._out.write(_ENCODER.encode(row))
        self._out.write(b"\n")
        self.count += 1

    def finish(self, storage: Storage, name: str) -> int:
        """Write the rows to ``name`` in ``storage``; the number of rows written."""
        self._out.close()
        local = storage.local_path(name)
        target = local if local is not None else os.path.join(self._folder.name, "out.parquet")
        temporary = f"{target}.{os.getpid()}.tmp"
        _copy(self._lines, self.columns, temporary)
        if local is not None:
            os.replace(temporary, local)
        else:
            storage.upload(temporary, name)
        return self.count


def _copy(lines: str, columns: Mapping[str, str], target: str) -> None:
    types = "{" + ", ".join(f"{_quote(n)}: {_quote(t)}" for n, t in columns.items()) + "}"
    names = ", ".join(f'"{name}"' for name in columns)
    try:
        _connection().execute(
            f"COPY (SELECT {names} FROM read_json({_quote(lines)}, format = 'newline_delimited', "
            f"columns = {types})) "
            f"TO {_quote(target)} (FORMAT parquet, COMPRESSION zstd)"
        )
    except Exception:
        _LOCAL.connection = None  # the file's next try starts from a fresh connection
        raise


def _connection() -> Any:
    """This thread's in-memory DuckDB connection, opened on its first file (a connection is
    not to be shared between threads: https://duckdb.org/docs/api/python/overview)."""
    connection = getattr(_LOCAL, "connection", None)
    if connection is None:
        import duckdb

        connection = _LOCAL.connection = duckdb.connect(config={"threads": 1})
    return connection


def _quote(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"
