"""One hardware-and-model setup, so callers pass one object instead of ten arguments."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from claimcheck.catalog.specs import GpuSpec, ModelSpec, TierSpec
from claimcheck.defaults import DEFAULT_MFU, KvLayout
from claimcheck.physics.dtypes import Dtype, bytes_per_element
from claimcheck.physics.efficiency import mfu_for
from claimcheck.physics.load import aggregate_bandwidth_gb_s
from claimcheck.physics.prefill import peak_flops_per_s


class Setup(BaseModel):
    """Model, GPUs, compute efficiency and KV tier of one recompute-vs-load comparison.

    ``mfu`` is the achieved fraction of dense peak, of the BF16 peak where it is assumed:
    FP8 work then reaches ``mfu`` scaled by the GPU's measured FP8-to-BF16 matmul efficiency
    (docs/model.md §2), unless ``mfu_calibrated`` (read off a measured time at the compute
    format's own peak). ``power_factor`` is the relative throughput under a power cap (1.0
    uncapped). ``bandwidth_gb_s`` is an optional aggregate override of
    the tier's figure and ``latency_s`` of its fixed latency. ``kv_dtype`` is the cache's
    format, ``dtype`` the compute format of the linear layers, and the weights' too unless
    ``weights_bits`` gives their mean bits per weight (FP8 or MXFP4 weights computed in BF16).
    ``attention_dtype`` is the format attention computes in when it differs (an FP8 run's
    attention in BF16: docs/model.md §12). Windowed layers hold only their last
    window (all a resumed prefix needs) unless ``windowed_layers_store_full``, as a
    full-length allocator sizes them (docs/model.md §1).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)

    model: ModelSpec
    gpu: GpuSpec
    gpu_count: int = Field(1, gt=0)
    dtype: Dtype = "bf16"
    kv_dtype: Dtype = "bf16"
    weights_bits: float | None = Field(None, gt=0, le=32)
    attention_dtype: Dtype | None = None
    mfu: float = Field(DEFAULT_MFU, gt=0, le=1)
    mfu_calibrated: bool = False
    power_factor: float = Field(1.0, gt=0, le=1)
    tier: TierSpec | None = None
    bandwidth_gb_s: float | None = Field(None, gt=0)
    latency_s: float | None = Field(None, ge=0)
    windowed_layers_store_full: bool = False

    def mfu_of(self, dtype: Dtype) -> float:
        """The fraction of ``dtype``'s dense peak that work in ``dtype`` reaches."""
        return mfu_for(self.gpu, dtype, self.mfu, calibrated=self.mfu_calibrated)

    @property
    def flops_per_s(self) -> float:
        """Achieved FLOP/s of all GPUs together: count × dense peak × MFU × power factor."""
        peak = peak_flops_per_s(self.gpu, self.dtype)
        return self.gpu_count * peak * self.mfu_of(self.dtype) * self.power_factor

    @property
    def attention_flops_per_s(self) -> float:
        """Achieved FLOP/s of attention: as ``flops_per_s``, at ``attention_dtype``'s peak."""
        dtype = self.attention_dtype or self.dtype
        peak = peak_flops_per_s(self.gpu, dtype)
        return self.gpu_count * peak * self.mfu_of(dtype) * self.power_factor

    @property
    def weight_bytes_per_param(self) -> float:
        """Bytes one weight takes in GPU memory: ``weights_bits`` / 8, else the compute format's."""
        if self.weights_bits is not None:
            return self.weights_bits / 8
        return float(bytes_per_element(self.dtype))

    @property
    def load_bandwidth_gb_s(self) -> float:
        """Effective aggregate GB/s of the KV load path (narrowest hop)."""
        return aggregate_bandwidth_gb_s(self.gpu, self.gpu_count, self.tier, self.bandwidth_gb_s)

    @property
    def kv_layout(self) -> KvLayout:
        """``full`` when windowed layers store every token, else ``resumed``."""
        return "full" if self.windowed_layers_store_full else "resumed"

    @property
    def load_latency_s(self) -> float:
        """Fixed latency of one load in seconds: the override, else the tier's, else 0."""
        if self.latency_s is not None:
            return self.latency_s
        return self.tier.latency_s if self.tier is not None else 0.0
