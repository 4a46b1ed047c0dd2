"""The audit: inputs → claims → analysis → rules → one sorted Report. No printing, no exit."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from claimcheck.analysis import analyse
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
)
from claimcheck.resolve import resolve
from claimcheck.rules import Rule, Subject, enabled
from claimcheck.settings import Settings
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
    """Audit every input of ``request``; a bad input becomes an error entry, never a crash."""
    settings = request.settings
    rules = enabled(settings.select, settings.ignore, settings.extend_select)
    claims: list[ClaimReport] = []
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
        claims.extend(audit_record(record, rules, settings) for record in records)
    return build_report(claims, problems, files, rules)


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


def audit_record(record: ClaimRecord, rules: Iterable[Rule], settings: Settings) -> ClaimReport:
    """Analyse one claim and run the enabled rules on it."""
    claim = record.claim
    analysis = analyse(claim)
    subject = Subject(claim, analysis, resolve(claim), frozenset(record.cues), settings.thresholds)
    quiet = record.confidence < settings.thresholds.low_confidence
    findings = []
    for rule in rules:
        for hit in rule.check(subject):
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
        analysis=analysis,
        findings=findings,
    )


def _shown_path(path: str | None) -> str | None:
    """Command-line text has no file: its findings carry no path in JSON."""
    return None if path is None or path.startswith("<") else path


def build_report(
    claims: list[ClaimReport], problems: list[InputError], files: int, rules: Iterable[Rule] = ()
) -> Report:
    """Sort everything (path, line, column, code) and count the summary."""
    claims.sort(key=lambda c: (c.source.path or "", c.source.line or 0, c.source.column or 0, c.id))
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
        RuleInfo(code=r.code, name=r.name, severity=r.severity, summary=r.summary) for r in rules
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
