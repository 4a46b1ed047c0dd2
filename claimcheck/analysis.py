"""What a claim's numbers imply: the naive breakeven, and with a known model and GPU the physical
one, the implied MFU and load bandwidth, the speedup at ordinary prefixes, at full power and end
to end. Every assumed value is named in ``Analysis.assumptions``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from msgspec.structs import replace

from claimcheck.claim import Claim, Metric
from claimcheck.defaults import DEFAULT_LATENCY_S
from claimcheck.implied import Analysis
from claimcheck.precision import Precision, label, weight_bytes
from claimcheck.precision import notes as precision_notes
from claimcheck.resolve import Resolved
from claimcheck.restate import Conditions, restate
from claimcheck.settings import Assumptions, Thresholds

if TYPE_CHECKING:
    from claimcheck import physics
    from claimcheck.catalog import GpuSpec, ModelSpec

# Only a ratio of recompute time to load time says where loading starts to pay.
PREFILL_METRICS = {Metric.TTFT, Metric.PREFILL, Metric.UNSPECIFIED}
TYPICAL_PREFIXES = (1_000, 4_000, 16_000)


def naive_breakeven_tokens(claim: Claim) -> int | None:
    """The seed post's reading, load time taken as fixed.

    With both times: context × cached ÷ baseline (the prefix that takes as long to recompute as
    the whole context takes to load). Otherwise context ÷ speedup. ``None`` for throughput,
    decode and end-to-end figures, which are not recompute-versus-load ratios.
    """
    tokens = claim.context_tokens
    if tokens is None or claim.metric not in PREFILL_METRICS:
        return None
    if claim.baseline_seconds is not None and claim.cached_seconds is not None:
        return round(tokens * claim.cached_seconds / claim.baseline_seconds)
    if claim.speedup is not None:
        return round(tokens / claim.speedup)
    return None


def implied_speedup(claim: Claim) -> float | None:
    """baseline ÷ cached when both times are stated."""
    if claim.baseline_seconds is None or claim.cached_seconds is None:
        return None
    return claim.baseline_seconds / claim.cached_seconds


def analyse(
    claim: Claim,
    resolved: Resolved | None = None,
    assume: Assumptions | None = None,
    *,
    curves: bool = True,
    tolerance: float = Thresholds().mismatch_tolerance,
) -> Analysis:
    """Every figure the claim implies; the physical ones need a resolved model and GPU.
    ``curves``: also sample the speedup curves only a chart draws (``curve``, the fit's);
    ``tolerance``: how far a headline may stray from its own times (KV202) before the
    restatement gives the times' ratio instead."""
    assume = assume or Assumptions()
    analysed = _analysed(claim, resolved, assume, curves)
    analysis = with_fit(analysed, claim, resolved, assume, curves=curves)
    restatement = restate(
        claim,
        analysis,
        _conditions(claim, resolved) if resolved else None,
        output_tokens=assume.output_tokens,
        tolerance=tolerance,
    )
    return replace(analysis, restatement=restatement)


def _conditions(claim: Claim, resolved: Resolved) -> Conditions:
    """What the restatement names of the setup, and which of it was assumed."""
    model, gpu, precision = resolved.model, resolved.gpu, resolved.precision
    count = resolved.gpu_count
    if model is not None and gpu is not None and count is None:
        count = fitting_gpu_count(model, gpu, precision)
    compute = None
    if model is not None and gpu is not None:
        calibrated = claim.baseline_seconds is not None and claim.context_tokens is not None
        compute = label(
            precision.bound_compute(model, gpu) if calibrated else precision.estimate_compute()
        )
    return Conditions(
        model=model,
        gpu=gpu,
        gpu_count=count,
        compute=compute,
        model_assumed=claim.model is None,
        gpu_assumed=claim.gpu is None,
        count_assumed=resolved.gpu_count is None or resolved.gpu_count_assumed,
        compute_assumed=claim.dtype is None,
    )


def with_fit(
    analysis: Analysis,
    claim: Claim,
    resolved: Resolved | None,
    assume: Assumptions,
    *,
    curves: bool = True,
) -> Analysis:
    """``analysis`` with the fit of the claim's own points, if it lists any (vendor_fit);
    ``curves``: with the fitted curve a chart draws."""
    if not claim.points:
        return analysis
    from claimcheck.vendor_fit import fit_claim

    model, gpu = (resolved.model, resolved.gpu) if resolved else (None, None)
    count = (resolved.gpu_count if resolved else None) or (
        fitting_gpu_count(model, gpu, resolved.precision if resolved else Precision())
        if model and gpu
        else 1
    )
    fit, notes = fit_claim(claim, model, gpu, count, assume.mfu, assume.output_tokens, curve=curves)
    assumptions = [*analysis.assumptions, *notes]
    update: dict[str, object] = {"fit": fit}
    if fit is not None:  # one answer: the curve its own points draw
        update["physical_breakeven_tokens"] = fit.breakeven_tokens
        update["breakeven_explanation"] = (
            "That is where the curve fitted to its own points crosses 1×."
            if fit.breakeven_tokens is not None
            else None
        )
        update["speedup_at_prefix"] = {
            prefix: speedup
            for prefix, speedup in fit.speedup_at.items()
            if int(prefix) in TYPICAL_PREFIXES
        }
        assumptions.append(
            "breakeven and the speedups at 1K, 4K and 16K tokens are those of the curve fitted "
            "to its own points"
        )
    update["assumptions"] = assumptions
    return replace(analysis, **update)


def _analysed(
    claim: Claim, resolved: Resolved | None, assume: Assumptions, curves: bool
) -> Analysis:
    base = Analysis(
        naive_breakeven_tokens=naive_breakeven_tokens(claim),
        implied_speedup=_round(implied_speedup(claim), 3),
    )
    if resolved is None:
        return base
    notes = [*resolved.unknown, *resolved.assumed]
    if resolved.model is None or resolved.gpu is None:
        if resolved.model is not None or resolved.gpu is not None:
            notes.append("physical analysis needs both a model and a GPU")
        return replace(base, assumptions=notes)
    try:
        analysis = _physical(
            claim, resolved.model, resolved.gpu, resolved, assume, base, notes, curves
        )
    except (ArithmeticError, ValueError) as err:  # out of range despite the bounds
        note = f"physical analysis left out: the figures are out of range ({err})"
        return replace(base, assumptions=[*notes, note])
    return _finite(analysis)


def _physical(
    claim: Claim,
    model: ModelSpec,
    gpu: GpuSpec,
    resolved: Resolved,
    assume: Assumptions,
    base: Analysis,
    notes: list[str],
    curves: bool,
) -> Analysis:
    from claimcheck import physics

    precision = resolved.precision
    weights_bits = precision.weight_bits(model)
    count = resolved.gpu_count or fitting_gpu_count(model, gpu, precision)
    if resolved.gpu_count is None:
        notes.append(
            f"{count} GPU{'s' if count > 1 else ''} assumed: the fewest whose memory holds the "
            f"weights in {precision.weights_label(model)} (the claim gives no GPU count)"
        )
    tokens = claim.context_tokens
    prefill = claim.metric in PREFILL_METRICS
    calibrated = bool(prefill and tokens and claim.baseline_seconds)
    notes.extend(precision_notes(precision, model, gpu, calibrated))
    notes.append("K = 1,000 tokens, GB = 10^9 bytes")
    full_kv = assume.kv_layout == "full"
    kv_dtype = precision.kv_format()
    if model.window_tokens is not None:
        from claimcheck.physics.sweep import window_layout_note

        notes.append(window_layout_note(model, full_kv))
    if resolved.gpu_count is not None:
        memory = _memory(model, gpu, count, tokens or 0, full_kv, precision)
        base = replace(base, **memory)
        notes.extend(_undisclosed_fit(model, precision, memory))

    power = None
    if claim.power_watts is not None and gpu.default_power_w is None and gpu.max_power_w is None:
        notes.append(
            f"power cap {claim.power_watts:g} W not applied: no power limit is known for {gpu.name}"
        )
    elif claim.power_watts is not None:
        power = physics.power_factor(gpu, claim.power_watts)
        how = "extrapolated below the measured curve" if power.extrapolated else "interpolated"
        notes.append(
            f"power cap {claim.power_watts:g} W = {power.cap_fraction:.0%} of the default limit: "
            f"prefill throughput × {power.factor:.2f} ({how}; {power.source})"
        )

    # Compute: calibrate from the stated baseline time, else assume an MFU.
    implied_mfu = None
    compute, attention = precision.estimate_compute(), precision.estimate_attention()
    if prefill and tokens and claim.baseline_seconds:
        # Judged, and then estimated, at one peak for all of the work: the most lenient.
        compute = attention = precision.bound_compute(model, gpu)
        flops = physics.prefill_flops(model, tokens)
        implied_mfu = physics.implied_mfu(flops, claim.baseline_seconds, gpu, count, compute)
        if implied_mfu > 1:
            notes.append(
                f"the {claim.baseline_seconds:g} s baseline needs {implied_mfu:.0%} of the dense "
                f"{label(compute)} peak of {count} × {gpu.id}: impossible, so the baseline ran on "
                "more GPUs or on less work than stated"
            )
        mfu, factor = min(implied_mfu, 1.0), 1.0
    else:
        mfu = assume.mfu
        factor = power.factor if power else 1.0
        notes.append(
            f"recompute at the assumed MFU, {mfu:g} of dense peak (docs/model.md §2: 0.6–0.78 "
            "measured for long prefills)"
        )
        scaled = physics.mfu_for(gpu, compute, mfu)
        if scaled != mfu:
            notes.append(
                f"FP8 linear layers at {scaled:.3g} of the FP8 peak: FP8 matmuls reach "
                f"{scaled / mfu:.3g} of BF16's efficiency on {gpu.name} (docs/model.md §2)"
            )

    # Load: calibrate from the stated cached time, else the claim's own ratio, else the tier.
    tier = resolved.tier
    latency_s = tier.latency_s if tier else DEFAULT_LATENCY_S
    if tier is None:
        notes.append(f"fixed load latency {latency_s * 1000:g} ms assumed (no tier named)")
    setup_kwargs: dict[str, object] = {}
    implied_gb_s = None
    if prefill and tokens:
        bytes_ = physics.kv_bytes(model, tokens, kv_dtype, windowed_layers_store_full=full_kv)
        cached_s = claim.cached_seconds
        if cached_s is None and claim.speedup:
            recompute_s = physics.prefill_seconds_on(
                physics.Setup(
                    model=model, gpu=gpu, gpu_count=count, dtype=compute,
                    attention_dtype=attention, mfu=mfu, power_factor=factor,
                    mfu_calibrated=implied_mfu is not None,
                ),
                tokens,
            )  # fmt: skip
            cached_s = (claim.baseline_seconds or recompute_s) / claim.speedup
            notes.append(f"load time taken from the {claim.speedup:g}x ratio: {cached_s:.3g} s")
        if cached_s is not None:
            needed_gb_s = physics.implied_bandwidth_gb_s(bytes_, cached_s, latency_s)
            if math.isfinite(needed_gb_s):
                setup_kwargs["bandwidth_gb_s"] = needed_gb_s
            if claim.cached_seconds is not None:  # only a stated load time implies a bandwidth
                implied_gb_s = needed_gb_s
            elif math.isfinite(needed_gb_s):
                notes.append(
                    f"that ratio needs {needed_gb_s:.3g} GB/s of load bandwidth (not a stated figure)"
                )
            else:
                notes.append(
                    f"that ratio leaves no time to load after the {latency_s * 1000:g} ms "
                    "latency: no bandwidth reaches it"
                )
    if "bandwidth_gb_s" not in setup_kwargs and tier is None:
        return _finish(base, notes, implied_mfu, implied_gb_s, gpu, count)
    setup = physics.Setup(
        model=model,
        gpu=gpu,
        gpu_count=count,
        dtype=compute,
        attention_dtype=attention,
        kv_dtype=kv_dtype,
        weights_bits=weights_bits,
        mfu=mfu,
        mfu_calibrated=implied_mfu is not None,
        power_factor=factor,
        tier=tier,
        latency_s=latency_s,
        windowed_layers_store_full=full_kv,
        **setup_kwargs,
    )
    if tier is not None and "bandwidth_gb_s" not in setup_kwargs:
        notes.append(f"load at {setup.load_bandwidth_gb_s:.3g} GB/s from {tier.id} ({tier.source})")
    breakeven = physics.breakeven_tokens(setup)
    knee = physics.memory_bound_knee_tokens(
        model, gpu, compute, mfu=mfu, power_factor=factor, weights_bits=weights_bits,
        mfu_calibrated=implied_mfu is not None,
    )  # fmt: skip
    at_prefix = {
        str(n): round(physics.speedup_at(setup, n), 2)
        for n in TYPICAL_PREFIXES
        if n <= model.max_context_tokens
    }
    analysis = _finish(base, notes, implied_mfu, implied_gb_s, gpu, count)
    update: dict[str, object] = {
        "physical_breakeven_tokens": breakeven,
        "speedup_at_prefix": at_prefix,
        "memory_bound_knee_tokens": round(knee),
        "breakeven_explanation": _explain(
            claim, setup, base.naive_breakeven_tokens, breakeven, knee
        ),
        "full_power_speedup": _full_power(claim, power.factor if power else None),
        "end_to_end_speedup": _end_to_end(claim, setup, assume.output_tokens)
        if prefill and tokens
        else None,
    }
    if curves:  # only a chart draws it
        from claimcheck.curve import speedup_curve

        marked = (*TYPICAL_PREFIXES, *(n for n in (tokens, breakeven) if n))
        update["curve"] = speedup_curve(setup, assume.output_tokens, marked)
    if update["end_to_end_speedup"] is not None:
        notes.append(
            f"end to end: {assume.output_tokens} output tokens decoded from HBM at {physics.HBM_EFFICIENCY:g} of its bandwidth"
        )
    return replace(analysis, **{**update, "assumptions": notes})


def fitting_gpu_count(model: ModelSpec, gpu: GpuSpec, precision: Precision) -> int:
    """The smallest power-of-two GPU count whose HBM holds the model's weights (in the stated
    precision, else the smallest published) with a tenth to spare: a 70B model needs two 80 GB
    H100s, gpt-oss-120b (MXFP4 experts) one."""
    needed_gb = weight_bytes(model, precision.weight_bits(model)) / 1e9 / 0.9
    count = 1
    while count * gpu.hbm_gb < needed_gb and count < 1024:
        count *= 2
    return count


def _memory(
    model: ModelSpec, gpu: GpuSpec, count: int, tokens: int, full_kv: bool, precision: Precision
) -> dict[str, float | None]:
    """GB of the weights and of the context's KV, in the precisions taken (stated, else the
    smallest published weights and a BF16 cache), and of the GPUs' HBM (docs/model.md §10)."""
    from claimcheck import physics

    kv = (
        physics.kv_bytes(model, tokens, precision.kv_format(), windowed_layers_store_full=full_kv)
        if tokens
        else 0
    )
    return {
        "weights_gb": _round(weight_bytes(model, precision.weight_bits(model)) / 1e9, 1),
        "context_kv_gb": _round(kv / 1e9, 1),
        "gpu_memory_gb": _round(count * gpu.hbm_gb, 1),
    }


def _undisclosed_fit(
    model: ModelSpec, precision: Precision, memory: dict[str, float | None]
) -> list[str]:
    """A note when the setup fits only because the weights were counted at a published
    precision below BF16 that the claim does not state (docs/model.md §12)."""
    kv, hbm = memory["context_kv_gb"] or 0.0, memory["gpu_memory_gb"]
    if precision.weights is not None or model.published_weight_bits >= 16 or hbm is None:
        return []
    bf16_gb = weight_bytes(model, 16.0) / 1e9
    if bf16_gb + kv <= hbm:
        return []
    return [
        f"in BF16 the weights ({bf16_gb:,.0f} GB) and the context's KV would not fit in the "
        f"GPUs' {hbm:,.0f} GB; they fit in {precision.weights_label(model)}, as {model.name} is "
        "also published: the claim should state its precision (weights_dtype)"
    ]


def _finish(
    base: Analysis,
    notes: list[str],
    mfu: float | None,
    gb_s: float | None,
    gpu: GpuSpec,
    count: int,
) -> Analysis:
    from claimcheck import physics

    ceiling = physics.load_ceiling_gb_s(gpu, count)
    return replace(
        base,
        implied_mfu=_round(mfu, 3),
        implied_load_gb_s=_round(gb_s, 2) if gb_s is not None and math.isfinite(gb_s) else None,
        load_ceiling_gb_s=round(ceiling, 1),
        assumptions=notes,
    )


def _explain(
    claim: Claim, setup: physics.Setup, naive: int | None, breakeven: int | None, knee: float
) -> str | None:
    """One or two sentences on what separates the naive from the physical breakeven."""
    from claimcheck import physics

    if naive is None or breakeven is None or not claim.context_tokens:
        return None
    load_s = physics.cached_load_seconds(setup, naive)
    recompute_s = physics.recompute_seconds(setup, naive)
    held = f"{claim.cached_seconds:g} s" if claim.cached_seconds else "whole-context"
    text = (
        f"The naive figure holds the {held} load time fixed, but load time scales with the prefix: "
        f"{naive:,} tokens load in {load_s:.2g} s against {recompute_s:.2g} s to recompute, so loading "
        f"wins from ≈ {breakeven:,} tokens."
    )
    if breakeven < knee:
        text += f" On an idle GPU prefixes under ≈ {knee:,.0f} tokens ride along in a memory-bound pass almost for free."
    return text


def _full_power(claim: Claim, factor: float | None) -> float | None:
    """The headline had the baseline run at full power: recompute is ``factor`` times as long."""
    if factor is None or factor >= 1:
        return None
    ratio = implied_speedup(claim) or claim.speedup
    return round(ratio * factor, 2) if ratio else None


def _end_to_end(claim: Claim, setup: physics.Setup, output_tokens: int) -> float | None:
    from claimcheck import physics

    tokens = claim.context_tokens
    if not tokens:
        return None
    baseline_s = claim.baseline_seconds or physics.recompute_seconds(setup, tokens)
    if claim.cached_seconds is not None:
        cached_s = claim.cached_seconds
    elif claim.speedup:
        cached_s = baseline_s / claim.speedup
    else:
        cached_s = physics.cached_load_seconds(setup, tokens)
    decode_s = physics.decode_seconds(setup, tokens, output_tokens)
    return round(physics.end_to_end_speedup(baseline_s, cached_s, decode_s), 2)


def _round(value: float | None, digits: int) -> float | None:
    """``value`` to ``digits`` decimals, but never a positive figure rounded to 0 (a 10⁻¹² ratio
    keeps its three significant digits instead)."""
    if value is None:
        return None
    rounded = round(value, digits)
    return rounded if rounded != 0 or value == 0 else float(f"{value:.3g}")


def _finite(analysis: Analysis) -> Analysis:
    """Every figure finite: one that is not (the bounds of the claim fields and the catalog
    keep this from happening) is left out with a note, so no infinity or NaN reaches a report."""
    bad = [
        name
        for name in Analysis.__struct_fields__
        if name in _FIGURES
        and isinstance(value := getattr(analysis, name), float)
        and not math.isfinite(value)
    ]
    prefixes = {k: v for k, v in analysis.speedup_at_prefix.items() if math.isfinite(v)}
    if not bad and len(prefixes) == len(analysis.speedup_at_prefix):
        return analysis
    note = "left out, not a finite number: " + ", ".join(bad or ["speedup at prefix"])
    return replace(
        analysis,
        **{
            **dict.fromkeys(bad),
            "speedup_at_prefix": prefixes,
            "assumptions": [*analysis.assumptions, note],
        },
    )


_FIGURES = {
    "implied_speedup",
    "implied_mfu",
    "implied_load_gb_s",
    "end_to_end_speedup",
    "load_ceiling_gb_s",
    "weights_gb",
    "context_kv_gb",
    "gpu_memory_gb",
    "full_power_speedup",
}
