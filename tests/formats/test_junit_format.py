"""JUnit XML: a suite per file, failures for what fails the run under --fail-on, input errors
as errors."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from claimcheck.formats import OutputFormat, RenderOptions, render
from claimcheck.report import Report
from claimcheck.severity import Severity
from tests.formats.ci_sample import build, hit, problem


def xml(report: Report, fail_on: Severity | None = Severity.WARNING) -> str:
    return render(report, OutputFormat.JUNIT, RenderOptions(fail_on=fail_on))


def parsed(report: Report, fail_on: Severity | None = Severity.WARNING) -> ET.Element:
    return ET.fromstring(xml(report, fail_on).encode())


def suite(root: ET.Element, path: str) -> ET.Element:
    found = root.find(f"testsuite[@name='claimcheck: {path}']")
    assert found is not None
    return found


def test_declaration_and_totals() -> None:
    text = xml(build([hit()]))
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')
    root = ET.fromstring(text.encode())
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("1", "1", "0")


def test_one_suite_per_file_with_counts() -> None:
    findings = [
        hit("KV101", Severity.WARNING, path="docs/a.md", line=3, column=5),
        hit("KV202", Severity.ERROR, path="docs/a.md", line=8, column=1),
        hit("KV201", Severity.INFO, path="docs/a.md", line=3, column=5),
        hit("KV101", Severity.WARNING, path="docs/b.md", suppressed=True),
    ]
    root = parsed(build(findings))
    assert [s.get("name") for s in root] == ["claimcheck: docs/a.md", "claimcheck: docs/b.md"]
    a = suite(root, "docs/a.md")
    assert (a.get("tests"), a.get("failures"), a.get("errors")) == ("3", "2", "0")
    names = [case.get("name") for case in a]
    assert names == [
        "KV101 name-kv101 at 3:5",
        "KV201 name-kv201 at 3:5",
        "KV202 name-kv202 at 8:1",
    ]
    assert {case.get("classname") for case in a} == {"docs/a.md"}
    (failure,) = a[2]
    assert failure.tag == "failure"
    assert failure.get("type") == "error"
    assert failure.get("message") == "message of KV202"
    assert failure.text == "docs/a.md:8:1: KV202 [error] message of KV202"
    (out,) = a[1]
    assert out.tag == "system-out"
    assert "message of KV201" in (out.text or "")


def test_a_clean_file_gets_one_passing_case() -> None:
    root = parsed(build([hit(path="docs/b.md", suppressed=True)]))
    b = suite(root, "docs/b.md")
    assert (b.get("tests"), b.get("failures"), b.get("errors")) == ("1", "0", "0")
    (case,) = b
    assert list(case) == []


def test_input_errors_are_error_cases() -> None:
    errors = [problem("claims/bad.yaml", "unknown field", line=3, column=2), problem(None, "empty")]
    root = parsed(build([], errors))
    assert root.get("errors") == "2"
    bad = suite(root, "claims/bad.yaml")
    (case,) = bad
    assert case.get("name") == "input error at 3:2"
    (error,) = case
    assert error.tag == "error"
    assert error.get("message") == "unknown field"
    assert error.text == "claims/bad.yaml:3:2: unknown field"
    assert suite(root, "<text>").get("errors") == "1"


def test_markup_and_control_characters_survive() -> None:
    message = 'say "<b>&</b>"\nthen\x0cstop'
    root = parsed(build([hit(path="docs/<x>&.md", message=message)]))
    failure = suite(root, "docs/<x>&.md").find("testcase/failure")
    assert failure is not None
    assert failure.get("message") == 'say "<b>&</b>"\nthen\ufffdstop'


def test_pretty_printed() -> None:
    text = xml(build([hit()]))
    assert "\n  <testsuite " in text
    assert "\n    <testcase " in text


def test_empty_report() -> None:
    root = parsed(build([]))
    assert list(root) == []
    assert root.get("tests") == "0"


MIXED = [
    hit("KV201", Severity.INFO, line=1),
    hit("KV101", Severity.WARNING, line=2),
    hit("KV202", Severity.ERROR, line=3),
]


@pytest.mark.parametrize(
    ("fail_on", "failing"),
    [
        (Severity.INFO, ["KV201", "KV101", "KV202"]),
        (Severity.WARNING, ["KV101", "KV202"]),
        (Severity.ERROR, ["KV202"]),
        (None, []),
    ],
)
def test_only_what_fails_the_run_is_a_failure(fail_on: Severity | None, failing: list[str]) -> None:
    root = parsed(build(MIXED), fail_on)
    cases = suite(root, "docs/page.md")
    failed = [case.get("name", "").split()[0] for case in cases if case.find("failure") is not None]
    assert failed == failing
    assert root.get("failures") == str(len(failing))
    passed = [c for c in cases if c.find("failure") is None and c.get("name", "").startswith("KV")]
    assert len(passed) == 3 - len(failing)
    assert all(case.find("system-out") is not None for case in passed)  # reported all the same


def test_the_default_threshold_is_error() -> None:
    root = ET.fromstring(render(build(MIXED), OutputFormat.JUNIT).encode())
    assert root.get("failures") == "1"
