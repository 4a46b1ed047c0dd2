"""Source snippets: the line a finding points at, with a caret under its span, as ruff and
compilers show them::

      |
    3 | Up to 27x faster TTFT at 128K tokens with our KV tier.
      |       ^^^

Columns count code points (README "Lint marketing pages"); the caret is placed by display
cells, so tabs, wide characters and escaped control characters keep it under the span.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len

from claimcheck.documents.lines import LINE_BREAK
from claimcheck.formats.visible import visible
from claimcheck.report import ClaimReport, Finding, Report

TAB = "    "
Sources = Callable[[str], str | None]
"""A file's text by the path reports show, or ``None`` when it cannot be read."""


def snippet(
    source: str,
    line: int,
    column: int,
    *,
    end_line: int | None = None,
    end_column: int | None = None,
    width: int = 100,
) -> list[str]:
    """The snippet of ``source`` at 1-based ``line`` and ``column``: a gutter line, the source
    line and the caret line; ``[]`` when the line is not in ``source``.

    The caret runs to ``end_column`` on the same line, to the line's end when the span goes on
    to later lines, and over the word at ``column`` (up to a ``:`` or ``=``: a claim file's key) when the end
    is not known. A line too long
    for ``width`` is cut around the span, the cuts marked with ``…``.
    """
    lines = LINE_BREAK.split(source)
    if not 1 <= line <= len(lines):
        return []
    text = lines[line - 1]
    start = min(max(column - 1, 0), len(text))
    if end_line is not None and end_column is not None and end_line == line:
        end = max(min(end_column - 1, len(text)), start + 1)
    elif end_line is not None and end_line > line:
        end = max(len(text), start + 1)
    else:
        end = start + 1
        while end < len(text) and not text[end].isspace() and text[end] not in ":=":
            end += 1
    cells = [_shown(ch) for ch in text]
    number = str(line)
    gutter = " " * len(number)
    room = max(width - len(number) - 3, 20)
    first, last = _window(cells, start, end, room)
    shown = "".join(cells[first:last])
    before = cell_len("".join(cells[first:start]))
    under = max(cell_len("".join(cells[start : min(end, last)])), 1)
    if first > 0:
        shown, before = "…" + shown, before + 1
    if last < len(cells):
        shown += "…"
    return [
        f"{gutter} |",
        f"{number} | {shown}".rstrip(),
        f"{gutter} | {' ' * before}{'^' * under}",
    ]


def _shown(char: str) -> str:
    return TAB if char == "\t" else visible(char)


def _window(cells: list[str], start: int, end: int, room: int) -> tuple[int, int]:
    """The characters ``[first, last)`` to show: all of them when they fit, else a stretch that
    keeps the span's start in view with some context before it."""
    if cell_len("".join(cells)) <= room:
        return 0, len(cells)
    first = start
    used = 0
    while first > 0 and used < min(room // 4, 20):
        first -= 1
        used += cell_len(cells[first])
    last = first
    used = 2  # the two marks
    while last < len(cells) and used + cell_len(cells[last]) <= room:
        used += cell_len(cells[last])
        last += 1
    return first, max(last, start + 1)


def finding_snippets(report: Report, sources: Sources | None, width: int) -> dict[int, list[str]]:
    """The snippet of each finding of ``report`` that has a place, by ``id(finding)``: files
    read through ``sources``; command-line text (no path) from its claim's sentence."""
    cache: dict[str, str | None] = {}

    def read(path: str) -> str | None:
        if path not in cache:
            cache[path] = sources(path) if sources is not None else None
        return cache[path]

    out: dict[int, list[str]] = {}
    placed: list[tuple[Finding, ClaimReport | None]]
    placed = [(f, c) for c in report.claims for f in c.findings]
    placed += [(f, None) for f in report.findings]
    for finding, claim in placed:
        if finding.line is None:
            continue
        line, column, end_column = finding.line, finding.column or 1, finding.end_column
        if finding.path is not None:
            text = read(finding.path)
        elif claim is not None and claim.text and claim.source.line and claim.source.column:
            # Text from the command line: the claim's sentence, where it starts in the text.
            text = claim.text
            line -= claim.source.line - 1
            if line == 1:
                column -= claim.source.column - 1
                end_column = end_column - (claim.source.column - 1) if end_column else None
        else:
            continue
        if text is None:
            continue
        lines = snippet(text, line, column, end_line=line + (finding.end_line or finding.line) - finding.line,
                        end_column=end_column, width=width)  # fmt: skip
        if lines:
            out[id(finding)] = lines
    return out
