"""Catalog entries: model architectures, GPUs and storage tiers, each with its source.

The fields are what the physics needs and nothing more; units are in the field names
(``_b`` = billions, ``_gb`` = 1e9 bytes, ``_tb_s`` = 1e12 bytes/s, ``_w`` = watts).
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from claimcheck.bounds import BANDWIDTH_GB_S, GPUS, LATENCY_MS, PARAMS_B, POWER_W, TOKENS

# Every dimension and rate has a range far beyond any real system: inside them the physics
# stays many orders of magnitude from float overflow (claimcheck.bounds); outside them an entry
# is a typo or an attack on the arithmetic, and the catalog file is refused.
Count = Annotated[int, Field(gt=0, le=10_000_000)]
Fraction = Annotated[float, Field(gt=0, le=1)]
Layers = Annotated[int, Field(gt=0, le=100_000)]
GpuCount = Annotated[int, Field(ge=GPUS.low, le=GPUS.high)]
Tokens = Annotated[int, Field(ge=TOKENS.low, le=TOKENS.high)]
Vocabulary = Annotated[int, Field(gt=0, le=1_000_000_000)]
Billions = Annotated[float, Field(ge=PARAMS_B.low, le=PARAMS_B.high)]
Teraflops = Annotated[float, Field(ge=1e-3, le=1e7)]
Gigabytes = Annotated[float, Field(ge=1e-3, le=1e7)]
TerabytesPerSecond = Annotated[float, Field(ge=1e-3, le=1e4)]
GigabytesPerSecond = Annotated[float, Field(ge=BANDWIDTH_GB_S.low, le=BANDWIDTH_GB_S.high)]
Watts = Annotated[float, Field(ge=POWER_W.low, le=POWER_W.high)]

AttentionKind = Literal["gqa", "mla"]
WindowKind = Literal["sliding", "chunked"]
TierKind = Literal["dram", "nvme", "cxl", "network", "object", "c2c"]
TIER_KINDS: tuple[TierKind, ...] = ("dram", "nvme", "cxl", "network", "object", "c2c")


class CatalogEntry(BaseModel):
    """What every catalog entry has: a stable id, a display name, aliases and a source."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-]*$")
    name: str = Field(min_length=1)
    aliases: tuple[str, ...] = ()
    source: str = Field(min_length=1)
    notes: str = ""


class ModelSpec(CatalogEntry):
    """A decoder-only transformer as its config describes it.

    ``head_dim`` is the real query/key head size from the config (for MLA, the decompressed
    qk size 192), never ``hidden / query_heads``; ``v_head_dim`` is set only where values differ.
    ``active_linear_params_b`` counts the linear-layer weights one token touches, without the
    input embedding and the LM head. ``published_weight_bits`` is the mean bits per parameter
    of the released weights where they are not BF16 (FP8 DeepSeek-V3, MXFP4 gpt-oss).
    """

    layers: Layers
    hidden: Count
    query_heads: Count
    kv_heads: Count
    head_dim: Count
    v_head_dim: Count | None = None
    attention: AttentionKind = "gqa"
    kv_lora_rank: Count | None = None
    qk_rope_head_dim: Count | None = None
    window_tokens: Tokens | None = None
    windowed_layers: int = Field(0, ge=0, le=100_000)
    window_kind: WindowKind = "sliding"
    vocab_size: Vocabulary
    total_params_b: Billions
    active_params_b: Billions
    active_linear_params_b: Billions
    max_context_tokens: Tokens
    published_weight_bits: float = Field(16.0, ge=1, le=32)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if (self.attention == "mla") != (self.kv_lora_rank is not None):
            raise ValueError("kv_lora_rank is required for attention 'mla' and only for it")
        if (self.kv_lora_rank is None) != (self.qk_rope_head_dim is None):
            raise ValueError("kv_lora_rank and qk_rope_head_dim go together")
        if (self.window_tokens is None) != (self.windowed_layers == 0):
            raise ValueError("window_tokens and windowed_layers > 0 go together")
        if self.windowed_layers > self.layers:
            raise ValueError("windowed_layers exceeds layers")
        if self.kv_heads > self.query_heads:
            raise ValueError("kv_heads exceeds query_heads")
        if not self.active_linear_params_b <= self.active_params_b <= self.total_params_b:
            raise ValueError("need active_linear_params_b <= active_params_b <= total_params_b")
        return self

    @property
    def full_layers(self) -> int:
        """Layers whose attention spans the whole prefix."""
        return self.layers - self.windowed_layers

    @property
    def value_head_dim(self) -> int:
        """Value head size: ``v_head_dim`` where it differs, else ``head_dim``."""
        return self.v_head_dim or self.head_dim


class GpuSpec(CatalogEntry):
    """One accelerator: dense peaks, HBM, host link and power limits.

    TFLOPS are dense (no 2:4 sparsity). ``fp8_tflops`` is ``None`` where the GPU has no FP8
    tensor cores. ``host_link_gb_s`` is the usable per-direction line rate;
    ``host_link_measured_gb_s`` a measured host-to-device rate where one exists.
    ``systems`` maps system names ("DGX H100") to the GPU count they imply; the largest is the
    GPUs one host (one NVLink domain) joins. ``scale_out_gb_s`` is each GPU's own network rate
    to other hosts (its NIC, per direction). ``bf16_mamf_tflops`` and ``fp8_mamf_tflops`` are
    the best dense matmul throughputs measured on the GPU (docs/model.md §2).
    ``power_curve`` is an optional measured table of (cap ÷ default limit, relative prefill
    throughput) points, ending at (1, 1); without one the ``family``'s curve applies
    (docs/model.md §5).
    """

    systems: dict[str, GpuCount] = Field(default_factory=dict)
    bf16_tflops: Teraflops
    fp8_tflops: Teraflops | None = None
    bf16_mamf_tflops: Teraflops | None = None
    fp8_mamf_tflops: Teraflops | None = None
    hbm_gb: Gigabytes
    hbm_tb_s: TerabytesPerSecond
    host_link: str = Field(min_length=1)
    host_link_gb_s: GigabytesPerSecond
    host_link_measured_gb_s: GigabytesPerSecond | None = None
    max_power_w: Watts | None = None
    default_power_w: Watts | None = None
    min_power_w: Watts | None = None
    scale_out_gb_s: GigabytesPerSecond | None = None
    power_curve: tuple[tuple[Fraction, Fraction], ...] | None = None
    family: Literal["ampere", "hopper", "blackwell", "cdna"] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.min_power_w and self.default_power_w and self.min_power_w > self.default_power_w:
            raise ValueError("min_power_w exceeds default_power_w")
        if self.fp8_mamf_tflops is not None and self.fp8_tflops is None:
            raise ValueError("fp8_mamf_tflops needs fp8_tflops")
        for measured, peak in ((self.bf16_mamf_tflops, self.bf16_tflops),
                               (self.fp8_mamf_tflops, self.fp8_tflops)):  # fmt: skip
            if measured is not None and peak is not None and measured > peak:
                raise ValueError("a measured matmul rate exceeds its dense peak")
        if self.power_curve is not None:
            caps = [cap for cap, _ in self.power_curve]
            factors = [factor for _, factor in self.power_curve]
            if caps != sorted(set(caps)) or factors != sorted(factors):
                raise ValueError("power_curve must rise in both cap and factor")
            if not self.power_curve or self.power_curve[-1] != (1.0, 1.0):
                raise ValueError("power_curve must end at [1.0, 1.0] (the default limit)")
        return self

    @property
    def gpus_per_host(self) -> int | None:
        """GPUs one host joins (the largest system named), ``None`` where none is named."""
        return max(self.systems.values()) if self.systems else None

    @property
    def host_link_effective_gb_s(self) -> float:
        """Per-GPU host-to-device rate used for loads: the measured one, else the line rate."""
        return self.host_link_measured_gb_s or self.host_link_gb_s


class TierSpec(CatalogEntry):
    """A storage tier KV can be loaded from: effective bandwidth and fixed latency.

    ``per_gpu`` means each GPU has its own path (its own link, drive or NIC), so the aggregate
    grows with the GPU count; otherwise all GPUs of the node share ``bandwidth_gb_s``.
    """

    kind: TierKind
    bandwidth_gb_s: GigabytesPerSecond
    per_gpu: bool
    latency_ms: float = Field(ge=LATENCY_MS.low, le=LATENCY_MS.high)
    assumption: bool = True
    default_for_kind: bool = False

    @property
    def latency_s(self) -> float:
        """Fixed latency in seconds."""
        return self.latency_ms / 1000.0
