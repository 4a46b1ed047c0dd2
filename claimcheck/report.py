"""The Report: the one object formatters see (the JSON report, schema_version 1; README "Output and exit codes")."""

import hashlib
from collections.abc import Sequence
from typing import Any

from pydantic import Field

from claimcheck import __version__
from claimcheck.frozen import Frozen
from claimcheck.implied import Analysis
from claimcheck.severity import Precision, Severity

SCHEMA_VERSION = 1


class Finding(Frozen):
    """One rule's verdict on one claim, at a place in the source."""

    code: str
    name: str
    severity: Severity
    message: str
    path: str | None
    line: int | None
    column: int | None
    end_line: int | None = None
    end_column: int | None = None
    suppressed: bool = False
    suppression_reason: str | None = None
    fingerprint: str = ""


class SourceRef(Frozen):
    """Where a claim was read."""

    path: str | None = None
    line: int | None = None
    column: int | None = None


class ClaimReport(Frozen):
    """One audited claim: what was understood, what it implies, what was flagged.

    ``spans`` maps a claim field to the ``[start, end)`` code-point offsets in ``text`` it was
    read from; the HTML report highlights them; not written to JSON.
    """

    id: str
    source: SourceRef
    text: str | None
    claim: dict[str, Any]
    confidence: float = 1.0
    readings: list[str] = Field(default_factory=list)
    analysis: Analysis
    findings: list[Finding]
    spans: dict[str, tuple[int, int]] = Field(default_factory=dict, exclude=True)


class InputProblem(Frozen):
    """An input that could not be audited (exit code 2)."""

    path: str | None
    message: str
    line: int | None = None
    column: int | None = None


class Summary(Frozen):
    """Counts for the summary line. ``findings`` counts unsuppressed findings by severity."""

    files: int
    claims: int
    findings: dict[str, int]
    suppressed: int = 0
    errors: int = 0


class RuleInfo(Frozen):
    """An enabled rule, as formats describe it (SARIF rule descriptors, the text legend).

    ``description`` is the rule's documentation (its module docstring, dedented) and
    ``help_uri`` the address of its section in docs/rules.md. ``precision`` and
    ``security_severity`` are for SARIF and stay out of the JSON report.
    """

    code: str
    name: str
    severity: Severity
    summary: str
    description: str = ""
    help_uri: str | None = None
    precision: Precision = Field("high", exclude=True)
    security_severity: float | None = Field(None, exclude=True)


class Tool(Frozen):
    """The producing tool."""

    name: str = "claimcheck"
    version: str = __version__


class Evidence(Frozen):
    """One fact about a candidate number and its weight in the score (docs/extractor.md)."""

    fact: str
    weight: float
    words: str


class WeighedNumber(Frozen):
    """A number the extractor weighed as a possible speed factor (``--explain``): where it is,
    how it was read, its score and whether it passed the threshold."""

    path: str | None
    line: int | None
    column: int | None
    text: str
    form: str
    value: float | None
    score: float
    kept: bool
    reason: str
    evidence: list[Evidence]


class Report(Frozen):
    """Everything one run found, sorted, with no timestamps (it diffs cleanly)."""

    schema_version: int = SCHEMA_VERSION
    tool: Tool = Field(default_factory=Tool.model_construct)
    claims: Sequence[ClaimReport]  # a list, or a large batch's ``spool.SpooledClaims``
    errors: list[InputProblem]
    summary: Summary
    findings: list[Finding] = Field(default_factory=list)
    rules: list[RuleInfo] = Field(default_factory=list)
    candidates: list[WeighedNumber] = Field(default_factory=list)

    def all_findings(self) -> list[Finding]:
        """Every finding: those of claims and those about documents (e.g. unused suppressions),
        sorted by path, line, column and code."""
        found = [f for c in self.claims for f in c.findings] + list(self.findings)
        return sorted(found, key=lambda f: (f.path or "", f.line or 0, f.column or 0, f.code))

    def unsuppressed(self) -> list[Finding]:
        """Every finding that counts toward the exit code."""
        return [f for f in self.all_findings() if not f.suppressed]


def fingerprint(code: str, text: str | None, path: str | None) -> str:
    """A stable identity for a finding across edits: the rule code, the claim's text with
    whitespace and case folded, and the path — never line numbers (SARIF, GitLab, baselines)."""
    return fingerprint_of(code, normalise(text), path)


def normalise(text: str | None) -> str:
    """Case and whitespace folded: the part of a fingerprint that survives reflowing a line."""
    return " ".join((text or "").lower().split())


def fingerprint_of(code: str, normal: str, path: str | None) -> str:
    """``fingerprint`` for text already passed through ``normalise``."""
    return hashlib.sha256(f"{code}\0{normal}\0{path or ''}".encode()).hexdigest()[:32]
