"""The number formats a claim's run used: compute, weights and KV cache (docs/model.md §12).

A claim may state each (``dtype``, ``weights_dtype``, ``kv_dtype``), the user may assume
each (``--dtype``, ``--weights-dtype``, ``--kv-dtype``), and where both are silent claimcheck
never accuses a run that a published precision explains:

- the weights are counted at the smallest precision the model's publisher released them in
  (``published_weight_bits`` in the catalog: FP8 for Llama 3.1 405B, MXFP4 for gpt-oss), so
  KV208 flags only what does not fit even then;
- the baseline's implied MFU (KV207) is judged against the highest dense peak the GPU offers
  for a published precision (FP8 where the model is published in FP8 or below and the GPU has
  FP8 tensor cores), while estimates without a stated baseline time compute in BF16;
- the KV cache is BF16, the engines' default.

Each choice the claim did not disclose is named in the analysis, with the field that would
settle it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from claimcheck.defaults import Dtype, WeightsDtype

if TYPE_CHECKING:
    from claimcheck.catalog import GpuSpec, ModelSpec


WEIGHT_BITS: dict[WeightsDtype, float] = {"bf16": 16.0, "fp8": 8.0, "fp4": 4.25}
"""Mean bits per weight: MXFP4 stores 32 four-bit elements with one 8-bit shared scale, 4.25
bits each (OCP Microscaling Formats (MX) v1.0, https://www.opencompute.org/documents/ocp-
microscaling-formats-mx-v1-0-spec-final-pdf); FP8 scales are not counted."""


def label(dtype: str) -> str:
    """A format as printed: ``BF16``, ``FP8``, ``FP4``."""
    return dtype.upper()


class Precision(msgspec.Struct, frozen=True):
    """The formats the claim states or the user assumes; ``None`` where both are silent."""

    compute: Dtype | None = None
    weights: WeightsDtype | None = None
    kv: Dtype | None = None

    def bound_compute(self, model: ModelSpec, gpu: GpuSpec) -> Dtype:
        """The compute format whose peak bounds the baseline (KV207): as given, else FP8 where
        the model is published in FP8 or below and the GPU computes in FP8, else BF16."""
        if self.compute is not None:
            return self.compute
        return "fp8" if published_in_fp8(model) and gpu.fp8_tflops is not None else "bf16"

    def estimate_compute(self) -> Dtype:
        """The compute format of an estimate no baseline time calibrates: as given, else BF16."""
        return self.compute or "bf16"

    def estimate_attention(self) -> Dtype:
        """The format attention computes in for an estimate: BF16, also in an FP8 run, whose
        checkpoints quantise the linear layers only ("Only the weights and activations of the
        linear operators within transformers blocks are quantized",
        https://huggingface.co/nvidia/Llama-3.1-405B-Instruct-FP8)."""
        return "bf16"

    def weight_bits(self, model: ModelSpec) -> float:
        """Mean bits per weight: the given format's, else the smallest published."""
        if self.weights is not None:
            return WEIGHT_BITS[self.weights]
        return model.published_weight_bits

    def kv_format(self) -> Dtype:
        """The KV cache's format: as given, else BF16."""
        return self.kv or "bf16"

    def weights_label(self, model: ModelSpec) -> str:
        """The weights' format as printed ("FP8", "BF16", "4.47 bits as published")."""
        if self.weights is not None:
            return label(self.weights)
        bits = model.published_weight_bits
        for name, format_bits in WEIGHT_BITS.items():
            if bits == format_bits:
                return label(name)
        return f"{bits:g} bits a weight"


def published_in_fp8(model: ModelSpec) -> bool:
    """Did the model's publisher release weights in FP8 or below?"""
    return model.published_weight_bits <= 8.0


def weight_bytes(model: ModelSpec, bits: float) -> float:
    """Bytes of all the model's weights (every expert of an MoE) at ``bits`` per weight."""
    return model.total_params_b * 1e9 * bits / 8


def notes(precision: Precision, model: ModelSpec, gpu: GpuSpec, calibrated: bool) -> list[str]:
    """What was taken for each format the claim and the options leave open, in words."""
    found: list[str] = []
    if precision.compute is None:
        bound = precision.bound_compute(model, gpu)
        if calibrated and bound == "fp8":
            found.append(
                f"FP8 compute assumed: {model.name} is published in FP8 or below and "
                f"{gpu.name} computes in FP8, so the baseline is judged against its dense FP8 "
                "peak (state dtype, or --dtype)"
            )
        else:
            found.append("BF16 compute assumed (dense peak, no sparsity; state dtype, or --dtype)")
    if precision.weights is None and model.published_weight_bits < 16:
        found.append(
            f"weights counted at {precision.weights_label(model)}, the smallest precision "
            f"{model.name} is published in (state weights_dtype, or --weights-dtype)"
        )
    if precision.kv is None:
        found.append("BF16 KV cache assumed (state kv_dtype, or --kv-dtype)")
    return found
