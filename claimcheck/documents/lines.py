"""Line starts of a source text and 1-based (line, column) positions in code points."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claimcheck.documents.page_text import Text

# Lines end at \r\n, \r or \n only, so a CRLF file gets the same lines and columns as its LF twin.
LINE_BREAK = re.compile(r"\r\n?|\n")
BOM = "\ufeff"


def line_bounds(source: str) -> tuple[list[int], list[int]]:
    """Start and end offsets of every line, line breaks excluded.

    A byte order mark at the start of the file is not part of line 1, so it takes no column.
    """
    starts = [1 if source.startswith(BOM) else 0]
    ends: list[int] = []
    for match in LINE_BREAK.finditer(source):
        ends.append(match.start())
        starts.append(match.end())
    ends.append(len(source))
    return starts, ends


def line_table(source: Text) -> tuple[array[int], array[int]]:
    """``line_bounds`` as two arrays of machine integers: 8 bytes a line, where a list holds a
    Python integer object for each offset. A page in pieces is read a piece at a time (a line
    break is never cut between two: ``page_text``)."""
    from claimcheck.documents.page_text import parts  # documents only: not for a one-liner

    starts = array("q", [1 if source.startswith(BOM) else 0])
    ends = array("q")
    for offset, piece in parts(source):
        for match in LINE_BREAK.finditer(piece):
            ends.append(offset + match.start())
            starts.append(offset + match.end())
    ends.append(len(source))
    return starts, ends


def line_of(starts: Sequence[int], offset: int) -> int:
    """The 1-based line holding ``offset``."""
    return max(bisect_right(starts, offset), 1)


def position(starts: Sequence[int], offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of ``offset``, the column counted in code points."""
    line = line_of(starts, offset)
    return line, max(offset - starts[line - 1], 0) + 1


def text_position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of ``offset`` in ``text``, read without a table of line
    starts (a claim file, a sentence on the command line)."""
    line, start = 1, 0
    for match in LINE_BREAK.finditer(text, 0, offset):
        line, start = line + 1, match.end()
    return line, offset - start + 1
