"""The naive and the physical analysis, checked against hand arithmetic."""

from __future__ import annotations

import msgspec
import pytest
from msgspec import UNSET
from msgspec.structs import replace

from claimcheck.analysis import analyse, implied_speedup, naive_breakeven_tokens
from claimcheck.catalog import builtin_catalog
from claimcheck.claim import Claim, Metric
from claimcheck.implied import Analysis
from claimcheck.resolve import resolve
from claimcheck.settings import Assumptions


def test_with_both_times_uses_them() -> None:
    claim = Claim(
        speedup=27,
        context_tokens=112_000,
        baseline_seconds=57,
        cached_seconds=2.1,
        metric=Metric.TTFT,
    )
    # 112,000 × 2.1 ÷ 57 = 235,200 ÷ 57 = 4,126.3
    assert naive_breakeven_tokens(claim) == 4126
    assert implied_speedup(claim) == 57 / 2.1


def test_without_times_divides_by_the_speedup() -> None:
    # the brief: "a prefix under about 112K ÷ 27 ≈ 4K tokens"; 128,000 ÷ 75 = 1,706.7
    assert naive_breakeven_tokens(Claim(speedup=27, context_tokens=112_000)) == 4148
    assert naive_breakeven_tokens(Claim(speedup=75, context_tokens=128_000)) == 1707


def test_not_computable() -> None:
    assert naive_breakeven_tokens(Claim(speedup=27)) is None
    assert naive_breakeven_tokens(Claim(text="x", context_tokens=1000)) is None
    end_to_end = Claim(speedup=1.2, context_tokens=16_000, metric=Metric.END_TO_END)
    assert naive_breakeven_tokens(end_to_end) is None


# --- the physical analysis, against hand arithmetic (docs/model.md §1–§4, by hand)


def _physical(claim: Claim, **assume: str | int) -> Analysis:
    assumptions = Assumptions.model_validate(assume)
    return analyse(claim, resolve(claim, builtin_catalog(), assumptions), assumptions)


def _value(figure: float | None) -> float:
    assert figure is not None
    return figure


BRIEF_1 = Claim(
    speedup=27, context_tokens=112_000, baseline_seconds=57, cached_seconds=2.1, metric=Metric.TTFT
)


def test_implied_mfu_and_bandwidth_of_the_27x_claim() -> None:
    analysis = _physical(BRIEF_1, model="llama-3.1-70b", gpu="h100-sxm", gpus=1)
    # Llama-3.1-70B: 68.45 B active linear parameters, 80 layers × 64 heads × (128 + 128) dims.
    linear = 2 * 68.45e9 * 112_000  # 1.533e16
    attention = 80 * 64 * 256 * 112_000**2  # 1.644e16 (causal: N²/2 pairs × 2 × (d_qk + d_v))
    lm_head = 2 * 8192 * 128_256
    mfu = (linear + attention + lm_head) / 57 / 989e12  # ≈ 0.564 of one H100's dense BF16 peak
    assert analysis.implied_mfu == pytest.approx(mfu, rel=0.01)
    assert 0.56 <= _value(analysis.implied_mfu) <= 0.59
    # 112,000 tokens × 327,680 bytes over 2.1 s less the assumed 1 ms latency
    assert analysis.implied_load_gb_s == pytest.approx(112_000 * 327_680 / 2.099 / 1e9, rel=0.005)
    assert 17.4 <= _value(analysis.implied_load_gb_s) <= 17.9


def test_physical_breakeven_is_far_below_the_naive_one() -> None:
    analysis = _physical(BRIEF_1, model="llama-3.1-70b", gpu="h100-sxm", gpus=1)
    # t0 ÷ (recompute − load) per token: 1 ms ÷ (137e9 / (0.564 × 989e12) − 327,680 / 17.48e9) ≈ 4.6
    assert analysis.physical_breakeven_tokens in range(3, 8)
    assert analysis.naive_breakeven_tokens == 4126
    assert "4,126 tokens load in" in (analysis.breakeven_explanation or "")
    assert _value(analysis.end_to_end_speedup) < 27 / 2


def test_full_power_speedup_of_a_capped_claim() -> None:
    capped = Claim(speedup=35, context_tokens=100_000, metric=Metric.TTFT, model="llama-3.1-70b",
                   gpu="h100-sxm", power_mode="capped", power_watts=350)  # fmt: skip
    analysis = _physical(capped)
    # 350 W of the H100's 700 W default: half the limit, on the knee of the measured curve
    # (docs/model.md §5: 0.60 at 57 % and 0.26 at 43 % of the default cap).
    assert 0.26 * 35 < _value(analysis.full_power_speedup) < 0.85 * 35
    uncapped = _physical(Claim(speedup=35, context_tokens=100_000, metric=Metric.TTFT,
                               model="llama-3.1-70b", gpu="h100-sxm"))  # fmt: skip
    assert uncapped.full_power_speedup is None


def test_impossible_bandwidth_and_slow_baseline_are_visible() -> None:
    fast = Claim(
        speedup=300,
        context_tokens=128_000,
        baseline_seconds=60,
        cached_seconds=0.2,
        metric=Metric.TTFT,
    )
    analysis = _physical(fast, model="llama-3.1-70b", gpu="h100-sxm", gpus=1)
    # 128,000 × 327,680 B = 41.9 GB in 0.2 s ≈ 210 GB/s, above one H100's PCIe Gen5 x16 link
    # (55.6 GB/s measured host to device, docs/model.md §3)
    assert _value(analysis.implied_load_gb_s) > _value(analysis.load_ceiling_gb_s) == 55.6
    slow = Claim(
        speedup=40,
        context_tokens=32_000,
        baseline_seconds=12,
        cached_seconds=0.3,
        metric=Metric.TTFT,
    )
    # Llama-3.1-8B at 32K: 2 × 6.98e9 × 32,000 + 32 × 32 × 256 × 32,000² ≈ 7.1e14 FLOPs in 12 s
    # is 5.9e13 FLOP/s, 6 % of 989 TFLOPS
    assert _value(_physical(slow, model="llama-3.1-8b", gpu="h100-sxm").implied_mfu) < 0.07


def test_windowed_layers_hold_their_window_unless_full_length_is_assumed() -> None:
    claim = Claim(speedup=10, context_tokens=32_000, baseline_seconds=2, cached_seconds=0.2,
                  metric=Metric.TTFT, model="gpt-oss-120b", gpu="h100-sxm", gpu_count=1)  # fmt: skip
    resumed = _physical(claim)
    full = _physical(claim, kv_layout="full")
    # 32,000 × 36,864 B + 18 × 128 × 2,048 B = 1.184 GB against 32,000 × 73,728 B = 2.359 GB,
    # each over the 0.2 s less the 1 ms default latency
    assert _value(resumed.implied_load_gb_s) == pytest.approx(1.184e9 / 0.199 / 1e9, rel=0.01)
    assert _value(full.implied_load_gb_s) == pytest.approx(2.359e9 / 0.199 / 1e9, rel=0.01)
    assert any(note.startswith("KV layout resumed") for note in resumed.assumptions)
    assert any(note.startswith("KV layout full") for note in full.assumptions)


def test_the_assumed_gpu_count_holds_the_weights_as_released() -> None:
    def assumed(model: str) -> str:
        claim = Claim(speedup=10, context_tokens=32_000, metric=Metric.TTFT, model=model,
                      gpu="h100-sxm")  # fmt: skip
        return next(n for n in _physical(claim).assumptions if "GPU" in n and "assumed:" in n)

    # gpt-oss-120b: 65.3 GB of MXFP4-expert weights ÷ 0.9 fit one 80 GB H100
    assert assumed("gpt-oss-120b").startswith("1 GPU assumed")
    # Llama 3.1 70B: 141.2 GB of BF16 ÷ 0.9 = 157 GB need two
    assert assumed("llama-3.1-70b").startswith("2 GPUs assumed")


def test_curves_are_sampled_only_when_asked_and_nothing_else_changes() -> None:
    fields = BRIEF_1.model_dump(exclude_unset=True)
    claim = Claim.model_validate(fields | {"points": [{"context_tokens": 32_000, "speedup": 3.7}]})
    assumptions = Assumptions.model_validate({"model": "llama-3.1-70b", "gpu": "h100-sxm"})
    resolved = resolve(claim, builtin_catalog(), assumptions)
    drawn = analyse(claim, resolved, assumptions)
    bare = analyse(claim, resolved, assumptions, curves=False)
    assert drawn.curve and drawn.fit is not None and drawn.fit.curve
    assert bare.curve is UNSET and bare.fit is not None and bare.fit.curve is UNSET
    # The curves are left out of every report: the rest is the same figure for figure.
    undrawn = replace(drawn, curve=UNSET, fit=replace(drawn.fit, curve=UNSET))
    assert msgspec.json.encode(bare) == msgspec.json.encode(undrawn)
