"""``--statistics``: how many unsuppressed findings each rule gave, most first, as ruff's
``--statistics`` shows them; JSON with ``--format json``."""

from __future__ import annotations

import json
from collections import Counter

from claimcheck.formats.concise_format import summary_line
from claimcheck.report import Finding, Report


def render(report: Report, *, as_json: bool = False) -> str:
    """One line per rule (count, code, severity, name), then the summary line; or a JSON list
    of ``{"code", "name", "severity", "count"}``."""
    rows = counted(report.unsuppressed())
    if as_json:
        table = [
            {"code": f.code, "name": f.name, "severity": f.severity.value, "count": n}
            for f, n in rows
        ]
        return json.dumps(table, indent=2) + "\n"
    width = max((len(str(n)) for _, n in rows), default=1)
    lines = [f"{n:>{width}}  {f.code}  {f'[{f.severity.value}]':<9}  {f.name}" for f, n in rows]
    return "\n".join([*lines, summary_line(report.summary)]) + "\n"


def counted(findings: list[Finding]) -> list[tuple[Finding, int]]:
    """Each rule's first finding and its count, the most frequent first, then by code."""
    counts = Counter(f.code for f in findings)
    first: dict[str, Finding] = {}
    for finding in findings:
        first.setdefault(finding.code, finding)
    return sorted(((first[c], n) for c, n in counts.items()), key=lambda r: (-r[1], r[0].code))
