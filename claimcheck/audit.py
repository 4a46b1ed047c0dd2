"""The audit: inputs → claims → analysis → rules → one sorted Report. No printing, no exit."""

from __future__ import annotations

import heapq
import inspect
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from itertools import pairwise
from pathlib import Path

import msgspec
from msgspec import field

from claimcheck import RULES_URL
from claimcheck.batch import FileWork, SettingsGroup
from claimcheck.defaults import DEFAULT_MAX_BYTES
from claimcheck.errors import ClaimcheckError, InputError, printable
from claimcheck.record import Placed
from claimcheck.report import (
    ClaimReport,
    ClaimStore,
    Evidence,
    Finding,
    HeldClaims,
    InputProblem,
    Records,
    Report,
    RuleInfo,
    Summary,
    WeighedNumber,
    report_order,
)
from claimcheck.rules import RULES, Rule
from claimcheck.settings import Settings
from claimcheck.severity import Severity, fails_the_run
from claimcheck.sources.inputs import FileInput, InputList, Selection, expand
from claimcheck.sources.parallel import run
from claimcheck.sources.reading import display_path
from claimcheck.vendor_fit import sentence_points


class Inputs(msgspec.Struct, frozen=True, kw_only=True):
    """What to read: command-line arguments (files, folders, ``-``, claim text), ``--text``
    values, the name standing for stdin, which files of a folder count, and the size limit.

    ``output`` is the report file, never read as an input of a folder. ``jobs`` is the number
    of worker processes that may read files (the report is the same with any number).
    ``cache`` is the folder of the results of earlier runs (``claimcheck.result_cache``;
    ``None``: none kept or read).
    """

    arguments: Sequence[str] = ()
    texts: Sequence[str] = ()
    stdin_filename: str | None = None
    selection: Selection = field(default_factory=Selection)
    max_file_bytes: int = DEFAULT_MAX_BYTES
    output: Path | None = None
    jobs: int = 1
    cache: Path | None = None


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
    store: ClaimStore | None = None,
) -> Report:
    """Audit every input; a bad input becomes an error entry, never a crash.

    ``settings_for`` gives each file's settings (the configuration nearest to it); without it,
    or for stdin and text, ``settings`` apply. Bad options (an unknown ``--model``, a broken
    ``--catalog`` file) raise ``UsageError``. ``progress`` is told the name of each input as it
    is read. With ``explain`` the report lists every number the extractor weighed; with
    ``charts`` each analysis carries the curves and the well-run baseline the HTML report
    draws (without, no curve is sampled). Each claim's report goes to ``store`` as it is
    judged (the output format's choice: ``formats.claim_store``; a list without one).
    """
    groups = [SettingsGroup(settings or Settings(), charts)]
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
    placed = InputList()  # a few bytes a file: a folder may hold a hundred thousand
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
        placed.append(item, number)
    kept = Claims(store or HeldClaims())
    results = None
    if inputs.cache is not None:
        from claimcheck.result_cache import ResultCache

        results = ResultCache(inputs.cache)
    work = FileWork(groups, inputs.max_file_bytes, read_stdin, results)
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
        if loaded.document is not None:  # its suppression comments decide once all is judged
            group.documents[item.display] = loaded.document
            for judged in done.judged or ():
                group.hold(judged)
        elif done.judged is not None:
            for judged in done.judged:
                kept.add(number, group.note(judged), judged.report)
        else:  # standard input or text
            group.add(group.prepared(sentence_points(loaded.records)))
    if results is not None:
        results.close()  # the write-ahead log folded back into the database
    document_findings: list[Finding] = []
    for number, group in enumerate(groups):
        held, found = group.judged()
        for claim in held:
            kept.add(number, None, claim)
        document_findings += found
        problems[:0] = group.catalogs.problems
    used = {r.code for group in groups for r in group.rules}
    rules = [rule for rule in RULES if rule.code in used]
    claims, tally = kept.finished([group.added for group in groups])
    tally.add(document_findings)
    report = _report(claims, tally, problems, files, rules, document_findings)
    if explain:
        report = msgspec.structs.replace(report, candidates=explained(weighed))
    return report


class Tally:
    """Unsuppressed findings counted by severity, and suppressed ones."""

    def __init__(self) -> None:
        self.counts: Counter[Severity] = Counter()
        self.suppressed = 0

    def add(self, findings: Iterable[Finding]) -> None:
        """Count ``findings``."""
        for finding in findings:
            if finding.suppressed:
                self.suppressed += 1
            else:
                self.counts[finding.severity] += 1


class Claims:
    """The claims of an audit as they are judged: each report in ``store``, and a few numbers
    a claim in memory: its group and its number in that group's judge (-1 for a claim its
    group held until the end). Its place in the report's order waits encoded
    (``report.Records``), read back only when the claims did not come in that order."""

    def __init__(self, store: ClaimStore) -> None:
        self.store = store
        self.groups = array("q")
        self.numbers = array("q")
        self.keys = Records()
        self.runs = [0]  # where each stretch of claims that came in the report's order starts
        self.last: tuple[str, int, int, str] | None = None
        self.tally = Tally()

    def add(self, group: int, number: int | None, claim: ClaimReport) -> None:
        """Keep one claim's report."""
        self.store.add(claim)
        key = report_order(claim)
        if self.last is not None and key < self.last:
            self.runs.append(len(self.numbers))
        self.last = key
        self.keys.append(_key_encoder().encode(key))
        self.groups.append(group)
        self.numbers.append(-1 if number is None else number)
        self.tally.add(claim.findings)

    def finished(
        self, added: Sequence[Mapping[int, list[Finding]]]
    ) -> tuple[Sequence[ClaimReport], Tally]:
        """The claims in the report's order with the findings ``added`` to them (by group,
        by number in the group), and every claim's findings counted."""
        extra = Added(self.groups, self.numbers, added)
        for index in extra:
            self.tally.add(extra[index])
        return self.store.finish(self.order(), extra), self.tally

    def order(self) -> Sequence[int]:
        """The claims' numbers in the report's order: the stretches that came in order merged
        (each read from the encoded places in turn), claims of the same place as they came."""
        count = len(self.numbers)
        if len(self.runs) == 1:
            return range(count)
        bounds = pairwise([*self.runs, count])
        merged = heapq.merge(*(self._stretch(start, stop) for start, stop in bounds))
        return array("q", (number for _, number in merged))

    def _stretch(self, start: int, stop: int) -> Iterator[tuple[tuple[str, int, int, str], int]]:
        """Claims ``start`` to ``stop``, each as its place in the report's order and number."""
        decode = _key_decoder().decode
        for number, data in zip(range(start, stop), self.keys.run(start, stop), strict=True):
            yield decode(data), number


class Added(Mapping[int, Sequence[Finding]]):
    """The findings the rules that compare claims added to the claims kept, by the claim's
    number in the store: looked up in its group's additions as they are asked for."""

    def __init__(
        self, groups: array[int], numbers: array[int], added: Sequence[Mapping[int, list[Finding]]]
    ) -> None:
        self._groups = groups
        self._numbers = numbers
        self._added = added

    def __contains__(self, index: object) -> bool:
        if not isinstance(index, int) or not 0 <= index < len(self._numbers):
            return False
        number = self._numbers[index]
        return number >= 0 and number in self._added[self._groups[index]]

    def __getitem__(self, index: int) -> Sequence[Finding]:
        if index not in self:
            raise KeyError(index)
        return self._added[self._groups[index]][self._numbers[index]]

    def __iter__(self) -> Iterator[int]:
        return (index for index in range(len(self._numbers)) if index in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


@cache
def _key_encoder() -> msgspec.msgpack.Encoder:
    return msgspec.msgpack.Encoder()


@cache
def _key_decoder() -> msgspec.msgpack.Decoder[tuple[str, int, int, str]]:
    return msgspec.msgpack.Decoder(tuple[str, int, int, str])


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
    claims: Iterable[ClaimReport],
    problems: list[InputError],
    files: int,
    rules: Iterable[Rule] = (),
    document_findings: Iterable[Finding] = (),
) -> Report:
    """Sort everything (path, line, column, code) and count the summary."""
    ordered = sorted(claims, key=report_order)
    loose = list(document_findings)
    tally = Tally()
    for claim in ordered:
        tally.add(claim.findings)
    tally.add(loose)
    return _report(ordered, tally, problems, files, rules, loose)


def _report(
    claims: Sequence[ClaimReport],
    tally: Tally,
    problems: list[InputError],
    files: int,
    rules: Iterable[Rule],
    document_findings: Iterable[Finding],
) -> Report:
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
    summary = Summary(
        files=files,
        claims=len(claims),
        findings={severity.value: tally.counts[severity] for severity in SEVERITIES},
        suppressed=tally.suppressed,
        errors=len(errors),
    )
    infos = [
        RuleInfo(
            code=r.code,
            name=r.name,
            severity=r.severity,
            summary=r.summary,
            description=inspect.cleandoc(r.doc),
            help_uri=f"{RULES_URL}#{r.code.lower()}-{r.name}",
        )
        for r in rules
    ]
    return Report(claims=claims, errors=errors, summary=summary, findings=loose, rules=infos)


SEVERITIES = (Severity.ERROR, Severity.WARNING, Severity.INFO)
"""The order of the summary's counts."""


def exit_code(report: Report, fail_on: Severity | None, exit_zero: bool = False) -> int:
    """2 if any input failed; else 1 if an unsuppressed finding is at or above ``fail_on``
    (``None`` = never) and ``exit_zero`` is off; else 0."""
    if report.errors:
        return 2
    if fail_on is None or exit_zero:
        return 0
    # The summary counts the unsuppressed findings by severity.
    found = report.summary.findings
    failing = any(count and fails_the_run(Severity(sev), fail_on) for sev, count in found.items())
    return 1 if failing else 0
