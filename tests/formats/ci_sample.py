"""Reports for the CI format tests: findings at chosen places, rules and input errors."""

from __future__ import annotations

from typing import Any

from claimcheck.implied import Analysis
from claimcheck.report import (
    ClaimReport,
    Finding,
    InputProblem,
    Report,
    RuleInfo,
    SourceRef,
    Summary,
)
from claimcheck.severity import Severity


def hit(code: str = "KV101", severity: Severity = Severity.WARNING, **fields: Any) -> Finding:
    """A finding in ``docs/page.md`` at 3:5; ``fields`` override anything."""
    values: dict[str, Any] = {
        "code": code,
        "name": f"name-{code.lower()}",
        "severity": severity,
        "message": f"message of {code}",
        "path": "docs/page.md",
        "line": 3,
        "column": 5,
        "fingerprint": f"fp-{code.lower()}",
    }
    values.update(fields)
    return Finding(**values)


def rule(code: str, severity: Severity = Severity.WARNING, **fields: Any) -> RuleInfo:
    values: dict[str, Any] = {
        "code": code,
        "name": f"name-{code.lower()}",
        "severity": severity,
        "summary": f"Summary of {code}",
        "description": f"Summary of {code}.\n\nWhat {code} flags, in *Markdown*.",
        "help_uri": f"https://example.org/rules#{code.lower()}",
    }
    values.update(fields)
    return RuleInfo(**values)


def problem(
    path: str | None = "claims/bad.yaml", message: str = "bad input", **fields: Any
) -> InputProblem:
    return InputProblem(path=path, message=message, **fields)


def build(
    findings: list[Finding],
    errors: list[InputProblem] | None = None,
    rules: list[RuleInfo] | None = None,
    document: list[Finding] | None = None,
) -> Report:
    """One claim per path holding that path's findings; ``document`` findings sit on the report."""
    errors = errors or []
    by_path: dict[str | None, list[Finding]] = {}
    for finding in findings:
        by_path.setdefault(finding.path, []).append(finding)
    claims = [
        ClaimReport(
            id=f"claim-{number}",
            source=SourceRef(path=path, line=1, column=1),
            text="27x faster TTFT at 112K tokens",
            claim={"speedup": 27.0},
            analysis=Analysis(),
            findings=found,
        )
        for number, (path, found) in enumerate(by_path.items(), start=1)
    ]
    counts = {"error": 0, "warning": 0, "info": 0}
    everything = findings + (document or [])
    for finding in everything:
        if not finding.suppressed:
            counts[finding.severity.value] += 1
    return Report(
        claims=claims,
        errors=errors,
        findings=document or [],
        rules=rules or [],
        summary=Summary(
            files=len(by_path),
            claims=len(claims),
            findings=counts,
            suppressed=sum(f.suppressed for f in everything),
            errors=len(errors),
        ),
    )
