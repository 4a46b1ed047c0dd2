"""The well-run baseline a chart sets a claim against (docs/model.md §11).

A vendor's headline comes from its own baseline: the recompute time it measured, on the GPUs it
chose, at the power it chose. The reference curve keeps the claim's load path (the bandwidth its
own load time implies, or the tier it names) and recomputes as a well-run baseline would: at the
assumed MFU (``Assumptions.mfu``), at full power, on the claim's model and GPUs, or on
Llama 3.1 70B and H100 SXM when the claim names none. A headline above that curve owes its size
to the baseline, not to the storage.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from claimcheck.claim import Claim
from claimcheck.defaults import DEFAULT_LATENCY_S
from claimcheck.implied import Analysis, Reference
from claimcheck.precision import Precision
from claimcheck.settings import Assumptions

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog, GpuSpec
    from claimcheck.resolve import Resolved

# A mid-size dense model on the most common datacenter GPU of the vendors' demos: the setup of
# the worked audit in docs/model.md §11, used only when a claim names neither.
REFERENCE_MODEL = "llama-3.1-70b"
REFERENCE_GPU = "h100-sxm"


def reference(
    claim: Claim,
    analysis: Analysis,
    resolved: Resolved | None,
    catalog: Catalog | None,
    assume: Assumptions,
) -> Reference | None:
    """The well-run baseline for ``claim``, or ``None`` when it would add nothing: no prefill
    headline at a stated context, no load time to keep, or a curve that already recomputes at
    the assumed MFU and full power."""
    from claimcheck import physics
    from claimcheck.analysis import PREFILL_METRICS, fitting_gpu_count
    from claimcheck.curve import speedup_curve

    tokens = claim.context_tokens
    if claim.metric not in PREFILL_METRICS or not tokens:
        return None
    calibrated = analysis.implied_mfu is not None or claim.power_watts is not None
    if analysis.curve and not calibrated:
        return None
    model = resolved.model if resolved else None
    gpu = resolved.gpu if resolved else None
    named = model is not None and gpu is not None
    if not named:
        if catalog is None:
            return None
        model, gpu = catalog.model(REFERENCE_MODEL), catalog.gpu(REFERENCE_GPU)
    if model is None or gpu is None:
        return None
    tier = resolved.tier if resolved else None
    precision = resolved.precision if resolved and named else Precision()
    count = (resolved.gpu_count if resolved and named else None) or fitting_gpu_count(
        model, gpu, precision
    )
    compute, kv_dtype = precision.estimate_compute(), precision.kv_format()
    mfu = assume.mfu
    cached_s = claim.cached_seconds
    if cached_s is None and claim.speedup and (claim.baseline_seconds or named):
        # The load time the claim's ratio implies, as its analysis derives it: its own baseline
        # time, else a recompute at the assumed MFU under its power cap.
        baseline_s = claim.baseline_seconds or physics.prefill_seconds_on(
            physics.Setup(
                model=model, gpu=gpu, gpu_count=count, dtype=compute,
                attention_dtype=precision.estimate_attention(), mfu=mfu,
                power_factor=_cap(claim, gpu),
            ),
            tokens,
        )  # fmt: skip
        cached_s = baseline_s / claim.speedup
    if cached_s is None and (tier is None or not named):
        return None
    full_kv = assume.kv_layout == "full"
    latency_s = tier.latency_s if tier else DEFAULT_LATENCY_S
    bandwidth_gb_s = None
    if cached_s is not None:
        kv = physics.kv_bytes(model, tokens, kv_dtype, windowed_layers_store_full=full_kv)
        bandwidth_gb_s = physics.implied_bandwidth_gb_s(kv, cached_s, latency_s)
        if not math.isfinite(bandwidth_gb_s) or bandwidth_gb_s <= 0:
            return None
    setup = physics.Setup(
        model=model,
        gpu=gpu,
        gpu_count=count,
        dtype=compute,
        attention_dtype=precision.estimate_attention(),
        kv_dtype=kv_dtype,
        weights_bits=precision.weight_bits(model),
        mfu=mfu,
        power_factor=1.0,
        tier=tier,
        latency_s=latency_s,
        bandwidth_gb_s=bandwidth_gb_s,
        windowed_layers_store_full=full_kv,
    )
    if cached_s is None:
        load = f"loading from {tier.id if tier else 'its tier'}"
    else:
        source = "load time" if claim.cached_seconds is not None else "ratio"
        load = f"loading at the {setup.load_bandwidth_gb_s:.3g} GB/s the claim's {source} implies"
    whose = "" if named else " (the claim names no model and GPU: a reference setup)"
    if (
        named
        and resolved is not None
        and (resolved.gpu_count is None or resolved.gpu_count_assumed)
    ):
        whose = " (GPU count assumed)"
    words = (
        f"{model.name} on {count} × {gpu.name}{whose}, recomputing at MFU {mfu:g} "
        f"at full power, {load}"
    )
    return Reference(
        description=words,
        curve=speedup_curve(setup, assume.output_tokens, (tokens,)),
        speedup_at_context=physics.speedup_at(setup, tokens),
    )


def _cap(claim: Claim, gpu: GpuSpec) -> float:
    """The prefill throughput factor of the claim's power cap (1 without one, or without a known
    limit for the GPU)."""
    from claimcheck import physics

    if claim.power_watts is None or (gpu.default_power_w is None and gpu.max_power_w is None):
        return 1.0
    return physics.power_factor(gpu, claim.power_watts).factor
