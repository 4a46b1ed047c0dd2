"""GPU memory a setup needs: the weights plus the KV cache of the context (docs/model.md §10)."""

from __future__ import annotations

from claimcheck.catalog.specs import ModelSpec
from claimcheck.physics.dtypes import Dtype, bytes_per_element


def weight_bytes(model: ModelSpec, dtype: Dtype = "bf16") -> float:
    """Bytes of all the model's weights (every expert of an MoE) in ``dtype``: total params ×
    bytes each."""
    return model.total_params_b * 1e9 * bytes_per_element(dtype)


def resident_weight_bytes(model: ModelSpec, dtype: Dtype = "bf16") -> float:
    """Bytes the weights take in GPU memory: in ``dtype``, or as released when that is smaller
    (FP8 DeepSeek-V3, MXFP4 gpt-oss: ``published_weight_bits``)."""
    published = model.total_params_b * 1e9 * model.published_weight_bits / 8
    return min(weight_bytes(model, dtype), published)
