"""What a Markdown table's header says about its rows."""

from __future__ import annotations

import re

_UNIT_AT_END = r"\((?:[^()|\n]*[,;]\s*)?(ms|s|sec|secs|seconds)\)"
"""A time unit in brackets that ends a header cell: "(s)", "(without cache, ms)"."""
_CELL_UNIT = re.compile(_UNIT_AT_END + r"\s*$", re.IGNORECASE)
_TIMED_COLUMN = re.compile(_UNIT_AT_END + r"[ \t]*(?:\||$)", re.IGNORECASE | re.MULTILINE)


def column_unit(cell: str) -> str | None:
    """The time unit one header cell ends in, lower case ("TTFT (With cache, ms)" → "ms")."""
    found = _CELL_UNIT.search(cell.strip())
    return found.group(1).lower() if found is not None else None


def timed_columns(text: str, header: str) -> bool:
    """Does a table header name a time unit for a column ("| KV TTFT (s) | Dir TTFT (s) |"),
    in ``header`` or, for a table passed whole, in ``text``? Its rows may then hold times as
    bare numbers, which hold no figure of their own."""
    return _TIMED_COLUMN.search(header) is not None or (
        "|" in text and _TIMED_COLUMN.search(text) is not None
    )
