"""Markdown for PR comments: a table of what matters, info folded away, input errors listed."""

from __future__ import annotations

import pytest

from claimcheck.formats import OutputFormat, render
from claimcheck.formats.tables import markdown_text
from claimcheck.severity import Severity
from tests.formats.ci_sample import build, hit, problem


def test_table_then_details_then_input_errors() -> None:
    findings = [
        hit("KV201", Severity.INFO, line=1, message="breakeven 4,148 tokens"),
        hit("KV101", Severity.WARNING, line=2, message="a | b\r\nc"),
        hit("KV202", Severity.ERROR, line=4, column=1, message="under <2 s & more"),
        hit("KV103", Severity.WARNING, line=6, suppressed=True),
    ]
    text = render(
        build(findings, [problem("claims/bad.yaml", "two\nlines", line=3)]), OutputFormat.MARKDOWN
    )
    assert text == (
        "## claimcheck\n"
        "\n"
        "1 claim in 1 file: 1 error, 1 warning, 1 info; 1 suppressed; 1 input could not be audited\n"
        "\n"
        "| severity | rule | place | message |\n"
        "|---|---|---|---|\n"
        "| error | KV202 name-kv202 | docs/page.md:4:1 | under \\<2 s \\& more |\n"
        "| warning | KV101 name-kv101 | docs/page.md:2:5 | a \\| b<br>c |\n"
        "\n"
        "<details>\n"
        "<summary>1 info finding</summary>\n"
        "\n"
        "| rule | place | message |\n"
        "|---|---|---|\n"
        "| KV201 name-kv201 | docs/page.md:1:5 | breakeven 4,148 tokens |\n"
        "\n"
        "</details>\n"
        "\n"
        "### Input errors\n"
        "\n"
        "- claims/bad.yaml:3: two<br>lines\n"
    )


def test_empty_report_says_no_findings() -> None:
    text = render(build([]), OutputFormat.MARKDOWN)
    assert "No findings." in text
    assert "|" not in text
    assert "<details>" not in text


def test_only_suppressed_findings_is_no_findings() -> None:
    text = render(build([hit(suppressed=True)]), OutputFormat.MARKDOWN)
    assert "No findings." in text
    assert "KV101" not in text


def test_info_only_has_no_main_table() -> None:
    text = render(
        build([hit("KV201", Severity.INFO), hit("KV302", Severity.INFO)]), OutputFormat.MARKDOWN
    )
    assert "| severity |" not in text
    assert "<summary>2 info findings</summary>" in text


def test_command_line_text_is_placed_as_text() -> None:
    text = render(
        build([hit("KV202", Severity.ERROR, path=None, line=None)]), OutputFormat.MARKDOWN
    )
    assert "| \\<text>:1:5 |" in text


# ---- values from the inputs render as the same literal text --------------------------------

# A hostile value → what it must not become on GitHub.
HOSTILE = {
    "image": "![x](http://e.example/i.png)",
    "link": "[click](javascript:alert(1))",
    "autolinks": "see https://e.example/x, www.e.example and <https://e.example>",
    "raw html": "<img src=x onerror=alert(1)> <details open>",
    "entities": "&amp; &lt;b&gt; &#64;",
    "emphasis": "*a* _b_ **c** ~~d~~ `e` $f$",
    "pipes and backslashes": "a | b \\| c \\",
    "heading": "# not a heading",
    "ordered list": "1. not a list",
    "bullet": "- not a list",
    "quote": "> not a quote",
    "fence": "```",
    "indented heading": "   # not a heading",
    "ordered list, parenthesis": "7) not a list",
    "mention": "@someone",
    "e-mail": "ops@e.example",
    "references": "fixes #12, GH-3 and org/repo#4",
}


def _html(markdown: str) -> str:
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    html_text: str = parser.render(markdown)
    return html_text


def _text_and_tags(html_text: str) -> tuple[str, list[str]]:
    """The text of rendered HTML (entities decoded) and the tags it holds."""
    from html.parser import HTMLParser

    class Collect(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.text: list[str] = []
            self.tags: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append(tag)

        def handle_data(self, data: str) -> None:
            self.text.append(data)

    collect = Collect()
    collect.feed(html_text)
    return "".join(collect.text), collect.tags


@pytest.mark.parametrize("value", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_value_in_a_table_cell_is_literal_text(value: str) -> None:
    # An id or quoted text reaches the report inside a finding's message; a path as its place.
    finding = hit("KV303", Severity.WARNING, path=f"docs/{value}.md", message=f"claim {value}")
    html_text = _html(render(build([finding]), OutputFormat.MARKDOWN))
    text, tags = _text_and_tags(html_text)
    assert f"claim {value}" in text
    assert f"docs/{value}.md:3:5" in text
    # Only the table's own tags, and code spans (for @mentions and #references).
    assert set(tags) <= {"h2", "p", "table", "thead", "tbody", "tr", "th", "td", "code"}


@pytest.mark.parametrize("value", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_value_in_an_input_error_is_literal_text(value: str) -> None:
    # The list item starts with the path: a block (heading, list, quote, fence) could start there.
    report_ = build([], [problem(value, value, line=2)])
    html_text = _html(render(report_, OutputFormat.MARKDOWN))
    text, tags = _text_and_tags(html_text)
    assert f"{value.lstrip()}:2: {value}" in text  # a list item's text starts at its first word
    assert set(tags) <= {"h2", "h3", "p", "ul", "li", "code"}
    assert tags.count("li") == 1


def test_mentions_and_references_are_code_spans() -> None:
    # GitHub links these after the Markdown is rendered, escaped or not (github/markup#1168):
    # only a code span keeps them text.
    finding = hit(message="cc @someone and ops@e.example: fixes #12, GH-3")
    text = render(build([finding]), OutputFormat.MARKDOWN)
    assert "cc `@someone` and ops`@e`.example: fixes `#12`, `GH-3` |" in text


def test_an_image_in_an_id_is_escaped_exactly() -> None:
    finding = hit(message="claim ![x](http://e/i.png) says 27x")
    text = render(build([finding]), OutputFormat.MARKDOWN)
    assert "| claim !\\[x\\](http\\://e/i.png) says 27x |" in text
    assert "![x]" not in text


@pytest.mark.parametrize(
    ("value", "markdown"),
    [
        ("![x](http://e/i.png)", "!\\[x\\](http\\://e/i.png)"),
        # GFM's autolinks: escaped where they start, as no renderer here draws them.
        (
            "see https://e.example, ftp://e.example, www.e.example",
            "see https\\://e.example, ftp\\://e.example, www\\.e.example",
        ),
        ("# a", "\\# a"),
        ("  12. a", "  12\\. a"),
        ("2) a", "2\\) a"),
        ("- a", "\\- a"),
        ("+ a", "\\+ a"),
        ("> a", "\\> a"),
        ("@user and a@b.example", "`@user` and a`@b`.example"),
        ("a|b\\c", "a\\|b\\\\c"),
        ("two\r\nlines\x1b", "two<br>lines\\\\x1b"),
        # What starts a construct nowhere stays as it is: places and prose read as written.
        (
            "claims/c-d.yaml:7:1 (125% apart). 1. - # ok!",
            "claims/c-d.yaml:7:1 (125% apart). 1. - # ok!",
        ),
    ],
)
def test_markdown_text_escapes_exactly_what_is_active(value: str, markdown: str) -> None:
    assert markdown_text(value) == markdown
