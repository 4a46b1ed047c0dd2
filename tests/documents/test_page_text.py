"""A long page held in pieces of whole lines reads as its text: every question the reading asks
of it (length, slices, words, blank lines, line breaks) has the string's answer."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimcheck.documents.lines import line_table
from claimcheck.documents.page_text import PageText, narrow_pieces, parts
from claimcheck.extract.prefilter import _blank_line

# Line breaks of every kind, blank lines of spaces and tabs, characters of one, two and four
# bytes a character in CPython, a NUL, and a line separator Python's splitlines cuts at.
_BITS = st.sampled_from(
    ["a", "b", "KV", " ", "\t", "\n", "\n", "\r\n", "\r", "é", "—", "🚀", "\x00", "\u2028",
     "]:", "<", "&", "claimcheck", "\n\n", "\n \n", "\r\n\r\n"]
)  # fmt: skip
TEXTS = st.lists(_BITS, max_size=40).map("".join)
WORDS = st.sampled_from(["", "a", "KV", " a", "é", "🚀", "]:", "\r", "\x00", "claimcheck", "ab"])


def lines_of(text: str) -> list[str]:
    """``text`` cut after each ``\\n`` (only there: a piece of a page ends at a line break)."""
    return [line for line in re.split(r"(?<=\n)", text) if line]


@st.composite
def in_pieces(draw: st.DrawFn) -> tuple[str, PageText]:
    """A text and a ``PageText`` of it, cut after some of its ``\\n``."""
    text = draw(TEXTS)
    lines = lines_of(text)
    cuts = draw(st.lists(st.booleans(), min_size=len(lines), max_size=len(lines)))
    pieces, piece = [], ""
    for line, cut in zip(lines, cuts, strict=True):
        piece += line
        if cut:
            pieces.append(piece)
            piece = ""
    return text, PageText([*pieces, piece])


BOUNDS = st.one_of(st.none(), st.integers(-50, 50))


@settings(max_examples=500, deadline=None)
@given(in_pieces(), BOUNDS, BOUNDS, st.integers(-50, 50), WORDS, st.integers(-5, 50))
def test_a_page_in_pieces_reads_as_its_text(
    pair: tuple[str, PageText], lo: int | None, hi: int | None, at: int, word: str, start: int
) -> None:
    text, page = pair
    assert len(page) == len(text)
    assert str(page) == text
    assert page[lo:hi] == text[lo:hi]
    if -len(text) <= at < len(text):
        assert page[at] == text[at]
    else:
        with pytest.raises(IndexError):
            page[at]
    assert (word in page) == (word in text)
    assert page.find(word, max(start, 0)) == text.find(word, max(start, 0))
    assert page.startswith(word) == text.startswith(word)
    assert page.isascii() == text.isascii()
    assert str(page.replace("\x00", "\ufffd")) == text.replace("\x00", "\ufffd")
    assert "".join(piece for _, piece in parts(page)) == text
    assert all(page[offset : offset + len(piece)] == piece for offset, piece in parts(page))


def test_a_page_without_the_word_replaced_is_itself() -> None:
    page = PageText(["a\n", "b"])
    assert page.replace("\x00", "\ufffd") is page


def test_a_word_with_a_line_break_is_refused() -> None:
    page = PageText(["a\n", "b"])
    with pytest.raises(ValueError, match="line break"):
        page.find("a\nb")
    with pytest.raises(ValueError, match="step"):
        page[::2]


@settings(max_examples=500, deadline=None)
@given(in_pieces(), st.integers(-5, 60))
@example(("a\n\nb", PageText(["a\n", "\n", "b"])), 0)
@example(("a\n \r\nb", PageText(["a\n", " \r\n", "b"])), 1)
def test_blank_lines_are_found_across_pieces_as_in_the_text(
    pair: tuple[str, PageText], at: int
) -> None:
    text, page = pair
    found = re.compile(r"\n[ \t]*\r?\n").search(text, max(at, 0))
    assert _blank_line(page, max(at, 0)) == (found.span() if found else None)
    assert _blank_line(text, max(at, 0)) == (found.span() if found else None)
    # The pieces from the one that holds ``at`` (the last, past the end) on.
    held = list(parts(page, at))
    first = held[0][0] if held else 0
    assert first <= max(at, 0) and "".join(piece for _, piece in held) == text[first:]
    assert len(held) <= 1 or held[0][0] + len(held[0][1]) > at


@settings(max_examples=300, deadline=None)
@given(in_pieces())
def test_a_page_in_pieces_has_the_line_table_of_its_text(pair: tuple[str, PageText]) -> None:
    text, page = pair
    assert line_table(page) == line_table(text)
    with_bom = PageText(["\ufeff" + page.pieces[0], *page.pieces[1:]] if page.pieces else [])
    assert line_table(str(with_bom)) == line_table(with_bom)


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_narrow_pieces_keep_each_line_of_a_wide_character_apart(text: str) -> None:
    pieces = list(narrow_pieces(text))
    assert "".join(pieces) == text
    assert all(piece.endswith("\n") for piece in pieces[:-1])
    for piece in pieces:
        if max(piece, default="a") > "\xff":
            assert "\n" not in piece[:-1]  # one line


def test_a_page_of_ascii_lines_and_an_emoji_takes_a_byte_a_character() -> None:
    text = "An ASCII line of the page.\n" * 40_000 + "Launch 🚀 day.\n" + "More text.\n" * 40_000
    page = PageText(narrow_pieces(text))
    held = sum(map(sys.getsizeof, page.pieces))
    assert sys.getsizeof(text) > 3.9 * len(text)  # one string: four bytes a character
    assert held < 1.01 * len(text)
    assert str(page) == text


def test_a_piece_that_cuts_a_line_is_refused() -> None:
    with pytest.raises(ValueError, match="line break"):
        PageText(["a\n", "b", "c\n"])
