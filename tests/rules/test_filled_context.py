from __future__ import annotations

from claimcheck.settings import Thresholds
from tests.rules.helpers import findings


def test_huge_context_is_flagged_at_the_threshold() -> None:
    assert "KV103" in findings(speedup=20, context_tokens=64_000)
    assert "KV103" in findings(speedup=20, context_tokens=128_000)


def test_ordinary_context_is_not() -> None:
    assert "KV103" not in findings(speedup=3, context_tokens=63_999)
    assert "KV103" not in findings(speedup=3)


def test_threshold_is_configurable() -> None:
    assert "KV103" in findings(
        speedup=3, context_tokens=32_000, thresholds=Thresholds(filled_context_tokens=32_000)
    )
