"""The Rich view: a panel for one claim, a table for many, always the summary line."""

from __future__ import annotations

from claimcheck.formats import OutputFormat, RenderOptions, render
from claimcheck.severity import Severity
from tests.formats.sample import claim, finding, report


def test_one_claim_is_a_panel_with_what_was_understood() -> None:
    text = render(
        report([claim("a", [finding("KV101", Severity.WARNING, 3, 5)])]),
        OutputFormat.TEXT,
        RenderOptions(width=100),
    )
    assert "claim a" in text
    assert "112,000 tokens" in text
    assert "≈ 4,148 tokens" in text
    assert "KV101" in text and "message of KV101" in text
    assert text.rstrip().splitlines()[-1] == "1 claim in 1 file: 0 errors, 1 warning, 0 info"
    assert "\x1b[" not in text  # no colour unless asked


def test_many_claims_are_a_table() -> None:
    text = render(
        report([claim("a", [finding("KV202", Severity.ERROR, 3, 5)]), claim("b", [], speedup=6)]),
        OutputFormat.TEXT,
        RenderOptions(width=120),
    )
    assert "Claims" in text
    assert "27x ttft" in text and "6x ttft" in text
    assert "docs/page.md:3:5" in text  # warnings and errors are listed with their place


def test_markup_in_untrusted_text_is_printed_literally() -> None:
    evil = claim("[bold red]x[/]", [])
    text = render(report([evil, claim("b", [])]), OutputFormat.TEXT, RenderOptions(width=120))
    assert "[bold red]x[/]" in text


def test_colour_when_asked() -> None:
    text = render(
        report([claim("a", [finding("KV202", Severity.ERROR, 1, 1)])]),
        OutputFormat.TEXT,
        RenderOptions(width=100, color=True),
    )
    assert "\x1b[" in text
