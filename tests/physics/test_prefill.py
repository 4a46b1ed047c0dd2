"""Prefill FLOPs, time and implied MFU against docs/model.md §2, by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.errors import UsageError
from claimcheck.physics import (
    attention_flops,
    implied_mfu,
    linear_flops,
    lm_head_flops,
    memory_bound_knee_tokens,
    peak_flops_per_s,
    prefill_flops,
    prefill_seconds,
)
from tests.setups import CATALOG, H100, LLAMA_70B

AUDIT_TOKENS = 114_688  # 112K (by hand)


def test_worked_audit_flops() -> None:
    # by hand: linear 15.7 PFLOP, causal attention 17.2 PFLOP, total ≈ 33 PFLOP
    assert linear_flops(LLAMA_70B, AUDIT_TOKENS) / 1e15 == pytest.approx(15.7, rel=0.03)
    assert attention_flops(LLAMA_70B, AUDIT_TOKENS) / 1e15 == pytest.approx(17.2, rel=0.03)
    assert prefill_flops(LLAMA_70B, AUDIT_TOKENS) / 1e15 == pytest.approx(33, rel=0.03)


def test_worked_audit_implied_efficiency() -> None:
    flops = prefill_flops(LLAMA_70B, AUDIT_TOKENS)
    # 57 s ⇒ ≈ 0.58 PFLOP/s: 58–59 % of one H100's BF16 dense peak, 29 % of its FP8 peak
    assert flops / 57 / 1e15 == pytest.approx(0.58, rel=0.03)
    assert implied_mfu(flops, 57, H100) == pytest.approx(0.585, rel=0.03)
    assert implied_mfu(flops, 57, H100, dtype="fp8") == pytest.approx(0.29, rel=0.03)


def test_eight_gpus_at_realistic_mfu_take_8_to_10_seconds() -> None:
    # by hand: on 8×H100 at u = 0.4–0.5 the same prefill takes ~8–10 s
    flops = prefill_flops(LLAMA_70B, AUDIT_TOKENS)
    assert prefill_seconds(flops, H100, 8, mfu=0.5) == pytest.approx(8.3, rel=0.03)
    assert prefill_seconds(flops, H100, 8, mfu=0.4) == pytest.approx(10.4, rel=0.03)


def test_attention_is_causal_not_full_square() -> None:
    n = 10_000
    assert attention_flops(LLAMA_70B, n) == pytest.approx(2 * 80 * 64 * 128 * n**2)


def test_mla_attention_uses_decompressed_head_dims() -> None:
    n = 5_000
    # layers · heads · (d_qk + d_v) · N² with d_qk = 192, d_v = 128 (docs/model.md §1)
    assert attention_flops(CATALOG.require_model("deepseek-r1"), n) == pytest.approx(
        61 * 128 * (192 + 128) * n**2
    )


def test_sliding_window_layers_attend_to_the_window_only() -> None:
    gpt_oss = CATALOG.require_model("gpt-oss-120b")
    per_pair = 2 * 64 * (64 + 64)
    n = 1_000
    # 18 full layers: N²/2 pairs; 18 windowed (w = 128): N·w − w²/2 pairs
    expected_pairs = 18 * n * n / 2 + 18 * (n * 128 - 128**2 / 2)
    assert attention_flops(gpt_oss, n) == pytest.approx(per_pair * expected_pairs)
    # within the window all 36 layers are causal over the whole prefix
    assert attention_flops(gpt_oss, 100) == pytest.approx(per_pair * 36 * 100**2 / 2)


def test_chunked_layers_attend_within_their_chunk() -> None:
    scout = CATALOG.require_model("llama-4-scout")
    per_pair = 2 * 40 * (128 + 128)
    chunk = 8_192
    n = 3 * chunk
    # 12 global layers: N²/2; 36 chunked layers: three causal chunks of C²/2 pairs each
    expected_pairs = 12 * n * n / 2 + 36 * 3 * chunk**2 / 2
    assert attention_flops(scout, n) == pytest.approx(per_pair * expected_pairs)


def test_lm_head_runs_once() -> None:
    # 2 · hidden · vocab = 2 · 8192 · 128,256
    assert lm_head_flops(LLAMA_70B) == 2 * 8192 * 128_256
    with_head = prefill_flops(LLAMA_70B, 1_000)
    without_head = prefill_flops(LLAMA_70B, 1_000, include_lm_head=False)
    assert with_head - without_head == pytest.approx(2 * 8192 * 128_256)


def test_dense_peaks_and_fp8_availability() -> None:
    assert peak_flops_per_s(H100) == 989e12
    assert peak_flops_per_s(H100, "fp8") == 1979e12
    with pytest.raises(UsageError, match="no FP8"):
        peak_flops_per_s(CATALOG.require_gpu("a100-sxm"), "fp8")


def test_power_factor_slows_prefill_proportionally() -> None:
    assert prefill_seconds(1e15, H100, power_factor=0.5) == pytest.approx(
        1e15 / (989e12 * 0.5 * 0.5)
    )


@pytest.mark.parametrize(
    ("model_id", "gpu_id", "knee_tokens"),
    [
        # docs/model.md §2, H100 SXM, u = 0.5, BF16 weights
        ("llama-3.1-8b", "h100-sxm", 169),
        ("llama-3.1-70b", "h100-sxm", 152),
        ("mixtral-8x7b", "h100-sxm", 550),
        ("qwen3-235b-a22b", "h100-sxm", 1_660),
        ("qwen3-30b-a3b", "h100-sxm", 1_670),
        # dense models on other GPUs ≈ F·u / HBM bandwidth
        ("llama-3.1-70b", "a100-sxm", 77),
        ("llama-3.1-70b", "h200-sxm", 103),
        ("llama-3.1-70b", "b200", 146),
        ("llama-3.1-70b", "mi300x", 123),
    ],
)
def test_memory_bound_knee(model_id: str, gpu_id: str, knee_tokens: float) -> None:
    model = CATALOG.require_model(model_id)
    gpu = CATALOG.require_gpu(gpu_id)
    assert memory_bound_knee_tokens(model, gpu, mfu=0.5) == pytest.approx(knee_tokens, rel=0.1)


@pytest.mark.parametrize(
    ("gpu_id", "peak_flops_per_s", "hbm_bytes_per_s"),
    [("h100-sxm", 989e12, 3.35e12), ("b200", 2_250e12, 7.7e12)],
)
def test_the_mxfp4_knee_of_gpt_oss_120b(
    gpu_id: str, peak_flops_per_s: float, hbm_bytes_per_s: float
) -> None:
    # docs/model.md §12: 116.8e9 weights at 4.47 bits (the published checkpoint), BF16 compute
    # at MFU 0.5, 4.55e9 active linear weights: ≈ 1,059 tokens on H100, ≈ 1,048 on B200.
    # FP4 compute is not modelled; the MXFP4 weights only set the bytes a pass reads.
    model, gpu = CATALOG.require_model("gpt-oss-120b"), CATALOG.require_gpu(gpu_id)
    by_hand = 116.8e9 * 4.47 / 8 * peak_flops_per_s * 0.5 / (hbm_bytes_per_s * 2 * 4.55e9)
    knee = memory_bound_knee_tokens(model, gpu, mfu=0.5, weights_bits=4.47)
    assert knee == pytest.approx(by_hand, rel=0.01)
    assert knee == pytest.approx(1_060, rel=0.05)  # the MXFP4 figure, not BF16's 3,789


@given(
    flops=st.floats(min_value=1e9, max_value=1e20),
    gpus=st.integers(min_value=1, max_value=64),
    more=st.integers(min_value=0, max_value=64),
    mfu=st.floats(min_value=0.05, max_value=1.0),
)
def test_more_gpus_never_raise_recompute_time(
    flops: float, gpus: int, more: int, mfu: float
) -> None:
    assert prefill_seconds(flops, H100, gpus + more, mfu=mfu) <= prefill_seconds(
        flops, H100, gpus, mfu=mfu
    )


@given(
    seconds=st.floats(min_value=1e-3, max_value=1e4),
    gpus=st.integers(min_value=1, max_value=64),
    factor=st.floats(min_value=0.01, max_value=1.0),
)
def test_implied_mfu_inverts_prefill_seconds(seconds: float, gpus: int, factor: float) -> None:
    flops = 3.3e16
    mfu = implied_mfu(flops, seconds, H100, gpus, power_factor=factor)
    assert prefill_seconds(flops, H100, gpus, mfu=mfu, power_factor=factor) == pytest.approx(
        seconds
    )
