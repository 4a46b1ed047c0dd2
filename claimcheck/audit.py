"""The audit: inputs → claims → analysis → rules → one sorted Report. No printing, no exit."""

from __future__ import annotations

import inspect
import itertools
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec import field

from claimcheck import DOCS_URL
from claimcheck.catalog.source import CatalogSource
from claimcheck.errors import ClaimcheckError, InputError, printable
from claimcheck.frozen import M, construct
from claimcheck.judge import Judge
from claimcheck.prepare import Prepared, prepare
from claimcheck.record import ClaimRecord, Placed
from claimcheck.report import (
    ClaimReport,
    Evidence,
    Finding,
    InputProblem,
    Report,
    RuleInfo,
    Summary,
    Tool,
    WeighedNumber,
    fingerprint,
)
from claimcheck.rules import RULES, Rule, enabled
from claimcheck.settings import Settings
from claimcheck.severity import Severity, fails_the_run

if TYPE_CHECKING:
    from claimcheck.sources.document import ReadDocument
from claimcheck.defaults import DEFAULT_MAX_BYTES
from claimcheck.sources.inputs import FileInput, Input, Selection, expand
from claimcheck.sources.load import load_input
from claimcheck.sources.parallel import Preparing, Read, default_jobs, load_all
from claimcheck.sources.reading import display_path
from claimcheck.vendor_fit import sentence_points


class Inputs(msgspec.Struct, frozen=True, kw_only=True):
    """What to read: command-line arguments (files, folders, ``-``, claim text), ``--text``
    values, the name standing for stdin, which files of a folder count, and the size limit.

    ``output`` is the report file, never read as an input of a folder. ``jobs`` is the number
    of worker processes that may read files (the report is the same with any number).
    """

    arguments: Sequence[str] = ()
    texts: Sequence[str] = ()
    stdin_filename: str | None = None
    selection: Selection = field(default_factory=Selection)
    max_file_bytes: int = DEFAULT_MAX_BYTES
    output: Path | None = None
    jobs: int = 1


SettingsFor = Callable[[str], Settings]
"""The settings of one file, by the name reports show (the configuration nearest to it)."""


class _SettingsGroup:
    """The claims and documents judged under one ``Settings``: its rules, catalogs and skips."""

    def __init__(self, settings: Settings, charts: bool = False) -> None:
        self.settings = settings
        self.charts = charts
        self.rules = enabled(settings.select, settings.ignore, settings.extend_select)
        self.catalogs = CatalogSource(settings.assume)
        self.catalogs.check_assumptions()
        # Prose names models and GPUs from the run's catalog; the built-in one loads if needed.
        self.names = self.catalogs.get() if settings.assume.catalog else None
        self.skip = _PerFileIgnores(settings.per_file_ignores, settings.base or Path.cwd())
        self.judge = Judge(self.rules, settings.thresholds, self.skip.codes)
        self.documents: dict[str, ReadDocument] = {}

    def add(self, records: Iterable[ClaimRecord]) -> None:
        """Resolve, analyse and judge claims under this group's assumptions."""
        assume, thresholds = self.settings.assume, self.settings.thresholds
        for record in records:
            self.judge.add(prepare(record, self.catalogs, assume, thresholds, charts=self.charts))

    def add_prepared(self, prepared: Iterable[Prepared]) -> None:
        """Judge claims a worker resolved and analysed under this group's settings."""
        for p in prepared:
            self.judge.add(p)

    def judged(self) -> tuple[list[ClaimReport], list[Finding]]:
        """The claim reports, and the findings about documents (unused suppressions)."""
        claims = self.judge.reports()
        if not self.documents:
            return claims, []
        from claimcheck import suppress

        unused_rule = next((r for r in self.rules if r.code == "KV900"), None)
        claims, found = suppress.apply(claims, self.documents, unused_rule)
        kept = [f for f in found if not f.code.startswith(self.judge.ignored(f.path or ""))]
        return claims, kept


def audit(
    inputs: Inputs,
    settings: Settings | None = None,
    *,
    read_stdin: Callable[[], str] = str,
    progress: Callable[[str], None] | None = None,
    explain: bool = False,
    charts: bool = False,
    settings_for: SettingsFor | None = None,
) -> Report:
    """Audit every input; a bad input becomes an error entry, never a crash.

    ``settings_for`` gives each file's settings (the configuration nearest to it); without it,
    or for stdin and text, ``settings`` apply. Bad options (an unknown ``--model``, a broken
    ``--catalog`` file) raise ``UsageError``. ``progress`` is told the name of each input as it
    is read. With ``explain`` the report lists every number the extractor weighed; with
    ``charts`` each analysis carries the curves and the well-run baseline the HTML report
    draws (without, no curve is sampled).
    """
    default = _SettingsGroup(settings or Settings.model_construct(), charts)
    groups: dict[int, _SettingsGroup] = {id(default.settings): default}
    problems: list[InputError] = []
    weighed: list[Placed] = []
    broken: set[str] = set()
    files = 0
    items = expand(
        list(inputs.arguments),
        list(inputs.texts),
        inputs.stdin_filename,
        inputs.selection,
        inputs.output,
    )
    placed: list[tuple[Input | InputError, _SettingsGroup]] = []
    for item in items:  # each file under the configuration nearest to it
        group = default
        if settings_for is not None and isinstance(item, FileInput):
            try:
                own = settings_for(item.display)
                group = groups.get(id(own)) or groups.setdefault(
                    id(own), _SettingsGroup(own, charts)
                )
            except ClaimcheckError as err:  # a broken configuration file, reported once
                if str(err) not in broken:
                    broken.add(str(err))
                    where = display_path(Path(err.path)) if err.path else item.display
                    problems.append(InputError(err.message, path=where, line=err.line,
                                               column=err.column))  # fmt: skip
                files += 1
                continue
        placed.append((item, group))
    read = _loaded(placed, inputs, read_stdin, charts)
    for (item, group), (_, loaded, prepared) in zip(placed, read, strict=True):
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
        if explain:
            weighed.extend(loaded.decisions)
        if loaded.document is not None:
            group.documents[item.display] = loaded.document
        if prepared is not None:  # by a worker, under this group's settings
            group.add_prepared(prepared)
        else:
            group.add(sentence_points(loaded.records))
    claims: list[ClaimReport] = []
    document_findings: list[Finding] = []
    for group in groups.values():
        judged, found = group.judged()
        claims += judged
        document_findings += found
        problems[:0] = group.catalogs.problems
    used = {r.code for group in groups.values() for r in group.rules}
    rules = [rule for rule in RULES if rule.code in used]
    report = build_report(claims, problems, files, rules, document_findings)
    if explain:
        report = report.model_copy(update={"candidates": explained(weighed)})
    return report


def _loaded(
    placed: list[tuple[Input | InputError, _SettingsGroup]],
    inputs: Inputs,
    read_stdin: Callable[[], str],
    charts: bool,
) -> Iterator[Read]:
    """What reading each input gave, in order: by ``inputs.jobs`` workers when every file is read
    with the same catalog of names (the usual case), else one by one with its own. Workers also
    resolve and analyse the claims when every file is audited under the same settings and the
    machine has a core beyond the workers' for this process (on two cores with two workers,
    sending the analyses back cost more than it saved: 10,000 claim files took 1.2x the time)."""
    catalogs = {id(group.names): group.names for _, group in placed}
    if len(catalogs) == 1:
        (names,) = catalogs.values()
        items = [item for item, _ in placed]
        groups = {id(group): group for _, group in placed}
        preparing = None
        if len(groups) == 1 and default_jobs() > inputs.jobs:
            (settings,) = (group.settings for group in groups.values())
            preparing = Preparing(settings.assume, settings.thresholds, charts)
        yield from load_all(items, inputs.max_file_bytes, read_stdin, names, inputs.jobs, preparing)
        return
    for item, group in placed:
        if isinstance(item, InputError):
            yield item, item, None
            continue
        try:
            yield item, load_input(item, inputs.max_file_bytes, read_stdin, group.names), None
        except InputError as err:
            yield item, err, None


def explained(weighed: Iterable[Placed]) -> list[WeighedNumber]:
    """The weighed numbers as report entries, sorted by place."""
    entries = [
        WeighedNumber(
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

    def __init__(self, table: Mapping[str, Sequence[str]], base: Path) -> None:
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
            _made(
                InputProblem,
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
    summary = _made(
        Summary,
        files=files,
        claims=len(claims),
        findings={
            s.value: counts[s.value] for s in (Severity.ERROR, Severity.WARNING, Severity.INFO)
        },
        suppressed=suppressed,
        errors=len(errors),
    )
    infos = [
        _made(
            RuleInfo,
            code=r.code,
            name=r.name,
            severity=r.severity,
            summary=r.summary,
            description=inspect.cleandoc(r.doc),
            help_uri=f"{DOCS_URL}#{r.code.lower()}-{r.name}",
            precision=r.precision,
            security_severity=r.security_severity,
        )
        for r in rules
    ]
    given = {
        "claims": claims,
        "errors": errors,
        "summary": summary,
        "findings": loose,
        "rules": infos,
    }
    # The fields left to a default factory are filled here: pydantic's model_construct reads
    # each factory's signature first, and ``list``'s is parsed from its text (about 7 ms).
    return construct(Report, set(given), {**given, "tool": _TOOL, "candidates": []})


_TOOL = Tool.model_construct()


def _made(cls: type[M], **values: Any) -> M:
    """A report model from values this module computed (valid by construction): validating
    them again would build each model's validator on every run."""
    return construct(cls, set(values), values)


def exit_code(report: Report, fail_on: Severity | None, exit_zero: bool = False) -> int:
    """2 if any input failed; else 1 if an unsuppressed finding is at or above ``fail_on``
    (``None`` = never) and ``exit_zero`` is off; else 0."""
    if report.errors:
        return 2
    if fail_on is None or exit_zero:
        return 0
    # In any order, and each severity once: a batch's findings are not sorted or weighed one
    # by one only to be looked at once.
    found = (f for c in report.claims for f in c.findings)
    severities = {f.severity for f in itertools.chain(found, report.findings) if not f.suppressed}
    failing = any(fails_the_run(severity, fail_on) for severity in severities)
    return 1 if failing else 0
