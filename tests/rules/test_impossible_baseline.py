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


def _claim(baseline_seconds: float, **more: Any) -> dict[str, Any]:
    return {
        "speedup": 20,
        "context_tokens": 115_000,
        "baseline_seconds": baseline_seconds,
        "cached_seconds": baseline_seconds / 20,
        "metric": "ttft",
        "model": "llama-3.1-405b",
        "gpu": "h100-sxm",
        "gpu_count": 2,
        **more,
    }


def test_a_57_s_bf16_baseline_that_needs_mfu_1_3_is_impossible() -> None:
    # 1.47e17 FLOPs on 2 × 989 dense BF16 TFLOPS in 57 s: MFU 1.30
    mfu = _flops_by_hand(115_000) / (2 * 989e12 * 57)
    assert mfu == pytest.approx(1.30, abs=0.01)
    hit = findings(**_claim(57, dtype="bf16"))["KV207"]
    assert hit.severity == "error"
    assert f"MFU {mfu:.2f}" in hit.message
    assert "dense BF16 peak" in hit.message
    assert "KV203" not in findings(**_claim(57, dtype="bf16"))


def test_an_unstated_precision_is_judged_at_the_fp8_peak_the_model_is_published_for() -> None:
    # Llama 3.1 405B is published in FP8 too: 1.47e17 FLOPs on 2 × 1,979 dense FP8 TFLOPS in
    # 57 s is MFU 0.65, a run an FP8 engine can make. Not flagged; the same time stated as
    # BF16 is (above).
    assert _flops_by_hand(115_000) / (2 * 1_979e12 * 57) == pytest.approx(0.65, abs=0.01)
    assert "KV207" not in findings(**_claim(57))
    fast = _flops_by_hand(115_000) / (2 * 1_979e12 * 1.2)  # MFU 1.2 even at FP8's peak
    hit = findings(**_claim(fast))["KV207"]
    assert "dense FP8 peak" in hit.message and "MFU 1.20" in hit.message


def test_a_model_published_only_in_bf16_is_judged_at_the_bf16_peak() -> None:
    # Llama 3.1 70B from its config: 2 × 68.45e9 linear + 80 × 64 × 256 × N² attention FLOPs.
    flops = 2 * 68.45e9 * 115_000 + 80 * 64 * 256 * 115_000**2 + 2 * 8_192 * 128_256
    claim = _claim(15, model="llama-3.1-70b")
    hit = findings(**claim)["KV207"]
    assert f"MFU {flops / (2 * 989e12 * 15):.2f}" in hit.message  # 1.11
    assert "dense BF16 peak" in hit.message and "lower precision" in hit.message


def test_a_baseline_just_inside_the_peak_is_not_flagged() -> None:
    seconds = _flops_by_hand(115_000) / (2 * 989e12 * 0.98)  # MFU 0.98, about 76 s
    assert "KV207" not in findings(**_claim(seconds, dtype="bf16"))


def test_without_a_baseline_time_there_is_nothing_to_judge() -> None:
    claim = _claim(57)
    del claim["baseline_seconds"], claim["cached_seconds"]
    assert "KV207" not in findings(**claim)
