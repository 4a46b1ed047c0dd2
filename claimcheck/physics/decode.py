"""Decode time and the end-to-end speedup once output tokens are counted.

Decode is memory-bound: each output token reads the weights it uses and the KV of the
current context from HBM. Batch of one: an MoE reads only its routed experts. The KV cache
used by decode lives in HBM whatever tier the prefix came from, so it is the same on the
cached and the recomputed path; power caps are not applied (decode rarely reaches them;
docs/model.md §5, §6).
"""

from __future__ import annotations

from claimcheck.defaults import DEFAULT_OUTPUT_TOKENS
from claimcheck.physics.kv import kv_bytes, kv_bytes_per_token_per_layer
from claimcheck.physics.setup import Setup

# Achieved fraction of datasheet HBM bandwidth: AIConfigurator's
# mem_bw_empirical_scaling_factor (ai-dynamo/aiconfigurator; docs/model.md §6).
HBM_EFFICIENCY = 0.8


def _weight_bytes_per_token(setup: Setup) -> float:
    model = setup.model
    params = model.active_linear_params_b * 1e9 + model.hidden * model.vocab_size
    return params * setup.weight_bytes_per_param


def _hbm_bytes_per_s(setup: Setup) -> float:
    return setup.gpu_count * setup.gpu.hbm_tb_s * 1e12 * HBM_EFFICIENCY


def decode_seconds_per_token(setup: Setup, context_tokens: int) -> float:
    """Seconds for one output token at ``context_tokens`` of context.

    Reads the active linear weights, the LM head and the context's KV (windowed layers only
    their window) over the GPUs' combined HBM at ``HBM_EFFICIENCY``.
    """
    kv_read = kv_bytes(
        setup.model, context_tokens, setup.kv_dtype, windowed_layers_store_full=False
    )
    return (_weight_bytes_per_token(setup) + kv_read) / _hbm_bytes_per_s(setup)


def decode_seconds(
    setup: Setup, context_tokens: int, output_tokens: int = DEFAULT_OUTPUT_TOKENS
) -> float:
    """Seconds to generate ``output_tokens`` tokens after a prefix of ``context_tokens``.

    The exact sum of ``decode_seconds_per_token`` over contexts N, N+1, …, N+T−1.
    """
    model = setup.model
    last = context_tokens + output_tokens - 1
    token_sum = (context_tokens + last) * output_tokens / 2.0
    windowed_sum = token_sum
    if model.window_tokens is not None and model.window_kind == "chunked":
        windowed_sum = _chunk_sum(context_tokens, output_tokens, model.window_tokens)
    elif model.window_tokens is not None:
        windowed_sum = _capped_sum(context_tokens, output_tokens, model.window_tokens)
    token_layers = model.full_layers * token_sum + model.windowed_layers * windowed_sum
    kv_read = token_layers * kv_bytes_per_token_per_layer(model, setup.kv_dtype)
    return (output_tokens * _weight_bytes_per_token(setup) + kv_read) / _hbm_bytes_per_s(setup)


def end_to_end_speedup(baseline_ttft_s: float, cached_ttft_s: float, decode_s: float) -> float:
    """(baseline TTFT + decode) ÷ (cached TTFT + decode), all in seconds."""
    return (baseline_ttft_s + decode_s) / (cached_ttft_s + decode_s)


def _capped_sum(first: int, count: int, cap: int) -> float:
    """Σ min(n, cap) for n = first … first + count − 1."""
    below = max(0, min(first + count, cap + 1) - first)
    return below * (2 * first + below - 1) / 2.0 + (count - below) * cap


def _chunk_sum(first: int, count: int, chunk: int) -> float:
    """Σ (n mod chunk) for n = first … first + count − 1: what a chunked layer reads."""

    def upto(last: int) -> int:  # Σ (n mod chunk) for n = 0 … last
        if last < 0:
            return 0
        whole, part = divmod(last + 1, chunk)
        return whole * chunk * (chunk - 1) // 2 + part * (part - 1) // 2

    return float(upto(first + count - 1) - upto(first - 1))
