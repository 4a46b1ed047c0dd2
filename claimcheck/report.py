"""The Report: the one object formatters see (the JSON report, schema_version 1; README "Output and exit codes").

Every model here is a plain frozen value (a msgspec ``Struct``): the report is made of values
already valid, so nothing here validates. A field whose value is ``UNSET`` is left out of the
JSON report (https://jcristharif.com/msgspec/supported-types.html#unset): the spans the HTML
report highlights are set only for it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

import msgspec
from msgspec import UNSET, UnsetType

from claimcheck import __version__
from claimcheck.implied import Analysis
from claimcheck.severity import Severity

SCHEMA_VERSION = 1


class Finding(msgspec.Struct, frozen=True, kw_only=True):
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


class SourceRef(msgspec.Struct, frozen=True, kw_only=True):
    """Where a claim was read."""

    path: str | None = None
    line: int | None = None
    column: int | None = None


class ClaimReport(msgspec.Struct, frozen=True, kw_only=True):
    """One audited claim: what was understood, what it implies, what was flagged.

    ``spans`` maps a claim field to the ``[start, end)`` code-point offsets in ``text`` it was
    read from; set only for the HTML report, which highlights them, so never written to JSON.
    """

    id: str
    source: SourceRef
    text: str | None
    claim: dict[str, Any]
    confidence: float = 1.0
    readings: list[str] = []
    analysis: Analysis
    findings: list[Finding]
    spans: dict[str, tuple[int, int]] | UnsetType = UNSET


class InputProblem(msgspec.Struct, frozen=True, kw_only=True):
    """An input that could not be audited (exit code 2)."""

    path: str | None
    message: str
    line: int | None = None
    column: int | None = None


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """Counts for the summary line. ``findings`` counts unsuppressed findings by severity."""

    files: int
    claims: int
    findings: dict[str, int]
    suppressed: int = 0
    errors: int = 0


class RuleInfo(msgspec.Struct, frozen=True, kw_only=True):
    """An enabled rule, as formats describe it (SARIF rule descriptors, the text legend).

    ``description`` is the rule's documentation (its module docstring, dedented) and
    ``help_uri`` the address of its section in docs/rules.md.
    """

    code: str
    name: str
    severity: Severity
    summary: str
    description: str = ""
    help_uri: str | None = None


class Tool(msgspec.Struct, frozen=True, kw_only=True):
    """The producing tool."""

    name: str = "claimcheck"
    version: str = __version__


class Evidence(msgspec.Struct, frozen=True, kw_only=True):
    """One fact about a candidate number and its weight in the score (docs/extractor.md)."""

    fact: str
    weight: float
    words: str


class WeighedNumber(msgspec.Struct, frozen=True, kw_only=True):
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


class Report(msgspec.Struct, frozen=True, kw_only=True):
    """Everything one run found, sorted, with no timestamps (it diffs cleanly)."""

    schema_version: int = SCHEMA_VERSION
    tool: Tool = Tool()
    claims: Sequence[ClaimReport]  # in order; held as the format chose (``ClaimStore``)
    errors: list[InputProblem]
    summary: Summary
    findings: list[Finding] = []
    rules: list[RuleInfo] = []
    candidates: list[WeighedNumber] = []

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


def report_order(claim: ClaimReport) -> tuple[str, int, int, str]:
    """The report's order of claims: path, line, column, id."""
    source = claim.source
    return (source.path or "", source.line or 0, source.column or 0, claim.id)


def place(finding: Finding) -> tuple[int, int, str]:
    """A finding's order within its claim: line, column, code."""
    return (finding.line or 0, finding.column or 0, finding.code)


def with_findings(claim: ClaimReport, added: Iterable[Finding]) -> ClaimReport:
    """``claim`` with ``added`` among its findings, all in the order of their place."""
    findings = sorted([*claim.findings, *added], key=place)
    return msgspec.structs.replace(claim, findings=findings)


class ClaimStore(Protocol):
    """Where an audit puts each claim's report as it is judged, and how the report reads them
    back. The output format chooses it (``formats.claim_store``): the JSON format keeps a
    large batch's claims encoded in a temporary file, every other format in a list."""

    def add(self, claim: ClaimReport) -> None:
        """Keep one claim's report (the ``n``-th added is claim ``n``)."""
        ...

    def finish(
        self, order: Sequence[int], added: Mapping[int, Sequence[Finding]]
    ) -> Sequence[ClaimReport]:
        """The claims kept, in ``order`` (claim numbers), each with the findings ``added``
        to it by number (``with_findings``)."""
        ...


class HeldClaims:
    """A ``ClaimStore`` that holds the reports in a list."""

    def __init__(self) -> None:
        self._claims: list[ClaimReport] = []

    def add(self, claim: ClaimReport) -> None:
        self._claims.append(claim)

    def finish(
        self, order: Sequence[int], added: Mapping[int, Sequence[Finding]]
    ) -> list[ClaimReport]:
        claims, self._claims = self._claims, []
        return [with_findings(claims[n], added[n]) if n in added else claims[n] for n in order]
