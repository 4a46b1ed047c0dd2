"""The audit: inputs → claims → analysis → rules → one sorted Report. No printing, no exit."""

from __future__ import annotations

import inspect
import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from claimcheck import DOCS_URL
from claimcheck.catalog.source import CatalogSource
from claimcheck.errors import InputError, printable
from claimcheck.judge import judge
from claimcheck.prepare import Prepared, prepare
from claimcheck.record import Placed
from claimcheck.report import (
    Candidate,
    ClaimReport,
    Evidence,
    Finding,
    InputProblem,
    Report,
    RuleInfo,
    Summary,
    fingerprint,
)
from claimcheck.rules import Rule, enabled
from claimcheck.settings import Settings
from claimcheck.severity import Severity

if TYPE_CHECKING:
    from claimcheck.sources.document import ReadDocument
from claimcheck.sources.inputs import FileInput, Selection, expand
from claimcheck.sources.parallel import load_all
from claimcheck.vendor_fit import sentence_points


@dataclass(frozen=True)
class Request:
    """What to audit: command-line arguments, ``--text`` values, which files count, settings.

    ``per_file_ignores`` maps gitignore-style patterns to the rule codes that do not apply there.
    ``output`` is the report file, never read as an input of a folder. ``jobs`` is the number
    of worker processes that may read files (the report is the same with any number).
    """

    arguments: list[str]
    texts: list[str] = field(default_factory=list)
    stdin_filename: str | None = None
    settings: Settings = field(default_factory=Settings)
    selection: Selection = field(default_factory=Selection)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    explain: bool = False
    output: Path | None = None
    jobs: int = 1


def audit(
    request: Request,
    read_stdin: Callable[[], str],
    progress: Callable[[str], None] | None = None,
) -> Report:
    """Audit every input of ``request``; a bad input becomes an error entry, never a crash.

    Bad options (an unknown ``--model``, a broken ``--catalog`` file) raise ``UsageError``.
    ``progress`` is told the name of each input as it is read. With ``request.explain`` the
    report lists every number the extractor weighed (``Report.candidates``).
    """
    settings = request.settings
    rules = enabled(settings.select, settings.ignore, settings.extend_select)
    catalogs = CatalogSource(settings.assume)
    catalogs.check_assumptions()
    prepared: list[Prepared] = []
    problems: list[InputError] = []
    documents: dict[str, ReadDocument] = {}
    weighed: list[Placed] = []
    skip = _PerFileIgnores(request.per_file_ignores, request.selection.base)
    # Prose names models and GPUs from the run's catalog; the built-in one loads only if needed.
    names = catalogs.get() if settings.assume.catalog else None
    files = 0
    inputs = expand(
        request.arguments,
        request.texts,
        request.stdin_filename,
        request.selection,
        request.output,
    )
    for item, loaded in load_all(
        inputs, settings.max_file_bytes, read_stdin, names, jobs=request.jobs
    ):
        if isinstance(item, InputError):
            problems.append(item)
            continue
        if progress is not None:
            progress(item.display)
        if isinstance(loaded, InputError):
            problems.append(loaded)
            files += isinstance(item, FileInput)
            continue
        files += loaded.counted
        problems.extend(loaded.problems)
        if request.explain:
            weighed.extend(loaded.decisions)
        if loaded.document is not None:
            documents[item.display] = loaded.document
        records = sentence_points(loaded.records)
        prepared.extend(prepare(record, catalogs, settings) for record in records)
    paths = {p.record.path or "" for p in prepared} | set(documents)
    claims = judge(prepared, rules, settings, {path: skip.codes(path) for path in paths})
    unused_rule = next((r for r in rules if r.code == "KV900"), None)
    document_findings: list[Finding] = []
    if documents:
        from claimcheck import suppress

        claims, document_findings = suppress.apply(claims, documents, unused_rule)
    document_findings = [
        f for f in document_findings if not f.code.startswith(skip.codes(f.path or "") or ("\0",))
    ]
    report = build_report(claims, [*catalogs.problems, *problems], files, rules, document_findings)
    if request.explain:
        report = report.model_copy(update={"candidates": explained(weighed)})
    return report


def explained(weighed: Iterable[Placed]) -> list[Candidate]:
    """The weighed numbers as report entries, sorted by place."""
    entries = [
        Candidate(
            path=p.path,
            line=p.position.line if p.position else None,
            column=p.position.column if p.position else None,
            text=p.quoted,
            form=p.form,
            value=p.value,
            score=p.score,
            kept=p.kept,
            reason=p.reason,
            evidence=[
                Evidence(fact=name, weight=weight, words=words)
                for name, weight, words in p.evidence
            ],
        )
        for p in weighed
    ]
    return sorted(entries, key=lambda c: (c.path or "", c.line or 0, c.column or 0))


class _PerFileIgnores:
    """``per-file-ignores``: gitignore-style patterns, relative to ``base`` (the configuration
    file's folder, else the working directory), → rule codes or prefixes."""

    def __init__(self, table: dict[str, list[str]], base: Path) -> None:
        self._specs: list[tuple[Any, tuple[str, ...]]] = []
        self._base = base.resolve()
        if table:
            import pathspec

            self._specs = [
                (pathspec.GitIgnoreSpec.from_lines([p]), tuple(c)) for p, c in table.items()
            ]

    def codes(self, path: str) -> tuple[str, ...]:
        """The codes that do not apply to ``path`` (as reports show it: relative to the
        working directory)."""
        if not self._specs or not path or path.startswith("<"):
            return ()
        inside = os.path.relpath(os.path.abspath(path), self._base)
        shown = Path(inside).as_posix() if not inside.startswith("..") else path
        found: list[str] = []
        for spec, codes in self._specs:
            if spec.match_file(shown):
                found.extend(codes)
        return tuple(found)


def _unique_fingerprints(claims: list[ClaimReport]) -> list[ClaimReport]:
    """Repeated fingerprints (the same claim twice in one file) get an occurrence number, so
    that every finding's fingerprint is unique (GitLab shows one finding per fingerprint).
    A fingerprint includes the claim's path, so with ``claims`` sorted by path the count
    starts again at each path: a large batch never holds every fingerprint at once."""
    seen: Counter[str] = Counter()
    out = []
    path: object = object()
    for claim in claims:
        if claim.source.path != path:
            path = claim.source.path
            seen.clear()
        findings = []
        changed = False
        for finding in claim.findings:
            seen[finding.fingerprint] += 1
            if seen[finding.fingerprint] > 1:
                again = f"{finding.fingerprint}#{seen[finding.fingerprint]}"
                finding = finding.model_copy(
                    update={"fingerprint": fingerprint(finding.code, again, finding.path)}
                )
                changed = True
            findings.append(finding)
        out.append(claim.model_copy(update={"findings": findings}) if changed else claim)
    return out


def build_report(
    claims: list[ClaimReport],
    problems: list[InputError],
    files: int,
    rules: Iterable[Rule] = (),
    document_findings: Iterable[Finding] = (),
) -> Report:
    """Sort everything (path, line, column, code) and count the summary."""
    claims = sorted(
        claims, key=lambda c: (c.source.path or "", c.source.line or 0, c.source.column or 0, c.id)
    )
    claims = _unique_fingerprints(claims)
    loose = sorted(
        document_findings, key=lambda f: (f.path or "", f.line or 0, f.column or 0, f.code)
    )
    errors = sorted(
        (
            InputProblem(
                path=printable(p.path) if p.path else p.path,
                message=printable(p.message),
                line=p.line,
                column=p.column,
            )
            for p in problems
        ),
        key=lambda e: (e.path or "", e.line or 0, e.column or 0, e.message),
    )
    counts: Counter[str] = Counter()
    suppressed = 0
    for finding in [f for c in claims for f in c.findings] + loose:
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
    return Report(claims=claims, errors=errors, summary=summary, findings=loose, rules=infos)


def exit_code(report: Report, fail_on: Severity | None, exit_zero: bool = False) -> int:
    """2 if any input failed; else 1 if an unsuppressed finding is at or above ``fail_on``
    (``None`` = never) and ``exit_zero`` is off; else 0."""
    if report.errors:
        return 2
    if fail_on is None or exit_zero:
        return 0
    failing = any(f.severity.rank >= fail_on.rank for f in report.unsuppressed())
    return 1 if failing else 0
