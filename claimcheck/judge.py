"""Judging claims: run the rules on prepared claims and place each finding in a claim report."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from claimcheck.catalog.source import CatalogSource
from claimcheck.claim import MEASUREMENT_FIELDS
from claimcheck.frozen import construct
from claimcheck.prepare import Prepared, prepare
from claimcheck.record import ClaimRecord
from claimcheck.report import ClaimReport, Finding, SourceRef, fingerprint_of, normalise
from claimcheck.rules import Hit, Rule
from claimcheck.settings import Settings, Thresholds
from claimcheck.severity import Severity


def judge(
    prepared: list[Prepared],
    rules: Iterable[Rule],
    thresholds: Thresholds,
    skip: Mapping[str, Sequence[str]] | None = None,
) -> list[ClaimReport]:
    """Run the rules: each claim on its own, then the rules that compare claims. ``skip`` maps
    a path to the rule codes (or prefixes) that do not apply to it (``per-file-ignores``).

    ``prepared`` is emptied as its reports are built, so that a large batch holds either a
    claim's preparation or its report, not both."""
    rules = tuple(rules)
    extra: dict[int, list[tuple[Rule, Hit]]] = {}
    if len(prepared) > 1:
        subjects = [p.subject for p in prepared]
        for rule in rules:
            if rule.batch is not None:
                for index, hit in rule.batch(subjects):
                    extra.setdefault(index, []).append((rule, hit))
        del subjects
    reports = []
    prepared.reverse()
    for i in range(len(prepared)):
        p = prepared.pop()
        hits = [(rule, hit) for rule in rules for hit in rule.check(p.subject)] + extra.pop(i, [])
        ignored = tuple((skip or {}).get(p.record.path or "", ()))
        hits = [(rule, hit) for rule, hit in hits if not rule.code.startswith(ignored or ("\0",))]
        reports.append(_claim_report(p, hits, thresholds))
    return reports


def audit_record(record: ClaimRecord, rules: Iterable[Rule], settings: Settings) -> ClaimReport:
    """Analyse one claim on its own and run the rules on it (the rules that compare claims
    need a batch and do not run)."""
    catalogs = CatalogSource(settings.assume)
    prepared = prepare(record, catalogs, settings.assume, settings.thresholds)
    return judge([prepared], rules, settings.thresholds)[0]


def _claim_report(
    prepared: Prepared, hits: list[tuple[Rule, Hit]], thresholds: Thresholds
) -> ClaimReport:
    record = prepared.record
    claim = record.claim
    quiet = record.confidence < thresholds.low_confidence
    normal = normalise(claim.text)
    shown = _shown_path(record.path)
    findings = []
    for rule, hit in hits:
        where = record.where(hit.field)
        findings.append(
            construct(
                Finding,
                _FINDING_SET,
                {
                    "code": rule.code,
                    "name": rule.name,
                    "severity": Severity.INFO if quiet else rule.severity,
                    "message": hit.message,
                    "path": shown,
                    "line": where.line if where else None,
                    "column": where.column if where else None,
                    "end_line": where.end_line if where else None,
                    "end_column": where.end_column if where else None,
                    "fingerprint": fingerprint_of(rule.code, normal, record.path),
                },
            )
        )
    findings.sort(key=lambda f: (f.line or 0, f.column or 0, f.code))
    source = {
        "path": shown,
        "line": record.position.line if record.position else None,
        "column": record.position.column if record.position else None,
    }
    return construct(
        ClaimReport,
        _REPORT_SET,
        {
            "id": record.id,
            "source": construct(SourceRef, _SOURCE_SET, source),
            "text": claim.text,
            "claim": claim.model_dump(mode="json", include=_SHOWN),
            "confidence": record.confidence,
            "readings": list(record.readings),
            "analysis": prepared.subject.analysis,
            "findings": findings,
            "spans": {
                name: span
                for name, span in record.spans.items()
                if getattr(claim, name, None) is not None
            },
        },
    )


# The fields every finding and claim report sets, one set shared by all of them (pydantic
# keeps a set per model otherwise: about 0.7 KB a finding). Copies get their own.
_FINDING_SET = {
    "code",
    "name",
    "severity",
    "message",
    "path",
    "line",
    "column",
    "end_line",
    "end_column",
    "fingerprint",
}
_REPORT_SET = {
    "id",
    "source",
    "text",
    "claim",
    "confidence",
    "readings",
    "analysis",
    "findings",
    "spans",
}
_SOURCE_SET = {"path", "line", "column"}
_SHOWN: set[str] = {*MEASUREMENT_FIELDS, "vendor", "source_url", "date"}


def _shown_path(path: str | None) -> str | None:
    """Command-line text has no file: its findings carry no path in JSON."""
    return None if path is None or path.startswith("<") else path
