from __future__ import annotations

from tests.rules.helpers import findings


def test_reported_with_the_arithmetic() -> None:
    hit = findings(speedup=27, context_tokens=112_000, baseline_seconds=57, cached_seconds=2.1)[
        "KV201"
    ]
    # 112,000 × 2.1 ÷ 57 = 4,126 by hand
    assert hit.message.startswith("Naive breakeven ≈ 4,126 tokens (112,000 × 2.1 s ÷ 57 s)")
    assert hit.severity == "info"


def test_context_over_speedup_without_times() -> None:
    hit = findings(speedup=75, context_tokens=128_000)["KV201"]
    assert "≈ 1,707 tokens (128,000 ÷ 75)" in hit.message


def test_not_reported_without_a_context() -> None:
    assert "KV201" not in findings(speedup=27)
