"""claimcheck's places (code points) as LSP positions in UTF-16, UTF-8 and UTF-32."""

from __future__ import annotations

import pytest

from claimcheck.server.positions import Lines

TEXT = "# 🚀 加速\r\né\u0301 27x\rnext\u2028same line\n"


@pytest.mark.parametrize(
    ("encoding", "column_of_27x"), [("utf-16", 3), ("utf-8", 5), ("utf-32", 3)]
)
def test_a_place_after_combining_characters(encoding: str, column_of_27x: int) -> None:
    lines = Lines(TEXT, encoding)  # type: ignore[arg-type]
    assert lines.position(lines.offset(2, 4)) == (1, column_of_27x)


def test_wide_characters_and_line_breaks() -> None:
    utf16, utf8 = Lines(TEXT, "utf-16"), Lines(TEXT, "utf-8")
    assert utf16.count == 4  # \r\n, \r and \n end lines; U+2028 does not
    assert utf16.position(utf16.offset(1, 6)) == (0, 6)  # before 速: the emoji is 2 units
    assert utf8.position(utf8.offset(1, 6)) == (0, 10)  # 4 bytes, and 3 for 加
    assert utf16.position(utf16.offset(3, 6)) == (2, 5)  # "same line" is still line 3
    assert utf16.position(utf16.offset(9, 1)) == (3, 0)  # clamped to the end


def test_a_byte_order_mark_takes_no_column_in_claimcheck_but_one_in_the_editor() -> None:
    lines = Lines("\ufeff27x faster", "utf-16")
    assert lines.position(lines.offset(1, 1)) == (0, 1)
    assert lines.offset_at(0, 1) == 1
