"""The built-in catalog data against the figures of docs/model.md and the public sources it names."""

from __future__ import annotations

import pytest

from claimcheck.catalog import TIER_KINDS
from tests.setups import CATALOG

# docs/model.md §7, vendor datasheets: (BF16 dense TFLOPS, FP8 dense TFLOPS or None, memory GB, memory TB/s)
GPU_TABLE = {
    "a100-sxm": (312, None, 80, 2.039),
    "a100-pcie": (312, None, 80, 1.935),
    "h100-sxm": (989, 1979, 80, 3.35),
    "h100-pcie": (756, 1513, 80, 2.0),
    "h100-nvl": (835, 1671, 94, 3.9),
    "h200-sxm": (989, 1979, 141, 4.8),
    "h200-nvl": (835, 1671, 141, 4.8),
    "gh200": (989, 1979, 144, 4.9),
    "b200": (2250, 4500, 180, 7.7),
    "gb200": (2500, 5000, 186, 8.0),
    "mi300x": (1307, 2615, 192, 5.3),
    "l40s": (362, 733, 48, 0.864),
}
# Sparse BF16 headline figures (2× dense) that must never be stored.
SPARSE_BF16 = {"h100-sxm": 1979, "b200": 4500, "gb200": 5000, "mi300x": 2615, "gh200": 1979}

# docs/model.md §1: (layers, hidden, query heads, KV heads, head_dim, total B, active B, context)
MODEL_TABLE = {
    "llama-2-70b": (80, 8192, 64, 8, 128, 69.0, 69.0, 4096),
    "llama-3-8b": (32, 4096, 32, 8, 128, 8.03, 8.03, 8192),
    "llama-3-70b": (80, 8192, 64, 8, 128, 70.6, 70.6, 8192),
    "llama-3.1-8b": (32, 4096, 32, 8, 128, 8.03, 8.03, 131072),
    "llama-3.1-70b": (80, 8192, 64, 8, 128, 70.6, 70.6, 131072),
    "llama-3.3-70b": (80, 8192, 64, 8, 128, 70.6, 70.6, 131072),
    "llama-3.1-405b": (126, 16384, 128, 8, 128, 405.8, 405.8, 131072),
    "mistral-7b": (32, 4096, 32, 8, 128, 7.24, 7.24, 32768),
    "mixtral-8x7b": (32, 4096, 32, 8, 128, 46.7, 12.9, 32768),
    "mixtral-8x22b": (56, 6144, 48, 8, 128, 141.0, 39.0, 65536),
    "qwen2.5-72b": (80, 8192, 64, 8, 128, 72.7, 72.7, 32768),
    "qwen3-32b": (64, 5120, 64, 8, 128, 32.8, 32.8, 40960),
    "qwen3-30b-a3b": (48, 2048, 32, 4, 128, 30.5, 3.3, 40960),
    "qwen3-235b-a22b": (94, 4096, 64, 4, 128, 235.0, 22.0, 40960),
    # MLA: head_dim is the decompressed qk size, 128 nope + 64 rope.
    "deepseek-v3": (61, 7168, 128, 128, 192, 671.0, 37.0, 163840),
    "deepseek-r1": (61, 7168, 128, 128, 192, 671.0, 37.0, 163840),
    # totals summed from the configs (the vendors' 1T and 109B are rounded or count the vision
    # encoder): Kimi K2 61 × 101.1e6 + 3·7168·18432 + 60 × (385·3·7168·2048 + 7168·384)
    # + 2·163840·7168 = 1,026.4e9; Llama 4 Scout 48 × (5120·48·128·2 + 17·3·5120·8192
    # + 5120·16) + 2·202048·5120 = 107.8e9
    "kimi-k2": (61, 7168, 64, 64, 192, 1026.4, 32.0, 131072),
    "gpt-oss-120b": (36, 2880, 64, 8, 64, 116.8, 5.1, 131072),
    "gpt-oss-20b": (24, 2880, 64, 8, 64, 20.9, 3.6, 131072),
    "gemma-3-27b": (62, 5376, 32, 16, 128, 27.0, 27.0, 131072),
    "llama-4-scout": (48, 5120, 40, 8, 128, 107.8, 17.0, 10485760),
    "llama-4-maverick": (48, 5120, 40, 8, 128, 400.0, 17.0, 1048576),
}

# docs/model.md §4, column 2·P_act (GFLOP per token).
TWO_P_ACT_GFLOP = {
    "llama-3.1-405b": 803,
    "deepseek-v3": 72,
    "llama-3.1-70b": 137,
    "qwen3-235b-a22b": 41.8,
    "mixtral-8x7b": 25.2,
    "gpt-oss-120b": 9.2,
    "llama-3.1-8b": 14.0,
    "gemma-3-27b": 51.2,
    "qwen3-30b-a3b": 5.4,
}


def test_catalog_holds_exactly_the_listed_gpus_and_models() -> None:
    assert {gpu.id for gpu in CATALOG.gpus} == set(GPU_TABLE)
    assert {model.id for model in CATALOG.models} == set(MODEL_TABLE)


@pytest.mark.parametrize("gpu_id", sorted(GPU_TABLE))
def test_gpu_figures_match_reference_table(gpu_id: str) -> None:
    bf16, fp8, memory_gb, memory_tb_s = GPU_TABLE[gpu_id]
    gpu = CATALOG.require_gpu(gpu_id)
    assert gpu.bf16_tflops == bf16
    assert gpu.fp8_tflops == fp8
    assert gpu.hbm_gb == memory_gb
    assert gpu.hbm_tb_s == memory_tb_s
    assert gpu.bf16_tflops != SPARSE_BF16.get(gpu_id)


@pytest.mark.parametrize("gpu_id", [g for g, row in GPU_TABLE.items() if row[1] is not None])
def test_dense_fp8_is_twice_dense_bf16(gpu_id: str) -> None:
    # A sparse figure in one column and a dense one in the other would break this ratio.
    gpu = CATALOG.require_gpu(gpu_id)
    assert gpu.fp8_tflops == pytest.approx(2 * gpu.bf16_tflops, rel=0.015)


def test_power_limits_are_known_only_where_a_source_gives_them() -> None:
    limits = {gpu.id: (gpu.default_power_w, gpu.min_power_w) for gpu in CATALOG.gpus}
    # docs/model.md §7, vendor datasheets, nvidia-smi dumps
    assert limits.pop("h100-sxm") == (700, 200)
    assert limits.pop("a100-sxm") == (400, 100)
    assert limits.pop("gh200") == (900, 100)
    # DGX B200 user guide, power capping: default set point 700 W, allowable minimum 200 W
    assert limits.pop("b200") == (700, 200)
    assert set(limits.values()) == {(None, None)}


def test_host_links_use_the_per_direction_rate_not_the_bidirectional_one() -> None:
    # docs/model.md §7: Gen4 x16 ~31.5, Gen5 x16 ~63, NVLink-C2C 450 GB/s per direction.
    per_direction = {"PCIe Gen4 x16": 31.5, "PCIe Gen5 x16": 63, "NVLink-C2C": 450}
    for gpu in CATALOG.gpus:
        assert gpu.host_link_gb_s == per_direction[gpu.host_link], gpu.id
    # docs/model.md §7 measured host→GPU rates
    assert CATALOG.require_gpu("a100-sxm").host_link_effective_gb_s == 25.13
    assert CATALOG.require_gpu("gh200").host_link_effective_gb_s == 346
    assert CATALOG.require_gpu("b200").host_link_effective_gb_s == 63


@pytest.mark.parametrize("model_id", sorted(MODEL_TABLE))
def test_model_dimensions_match_reference_table(model_id: str) -> None:
    layers, hidden, heads, kv_heads, head_dim, total_b, active_b, context = MODEL_TABLE[model_id]
    model = CATALOG.require_model(model_id)
    assert (model.layers, model.hidden, model.query_heads) == (layers, hidden, heads)
    assert (model.kv_heads, model.head_dim) == (kv_heads, head_dim)
    assert (model.total_params_b, model.active_params_b) == (total_b, active_b)
    assert model.max_context_tokens == context
    assert model.source.startswith("https://huggingface.co/")
    assert model.source.endswith("config.json") or "same dimensions as" in model.source


@pytest.mark.parametrize("model_id", sorted(TWO_P_ACT_GFLOP))
def test_active_linear_params_match_the_breakeven_table(model_id: str) -> None:
    two_p_act = 2 * CATALOG.require_model(model_id).active_linear_params_b
    assert two_p_act == pytest.approx(TWO_P_ACT_GFLOP[model_id], rel=0.02)


def test_active_linear_params_by_hand_for_models_outside_the_table() -> None:
    # Llama-2-70B has Llama-3.1-70B's layers: 80·(8192·72·128·2 + 3·8192·28672)
    assert CATALOG.require_model("llama-2-70b").active_linear_params_b == pytest.approx(
        80 * (8192 * 72 * 128 * 2 + 3 * 8192 * 28672) / 1e9, rel=1e-3
    )
    # gpt-oss-20b: 24·(attention 2880·72·64·2 + 4 experts 3·2880² + router 2880·32)
    assert CATALOG.require_model("gpt-oss-20b").active_linear_params_b == pytest.approx(
        24 * (2880 * 72 * 64 * 2 + 4 * 3 * 2880**2 + 2880 * 32) / 1e9, rel=1e-3
    )
    # by hand uses 68.5e9 for Llama-3.1-70B
    assert CATALOG.require_model("llama-3.1-70b").active_linear_params_b == pytest.approx(
        68.5, rel=0.005
    )


def test_mla_and_window_patterns_follow_the_configs() -> None:
    deepseek = CATALOG.require_model("deepseek-v3")
    assert (deepseek.attention, deepseek.kv_lora_rank, deepseek.qk_rope_head_dim) == (
        "mla",
        512,
        64,
    )
    assert (deepseek.head_dim, deepseek.value_head_dim) == (192, 128)
    windows = {
        m.id: (m.window_kind, m.window_tokens, m.windowed_layers)
        for m in CATALOG.models
        if m.window_tokens is not None
    }
    assert windows == {
        "gpt-oss-120b": ("sliding", 128, 18),
        "gpt-oss-20b": ("sliding", 128, 12),
        "gemma-3-27b": ("sliding", 1024, 52),
        "llama-4-scout": ("chunked", 8192, 36),
        "llama-4-maverick": ("chunked", 8192, 36),
    }


def test_every_tier_is_a_sourced_assumption() -> None:
    for tier in CATALOG.tiers:
        assert tier.assumption, tier.id
        # every tier names a public measurement or states which figure is assumed
        assert "https://" in tier.source or "datasheet" in tier.source, tier.id
        assert "assumed" in tier.source or "as host DRAM" in tier.source, tier.id


def test_each_kind_has_the_documented_default_tier() -> None:
    defaults = {kind: CATALOG.default_tier(kind) for kind in TIER_KINDS}
    assert {kind: tier.id for kind, tier in defaults.items() if tier} == {
        "dram": "dram-pcie-gen5",
        "nvme": "nvme-gen4",
        "network": "rdma-400",
        "object": "object",
        "cxl": "cxl",
        "c2c": "gh200-c2c",
    }
    assert sum(tier.default_for_kind for tier in CATALOG.tiers) == len(TIER_KINDS)


def test_tier_figures_follow_the_breakeven_table_and_link_arithmetic() -> None:
    # docs/model.md §4: host DRAM 50 GB/s 0.2 ms; Gen4 NVMe 6.5 GB/s 1 ms; object 1.2 GB/s 10 ms
    expected = {
        "dram-pcie-gen5": (50.0, 0.2, True),
        "nvme-gen4": (6.5, 1.0, True),
        "object": (1.2, 10.0, True),
        # 87 % of the 25/50/100 GB/s NIC line rates (docs/model.md §7)
        "rdma-200": (0.87 * 25, 1.0, True),
        "rdma-400": (0.87 * 50, 1.0, True),
        "rdma-800": (0.87 * 100, 1.0, True),
        # one expander on Gen5 x16: ~0.8 × 63 GB/s, shared by the node
        "cxl": (0.8 * 63, 0.2, False),
    }
    for tier_id, (bandwidth, latency_ms, per_gpu) in expected.items():
        tier = CATALOG.require_tier(tier_id)
        assert tier.bandwidth_gb_s == pytest.approx(bandwidth, rel=0.01), tier_id
        assert (tier.latency_ms, tier.per_gpu) == (latency_ms, per_gpu), tier_id
