"""GitLab Code Quality: the issue shape, the severity map and fingerprints unique per finding."""

from __future__ import annotations

import json
from typing import Any

from claimcheck.formats import OutputFormat, render
from claimcheck.report import Report
from claimcheck.severity import Severity
from tests.formats.ci_sample import build, hit, problem


def issues(report: Report) -> list[dict[str, Any]]:
    doc: list[dict[str, Any]] = json.loads(render(report, OutputFormat.GITLAB))
    return doc


def test_issue_shape() -> None:
    finding = hit("KV202", Severity.ERROR, line=7, fingerprint="0123abcd")
    assert issues(build([finding])) == [
        {
            "description": "KV202 name-kv202: message of KV202",
            "check_name": "KV202",
            "fingerprint": "0123abcd",
            "severity": "major",
            "location": {"path": "docs/page.md", "lines": {"begin": 7}},
        }
    ]


def test_severity_map() -> None:
    findings = [
        hit("KV202", Severity.ERROR, line=1),
        hit("KV101", Severity.WARNING, line=2),
        hit("KV201", Severity.INFO, line=3),
    ]
    assert [i["severity"] for i in issues(build(findings))] == ["major", "minor", "info"]


def test_identical_findings_get_distinct_fingerprints() -> None:
    twice = [hit(line=3, fingerprint="same"), hit(line=3, fingerprint="same")]
    prints = [i["fingerprint"] for i in issues(build(twice))]
    assert len(prints) == 2
    assert len(set(prints)) == 2
    assert prints[0] == "same"


def test_missing_fingerprints_are_filled_in_and_distinct() -> None:
    findings = [
        hit("KV101", fingerprint=""),
        hit("KV103", fingerprint=""),
        hit("KV103", fingerprint=""),
    ]
    prints = [i["fingerprint"] for i in issues(build(findings))]
    assert all(prints)
    assert len(set(prints)) == 3


def test_suppressed_findings_are_not_issues_and_input_errors_block() -> None:
    findings = [hit(suppressed=True), hit("KV202", Severity.ERROR)]
    found = issues(build(findings, [problem()]))
    assert [i["check_name"] for i in found] == ["KV202", "input-error"]
    assert found[1]["severity"] == "blocker"


def test_text_findings_and_missing_lines() -> None:
    (issue,) = issues(build([hit(path=None, line=None)]))
    assert issue["location"] == {"path": "<text>", "lines": {"begin": 1}}


def test_empty_report_is_an_empty_list() -> None:
    assert render(build([]), OutputFormat.GITLAB) == "[]\n"
