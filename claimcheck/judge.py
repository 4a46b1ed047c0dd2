"""Judging claims: run the rules on prepared claims and place each finding in a claim report.

A claim is judged by its own rules at once (``Judge.own``); the rules that compare claims
(``Rule.batch``) run once every claim is in, and give additions: findings keyed by the
number of the claim they belong to (``Judge.additions``). Only claim reports and findings
leave the judge; how they are kept or written is the caller's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any

import msgspec

from claimcheck.catalog.source import CatalogSource
from claimcheck.claim import MEASUREMENT_FIELDS
from claimcheck.prepare import Prepared, prepare
from claimcheck.record import ClaimRecord, Position
from claimcheck.report import (
    ClaimReport,
    Finding,
    Records,
    SourceRef,
    fingerprint,
    fingerprint_of,
    normalise,
    place,
    report_order,
    with_findings,
)
from claimcheck.rules import Hit, Rule
from claimcheck.settings import Settings, Thresholds
from claimcheck.severity import Severity


class Kept(msgspec.Struct, frozen=True, array_like=True):
    """What the rules that compare claims keep of one claim, in the judge's order of them:
    the claim's raw ``path`` and report order (``key``), each rule's ``values`` of it, where
    each rule's finding about it would point (``where``) and that finding's fingerprint, and
    whether the claim was read with low confidence (``quiet``: its findings are information)."""

    path: str | None
    key: tuple[str, int, int, str]
    values: tuple[Any, ...]
    where: tuple[Position | None, ...]
    fingerprints: tuple[str, ...]
    quiet: bool


class Judged(msgspec.Struct, frozen=True, array_like=True):
    """One claim judged by its own rules, and what the comparisons keep of it."""

    report: ClaimReport
    kept: Kept


class Judge:
    """Judges claims as they are prepared: each claim's own rules at once (``own``), the rules
    that compare claims over every claim ``note``d (``additions``). ``skip`` gives the rule
    codes (or prefixes) that do not apply to a path (``per-file-ignores``). With ``spans``
    each report carries the spans of its text its fields were read from (for the HTML
    report)."""

    def __init__(
        self,
        rules: Iterable[Rule],
        thresholds: Thresholds,
        skip: Callable[[str], Sequence[str]] | None = None,
        *,
        spans: bool = False,
    ) -> None:
        self.rules = tuple(rules)
        self.thresholds = thresholds
        self.spans = spans
        self._skip = skip
        self._skips: dict[str, tuple[str, ...]] = {}
        # A rule that compares claims says nothing of a claim alone: its findings come from
        # the comparison only (so they never share a fingerprint with a claim's own).
        self._own = tuple(rule for rule in self.rules if not rule.batch)
        self._batches = [(rule, rule.batch) for rule in self.rules if rule.batch]
        self._start()

    def _start(self) -> None:
        """Nothing noted yet: each comparison fresh, and no claim's place kept."""
        self._comparisons = [compare.start() for _, compare in self._batches]
        self._kept = Records()  # each claim's ``Kept`` without its values, as MessagePack

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
        return _claim_report(prepared, hits, self.thresholds, spans=self.spans)

    def judged(self, prepared: Prepared) -> Judged:
        """One claim's report and what the rules that compare claims keep of it."""
        report = self.own(prepared)
        record = prepared.record
        normal = normalise(record.claim.text)
        where = tuple(record.where(compare.field) for _, compare in self._batches)
        kept = Kept(
            record.path,
            report_order(report),
            tuple(compare.keep(prepared.subject) for _, compare in self._batches),
            where,
            tuple(fingerprint_of(rule.code, normal, record.path) for rule, _ in self._batches),
            record.confidence < self.thresholds.low_confidence,
        )
        return Judged(report, kept)

    def note(self, kept: Kept) -> int:
        """Keep what the comparisons need of one claim; its number in ``additions``. Each
        comparison holds its values of the claim; the rest waits encoded (``report.Records``),
        to be read once, in order, by ``additions``."""
        for comparison, value in zip(self._comparisons, kept.values, strict=True):
            comparison.add(value)
        self._kept.append(_encoder().encode(msgspec.structs.replace(kept, values=())))
        return len(self._kept) - 1

    def additions(self) -> Additions:
        """The findings of the rules that compare claims, by claim number (in the order of
        their place in the claim), every fingerprint unique within its path. The judge
        forgets the claims noted so far.

        The claims of a path are noted one after another, in the report's order (a file's
        claims come together, sorted): their fingerprints are numbered in that order."""
        kept, comparisons = self._kept, self._comparisons
        self._start()
        found = Records()
        if len(kept) < 2 or not self._batches:
            return Additions(found)
        seen: Counter[str] = Counter()
        path: object = object()
        for index, data in enumerate(kept.run(0, len(kept))):
            hits = [
                (number, comparison.hit(index)) for number, comparison in enumerate(comparisons)
            ]
            findings: list[Finding] = []
            if any(hit is not None for _, hit in hits):
                claim = _decoder().decode(data)
                if claim.path != path:
                    path = claim.path
                    seen.clear()
                ignored = self.ignored(claim.path or "")
                for number, hit in hits:
                    rule = self._batches[number][0]
                    if hit is None or rule.code.startswith(ignored):
                        continue
                    findings.append(_finding(
                        rule, hit, claim.where[number], claim.path, "", claim.quiet,
                        claim.fingerprints[number],
                    ))  # fmt: skip
                findings = sorted(_numbered(findings, seen) or findings, key=place)
            found.append(_encoder().encode(findings) if findings else b"")
        return Additions(found)

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


class Additions(Mapping[int, list[Finding]]):
    """The findings the rules that compare claims add, by claim number (``Judge.additions``):
    kept encoded, one claim's decoded when asked for."""

    def __init__(self, found: Records) -> None:
        self._found = found  # each claim's findings as MessagePack, empty for none

    def __contains__(self, number: object) -> bool:
        return (
            isinstance(number, int)
            and 0 <= number < len(self._found)
            and bool(self._found.size(number))
        )

    def __getitem__(self, number: int) -> list[Finding]:
        if number not in self:
            raise KeyError(number)
        return _findings_decoder().decode(self._found[number])

    def __iter__(self) -> Iterator[int]:
        return (number for number in range(len(self._found)) if self._found.size(number))

    def __len__(self) -> int:
        return sum(1 for _ in self)


@cache
def _encoder() -> msgspec.msgpack.Encoder:
    return msgspec.msgpack.Encoder()


@cache
def _decoder() -> msgspec.msgpack.Decoder[Kept]:
    return msgspec.msgpack.Decoder(Kept)


@cache
def _findings_decoder() -> msgspec.msgpack.Decoder[list[Finding]]:
    return msgspec.msgpack.Decoder(list[Finding])


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
    reports = []
    for p in prepared:
        judged = judging.judged(p)
        judging.note(judged.kept)
        reports.append(judged.report)
    added = judging.additions()
    return [with_findings(r, added[n]) if n in added else r for n, r in enumerate(reports)]


def audit_record(record: ClaimRecord, rules: Iterable[Rule], settings: Settings) -> ClaimReport:
    """Analyse one claim on its own and run the rules on it (the rules that compare claims
    need a batch and do not run)."""
    catalogs = CatalogSource(settings.assume)
    prepared = prepare(record, catalogs, settings.assume, settings.thresholds)
    return judge([prepared], rules, settings.thresholds)[0]


def _claim_report(
    prepared: Prepared, hits: list[tuple[Rule, Hit]], thresholds: Thresholds, *, spans: bool
) -> ClaimReport:
    record = prepared.record
    claim = record.claim
    position = record.position
    return ClaimReport(
        id=record.id,
        source=SourceRef(
            path=_shown_path(record.path),
            line=position.line if position else None,
            column=position.column if position else None,
        ),
        text=claim.text,
        claim=claim.model_dump(mode="json", include=_SHOWN),
        confidence=record.confidence,
        readings=list(record.readings),
        analysis=prepared.subject.analysis,
        findings=sorted(_findings(prepared, hits, thresholds), key=place),
        spans={
            name: span
            for name, span in record.spans.items()
            if getattr(claim, name, None) is not None
        }
        if spans
        else msgspec.UNSET,
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


def unique_fingerprints(claims: Iterable[ClaimReport]) -> list[ClaimReport]:
    """Repeated fingerprints (the same claim twice in one file) get an occurrence number, so
    that every finding's fingerprint is unique (GitLab shows one finding per fingerprint).
    A fingerprint includes the claim's path, so with ``claims`` in the report's order the
    count starts again at each path."""
    seen: Counter[str] = Counter()
    out: list[ClaimReport] = []
    path: object = object()
    for claim in claims:
        if claim.source.path != path:
            path = claim.source.path
            seen.clear()
        numbered = _numbered(claim.findings, seen)
        out.append(claim if numbered is None else msgspec.structs.replace(claim, findings=numbered))
    return out


def _numbered(findings: list[Finding], seen: Counter[str]) -> list[Finding] | None:
    """``findings`` with the fingerprints ``seen`` already given an occurrence number (``None``
    when none was)."""
    out = []
    changed = False
    for finding in findings:
        seen[finding.fingerprint] += 1
        count = seen[finding.fingerprint]
        if count > 1:
            again = fingerprint(finding.code, f"{finding.fingerprint}#{count}", finding.path)
            finding = msgspec.structs.replace(finding, fingerprint=again)
            changed = True
        out.append(finding)
    return out if changed else None


def _finding(
    rule: Rule,
    hit: Hit,
    where: Position | None,
    path: str | None,
    normal: str,
    quiet: bool,
    known: str | None = None,
) -> Finding:
    """One hit as a finding at ``where`` (``normal``: the claim's text as fingerprints have
    it, unless its fingerprint is ``known``; ``quiet``: a claim read with low confidence,
    whose findings are information)."""
    return Finding(
        code=rule.code,
        name=rule.name,
        severity=Severity.INFO if quiet else rule.severity,
        message=hit.message,
        path=_shown_path(path),
        line=where.line if where else None,
        column=where.column if where else None,
        end_line=where.end_line if where else None,
        end_column=where.end_column if where else None,
        fingerprint=known or fingerprint_of(rule.code, normal, path),
    )


_SHOWN: set[str] = {*MEASUREMENT_FIELDS, "vendor", "source_url", "date"}


def _shown_path(path: str | None) -> str | None:
    """Command-line text has no file: its findings carry no path in JSON."""
    return None if path is None or path.startswith("<") else path
