"""Plain-text documents: paragraphs separated by blank lines; directives on lines of their own."""

from __future__ import annotations

from claimcheck.documents.document import Document, assemble
from claimcheck.documents.lines import line_bounds
from claimcheck.documents.suppressions import Comment
from claimcheck.documents.units import TextUnit, UnitBuilder


def scan_plain(source: str) -> Document:
    """Prose units, directives and malformed directives of a plain-text document."""
    text = source.replace("\0", "\ufffd")
    starts, ends = line_bounds(text)
    units: list[TextUnit] = []
    comments: list[Comment] = []
    builder = UnitBuilder()
    previous_end: int | None = None
    for start, end in zip(starts, ends, strict=True):
        line = text[start:end]
        stripped = line.strip()
        comment = _directive_line(stripped, start + line.find(stripped), end)
        if not stripped or comment is not None:
            if comment is not None:
                comments.append(comment)
            unit = builder.build("paragraph")
            if unit is not None:
                units.append(unit)
                builder = UnitBuilder()
            previous_end = None
            continue
        if previous_end is not None:
            builder.add_break(previous_end, previous_end + 1)
        builder.add(line, start)
        previous_end = end
    unit = builder.build("paragraph")
    if unit is not None:
        units.append(unit)
    return assemble(starts, units, comments)


def _directive_line(stripped: str, start: int, end: int) -> Comment | None:
    """The comment of a line that is only a ``<!-- claimcheck... -->`` comment, else ``None``."""
    if not stripped.startswith("<!--") or not stripped[4:].lstrip().startswith("claimcheck"):
        return None
    if stripped.endswith("-->") and len(stripped) >= 7:
        return Comment(start, start + len(stripped), stripped[4:-3])
    return Comment(start, end, stripped[4:], closed=False)
