"""A report of one file → LSP diagnostics ("Diagnostic" in
https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/):
the findings ``check`` counts, at their exact ranges, and one diagnostic per input problem.

Suppressed findings are left out, as ``check`` leaves them out of its count; a suppression
comment that suppressed nothing (KV900) is marked unnecessary, so editors fade it.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from lsprotocol import types

from claimcheck.report import ClaimReport, Finding, InputProblem, Report
from claimcheck.server.positions import Lines
from claimcheck.severity import Severity

SOURCE = "claimcheck"
"""The ``source`` of every diagnostic: what editors show beside the message."""

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}
UNUSED_SUPPRESSION = "KV900"


class Placed(msgspec.Struct, frozen=True):
    """A finding of the file, its claim (``None`` for a finding about the document) and its
    range as (line, character) pairs in the client's encoding, end exclusive."""

    finding: Finding
    claim: ClaimReport | None
    start: tuple[int, int]
    end: tuple[int, int]

    def covers(self, line: int, character: int) -> bool:
        """Whether the position is in the range (its end included: a cursor just after a
        word is on it)."""
        return self.start <= (line, character) <= self.end

    def overlaps(self, start: tuple[int, int], end: tuple[int, int]) -> bool:
        """Whether the range meets ``start``–``end``."""
        return self.start <= end and start <= self.end


def placed_findings(report: Report, lines: Lines) -> list[Placed]:
    """Every unsuppressed finding of the report, with its range, in the report's order."""
    found: list[Placed] = []
    for claim in report.claims:
        found += (_place(f, claim, lines) for f in claim.findings if not f.suppressed)
    found += (_place(f, None, lines) for f in report.findings if not f.suppressed)
    return found


def _place(finding: Finding, claim: ClaimReport | None, lines: Lines) -> Placed:
    line = finding.line or 1
    start = lines.offset(line, finding.column or 1)
    if finding.end_line is not None and finding.end_column is not None:
        end = lines.offset(finding.end_line, finding.end_column)
    else:  # a place without an end: the rest of its line
        end = lines.offset(line, len(lines.text) + 1)
    first = lines.position(start)
    return Placed(finding, claim, first, max(first, lines.position(end)))


def diagnostic(placed: Placed, help_uri: str | None) -> types.Diagnostic:
    """The diagnostic of a placed finding, its code linking to the rule's documentation."""
    finding = placed.finding
    return types.Diagnostic(
        range=_range(placed.start, placed.end),
        message=finding.message,
        severity=_SEVERITY[finding.severity],
        code=finding.code,
        code_description=types.CodeDescription(href=help_uri) if help_uri else None,
        source=SOURCE,
        tags=[types.DiagnosticTag.Unnecessary] if finding.code == UNUSED_SUPPRESSION else None,
        data={"fingerprint": finding.fingerprint, "name": finding.name},
    )


def problem_diagnostic(problem: InputProblem, display: str, lines: Lines) -> types.Diagnostic:
    """One diagnostic for an input problem: at its line when it is about this file and names
    one (a YAML syntax error, an invalid claim), else on the first line; a problem of another
    file (a broken configuration file) names that file."""
    here = problem.path in (None, display)
    if here and problem.line is not None:
        start = lines.position(lines.offset(problem.line, problem.column or 1))
        end = lines.position(lines.offset(problem.line, len(lines.text) + 1))
    else:
        start, end = (0, 0), lines.position(lines.ends[0])
    message = problem.message
    if not here:
        where = ":".join(str(p) for p in (problem.path, problem.line) if p is not None)
        message = f"{where}: {message}"
    return types.Diagnostic(
        range=_range(start, max(start, end)),
        message=message,
        severity=types.DiagnosticSeverity.Error,
        source=SOURCE,
    )


def error_diagnostic(message: str, lines: Lines) -> types.Diagnostic:
    """The one diagnostic of a file that could not be audited at all, on its first line."""
    return types.Diagnostic(
        range=_range((0, 0), lines.position(lines.ends[0])),
        message=message,
        severity=types.DiagnosticSeverity.Error,
        source=SOURCE,
    )


def diagnostics(
    report: Report, placed: Sequence[Placed], display: str, lines: Lines
) -> list[types.Diagnostic]:
    """Every diagnostic of the file: its input problems first, then its findings."""
    links = {rule.code: rule.help_uri for rule in report.rules}
    shown = [problem_diagnostic(p, display, lines) for p in report.errors]
    shown += (diagnostic(p, links.get(p.finding.code)) for p in placed)
    return shown


def _range(start: tuple[int, int], end: tuple[int, int]) -> types.Range:
    return types.Range(
        start=types.Position(line=start[0], character=start[1]),
        end=types.Position(line=end[0], character=end[1]),
    )
