"""HTML documents: prose units from a small linear-time tokenizer, each character mapped back.

Not ``html.parser``: on Python 3.11 it takes quadratic time on unclosed markup (90 KB of
``<a `` takes minutes) and raises on ``<![foo[``. This tokenizer follows the HTML5 states that
matter for prose (text, tags with quoted attributes, comments, bogus comments, raw-text
elements, implied end tags) and consumes input at every step.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from html import unescape
from typing import NamedTuple

from claimcheck.documents.document import Document, assemble
from claimcheck.documents.lines import line_bounds
from claimcheck.documents.suppressions import Comment, comment_end
from claimcheck.documents.units import TextUnit, UnitBuilder

_MARKUP = re.compile(r"<[A-Za-z/!?]")
_TAG_NAME = re.compile(r"[A-Za-z][^\t\n\f\r />]*")
_BETWEEN = re.compile(r"[\t\n\f\r /]*")
_ATTRIBUTE = re.compile(
    r"""([^\t\n\f\r />][^\t\n\f\r />=]*)"""
    r"""(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)("?)|'([^']*)('?)|([^\t\n\f\r >]*)))?"""
)
ENTITY = re.compile(r"&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?)")

_HEADINGS = frozenset(f"h{level}" for level in range(1, 7))
_CONTAINERS = (
    {"html", "body", "main", "article", "section", "header", "footer", "aside", "nav", "search"}
    | {"ul", "ol", "dl", "menu", "table", "thead", "tbody", "tfoot"}
    | {"form", "fieldset", "figure", "hgroup", "dialog", "details", "noscript", "template"}
)
_PARAGRAPHS = {"p", "div", "figcaption", "caption", "summary", "legend", "address", "center"}
# The unit kind of text directly inside each block element; other elements are inline.
_KINDS = {
    **dict.fromkeys(_CONTAINERS, "text"),
    **dict.fromkeys(_PARAGRAPHS, "paragraph"),
    **dict.fromkeys(_HEADINGS, "heading"),
    **dict.fromkeys(("li", "dt", "dd"), "list_item"),
    "blockquote": "blockquote",
    **dict.fromkeys(("tr", "td", "th"), "table_row"),
}
# Paragraphs and containers inside these take their kind, as Markdown list paragraphs do.
_INHERITING = frozenset(("list_item", "blockquote", "table_row"))
_SKIPPED_BLOCKS = frozenset(("pre",))
_SKIPPED_INLINE = frozenset(("code", "tt", "svg", "math"))
_SKIPPED = _SKIPPED_BLOCKS | _SKIPPED_INLINE
_RAW_TEXT = frozenset(
    {"script", "style", "textarea", "xmp", "iframe", "noembed", "noframes", "title"}
)
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta"}
    | {"param", "source", "track", "wbr"}
)
_CELLS = frozenset(("td", "th"))
# Struck-out text: what was removed from a page, shown crossed out
# (https://html.spec.whatwg.org/multipage/edits.html#the-del-element,
# https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-s-element).
_STRUCK = frozenset(("del", "s", "strike"))
# A style that hides an element (https://developer.mozilla.org/en-US/docs/Web/CSS/display,
# https://developer.mozilla.org/en-US/docs/Web/CSS/visibility).
_HIDING_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)", re.IGNORECASE
)
# Attributes whose text a reader sees or hears (README "Lint marketing pages"); a <meta> element's
# content only when it describes the page.
SHOWN_ATTRIBUTES = frozenset(("alt", "title", "aria-label"))
_DESCRIPTIONS = frozenset(
    ("description", "og:description", "og:title", "twitter:description", "twitter:title")
)
# Start tags that end an open element (HTML's implied end tags), up to a barrier element.
_IMPLIED_ENDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "li": (frozenset(("li",)), frozenset(("ul", "ol", "menu", "table"))),
    "dt": (frozenset(("dt", "dd")), frozenset(("dl", "table"))),
    "dd": (frozenset(("dt", "dd")), frozenset(("dl", "table"))),
    "tr": (frozenset(("tr",)), frozenset(("table",))),
    "td": (_CELLS, frozenset(("tr", "table"))),
    "th": (_CELLS, frozenset(("tr", "table"))),
    **dict.fromkeys(
        ("thead", "tbody", "tfoot"),
        (frozenset(("thead", "tbody", "tfoot")), frozenset(("table",))),
    ),
}
_ENDS_P = frozenset(_KINDS) - {"tr", "td", "th", "thead", "tbody", "tfoot", "caption"} | {"pre"}
# Deeper unclosed elements are left open: a bound that keeps hostile nesting linear.
_SCAN_LIMIT = 64
_CELL_SEPARATOR = " | "


def scan_html(source: str) -> Document:
    """Prose units, directives and malformed directives of an HTML document."""
    units, comments = read_html(source)
    starts, _ = line_bounds(source)
    return assemble(starts, units, comments)


def read_html(source: str) -> tuple[list[TextUnit], list[Comment]]:
    """The prose units and comments of HTML text (also a Markdown document's HTML blocks)."""
    reader = _HtmlReader(source.replace("\0", "\ufffd"))
    reader.read()
    return reader.units, reader.comments


@lru_cache(maxsize=1024)
def decode_reference(reference: str) -> str:
    """The text a character reference stands for (U+FFFD for a code point beyond Unicode)."""
    if reference.startswith("&#"):
        number = reference[2:].rstrip(";")
        digits = number[1:] if number[:1] in ("x", "X") else number
        if len(digits.lstrip("0")) > 8:
            return "\ufffd"  # beyond Unicode, and beyond what int() accepts for huge inputs
    return unescape(reference)


@cache
def _end_tag(name: str) -> re.Pattern[str]:
    return re.compile(rf"</{name}(?=[\t\n\f\r />]|\Z)", re.IGNORECASE)


class Tag(NamedTuple):
    """A tag as ``tag_attributes`` reads it."""

    name: str
    end: int
    shown: list[tuple[str, int, int]]
    hidden: bool = False
    """A browser does not show the element's text as text: it has a ``hidden`` attribute or a
    hiding style, or it is struck out (``<del>``, ``<s>``, ``<strike>``)."""


def tag_attributes(source: str, start: int, *, shown: bool = True) -> Tag:
    """The tag whose name starts at ``start``: its lower-case name, the offset just past it
    (``-1`` when the input ends first or a quoted value never closes), when ``shown`` the
    value ranges of the attributes a reader sees (``SHOWN_ATTRIBUTES``, and a describing
    ``<meta>``'s content), in source order, and whether it hides its text
    (https://html.spec.whatwg.org/multipage/interaction.html#the-hidden-attribute)."""
    name_match = _TAG_NAME.match(source, start)
    assert name_match is not None
    name, position = name_match.group().lower(), name_match.end()
    values: list[tuple[str, int, int]] = []
    meta_content: tuple[int, int] | None = None
    describes = False
    hidden = name in _STRUCK
    while True:
        between = _BETWEEN.match(source, position)
        position = between.end() if between else position
        if position >= len(source):
            return Tag(name, -1, [])
        if source[position] == ">":
            if meta_content is not None and describes:
                values.append(("content", *meta_content))
            return Tag(name, position + 1, values, hidden)
        attribute = _ATTRIBUTE.match(source, position)
        assert attribute is not None
        if attribute.group(3) == "" or attribute.group(5) == "":
            return Tag(name, -1, [])  # a quoted value never closed
        position = attribute.end()
        if not shown:
            continue
        key = attribute.group(1).lower()
        group = next((g for g in (2, 4, 6) if attribute.group(g) is not None), None)
        if key == "hidden":
            hidden = True
        if group is None:
            continue
        if key == "style" and _HIDING_STYLE.search(attribute.group(group)):
            hidden = True
        if key in SHOWN_ATTRIBUTES:
            values.append((key, *attribute.span(group)))
        elif name == "meta" and key == "content":
            meta_content = attribute.span(group)
        elif name == "meta" and key in ("name", "property"):
            describes = describes or attribute.group(group).strip().lower() in _DESCRIPTIONS


class _Open(NamedTuple):
    """An open element: its name, the unit kind of text inside it, whether its text is
    skipped (code, hidden or struck out)."""

    name: str
    kind: str
    skipped: bool


def _inline(name: str) -> bool:
    """Is ``name`` an inline element, whose start and end tags do not part units?"""
    return name in _SKIPPED_INLINE or (name not in _KINDS and name not in _SKIPPED_BLOCKS)


class _HtmlReader:
    """Tokenizes the source and keeps a stack of open block and skipped elements."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.units: list[TextUnit] = []
        self.comments: list[Comment] = []
        self.builder = UnitBuilder()
        self.stack: list[_Open] = []
        self.counts: dict[str, int] = {}
        self.cells = 0
        self.rows = 0
        self.skipping = 0

    def read(self) -> None:
        source, position = self.source, 0
        while position < len(source):
            match = _MARKUP.search(source, position)
            if match is None:
                self._text(position, len(source))
                break
            if match.start() > position:
                self._text(position, match.start())
            position = self._markup(match.start())
        self._flush()

    def _markup(self, start: int) -> int:
        source = self.source
        marker = source[start + 1]
        if marker == "!":
            return (
                self._comment(start) if source.startswith("<!--", start) else self._bogus(start + 2)
            )
        if marker == "?":
            return self._bogus(start + 1)
        if marker != "/":
            return self._start_tag(start)
        following = source[start + 2 : start + 3]
        if following.isascii() and following.isalpha():
            return self._end_tag(start)
        if following == ">":
            return start + 3
        if not following:
            self._text(start, start + 2)
            return start + 2
        return self._bogus(start + 2)

    def _bogus(self, start: int) -> int:
        close = self.source.find(">", start)
        return close + 1 if close >= 0 else len(self.source)

    def _comment(self, start: int) -> int:
        source = self.source
        bounds = comment_end(source, start)
        if bounds is None:
            self.comments.append(Comment(start, len(source), source[start + 4 :], False))
            return len(source)
        body_end, end = bounds
        self.comments.append(Comment(start, end, source[start + 4 : body_end]))
        return end

    def _start_tag(self, start: int) -> int:
        name, end, shown, hidden = tag_attributes(self.source, start + 1)
        if end < 0:
            return len(self.source)  # a tag cut off by the end of input is dropped, as browsers do
        if not self.skipping and not hidden:
            for attribute, value_start, value_end in shown:
                self._emit_text(
                    value_start, value_end, "alt" if attribute == "alt" else "attribute"
                )
        if name in _RAW_TEXT:
            match = _end_tag(name).search(self.source, end)
            close = match.start() if match else len(self.source)
            if name == "title" and not self.skipping:
                self._emit_text(end, close, "heading")
            return close
        if name == "plaintext":
            return len(self.source)
        if self.source[end - 2] == "/" and name in _SKIPPED_INLINE:
            return end  # <svg/> is self-closing in foreign content
        if name in _VOID:
            self._void(name, start, end)
        elif name in _KINDS or name in _SKIPPED:
            self._open(name, start, end, hidden)
        elif hidden or (self.skipping and self.counts.get(name)):
            # A hidden inline element, or one of its name inside a skipped one (so that its
            # end tag does not end the hidden one early), is kept on the stack.
            self._push(name, hidden=True)
        return end

    def _end_tag(self, start: int) -> int:
        name, end, _, _ = tag_attributes(self.source, start + 2, shown=False)
        if end < 0:
            return len(self.source)
        if self.counts.get(name):
            index = len(self.stack) - 1
            while self.stack[index].name != name:
                index -= 1
            cells_left, _ = self._left_after(index)
            if name not in _CELLS and not _inline(name):
                self._boundary(start, end, cells_left)
            self._pop(index)
        return end

    def _void(self, name: str, start: int, end: int) -> None:
        if self.skipping:
            return
        if name == "br":
            self.builder.add_break(start, end)
        elif name == "hr":
            self._boundary(start, end, self.cells)

    def _open(self, name: str, start: int, end: int, hidden: bool) -> None:
        index = self._implied_end(name)
        cells_left, rows_left = self._left_after(index)
        if name in _CELLS and rows_left:
            self.builder.add_separator(_CELL_SEPARATOR, start, end)
        elif not _inline(name):
            self._boundary(start, end, cells_left)
        self._pop(index)
        if name in _CELLS and not rows_left:
            self._push("tr")  # a cell outside any row starts one, as in HTML
        self._push(name, hidden)

    def _implied_end(self, name: str) -> int:
        """Index of the first stack entry that starting ``name`` closes (stack length if none)."""
        stack, top = self.stack, len(self.stack)
        rule = _IMPLIED_ENDS.get(name)
        if rule is not None:
            closes, barriers = rule
            for index in range(top - 1, max(top - 1 - _SCAN_LIMIT, -1), -1):
                tag = stack[index].name
                if tag in closes:
                    return index
                if tag in barriers:
                    break
        if stack:
            last = stack[-1].name
            if (last == "p" and name in _ENDS_P) or (last in _HEADINGS and name in _HEADINGS):
                return top - 1
        return top

    def _left_after(self, index: int) -> tuple[int, int]:
        """Open cells and rows once the stack is cut at ``index``."""
        cells, rows = self.cells, self.rows
        for entry in self.stack[index:]:
            cells -= entry.name in _CELLS
            rows -= entry.name == "tr"
        return cells, rows

    def _boundary(self, start: int, end: int, cells_left: int) -> None:
        """A block starts or ends: inside a table cell it only separates words."""
        if cells_left:
            self.builder.add_break(start, end)
        else:
            self._flush()

    def _push(self, name: str, hidden: bool = False) -> None:
        parent = self.stack[-1].kind if self.stack else "text"
        own = _KINDS.get(name)
        inherit = own is None or (own in ("paragraph", "text") and parent in _INHERITING)
        skipped = hidden or name in _SKIPPED
        self.stack.append(_Open(name, parent if inherit else own or parent, skipped))
        self.counts[name] = self.counts.get(name, 0) + 1
        self.cells += name in _CELLS
        self.rows += name == "tr"
        self.skipping += skipped

    def _pop(self, index: int) -> None:
        for entry in self.stack[index:]:
            self.counts[entry.name] -= 1
            self.cells -= entry.name in _CELLS
            self.rows -= entry.name == "tr"
            self.skipping -= entry.skipped
        del self.stack[index:]

    def _flush(self) -> None:
        unit = self.builder.build(self.stack[-1].kind if self.stack else "text")
        if unit is not None:
            self.units.append(unit)
            self.builder = UnitBuilder()

    def _text(self, start: int, end: int) -> None:
        if not self.skipping:
            self._add(self.builder, start, end)

    def _emit_text(self, start: int, end: int, kind: str) -> None:
        builder = UnitBuilder()
        self._add(builder, start, end)
        unit = builder.build(kind)
        if unit is not None:
            self.units.append(unit)

    def _add(self, builder: UnitBuilder, start: int, end: int) -> None:
        """Add source text, decoding character references with their positions kept."""
        source, position = self.source, start
        if source.find("&", start, end) >= 0:
            for match in ENTITY.finditer(source, start, end):
                decoded = decode_reference(match.group())
                if decoded == match.group():
                    continue  # not a reference: stays in the verbatim text
                if match.start() > position:
                    builder.add(source[position : match.start()], position)
                builder.add_decoded(decoded, *match.span())
                position = match.end()
        if position < end:
            builder.add(source[position:end], position)


# What ``without_unread_contents`` looks for: a comment, or the start tag of a raw-text element
# or of an SVG image, named in full.
_UNREAD_START = re.compile(
    r"<!--|<(?:script|style|svg|textarea|xmp|iframe|noembed|noframes|title)(?=[\t\n\f\r />])",
    re.IGNORECASE,
)
_BLANKED = frozenset(("script", "style", "svg"))
# The elements of an SVG image the reader skips as markup (https://www.w3.org/TR/SVG2/eltindex.html,
# less foreignObject, whose content is HTML); "style", "script" and "title" are raw text to it.
_SVG_ELEMENTS = frozenset(
    name.lower()
    for name in [
        "svg",
        "g",
        "path",
        "circle",
        "rect",
        "ellipse",
        "line",
        "polyline",
        "polygon",
        "text",
        "tspan",
        "textPath",
        "defs",
        "use",
        "symbol",
        "clipPath",
        "mask",
        "pattern",
        "linearGradient",
        "radialGradient",
        "stop",
        "filter",
        "desc",
        "metadata",
        "image",
        "marker",
        "a",
        "switch",
        "view",
        "animate",
        "animateMotion",
        "animateTransform",
        "set",
        "mpath",
        "feBlend",
        "feColorMatrix",
        "feComponentTransfer",
        "feComposite",
        "feConvolveMatrix",
        "feDiffuseLighting",
        "feDisplacementMap",
        "feDistantLight",
        "feDropShadow",
        "feFlood",
        "feFuncA",
        "feFuncB",
        "feFuncG",
        "feFuncR",
        "feGaussianBlur",
        "feImage",
        "feMerge",
        "feMergeNode",
        "feMorphology",
        "feOffset",
        "fePointLight",
        "feSpecularLighting",
        "feSpotLight",
        "feTile",
        "feTurbulence",
    ]
)
_SVG_RAW_TEXT = frozenset(("style", "script", "title"))
_ANY_TAG = re.compile(r"<!--|<(/?)([A-Za-z][^\t\n\f\r />]*)")


def without_unread_contents(source: str) -> str:
    """``source`` with the contents of its ``<script>`` and ``<style>`` elements and of its
    SVG images removed (their tags stay): text ``read_html`` never reads, which on web pages
    is most of the bytes (scripts, style sheets, icon paths). The page prefilter scans what is
    left. A comment, and every other raw-text element, is passed over as the reader passes
    over it. Left as they are: a start tag that may sit inside another tag, and an SVG image
    holding anything but SVG elements (a comment, HTML that might end it early)."""
    pieces: list[str] = []
    kept = position = 0
    while (match := _UNREAD_START.search(source, position)) is not None:
        start = match.start()
        if match.group() == "<!--":
            bounds = comment_end(source, start)
            if bounds is None:
                break
            position = bounds[1]
            continue
        if source.rfind("<", 0, start) > source.rfind(">", 0, start):
            position = start + 1  # perhaps inside a tag: left as it is
            continue
        name, end, _, _ = tag_attributes(source, start + 1, shown=False)
        if end < 0:
            break
        if name == "svg":
            close = None if source[end - 2] == "/" else _svg_end(source, end)
        else:
            found = _end_tag(name).search(source, end)
            close = found.start() if found else len(source)
        if close is None:
            position = end
            continue
        if name in _BLANKED:
            pieces.append(source[kept:end])
            kept = close
        position = close
    if not pieces:
        return source
    pieces.append(source[kept:])
    return "".join(pieces)


def _svg_end(source: str, start: int) -> int | None:
    """Where the SVG image whose content starts at ``start`` ends (its ``</svg>``, nested
    images counted, raw text passed over as the reader passes over it), or ``None`` when it
    never ends or holds a comment or a tag that is no SVG element."""
    depth = 1
    position = start
    while (tag := _ANY_TAG.search(source, position)) is not None:
        if tag.group() == "<!--":
            return None
        name = tag.group(2).lower()
        if name not in _SVG_ELEMENTS and name not in _SVG_RAW_TEXT:
            return None
        if tag.group(1):  # an end tag
            position = tag.end()
            if name == "svg":
                depth -= 1
                if depth == 0:
                    return tag.start()
            continue
        end = tag_attributes(source, tag.start() + 1, shown=False).end
        if end < 0:
            return None
        position = end
        if name in _SVG_RAW_TEXT:
            found = _end_tag(name).search(source, end)
            if found is None:
                return None
            position = found.start()
        elif name == "svg" and source[end - 2] != "/":
            depth += 1
    return None
