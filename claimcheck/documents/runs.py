"""Runs of a Markdown page's lines that hold whole top-level blocks: where a long page is cut
to be parsed a run at a time, and which runs a question about their text lets the parser skip.

A page is cut before a line that starts at its first column, after a blank line, outside a
fenced code block, and is no list item, quote or HTML: there every block of CommonMark
(https://spec.commonmark.org/0.31.2/) has ended, whatever came before, since a list item
or an indented code block needs its lines indented, a quote or a paragraph ends at a blank
line, and a fence is closed (or runs to the page's end). markdown-it then reads each run as
it reads it in the page.

A long page is parsed a run at a time (``next_cut``): a fence that does not start a line (in
a list item or a quote, whose end the containers decide, or indented) or an HTML block that
spans blank lines (a comment, ``<pre>``) may still be open at a cut, and the parser, which
reads the run alone, says so (``run_is_open``): the run is then made longer. A link
reference definition (``[label]: …``) counts for links anywhere on the page: the caller
collects the page's definitions first.

Runs are left unparsed only where the page is cut without the parser's help: not on a page
with a link reference definition, an HTML line outside a fence (an HTML block may span blank
lines) or a fence that does not start a line. A run left unparsed gives no unit: it must not
have held one the reader reads. A run of plain paragraph lines is asked about as the one
paragraph it is (``wanted`` of its text); any other run (a list, a table, a code block) only
when it holds no heading, quote or link mark (``#``, ``>``, ``[``, ``]``) and no setext
heading line, and ``wanted`` is then asked about all of its text, which holds every unit's
text with only markers and spaces between (see
``claimcheck.extract.prefilter.paragraph_may_hold_candidate``).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it.token import Token

_FENCE_MARKS = ("```", "~~~")
_CONTAINER_MARKS = " \t>*+-0123456789.)"
# A line that starts a list item (bullet or ordered) or could interrupt a paragraph as one.
_LIST_ITEM = re.compile(r"[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)")
# A line markdown-it may read as a setext heading's underline (or a thematic break).
_UNDERLINE = re.compile(r"[ \t]*(?:=+|-+)[ \t]*$")
_NOT_PLAIN_RUN = ("#", ">", "[", "]")


def skipped_lines(lines: Sequence[str], wanted: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The ``[start, stop)`` ranges of ``lines`` (the page cut at its line ends) in runs
    ``wanted`` refuses, adjacent runs merged; none when the page cannot be cut (see the
    module's docstring)."""
    runs = _runs(lines)
    if runs is None:
        return []
    skipped: list[tuple[int, int]] = []
    for index, start in enumerate(runs):
        stop = runs[index + 1] if index + 1 < len(runs) else len(lines)
        if _wanted_run([lines[i] for i in range(start, stop)], wanted):
            continue
        if skipped and skipped[-1][1] == start:
            start = skipped.pop()[0]
        skipped.append((start, stop))
    return skipped


def next_cut(lines: Sequence[str], start: int, size: int) -> tuple[int, int]:
    """Where a run of whole top-level blocks from line ``start`` (where one starts) may end once
    it holds ``size`` characters: the first line after that which starts a run, outside a
    fence at the first column (markdown-it's fence rule), and the characters before it; the
    page's end when there is none. A fence indented or in a container, or an HTML block, may
    still be open there: the caller asks the parser (``run_is_open``)."""
    fence: tuple[str, int] | None = None
    after_blank = False
    characters = 0
    for index in range(start, len(lines)):
        line = lines[index]
        if fence is not None:
            if _closes(line, fence):
                fence = None
        else:
            if characters >= size and after_blank and _starts_a_run(line):
                return index, characters
            if line.startswith(_FENCE_MARKS):
                fence = _opens(line)
        after_blank = fence is None and not line.strip(" \t")
        characters += len(line) + 1
    return len(lines), characters


def run_is_open(tokens: Sequence[Token], lines: int) -> bool:
    """Does the last top-level block of a run of ``lines`` lines, parsed alone, run to the
    run's end unclosed? A fence or an HTML block of the kinds that end at a closing mark (a
    comment, ``<pre>``, ``<script>``...) then ran on past the cut in the page; every other
    block has ended at the blank line and unindented line before a cut (see the module's
    docstring)."""
    last = next((token for token in reversed(tokens) if token.level == 0), None)
    return (
        last is not None
        and last.type in ("fence", "html_block")
        and last.map is not None
        and last.map[1] >= lines
    )


def _runs(lines: Sequence[str]) -> array[int] | None:
    """The first line of each of the page's runs, or ``None`` when it cannot be cut."""
    runs = array("q", [0])
    fence: tuple[str, int] | None = None  # the open fence's mark and length
    after_blank = False
    for index in range(len(lines)):
        line = lines[index]
        if "]:" in line:
            return None
        if fence is not None:
            if _closes(line, fence):
                fence = None
            after_blank = False
            continue
        inner = line.lstrip(_CONTAINER_MARKS)
        if inner.startswith("<"):
            return None
        if inner.startswith(_FENCE_MARKS):
            if not line.startswith(_FENCE_MARKS):
                return None
            fence = _opens(line)
        if after_blank and _starts_a_run(line) and index:
            runs.append(index)
        after_blank = not line.strip(" \t")
    return runs


def _starts_a_run(line: str) -> bool:
    return bool(line) and line[0] not in " \t>" and _LIST_ITEM.match(line) is None


def _opens(line: str) -> tuple[str, int] | None:
    """The fence a line at the first column opens, as markdown-it's fence rule reads it (a
    backtick fence's info has no backtick)."""
    mark = line[0]
    length = len(line) - len(line.lstrip(mark))
    if mark == "`" and "`" in line[length:]:
        return None
    return mark, length


def _closes(line: str, fence: tuple[str, int]) -> bool:
    """Does ``line`` close ``fence``: at most three spaces, at least as many marks, then only
    spaces and tabs?"""
    mark, length = fence
    body = line.lstrip(" ")
    if len(line) - len(body) > 3:
        return False
    run = len(body) - len(body.lstrip(mark))
    return run >= length and not body[run:].strip(" \t")


def _wanted_run(run: list[str], wanted: Callable[[str], bool]) -> bool:
    text = "\n".join(run)
    if not _one_paragraph(run) and (
        any(mark in text for mark in _NOT_PLAIN_RUN)
        or any(_UNDERLINE.match(line) is not None for line in run)
    ):
        return True  # a heading, quote or link mark outside one plain paragraph: read it
    return wanted(text)


def _one_paragraph(run: list[str]) -> bool:
    """Is the run one paragraph and blank lines after it? Its lines up to the first blank one
    start (past their indentation; the first one at its first character) with an ASCII letter
    or a digit that starts no list item, so none starts another block, and no line after them
    holds anything."""
    lines = len(run)
    while lines and not run[lines - 1].strip(" \t"):
        lines -= 1
    if not lines or not _plain_start(run[0]):
        return False
    return all(run[i].strip(" \t") and _plain_start(run[i].lstrip(" \t")) for i in range(lines))


def _plain_start(line: str) -> bool:
    return line[:1].isascii() and line[:1].isalnum() and _LIST_ITEM.match(line) is None
