"""A long page's text held in pieces of whole lines, each as narrow as its characters allow.

CPython stores a string in one, two or four bytes a character, as its widest character needs
(PEP 393, https://peps.python.org/pep-0393/): one emoji makes a 50 MB page of ASCII text a
string of 200 MB. A page held as pieces keeps each line that holds a character above U+00FF
a piece of its own and the lines between (ASCII and Latin-1) in pieces of one byte a
character, so the page takes about the bytes of its file. ``PageText`` answers the questions
the reading of a long Markdown page asks of its text (its length, a slice, whether it holds a
word) as the string would; a piece ends after a ``\\n``, so a line, and a word without a line
break, is never cut between two pieces.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from typing import TypeAlias

_WIDE = re.compile(r"[^\x00-\xff]")
"""A character CPython stores in two or four bytes."""


class PageText:
    """A page's text as ``pieces``, each ending after a ``\\n`` (but the last), at
    ``offsets``; ``str(page)`` is the text."""

    __slots__ = ("_at", "_length", "offsets", "pieces")

    def __init__(self, pieces: Iterable[str]) -> None:
        self.pieces = tuple(piece for piece in pieces if piece)
        if not all(piece.endswith("\n") for piece in self.pieces[:-1]):
            raise ValueError("a piece of a page's text ends at a line break")
        self.offsets = array("q")
        length = 0
        for piece in self.pieces:
            self.offsets.append(length)
            length += len(piece)
        self._length = length
        self._at = 0  # the piece of the last slice: lines are mostly read in turn

    def __len__(self) -> int:
        return self._length

    def __str__(self) -> str:
        return "".join(self.pieces)

    def __getitem__(self, index: int | slice) -> str:
        """A character, or a slice of the text (a step of one only), as the string gives it."""
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step != 1:
                raise ValueError("a page's text is sliced with a step of one only")
            return self._slice(start, stop)
        at = index + self._length if index < 0 else index
        if not 0 <= at < self._length:
            raise IndexError("page index out of range")
        piece = bisect_right(self.offsets, at) - 1
        return self.pieces[piece][at - self.offsets[piece]]

    def _slice(self, start: int, stop: int) -> str:
        if start >= stop:
            return ""
        first = self._at
        offset = self.offsets[first]
        piece = self.pieces[first]
        if start < offset or start - offset >= len(piece):
            first = self._at = bisect_right(self.offsets, start) - 1
            offset = self.offsets[first]
            piece = self.pieces[first]
        if stop - offset <= len(piece):  # within one piece: a line, a short span
            return piece[start - offset : stop - offset]
        parts = [piece[start - offset :]]
        index = first + 1
        while self.offsets[index] + len(self.pieces[index]) < stop:
            parts.append(self.pieces[index])
            index += 1
        parts.append(self.pieces[index][: stop - self.offsets[index]])
        return "".join(parts)

    def __contains__(self, word: str) -> bool:
        """Does the text hold ``word`` (which holds no line break)?"""
        return self.find(word) != -1

    def find(self, word: str, start: int = 0) -> int:
        """The first index from ``start`` (not below 0) where ``word`` (which holds no line
        break) is in the text, or -1."""
        _one_line(word)
        if not word:
            return start if start <= self._length else -1
        first = max(bisect_right(self.offsets, max(start, 0)) - 1, 0)
        for index in range(first, len(self.pieces)):
            offset = self.offsets[index]
            found = self.pieces[index].find(word, max(start - offset, 0))
            if found != -1:
                return offset + found
        return -1

    def startswith(self, prefix: str) -> bool:
        """Does the text start with ``prefix`` (which holds no line break)?"""
        _one_line(prefix)
        return self.pieces[0].startswith(prefix) if self.pieces else not prefix

    def isascii(self) -> bool:
        return all(piece.isascii() for piece in self.pieces)

    def replace(self, old: str, new: str) -> PageText:
        """The text with ``old`` made ``new`` (neither holds a line break); this page itself
        when it holds no ``old``, as a string gives itself."""
        _one_line(old)
        _one_line(new)
        if old not in self:
            return self
        return PageText(piece.replace(old, new) for piece in self.pieces)


def parts(text: str | PageText, start: int = 0) -> Iterator[tuple[int, str]]:
    """Each piece of ``text`` and the offset it starts at, from the piece that holds ``start``
    on: a string is one piece."""
    if isinstance(text, str):
        yield 0, text
        return
    for index in range(max(bisect_right(text.offsets, start) - 1, 0), len(text.pieces)):
        yield text.offsets[index], text.pieces[index]


def narrow_pieces(lines: str) -> Iterator[str]:
    """``lines``, whole lines of a page, cut into pieces: each line that holds a character
    above U+00FF alone, the lines between in one piece."""
    if lines.isascii():
        yield lines
        return
    done = 0
    for match in _WIDE.finditer(lines):
        if match.start() < done:
            continue  # on the line just cut
        start = lines.rfind("\n", 0, match.start()) + 1
        end = lines.find("\n", match.end())
        end = len(lines) if end == -1 else end + 1
        if start > done:
            yield lines[done:start]
        yield lines[start:end]
        done = end
    if done < len(lines):
        yield lines[done:]


def _one_line(word: str) -> None:
    if "\n" in word:
        raise ValueError("a page's text is searched for words without a line break")


Text: TypeAlias = str | PageText
"""A page's text: one string, or a long page's pieces."""
