"""Decode time from HBM reads and the end-to-end speedup."""

from __future__ import annotations

import pytest

from claimcheck.physics import (
    HBM_EFFICIENCY,
    Setup,
    decode_seconds,
    decode_seconds_per_token,
    end_to_end_speedup,
)
from tests.setups import CATALOG, H100

HBM_B_PER_S = 3.35e12 * 0.8  # H100 SXM datasheet × AIConfigurator's 0.8 (docs/model.md §6)


def _setup(model_id: str, gpus: int = 1) -> Setup:
    return Setup(model=CATALOG.require_model(model_id), gpu=H100, gpu_count=gpus)


def test_efficiency_is_aiconfigurators() -> None:
    assert HBM_EFFICIENCY == 0.8


def test_one_token_reads_active_weights_lm_head_and_kv() -> None:
    # Llama-3.1-8B BF16: (6.98e9 linear + 4096 · 128,256 LM head) × 2 bytes, + 128 KiB per token of context
    weights = (6.98e9 + 4096 * 128_256) * 2
    assert decode_seconds_per_token(_setup("llama-3.1-8b"), 0) == pytest.approx(
        weights / HBM_B_PER_S
    )
    kv = 131_072 * 131_072
    assert decode_seconds_per_token(_setup("llama-3.1-8b"), 131_072) == pytest.approx(
        (weights + kv) / HBM_B_PER_S
    )


def test_moe_decode_reads_only_routed_experts() -> None:
    # Qwen3-30B-A3B: 2.73e9 active linear + 2048 · 151,936, not 30.5e9 weights
    weights = (2.73e9 + 2048 * 151_936) * 2
    assert decode_seconds_per_token(_setup("qwen3-30b-a3b"), 0) == pytest.approx(
        weights / HBM_B_PER_S
    )


def test_gpus_share_the_reads() -> None:
    one = decode_seconds_per_token(_setup("llama-3.1-70b"), 50_000)
    assert decode_seconds_per_token(_setup("llama-3.1-70b", gpus=8), 50_000) == pytest.approx(
        one / 8
    )


def test_worked_claim_decode_of_500_tokens() -> None:
    # Llama-3.1-70B after 114,688 tokens on one H100: each token reads the weights and a
    # growing KV of 327,680 B/token; contexts 114,688 … 115,187
    weights = (68.45e9 + 8192 * 128_256) * 2
    kv_tokens = 500 * 114_688 + 500 * 499 / 2
    expected = (500 * weights + kv_tokens * 327_680) / HBM_B_PER_S
    assert decode_seconds(_setup("llama-3.1-70b"), 114_688) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("model_id", "context_tokens", "output_tokens"),
    [
        ("gpt-oss-120b", 100, 60),
        ("gpt-oss-120b", 5_000, 7),
        ("llama-4-scout", 8_000, 400),
        ("deepseek-v3", 10, 3),
    ],
)
def test_decode_seconds_is_the_sum_over_output_tokens(
    model_id: str, context_tokens: int, output_tokens: int
) -> None:
    setup = _setup(model_id)
    by_token = sum(
        decode_seconds_per_token(setup, context_tokens + i) for i in range(output_tokens)
    )
    assert decode_seconds(setup, context_tokens, output_tokens) == pytest.approx(by_token)


def test_end_to_end_speedup_counts_decode_on_both_sides() -> None:
    # (57 s + 33 s) / (2.1 s + 33 s)
    assert end_to_end_speedup(57, 2.1, 33) == pytest.approx(90 / 35.1)
    assert end_to_end_speedup(57, 2.1, 0) == pytest.approx(57 / 2.1)
