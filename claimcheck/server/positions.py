"""Places in a text: claimcheck's (line, column) in code points, 1-based, and LSP positions,
0-based, their character counted in the code units of the negotiated encoding: UTF-16 by
default, UTF-8 or UTF-32 when the client offers it ("Position" and "PositionEncodingKind" in
https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/).

Lines end at ``\\r\\n``, ``\\r`` or ``\\n`` for both (``claimcheck.documents.lines``). A byte
order mark at the start of the text takes no column in claimcheck's count; in the editor's it
is a character like any other.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Literal

from claimcheck.documents.lines import line_bounds

Encoding = Literal["utf-8", "utf-16", "utf-32"]


def units(text: str, encoding: Encoding) -> int:
    """How many code units ``text`` takes in ``encoding``."""
    if encoding == "utf-32":
        return len(text)
    if encoding == "utf-16":
        return len(text) + sum(1 for ch in text if ch > "\uffff")
    return len(text.encode("utf-8", "surrogatepass"))


class Lines:
    """A text's lines, to turn claimcheck's places into LSP positions and back."""

    def __init__(self, text: str, encoding: Encoding) -> None:
        self.text = text
        self.encoding: Encoding = encoding
        self.starts, self.ends = line_bounds(text)
        self.starts[0] = 0  # the editor counts a byte order mark
        self._last: tuple[int, int, int] = (-1, 0, 0)  # line, offset, its units from line start

    @property
    def count(self) -> int:
        """How many lines the text has (an empty text has one)."""
        return len(self.starts)

    def offset(self, line: int, column: int) -> int:
        """The code-point offset of claimcheck's 1-based ``line`` and ``column`` (clamped to
        the text)."""
        if line < 1:
            return 0
        if line > self.count:
            return len(self.text)
        start, end = self.starts[line - 1], self.ends[line - 1]
        if line == 1 and self.text.startswith("\ufeff"):
            start += 1
        return min(start + max(column, 1) - 1, end)

    def position(self, offset: int) -> tuple[int, int]:
        """The LSP (line, character) of a code-point ``offset``."""
        offset = min(max(offset, 0), len(self.text))
        line = bisect_right(self.starts, offset) - 1
        start = self.starts[line]
        offset = min(offset, self.ends[line])
        last_line, last_offset, last_units = self._last
        if last_line == line and last_offset <= offset:  # findings come in order on a line
            counted = last_units + units(self.text[last_offset:offset], self.encoding)
        else:
            counted = units(self.text[start:offset], self.encoding)
        self._last = (line, offset, counted)
        return line, counted

    def offset_at(self, line: int, character: int) -> int:
        """The code-point offset of an LSP position; a character past the line's end means
        its end, and one inside a character's code units means that character's start."""
        if line < 0:
            return 0
        if line >= self.count:
            return len(self.text)
        start, end = self.starts[line], self.ends[line]
        if self.encoding == "utf-32":
            return min(start + max(character, 0), end)
        counted = 0
        for index in range(start, end):
            size = units(self.text[index], self.encoding)
            if counted + size > character:
                return index
            counted += size
        return end

    def line_text(self, line: int) -> str:
        """The text of the 0-based ``line``, without its line break."""
        return self.text[self.starts[line] : self.ends[line]]

    def line_break(self) -> str:
        """The text's own line break (its first one), ``\\n`` when it has none."""
        if len(self.starts) < 2:
            return "\n"
        return self.text[self.ends[0] : self.starts[1]]
