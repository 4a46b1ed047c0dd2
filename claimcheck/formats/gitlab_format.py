"""``--format gitlab``: a GitLab Code Quality report (``artifacts: reports: codequality``).

``location.path`` is "the relative path to the file containing the code quality violation"
(https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format), which GitLab
reads from the repository root to show an issue on its line of a merge request's diff and to
link the file: each file is named from the root (``checkout.ci_path``), whatever folder the job
script ran claimcheck in. Fingerprints are the report's own, unchanged.
"""

from __future__ import annotations

import json
from typing import Any

from claimcheck.formats import RenderOptions
from claimcheck.formats.checkout import Checkout, ci_path
from claimcheck.formats.tables import TEXT_PATH
from claimcheck.report import Report, fingerprint
from claimcheck.severity import Severity

_SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def render(report: Report, options: RenderOptions) -> str:
    """One issue per unsuppressed finding, in report order, each with a unique fingerprint."""
    checkout = options.checkout
    issues: list[dict[str, Any]] = []
    seen: set[str] = set()
    for finding in report.unsuppressed():
        base = finding.fingerprint or fingerprint(finding.code, finding.message, finding.path)
        # GitLab shows only the first issue of a fingerprint: a repeat gets an occurrence number.
        unique, occurrence = base, 1
        while unique in seen:
            occurrence += 1
            unique = f"{base}-{occurrence}"
        seen.add(unique)
        issues.append(
            {
                "description": f"{finding.code} {finding.name}: {finding.message}",
                "check_name": finding.code,
                "fingerprint": unique,
                "severity": _SEVERITY[finding.severity],
                "location": {
                    "path": _name(finding.path, checkout),
                    "lines": {"begin": finding.line or 1},
                },
            }
        )
    # An input that could not be audited blocks the merge request.
    issues.extend(
        {
            "description": f"input error: {problem.message}",
            "check_name": "input-error",
            "fingerprint": fingerprint("input-error", problem.message, problem.path),
            "severity": "blocker",
            "location": {
                "path": _name(problem.path, checkout),
                "lines": {"begin": problem.line or 1},
            },
        }
        for problem in report.errors
    )
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"


def _name(path: str | None, checkout: Checkout | None) -> str:
    """A file's name from the repository root; ``<text>`` for command-line text."""
    return ci_path(path, checkout) if path else TEXT_PATH
