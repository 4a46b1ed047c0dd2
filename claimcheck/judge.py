"""Judging claims: run the rules on prepared claims and place each finding in a claim report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from claimcheck.catalog.source import CatalogSource
from claimcheck.claim import MEASUREMENT_FIELDS
from claimcheck.prepare import Prepared, prepare
from claimcheck.record import ClaimRecord, Position
from claimcheck.report import (
    ClaimReport,
    Finding,
    SourceRef,
    fingerprint,
    fingerprint_of,
    normalise,
)
from claimcheck.rules import Hit, Rule
from claimcheck.rules.base import Compare
from claimcheck.settings import Settings, Thresholds
from claimcheck.severity import Severity
from claimcheck.spool import BLANK, Entry


class Judge:
    """Judges claims as they are prepared: each claim's own rules at once, the rules that
    compare claims (``Rule.batch``) when ``reports`` is asked for. A claim's preparation is
    let go as soon as its report is made: the comparisons keep only a few fields of it.

    A claim judged elsewhere (in a worker process, ``own`` and ``kept``) comes as the
    ``Entry`` of its JSON report entry (``add_entry``); the comparisons' findings about it are
    added to the entry. ``skip`` gives the rule codes (or prefixes) that do not apply to a
    path (``per-file-ignores``)."""

    def __init__(
        self,
        rules: Iterable[Rule],
        thresholds: Thresholds,
        skip: Callable[[str], Sequence[str]] | None = None,
    ) -> None:
        self.rules = tuple(rules)
        self.thresholds = thresholds
        self._skip = skip
        self._skips: dict[str, tuple[str, ...]] = {}
        self._reports: list[ClaimReport | Entry] = []
        self._paths: list[str | None] = []
        # A rule that compares claims says nothing of a claim alone: its findings come from
        # the comparison only (so they never share a fingerprint with a claim's own).
        self._own = tuple(rule for rule in self.rules if not rule.batch)
        self._batches = [_Batch(rule, rule.batch) for rule in self.rules if rule.batch]

    def own(self, prepared: Prepared) -> ClaimReport:
        """One claim's report, with the findings of its own rules."""
        record, subject = prepared.record, prepared.subject
        if self._skip is None:  # every rule applies: no code to weigh against the path
            hits = [(rule, hit) for rule in self._own for hit in rule.check(subject)]
        else:
            ignored = self.ignored(record.path or "")
            hits = [
                (rule, hit)
                for rule in self._own
                if not rule.code.startswith(ignored)
                for hit in rule.check(subject)
            ]
        return _claim_report(prepared, hits, self.thresholds)

    def kept(self, prepared: Prepared) -> tuple[tuple[object, ...], tuple[Position | None, ...]]:
        """What each rule that compares claims keeps of one claim, and where its finding
        about the claim would point."""
        record, subject = prepared.record, prepared.subject
        batches = self._batches
        return (
            tuple(batch.compare.keep(subject) for batch in batches),
            tuple(record.where(batch.compare.field) for batch in batches),
        )

    def blanks(
        self, prepared: Prepared, report: ClaimReport, where: tuple[Position | None, ...]
    ) -> tuple[Finding, ...]:
        """The finding each rule that compares claims would add to one claim's ``report``
        (pointing at ``where``), with ``spool.BLANK`` for its message."""
        quiet = report.confidence < self.thresholds.low_confidence
        normal = normalise(report.text)
        path = prepared.record.path
        return tuple(
            _finding(batch.rule, Hit(BLANK, batch.compare.field), place, path, normal, quiet)
            for batch, place in zip(self._batches, where, strict=True)
        )

    def add(self, prepared: Prepared) -> None:
        """Judge one claim on its own."""
        report = self.own(prepared)
        if self._batches:
            self._take(report, prepared.record.path, *self.kept(prepared))
        else:
            self._reports.append(report)

    def add_entry(self, entry: Entry) -> None:
        """Take a claim judged on its own elsewhere, as its report entry."""
        self._take(entry, entry.path, entry.kept, entry.where)

    def _take(
        self,
        report: ClaimReport | Entry,
        path: str | None,
        kept: tuple[object, ...],
        where: tuple[Position | None, ...],
    ) -> None:
        self._reports.append(report)
        if self._batches:
            self._paths.append(path)
            for batch, its, place in zip(self._batches, kept, where, strict=True):
                batch.kept.append(its)
                batch.where.append(place)

    def reports(self) -> list[ClaimReport | Entry]:
        """Every claim's report (or entry), in the order the claims were added, with the
        findings of the rules that compare claims. The judge is empty afterwards."""
        reports, paths, batches = self._reports, self._paths, self._batches
        self._reports, self._paths = [], []
        self._batches = [_Batch(batch.rule, batch.compare) for batch in batches]
        if len(reports) < 2:
            return reports
        added: dict[int, list[Finding]] = {}
        sorted_added: set[int] = set()
        for number, batch in enumerate(batches):
            for index, hit in batch.compare.compare(batch.kept):
                path = paths[index]
                if batch.rule.code.startswith(self.ignored(path or "")):
                    continue
                report = reports[index]
                if isinstance(report, Entry):  # its finding was written but for the message
                    report.added += ((number, hit.message, report.fingerprints[number]),)
                    if len(report.added) > 1:
                        sorted_added.add(index)
                    continue
                quiet = report.confidence < self.thresholds.low_confidence
                finding = _finding(
                    batch.rule, hit, batch.where[index], path, normalise(report.text), quiet
                )
                added.setdefault(index, []).append(finding)
        for index in sorted_added:  # in the order of their places, as a report's findings
            entry = reports[index]
            assert isinstance(entry, Entry)
            entry.added = tuple(
                sorted(
                    entry.added, key=lambda one: _where(entry, batches[one[0]].rule.code, one[0])
                )
            )
        for index, found in added.items():
            # The report's own list, made by this judge and not yet handed out: extended in
            # place rather than the report copied (in a batch, most claims may get one).
            report = reports[index]
            assert isinstance(report, ClaimReport)
            report.findings.extend(found)
            _placed(report.findings)
        return reports

    def ignored(self, path: str) -> tuple[str, ...]:
        """The codes and prefixes that do not apply to ``path`` (never empty: a code no rule
        has stands for none)."""
        if self._skip is None:
            return _NONE
        known = self._skips.get(path)
        if known is None:
            known = self._skips[path] = tuple(self._skip(path)) or _NONE
        return known


_NONE = ("\0",)  # no rule code starts with it


class _Batch:
    """A rule that compares claims, what it kept of each claim so far, and where each claim's
    field its findings point at was read."""

    def __init__(self, rule: Rule, compare: Compare) -> None:
        self.rule = rule
        self.compare = compare
        self.kept: list[object] = []
        self.where: list[Position | None] = []


def judge(
    prepared: list[Prepared],
    rules: Iterable[Rule],
    thresholds: Thresholds,
    skip: Mapping[str, Sequence[str]] | None = None,
) -> list[ClaimReport]:
    """Run the rules: each claim on its own, then the rules that compare claims. ``skip`` maps
    a path to the rule codes (or prefixes) that do not apply to it (``per-file-ignores``)."""
    table = skip or {}
    judging = Judge(rules, thresholds, lambda path: table.get(path, ()))
    for p in prepared:
        judging.add(p)
    return [r for r in judging.reports() if isinstance(r, ClaimReport)]  # none is an entry


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
    shown = _shown_path(record.path)
    return ClaimReport.model_construct(
        _REPORT_SET,
        id=record.id,
        source=SourceRef.model_construct(
            _SOURCE_SET,
            path=shown,
            line=record.position.line if record.position else None,
            column=record.position.column if record.position else None,
        ),
        text=claim.text,
        claim=claim.model_dump(mode="json", include=_SHOWN),
        confidence=record.confidence,
        readings=list(record.readings),
        analysis=prepared.subject.analysis,
        findings=_placed(_findings(prepared, hits, thresholds)),
        spans={
            name: span
            for name, span in record.spans.items()
            if getattr(claim, name, None) is not None
        },
    )


def _findings(
    prepared: Prepared, hits: list[tuple[Rule, Hit]], thresholds: Thresholds
) -> list[Finding]:
    """Each hit as a finding at its place in the claim's source."""
    record = prepared.record
    quiet = record.confidence < thresholds.low_confidence
    normal = normalise(record.claim.text)
    return [
        _finding(rule, hit, record.where(hit.field), record.path, normal, quiet)
        for rule, hit in hits
    ]


C = TypeVar("C", bound="ClaimReport | Entry")


def unique_fingerprints(claims: Iterable[C]) -> list[C]:
    """Repeated fingerprints (the same claim twice in one file) get an occurrence number, so
    that every finding's fingerprint is unique (GitLab shows one finding per fingerprint).
    A fingerprint includes the claim's path, so with ``claims`` in the report's order the
    count starts again at each path: a large batch never holds every fingerprint at once.

    An entry's own findings were numbered where the claims of its file were judged together
    (``batch.SettingsGroup.written``); only the findings added to it are numbered here (a
    comparison's findings share no fingerprint with a claim's own: see ``Judge``)."""
    given = list(claims)
    if len(given) == 1 and isinstance(given[0], ClaimReport):  # a file of one claim, as most are
        prints = [f.fingerprint for f in given[0].findings]
        if len(set(prints)) == len(prints):
            return given
    seen: Counter[str] = Counter()
    out: list[C] = []
    path: object = object()
    for claim in given:
        where = claim.path if isinstance(claim, Entry) else claim.source.path
        if where != path:
            path = where
            seen.clear()
        if isinstance(claim, Entry):
            if claim.added:
                claim.added = tuple(
                    (n, message, _again(print_, seen, claim.codes[n], claim.path))
                    for n, message, print_ in claim.added
                )
            out.append(claim)
            continue
        numbered = _numbered(claim.findings, seen)
        out.append(claim if numbered is None else claim.model_copy(update={"findings": numbered}))
    return out


def _again(print_: str, seen: Counter[str], code: str, path: str | None) -> str:
    """``print_`` (a fingerprint of a ``code`` finding), or the fingerprint of its occurrence
    when ``seen`` has it already."""
    seen[print_] += 1
    count = seen[print_]
    return print_ if count == 1 else fingerprint(code, f"{print_}#{count}", path)


def _numbered(findings: list[Finding], seen: Counter[str]) -> list[Finding] | None:
    """``findings`` with the fingerprints ``seen`` already given an occurrence number (``None``
    when none was)."""
    out = []
    changed = False
    for finding in findings:
        again = _again(finding.fingerprint, seen, finding.code, finding.path)
        if again != finding.fingerprint:
            finding = finding.model_copy(update={"fingerprint": again})
            changed = True
        out.append(finding)
    return out if changed else None


def report_order(claim: ClaimReport | Entry) -> tuple[str, int, int, str]:
    """The report's order of claims: path, line, column, id."""
    if isinstance(claim, Entry):
        return claim.key
    source = claim.source
    return (source.path or "", source.line or 0, source.column or 0, claim.id)


def _finding(
    rule: Rule, hit: Hit, where: Position | None, path: str | None, normal: str, quiet: bool
) -> Finding:
    """One hit as a finding at ``where`` (``normal``: the claim's text as fingerprints have
    it; ``quiet``: a claim read with low confidence, whose findings are information)."""
    return Finding.model_construct(
        _FINDING_SET,
        code=rule.code,
        name=rule.name,
        severity=Severity.INFO if quiet else rule.severity,
        message=hit.message,
        path=_shown_path(path),
        line=where.line if where else None,
        column=where.column if where else None,
        end_line=where.end_line if where else None,
        end_column=where.end_column if where else None,
        suppressed=False,
        suppression_reason=None,
        fingerprint=fingerprint_of(rule.code, normal, path),
    )


def _placed(findings: list[Finding]) -> list[Finding]:
    """Findings in the order of their place in the source, then by code."""
    findings.sort(key=_place)
    return findings


def _place(finding: Finding) -> tuple[int, int, str]:
    return (finding.line or 0, finding.column or 0, finding.code)


def _where(entry: Entry, code: str, number: int) -> tuple[int, int, str]:
    """The place of the finding the ``number``-th rule that compares claims adds to ``entry``."""
    where = entry.where[number]
    return (where.line if where else 0, where.column if where else 0, code)


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
