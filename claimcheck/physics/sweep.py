"""The breakeven calculator: recompute versus load across prefix lengths, for one setup.

Pure: a ``Setup`` in, a frozen ``Sweep`` out, with every assumed figure named in a sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, ValidationError

from claimcheck.catalog.specs import ModelSpec
from claimcheck.errors import UsageError
from claimcheck.physics import (
    DEFAULT_OUTPUT_TOKENS,
    HBM_EFFICIENCY,
    Dtype,
    KvLayout,
    PowerFactor,
    Setup,
    breakeven_bandwidth_gb_s,
    breakeven_tokens,
    bytes_per_element,
    cached_load_seconds,
    decode_seconds,
    end_to_end_speedup,
    growing_kv_bytes_per_token,
    kv_bytes_per_token,
    linear_flops,
    memory_bound_knee_tokens,
    peak_flops_per_s,
    power_factor,
    recompute_seconds,
    resident_weight_bytes,
)

# 16 … 1,048,576 tokens: powers of two, as context windows and KV blocks are sized.
DEFAULT_PREFIXES: tuple[int, ...] = tuple(2**power for power in range(4, 21))


class _SweepModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)


class SweepSetup(_SweepModel):
    """The compared setup: figures, and ``description``, the same in one line of words."""

    description: str
    model: str
    model_name: str
    gpu: str
    gpu_name: str
    gpu_count: int
    dtype: Dtype
    kv_dtype: Dtype
    kv_layout: KvLayout
    mfu: float
    power_cap_w: float | None
    power_factor: float
    tier: str | None
    tier_name: str | None
    load_bandwidth_gb_s: float
    load_latency_ms: float
    context_tokens: int | None
    max_context_tokens: int


class SweepRow(_SweepModel):
    """One prefix length: seconds on each path and their ratio (above 1: loading wins)."""

    prefix_tokens: int
    recompute_seconds: float
    load_seconds: float
    speedup: float


class Sweep(_SweepModel):
    """Breakeven prefix N*, bandwidth B*, the speedup table, the idle-GPU knee, the assumptions.

    ``breakeven_tokens`` is ``None`` when loading never wins; ``breakeven_note`` says why, or
    states the breakeven in words. ``knee_note`` is set when N* lies below the knee.
    """

    breakeven_tokens: int | None
    breakeven_note: str
    breakeven_bandwidth_gb_s: float
    setup: SweepSetup
    rows: tuple[SweepRow, ...]
    knee_tokens: int
    breakeven_below_knee: bool
    knee_note: str | None
    end_to_end_speedup: float
    end_to_end_prefix_tokens: int
    output_tokens: int
    warnings: tuple[str, ...]
    assumptions: tuple[str, ...]


def sweep(
    setup: Setup,
    *,
    prefixes: Sequence[int] | None = None,
    output_tokens: int = DEFAULT_OUTPUT_TOKENS,
    context_tokens: int | None = None,
    power_cap_w: float | None = None,
    tier_is_default: bool = False,
) -> Sweep:
    """Compare recomputing and loading a prefix's KV over ``prefixes`` (default 16 … 1M tokens).

    Rows stop at the model's context window and include the breakeven and ``context_tokens``.
    ``power_cap_w`` replaces the setup's power factor by the one read off the GPU's power
    curve; ``tier_is_default`` says the tier was assumed, not chosen. Raises ``UsageError``
    for a context outside the window, a negative output length or FP8 on a GPU without it.
    """
    model = setup.model
    window = model.max_context_tokens
    if context_tokens is not None and not 1 <= context_tokens <= window:
        raise UsageError(
            f"a context of {context_tokens:,} tokens is outside {model.id}'s window of "
            f"1 to {window:,} tokens (a catalog override can raise max_context_tokens)"
        )
    if output_tokens < 0:
        raise UsageError(f"output tokens must be zero or more, not {output_tokens}")
    requested = tuple(prefixes) if prefixes is not None else DEFAULT_PREFIXES
    if not requested or any(prefix < 1 for prefix in requested):
        raise UsageError("prefix lengths must be given, each at least 1 token")
    try:
        return _sweep(setup, requested, output_tokens, context_tokens, power_cap_w, tier_is_default)
    except (ArithmeticError, ValidationError) as err:  # out of range despite the bounds
        raise UsageError(f"these figures are out of range for the physics ({err})") from None


def _sweep(
    setup: Setup,
    requested: tuple[int, ...],
    output_tokens: int,
    context_tokens: int | None,
    power_cap_w: float | None,
    tier_is_default: bool,
) -> Sweep:
    model = setup.model
    window = model.max_context_tokens
    power = None
    if power_cap_w is not None:
        power = power_factor(setup.gpu, power_cap_w)
        setup = setup.model_copy(update={"power_factor": power.factor})

    n_star = breakeven_tokens(setup)
    lengths = {prefix for prefix in requested if prefix <= window}
    if len(lengths) < len(set(requested)):
        lengths.add(window)
    lengths |= {n for n in (n_star, context_tokens) if n is not None and 1 <= n <= window}
    rows = tuple(_row(setup, n) for n in sorted(lengths))

    knee = memory_bound_knee_tokens(
        model, setup.gpu, setup.dtype, setup.mfu, setup.power_factor,
        mfu_calibrated=setup.mfu_calibrated,
    )  # fmt: skip
    below_knee = n_star is not None and n_star < knee
    at_tokens = context_tokens if context_tokens is not None else rows[-1].prefix_tokens
    decode_s = decode_seconds(setup, at_tokens, output_tokens)
    e2e = end_to_end_speedup(
        recompute_seconds(setup, at_tokens), cached_load_seconds(setup, at_tokens), decode_s
    )
    return Sweep(
        breakeven_tokens=n_star,
        breakeven_note=_breakeven_note(setup, n_star),
        breakeven_bandwidth_gb_s=breakeven_bandwidth_gb_s(setup),
        setup=_describe(setup, power_cap_w, context_tokens),
        rows=rows,
        knee_tokens=round(knee),
        breakeven_below_knee=below_knee,
        knee_note=_knee_note(n_star, knee) if below_knee else None,
        end_to_end_speedup=e2e,
        end_to_end_prefix_tokens=at_tokens,
        output_tokens=output_tokens,
        warnings=_warnings(setup, power),
        assumptions=_assumptions(setup, power, power_cap_w, tier_is_default, output_tokens)
        + _window_note(requested, window),
    )


def _row(setup: Setup, prefix_tokens: int) -> SweepRow:
    recompute_s = recompute_seconds(setup, prefix_tokens)
    load_s = cached_load_seconds(setup, prefix_tokens)
    return SweepRow(
        prefix_tokens=prefix_tokens,
        recompute_seconds=recompute_s,
        load_seconds=load_s,
        speedup=recompute_s / load_s,
    )


def _g(value: float) -> str:
    """Three significant figures, thousands separated: 52, 9.47, 1,980."""
    return f"{float(f'{value:.3g}'):,g}"


def _dt(dtype: Dtype) -> str:
    return dtype.upper()


def _describe(setup: Setup, power_cap_w: float | None, context_tokens: int | None) -> SweepSetup:
    model, gpu, tier = setup.model, setup.gpu, setup.tier
    bandwidth_gb_s, latency_ms = setup.load_bandwidth_gb_s, setup.load_latency_s * 1000
    where = f"from {tier.id} " if tier is not None else ""
    power = f", capped at {power_cap_w:g} W" if power_cap_w is not None else ""
    attention = setup.attention_dtype
    compute = _dt(setup.dtype) + (
        f" linear layers and {_dt(attention)} attention"
        if attention is not None and attention != setup.dtype
        else ""
    )
    description = (
        f"{model.name} on {setup.gpu_count} × {gpu.name}{power}, {compute} compute at "
        f"MFU {setup.mfu:g}, {_dt(setup.kv_dtype)} KV loaded {where}"
        f"at {_g(bandwidth_gb_s)} GB/s aggregate, {latency_ms:g} ms latency"
    )
    return SweepSetup(
        description=description,
        model=model.id,
        model_name=model.name,
        gpu=gpu.id,
        gpu_name=gpu.name,
        gpu_count=setup.gpu_count,
        dtype=setup.dtype,
        kv_dtype=setup.kv_dtype,
        kv_layout=setup.kv_layout,
        mfu=setup.mfu,
        power_cap_w=power_cap_w,
        power_factor=setup.power_factor,
        tier=tier.id if tier is not None else None,
        tier_name=tier.name if tier is not None else None,
        load_bandwidth_gb_s=bandwidth_gb_s,
        load_latency_ms=latency_ms,
        context_tokens=context_tokens,
        max_context_tokens=model.max_context_tokens,
    )


def _breakeven_note(setup: Setup, n_star: int | None) -> str:
    window = setup.model.max_context_tokens
    if n_star is None:
        recompute_us = linear_flops(setup.model, 1) / setup.flops_per_s * 1e6
        bytes_per_token = growing_kv_bytes_per_token(
            setup.model, setup.kv_dtype, windowed_layers_store_full=setup.windowed_layers_store_full
        )
        load_us = bytes_per_token / (setup.load_bandwidth_gb_s * 1e9) * 1e6
        return (
            f"Loading never beats recomputing: a token's KV takes {_g(load_us)} µs to load and "
            f"{_g(recompute_us)} µs to recompute, and attention stops growing past the window."
        )
    if n_star == 0:
        return "Loading beats recomputing at every prefix length (no fixed latency to amortise)."
    if n_star > window:
        return (
            f"Loading beats recomputing only from ≈ {n_star:,} tokens, beyond the model's "
            f"{window:,}-token window: within the window recomputing always wins."
        )
    return f"Loading beats recomputing from ≈ {n_star:,} tokens."


def _knee_note(n_star: int | None, knee: float) -> str:
    return (
        f"On an idle GPU a prefix shorter than the memory-bound knee (≈ {round(knee):,} tokens) "
        "rides along in a pass that is still bound by reading the weights, so recomputing it "
        f"costs almost nothing: there the effective breakeven is at least ≈ {round(knee):,} "
        f"tokens. Under load (batched with other requests) the GPU is compute-bound and "
        f"≈ {n_star:,} tokens applies."
    )


def _warnings(setup: Setup, power: PowerFactor | None) -> tuple[str, ...]:
    model, gpu = setup.model, setup.gpu
    notes = []
    weights_gb = (
        model.total_params_b * setup.weights_bits / 8
        if setup.weights_bits is not None
        else resident_weight_bytes(model, setup.dtype) / 1e9
    )
    hbm_gb = setup.gpu_count * gpu.hbm_gb
    if weights_gb > hbm_gb:
        notes.append(
            f"The weights ({_g(weights_gb)} GB) do not fit in "
            f"{setup.gpu_count} × {gpu.hbm_gb:g} GB of HBM: no real deployment runs this setup."
        )
    if power is not None and power.below_minimum:
        notes.append(
            f"The power cap is below the {gpu.min_power_w:g} W minimum limit {gpu.name} accepts."
        )
    return tuple(notes)


def _assumptions(
    setup: Setup,
    power: PowerFactor | None,
    power_cap_w: float | None,
    tier_is_default: bool,
    output_tokens: int,
) -> tuple[str, ...]:
    model, gpu = setup.model, setup.gpu
    gpu_source = gpu.source.split(";")[0].strip()
    achieved = setup.mfu_of(setup.dtype)
    scaled = (
        f" (MFU {setup.mfu:g} of BF16's peak scaled by the {achieved / setup.mfu:.3g} that FP8 "
        "matmuls reach of BF16's efficiency on this GPU)"
        if achieved != setup.mfu
        else ""
    )
    return (
        f"Recompute runs at MFU {achieved:.3g}: {achieved:.0%} of the "
        f"{peak_flops_per_s(gpu, setup.dtype) / 1e12:,g} TFLOPS dense {_dt(setup.dtype)} peak of "
        f"each {gpu.name}{scaled} (source: {gpu_source}); measured dense GEMMs reach 0.70–0.78 "
        "of peak at 2,048 tokens and more, 0.24–0.36 at 128 tokens (docs/model.md §2).",
        f"Recompute time is the marginal prefill of the prefix: 2 × "
        f"{model.active_linear_params_b:g} B active linear parameters per token plus causal "
        "attention; the LM head runs once on either path and cancels (docs/model.md §2).",
        *_load_assumptions(setup, tier_is_default),
        *_kv_assumptions(setup),
        _power_assumption(setup, power, power_cap_w),
        f"Decode reads the active weights and the context's KV from HBM at "
        f"{HBM_EFFICIENCY:.0%} of the datasheet {gpu.hbm_tb_s:g} TB/s per GPU "
        "(AIConfigurator's empirical factor, docs/model.md §6), batch of one, "
        f"{output_tokens:,} output tokens; that KV sits in HBM on both paths.",
        f"The memory-bound knee assumes each pass reads all {model.total_params_b:g} B weights "
        f"at the datasheet {gpu.hbm_tb_s:g} TB/s (the same for any GPU count; "
        "docs/model.md §2).",
        "K = 1,000 tokens; GB = 10^9 bytes (not GiB); TFLOPS are dense (no 2:4 sparsity).",
    )


def _load_assumptions(setup: Setup, tier_is_default: bool) -> list[str]:
    tier, gpu, count = setup.tier, setup.gpu, setup.gpu_count
    notes = []
    if tier is not None and tier_is_default:
        notes.append(
            f"No storage tier was given: the default {tier.kind} tier, {tier.id} "
            f"({tier.name}), is assumed."
        )
    kind = "an assumption" if tier is None or tier.assumption else "a measured figure"
    if setup.bandwidth_gb_s is not None:
        source_gb_s = setup.bandwidth_gb_s
        notes.append(
            f"KV loads at {_g(source_gb_s)} GB/s aggregate effective bandwidth into all {count} "
            f"GPUs ({_g(source_gb_s / count)} GB/s each), as given."
        )
    elif tier is not None:
        source_gb_s = tier.bandwidth_gb_s * (count if tier.per_gpu else 1)
        share = (
            f"{tier.bandwidth_gb_s:g} GB/s per GPU × {count} = {_g(source_gb_s)} GB/s aggregate"
            if tier.per_gpu and count > 1
            else f"{tier.bandwidth_gb_s:g} GB/s shared by the {count} GPUs"
            if count > 1
            else f"{tier.bandwidth_gb_s:g} GB/s"
        )
        notes.append(f"KV loads from {tier.id}: {share}, {kind} (source: {tier.source}).")
    else:
        source_gb_s = setup.load_bandwidth_gb_s
    if setup.load_bandwidth_gb_s < source_gb_s:
        rate = "measured host-to-device" if gpu.host_link_measured_gb_s else "line"
        notes.append(
            f"The GPUs' host links cap the load at {count} × {gpu.host_link_effective_gb_s:g} "
            f"GB/s = {_g(setup.load_bandwidth_gb_s)} GB/s ({gpu.host_link}, {rate} rate)."
        )
    if setup.latency_s is not None:
        notes.append(f"Each load pays a fixed latency of {setup.latency_s * 1000:g} ms, as given.")
    elif tier is not None:
        notes.append(f"Each load pays {tier.id}'s fixed latency of {tier.latency_ms:g} ms.")
    notes.append("Loading is serial: no layer-wise overlap with compute (docs/model.md §3).")
    return notes


def _kv_assumptions(setup: Setup) -> list[str]:
    model, count = setup.model, setup.gpu_count
    size = bytes_per_element(setup.kv_dtype)
    per_token = kv_bytes_per_token(model, setup.kv_dtype)
    where = f"over {model.layers} layers"
    if model.window_tokens is not None and not setup.windowed_layers_store_full:
        per_token = growing_kv_bytes_per_token(model, setup.kv_dtype)
        where = f"on the {model.full_layers} full-attention layers"
    notes = [
        f"KV cache in {_dt(setup.kv_dtype)} ({size} byte{'s' if size > 1 else ''} per element, "
        f"scale bytes not counted): {per_token:,} bytes per token {where}"
        + (f", split evenly across the {count} GPUs." if count > 1 else ".")
    ]
    if model.window_tokens is not None:
        notes.append(window_layout_note(model, setup.windowed_layers_store_full))
    if model.attention == "mla" and count > 1:
        notes.append("The MLA latent is counted once, not replicated on every GPU.")
    return notes


def window_layout_note(model: ModelSpec, store_full: bool) -> str:
    """The KV layout assumed for a model's windowed layers, in one sentence."""
    kind = "chunked-attention" if model.window_kind == "chunked" else "sliding-window"
    layers = f"{model.windowed_layers} {kind} layers"
    if store_full:
        return (
            f"KV layout full: the {layers} store every token, as a full-length allocator "
            "sizes them (docs/model.md §1)."
        )
    if model.window_kind == "chunked":
        held = f"only the tokens of the {model.window_tokens:,}-token chunk a prefix ends in"
    else:
        held = f"only their last {model.window_tokens:,} tokens"
    return (
        f"KV layout resumed: the {layers} store {held}, all a resumed prefix needs "
        "(the full layout counts every token; docs/model.md §1)."
    )


def _power_assumption(setup: Setup, power: PowerFactor | None, power_cap_w: float | None) -> str:
    if power is not None and power_cap_w is not None:
        extrapolated = (
            "; the cap is below the curve's lowest measured point, so the factor is extrapolated"
            if power.extrapolated
            else ""
        )
        return (
            f"Power capped at {power_cap_w:g} W ({power.cap_fraction:.0%} of the reference "
            f"limit): prefill keeps {power.factor:.0%} of its throughput (source: "
            f"{power.source}){extrapolated}. Decode and the load path are not capped."
        )
    if setup.power_factor != 1.0:
        return (
            f"Prefill throughput is scaled by a power factor of {setup.power_factor:g}, as given."
        )
    return "No power cap: each GPU runs at its default power limit."


def _window_note(requested: Sequence[int], window: int) -> tuple[str, ...]:
    if max(requested, default=0) <= window:
        return ()
    return (f"Rows stop at the model's {window:,}-token context window.",)
