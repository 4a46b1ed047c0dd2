"""What an assumed MFU means in FP8 (docs/model.md §2), against the measured matmul figures of
the catalog's source (stas00/ml-engineering, "Maximum Achievable Matmul FLOPS"), by hand."""

from __future__ import annotations

import pytest

from claimcheck.physics import (
    Setup,
    fp8_to_bf16_efficiency,
    memory_bound_knee_tokens,
    mfu_for,
    prefill_seconds_on,
)
from tests.setups import CATALOG, H100, LLAMA_70B

# H100 SXM: best FP8 matmul 1,402.6 of 1,979 TFLOPS; best BF16 one 794.5 of 989 TFLOPS.
H100_FP8_SHARE = 1_402.6 / 1_979  # 0.7087
H100_BF16_SHARE = 794.5 / 989  # 0.8033


def test_fp8_reaches_a_smaller_share_of_its_peak_than_bf16_on_hopper() -> None:
    assert fp8_to_bf16_efficiency(H100) == pytest.approx(H100_FP8_SHARE / H100_BF16_SHARE)
    assert fp8_to_bf16_efficiency(H100) == pytest.approx(0.882, abs=0.001)
    # H200: 1,453.4 of 1,979 in FP8, the H100's BF16 figure.
    h200 = CATALOG.require_gpu("h200-sxm")
    assert fp8_to_bf16_efficiency(h200) == pytest.approx((1_453.4 / 1_979) / H100_BF16_SHARE)
    # B200: 3,432.5 of 4,500 in FP8, 1,745 of 2,250 in BF16: nearly the same share.
    b200 = CATALOG.require_gpu("b200")
    assert fp8_to_bf16_efficiency(b200) == pytest.approx((3_432.5 / 4_500) / (1_745 / 2_250))
    assert fp8_to_bf16_efficiency(b200) > 0.98


@pytest.mark.parametrize("gpu_id", ["a100-sxm", "mi300x", "l40s"])
def test_a_gpu_without_both_measurements_is_not_scaled(gpu_id: str) -> None:
    gpu = CATALOG.require_gpu(gpu_id)
    assert fp8_to_bf16_efficiency(gpu) == 1.0


def test_only_an_assumed_mfu_is_scaled_and_only_for_fp8_work() -> None:
    assert mfu_for(H100, "bf16", 0.5) == 0.5
    assert mfu_for(H100, "fp8", 0.5) == pytest.approx(0.5 * H100_FP8_SHARE / H100_BF16_SHARE)
    # An MFU read off a measured time is the run's own.
    assert mfu_for(H100, "fp8", 0.5, calibrated=True) == 0.5


def test_an_fp8_estimate_runs_its_linear_layers_at_the_scaled_mfu() -> None:
    # Llama 3.1 70B, 2 × H100, 32,000 tokens, FP8 linear layers, BF16 attention, MFU 0.5:
    # linear 2 × 69.5e9 × 32,000 FLOPs on 2 × 1,979e12 × 0.5 × 0.8823 FLOP/s,
    # attention 80 × 64 × 256 × 32,000² on 2 × 989e12 × 0.5, LM head 2 × 8,192 × 128,256.
    active = LLAMA_70B.active_linear_params_b * 1e9
    fp8_rate = 2 * 1_979e12 * 0.5 * H100_FP8_SHARE / H100_BF16_SHARE
    bf16_rate = 2 * 989e12 * 0.5
    by_hand = (
        2 * active * 32_000 / fp8_rate
        + 80 * 64 * 256 * 32_000**2 / bf16_rate
        + 2 * 8_192 * 128_256 / fp8_rate
    )
    setup = Setup(model=LLAMA_70B, gpu=H100, gpu_count=2, dtype="fp8", attention_dtype="bf16")
    assert prefill_seconds_on(setup, 32_000) == pytest.approx(by_hand, rel=1e-9)
    calibrated = setup.model_copy(update={"mfu_calibrated": True})
    assert prefill_seconds_on(calibrated, 32_000) < prefill_seconds_on(setup, 32_000)


def test_the_fp8_knee_moves_with_the_scaled_mfu() -> None:
    # Llama 3.1 70B in FP8 on an H100: 70.6e9 × 1 B read against 1,979e12 × 0.5 × 0.8823
    # FLOP/s, over 3.35e12 B/s × 2 × 69.5e9 active weights.
    total, active = LLAMA_70B.total_params_b * 1e9, LLAMA_70B.active_linear_params_b * 1e9
    by_hand = total * 1_979e12 * 0.5 * H100_FP8_SHARE / H100_BF16_SHARE / (3.35e12 * 2 * active)
    assert memory_bound_knee_tokens(LLAMA_70B, H100, "fp8", 0.5) == pytest.approx(by_hand)
    unscaled = memory_bound_knee_tokens(LLAMA_70B, H100, "fp8", 0.5, mfu_calibrated=True)
    assert unscaled == pytest.approx(by_hand * H100_BF16_SHARE / H100_FP8_SHARE)
