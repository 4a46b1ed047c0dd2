"""GPU memory a setup needs: the weights plus the KV cache of the context (docs/model.md §9)."""

from __future__ import annotations

from claimcheck.catalog.specs import ModelSpec
from claimcheck.physics.dtypes import Dtype, bytes_per_element


def weight_bytes(model: ModelSpec, dtype: Dtype = "bf16") -> float:
    """Bytes of all the model's weights (every expert of an MoE): total params × bytes each."""
    return model.total_params_b * 1e9 * bytes_per_element(dtype)
