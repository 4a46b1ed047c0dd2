"""KV bytes against docs/model.md §1 and docs/model.md §1, by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.physics import (
    growing_kv_bytes_per_token,
    kv_bytes,
    kv_bytes_per_token,
    kv_bytes_per_token_per_layer,
)
from tests.setups import CATALOG

# docs/model.md §1, "All layers (B/token)", BF16; Llama 3 as Llama 3.1, R1 as V3.
ALL_LAYERS_B_PER_TOKEN = {
    "llama-2-70b": 327_680,
    "llama-3-8b": 131_072,
    "llama-3-70b": 327_680,
    "llama-3.1-8b": 131_072,
    "llama-3.1-70b": 327_680,
    "llama-3.3-70b": 327_680,
    "llama-3.1-405b": 516_096,
    "mistral-7b": 131_072,
    "mixtral-8x7b": 131_072,
    "mixtral-8x22b": 229_376,
    "qwen2.5-72b": 327_680,
    "qwen3-32b": 262_144,
    "qwen3-30b-a3b": 98_304,
    "qwen3-235b-a22b": 192_512,
    "deepseek-v3": 70_272,
    "deepseek-r1": 70_272,
    "kimi-k2": 70_272,
    "gpt-oss-120b": 73_728,
    "gpt-oss-20b": 49_152,
    "gemma-3-27b": 507_904,
    "llama-4-scout": 196_608,
    "llama-4-maverick": 196_608,
}


def test_table_covers_every_catalog_model() -> None:
    assert set(ALL_LAYERS_B_PER_TOKEN) == {model.id for model in CATALOG.models}


@pytest.mark.parametrize("model_id", sorted(ALL_LAYERS_B_PER_TOKEN))
def test_bf16_bytes_per_token_match_reference(model_id: str) -> None:
    model = CATALOG.require_model(model_id)
    assert kv_bytes_per_token(model) == ALL_LAYERS_B_PER_TOKEN[model_id]
    stored = kv_bytes(model, 1000, windowed_layers_store_full=True)
    assert stored == 1000 * ALL_LAYERS_B_PER_TOKEN[model_id]


def test_mla_caches_the_latent_not_the_heads() -> None:
    deepseek = CATALOG.require_model("deepseek-v3")
    # (512 + 64) elements × 2 bytes per layer; a naive MHA count would be ~1.75 MB/token
    assert kv_bytes_per_token_per_layer(deepseek) == 1_152
    assert kv_bytes_per_token(deepseek, "fp8") == 35_136


def test_fp8_halves_gqa_cache() -> None:
    assert kv_bytes_per_token(CATALOG.require_model("llama-3.1-70b"), "fp8") == 327_680 // 2


def test_worked_audit_kv_size() -> None:
    llama = CATALOG.require_model("llama-3.1-70b")
    # by hand: 114,688 tokens → 37.6 GB; 112,000 tokens → 36.7 GB
    assert kv_bytes(llama, 114_688) / 1e9 == pytest.approx(37.6, rel=0.005)
    assert kv_bytes(llama, 112_000) / 1e9 == pytest.approx(36.7, rel=0.005)
    # docs/model.md §1: 128k tokens of Llama-3-70B = 42.9 GB = 40 GiB
    assert kv_bytes(llama, 131_072) == 40 * 2**30


@pytest.mark.parametrize(
    ("model_id", "growing_b_per_token", "windowed_cap_bytes"),
    [
        # docs/model.md §1 "Growing part": full layers per token + windowed layers' cap
        ("gpt-oss-120b", 36_864, 18 * 128 * 2_048),
        ("gpt-oss-20b", 24_576, 12 * 128 * 2_048),
        ("gemma-3-27b", 81_920, 52 * 1_024 * 8_192),
        # A chunked layer holds the chunk the prefix ends in: 100,000 mod 8,192 = 1,696 tokens.
        ("llama-4-scout", 12 * 4_096, 36 * 1_696 * 4_096),
    ],
)
def test_windowed_layers_can_store_only_their_window(
    model_id: str, growing_b_per_token: int, windowed_cap_bytes: int
) -> None:
    model = CATALOG.require_model(model_id)
    n = 100_000
    capped = kv_bytes(model, n)  # the default: what a resumed prefix needs
    assert capped == n * growing_b_per_token + windowed_cap_bytes
    assert growing_kv_bytes_per_token(model) == growing_b_per_token
    full = kv_bytes(model, n, windowed_layers_store_full=True)
    assert full == n * ALL_LAYERS_B_PER_TOKEN[model_id]
    # below the window both conventions agree
    assert kv_bytes(model, 100) == kv_bytes(model, 100, windowed_layers_store_full=True)


def test_gemma_window_cap_is_about_436_mb() -> None:
    gemma = CATALOG.require_model("gemma-3-27b")
    fixed = kv_bytes(gemma, 2_000, windowed_layers_store_full=False) - 2_000 * 81_920
    assert fixed / 1e6 == pytest.approx(436, rel=0.01)


@given(
    model_id=st.sampled_from(sorted(ALL_LAYERS_B_PER_TOKEN)),
    n=st.integers(min_value=0, max_value=2_000_000),
    extra=st.integers(min_value=1, max_value=100_000),
    store_full=st.booleans(),
)
def test_kv_bytes_grow_with_prefix(model_id: str, n: int, extra: int, store_full: bool) -> None:
    model = CATALOG.require_model(model_id)
    smaller = kv_bytes(model, n, windowed_layers_store_full=store_full)
    larger = kv_bytes(model, n + extra, windowed_layers_store_full=store_full)
    if model.window_kind == "chunked" and model.window_tokens and not store_full:
        # A chunked layer holds the chunk a prefix ends in (N mod chunk): that part falls back
        # at each chunk's start, while the global layers' part grows.
        per_layer = kv_bytes_per_token_per_layer(model)
        chunk = model.window_tokens

        def chunked(tokens: int) -> int:
            return model.windowed_layers * (tokens % chunk) * per_layer

        assert larger - chunked(n + extra) > smaller - chunked(n)
    else:
        assert larger > smaller


@pytest.mark.parametrize(
    ("tokens", "gigabytes"),
    [
        # 12 global layers × N × 8 KV heads × (128 + 128) × 2 bytes; the 36 chunked layers hold
        # N mod 8,192 tokens: none at a whole number of chunks.
        (32_768, 12 * 32_768 * 4_096 / 1e9),  # 1.61 GB, not 2.82 GB with a whole chunk held
        (131_072, 12 * 131_072 * 4_096 / 1e9),  # 6.44 GB
        (40_000, (12 * 40_000 + 36 * (40_000 - 4 * 8_192)) * 4_096 / 1e9),
        (5_000, 48 * 5_000 * 4_096 / 1e9),  # inside the first chunk every layer holds all
    ],
)
def test_llama_4_scout_resumed_kv_holds_the_current_chunk(tokens: int, gigabytes: float) -> None:
    scout = CATALOG.require_model("llama-4-scout")
    assert kv_bytes(scout, tokens) / 1e9 == pytest.approx(gigabytes, rel=1e-9)
    assert round(kv_bytes(scout, 32_768) / 1e9, 2) == 1.61
