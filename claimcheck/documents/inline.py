"""Markdown inline tokens: each child found in its token's content, mapped to the source.

markdown-it gives inline children no positions, so the walker finds each child in the content in
order, stepping over the markup between children (emphasis marks, link destinations, code spans,
inline HTML) the way markdown-it's own rules delimit it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from claimcheck.documents.html import ENTITY, decode_reference, tag_attributes
from claimcheck.documents.suppressions import Comment
from claimcheck.documents.units import SourceRun, TextUnit, UnitBuilder

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline import StateInline
    from markdown_it.token import Token


class SourceMap:
    """Maps offsets in an inline token's content to source offsets, piece by piece."""

    __slots__ = ("origins", "starts")

    def __init__(self, starts: list[int], origins: list[int]) -> None:
        self.starts = starts
        self.origins = origins

    def at(self, index: int) -> int:
        piece = bisect_right(self.starts, index) - 1
        return self.origins[piece] + index - self.starts[piece]

    def unit(self, unit: TextUnit) -> TextUnit:
        """``unit``, read from the content, with its spans moved to the source; a verbatim span
        is cut where the content's pieces (its lines) part ways in the source."""
        spans: list[SourceRun] = []
        stops = [span.index for span in unit.spans[1:]] + [len(unit.text)]
        for span, stop in zip(unit.spans, stops, strict=True):
            if not span.verbatim:
                end = self.at(span.source_end - 1) + 1 if span.source_end > span.source_start else 0
                start = self.at(span.source_start)
                spans.append(SourceRun(span.index, start, max(end, start), False))
                continue
            index, start, end = span.index, span.source_start, span.source_start + stop - span.index
            while start < end:
                piece = bisect_right(self.starts, start) - 1
                cut = min(end, self.starts[piece + 1]) if piece + 1 < len(self.starts) else end
                origin = self.at(start)
                spans.append(SourceRun(index, origin, origin + cut - start, True))
                index, start = index + cut - start, cut
        return TextUnit(unit.text, unit.kind, tuple(spans), unit.parent)

    def comment(self, comment: Comment) -> Comment:
        """``comment``, read from the content, placed in the source."""
        end = (
            self.at(comment.end - 1) + 1 if comment.end > comment.start else self.at(comment.start)
        )
        return Comment(self.at(comment.start), end, comment.body, comment.closed)

    def add(self, builder: UnitBuilder, content: str, start: int, end: int) -> None:
        """Add ``content[start:end]`` to ``builder`` as verbatim source text."""
        if len(self.starts) == 1:
            builder.add(content[start:end], self.origins[0] + start)
            return
        piece = bisect_right(self.starts, start) - 1
        while start < end:
            stop = self.starts[piece + 1] if piece + 1 < len(self.starts) else end
            stop = min(stop, end)
            builder.add(content[start:stop], self.origins[piece] + start - self.starts[piece])
            start = stop
            piece += 1


# Text between single tildes, each touching it (https://github.github.com/gfm/#strikethrough-
# extension-: GitHub strikes out text between one tilde or two; markdown-it reads only two).
# Within one text token: "~99x~ 27x", not "~2x to ~3x" (a tilde after a space closes nothing).
_SINGLE_TILDES = re.compile(r"(?<![~\w])~(?=[^\s~])[^~\n]{0,200}(?<=[^\s~])~(?![~\w])")


class InlineWalker:
    """Finds each inline child of one inline token in its content, in order.

    ``cursor`` only moves forward; markup between children (emphasis marks, link destinations,
    code spans, inline HTML) is stepped over. If a child cannot be found, the walk stops
    searching (so a surprise costs linear, not quadratic, time) and maps the rest to the cursor.
    """

    def __init__(
        self,
        md: MarkdownIt,
        env: dict[str, Any],
        content: str,
        where: SourceMap,
        units: list[TextUnit],
        comments: list[Comment],
    ) -> None:
        self.md = md
        self.env = env
        self.units = units
        self.comments = comments
        self.content = content
        self.where = where
        self.cursor = 0
        self._lost = False
        self._hidden: list[str] = []  # open hidden or struck-out elements, innermost last
        self._state: StateInline | None = None

    def walk(self, tokens: Sequence[Token], builder: UnitBuilder) -> None:
        """Add the prose of ``tokens`` to ``builder``; image alt texts become units of their own."""
        in_autolink = False
        for token in tokens:
            name = token.type
            if in_autolink:
                in_autolink = name != "link_close"
            elif name in ("s_open", "s_close"):  # ~~struck out~~: removed, as a browser shows it
                self._struck(name == "s_open", token.markup)
            elif self._hidden and name in ("text", "text_special", "code_inline"):
                self._step_over(token.markup if name == "text_special" else token.content)
            elif name == "text":
                self._text(token.content, builder)
            elif name == "text_special":
                self._special(token, builder)
            elif name in ("softbreak", "hardbreak"):
                found = self._find("\n")
                if found >= 0:
                    at = self.where.at(found)
                    builder.add_break(at, at + 1)
                    self.cursor = found + 1
            elif name == "code_inline":
                self._code(token.markup, token.content, builder)
            elif name == "html_inline":
                self._html(token.content, builder)
            elif name == "link_open":
                in_autolink = token.markup == "autolink"
                self._link_open(in_autolink)
            elif name == "link_close":
                self._label_end()
            elif name == "image":
                self._image(token)
            elif token.markup and self.content.startswith(token.markup, self.cursor):
                self.cursor += len(token.markup)  # emphasis marks

    def _struck(self, opens: bool, marker: str) -> None:
        if opens:
            self._hidden.append("~~")
        elif "~~" in self._hidden:
            del self._hidden[len(self._hidden) - 1 - self._hidden[::-1].index("~~") :]
        self._step_over(marker)

    def _step_over(self, text: str) -> None:
        """Move past ``text`` without reading it (hidden or struck-out text)."""
        found = self._find(text) if text else -1
        if found >= 0:
            self.cursor = found + len(text)

    def _find(self, text: str) -> int:
        if self._lost:
            return -1
        found = self.content.find(text, self.cursor)
        self._lost = found < 0
        return found

    def _here(self) -> int:
        return self.where.at(min(self.cursor, max(len(self.content) - 1, 0)))

    def _text(self, text: str, builder: UnitBuilder) -> None:
        if not text:
            return
        found = self._find(text)
        if found < 0:
            builder.add_decoded(text, self._here(), self._here() + 1)
            return
        position = found
        if "~" in text:  # ~struck out~ with single tildes, as GitHub reads it
            for struck in _SINGLE_TILDES.finditer(text):
                self.where.add(builder, self.content, position, found + struck.start())
                position = found + struck.end()
        self.where.add(builder, self.content, position, found + len(text))
        self.cursor = found + len(text)

    def _special(self, token: Token, builder: UnitBuilder) -> None:
        found = self._find(token.markup)
        if found < 0:
            builder.add_decoded(token.content, self._here(), self._here() + 1)
            return
        end = found + len(token.markup)
        if token.info == "escape":
            # The escaped character itself. A backslash before a character that cannot be
            # escaped is a literal one and stays, as in "$7.8\\times$" (CommonMark 0.31.2,
            # https://spec.commonmark.org/0.31.2/#backslash-escapes).
            self.where.add(builder, self.content, end - len(token.content), end)
        else:
            builder.add_decoded(token.content, self.where.at(found), self.where.at(end - 1) + 1)
        self.cursor = end

    def _html(self, html: str, builder: UnitBuilder) -> None:
        found = self._find(html)
        if found < 0:
            return
        self.cursor = found + len(html)
        if html.startswith("<!--") and html.endswith("-->"):
            start, end = self.where.at(found), self.where.at(self.cursor - 1) + 1
            self.comments.append(Comment(start, end, html[4 : max(len(html) - 3, 4)]))
        elif html[1:2].isalpha():
            self._tag(found, builder)
        elif html.startswith("</") and html[2:3].isalpha() and self._hidden:
            name = tag_attributes(html, 2, shown=False).name
            if name in self._hidden:  # the end of a hidden element: cut back to it
                del self._hidden[len(self._hidden) - 1 - self._hidden[::-1].index(name) :]

    def _tag(self, found: int, builder: UnitBuilder) -> None:
        """An inline start tag: ``<br>`` parts words, as in HTML; the attributes a reader sees
        (``alt``, ``title``, ``aria-label``) are units of their own."""
        name, end, shown, hidden = tag_attributes(self.content, found + 1)
        if hidden or (self._hidden and name in self._hidden):
            # Text inside is not shown; one of the same name inside a hidden one is counted, so
            # that its end tag does not end the hidden one.
            self._hidden.append(name)
            return
        if self._hidden:
            return
        if name == "br":
            at = self.where.at(found)
            builder.add_break(at, self.where.at(max(end, found + 1) - 1) + 1)
        for attribute, start, stop in shown:
            self._emit(start, stop, "alt" if attribute == "alt" else "attribute")

    def _emit(self, start: int, end: int, kind: str) -> None:
        """``content[start:end]`` as a unit of its own, character references decoded."""
        unit = UnitBuilder()
        position = start
        for match in ENTITY.finditer(self.content, start, end):
            decoded = decode_reference(match.group())
            if decoded == match.group():
                continue
            if match.start() > position:
                self.where.add(unit, self.content, position, match.start())
            unit.add_decoded(
                decoded, self.where.at(match.start()), self.where.at(match.end() - 1) + 1
            )
            position = match.end()
        if position < end:
            self.where.add(unit, self.content, position, end)
        built = unit.build(kind)
        if built is not None:
            self.units.append(built)

    def _link_open(self, autolink: bool) -> None:
        found = self._find("<" if autolink else "[")
        if found < 0:
            return
        if autolink:  # the URL is not prose: step over it
            close = self.content.find(">", found)
            self.cursor = close + 1 if close >= 0 else found + 1
        else:
            self.cursor = found + 1

    def _label_end(self) -> None:
        """Step over the ``]`` closing a link or image label, and the destination after it.

        Mirrors markdown-it's link rule: an inline ``(destination "title")``, else a reference
        ``[label]``; a shortcut reference ends at the label.
        """
        from markdown_it.helpers import parseLinkDestination, parseLinkLabel, parseLinkTitle

        found = self._find("]")
        if found < 0:
            return
        text, self.cursor = self.content, found + 1
        if text.startswith("(", self.cursor):
            inner = _skip_spaces(text, self.cursor + 1)
            destination = parseLinkDestination(text, inner, len(text))
            if destination.ok and self.md.validateLink(destination.str):
                inner = _skip_spaces(text, destination.pos)
                title = parseLinkTitle(text, inner, len(text))
                if inner != destination.pos and title.ok:
                    self._emit(inner + 1, title.pos - 1, "attribute")  # a reader sees a title
                    inner = _skip_spaces(text, title.pos)
                if text.startswith(")", inner):
                    self.cursor = inner + 1
        elif text.startswith("[", self.cursor):
            label_end = parseLinkLabel(self._inline_state(), self.cursor)
            if label_end >= 0:
                self.cursor = label_end + 1

    def _image(self, token: Token) -> None:
        found = self._find("![")
        if found < 0:
            return
        self.cursor = found + 2
        alt = UnitBuilder()
        self.walk(token.children or [], alt)
        unit = alt.build("alt")
        if unit is not None:
            self.units.append(unit)
        self._label_end()

    def _code(self, marker: str, code: str, builder: UnitBuilder) -> None:
        """Step over a code span, ending where markdown-it's own backtick rule ends it. A span
        that holds one figure and nothing else ("约 `9.32×` 加速", "`3806 ms`") is a value set
        in code type, not code, and one that holds one name ("`torch.compile`") names what
        the prose speaks of: each is read as its words."""
        from markdown_it.rules_inline import backtick

        found = self._find(marker)
        if found < 0:
            return
        if _FIGURE_CODE.fullmatch(code) or _NAME_CODE.fullmatch(code):
            value = self.content.find(code, found + len(marker))
            if value >= 0:
                self.where.add(builder, self.content, value, value + len(code))
        state = self._inline_state()
        state.pos, state.posMax = found, len(self.content)
        self.cursor = state.pos if backtick(state, True) else found + len(marker)

    def _inline_state(self) -> StateInline:
        """markdown-it's inline parser state over this content, to run its rules silently."""
        if self._state is None:
            from markdown_it.rules_inline import StateInline

            self._state = StateInline(self.content, self.md, self.env, [])
        return self._state


_FIGURE_CODE = re.compile(
    r"[~≈<>]?\s?\d[\d.,]*\s?(?:[x×%倍]|ms|s|sec|seconds|tok/s|tokens/s)?", re.IGNORECASE
)
"""A code span's content that is one figure: a factor, a share or a time."""
_NAME_CODE = re.compile(r"-{0,2}[A-Za-z_][\w.\-/]{0,63}")
"""A code span's content that is one name: a function, a flag, a policy or a product
("`torch.compile`", "`--enable-prefix-caching`", "`precise-scheduling`", "`LeastLoad`"), which
names what a figure beside it is of, as its words would."""


def _skip_spaces(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\n":
        position += 1
    return position
