"""A baseline: the findings a repository had when it adopted claimcheck, so that a CI run
fails only on new ones (``check --baseline FILE``).

The baseline is a JSON report of an earlier run (``claimcheck check docs -f json -o
claimcheck-baseline.json``). A finding whose fingerprint it holds is reported as suppressed,
with the reason "in the baseline", and does not count toward the exit code. A fingerprint is
the rule code, the claim's text with whitespace and case folded, and the file's path, never a
line number (``claimcheck.report.fingerprint``): the finding stays known while the page around
it changes, and is new again once the claim's own words change. Paths are as the reports show
them, relative to the working directory, so the baseline is written and read from the same
folder (the repository root in CI).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from msgspec.structs import replace

from claimcheck.errors import InputError, UsageError
from claimcheck.report import ClaimReport, Finding, Report
from claimcheck.sources.reading import read_bytes

BASELINE_REASON = "in the baseline"
_MAX_BASELINE_BYTES = 200_000_000
_NOT_A_REPORT = "is not a claimcheck JSON report (write one with --format json -o FILE)"


def read_baseline(path: Path) -> frozenset[str]:
    """The finding fingerprints of the JSON report at ``path``; ``UsageError`` when it cannot
    be read or is no claimcheck JSON report."""
    display = str(path)
    try:
        data = json.loads(read_bytes(path, display, max_bytes=_MAX_BASELINE_BYTES, hint=""))
    except InputError as err:
        raise UsageError(f"cannot read the baseline: {err.message}", path=display) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise UsageError(_NOT_A_REPORT, path=display) from None
    if not isinstance(data, dict) or not isinstance(data.get("claims"), list):
        raise UsageError(_NOT_A_REPORT, path=display)
    findings = [
        finding
        for claim in data["claims"]
        if isinstance(claim, dict)
        for finding in claim.get("findings") or []
    ] + list(data.get("findings") or [])
    return frozenset(
        finding["fingerprint"]
        for finding in findings
        if isinstance(finding, dict) and isinstance(finding.get("fingerprint"), str)
    )


def apply_baseline(report: Report, known: frozenset[str]) -> Report:
    """``report`` with every unsuppressed finding whose fingerprint ``known`` holds
    suppressed, and its summary counted again."""
    newly: Counter[str] = Counter()

    def known_suppressed(findings: list[Finding]) -> list[Finding]:
        out = []
        for finding in findings:
            if not finding.suppressed and finding.fingerprint in known:
                newly[finding.severity.value] += 1
                finding = replace(finding, suppressed=True, suppression_reason=BASELINE_REASON)
            out.append(finding)
        return out

    claims: list[ClaimReport] = [
        replace(claim, findings=known_suppressed(claim.findings)) for claim in report.claims
    ]
    loose = known_suppressed(report.findings)
    if not newly:
        return report
    counts = report.summary.findings
    summary = replace(
        report.summary,
        findings={severity: count - newly[severity] for severity, count in counts.items()},
        suppressed=report.summary.suppressed + sum(newly.values()),
    )
    return replace(report, claims=claims, findings=loose, summary=summary)
