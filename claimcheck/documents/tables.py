"""What a Markdown table's header says about its rows."""

from __future__ import annotations

import re

_TIMED_COLUMN = re.compile(
    r"\((?:[^()|\n]*[,;]\s*)?(?:ms|s|sec|secs|seconds)\)[ \t]*(?:\||$)",
    re.IGNORECASE | re.MULTILINE,
)


def timed_columns(text: str, header: str) -> bool:
    """Does a table header name a time unit for a column ("| KV TTFT (s) | Dir TTFT (s) |"),
    in ``header`` or, for a table passed whole, in ``text``? Its rows may then hold times as
    bare numbers, which hold no figure of their own."""
    return _TIMED_COLUMN.search(header) is not None or (
        "|" in text and _TIMED_COLUMN.search(text) is not None
    )
