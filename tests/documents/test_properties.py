"""Properties over arbitrary text: scanning never raises and every mapped character is exact."""

from __future__ import annotations

from typing import Literal

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimcheck.documents import Document, scan
from claimcheck.extract.sentences import sentence_spans

Kind = Literal["markdown", "html", "text"]
KINDS: tuple[Kind, ...] = ("markdown", "html", "text")
UNIT_KINDS = {
    "heading",
    "paragraph",
    "list_item",
    "table_row",
    "blockquote",
    "alt",
    "attribute",
    "text",
}
# Pieces of markup in all three formats, so that random documents exercise the parsers.
FRAGMENTS = [
    *(
        "**",
        "*",
        "_",
        "`",
        "``",
        "\\",
        "\\*",
        "\\|",
        "[",
        "]",
        "(",
        ")",
        "![",
        "](u)",
        '[a](b "t")',
    ),
    *("<https://x.y/2x>", "[r]: /u\n", "[r]", "# ", "> ", "- ", "1. ", "    ", "\t", "---"),
    *("```", "~~~", "===", "+++", "|", "| a | b |\n|---|---|\n", "\n", "\r\n", "\r", "\n\n"),
    *("<p>", "</p>", "<td>", "<tr>", "<li>", "<br>", "<div>", "<pre>", "</pre>", "<code>"),
    *("<script>", "</script>", "<title>", "<img alt='x &amp; y'>", '<a href="x">', "</a>"),
    *("<!--", "-->", "<!-- x -->", "<![CDATA[", "<?", "<!x>", "<", ">", "&", ";", "=", '"'),
    *("&times;", "&#215;", "&amp", "&#x1F600;", "&#0;", "&nbsp;", "&bogus;"),
    *("<!-- claimcheck: disable-line KV103 -->", "<!-- claimcheck: disable KV1 -- r -->"),
    *("<!-- claimcheck: enable KV1 -->", "<!-- claimcheck: nope -->"),
    *("27x", "2.1 s", "e.g. ", "v2.1.3. ", "Next", "🚀", "×", "\0", "\ufeff", "\u2028", " "),
]
documents = st.one_of(
    st.text(),
    st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=3), max_size=40).map("".join),
)


def check(source: str, document: Document) -> None:
    lines = len(document.line_starts)
    starts = [unit.start for unit in document.units]
    assert starts == sorted(starts)
    for unit in document.units:
        assert unit.kind in UNIT_KINDS
        assert unit.text and unit.text == unit.text.strip(" \t\n\r\f")
        assert "\n" not in unit.text and "\r" not in unit.text
        previous = 0
        for index, char in enumerate(unit.text):
            start, end = unit.source_span(index, index + 1)
            assert start == unit.source_offset(index)
            assert previous <= start < end <= len(source)
            previous = start
            assert 1 <= document.position(start)[0] <= lines
            marked = source[start:end]
            if unit.is_verbatim(index):
                assert marked == char or (marked == "\0" and char == "\ufffd")
            elif char.isspace() or char == "|":
                # An inserted space or cell separator: at whitespace, a tag, a line end or a pipe.
                assert marked.isspace() or marked[0] in "<|&"
            else:
                assert marked[0] == "&"  # a decoded character reference
        sentences = sentence_spans(unit.text, 0, len(unit.text))
        assert all(0 <= s < e <= len(unit.text) for s, e in sentences)
        assert sentences == sorted(sentences)
    for directive in document.directives:
        assert 1 <= directive.line <= lines
        assert 1 <= directive.first_line <= directive.last_line + 1 <= lines + 1
    for problem in document.problems:
        assert 1 <= problem.line <= lines


@settings(max_examples=300, deadline=None)
@given(documents, st.sampled_from(KINDS))
@example("\u2028\n0", "markdown")  # a line of only U+2028 before a paragraph
@example("\u2028\n&times;", "markdown")
@example("\x1f\x0c", "markdown")  # a paragraph of a character Python's strip() drops
@example("\x1f\r0", "markdown")  # its first line is that character, not the next one
def test_scan_never_raises_and_maps_every_character(source: str, kind: Kind) -> None:
    check(source, scan(source, kind))


@settings(max_examples=200, deadline=None)
@given(documents.map(lambda s: s.replace("\r", "")), st.sampled_from(KINDS))
def test_crlf_twin_gives_the_same_text_and_positions(source: str, kind: Kind) -> None:
    lf, crlf = scan(source, kind), scan(source.replace("\n", "\r\n"), kind)
    assert [u.text for u in crlf.units] == [u.text for u in lf.units]
    assert [
        [crlf.position(u.source_offset(i)) for i in range(len(u.text))] for u in crlf.units
    ] == [[lf.position(u.source_offset(i)) for i in range(len(u.text))] for u in lf.units]
    assert [(d.line, d.column, d.first_line, d.last_line) for d in crlf.directives] == [
        (d.line, d.column, d.first_line, d.last_line) for d in lf.directives
    ]
