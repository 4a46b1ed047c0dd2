"""``path:line:col: CODE [severity] message``, suppressed findings left out, a summary last."""

from __future__ import annotations

import re

from claimcheck.formats import OutputFormat, RenderOptions, render
from claimcheck.formats.concise_format import summary_line
from claimcheck.report import InputProblem, Summary
from claimcheck.severity import Severity
from tests.formats.sample import claim, finding, report


def test_lines_and_summary() -> None:
    findings = [
        finding("KV101", Severity.WARNING, 3, 5),
        finding("KV202", Severity.ERROR, 4, 1),
        finding("KV103", Severity.WARNING, 5, 2, suppressed=True),
    ]
    text = render(
        report([claim("a", findings)], [InputProblem(path="x.yaml", message="bad")]),
        OutputFormat.CONCISE,
    )
    assert text.splitlines() == [
        "docs/page.md:3:5: KV101 [warning] message of KV101",
        "docs/page.md:4:1: KV202 [error] message of KV202",
        "1 claim in 1 file: 1 error, 1 warning, 0 info; 1 input could not be audited",
    ]


def test_colour_marks_the_place_and_the_severity_and_changes_no_text() -> None:
    findings = [finding("KV202", Severity.ERROR, 4, 1), finding("KV101", Severity.WARNING, 3, 5)]
    sample = report([claim("a", findings)])
    plain = render(sample, OutputFormat.CONCISE, RenderOptions(color=False))
    coloured = render(sample, OutputFormat.CONCISE, RenderOptions(color=True))
    assert "\x1b[" not in plain
    assert "\x1b[1mdocs/page.md:4:1:\x1b[0m \x1b[1;31mKV202 [error]\x1b[0m" in coloured
    assert "\x1b[33mKV101 [warning]\x1b[0m" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain


def test_the_summary_names_files_only_where_claims_came_from_files() -> None:
    counts = {"error": 0, "warning": 2, "info": 1}
    assert summary_line(Summary(files=0, claims=1, findings=counts)) == (
        "1 claim: 0 errors, 2 warnings, 1 info"
    )
    # an empty folder says it read nothing
    assert summary_line(Summary(files=0, claims=0, findings=counts)) == (
        "0 claims in 0 files: 0 errors, 2 warnings, 1 info"
    )
    assert summary_line(Summary(files=2, claims=3, findings=counts)).startswith(
        "3 claims in 2 files"
    )
