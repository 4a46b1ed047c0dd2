"""Reading a long Markdown page without its whole text in one string.

A page read whole is held three times over while it is decoded: its bytes, the string, and,
where a character outside ASCII widens the string to two or four bytes a character (PEP 393,
https://peps.python.org/pep-0393/), the string at its new width. A page of more than
``LONG_PAGE`` bytes is read ``CHUNK`` bytes at a time instead, each chunk decoded as it
comes (an incremental decoder carries a character cut between two chunks over,
https://docs.python.org/3/library/codecs.html#incremental-decoding) into the pieces of a
``PageText``: the lines that hold a character above U+00FF apart from the others, so the
page takes about the bytes of its file. Its text and every error are those of ``read_text``.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import Path

from claimcheck.documents.page_text import PageText, narrow_pieces
from claimcheck.errors import InputError
from claimcheck.extract.prefilter import LARGE_PAGE
from claimcheck.sources.reading import decode, has_bom, read_chunks

CHUNK = 1 << 20
"""Bytes read and decoded at a time."""
LONG_PAGE = LARGE_PAGE
"""A page of more bytes than this is read in chunks; one of more characters too is held as a
``PageText`` (the prefilter reads such a page a part at a time)."""


def read_page(path: Path | str, display: str, *, max_bytes: int) -> str | PageText:
    """The text of the Markdown page at ``path``, as ``reading.read_text`` reads it (the same
    text, the same errors); one of more than ``LONG_PAGE`` characters as a ``PageText``."""
    chunks = read_chunks(path, display, max_bytes=max_bytes, size=CHUNK)
    return decode_page(chunks, display, LONG_PAGE)


def decode_page(chunks: Iterable[bytes], display: str, whole: int = LONG_PAGE) -> str | PageText:
    """The text of a file's bytes, read in ``chunks``, as ``reading.decode`` gives it: a text
    of more than ``whole`` characters as a ``PageText``. A file that starts with a byte-order
    mark, or of at most ``whole`` bytes, is decoded whole. Every chunk is read before an error
    is raised, as ``decode`` finds errors: a NUL byte anywhere before invalid UTF-8."""
    chunks = iter(chunks)
    head: list[bytes] = []
    size = 0
    for chunk in chunks:
        head.append(chunk)
        size += len(chunk)
        if size > max(whole, _MARK):
            break
    if size <= whole or has_bom(_start(head)):
        return decode(b"".join(chain(head, chunks)), display)
    pieces = _Pieces(display)
    head.reverse()
    while head:  # each chunk let go once decoded
        pieces.add(head.pop())
    for chunk in chunks:
        pieces.add(chunk)
    text = pieces.text()
    return PageText(text) if sum(map(len, text)) > whole else "".join(text)


_MARK = 4
"""The bytes of the longest byte-order mark (UTF-32's)."""


def _start(chunks: list[bytes]) -> bytes:
    """The first ``_MARK`` bytes of the chunks (fewer in a shorter file)."""
    start = b""
    for chunk in chunks:
        start += chunk[: _MARK - len(start)]
        if len(start) == _MARK:
            break
    return start


class _Pieces:
    """The pieces of a page's text decoded from its chunks, or the first error met."""

    def __init__(self, display: str) -> None:
        self.display = display
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.pieces: list[str] = []
        self.line: list[str] = []  # the page's last line so far (no line break yet)
        self.read = 0  # bytes before the chunk
        self.lines = 0  # line breaks before the chunk
        self.nul = -1  # the offset of the first NUL byte
        self.invalid: InputError | None = None

    def add(self, chunk: bytes) -> None:
        if self.nul == -1 and (nul := chunk.find(b"\0")) != -1:
            self.nul = self.read + nul
        if self.nul == -1 and self.invalid is None:
            self._decode(chunk, final=False)
        self.read += len(chunk)
        self.lines += chunk.count(b"\n")

    def text(self) -> list[str]:
        """The pieces, or the error ``reading.decode`` raises for the whole file."""
        if self.nul == -1 and self.invalid is None:
            self._decode(b"", final=True)
        if self.nul != -1:
            raise InputError(
                f"binary file (NUL byte at byte offset {self.nul}), expected text",
                path=self.display,
            )
        if self.invalid is not None:
            raise self.invalid
        return self.pieces

    def _decode(self, chunk: bytes, *, final: bool) -> None:
        # The decoder reads the bytes it held back (a character cut at the last chunk's end)
        # before the chunk: an error's offset counts from them.
        held = self.decoder.getstate()[0]
        try:
            text = self.decoder.decode(chunk, final)
        except UnicodeDecodeError as err:
            offset = self.read - len(held) + err.start
            line = self.lines + (held + chunk).count(b"\n", 0, err.start) + 1
            self.invalid = InputError(
                f"invalid UTF-8 at byte offset {offset} (line {line}); expected UTF-8 text",
                path=self.display,
            )
            self.pieces, self.line = [], []
            return
        self.pieces.extend(self._whole_lines(text, final))

    def _whole_lines(self, text: str, final: bool) -> Iterator[str]:
        """The pieces of ``text`` up to its last line break (to its end when ``final``), after
        the line carried over; what follows is carried over to the next chunk."""
        cut = len(text) if final else text.rfind("\n") + 1
        if cut == 0 and not final:
            self.line.append(text)
            return
        lines = "".join([*self.line, text[:cut]]) if self.line else text[:cut]
        self.line = [text[cut:]] if cut < len(text) else []
        yield from narrow_pieces(lines)
