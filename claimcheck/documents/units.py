"""Prose units and the map from each character of a unit back to the document's source."""

from __future__ import annotations

import re
from bisect import bisect_right
from operator import attrgetter

import msgspec

# The whitespace a browser collapses; other Unicode spaces (no-break space) are kept as text.
_SPACE_CHARS = " \t\n\r\f"
# Whitespace runs other than one plain space: the only places where text and source part ways.
_IRREGULAR_SPACE = re.compile(r"[\t\n\r\f][ \t\n\r\f]*| [ \t\n\r\f]+")
_index_of = attrgetter("index")


class SourceRun(msgspec.Struct, frozen=True):
    """A run of unit text starting at ``index`` and the source range it came from.

    ``verbatim`` runs copy the source: character ``index + k`` sits at ``source_start + k``.
    Other runs (a decoded entity, a line break read as a space, a table cell separator) map
    every character to the whole range ``[source_start, source_end)``.
    """

    index: int
    source_start: int
    source_end: int
    verbatim: bool


class TextUnit(msgspec.Struct, frozen=True):
    """The prose of one block (a heading, a paragraph, a table row, an image's alt text...)."""

    text: str
    kind: str
    spans: tuple[SourceRun, ...]
    parent: str = ""
    """The label of the list item a nested list item sits in ("PegaInfer vs vLLM no-prefix:"
    over "TTFT median: 177 ms vs 198 ms"): its context, as a heading is a paragraph's."""

    def _span(self, index: int) -> SourceRun:
        if not 0 <= index < len(self.text):
            raise IndexError(f"index {index} is outside the unit's text (length {len(self.text)})")
        return self.spans[bisect_right(self.spans, index, key=_index_of) - 1]

    def source_offset(self, index: int) -> int:
        """Code-point offset in the source of the character at ``index`` (``len(text)``: the end)."""
        if index == len(self.text):
            return self.end
        span = self._span(index)
        return span.source_start + (index - span.index if span.verbatim else 0)

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The source range ``[start, end)`` covering the text range ``[start, end)``."""
        if end <= start:
            offset = self.source_offset(start)
            return offset, offset
        last = self._span(end - 1)
        stop = last.source_start + end - last.index if last.verbatim else last.source_end
        return self.source_offset(start), stop

    def is_verbatim(self, index: int) -> bool:
        """Whether the character at ``index`` is copied from the source at ``source_offset``."""
        return self._span(index).verbatim

    @property
    def start(self) -> int:
        """Source offset of the unit's first character."""
        return self.spans[0].source_start

    @property
    def end(self) -> int:
        """Source offset just past the unit's last character."""
        return self.source_span(len(self.text) - 1, len(self.text))[1]


class UnitBuilder:
    """Collects the text of one unit piece by piece, collapsing whitespace as a browser would.

    A run of whitespace becomes one space, none at either end of the unit. A separator (such as
    the `` | `` between table cells) replaces the whitespace around it and is dropped at either
    end; separators with nothing between them (an empty cell, or one that held only code) are
    kept, one for each, as are those before a row's first content, less the row's opening
    one: every cell keeps its column under the header ("| | 2.0 s | 4x |" is "| 2.0 s | 4x").
    """

    __slots__ = ("_chunks", "_ends", "_indexes", "_joiner", "_length", "_starts", "_verbatim")

    def __init__(self) -> None:
        self._chunks: list[str] = []
        self._indexes: list[int] = []
        self._starts: list[int] = []
        self._ends: list[int] = []
        self._verbatim: list[bool] = []
        self._length = 0
        # Text waiting to join the next content: (text, source start, source end, verbatim,
        # how many separators it joins; none for a space).
        self._joiner: tuple[str, int, int, bool, int] | None = None

    def add(self, text: str, origin: int) -> None:
        """Add source text found verbatim at offset ``origin``."""
        start = len(text) - len(text.lstrip(_SPACE_CHARS))
        if start == len(text):
            if text:
                self._space(origin, origin + len(text), text == " ")
            return
        end = len(text.rstrip(_SPACE_CHARS))
        if start:
            self._space(origin, origin + start, start == 1 and text[0] == " ")
        position = start
        for match in _IRREGULAR_SPACE.finditer(text, start, end):
            self._content(
                text[position : match.start()], origin + position, origin + match.start(), True
            )
            self._space(origin + match.start(), origin + match.end(), False)
            position = match.end()
        self._content(text[position:end], origin + position, origin + end, True)
        if end < len(text):
            self._space(origin + end, origin + len(text), end + 1 == len(text) and text[end] == " ")

    def add_decoded(self, text: str, start: int, end: int) -> None:
        """Add text decoded from the source range ``[start, end)``, such as an entity."""
        if text.strip(_SPACE_CHARS):
            self._content(text, start, end, False)
        elif text:
            self._space(start, end, False)

    def add_break(self, start: int, end: int) -> None:
        """Add a word break that is not a literal space, such as a line end or ``<br>``."""
        self._space(start, end, False)

    def add_separator(self, text: str, start: int, end: int) -> None:
        """Join the next content with ``text``, mapped to the source range ``[start, end)``."""
        pending = self._joiner
        if pending is not None and pending[4]:  # nothing since the last separator
            self._joiner = (pending[0].rstrip() + text, pending[1], end, False, pending[4] + 1)
        else:
            self._joiner = (text, start, end, False, 1)

    def build(self, kind: str) -> TextUnit | None:
        """The unit collected so far, or ``None`` when it holds no text."""
        if not self._length:
            return None
        spans = tuple(map(SourceRun, self._indexes, self._starts, self._ends, self._verbatim))
        return TextUnit("".join(self._chunks), kind, spans)

    def _space(self, start: int, end: int, literal: bool) -> None:
        if self._joiner is None:
            self._joiner = (" ", start, end, literal, 0)

    def _content(self, text: str, start: int, end: int, verbatim: bool) -> None:
        joiner, self._joiner = self._joiner, None
        if joiner is not None and self._length:
            self._append(*joiner[:4])
        elif joiner is not None and joiner[4] > 1:
            # a row whose first cells are empty: one separator for each but the opening one
            self._append("| " * (joiner[4] - 1), joiner[1], joiner[2], False)
        self._append(text, start, end, verbatim)

    def _append(self, text: str, start: int, end: int, verbatim: bool) -> None:
        if verbatim and self._verbatim and self._verbatim[-1] and self._ends[-1] == start:
            self._ends[-1] = end
        else:
            self._indexes.append(self._length)
            self._starts.append(start)
            self._ends.append(end)
            self._verbatim.append(verbatim)
        self._chunks.append(text)
        self._length += len(text)
