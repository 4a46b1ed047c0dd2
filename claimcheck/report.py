"""The Report: the one object formatters see (the JSON report, schema_version 1; README "Output and exit codes")."""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from claimcheck import __version__

SCHEMA_VERSION = 1


class Severity(StrEnum):
    """How much a finding matters. Ordered: info < warning < error."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        """0 for info, 1 for warning, 2 for error."""
        return _RANK[self]


_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Finding(_Frozen):
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


class CurvePoint(_Frozen):
    """The speedup at one prefix length: time to first token, and end to end once the answer
    is decoded."""

    prefix_tokens: int
    speedup: float
    end_to_end_speedup: float


class Curve(_Frozen):
    """Speedup against prefix length for a claim's resolved setup, for charts."""

    points: tuple[CurvePoint, ...]
    output_tokens: int


class FitResidual(_Frozen):
    """One of the vendor's points against the fit: ``residual_percent`` is predicted ÷
    observed − 1, in percent."""

    context_tokens: int
    observed_speedup: float
    predicted_speedup: float
    residual_percent: float


class PointsFit(_Frozen):
    """The load latency, load bandwidth and MFU that explain a claim's own points, and what
    they imply (docs/model.md, "Fitting a vendor's own points").

    ``fixed`` names the parameter held rather than fitted (``"mfu"`` when the points give
    speedups only, ``None`` when stated times fix it) and ``method`` says how and why.
    ``breakeven_tokens`` and ``speedup_at`` come from the fitted curve alone.
    """

    mfu: float
    latency_s: float
    bandwidth_gb_s: float
    fixed: str | None
    method: str
    residuals: list[FitResidual]
    breakeven_tokens: int | None
    speedup_at: dict[str, float] = Field(default_factory=dict)
    notes: list[str] = Field(default_factory=list)


class Analysis(_Frozen):
    """What the claim's numbers imply. ``None`` where the claim gives too little to compute it.

    ``weights_gb``, ``context_kv_gb`` and ``gpu_memory_gb`` (BF16 weights, the context's KV,
    the HBM of the GPUs) are set only when the claim or ``--gpus`` gives the GPU count.

    ``curve`` is drawn by the HTML report and not written to JSON (``claimcheck breakeven``
    gives the same numbers as a table).
    """

    naive_breakeven_tokens: int | None = None
    physical_breakeven_tokens: int | None = None
    implied_speedup: float | None = None
    implied_mfu: float | None = None
    implied_load_gb_s: float | None = None
    end_to_end_speedup: float | None = None
    load_ceiling_gb_s: float | None = None
    weights_gb: float | None = None
    context_kv_gb: float | None = None
    gpu_memory_gb: float | None = None
    memory_bound_knee_tokens: int | None = None
    speedup_at_prefix: dict[str, float] = Field(default_factory=dict)
    full_power_speedup: float | None = None
    breakeven_explanation: str | None = None
    restatement: str | None = None
    assumptions: list[str] = Field(default_factory=list)
    fit: PointsFit | None = None
    curve: Curve | None = Field(None, exclude=True)


class SourceRef(_Frozen):
    """Where a claim was read."""

    path: str | None = None
    line: int | None = None
    column: int | None = None


class ClaimReport(_Frozen):
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


class InputProblem(_Frozen):
    """An input that could not be audited (exit code 2)."""

    path: str | None
    message: str
    line: int | None = None
    column: int | None = None


class Summary(_Frozen):
    """Counts for the summary line. ``findings`` counts unsuppressed findings by severity."""

    files: int
    claims: int
    findings: dict[str, int]
    suppressed: int = 0
    errors: int = 0


class RuleInfo(_Frozen):
    """An enabled rule, as formats describe it (SARIF rule descriptors, the text legend).

    ``description`` is the rule's documentation (its module docstring, dedented) and
    ``help_uri`` the address of its section in the README.
    """

    code: str
    name: str
    severity: Severity
    summary: str
    description: str = ""
    help_uri: str | None = None


class Tool(_Frozen):
    """The producing tool."""

    name: str = "claimcheck"
    version: str = __version__


class Evidence(_Frozen):
    """One fact about a candidate number and its weight in the score (docs/extractor.md)."""

    fact: str
    weight: float
    words: str


class Candidate(_Frozen):
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


class Report(_Frozen):
    """Everything one run found, sorted, with no timestamps (it diffs cleanly)."""

    schema_version: int = SCHEMA_VERSION
    tool: Tool = Field(default_factory=Tool)
    claims: list[ClaimReport]
    errors: list[InputProblem]
    summary: Summary
    findings: list[Finding] = Field(default_factory=list)
    rules: list[RuleInfo] = Field(default_factory=list)
    candidates: list[Candidate] = Field(default_factory=list)

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
