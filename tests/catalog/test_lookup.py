"""Name resolution: ids, aliases, light normalisation, system counts, suggestions."""

from __future__ import annotations

import pytest

from claimcheck.catalog import gpu_key, model_key, tier_key
from claimcheck.errors import UsageError
from tests.setups import CATALOG


@pytest.mark.parametrize(
    ("name", "model_id"),
    [
        ("Llama 3.1 70B", "llama-3.1-70b"),
        ("llama-3.1-70b-instruct", "llama-3.1-70b"),
        ("Meta-Llama-3.1-70B-Instruct", "llama-3.1-70b"),
        ("meta-llama/Meta-Llama-3.1-70B-Instruct", "llama-3.1-70b"),
        ("Llama3.1-70B", "llama-3.1-70b"),
        ("llama3.1:70b", "llama-3.1-70b"),
        ("LLAMA_3.1_70B", "llama-3.1-70b"),
        ("Llama 3.3 70B Instruct", "llama-3.3-70b"),
        ("Meta Llama 3 70B", "llama-3-70b"),
        ("Llama-2-70b-chat-hf", "llama-2-70b"),
        ("DeepSeek-R1-671B", "deepseek-r1"),
        ("R1", "deepseek-r1"),
        ("deepseek-ai/DeepSeek-V3-0324", "deepseek-v3"),
        ("Qwen3-235B-A22B-Instruct-2507", "qwen3-235b-a22b"),
        ("Qwen/Qwen3-30B-A3B", "qwen3-30b-a3b"),
        ("gemma-3-27b-it", "gemma-3-27b"),
        ("openai/gpt-oss-120b", "gpt-oss-120b"),
        ("Mistral-7B-Instruct-v0.2", "mistral-7b"),
        ("Mixtral 8x22B", "mixtral-8x22b"),
        ("Kimi-K2-Instruct", "kimi-k2"),
        ("Llama-4-Maverick-17B-128E-Instruct-FP8", "llama-4-maverick"),
    ],
)
def test_model_names_resolve(name: str, model_id: str) -> None:
    model = CATALOG.model(name)
    assert model is not None
    assert model.id == model_id


@pytest.mark.parametrize(
    ("name", "gpu_id", "count"),
    [
        ("H100", "h100-sxm", None),
        ("H100 SXM5", "h100-sxm", None),
        ("NVIDIA H100 80GB HBM3", "h100-sxm", None),
        ("DGX H100", "h100-sxm", 8),
        ("HGX H100", "h100-sxm", 8),
        ("A100", "a100-sxm", None),
        ("A100 80GB", "a100-sxm", None),
        ("DGX A100", "a100-sxm", 8),
        ("H200", "h200-sxm", None),
        ("B200", "b200", None),
        ("DGX B200", "b200", 8),
        ("GB200", "gb200", None),
        ("GB200 NVL72", "gb200", 72),
        ("Grace Hopper", "gh200", None),
        ("AMD Instinct MI300X", "mi300x", None),
        ("l40s", "l40s", None),
    ],
)
def test_gpu_names_resolve_with_system_counts(name: str, gpu_id: str, count: int | None) -> None:
    gpu = CATALOG.gpu(name)
    assert gpu is not None
    assert gpu.id == gpu_id
    assert CATALOG.gpu_count(name) == count


@pytest.mark.parametrize(
    ("name", "tier_id"),
    [
        ("nvme", "nvme-gen4"),
        ("SSD", "nvme-gen4"),
        ("dram", "dram-pcie-gen5"),
        ("CPU memory", "dram-pcie-gen5"),
        ("network", "rdma-400"),
        ("InfiniBand", "rdma-400"),
        ("object", "object"),
        ("S3", "object"),
        ("cxl", "cxl"),
        ("c2c", "gh200-c2c"),
        ("NVMe Gen5", "nvme-gen5"),
        ("dram_pcie_gen4", "dram-pcie-gen4"),
    ],
)
def test_tier_names_and_kinds_resolve(name: str, tier_id: str) -> None:
    tier = CATALOG.tier(name)
    assert tier is not None
    assert tier.id == tier_id


def test_every_built_in_name_names_its_own_entry() -> None:
    for model in CATALOG.models:
        for name in (model.id, model.name, *model.aliases):
            assert CATALOG.require_model(name) is model, name
    for gpu in CATALOG.gpus:
        for name in (gpu.id, gpu.name, *gpu.aliases, *gpu.systems):
            assert CATALOG.require_gpu(name) is gpu, name
    for tier in CATALOG.tiers:
        for name in (tier.id, tier.name, *tier.aliases):
            assert CATALOG.require_tier(name) is tier, name


def test_keys_drop_case_separators_and_release_affixes() -> None:
    assert model_key("Meta-Llama-3.1-70B-Instruct") == "llama3170b"
    assert model_key("Qwen/Qwen3-235B-A22B-Thinking-2507") == "qwen3235ba22b"
    assert gpu_key("NVIDIA H100 SXM5") == "h100sxm5"
    # GPU names keep trailing numbers that would read as dates on a model
    assert gpu_key("RTX 4090") == "rtx4090"
    assert tier_key("Host DRAM") == "hostdram"


def test_unknown_names_resolve_to_none() -> None:
    assert CATALOG.model("llama-9-1t") is None
    assert CATALOG.gpu("TPU v5e") is None
    assert CATALOG.tier("tape") is None
    assert CATALOG.gpu_count("H100") is None


def test_suggestions_are_close_known_ids() -> None:
    close = CATALOG.suggest_model("llama-3.1-7b")
    assert close[0] == "llama-3.1-70b"
    assert "llama-3.1-8b" in close
    assert len(close) <= 3
    assert CATALOG.suggest_gpu("H10")[0] == "h100-sxm"
    assert CATALOG.suggest_tier("nvmee")[:2] == ["nvme-gen4", "nvme-gen5"]
    assert CATALOG.suggest_model("zzzz") == []


def test_require_raises_usage_error_with_did_you_mean() -> None:
    with pytest.raises(
        UsageError, match=r"^unknown model 'Lama 3\.1 70B' \(did you mean 'llama-3\.1-70b'"
    ):
        CATALOG.require_model("Lama 3.1 70B")
    with pytest.raises(UsageError, match=r"^unknown GPU 'H1000' \(did you mean 'h100-sxm'"):
        CATALOG.require_gpu("H1000")
    with pytest.raises(UsageError, match=r"^unknown storage tier 'tape'$"):
        CATALOG.require_tier("tape")
