"""GitHub workflow commands: exact escaping, severity order, the annotation cap, the job summary."""

from __future__ import annotations

import re

from claimcheck.formats import OutputFormat, render
from claimcheck.formats.github_format import step_summary
from claimcheck.severity import Severity
from tests.formats.ci_sample import build, hit, problem


def lines(text: str) -> list[str]:
    return text.splitlines()


def test_file_name_and_message_are_escaped_exactly() -> None:
    finding = hit(
        path="a,b:c%d.md",
        name="odd,name:1",
        message="50% faster\r\nat 1:2, really",
        end_column=9,
    )
    assert lines(render(build([finding]), OutputFormat.GITHUB)) == [
        "::warning file=a%2Cb%3Ac%25d.md,line=3,endLine=3,col=5,endColumn=9,"
        "title=claimcheck KV101 (odd%2Cname%3A1)::50%25 faster%0D%0Aat 1:2, really"
    ]


def test_input_errors_then_errors_then_warnings_then_notices() -> None:
    findings = [
        hit("KV201", Severity.INFO, line=1),
        hit("KV101", Severity.WARNING, line=2),
        hit("KV202", Severity.ERROR, line=4),
        hit("KV103", Severity.WARNING, line=5),
    ]
    errors = [problem("claims/bad.yaml", "unknown field", line=3, column=1)]
    assert lines(render(build(findings, errors), OutputFormat.GITHUB)) == [
        "::error file=claims/bad.yaml,line=3,col=1,title=claimcheck input error::unknown field",
        "::error file=docs/page.md,line=4,endLine=4,col=5,title=claimcheck KV202 (name-kv202)::message of KV202",
        "::warning file=docs/page.md,line=2,endLine=2,col=5,title=claimcheck KV101 (name-kv101)::message of KV101",
        "::warning file=docs/page.md,line=5,endLine=5,col=5,title=claimcheck KV103 (name-kv103)::message of KV103",
        "::notice file=docs/page.md,line=1,endLine=1,col=5,title=claimcheck KV201 (name-kv201)::message of KV201",
    ]


def test_columns_only_when_the_finding_sits_on_one_line() -> None:
    finding = hit(line=3, end_line=5, end_column=2)
    assert lines(render(build([finding]), OutputFormat.GITHUB)) == [
        "::warning file=docs/page.md,line=3,endLine=5,title=claimcheck KV101 (name-kv101)::message of KV101"
    ]


def test_missing_numbers_default_to_one() -> None:
    finding = hit(line=None, column=None)
    assert lines(render(build([finding]), OutputFormat.GITHUB)) == [
        "::warning file=docs/page.md,line=1,endLine=1,col=1,title=claimcheck KV101 (name-kv101)::message of KV101"
    ]


def test_command_line_text_and_pathless_errors_get_general_annotations() -> None:
    report = build([hit("KV202", Severity.ERROR, path=None)], [problem(None, "stdin is empty")])
    assert lines(render(report, OutputFormat.GITHUB)) == [
        "::error title=claimcheck input error::stdin is empty",
        "::error title=claimcheck KV202 (name-kv202)::message of KV202",
    ]


def test_input_error_without_line_names_only_the_file() -> None:
    report = build([], [problem("claims/gone.yaml", "cannot read: permission denied")])
    assert lines(render(report, OutputFormat.GITHUB)) == [
        "::error file=claims/gone.yaml,title=claimcheck input error::cannot read: permission denied"
    ]


def test_suppressed_findings_are_left_out() -> None:
    findings = [hit(suppressed=True, suppression_reason="reviewed"), hit("KV202", Severity.ERROR)]
    out = render(build(findings), OutputFormat.GITHUB)
    assert "KV101" not in out
    assert len(lines(out)) == 1


def test_nothing_to_say_prints_nothing() -> None:
    assert render(build([]), OutputFormat.GITHUB) == ""


def test_ten_of_each_kind_need_no_overflow_notice() -> None:
    findings = [hit("KV202", Severity.ERROR, line=n) for n in range(1, 11)]
    findings += [hit("KV101", Severity.WARNING, line=n) for n in range(1, 11)]
    findings += [hit("KV201", Severity.INFO, line=n) for n in range(1, 11)]
    out = lines(render(build(findings), OutputFormat.GITHUB))
    assert len(out) == 30
    assert not any(line.startswith("::notice::") for line in out)


def test_overflow_notice_counts_what_github_hides() -> None:
    findings = [hit("KV202", Severity.ERROR, line=n) for n in range(1, 13)]
    findings += [hit("KV101", Severity.WARNING, line=n) for n in range(1, 4)]
    errors = [problem("claims/bad.yaml", "bad")]
    out = lines(render(build(findings, errors), OutputFormat.GITHUB))
    assert len(out) == 13 + 3 + 1
    notice = out[-1]
    assert notice.startswith("::notice::")
    assert "3 more errors" in notice
    assert "warning" not in notice
    assert "job summary" in notice


def test_overflow_notice_precedes_info_notices_so_it_is_shown() -> None:
    findings = [hit("KV201", Severity.INFO, line=n) for n in range(1, 12)]
    out = lines(render(build(findings), OutputFormat.GITHUB))
    assert out[0].startswith("::notice::")
    # The overflow notice takes one of the ten notice slots: 11 - 9 are hidden.
    assert "2 more notices" in out[0]
    assert len(out) == 12


def test_step_summary_lists_every_finding_with_cells_escaped() -> None:
    findings = [
        hit("KV101", Severity.WARNING, message="a | b\nc"),
        hit("KV202", Severity.ERROR, line=7, column=2),
        hit("KV103", Severity.WARNING, suppressed=True),
    ]
    summary = step_summary(build(findings, [problem("claims/bad.yaml", "bad", line=2)]))
    assert summary.startswith("## ")
    assert "1 claim in 1 file: 1 error, 1 warning, 0 info; 1 suppressed" in summary
    table = [line for line in lines(summary) if line.startswith("|")]
    assert table == [
        "| severity | code | name | place | message |",
        "|---|---|---|---|---|",
        "| error |  | input error | claims/bad.yaml:2 | bad |",
        "| error | KV202 | name-kv202 | docs/page.md:7:2 | message of KV202 |",
        "| warning | KV101 | name-kv101 | docs/page.md:3:5 | a \\| b<br>c |",
    ]


def test_step_summary_of_a_clean_run() -> None:
    summary = step_summary(build([]))
    assert "No findings." in summary
    assert "|" not in summary


def test_step_summary_stays_under_one_mebibyte() -> None:
    total = 3000
    findings = [hit(line=n, message="x" * 500) for n in range(1, total + 1)]
    summary = step_summary(build(findings))
    assert len(summary.encode()) < 1024 * 1024
    rows = [line for line in lines(summary) if line.startswith("| warning |")]
    match = re.search(r"(\d+) more rows left out", summary)
    assert match is not None
    assert 0 < len(rows) < total
    assert len(rows) + int(match.group(1)) == total


def test_step_summary_shows_ids_and_text_as_literal_text() -> None:
    # The job summary is Markdown, as a pull-request comment is: the same escaping applies.
    finding = hit(path="https:/e.example/x.md", message="claim ![x](http://e/i.png) cc @someone")
    summary = step_summary(build([finding]))
    assert (
        "| https:/e.example/x.md:3:5 | claim !\\[x\\](http\\://e/i.png) cc `@someone` |" in summary
    )
