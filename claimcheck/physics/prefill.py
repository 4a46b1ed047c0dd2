"""Prefill compute: FLOPs of a prefix, time at an achieved fraction of dense peak, and back.

Forward pass only, causal attention (docs/model.md §2): linear layers cost
``2·active_linear_params`` FLOPs per token; each query-key pair costs ``2·(d_qk + d_v)`` FLOPs
per head and layer; the LM head runs once, for the last token.
"""

from __future__ import annotations

from claimcheck.catalog.specs import GpuSpec, ModelSpec
from claimcheck.defaults import DEFAULT_MFU
from claimcheck.errors import UsageError
from claimcheck.physics.dtypes import Dtype
from claimcheck.physics.efficiency import mfu_for
from claimcheck.physics.memory import weight_bytes


def linear_flops(model: ModelSpec, prefix_tokens: int) -> float:
    """FLOPs of the linear layers for ``prefix_tokens`` tokens (embedding and LM head excluded)."""
    return 2.0 * model.active_linear_params_b * 1e9 * prefix_tokens


def windowed_pairs_line(model: ModelSpec) -> tuple[float, float]:
    """``(slope, offset)`` of one windowed layer's causal pairs past its window: slope·N − offset.

    Sliding window w: N·w − w²/2. Chunked attention with chunk C (each token sees its own
    chunk): N·C/2, exact at whole chunks and their mean in between.
    """
    window = float(model.window_tokens or 0)
    if model.window_kind == "chunked":
        return window / 2.0, 0.0
    return window, window * window / 2.0


def attention_pairs_per_layer(model: ModelSpec, prefix_tokens: int) -> tuple[float, float]:
    """Causal query-key pairs of a prefix in one full layer and in one windowed layer.

    A full layer has N²/2; a windowed layer the same up to its window, then the line of
    ``windowed_pairs_line``.
    """
    n = float(prefix_tokens)
    full = n * n / 2.0
    if model.window_tokens is None:
        return full, 0.0
    if prefix_tokens <= model.window_tokens:
        return full, full
    slope, offset = windowed_pairs_line(model)
    return full, slope * n - offset


def attention_flops(model: ModelSpec, prefix_tokens: int) -> float:
    """Causal attention FLOPs (QKᵀ and AV) over all layers for a prefix of ``prefix_tokens``.

    For full layers this is ``layers · heads · (d_qk + d_v) · N²``.
    """
    full_pairs, windowed_pairs = attention_pairs_per_layer(model, prefix_tokens)
    pairs = model.full_layers * full_pairs + model.windowed_layers * windowed_pairs
    return 2.0 * model.query_heads * (model.head_dim + model.value_head_dim) * pairs


def lm_head_flops(model: ModelSpec) -> float:
    """FLOPs of one LM-head pass (the last token's logits): ``2 · hidden · vocab``."""
    return 2.0 * model.hidden * model.vocab_size


def prefill_flops(model: ModelSpec, prefix_tokens: int, *, include_lm_head: bool = True) -> float:
    """Total prefill FLOPs for ``prefix_tokens``: linear + causal attention (+ LM head once)."""
    flops = linear_flops(model, prefix_tokens) + attention_flops(model, prefix_tokens)
    return flops + lm_head_flops(model) if include_lm_head else flops


def peak_flops_per_s(gpu: GpuSpec, dtype: Dtype = "bf16") -> float:
    """Dense (not sparse) peak tensor FLOP/s of one GPU for ``dtype``."""
    if dtype == "bf16":
        return gpu.bf16_tflops * 1e12
    if gpu.fp8_tflops is None:
        raise UsageError(f"{gpu.name} has no FP8 tensor cores; use bf16")
    return gpu.fp8_tflops * 1e12


def prefill_seconds(
    flops: float,
    gpu: GpuSpec,
    gpu_count: int = 1,
    dtype: Dtype = "bf16",
    mfu: float = DEFAULT_MFU,
    power_factor: float = 1.0,
) -> float:
    """Seconds to compute ``flops`` on ``gpu_count`` GPUs at ``mfu`` of dense peak, scaled by a power factor."""
    return flops / (gpu_count * peak_flops_per_s(gpu, dtype) * mfu * power_factor)


def implied_mfu(
    flops: float,
    seconds: float,
    gpu: GpuSpec,
    gpu_count: int = 1,
    dtype: Dtype = "bf16",
    power_factor: float = 1.0,
) -> float:
    """The MFU (fraction of dense peak) at which ``flops`` take ``seconds``: the inverse of ``prefill_seconds``."""
    return flops / (seconds * gpu_count * peak_flops_per_s(gpu, dtype) * power_factor)


def memory_bound_knee_tokens(
    model: ModelSpec,
    gpu: GpuSpec,
    dtype: Dtype = "bf16",
    mfu: float = DEFAULT_MFU,
    power_factor: float = 1.0,
    weights_bits: float | None = None,
    *,
    mfu_calibrated: bool = False,
) -> float:
    """Tokens below which one pass on an idle GPU is still bound by reading the weights.

    ``n_knee = W_read · F · u / (HBM_BW · 2 · P_act)`` (docs/model.md §2), where a pass
    reads every weight (all experts of an MoE) at ``weights_bits`` a weight (else in
    ``dtype``) but computes only the active ones, at ``dtype``'s peak and the fraction of it
    ``mfu`` stands for (``mfu_for``). Independent of the GPU count: weights and FLOPs split
    alike.
    """
    achieved = mfu_for(gpu, dtype, mfu, calibrated=mfu_calibrated)
    flops_per_s = peak_flops_per_s(gpu, dtype) * achieved * power_factor
    hbm_bytes_per_s = gpu.hbm_tb_s * 1e12
    read_bytes = (
        model.total_params_b * 1e9 * weights_bits / 8
        if weights_bits is not None
        else weight_bytes(model, dtype)
    )
    return read_bytes * flops_per_s / (hbm_bytes_per_s * 2.0 * model.active_linear_params_b * 1e9)
