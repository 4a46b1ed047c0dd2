"""HTML: block text, table rows, alt text and shown attributes as units; code, scripts and
comments skipped."""

from __future__ import annotations

from claimcheck.documents import scan_html

from .helpers import all_positions, expected, find, found, texts

PAGE = """<!DOCTYPE html>
<html><head><title>KV offload: 27&times; faster</title>
<script>const claim = "<p>99x faster</p>";</script><style>p::after { content: "98x" }</style>
</head><body>
<h1>LMCache 🚀 27&#215; faster TTFT</h1>
<p>We load <b>112K</b> tokens in 2.1&nbsp;s
   instead of 57 s.<br>That is <code>50x</code> or 27x.</p>
<pre>70x in preformatted code</pre>
<!-- 80x in a comment -->
<table>
<tr><th>Model<th>Context<th>Speedup
<tr><td>Llama 3.1 70B</td><td>128K</td><td><p>27x <i>faster</i></p></td></tr>
</table>
<ul><li>Prefill 64K in 3.2 s<li>Chart: <img src="c.png" alt="TTFT &times; 27, 2.1 s"></ul>
<div>Unclosed div with 3x
<p>First 4x<p>Second 5x
<noscript>90x</noscript><template><p>91x</p></template><svg><text>92x</text></svg>
"""


def test_units_hold_exactly_the_prose() -> None:
    assert texts(scan_html(PAGE)) == [
        ("heading", "KV offload: 27× faster"),
        ("heading", "LMCache 🚀 27× faster TTFT"),
        ("paragraph", "We load 112K tokens in 2.1\xa0s instead of 57 s. That is or 27x."),
        ("table_row", "Model | Context | Speedup"),
        ("table_row", "Llama 3.1 70B | 128K | 27x faster"),
        ("list_item", "Prefill 64K in 3.2 s"),
        ("list_item", "Chart:"),
        ("alt", "TTFT × 27, 2.1 s"),
        ("paragraph", "Unclosed div with 3x"),
        ("paragraph", "First 4x"),
        ("paragraph", "Second 5x"),
        ("text", "90x"),  # <noscript> is shown when scripts are off
        ("paragraph", "91x"),  # <template> is shown once a script clones it
    ]


def test_positions_of_chosen_words() -> None:
    document = scan_html(PAGE)
    assert found(document, "27× faster TTFT") == expected(PAGE, 5, "27&#215;")
    assert found(document, "faster TTFT") == expected(PAGE, 5, "faster TTFT")
    assert found(document, "TTFT") == expected(PAGE, 5, "TTFT")
    assert found(document, "instead") == expected(PAGE, 7, "instead")
    assert found(document, "or 27x") == expected(PAGE, 7, "or 27x")  # after <code>
    assert found(document, "27x faster") == expected(PAGE, 12, "27x <i>")  # third cell
    assert found(document, "128K") == expected(PAGE, 12, "128K")
    assert found(document, "TTFT ×") == expected(PAGE, 14, "TTFT &times;")
    assert found(document, ", 2.1 s") == expected(PAGE, 14, ", 2.1 s")
    assert found(document, "Second") == expected(PAGE, 16, "Second")


def test_entities_map_to_their_start_and_are_marked() -> None:
    document = scan_html(PAGE)
    unit, index = find(document, "× faster TTFT")
    assert not unit.is_verbatim(index)
    start, end = unit.source_span(index, index + 1)
    assert PAGE[start:end] == "&#215;"
    unit, index = find(document, "\xa0s")
    assert PAGE[slice(*unit.source_span(index, index + 1))] == "&nbsp;"


def test_whitespace_collapses_to_one_space_mapped_to_the_run() -> None:
    document = scan_html(PAGE)
    unit, index = find(document, " instead")
    assert not unit.is_verbatim(index)
    start, end = unit.source_span(index, index + 1)
    assert PAGE[start:end] == "\n   "


def test_cell_separator_maps_to_the_cell_tag() -> None:
    document = scan_html(PAGE)
    unit, index = find(document, " | 128K")
    assert PAGE[slice(*unit.source_span(index, index + 1))] == "<td>"


def test_crlf_page_gives_identical_positions() -> None:
    lf, crlf = scan_html(PAGE), scan_html(PAGE.replace("\n", "\r\n"))
    assert texts(crlf) == texts(lf)
    assert all_positions(crlf) == all_positions(lf)


def test_malformed_markup_is_read_as_browsers_would() -> None:
    source = (
        "<p>a < b and 5 > 3, &unknown; &amp 2x</p>\n"
        "<p title='x > y'>quoted > is inside the tag</p>\n"
        "<p>bogus <!x> and </ > and <?pi?> and </>gone</p>\n"
        "<![CDATA[ 60x ]]><p>after cdata\n"
        "<p>cut <a href='never closed>\n"
    )
    assert texts(scan_html(source)) == [
        ("paragraph", "a < b and 5 > 3, &unknown; & 2x"),
        ("attribute", "x > y"),
        ("paragraph", "quoted > is inside the tag"),
        ("paragraph", "bogus and and and gone"),
        ("paragraph", "after cdata"),
        ("paragraph", "cut"),
    ]


def test_unclosed_comment_and_raw_text_run_to_the_end() -> None:
    assert texts(scan_html("<p>a 2x<!-- never closed <p>9x")) == [("paragraph", "a 2x")]
    assert texts(scan_html("<p>b 3x<script>if (a<b) {} <p>9x")) == [("paragraph", "b 3x")]


def test_implied_end_tags_in_lists_and_tables() -> None:
    source = "<dl><dt>Term 2x<dd>Def 3x</dl><table><td>lone 4x<td>cell</table><h2>A<h3>B</h3>"
    assert texts(scan_html(source)) == [
        ("list_item", "Term 2x"),
        ("list_item", "Def 3x"),
        ("table_row", "lone 4x | cell"),
        ("heading", "A"),
        ("heading", "B"),
    ]


def test_paragraphs_in_list_items_and_quotes_take_their_kind() -> None:
    source = "<ul><li><p>one 2x</p></li></ul><blockquote><div>said 3x</div></blockquote>"
    assert texts(scan_html(source)) == [("list_item", "one 2x"), ("blockquote", "said 3x")]


def test_huge_numeric_reference_does_not_raise() -> None:
    assert texts(scan_html("<p>x &#" + "1" * 5000 + "; y</p>")) == [("paragraph", "x \ufffd y")]


def test_text_a_reader_sees_outside_the_body_is_read() -> None:
    source = (
        '<head><meta name="description" content="KV offload: 27&times; faster TTFT">'
        '<meta property="og:title" content="LMCache 30x"><meta name="viewport" content="3x">'
        "</head><body><p title='31x faster'>Body <a href=u aria-label=\"32x\">link</a>"
        "<img src=a alt=33x title=34x></p></body>"
    )
    assert texts(scan_html(source)) == [
        ("attribute", "KV offload: 27× faster TTFT"),
        ("attribute", "LMCache 30x"),
        ("attribute", "31x faster"),
        ("paragraph", "Body link"),
        ("attribute", "32x"),
        ("alt", "33x"),
        ("attribute", "34x"),
    ]
    assert found(scan_html(source), "27× faster") == expected(source, 1, "27&times; faster")
