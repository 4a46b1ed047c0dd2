"""Breakeven prefix N*, breakeven bandwidth B* and speedups (docs/model.md §4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.catalog import ModelSpec
from claimcheck.physics import (
    Setup,
    breakeven_bandwidth_gb_s,
    breakeven_tokens,
    cached_load_seconds,
    power_factor,
    recompute_seconds,
    speedup_at,
)
from tests.setups import CATALOG, H100


def _setup(model_id: str, **fields: object) -> Setup:
    return Setup.model_validate({"model": CATALOG.require_model(model_id), "gpu": H100} | fields)


@pytest.mark.parametrize(
    ("model_id", "gpus", "per_gpu_gb_s", "latency_s", "tokens"),
    [
        # docs/model.md §4 table: H100 SXM, u = 0.5, BF16, KV head-sharded over g GPUs
        ("llama-3.1-8b", 1, 50, 0.0002, 8),
        ("llama-3.1-8b", 1, 6.5, 0.001, 120),
        ("llama-3.1-8b", 1, 1.2, 0.010, 150_000),
        ("llama-3.1-70b", 8, 6.5, 0.001, 35),
        ("llama-3.1-70b", 8, 1.2, 0.010, 4_800),
        ("qwen3-30b-a3b", 1, 6.5, 0.001, 5_500),
    ],
)
def test_breakeven_table(
    model_id: str, gpus: int, per_gpu_gb_s: float, latency_s: float, tokens: int
) -> None:
    setup = _setup(
        model_id, gpu_count=gpus, bandwidth_gb_s=per_gpu_gb_s * gpus, latency_s=latency_s, mfu=0.5
    )
    assert breakeven_tokens(setup) == pytest.approx(tokens, rel=0.1)


def test_per_token_costs_of_the_table() -> None:
    # Llama-3.1-8B, one Gen4 NVMe: recompute 28.2 µs/token, load 20.2 µs/token
    setup = _setup("llama-3.1-8b", bandwidth_gb_s=6.5, latency_s=0.0)
    n = 10
    linear_only = recompute_seconds(setup, n) - 2 * 32 * 32 * 128 * n**2 / (989e12 * 0.5)
    assert linear_only / n * 1e6 == pytest.approx(28.2, rel=0.01)
    assert cached_load_seconds(setup, n) / n * 1e6 == pytest.approx(20.2, rel=0.01)


@pytest.mark.parametrize(
    ("model_id", "bandwidth_gb_s"),
    [
        # docs/model.md §4, B* per GPU on one H100 SXM, u = 0.5, BF16 KV, all layers stored
        ("llama-3.1-405b", 0.32),
        ("deepseek-v3", 0.48),
        ("llama-3.1-70b", 1.18),
        ("qwen3-235b-a22b", 2.28),
        ("mixtral-8x7b", 2.57),
        ("gpt-oss-120b", 3.96),
        ("llama-3.1-8b", 4.64),
        ("gemma-3-27b", 4.91),
        ("qwen3-30b-a3b", 9.00),
    ],
)
def test_breakeven_bandwidth_table(model_id: str, bandwidth_gb_s: float) -> None:
    # the table counts every layer's KV: windowed layers at full length
    setup = _setup(model_id, bandwidth_gb_s=1.0, windowed_layers_store_full=True)
    assert breakeven_bandwidth_gb_s(setup) == pytest.approx(bandwidth_gb_s, rel=0.03)


def test_fp8_compute_nearly_doubles_the_breakeven_bandwidth() -> None:
    # docs/model.md §4: FP8 doubles the peak F, and at an assumed MFU reaches 0.882 of BF16's
    # share of it on an H100 ((1,402.6 / 1,979) / (794.5 / 989), §2), so B* grows 1.77×.
    bf16 = breakeven_bandwidth_gb_s(_setup("llama-3.1-70b", bandwidth_gb_s=1.0))
    fp8 = breakeven_bandwidth_gb_s(_setup("llama-3.1-70b", bandwidth_gb_s=1.0, dtype="fp8"))
    assert fp8 / bf16 == pytest.approx(1979 / 989 * (1_402.6 / 1_979) / (794.5 / 989))
    assert fp8 / bf16 == pytest.approx(1.765, abs=0.001)
    # Read off a measured time, an MFU is the run's own: B* doubles exactly.
    calibrated = _setup("llama-3.1-70b", bandwidth_gb_s=1.0, dtype="fp8", mfu_calibrated=True)
    assert breakeven_bandwidth_gb_s(calibrated) / bf16 == pytest.approx(1979 / 989)


def test_without_latency_a_fast_tier_wins_from_the_first_token() -> None:
    assert breakeven_tokens(_setup("llama-3.1-8b", bandwidth_gb_s=50, latency_s=0.0)) == 0


def test_without_latency_a_slow_tier_is_rescued_only_by_attention() -> None:
    # c_l > c_r, t0 = 0: N* = (c_l − c_r) / a
    flops_per_s = 989e12 * 0.5
    c_r = 2 * 6.98e9 / flops_per_s
    c_l = 131_072 / 1.2e9
    a = 2 * 32 * 32 * 128 / flops_per_s
    setup = _setup("llama-3.1-8b", bandwidth_gb_s=1.2, latency_s=0.0)
    assert breakeven_tokens(setup) == pytest.approx((c_l - c_r) / a, rel=1e-3)


def test_without_any_growing_attention_a_slow_tier_never_wins() -> None:
    fields = CATALOG.require_model("gpt-oss-120b").model_dump() | {
        "id": "all-windowed",
        "windowed_layers": 36,
    }
    setup = Setup(
        model=ModelSpec.model_validate(fields),
        gpu=H100,
        tier=CATALOG.require_tier("object"),
        windowed_layers_store_full=True,
    )
    assert breakeven_tokens(setup) is None


@pytest.mark.parametrize("model_id", [model.id for model in CATALOG.models])
@pytest.mark.parametrize("tier_id", ["dram", "nvme", "network", "object"])
@pytest.mark.parametrize("store_full", [True, False])
def test_breakeven_is_where_the_speedup_crosses_one(
    model_id: str, tier_id: str, store_full: bool
) -> None:
    setup = _setup(
        model_id, tier=CATALOG.require_tier(tier_id), windowed_layers_store_full=store_full
    )
    tokens = breakeven_tokens(setup)
    assert tokens is not None
    assert speedup_at(setup, max(tokens, 1)) >= 1
    if tokens > 1:
        assert speedup_at(setup, tokens - 1) < 1


@given(
    model_id=st.sampled_from([model.id for model in CATALOG.models]),
    bandwidth_gb_s=st.floats(min_value=0.05, max_value=500),
    faster_by=st.floats(min_value=1.0, max_value=100),
    latency_s=st.floats(min_value=0, max_value=0.05),
    gpus=st.integers(min_value=1, max_value=8),
)
def test_more_bandwidth_never_raises_breakeven(
    model_id: str, bandwidth_gb_s: float, faster_by: float, latency_s: float, gpus: int
) -> None:
    common = {"gpu_count": gpus, "latency_s": latency_s}
    slow = breakeven_tokens(_setup(model_id, bandwidth_gb_s=bandwidth_gb_s, **common))
    fast = breakeven_tokens(_setup(model_id, bandwidth_gb_s=bandwidth_gb_s * faster_by, **common))
    if slow is not None:
        assert fast is not None
        assert fast <= slow


@given(
    model_id=st.sampled_from([model.id for model in CATALOG.models]),
    cap_w=st.floats(min_value=100, max_value=700),
    lower_by=st.floats(min_value=0, max_value=0.8),
    prefix_tokens=st.integers(min_value=1, max_value=200_000),
)
def test_lower_power_cap_never_lowers_the_speedup(
    model_id: str, cap_w: float, lower_by: float, prefix_tokens: int
) -> None:
    nvme = CATALOG.require_tier("nvme")
    capped = power_factor(H100, cap_w).factor
    lower = power_factor(H100, cap_w * (1 - lower_by)).factor
    at_cap = speedup_at(_setup(model_id, tier=nvme, power_factor=capped), prefix_tokens)
    at_lower = speedup_at(_setup(model_id, tier=nvme, power_factor=lower), prefix_tokens)
    assert at_lower >= at_cap * (1 - 1e-12)


@pytest.mark.parametrize(
    ("model_id", "growing_b_per_token", "bandwidth_gb_s"),
    [
        # docs/model.md §4 table, resumed layout: only the full-attention layers grow
        ("gpt-oss-120b", 18 * 2_048, 2.00),
        ("gemma-3-27b", 10 * 8_192, 0.79),
    ],
)
def test_breakeven_bandwidth_of_the_resumed_layout(
    model_id: str, growing_b_per_token: int, bandwidth_gb_s: float
) -> None:
    setup = _setup(model_id, bandwidth_gb_s=1.0)
    linear_flops_per_token = 2 * CATALOG.require_model(model_id).active_linear_params_b * 1e9
    by_hand = growing_b_per_token * 989e12 * 0.5 / linear_flops_per_token / 1e9
    assert breakeven_bandwidth_gb_s(setup) == pytest.approx(by_hand)
    assert by_hand == pytest.approx(bandwidth_gb_s, abs=0.01)


@pytest.mark.parametrize("bandwidth_gb_s", [0.3, 0.6, 1.0, 2.0, 5.0, 20.0])
@pytest.mark.parametrize("latency_s", [0.001, 0.05, 0.5])
def test_chunked_breakeven_is_the_smallest_prefix_where_loading_wins(
    bandwidth_gb_s: float, latency_s: float
) -> None:
    # Llama 4 Scout's chunked layers hold only the chunk a prefix ends in, so the load time
    # falls back at each chunk's start: loading may win just past a chunk boundary and lose
    # again later in the chunk. Every prefix below the breakeven is checked, one by one.
    setup = _setup("llama-4-scout", bandwidth_gb_s=bandwidth_gb_s, latency_s=latency_s)
    tokens = breakeven_tokens(setup)
    assert tokens is not None
    assert speedup_at(setup, max(tokens, 1)) >= 1
    assert all(speedup_at(setup, n) < 1 for n in range(1, tokens))
