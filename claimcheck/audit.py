"""The audit: inputs → claims → analysis → rules → one sorted Report. No printing, no exit."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import msgspec
from msgspec import field

from claimcheck import RULES_URL
from claimcheck.batch import SPOOL_FROM_FILES, FileWork, Mode, SettingsGroup
from claimcheck.defaults import DEFAULT_MAX_BYTES
from claimcheck.errors import ClaimcheckError, InputError, printable
from claimcheck.judge import report_order, unique_fingerprints
from claimcheck.record import Placed
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
)
from claimcheck.rules import RULES, Rule
from claimcheck.settings import Settings
from claimcheck.severity import Severity, fails_the_run
from claimcheck.sources.inputs import FileInput, Input, Selection, expand
from claimcheck.sources.parallel import default_jobs, run, workers_for
from claimcheck.sources.reading import display_path
from claimcheck.spool import SEVERITIES, Entry, Spool, SpooledClaims
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


def audit(
    inputs: Inputs,
    settings: Settings | None = None,
    *,
    read_stdin: Callable[[], str] = str,
    progress: Callable[[str], None] | None = None,
    explain: bool = False,
    charts: bool = False,
    settings_for: SettingsFor | None = None,
    spool: bool = False,
) -> Report:
    """Audit every input; a bad input becomes an error entry, never a crash.

    ``settings_for`` gives each file's settings (the configuration nearest to it); without it,
    or for stdin and text, ``settings`` apply. Bad options (an unknown ``--model``, a broken
    ``--catalog`` file) raise ``UsageError``. ``progress`` is told the name of each input as it
    is read. With ``explain`` the report lists every number the extractor weighed; with
    ``charts`` each analysis carries the curves and the well-run baseline the HTML report
    draws (without, no curve is sampled). With ``spool`` (the report is to be written as
    JSON), the claims of a large batch are kept as their JSON entries (``spool.py``).
    """
    groups = [SettingsGroup(settings or Settings.model_construct(), charts)]
    numbers = {id(groups[0].settings): 0}  # each settings' group, by its number in ``groups``
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
    placed: list[tuple[Input | InputError, int]] = []
    for item in items:  # each file under the configuration nearest to it
        number = 0
        if settings_for is not None and isinstance(item, FileInput):
            try:
                own = settings_for(item.display)
                if id(own) not in numbers:
                    groups.append(SettingsGroup(own, charts))
                    numbers[id(own)] = len(groups) - 1
                number = numbers[id(own)]
            except ClaimcheckError as err:  # a broken configuration file, reported once
                if str(err) not in broken:
                    broken.add(str(err))
                    where = display_path(Path(err.path)) if err.path else item.display
                    problems.append(InputError(err.message, path=where, line=err.line,
                                               column=err.column))  # fmt: skip
                files += 1
                continue
        placed.append((item, number))
    mode = _mode([item for item, _ in placed], inputs.jobs, spool and not charts)
    spooled = Spool() if mode == "write" else None
    work = FileWork(groups, inputs.max_file_bytes, read_stdin, mode)
    for (item, number), done in zip(placed, run(placed, work, inputs.jobs), strict=True):
        group = groups[number]
        if isinstance(item, InputError):
            problems.append(item)
            continue
        if progress is not None:
            progress(item.display)
        loaded = done.outcome
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
        if done.entries is not None:
            assert spooled is not None
            for text, entry in done.entries:
                group.judge.add_entry(spooled.add(text, entry))
        elif done.prepared is not None:  # by a worker, under this group's settings
            group.add(done.prepared)
        else:
            group.add(group.prepared(sentence_points(loaded.records)))
    claims: list[ClaimReport | Entry] = []
    document_findings: list[Finding] = []
    for group in groups:
        judged, found = group.judged()
        claims += judged
        document_findings += found
        problems[:0] = group.catalogs.problems
    used = {r.code for group in groups for r in group.rules}
    rules = [rule for rule in RULES if rule.code in used]
    report = build_report(claims, problems, files, rules, document_findings, spooled)
    if explain:
        report = report.model_copy(update={"candidates": explained(weighed)})
    return report


def _mode(items: list[Input | InputError], jobs: int, spool: bool) -> Mode:
    """How far the work on each file goes. A JSON report of a large batch is written from
    entries judged and written file by file (``spool.py``), here or by workers. Otherwise
    workers resolve and analyse the claims too when the machine has a core beyond the
    workers' for this process (on two cores with two workers, sending the analyses back cost
    more than it saved: 10,000 claim files took 1.2x the time)."""
    if spool and sum(isinstance(item, FileInput) for item in items) >= SPOOL_FROM_FILES:
        return "write"
    if workers_for(items, jobs) and default_jobs() > jobs:
        return "prepare"
    return "read"


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


def build_report(
    claims: Sequence[ClaimReport | Entry],
    problems: list[InputError],
    files: int,
    rules: Iterable[Rule] = (),
    document_findings: Iterable[Finding] = (),
    spooled: Spool | None = None,
) -> Report:
    """Sort everything (path, line, column, code) and count the summary. Entries (claims
    kept as their JSON entries in ``spooled``) count their own findings and those added."""
    ordered = unique_fingerprints(sorted(claims, key=report_order))
    loose = sorted(
        document_findings, key=lambda f: (f.path or "", f.line or 0, f.column or 0, f.code)
    )
    errors = sorted(
        (
            InputProblem.model_construct(
                path=printable(p.path) if p.path else p.path,
                message=printable(p.message),
                line=p.line,
                column=p.column,
            )
            for p in problems
        ),
        key=lambda e: (e.path or "", e.line or 0, e.column or 0, e.message),
    )
    counts: Counter[Severity] = Counter()
    found: list[Finding] = list(loose)
    for claim in ordered:
        if isinstance(claim, Entry):  # its own findings are never suppressed (``FileWork``)
            counts.update(dict(zip(SEVERITIES, claim.counts, strict=True)))
            counts.update(Severity(claim.severities[number]) for number, _, _ in claim.added)
        else:
            found += claim.findings
    suppressed = sum(1 for finding in found if finding.suppressed)
    counts.update(finding.severity for finding in found if not finding.suppressed)
    summary = Summary.model_construct(
        files=files,
        claims=len(ordered),
        findings={severity.value: counts[severity] for severity in SEVERITIES},
        suppressed=suppressed,
        errors=len(errors),
    )
    infos = [
        RuleInfo.model_construct(
            code=r.code,
            name=r.name,
            severity=r.severity,
            summary=r.summary,
            description=inspect.cleandoc(r.doc),
            help_uri=f"{RULES_URL}#{r.code.lower()}-{r.name}",
            precision=r.precision,
            security_severity=r.security_severity,
        )
        for r in rules
    ]
    shown: Sequence[ClaimReport]
    if spooled is not None and any(isinstance(claim, Entry) for claim in ordered):
        shown = SpooledClaims(ordered, spooled)
    else:
        shown = [claim for claim in ordered if isinstance(claim, ClaimReport)]
    # The fields left to a default factory are given here, and so count as set: pydantic's
    # model_construct reads each factory's signature first, and ``list``'s is parsed from its
    # text (about 7 ms). The fields set are those a validated report would have.
    return Report.model_construct(
        {"claims", "errors", "summary", "findings", "rules"},
        claims=shown,
        errors=errors,
        summary=summary,
        findings=loose,
        rules=infos,
        tool=_TOOL,
        candidates=[],
    )


_TOOL = Tool.model_construct()


def exit_code(report: Report, fail_on: Severity | None, exit_zero: bool = False) -> int:
    """2 if any input failed; else 1 if an unsuppressed finding is at or above ``fail_on``
    (``None`` = never) and ``exit_zero`` is off; else 0."""
    if report.errors:
        return 2
    if fail_on is None or exit_zero:
        return 0
    # The summary counts the unsuppressed findings by severity: a batch's findings are not
    # looked at one by one again (nor its claims read back from their entries).
    found = report.summary.findings
    failing = any(count and fails_the_run(Severity(sev), fail_on) for sev, count in found.items())
    return 1 if failing else 0
