"""KV207: a baseline time that needs more FLOPS than the GPUs have (docs/model.md §2, §9)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.helpers import findings


def _flops_by_hand(tokens: int) -> float:
    """Llama 3.1 405B from its config: 401.65e9 active linear parameters, 126 layers of
    128 query heads with head_dim 128; LM head 16,384 × 128,256 (docs/model.md §2)."""
    linear = 2 * 401.65e9 * tokens
    attention = 126 * 128 * (128 + 128) * tokens**2
    lm_head = 2 * 16_384 * 128_256
    return linear + attention + lm_head


def _claim(baseline_seconds: float) -> dict[str, Any]:
    return {
        "speedup": 20,
        "context_tokens": 115_000,
        "baseline_seconds": baseline_seconds,
        "cached_seconds": baseline_seconds / 20,
        "metric": "ttft",
        "model": "llama-3.1-405b",
        "gpu": "h100-sxm",
        "gpu_count": 2,
    }


def test_a_57_s_baseline_that_needs_mfu_1_3_is_impossible() -> None:
    # 1.47e17 FLOPs on 2 × 989 dense BF16 TFLOPS in 57 s: MFU 1.30
    mfu = _flops_by_hand(115_000) / (2 * 989e12 * 57)
    assert mfu == pytest.approx(1.30, abs=0.01)
    hit = findings(**_claim(57))["KV207"]
    assert hit.severity == "error"
    assert f"MFU {mfu:.2f}" in hit.message
    assert "KV203" not in findings(**_claim(57))


def test_a_baseline_just_inside_the_peak_is_not_flagged() -> None:
    seconds = _flops_by_hand(115_000) / (2 * 989e12 * 0.98)  # MFU 0.98, about 76 s
    assert "KV207" not in findings(**_claim(seconds))


def test_without_a_baseline_time_there_is_nothing_to_judge() -> None:
    claim = _claim(57)
    del claim["baseline_seconds"], claim["cached_seconds"]
    assert "KV207" not in findings(**claim)
