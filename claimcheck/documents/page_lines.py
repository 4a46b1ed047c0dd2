"""A Markdown page's lines as markdown-it reads them, cut from the page when asked for: no
list of every line is held, only two arrays of offsets and a byte a line."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import overload

from claimcheck.documents.page_text import Text, parts

_FRONT_MATTER_CLOSERS = {"---": ("---", "..."), "+++": ("+++",)}

NESTING_COLUMNS = 100
"""The container markers (``>``, list markers, indentation) kept before a line's text. Each
nesting level takes at least one column of them (a ``>``; a list takes two levels for a
marker and a space, or two columns of indentation), so a page whose lines keep at most this
many stays under markdown-it's nesting limit (``claimcheck.documents.markdown.MAX_NESTING``),
with room for the paragraph and inline levels inside."""
_CONTAINER_RUN = re.compile(r"[ \t>*+\-\d.)]*")
_DEEP_LINE = re.compile(r"[ \t>*+\-\d.)]{" + str(NESTING_COLUMNS // 4) + ",}")


class PageLines(Sequence[str]):
    """The lines of ``text`` (``starts`` and ``ends`` from ``lines.line_table``), with line
    breaks read as ``\\n`` and the lines of ``blank`` ranges read as empty. ``parsed()``: the
    same lines made shallower where they nest too deep (``shallow_line``)."""

    __slots__ = ("_blank", "_deep", "ends", "starts", "text")

    def __init__(self, text: Text, starts: Sequence[int], ends: Sequence[int]) -> None:
        self.text = text
        self.starts = starts
        self.ends = ends
        self._blank = bytearray(len(starts))
        self._deep = False

    def __len__(self) -> int:
        return len(self.starts)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self._line(index)[0]

    def blank(self, start: int, stop: int) -> None:
        """Read the lines ``[start, stop)`` as empty."""
        self._blank[start:stop] = b"\1" * (stop - start)

    def parsed(self) -> PageLines:
        """These lines, each nested deeper than markdown-it reads cut to ``NESTING_COLUMNS``
        columns of container markers; the blank ones shared."""
        view = PageLines(self.text, self.starts, self.ends)
        view._blank = self._blank
        # A line nests that deep only where the page holds that many markers in a row (on one
        # line: never cut between two pieces of a page).
        view._deep = any(_DEEP_LINE.search(piece) for _, piece in parts(self.text))
        return view

    def run(self, start: int, stop: int) -> tuple[list[str], list[int]]:
        """The lines ``[start, stop)`` and the source offset each starts at, as read."""
        lines, origins = [], []
        for index in range(start, stop):
            line, cut = self._line(index)
            lines.append(line)
            origins.append(self.starts[index] + cut)
        return lines, origins

    def text_of(self, start: int, stop: int) -> str:
        """The lines ``[start, stop)`` as one text, a line break after each but the page's
        last: markdown-it reads the same lines in it as in the page."""
        text = "\n".join(self[start:stop])
        return text + "\n" if stop < len(self) else text

    def _line(self, index: int) -> tuple[str, int]:
        if self._blank[index]:
            return "", 0
        line = self.text[self.starts[index] : self.ends[index]]
        if self._deep and _DEEP_LINE.match(line):
            return shallow_line(line)
        return line, 0


def front_matter_lines(lines: Sequence[str]) -> int:
    """How many leading lines form a closed YAML (``---``) or TOML (``+++``) front matter block."""
    closers = _FRONT_MATTER_CLOSERS.get(lines[0].rstrip())
    if closers is None:
        return 0
    for index in range(1, len(lines)):
        if lines[index].rstrip() in closers:
            return index + 1
    return 0


def shallow_line(line: str) -> tuple[str, int]:
    """The line with its run of container markers cut to its last ``NESTING_COLUMNS``
    columns (a tab counted as four), and how many characters it lost at its start. GitHub
    reads a page nested deeper than markdown-it's limit to its end (cmark's block parser keeps
    no depth limit: https://github.com/github/cmark-gfm/blob/master/src/blocks.c); a line of
    such a page stays in the text, only less deeply nested."""
    run = _CONTAINER_RUN.match(line)
    end = run.end() if run else 0
    cut, columns = end, 0
    while cut > 0 and columns + (4 if line[cut - 1] == "\t" else 1) <= NESTING_COLUMNS:
        cut -= 1
        columns += 4 if line[cut] == "\t" else 1
    return line[cut:], cut
