"""Helpers shared by the document tests: expected positions come from the literal source."""

from __future__ import annotations

from claimcheck.documents import Document, TextUnit


def expected(source: str, line: int, needle: str) -> tuple[int, int]:
    """Line and 1-based column of ``needle`` on ``line``, counted by hand in the literal source."""
    return line, source.splitlines()[line - 1].index(needle) + 1


def found(document: Document, needle: str) -> tuple[int, int]:
    """Line and column the document reports for the first unit character of ``needle``."""
    unit, index = find(document, needle)
    return document.position(unit.source_offset(index))


def find(document: Document, needle: str) -> tuple[TextUnit, int]:
    for unit in document.units:
        index = unit.text.find(needle)
        if index >= 0:
            return unit, index
    raise AssertionError(f"{needle!r} is in no unit: {[u.text for u in document.units]}")


def texts(document: Document) -> list[tuple[str, str]]:
    return [(unit.kind, unit.text) for unit in document.units]


def all_positions(document: Document) -> list[list[tuple[int, int]]]:
    return [
        [document.position(unit.source_offset(i)) for i in range(len(unit.text))]
        for unit in document.units
    ]
