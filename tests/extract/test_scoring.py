"""One scoring step: weights add up, the threshold decides, overlaps go to the better score."""

from __future__ import annotations

import math

from claimcheck.extract.candidates import Candidate
from claimcheck.extract.evidence import Fact
from claimcheck.extract.scoring import THRESHOLD, WEIGHTS, decide, settle_overlaps
from claimcheck.extract.types import Span


def candidate(start: int = 0, end: int = 3, form: str = "multiplier") -> Candidate:
    return Candidate(form, Span(start, end), 27.0)


def test_the_score_is_the_sum_of_the_weights() -> None:
    facts = [Fact("form-multiplier"), Fact("comparison"), Fact("kv-clause")]
    decision = decide(candidate(), facts)
    assert (
        decision.score == WEIGHTS["form-multiplier"] + WEIGHTS["comparison"] + WEIGHTS["kv-clause"]
    )
    assert decision.kept


def test_a_negative_fact_outweighs_the_cues() -> None:
    facts = [
        Fact("form-multiplier"),
        Fact("comparison"),
        Fact("kv-clause"),
        Fact("not-speed-after", "memory"),
    ]
    decision = decide(candidate(), facts)
    assert not decision.kept
    assert "memory" in decision.reason


def test_confidence_is_one_half_at_the_threshold_and_rises_with_the_margin() -> None:
    at = decide(candidate(), [Fact("form-multiplier")])
    assert math.isclose(at.confidence, 1 / (1 + math.exp(-(at.score - THRESHOLD))), abs_tol=1e-3)
    higher = decide(candidate(), [Fact("form-multiplier"), Fact("comparison"), Fact("kv-clause")])
    assert higher.confidence > at.confidence


def test_a_percentage_without_a_metric_gets_the_needs_metric_fact() -> None:
    decision = decide(candidate(form="percent"), [Fact("form-percent"), Fact("comparison")])
    assert "needs-metric" in {f.name for f in decision.facts}


def test_overlaps_are_settled_by_score_not_by_order() -> None:
    strong = decide(
        candidate(0, 5, "range"), [Fact("form-range"), Fact("comparison"), Fact("kv-clause")]
    )
    weak = decide(candidate(2, 5), [Fact("form-multiplier")])
    for order in ([strong, weak], [weak, strong]):
        settled = settle_overlaps(order)
        kept = [d for d in settled if d.kept]
        assert [d.candidate.form for d in kept] == ["range"]
        assert any("overlaps" in d.reason for d in settled if d.candidate.form == "multiplier")
