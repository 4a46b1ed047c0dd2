"""A scanned document: its prose units, suppression directives and line positions."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence

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


class Runs:
    """A document read a run of lines at a time: ``parts`` gives each run's units and
    comments in turn (the runs in source order, their lines apart), iterating ``self`` each
    run's units in source order; the directives and malformed directives are known once every
    run has been read."""

    def __init__(
        self,
        line_starts: Sequence[int],
        parts: Iterable[tuple[list[TextUnit], list[Comment]]],
    ) -> None:
        self.line_starts = line_starts
        self.parts = parts
        self.directives: tuple[Directive, ...] = ()
        self.problems: tuple[DirectiveProblem, ...] = ()

    @classmethod
    def of(cls, document: Document) -> Runs:
        """A document read whole, as one run."""
        runs = cls(document.line_starts, [(list(document.units), [])])
        runs.directives, runs.problems = document.directives, document.problems
        return runs

    def __iter__(self) -> Iterator[list[TextUnit]]:
        comments: list[Comment] = []
        prose_lines = array("q")
        for units, found in self.parts:
            units.sort(key=_start)
            # A verbatim span never crosses a line break, so the line of each span start is
            # enough; a run's lines come after the last run's.
            starts = self.line_starts
            prose_lines.extend(
                sorted({line_of(starts, s.source_start) for u in units for s in u.spans})
            )
            comments += found
            yield units
        if comments:
            self.directives, self.problems = read_directives(
                comments, self.line_starts, prose_lines
            )

    def position(self, source_offset: int) -> tuple[int, int]:
        """1-based (line, column) of a source offset; columns count code points."""
        return position(self.line_starts, source_offset)


def _start(unit: TextUnit) -> int:
    return unit.start


def assemble(
    line_starts: Sequence[int], units: Iterable[TextUnit], comments: Iterable[Comment]
) -> Document:
    """A document from what a scanner found."""
    runs = Runs(line_starts, [(list(units), list(comments))])
    ordered = tuple(unit for run in runs for unit in run)
    return Document(ordered, runs.directives, runs.problems, tuple(line_starts))
