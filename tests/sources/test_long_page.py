"""A long Markdown page is read and decoded a chunk at a time into pieces: its text and every
error (binary, invalid UTF-8 with its offset and line, byte-order marks, the size limit) are
those of the file read whole."""

from __future__ import annotations

import codecs
import sys
from itertools import pairwise
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimcheck.documents.page_text import PageText
from claimcheck.errors import InputError
from claimcheck.sources import long_page
from claimcheck.sources.inputs import FileInput
from claimcheck.sources.load import load_input
from claimcheck.sources.long_page import decode_page, read_page
from claimcheck.sources.reading import decode, read_text

# Characters of one to four bytes, line breaks, and what is not UTF-8: a byte no character
# starts with, a character cut short, an encoded surrogate, an overlong form; a NUL byte.
_BYTES = st.sampled_from(
    [b"a", b"KV", b" ", b"\n", b"\r\n", "é".encode(), "—".encode(), "🚀".encode(), b"\xff",
     b"\xe2\x82", b"\xf0\x9f", b"\xed\xa0\x80", b"\xc0\xaf", b"\x80", b"\x00"]
)  # fmt: skip
_FILES = st.one_of(
    st.lists(_BYTES, max_size=40).map(b"".join),
    st.lists(_BYTES.filter(lambda b: b"\x00" not in b), max_size=40).map(b"".join),
    st.lists(_BYTES.filter(lambda b: b.isascii() or b in ("é🚀—".encode(),)), max_size=40).map(
        b"".join
    ),
    st.text(max_size=30).map(lambda t: codecs.BOM_UTF8 + t.encode("utf-8", "surrogatepass")),
    st.text(max_size=30).map(lambda t: t.encode("utf-16")),
)


def chunked(data: bytes, cuts: list[int]) -> list[bytes]:
    """``data`` cut at ``cuts`` (offsets, in any order)."""
    edges = sorted({0, len(data), *(cut % (len(data) + 1) for cut in cuts)})
    return [data[lo:hi] for lo, hi in pairwise(edges)]


def outcome(read: object) -> tuple[str, str]:
    """What reading gave: its text, or its error's message."""
    try:
        text = read() if callable(read) else read
    except InputError as err:
        return "error", str(err)
    return "text", str(text)


@settings(max_examples=1500, deadline=None)
@given(_FILES, st.lists(st.integers(0, 200), max_size=8), st.integers(0, 12))
@example("🚀".encode() * 3, [1, 2, 5], 0)  # a character cut between chunks, twice over
@example(b"ab\n\xe2\x82", [4], 0)  # a character cut short at the file's end
@example(b"a\n\xff\x00", [2], 0)  # a NUL after invalid UTF-8: a binary file
@example("🚀".encode() + b"\xff\n", [2], 0)  # invalid after a character held back
def test_a_page_decoded_a_chunk_at_a_time_is_the_page_decoded_whole(
    data: bytes, cuts: list[int], whole: int
) -> None:
    expected = outcome(lambda: decode(data, "page.md"))
    got = outcome(lambda: decode_page(chunked(data, cuts), "page.md", whole))
    assert got == expected


def test_a_long_page_is_held_in_pieces_and_a_short_one_as_one_string() -> None:
    data = "One line.\nLaunch 🚀 day.\nMore.\n".encode()
    page = decode_page(chunked(data, [7, 13, 20]), "page.md", whole=10)
    assert isinstance(page, PageText)
    assert str(page) == data.decode()
    assert [piece for piece in page.pieces if not piece.isascii()] == ["Launch 🚀 day.\n"]
    assert decode_page([data], "page.md", whole=len(data)) == data.decode()
    # Fewer characters than the limit, more bytes: one string.
    assert decode_page(chunked(data, [7]), "page.md", whole=len(data) - 2) == data.decode()
    # A byte-order mark: decoded whole, as before.
    bom = codecs.BOM_UTF8 + data
    assert decode_page(chunked(bom, [7]), "page.md", whole=10) == data.decode()


def test_the_error_of_a_long_page_counts_bytes_and_lines_from_its_start() -> None:
    data = b"a\n" * 1000 + "é".encode() + b"\n\xe9t\xc3"
    with pytest.raises(InputError, match=r"invalid UTF-8 at byte offset 2003 \(line 1002\)"):
        decode_page(chunked(data, list(range(0, len(data), 7))), "page.md", whole=10)


def test_a_long_page_file_takes_about_its_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(long_page, "CHUNK", 4096)
    monkeypatch.setattr(long_page, "LONG_PAGE", 10_000)
    text = "An ASCII line of the page, with 2.4x in it.\n" * 5_000 + "Launch 🚀 day.\n" * 3
    path = tmp_path / "long.md"
    path.write_text(text * 3, encoding="utf-8")
    page = read_page(path, "long.md", max_bytes=10**8)
    assert isinstance(page, PageText)
    assert str(page) == read_text(path, "long.md", max_bytes=10**8)
    # One string would take four bytes a character; the pieces about one.
    assert sum(map(sys.getsizeof, page.pieces)) < 1.1 * len(page)


def test_a_long_page_gives_the_claims_of_the_page_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = Path(__file__).parents[1] / "extract"
    pages = [p["markdown"] for p in yaml.safe_load((here / "real_pages.yaml").read_text("utf-8"))]
    path = tmp_path / "long.md"
    path.write_text("\n\n".join(pages), encoding="utf-8")
    item = FileInput(str(path), "long.md", "markdown", named=True)
    whole = load_input(item, 10**8, lambda: "")
    monkeypatch.setattr(long_page, "CHUNK", 4096)
    monkeypatch.setattr(long_page, "LONG_PAGE", 10_000)
    assert isinstance(read_page(path, "long.md", max_bytes=10**8), PageText)
    in_pieces = load_input(item, 10**8, lambda: "")
    assert len(whole.records) > 20
    assert in_pieces == whole
