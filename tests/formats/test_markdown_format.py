"""Markdown for PR comments: a table of what matters, info folded away, input errors listed."""

from __future__ import annotations

from claimcheck.formats import OutputFormat, render
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
        "| error | KV202 name-kv202 | docs/page.md:4:1 | under &lt;2 s &amp; more |\n"
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
    assert "| &lt;text&gt;:1:5 |" in text
