"""The naive breakeven, checked against hand arithmetic."""

from __future__ import annotations

from claimcheck.analysis import implied_speedup, naive_breakeven_tokens
from claimcheck.claim import Claim, Metric


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
