"""Reports built in memory for formatter tests (no CLI, no extraction)."""

from __future__ import annotations

from claimcheck.implied import Analysis
from claimcheck.report import ClaimReport, Finding, InputProblem, Report, SourceRef, Summary
from claimcheck.severity import Severity


def finding(
    code: str, severity: Severity, line: int, column: int, *, suppressed: bool = False
) -> Finding:
    return Finding(
        code=code,
        name=f"name-{code.lower()}",
        severity=severity,
        message=f"message of {code}",
        path="docs/page.md",
        line=line,
        column=column,
        suppressed=suppressed,
    )


def claim(claim_id: str, findings: list[Finding], speedup: float = 27.0) -> ClaimReport:
    return ClaimReport(
        id=claim_id,
        source=SourceRef(path="docs/page.md", line=3, column=1),
        text="27x faster TTFT at 112K tokens",
        claim={
            "speedup": speedup,
            "context_tokens": 112_000,
            "metric": "ttft",
            "speedup_qualifier": None,
        },
        analysis=Analysis(naive_breakeven_tokens=4148),
        findings=findings,
    )


def report(claims: list[ClaimReport], errors: list[InputProblem] | None = None) -> Report:
    counts = {"error": 0, "warning": 0, "info": 0}
    for c in claims:
        for f in c.findings:
            if not f.suppressed:
                counts[f.severity.value] += 1
    return Report(
        claims=claims,
        errors=errors or [],
        summary=Summary(files=1, claims=len(claims), findings=counts, errors=len(errors or [])),
    )
