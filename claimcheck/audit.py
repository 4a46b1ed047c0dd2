"""The audit: inputs → claims → analysis → rules → one sorted Report. No printing, no exit."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from claimcheck import DOCS_URL
from claimcheck.analysis import analyse
from claimcheck.catalog import Catalog
from claimcheck.claim import MEASUREMENT_FIELDS, Claim
from claimcheck.errors import InputError
from claimcheck.extract import Extraction, extract_claims
from claimcheck.record import ClaimRecord, Position
from claimcheck.report import (
    ClaimReport,
    Finding,
    InputProblem,
    Report,
    RuleInfo,
    Severity,
    SourceRef,
    Summary,
    fingerprint,
)
from claimcheck.resolve import Resolved, resolve, size_from_name
from claimcheck.rules import Hit, Rule, Subject, enabled
from claimcheck.settings import Assumptions, Settings
from claimcheck.sources.claimfile import load_claims, looks_like_claims
from claimcheck.sources.inputs import FileInput, Input, StdinInput, TextInput, expand
from claimcheck.sources.reading import read_text


@dataclass(frozen=True)
class Request:
    """What to audit: command-line arguments, ``--text`` values, and the settings."""

    arguments: list[str]
    texts: list[str] = field(default_factory=list)
    stdin_filename: str | None = None
    settings: Settings = field(default_factory=Settings)


def audit(request: Request, read_stdin: Callable[[], str]) -> Report:
    """Audit every input of ``request``; a bad input becomes an error entry, never a crash.

    Bad options (an unknown ``--model``, a broken ``--catalog`` file) raise ``UsageError``.
    """
    settings = request.settings
    rules = enabled(settings.select, settings.ignore, settings.extend_select)
    catalogs = CatalogSource(settings.assume)
    catalogs.check_assumptions()
    prepared: list[Prepared] = []
    problems: list[InputError] = []
    files = 0
    for item in expand(request.arguments, request.texts, request.stdin_filename):
        if isinstance(item, InputError):
            problems.append(item)
            continue
        try:
            records, item_problems, counted = _read(item, settings, read_stdin)
        except InputError as err:
            problems.append(err)
            files += isinstance(item, FileInput)
            continue
        files += counted
        problems.extend(item_problems)
        prepared.extend(prepare(record, catalogs, settings) for record in records)
    return build_report(judge(prepared, rules, settings), problems, files, rules)


class CatalogSource:
    """The run's catalog, parsed only when a claim or option first needs it."""

    def __init__(self, assume: Assumptions) -> None:
        self.assume = assume
        self._catalog: Catalog | None = None

    def get(self) -> Catalog:
        """The built-in catalog merged with ``--catalog FILE`` if given."""
        if self._catalog is None:
            from claimcheck.catalog import load_catalog

            self._catalog = load_catalog(Path(self.assume.catalog) if self.assume.catalog else None)
        return self._catalog

    def check_assumptions(self) -> None:
        """Refuse unknown names in the options before reading any input."""
        assume = self.assume
        if assume.catalog is not None:
            self.get()
        if assume.model is not None:
            self.get().require_model(assume.model)
        if assume.gpu is not None:
            self.get().require_gpu(assume.gpu)
        if assume.tier is not None:
            self.get().require_tier(assume.tier)

    def needed(self, claim: Claim) -> bool:
        """Does this claim name anything the catalog resolves?"""
        assume = self.assume
        named = (claim.model, claim.gpu, claim.tier, assume.model, assume.gpu, assume.tier)
        return any(name is not None for name in named)


def _read(
    item: Input, settings: Settings, read_stdin: Callable[[], str]
) -> tuple[list[ClaimRecord], list[InputError], int]:
    """The claims of one input, the problems of its invalid claims, and 1 if it was a file."""
    if isinstance(item, TextInput):
        return _from_text(item.text, item.display, item.explicit), [], 0
    if isinstance(item, StdinInput):
        text = read_stdin()
        kind = item.kind or _guess_kind(text)
        if kind == "text":
            return _from_text(text, item.display, True), [], 1
        loaded = load_claims(text, kind, item.display, "stdin")  # type: ignore[arg-type]
        return loaded.records, loaded.problems, 1
    text = read_text(item.path, item.display, max_bytes=settings.max_file_bytes)
    kind = item.kind
    if not item.named and not looks_like_claims(text, kind, item.display):  # type: ignore[arg-type]
        return [], [], 0
    loaded = load_claims(text, kind, item.display, Path(item.path).stem)  # type: ignore[arg-type]
    return loaded.records, loaded.problems, 1


def _guess_kind(text: str) -> str:
    """Standard input without ``--stdin-filename``: JSON, a YAML claim mapping, or prose."""
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        return "json"
    first = next((ln for ln in stripped.splitlines() if ln.strip() and not ln.startswith("#")), "")
    key = first.split(":", 1)[0].strip().lstrip("- ")
    return "yaml" if ":" in first and key in Claim.model_fields else "text"


def _from_text(text: str, display: str, explicit: bool) -> list[ClaimRecord]:
    extractions = extract_claims(text, explicit=explicit)
    if not extractions:
        raise InputError(
            "no KV-cache speedup claim found in the text (pass it with --text to audit it anyway)",
            path=display,
        )
    return [
        _text_record(text, display, number, ex) for number, ex in enumerate(extractions, start=1)
    ]


def _text_record(text: str, display: str, number: int, extraction: Extraction) -> ClaimRecord:
    def at(offset: int, end: int) -> Position:
        line = text.count("\n", 0, offset) + 1
        start_col = offset - (text.rfind("\n", 0, offset) + 1) + 1
        end_line = text.count("\n", 0, end) + 1
        end_col = end - (text.rfind("\n", 0, end) + 1) + 1
        return Position(line, start_col, end_line, end_col)

    sentence = text[extraction.span.start : extraction.span.end].strip()
    claim = Claim.model_validate({**extraction.values, "text": sentence or None})
    return ClaimRecord(
        claim=claim,
        id=f"text-{number}",
        path=display,
        position=at(extraction.span.start, extraction.span.end),
        fields={name: at(span.start, span.end) for name, span in extraction.spans.items()},
        cues={name: at(span.start, span.end) for name, span in extraction.cues.items()},
        readings=extraction.readings,
        confidence=extraction.confidence,
    )


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
        claim, analysis, resolved, frozenset(record.cues), settings.thresholds, record.conflicts
    )
    return Prepared(record, subject)


def _size(claim: Claim) -> float | None:
    return size_from_name(claim.model) if claim.model else None


def judge(prepared: list[Prepared], rules: Iterable[Rule], settings: Settings) -> list[ClaimReport]:
    """Run the rules: each claim on its own, then the rules that compare claims."""
    rules = tuple(rules)
    extra: dict[int, list[tuple[Rule, Hit]]] = {}
    subjects = [p.subject for p in prepared]
    for rule in rules:
        if rule.batch is not None and len(subjects) > 1:
            for index, hit in rule.batch(subjects):
                extra.setdefault(index, []).append((rule, hit))
    return [
        _claim_report(
            p,
            [(rule, hit) for rule in rules for hit in rule.check(p.subject)] + extra.get(i, []),
            settings,
        )
        for i, p in enumerate(prepared)
    ]


def audit_record(record: ClaimRecord, rules: Iterable[Rule], settings: Settings) -> ClaimReport:
    """Analyse one claim on its own and run the rules on it (no catalog overrides, no batch)."""
    return judge([prepare(record, CatalogSource(settings.assume), settings)], rules, settings)[0]


def _claim_report(
    prepared: Prepared, hits: list[tuple[Rule, Hit]], settings: Settings
) -> ClaimReport:
    record = prepared.record
    claim = record.claim
    quiet = record.confidence < settings.thresholds.low_confidence
    findings = []
    for rule, hit in hits:
        where = record.where(hit.field)
        findings.append(
            Finding(
                code=rule.code,
                name=rule.name,
                severity=Severity.INFO if quiet else rule.severity,
                message=hit.message,
                path=_shown_path(record.path),
                line=where.line if where else None,
                column=where.column if where else None,
                end_line=where.end_line if where else None,
                end_column=where.end_column if where else None,
                fingerprint=fingerprint(rule.code, claim.text, record.path),
            )
        )
    findings.sort(key=lambda f: (f.line or 0, f.column or 0, f.code))
    return ClaimReport(
        id=record.id,
        source=SourceRef(
            path=_shown_path(record.path),
            line=record.position.line if record.position else None,
            column=record.position.column if record.position else None,
        ),
        text=claim.text,
        claim=claim.model_dump(
            mode="json", include=set(MEASUREMENT_FIELDS) | {"vendor", "source_url", "date"}
        ),
        confidence=record.confidence,
        readings=list(record.readings),
        analysis=prepared.subject.analysis,
        findings=findings,
    )


def _shown_path(path: str | None) -> str | None:
    """Command-line text has no file: its findings carry no path in JSON."""
    return None if path is None or path.startswith("<") else path


def _unique_fingerprints(claims: list[ClaimReport]) -> list[ClaimReport]:
    """Repeated fingerprints (the same claim twice in one file) get an occurrence number, so
    that every finding's fingerprint is unique (GitLab shows one finding per fingerprint)."""
    seen: Counter[str] = Counter()
    out = []
    for claim in claims:
        findings = []
        for finding in claim.findings:
            seen[finding.fingerprint] += 1
            if seen[finding.fingerprint] > 1:
                again = f"{finding.fingerprint}#{seen[finding.fingerprint]}"
                finding = finding.model_copy(
                    update={"fingerprint": fingerprint(finding.code, again, finding.path)}
                )
            findings.append(finding)
        out.append(claim.model_copy(update={"findings": findings}))
    return out


def build_report(
    claims: list[ClaimReport], problems: list[InputError], files: int, rules: Iterable[Rule] = ()
) -> Report:
    """Sort everything (path, line, column, code) and count the summary."""
    claims.sort(key=lambda c: (c.source.path or "", c.source.line or 0, c.source.column or 0, c.id))
    claims = _unique_fingerprints(claims)
    errors = sorted(
        (
            InputProblem(path=p.path, message=p.message, line=p.line, column=p.column)
            for p in problems
        ),
        key=lambda e: (e.path or "", e.line or 0, e.column or 0, e.message),
    )
    counts: Counter[str] = Counter()
    suppressed = 0
    for claim in claims:
        for finding in claim.findings:
            if finding.suppressed:
                suppressed += 1
            else:
                counts[finding.severity.value] += 1
    summary = Summary(
        files=files,
        claims=len(claims),
        findings={
            s.value: counts[s.value] for s in (Severity.ERROR, Severity.WARNING, Severity.INFO)
        },
        suppressed=suppressed,
        errors=len(errors),
    )
    infos = [
        RuleInfo(
            code=r.code,
            name=r.name,
            severity=r.severity,
            summary=r.summary,
            description=inspect.cleandoc(r.doc),
            help_uri=f"{DOCS_URL}#{r.code.lower()}-{r.name}",
        )
        for r in rules
    ]
    return Report(claims=claims, errors=errors, summary=summary, rules=infos)


def exit_code(report: Report, fail_on: Severity | None, exit_zero: bool = False) -> int:
    """2 if any input failed; else 1 if an unsuppressed finding is at or above ``fail_on``
    (``None`` = never) and ``exit_zero`` is off; else 0."""
    if report.errors:
        return 2
    if fail_on is None or exit_zero:
        return 0
    failing = any(f.severity.rank >= fail_on.rank for f in report.unsuppressed())
    return 1 if failing else 0
