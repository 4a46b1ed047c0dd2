"""Markdown documents: prose units from markdown-it-py tokens, each character mapped to the source.

Block tokens give line ranges only, so each inline token's content is matched back to its source
lines, and each inline child is found in that content in order, past the markup it skips.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import msgspec

from claimcheck.documents.document import Document, Runs, assemble
from claimcheck.documents.html import read_html
from claimcheck.documents.inline import InlineWalker, SourceMap
from claimcheck.documents.lines import line_table
from claimcheck.documents.page_lines import PageLines, front_matter_lines
from claimcheck.documents.runs import next_cut, run_is_open, skipped_lines
from claimcheck.documents.suppressions import Comment
from claimcheck.documents.tables import timed_columns
from claimcheck.documents.units import SourceRun, TextUnit, UnitBuilder

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

    from claimcheck.documents.page_text import Text

_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")
# Where one of the parser's inline rules may start (CommonMark's with strikethrough: a line end,
# an escape, a code span, ~~, emphasis, a link or image (whose "![" holds a bracket), an autolink
# or tag, a character reference); elsewhere its text rule reads on, and content without any of
# these parses to one text token (https://spec.commonmark.org/0.31.2/#inlines).
_INLINE_RULE_START = re.compile(r"[\n\\`~*_\[<&]")
_CELL_SEPARATOR = " | "


MAX_NESTING = 200
"""markdown-it's nesting limit (its commonmark preset has 20, and stops reading a page at it:
a list nested ten deep hid every later line). A block parsed 400 deep stays well inside
Python's recursion limit; pages nested deeper are made shallower first
(``claimcheck.documents.page_lines.shallow_line``)."""


@cache
def _parser() -> MarkdownIt:
    # Imported here: markdown-it costs start-up time that plain-text runs should not pay.
    from markdown_it import MarkdownIt

    # Tables and ~~strikethrough~~ as GitHub reads them (https://github.github.com/gfm/).
    md = MarkdownIt("commonmark", {"maxNesting": MAX_NESTING}).enable(["table", "strikethrough"])
    # Without text_join, entities and escapes stay separate tokens that carry their source form.
    # Inline content is parsed block by block when read (``_MarkdownReader.children``).
    md.disable(["text_join", "inline"])
    return md


def load_parser() -> None:
    """Load markdown-it and build the parser now, ahead of the first page."""
    _parser()


# markdown-it's link rule costs tens of microseconds per bracket (a megabyte of "![" takes
# half a minute): a block with more brackets than any prose has is read as plain text.
BRACKET_LIMIT = 1_000


RUN_SIZE = 1 << 17
"""The characters of a page parsed at once: a longer page is parsed and read a run of whole
blocks at a time (``claimcheck.documents.runs``), so one run's tokens are held at a time."""


def scan_markdown(source: str, wanted: Callable[[str], bool] | None = None) -> Document:
    """Prose units, directives and malformed directives of a Markdown document.

    ``wanted``, when given, is asked about each paragraph's inline source (a paragraph of a
    list item or a quote too, never a heading) and each table cell's: a paragraph it refuses is
    not parsed inline, and stands in the units as an unread unit, with no text, of its kind, at
    its first character; so does a table's body row whose cells it refuses (see
    ``_unread_row``), at the start of its line. A header row is always read. Before that, the
    page is cut into runs of whole blocks, and a run ``wanted`` refuses is not parsed at all
    and gives no unit (``claimcheck.documents.runs``)."""
    runs = markdown_runs(source, wanted)
    units: list[TextUnit] = []
    comments: list[Comment] = []
    for run_units, run_comments in runs.parts:
        units += run_units
        comments += run_comments
    return assemble(runs.line_starts, units, comments)


def markdown_runs(source: Text, wanted: Callable[[str], bool] | None = None) -> Runs:
    """``scan_markdown``, read a run of whole blocks at a time: the units and comments of each
    run in turn, the same as the whole page's (of a long page in pieces too, which is read as
    its text: ``claimcheck.documents.page_text``). A link reference definition counts on the whole
    page (https://spec.commonmark.org/0.31.2/#link-reference-definitions): a page of several
    runs with one is parsed once for them first."""
    starts, ends = line_table(source)
    text = source.replace("\0", "\ufffd")  # what markdown-it does, without shifting offsets
    lines = PageLines(text, starts, ends)
    lines.blank(0, front_matter_lines(lines))
    if wanted is not None:
        # A run left out is left as blank lines: the others keep their line numbers.
        for start, stop in skipped_lines(lines, wanted):
            lines.blank(start, stop)
    return Runs(starts, _read_runs(lines.parsed(), wanted, "]:" in text))


def _read_runs(
    lines: PageLines, wanted: Callable[[str], bool] | None, references: bool
) -> Iterator[tuple[list[TextUnit], list[Comment]]]:
    md = _parser()
    env: dict[str, Any] = {}
    parsed = _parsed_runs(md, env, lines)
    if references:
        first = next(parsed)
        if first[1] < len(lines):
            # Every run parsed once for the page's definitions, then again to be read.
            cuts = [first[1], *(stop for _, stop, _ in parsed)]
            del first
            parsed = _parsed_runs(md, env, lines, cuts)
        else:
            parsed = iter([first])
    for start, stop, tokens in parsed:
        reader = _MarkdownReader(md, env, *lines.run(start, stop), wanted)
        reader.read(tokens)
        yield reader.units, reader.comments


def _parsed_runs(
    md: MarkdownIt, env: dict[str, Any], lines: PageLines, cuts: Sequence[int] = ()
) -> Iterator[tuple[int, int, list[Token]]]:
    """The block tokens of each run of whole top-level blocks: ``[start, stop)`` and the
    tokens of its text parsed alone, which are the page's own. ``cuts``: where the runs end,
    found by an earlier pass."""
    start = 0
    for stop in cuts:
        yield start, stop, md.parse(lines.text_of(start, stop), env)
        start = stop
    size = RUN_SIZE
    while start < len(lines):
        stop, characters = next_cut(lines, start, size)
        tokens = md.parse(lines.text_of(start, stop), env)
        if stop < len(lines) and run_is_open(tokens, stop - start):
            size = 2 * characters + 1  # a longer run, past the open block
            continue
        yield start, stop, tokens
        start, size = stop, RUN_SIZE


def _code_as_prose(content: str, children: Sequence[Token]) -> bool:
    """Whether a paragraph or list item is one code span on one line and nothing else, a
    result set in code type ("- `turn1 p95: 5295ms -> 339ms`"): its words are the only words
    the item has, so they are read. A code span inside prose is code and stays unread."""
    return (
        len(children) == 1
        and children[0].type == "code_inline"
        and "\n" not in content
        and content.strip() == children[0].markup + children[0].content + children[0].markup
    )


def _line_shift(source_line: str, content_line: str) -> int:
    """Column in ``source_line`` minus column in ``content_line`` of the same text.

    The content line is the source line minus container markers (``>``, list indentation), a
    heading's ``#`` marks or surrounding whitespace, so its text ends the source line, or, with a
    closing ``#`` sequence, is found in it.
    """
    fallback = max(len(source_line) - len(content_line), 0)
    # Python's strip() also drops U+001C-U+001F, which markdown-it keeps: a line of only those
    # is matched as it is.
    core = content_line.strip() or content_line
    if not core:
        return fallback
    lead = content_line.find(core)
    head = source_line.rstrip()
    if head.endswith(core):
        return len(head) - len(core) - lead
    found = source_line.find(core)
    return found - lead if found >= 0 else fallback


def _cell_map(content: str, origin: int) -> SourceMap:
    """Map of a table cell whose ``|`` characters were written ``\\|`` in the source."""
    starts, origins = [0], [origin]
    index = content.find("|")
    while index >= 0:
        starts.append(index)
        origins.append(origin + index + len(starts) - 1)
        index = content.find("|", index + 1)
    return SourceMap(starts, origins)


def _place_cells(line: str, forms: list[str]) -> list[tuple[int | None, int | None]]:
    """For each cell's source text, its column in the row line and the column of the ``|`` before.

    markdown-it splits the row the same way after dropping container markers, so only the first
    cell needs care: without a leading pipe, it ends the line's text before the first pipe.
    """
    raw = [0]
    raw_ends = []
    for match in _UNESCAPED_PIPE.finditer(line):
        raw_ends.append(match.start())
        raw.append(match.end())
    raw_ends.append(len(line))
    placed: list[tuple[int | None, int | None]] = []
    head = line[: raw_ends[0]].rstrip()
    if forms and forms[0] and head.endswith(forms[0]):
        placed.append((len(head) - len(forms[0]), None))
        forms = forms[1:]
    for index, form in enumerate(forms, start=1):
        if index >= len(raw):
            placed.append((None, None))
            continue
        if not form:  # an empty cell: only its separator, which keeps the next cell's column
            placed.append((None, raw[index] - 1))
            continue
        found = line.find(form, raw[index], raw_ends[index])
        placed.append((found if found >= 0 else None, raw[index] - 1))
    return placed


class _MarkdownReader:
    """Walks block tokens, collecting units and comments."""

    def __init__(
        self,
        md: MarkdownIt,
        env: dict[str, Any],
        lines: list[str],
        starts: list[int],
        wanted: Callable[[str], bool] | None = None,
    ) -> None:
        self.md = md
        self.env = env
        self.lines = lines
        self.starts = starts
        self.wanted = wanted
        self.units: list[TextUnit] = []
        self.comments: list[Comment] = []
        self.parent = ""  # the label of the list item the current one is nested in

    def read(self, tokens: Sequence[Token]) -> None:
        """Collect the units and comments of a document's block tokens."""
        containers: list[str] = []
        labels: list[str | None] = []  # of the open list items: each one's first line
        kind = "paragraph"
        row: list[Token] | None = None
        in_body = False  # in a table's body rows
        plain_table = True  # no row of the table so far has a link, image or tag
        timed = False  # the table's header gives a column's time unit: "| KV TTFT (s) |"
        for token in tokens:
            name = token.type
            if name == "inline":
                if row is not None:
                    row.append(token)
                elif token.map:
                    if labels and labels[-1] is None:
                        labels[-1] = _label(token.content)
                    self.parent = (labels[-2] or "") if len(labels) > 1 else ""
                    if self.wanted is None or kind == "heading" or self.wanted(token.content):
                        self._inline(token, token.map[0], kind)
                    else:
                        self._unread(token.content, token.map[0], kind)
            elif name == "paragraph_open":
                kind = containers[-1] if containers else "paragraph"
            elif name == "heading_open":
                kind = "heading"
            elif name in ("list_item_open", "blockquote_open"):
                containers.append(name.removesuffix("_open"))
                if name == "list_item_open":
                    labels.append(None)
            elif name in ("list_item_close", "blockquote_close") and containers:
                containers.pop()
                if name == "list_item_close" and labels:
                    labels.pop()
            elif name == "table_open":
                in_body, plain_table, timed = False, True, False
            elif name == "tbody_open":
                in_body = True
            elif name == "tr_open":
                row = []
            elif name == "tr_close" and row is not None:
                # A body row after rows that make no unit of their own (alt text, a link's
                # title) follows a row: it is not read as a header, so its text may go unread.
                if not (in_body and plain_table and not timed and self._unread_row(row)):
                    self._row(row)
                if not in_body:  # its rows may hold times as bare numbers
                    timed = timed_columns(" | ".join(cell.content for cell in row), "")
                plain_table = plain_table and not any(
                    "[" in cell.content or "<" in cell.content for cell in row
                )
                row = None
            elif name == "html_block" and token.map:
                self._html_block(token.content, token.map[0])

    def emit(self, builder: UnitBuilder, kind: str) -> None:
        unit = builder.build(kind)
        if unit is not None:
            if self.parent and kind != "table_row":
                unit = msgspec.structs.replace(unit, parent=self.parent)
            self.units.append(unit)

    def _first_line(self, content: str, first_line: int) -> int:
        # A paragraph's content is stripped of Python whitespace, which takes leading lines that
        # hold only a separator such as U+2028 with it: its first line is further down.
        # A line Python calls blank may still be the content's first ("\x1f" is text to
        # CommonMark): only a line the content does not start with is passed over.
        last = len(self.lines) - 1
        head = content.split("\n", 1)[0]
        while (
            first_line < last
            and not self.lines[first_line].strip()
            and content.strip()
            and not (head and head in self.lines[first_line])
        ):
            first_line += 1
        return first_line

    def _line_map(self, content: str, first_line: int) -> SourceMap:
        starts: list[int] = []
        origins: list[int] = []
        index = 0
        last = len(self.lines) - 1
        first_line = self._first_line(content, first_line)
        for offset, text in enumerate(content.split("\n")):
            line = min(first_line + offset, last)
            starts.append(index)
            origins.append(self.starts[line] + _line_shift(self.lines[line], text))
            index += len(text) + 1
        return SourceMap(starts, origins)

    def children(self, token: Token) -> list[Token]:
        """The inline tokens of ``token``'s content, parsed now; a block of more than
        ``BRACKET_LIMIT`` brackets is one text token (its marks are then read as text)."""
        from markdown_it.token import Token

        content = token.content
        if content.count("[") > BRACKET_LIMIT:
            return [Token("text", "", 0, content=content)]
        children: list[Token] = []
        self.md.inline.parse(content, self.md, self.env, children)
        return children

    def walk(
        self, token: Token, where: SourceMap, builder: UnitBuilder, *, prose_code: bool = False
    ) -> None:
        """Add the prose of ``token``'s content to ``builder``. Content in which no inline rule
        can start (``_INLINE_RULE_START``) is one text token to the parser, which the walker
        maps as it stands: it is mapped so without either. Other content is parsed and
        walked. With ``prose_code``, content that is one code span on one line is read as its
        text (see ``_code_as_prose``)."""
        content = token.content
        if _INLINE_RULE_START.search(content) is None:
            if content:
                where.add(builder, content, 0, len(content))
            return
        children = self.children(token)
        if prose_code and _code_as_prose(content, children):
            code = children[0].content
            start = content.index(code, len(children[0].markup))
            where.add(builder, content, start, start + len(code))
            return
        walker = InlineWalker(self.md, self.env, content, where, self.units, self.comments)
        walker.walk(children, builder)

    def _inline(self, token: Token, first_line: int, kind: str) -> None:
        builder = UnitBuilder()
        where = self._line_map(token.content, first_line)
        self.walk(token, where, builder, prose_code=kind != "heading")
        self.emit(builder, kind)

    def _unread(self, content: str, first_line: int, kind: str) -> None:
        # Where the content starts: its first line's place in the line map.
        line = min(self._first_line(content, first_line), len(self.lines) - 1)
        start = self.starts[line] + _line_shift(self.lines[line], content.split("\n", 1)[0])
        self.units.append(TextUnit("", kind, (SourceRun(0, start, start, False),)))

    def _unread_row(self, cells: list[Token]) -> bool:
        """Leave a body row unread, as an unread unit at its line, when ``wanted`` refuses each
        of its cells that holds anything and at least one such cell is placed in the line (so
        the row makes a unit). A candidate never spans cells: they are joined with `` | ``."""
        wanted = self.wanted
        if wanted is None or not cells or not cells[0].map:
            return False
        contents = [cell.content for cell in cells]
        if any(text.strip() and wanted(text) for text in contents):
            return False
        line = cells[0].map[0]
        places = _place_cells(self.lines[line], [text.replace("|", "\\|") for text in contents])
        if not any(
            text.strip() and column is not None
            for text, (column, _) in zip(contents, places, strict=True)
        ):
            return False
        start = self.starts[line]
        self.units.append(TextUnit("", "table_row", (SourceRun(0, start, start, False),)))
        return True

    def _row(self, cells: list[Token]) -> None:
        if not cells or not cells[0].map:
            return
        line = cells[0].map[0]
        origin = self.starts[line]
        forms = [cell.content.replace("|", "\\|") for cell in cells]
        builder = UnitBuilder()
        for cell, (column, pipe) in zip(cells, _place_cells(self.lines[line], forms), strict=True):
            if pipe is not None:
                builder.add_separator(_CELL_SEPARATOR, origin + pipe, origin + pipe + 1)
            if column is None:
                continue
            self.walk(cell, _cell_map(cell.content, origin + column), builder)
        self.emit(builder, "table_row")

    def _html_block(self, content: str, first_line: int) -> None:
        units, comments = read_html(content)
        if not units and not comments:
            return
        where = self._line_map(content, first_line)
        self.units.extend(where.unit(unit) for unit in units)
        self.comments.extend(where.comment(comment) for comment in comments)


_LABEL_MARKS = re.compile(r"[*_`]+|\s+")
LABEL = 160
"""Characters of a list item's first line kept as the label of the items nested in it."""


def _label(content: str) -> str:
    """A list item's first line as its label: without emphasis and code marks."""
    return _LABEL_MARKS.sub(
        lambda m: " " if m.group().isspace() else "", content.split("\n", 1)[0]
    )[:LABEL].strip()
