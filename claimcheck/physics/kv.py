"""KV-cache size from the architecture (docs/model.md §1).

GQA layers store K and V for every KV head; MLA layers store one shared latent of
``kv_lora_rank + qk_rope_head_dim`` elements. Sizes are in bytes (GB = 1e9 bytes).
"""

from __future__ import annotations

from claimcheck.catalog.specs import ModelSpec
from claimcheck.defaults import KvLayout
from claimcheck.physics.dtypes import Dtype, bytes_per_element

KV_LAYOUTS: tuple[KvLayout, ...] = ("resumed", "full")


def kv_bytes_per_token_per_layer(model: ModelSpec, kv_dtype: Dtype = "bf16") -> int:
    """Bytes one token's keys and values take in one layer."""
    if model.kv_lora_rank is not None and model.qk_rope_head_dim is not None:
        elements = model.kv_lora_rank + model.qk_rope_head_dim
    else:
        elements = model.kv_heads * (model.head_dim + model.value_head_dim)
    return elements * bytes_per_element(kv_dtype)


def kv_bytes_per_token(model: ModelSpec, kv_dtype: Dtype = "bf16") -> int:
    """Bytes per token summed over all layers, every layer holding the full length."""
    return model.layers * kv_bytes_per_token_per_layer(model, kv_dtype)


def resumed_window_tokens(model: ModelSpec, prefix_tokens: int) -> int:
    """Tokens one windowed layer holds to resume a prefix of ``prefix_tokens`` (see ``kv_bytes``)."""
    window = model.window_tokens or prefix_tokens
    if model.window_kind == "chunked":
        return prefix_tokens % window if window else 0
    return min(prefix_tokens, window)


def kv_bytes(
    model: ModelSpec,
    prefix_tokens: int,
    kv_dtype: Dtype = "bf16",
    *,
    windowed_layers_store_full: bool = False,
) -> int:
    """Bytes of the KV cache of a prefix of ``prefix_tokens`` tokens.

    By default windowed layers hold all that resuming the prefix needs (docs/model.md §1): a
    sliding-window layer its last ``min(prefix_tokens, window_tokens)`` tokens, a chunked layer
    the tokens of the chunk the prefix ends in, ``prefix_tokens mod window_tokens`` (none at a
    whole number of chunks: the next token starts a chunk of its own). With
    ``windowed_layers_store_full=True`` they hold the full length, as a full-length allocator
    sizes them.
    """
    windowed_tokens = prefix_tokens
    if model.window_tokens is not None and not windowed_layers_store_full:
        windowed_tokens = resumed_window_tokens(model, prefix_tokens)
    token_layers = model.full_layers * prefix_tokens + model.windowed_layers * windowed_tokens
    return token_layers * kv_bytes_per_token_per_layer(model, kv_dtype)


def growing_kv_bytes_per_token(
    model: ModelSpec, kv_dtype: Dtype = "bf16", *, windowed_layers_store_full: bool = False
) -> int:
    """Bytes each token adds to the cache past the window: every layer's when windowed layers
    store the full length, else the full-attention layers' alone (docs/model.md §1)."""
    layers = model.layers if windowed_layers_store_full else model.full_layers
    return layers * kv_bytes_per_token_per_layer(model, kv_dtype)
