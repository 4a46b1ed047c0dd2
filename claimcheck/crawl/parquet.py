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
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from claimcheck.crawl.storage import Storage

_ENCODER = msgspec.json.Encoder()
_LOCAL = threading.local()


def write_parquet(
    rows: Iterable[Mapping[str, Any]], columns: Mapping[str, str], storage: Storage, name: str
) -> int:
    """Write ``rows`` with ``columns`` (name → DuckDB type, in order) to ``name`` in
    ``storage``; the number of rows written."""
    with tempfile.TemporaryDirectory(prefix="claimcheck-crawl-") as folder:
        lines = os.path.join(folder, "rows.jsonl")
        count = 0
        with open(lines, "wb") as out:
            for row in rows:
                out.write(_ENCODER.encode(row))
                out.write(b"\n")
                count += 1
        local = storage.local_path(name)
        target = local if local is not None else os.path.join(folder, "out.parquet")
        temporary = f"{target}.{os.getpid()}.tmp"
        _copy(lines, columns, temporary)
        if local is not None:
            os.replace(temporary, local)
        else:
            storage.upload(temporary, name)
    return count


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
