"""A claim's own points fitted in its analysis, and what the report carries."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from claimcheck.analysis import analyse
from claimcheck.claim import Claim
from claimcheck.record import ClaimRecord, Position
from claimcheck.resolve import Resolved
from claimcheck.settings import Assumptions
from claimcheck.vendor_fit import MAX_SENTENCE_POINTS, sentence_points
from tests.conftest import Invoke
from tests.setups import CATALOG

RESOLVED = Resolved(
    model=CATALOG.require_model("llama-3.1-70b"), gpu=CATALOG.require_gpu("h100-sxm"), gpu_count=1
)
TWO_POINTS: dict[str, Any] = {
    "speedup": 7.6,
    "context_tokens": 131_000,
    "metric": "ttft",
    "points": [{"context_tokens": 32_000, "speedup": 3.7}],
}


def _analyse(resolved: Resolved | None = RESOLVED, **fields: Any) -> Any:
    return analyse(Claim.model_validate(TWO_POINTS | fields), resolved, Assumptions())


def test_a_two_point_claim_gets_a_fit_reproducing_both_points() -> None:
    analysis = _analyse()
    fit = analysis.fit
    assert fit is not None
    # The headline counts as the second point.
    assert [r.context_tokens for r in fit.residuals] == [32_000, 131_000]
    assert all(abs(r.residual_percent) < 5 for r in fit.residuals)
    assert [r.predicted_speedup for r in fit.residuals] == pytest.approx([3.7, 7.6], rel=0.05)
    assert fit.fixed == "mfu"
    assert "MFU held at 0.5" in fit.method
    assert fit.breakeven_tokens == pytest.approx(3_180, abs=10)
    assert set(fit.speedup_at) == {"1000", "4000", "16000"}
    assert any(a.startswith("fit of the vendor's 2 points") for a in analysis.assumptions)


def test_the_fit_is_in_the_json_analysis_and_existing_keys_stay() -> None:
    dumped = msgspec.to_builtins(_analyse())
    assert {"naive_breakeven_tokens", "physical_breakeven_tokens", "speedup_at_prefix"} <= set(
        dumped
    )
    assert set(dumped["fit"]) >= {
        "mfu",
        "latency_s",
        "bandwidth_gb_s",
        "fixed",
        "residuals",
        "breakeven_tokens",
        "speedup_at",
    }


def test_a_stated_baseline_time_calibrates_the_held_mfu() -> None:
    # 81.75 s is the 131K recompute at MFU 0.5, so 60 s is MFU 0.5 × 81.75 / 60 = 0.681.
    fit = _analyse(baseline_seconds=60.0).fit
    assert fit is not None
    assert fit.mfu == pytest.approx(0.681, rel=0.01)
    assert "calibrated from the claim's 60 s baseline" in fit.method
    # The breakeven does not depend on the MFU held.
    assert fit.breakeven_tokens == pytest.approx(3_180, abs=10)


def test_points_with_times_fit_the_mfu() -> None:
    points = [
        {"context_tokens": 32_000, "baseline_seconds": 11.57, "cached_seconds": 3.13},
        {"context_tokens": 131_000, "baseline_seconds": 81.75, "cached_seconds": 10.76},
    ]
    fit = _analyse(points=points, speedup=None, context_tokens=None).fit
    assert fit is not None
    assert fit.fixed is None
    assert fit.mfu == pytest.approx(0.5, rel=0.01)


def test_without_a_model_the_points_are_not_fitted_and_the_analysis_says_why() -> None:
    analysis = _analyse(Resolved())
    assert analysis.fit is None
    assert any("the fit needs the model and the GPU" in a for a in analysis.assumptions)


def test_one_point_is_a_note_not_a_crash() -> None:
    analysis = _analyse(speedup=None, context_tokens=None)
    assert analysis.fit is None
    assert any("two or more prefix lengths" in a for a in analysis.assumptions)


def test_a_throughput_figure_is_not_fitted() -> None:
    analysis = _analyse(metric="throughput")
    assert analysis.fit is None
    assert any("not a recompute-versus-load ratio" in a for a in analysis.assumptions)


def test_a_claim_without_points_has_no_fit() -> None:
    claim = Claim(speedup=7.6, context_tokens=131_000)
    assert analyse(claim, RESOLVED, Assumptions()).fit is None


SENTENCE = (
    "LMCache delivers 3.7× faster TTFT at 32K tokens and 7.6× at 131K tokens on Llama 3.1 70B."
)


def test_figures_of_one_sentence_are_fitted_as_points(cli: Invoke) -> None:
    run = cli("check", "--text", SENTENCE, "--gpu", "h100-sxm", "--gpus", "1", "-f", "json")
    claims = run.json()["claims"]
    assert [c["claim"]["context_tokens"] for c in claims] == [32_000, 131_000]
    for claim in claims:
        assert [p["context_tokens"] for p in claim["claim"]["points"]] == [32_000, 131_000]
        assert any("as points of one setup" in r for r in claim["readings"])
    # The 131K figure names the model, so its analysis fits both points.
    fit = claims[1]["analysis"]["fit"]
    assert [r["predicted_speedup"] for r in fit["residuals"]] == pytest.approx([3.7, 7.6], rel=0.05)


@pytest.mark.parametrize(
    "text",
    [
        # two models: two setups, not two points of one
        "On Llama 3.1 8B TTFT is 2x faster at 8K tokens, and on Llama 3.1 70B it is 7x faster "
        "at 128K tokens.",
        # two sentences
        "TTFT is 3.7x faster at 32K tokens. TTFT is 7.6x faster at 131K tokens.",
    ],
)
def test_figures_of_other_setups_or_sentences_stay_apart(cli: Invoke, text: str) -> None:
    claims = cli("check", "--text", text, "-f", "json").json()["claims"]
    assert len(claims) == 2
    assert all(c["claim"]["points"] is None for c in claims)


def _record(tokens: int, speedup: float, **fields: Any) -> ClaimRecord:
    claim = Claim(text="one sentence", speedup=speedup, context_tokens=tokens, **fields)
    return ClaimRecord(claim=claim, id="x", path="doc.md", position=Position(1, 1))


def test_a_sentence_with_too_many_figures_is_not_one_setup() -> None:
    many = [_record(1_000 * (i + 1), 1.0 + i) for i in range(MAX_SENTENCE_POINTS + 1)]
    assert all(r.claim.points is None for r in sentence_points(many))
    few = many[:MAX_SENTENCE_POINTS]
    assert all(
        r.claim.points is not None and len(r.claim.points) == MAX_SENTENCE_POINTS
        for r in sentence_points(few)
    )


def test_a_stated_different_gpu_keeps_figures_apart() -> None:
    records = [_record(32_000, 3.7, gpu="h100-sxm"), _record(131_000, 7.6, gpu="a100-sxm")]
    assert sentence_points(records) == records


def test_a_latency_beyond_any_tier_gets_a_note() -> None:
    # docs/model.md §9: these two points fit 0.66 s a load on Llama 3.1 70B and one H100.
    fit = _analyse().fit
    assert fit is not None and fit.latency_s == pytest.approx(0.66, abs=0.01)
    assert any("0.662 s is beyond any storage tier's" in note for note in fit.notes)
    # Points a 1 ms, 10 GB/s load gives on the same setup (R(N) ÷ (0.001 + bytes(N) ÷ 10e9)
    # with bytes(N) = N × 327,680 B and R(N) = FLOPs(N) ÷ (989e12 × 0.5)): no note.
    plausible: dict[str, Any] = {
        "speedup": 81.75 / (0.001 + 131_000 * 327_680 / 10e9),
        "points": [
            {"context_tokens": 32_000, "speedup": 11.57 / (0.001 + 32_000 * 327_680 / 10e9)}
        ],
    }
    calm = _analyse(**plausible).fit
    assert calm is not None and calm.latency_s < 0.01
    assert not any("beyond any storage tier" in note for note in calm.notes)
