"""Reading untrusted TOML (claim files, configuration, catalogs), and integers too long to read.

Python refuses to convert an integer literal of more than ``sys.get_int_max_str_digits()``
digits (4,300 by default) with a bare ``ValueError``, mid-parse, in ``tomllib`` and ``json``
alike (https://docs.python.org/3/library/stdtypes.html#int-max-str-digits). Every such
failure here becomes one error that names the file, the line, the key and what was expected.
"""

from __future__ import annotations

import re
import sys
import tomllib
from typing import Any

import msgspec

from claimcheck.errors import ClaimcheckError

_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_END = re.compile(r"\s*\(at end of document\)\s*$")
_KEY_BEFORE = re.compile(r"""(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*[:=]\s*-?\s*$""")


class LongInteger(msgspec.Struct, frozen=True):
    """Where an over-long integer literal is: 1-based line and column, its key, its digits."""

    line: int
    column: int
    key: str | None
    digits: int

    def message(self, key_word: str = "") -> str:
        """What was wrong, prefixed by ``key_word`` and the key when there is one."""
        limit = sys.get_int_max_str_digits()
        what = (
            f"expected a number, got a whole number of {self.digits:,} digits "
            f"(at most {limit:,} digits are read)"
        )
        return f"{key_word}'{self.key}': {what}" if self.key else what


def long_integer(text: str, start: int = 0) -> LongInteger | None:
    """The first integer literal of ``text`` from offset ``start`` longer than Python converts,
    or ``None``.

    Digits that belong to a float (``1…1.5``, ``1…1e3``) are not integers and do not count.
    """
    limit = sys.get_int_max_str_digits()
    if limit == 0:
        return None
    for match in re.compile(f"[0-9_]{{{limit + 1},}}").finditer(text, start):
        start, end = match.span()
        before = text[start - 1] if start else ""
        after = text[end] if end < len(text) else ""
        digits = sum(ch.isdigit() for ch in match.group())
        if digits <= limit or before == "." or after in (".", "e", "E"):
            continue
        line_start = text.rfind("\n", 0, start) + 1
        key = _KEY_BEFORE.search(text, line_start, start)
        name = next((g for g in key.groups() if g is not None), None) if key else None
        return LongInteger(text.count("\n", 0, start) + 1, start - line_start + 1, name, digits)
    return None


def parse_toml(
    text: str, label: str, error: type[ClaimcheckError], key_word: str = ""
) -> dict[str, Any]:
    """``tomllib.loads`` with every failure raised as one ``error`` about ``label``:
    a syntax error (with its line and column) or an integer too long to read (its key
    prefixed by ``key_word``, such as ``"field "``)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        where = _WHERE.search(message)
        if where is not None:
            line, column = int(where.group(1)), int(where.group(2))
        else:  # "(at end of document)": the end is a place too
            line, column = text.count("\n") + 1, len(text) - text.rfind("\n")
        raise error(
            f"TOML syntax error: {_WHERE.sub('', _END.sub('', message))}",
            path=label,
            line=line,
            column=column,
        ) from None
    except ValueError as err:  # an integer beyond the conversion limit
        found = long_integer(text)
        if found is None:
            raise error(f"TOML value error: {err}", path=label) from None
        raise error(
            found.message(key_word), path=label, line=found.line, column=found.column
        ) from None
