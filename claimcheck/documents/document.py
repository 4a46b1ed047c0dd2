"""A scanned document: its prose units, suppression directives and line positions."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from claimcheck.documents.lines import line_of, position
from claimcheck.documents.suppressions import (
    Comment,
    Directive,
    DirectiveProblem,
    read_directives,
)
from claimcheck.documents.units import TextUnit


class Document(msgspec.Struct, frozen=True):
    """Prose units in source order, suppression directives, and malformed directives."""

    units: tuple[TextUnit, ...]
    directives: tuple[Directive, ...]
    problems: tuple[DirectiveProblem, ...]
    line_starts: tuple[int, ...]

    def position(self, source_offset: int) -> tuple[int, int]:
        """1-based (line, column) of a source offset; columns count code points."""
        return position(self.line_starts, source_offset)


def assemble(
    line_starts: list[int], units: Iterable[TextUnit], comments: Iterable[Comment]
) -> Document:
    """A document from what a scanner found."""
    starts = tuple(line_starts)
    ordered = tuple(sorted(units, key=lambda unit: unit.start))
    # A verbatim span never crosses a line break, so the line of each span start is enough.
    prose_lines = sorted({line_of(starts, s.source_start) for u in ordered for s in u.spans})
    directives, problems = read_directives(list(comments), starts, prose_lines)
    return Document(ordered, directives, problems, starts)
