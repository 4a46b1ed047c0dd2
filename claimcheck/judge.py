"""Judging claims: resolve names, analyse, run the rules, and place each finding."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from claimcheck.analysis import analyse
from claimcheck.claim import MEASUREMENT_FIELDS, Claim
from claimcheck.errors import InputError, UsageError
from claimcheck.record import ClaimRecord
from claimcheck.report import ClaimReport, Finding, SourceRef, fingerprint_of, normalise
from claimcheck.resolve import Resolved, resolve, size_from_name
from claimcheck.rules import Hit, Rule, Subject
from claimcheck.settings import Assumptions, Settings
from claimcheck.severity import Severity

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog


class CatalogSource:
    """The run's catalog, parsed only when a claim or option first needs it."""

    def __init__(self, assume: Assumptions) -> None:
        self.assume = assume
        self._catalog: Catalog | None = None
        self.problems: list[InputError] = []

    def get(self) -> Catalog:
        """The built-in catalog merged with ``--catalog FILE`` if given. A file that cannot be
        used is one problem of the run (``problems``); the built-in catalog stands in for it."""
        if self._catalog is None:
            from claimcheck.catalog import builtin_catalog, load_catalog

            try:
                self._catalog = load_catalog(
                    Path(self.assume.catalog) if self.assume.catalog else None
                )
            except UsageError as err:
                self.problems.append(
                    InputError(err.message, path=err.path, line=err.line, column=err.column)
                )
                self._catalog = builtin_catalog()
        return self._catalog

    def check_assumptions(self) -> None:
        """Refuse unknown names in the options before reading any input (a name the broken
        catalog file would have added is refused with that file's problem)."""
        assume = self.assume
        if assume.catalog is not None:
            self.get()
        try:
            if assume.model is not None:
                self.get().require_model(assume.model)
            if assume.gpu is not None:
                self.get().require_gpu(assume.gpu)
            if assume.tier is not None:
                self.get().require_tier(assume.tier)
        except UsageError:
            if self.problems:
                problem = self.problems[0]
                raise UsageError(
                    problem.message, path=problem.path, line=problem.line, column=problem.column
                ) from None
            raise

    def needed(self, claim: Claim) -> bool:
        """Does this claim name anything the catalog resolves?"""
        assume = self.assume
        named = (claim.model, claim.gpu, claim.tier, assume.model, assume.gpu, assume.tier)
        return any(name is not None for name in named)


@dataclass(frozen=True)
class Prepared:
    """A claim ready for the rules: its record and what the rules see."""

    record: ClaimRecord
    subject: Subject


def prepare(record: ClaimRecord, catalogs: CatalogSource | None, settings: Settings) -> Prepared:
    """Resolve and analyse one claim."""
    claim = record.claim
    if catalogs is not None and catalogs.needed(claim):
        resolved = resolve(claim, catalogs.get(), settings.assume)
    else:
        resolved = Resolved(total_params_billions=claim.params_billions or _size(claim))
    analysis = analyse(claim, resolved, settings.assume)
    subject = Subject(
        claim,
        analysis,
        resolved,
        frozenset(record.cues),
        settings.thresholds,
        record.conflicts,
        record.id,
    )
    return Prepared(record, subject)


def _size(claim: Claim) -> float | None:
    return size_from_name(claim.model) if claim.model else None


def judge(
    prepared: list[Prepared],
    rules: Iterable[Rule],
    settings: Settings,
    skip: Mapping[str, Sequence[str]] | None = None,
) -> list[ClaimReport]:
    """Run the rules: each claim on its own, then the rules that compare claims. ``skip`` maps
    a path to the rule codes (or prefixes) that do not apply to it (``per-file-ignores``)."""
    rules = tuple(rules)
    extra: dict[int, list[tuple[Rule, Hit]]] = {}
    subjects = [p.subject for p in prepared]
    for rule in rules:
        if rule.batch is not None and len(subjects) > 1:
            for index, hit in rule.batch(subjects):
                extra.setdefault(index, []).append((rule, hit))
    reports = []
    for i, p in enumerate(prepared):
        hits = [(rule, hit) for rule in rules for hit in rule.check(p.subject)] + extra.get(i, [])
        ignored = tuple((skip or {}).get(p.record.path or "", ()))
        hits = [(rule, hit) for rule, hit in hits if not rule.code.startswith(ignored or ("\0",))]
        reports.append(_claim_report(p, hits, settings))
    return reports


def audit_record(record: ClaimRecord, rules: Iterable[Rule], settings: Settings) -> ClaimReport:
    """Analyse one claim on its own and run the rules on it (the rules that compare claims
    need a batch and do not run)."""
    return judge([prepare(record, CatalogSource(settings.assume), settings)], rules, settings)[0]


def _claim_report(
    prepared: Prepared, hits: list[tuple[Rule, Hit]], settings: Settings
) -> ClaimReport:
    record = prepared.record
    claim = record.claim
    quiet = record.confidence < settings.thresholds.low_confidence
    normal = normalise(claim.text)
    findings = []
    for rule, hit in hits:
        where = record.where(hit.field)
        findings.append(
            Finding.model_construct(
                code=rule.code,
                name=rule.name,
                severity=Severity.INFO if quiet else rule.severity,
                message=hit.message,
                path=_shown_path(record.path),
                line=where.line if where else None,
                column=where.column if where else None,
                end_line=where.end_line if where else None,
                end_column=where.end_column if where else None,
                fingerprint=fingerprint_of(rule.code, normal, record.path),
            )
        )
    findings.sort(key=lambda f: (f.line or 0, f.column or 0, f.code))
    return ClaimReport.model_construct(
        id=record.id,
        source=SourceRef(
            path=_shown_path(record.path),
            line=record.position.line if record.position else None,
            column=record.position.column if record.position else None,
        ),
        text=claim.text,
        claim=claim.model_dump(mode="json", include=_SHOWN),
        confidence=record.confidence,
        readings=list(record.readings),
        analysis=prepared.subject.analysis,
        findings=findings,
        spans={
            name: span
            for name, span in record.spans.items()
            if getattr(claim, name, None) is not None
        },
    )


_SHOWN: set[str] = {*MEASUREMENT_FIELDS, "vendor", "source_url", "date"}


def _shown_path(path: str | None) -> str | None:
    """Command-line text has no file: its findings carry no path in JSON."""
    return None if path is None or path.startswith("<") else path
