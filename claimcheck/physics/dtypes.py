"""Number formats of weights, activations and the KV cache."""

from __future__ import annotations

from claimcheck.defaults import Dtype

__all__ = ["DTYPES", "Dtype", "bytes_per_element"]

DTYPES: tuple[Dtype, ...] = ("bf16", "fp8")


def bytes_per_element(dtype: Dtype) -> int:
    """Bytes per stored element: 2 for BF16, 1 for FP8 (scale bytes not counted)."""
    return 2 if dtype == "bf16" else 1
