"""``--format junit``: JUnit XML with one test suite per file, for CI test report tabs.

Each file is named from the repository root (``checkout.ci_path``), as the other CI formats name
it: a suite, its test cases' ``classname`` and the place in each message say ``docs/page.md``
whatever folder the run started in.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from msgspec.structs import replace

from claimcheck.formats import RenderOptions
from claimcheck.formats.checkout import Checkout, ci_path
from claimcheck.formats.tables import TEXT_PATH, place, problem_place
from claimcheck.report import Finding, InputProblem, Report
from claimcheck.severity import Severity, fails_the_run

# Characters XML 1.0 cannot hold even escaped (most C0 controls); documents may contain them.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def render(report: Report, options: RenderOptions) -> str:
    """Findings that fail the run under ``--fail-on`` are failures; the others pass with their
    message; input errors are errors. A run that exits 0 has no failure."""
    checkout = options.checkout
    cases: dict[str, list[ET.Element]] = {}
    for claim in report.claims:
        cases.setdefault(_name(claim.source.path, checkout), [])
    for finding in report.all_findings():
        name = _name(finding.path, checkout)
        found = cases.setdefault(name, [])
        if not finding.suppressed:
            found.append(_finding_case(finding, name, options.fail_on))
    for problem in report.errors:
        name = _name(problem.path, checkout)
        cases.setdefault(name, []).append(_problem_case(problem, name))

    root = ET.Element("testsuites", name="claimcheck")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for path in sorted(cases):
        suite = _suite(path, cases[path])
        root.append(suite)
        for key in totals:
            totals[key] += int(suite.get(key, "0"))
    for key, value in totals.items():
        root.set(key, str(value))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _name(path: str | None, checkout: Checkout | None) -> str:
    """A file's name from the repository root; ``<text>`` for command-line text."""
    return ci_path(path, checkout) if path else TEXT_PATH


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def _case(classname: str, name: str) -> ET.Element:
    return ET.Element("testcase", classname=_clean(classname), name=_clean(name))


def _suite(path: str, cases: list[ET.Element]) -> ET.Element:
    failures = sum(case.find("failure") is not None for case in cases)
    errors = sum(case.find("error") is not None for case in cases)
    if not failures and not errors:
        cases = [*cases, _case(path, "nothing fails the run")]
    suite = ET.Element(
        "testsuite",
        name=_clean(f"claimcheck: {path}"),
        tests=str(len(cases)),
        failures=str(failures),
        errors=str(errors),
    )
    suite.extend(cases)
    return suite


def _finding_case(finding: Finding, name: str, fail_on: Severity | None) -> ET.Element:
    """The case of a finding in the file named ``name``."""
    case = _case(
        name, f"{finding.code} {finding.name} at {finding.line or 1}:{finding.column or 1}"
    )
    where = place(replace(finding, path=name))
    text = f"{where}: {finding.code} [{finding.severity}] {finding.message}"
    if not fails_the_run(finding.severity, fail_on):
        ET.SubElement(case, "system-out").text = _clean(text)
    else:
        failure = ET.SubElement(
            case, "failure", type=finding.severity.value, message=_clean(finding.message)
        )
        failure.text = _clean(text)
    return case


def _problem_case(problem: InputProblem, name: str) -> ET.Element:
    """The case of an input error in the file named ``name``."""
    title = "input error"
    if problem.line is not None:
        title += f" at {problem.line}:{problem.column or 1}"
    case = _case(name, title)
    error = ET.SubElement(case, "error", type="input-error", message=_clean(problem.message))
    where = problem_place(replace(problem, path=name))
    error.text = _clean(f"{where}: {problem.message}")
    return case
