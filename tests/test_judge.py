"""Judging claims one by one as they come, with the rules that compare claims at the end."""

from __future__ import annotations

import gc
import weakref

import msgspec

from claimcheck.catalog.source import CatalogSource
from claimcheck.claim import Claim
from claimcheck.judge import Judge
from claimcheck.prepare import Prepared, prepare
from claimcheck.record import ClaimRecord, Position
from claimcheck.report import ClaimReport, with_findings
from claimcheck.rules import RULES
from claimcheck.rules.incomparable_headlines import keep
from claimcheck.settings import Settings

SETTINGS = Settings()
CATALOGS = CatalogSource(SETTINGS.assume)


_HANDED: dict[int, list[ClaimReport]] = {}


def _add(judge: Judge, prepared: Prepared) -> None:
    """Judge one claim: the judge hands out its report and is told what comparisons keep."""
    judged = judge.judged(prepared)
    assert judge.note(judged.kept) == len(_HANDED.setdefault(id(judge), []))
    _HANDED[id(judge)].append(judged.report)


def _reports(judge: Judge) -> list[ClaimReport]:
    """The reports handed out so far, with the findings the comparisons add, keyed by claim."""
    added = judge.additions()
    reports = _HANDED.pop(id(judge), [])
    return [with_findings(r, added[n]) if n in added else r for n, r in enumerate(reports)]


def _prepared(path: str, speedup: float, context: int, line: int) -> Prepared:
    record = ClaimRecord(
        claim=Claim(speedup=speedup, context_tokens=context, metric="ttft"),
        id=path,
        path=path,
        position=Position(line, 1),
        fields={"speedup": Position(line, 10, line, 12), "context_tokens": Position(line + 1, 3)},
    )
    return prepare(record, CATALOGS, SETTINGS.assume, SETTINGS.thresholds)


def test_a_comparison_finding_is_placed_at_its_field_among_the_claims_own() -> None:
    judge = Judge(RULES, SETTINGS.thresholds)
    _add(judge, _prepared("a.yaml", 20, 128_000, 4))
    _add(judge, _prepared("b.yaml", 20.5, 32_000, 7))  # within 5 %, setup not disclosed
    first, second = _reports(judge)
    for report, line in ((first, 4), (second, 7)):
        (headline,) = [f for f in report.findings if f.code == "KV303"]
        assert (headline.line, headline.column, headline.end_column) == (line, 10, 12)
        assert headline.path == report.source.path
        places = [(f.line or 0, f.column or 0, f.code) for f in report.findings]
        assert places == sorted(places)  # the added finding sits in source order
    assert "b.yaml" in next(f.message for f in first.findings if f.code == "KV303")


def test_findings_of_a_comparison_are_skipped_where_the_path_ignores_the_rule() -> None:
    judge = Judge(RULES, SETTINGS.thresholds, lambda path: ("KV303",) if path == "b.yaml" else ())
    _add(judge, _prepared("a.yaml", 20, 128_000, 4))
    _add(judge, _prepared("b.yaml", 20, 32_000, 7))
    first, second = _reports(judge)
    assert "KV303" in {f.code for f in first.findings}
    assert "KV303" not in {f.code for f in second.findings}


def test_claims_far_apart_are_not_compared_and_the_judge_starts_again_empty() -> None:
    judge = Judge(RULES, SETTINGS.thresholds)
    _add(judge, _prepared("a.yaml", 20, 128_000, 4))
    _add(judge, _prepared("b.yaml", 40, 32_000, 7))
    assert all("KV303" not in {f.code for f in r.findings} for r in _reports(judge))
    assert _reports(judge) == []
    _add(judge, _prepared("c.yaml", 20, 128_000, 1))
    (alone,) = _reports(judge)  # the claims of the earlier round are not compared with it
    assert "KV303" not in {f.code for f in alone.findings}


def test_a_judged_claim_is_not_held_for_the_comparisons() -> None:
    judge = Judge(RULES, SETTINGS.thresholds)
    prepared = _prepared("a.yaml", 20, 128_000, 4)
    claim = weakref.ref(prepared.record.claim)
    _add(judge, prepared)
    _add(judge, _prepared("b.yaml", 20, 32_000, 7))
    del prepared
    gc.collect()
    assert claim() is None  # its report carries what it showed; the comparison a few fields


def test_the_comparison_keeps_the_factor_the_disclosed_setup_and_the_name() -> None:
    kept = keep(_prepared("a.yaml", 20, 128_000, 4).subject)
    assert kept is not None
    factor, setup, _name = kept
    assert factor == 20
    assert setup is None  # no model, GPU or tier named: not a disclosed setup


def test_reports_are_plain_values_the_json_format_reads_back() -> None:
    judge = Judge(RULES, SETTINGS.thresholds)
    _add(judge, _prepared("a.yaml", 20, 128_000, 4))
    _add(judge, _prepared("b.yaml", 20.5, 32_000, 7))
    for report in _reports(judge):
        assert report.findings and report.spans is msgspec.UNSET  # spans: the HTML report's
        assert msgspec.json.decode(msgspec.json.encode(report), type=ClaimReport) == report
