"""KV203 on both sides of ``low_mfu`` (0.25). Llama-3.1-8B on one H100 SXM at 32,000 tokens:
2 × 6.98e9 × 32,000 = 4.47e14 linear FLOPs plus 32 × 32 × 256 × 32,000² = 2.68e14 of causal
attention, 7.15e14 in all; at 989 TFLOPS that is 0.72 s of pure compute, so a 4.0 s baseline
implies MFU ≈ 0.18 (flagged) and a 2.0 s one ≈ 0.36 (not)."""

from __future__ import annotations

from typing import Any

import pytest

from claimcheck.settings import Thresholds
from tests.rules.helpers import findings

SETUP: dict[str, Any] = {
    "model": "llama-3.1-8b",
    "gpu": "h100-sxm",
    "gpu_count": 1,
    "context_tokens": 32_000,
    "metric": "ttft",
}


@pytest.mark.parametrize(("baseline_s", "flagged"), [(4.0, True), (2.0, False)])
def test_an_implied_mfu_below_a_quarter_is_slow(baseline_s: float, flagged: bool) -> None:
    found = findings(**SETUP, baseline_seconds=baseline_s, cached_seconds=0.2)
    assert ("KV203" in found) is flagged


def test_the_threshold_is_configurable() -> None:
    # MFU ≈ 0.36 is slow against a 0.5 threshold
    found = findings(
        **SETUP, baseline_seconds=2.0, cached_seconds=0.2, thresholds=Thresholds(low_mfu=0.5)
    )
    assert "KV203" in found
