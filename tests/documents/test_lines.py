"""Positions: 1-based lines and columns in code points, whatever the line endings."""

from __future__ import annotations

import pytest

from claimcheck.documents import scan_markdown, scan_plain
from claimcheck.documents.lines import line_bounds, position

from .helpers import found


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_endings_give_the_same_lines(newline: str) -> None:
    source = newline.join(["first", "", "third 27x"])
    starts, _ = line_bounds(source)
    assert position(starts, source.index("27x")) == (3, 7)


def test_astral_emoji_tab_and_times_sign_are_one_column_each() -> None:
    source = "🚀\t×😀 27x\n"
    # 🚀, tab, ×, 😀 and a space: five code points before "27x".
    assert found(scan_plain(source), "27x") == (1, 6)


def test_bom_takes_no_column_on_line_one_only() -> None:
    # Decision: a byte order mark is not shown by editors, so line 1 starts after it.
    source = "\ufeff27x\n27x"
    starts, _ = line_bounds(source)
    assert position(starts, 1) == (1, 1)
    assert position(starts, source.rindex("27x")) == (2, 1)
    assert found(scan_markdown(source), "27x") == (1, 1)


def test_offset_at_end_of_source() -> None:
    starts, _ = line_bounds("ab\n")
    assert position(starts, 3) == (2, 1)


def test_text_position_counts_every_line_break_the_same_way() -> None:
    from claimcheck.documents.lines import text_position

    # "27x" sits at line 3, column 2 whether the lines end in LF, CRLF or CR
    for text in ("a\nb\n 27x", "a\r\nb\r\n 27x", "a\rb\r 27x"):
        assert text_position(text, text.index("27x")) == (3, 2)
    assert text_position("27x", 0) == (1, 1)
