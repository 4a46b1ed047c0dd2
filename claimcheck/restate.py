"""The fair restatement: one sentence a vendor could print honestly about its own claim.

The headline with the conditions it was measured under (context, model, GPUs, precision and
the MFU its baseline implies, a power cap), then what the same setup gives at an ordinary
4K-token prefix (from the vendor's own points when they were fitted), end to end once the
answer is decoded, and at full power when the baseline was capped (docs/model.md).

It agrees with the claim's findings: a headline its own times contradict (KV202) is restated
from the times; a value the claim does not disclose is marked "assumed"; a setup the physics
calls impossible (KV207, KV208) is named with what is wrong with it; without a model and GPU
there is no 4K figure, since only the physics can give one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from claimcheck import rounding
from claimcheck.claim import Claim, Metric
from claimcheck.defaults import DEFAULT_OUTPUT_TOKENS
from claimcheck.implied import Analysis

if TYPE_CHECKING:
    from claimcheck.catalog import GpuSpec, ModelSpec

_ORDINARY_PREFIX = 4_000
_METRIC = {
    Metric.TTFT: "TTFT",
    Metric.PREFILL: "prefill",
    Metric.THROUGHPUT: "throughput",
    Metric.DECODE: "decode",
    Metric.END_TO_END: "end to end",
    Metric.UNSPECIFIED: "speedup",
}
_ASSUMED = " assumed"


class Conditions(msgspec.Struct, frozen=True, kw_only=True):
    """The setup a restatement names, and which of it the claim did not disclose."""

    model: ModelSpec | None = None
    gpu: GpuSpec | None = None
    gpu_count: int | None = None
    compute: str | None = None
    """The compute precision as printed ("BF16", "FP8")."""
    model_assumed: bool = False
    gpu_assumed: bool = False
    count_assumed: bool = False
    compute_assumed: bool = True


def restate(
    claim: Claim,
    analysis: Analysis,
    conditions: Conditions | None = None,
    *,
    output_tokens: int = DEFAULT_OUTPUT_TOKENS,
    tolerance: float = 0.05,
) -> str | None:
    """The restatement of ``claim`` from its ``analysis``, or ``None`` without a headline.
    ``tolerance`` is how far a headline may stray from its own times (KV202's)."""
    headline = _headline(claim, analysis, tolerance)
    if headline is None:
        return None
    first = headline
    if claim.context_tokens is not None:
        first += f" at {_tokens(claim.context_tokens)} tokens"
    contradicted = _contradicted(claim, tolerance)
    if contradicted and claim.speedup is not None:
        first += f" by its own times ({_times(claim.speedup)} stated)"
    setup = _setup(conditions or Conditions())
    if setup:
        first += f", {setup}"
    details = _details(claim, analysis, conditions or Conditions())
    if details:
        first += f" ({', '.join(details)})"
    parts = [first]
    fitted = analysis.fit.speedup_at.get(str(_ORDINARY_PREFIX)) if analysis.fit else None
    at_ordinary = analysis.speedup_at_prefix.get(str(_ORDINARY_PREFIX))
    if fitted is not None:  # the vendor's own points say it best
        parts.append(f"≈ {_times(fitted)} at {_tokens(_ORDINARY_PREFIX)} on its own fitted curve")
    elif at_ordinary is not None:
        what = "" if claim.metric in (Metric.TTFT, Metric.PREFILL) else " TTFT"
        source = " from its times" if contradicted else ""
        parts.append(f"≈ {_times(at_ordinary)}{what} at {_tokens(_ORDINARY_PREFIX)}{source}")
    if analysis.end_to_end_speedup is not None:
        parts.append(
            f"{_times(analysis.end_to_end_speedup)} end to end ({output_tokens} output tokens)"
        )
    if analysis.full_power_speedup is not None:
        parts.append(f"{_times(analysis.full_power_speedup)} at full power")
    return "; ".join(parts)


def _contradicted(claim: Claim, tolerance: float) -> bool:
    """Do the claim's own times contradict its headline (KV202)?"""
    return (
        claim.speedup is not None
        and claim.baseline_seconds is not None
        and claim.cached_seconds is not None
        and rounding.gap(claim.speedup, claim.baseline_seconds, claim.cached_seconds) > tolerance
    )


def _headline(claim: Claim, analysis: Analysis, tolerance: float) -> str | None:
    """The headline factor and metric; the times' ratio when they contradict the stated one."""
    implied = analysis.implied_speedup
    metric = _METRIC[claim.metric]
    if claim.speedup is None or _contradicted(claim, tolerance):
        return None if implied is None else f"{_times(implied)} {metric}"
    up_to = "up to " if claim.speedup_qualifier == "up to" else ""
    low = f"{round(claim.speedup_low, 2):g}–" if claim.speedup_low else ""
    return f"{up_to}{low}{_times(claim.speedup)} {metric}"


def _setup(conditions: Conditions) -> str:
    """ "Llama 3.1 70B on 2× NVIDIA H100 SXM5 80GB"."""
    parts = []
    if conditions.model is not None:
        parts.append(conditions.model.name)
    if conditions.gpu is not None:
        parts.append(f"{conditions.gpu_count or 1}× {conditions.gpu.name}")
    return " on ".join(parts)


def _details(claim: Claim, analysis: Analysis, conditions: Conditions) -> list[str]:
    """What of the setup was assumed, the precision and MFU, a power cap, and what the
    physics finds impossible."""
    assumed = [
        what
        for what, yes in (
            ("model", conditions.model is not None and conditions.model_assumed),
            ("GPU", conditions.gpu is not None and conditions.gpu_assumed),
            ("GPU count", conditions.gpu is not None and conditions.count_assumed),
        )
        if yes
    ]
    details = [f"{', '.join(assumed)}{_ASSUMED}"] if assumed else []
    if conditions.compute is not None and conditions.model and conditions.gpu:
        details.append(conditions.compute + (_ASSUMED if conditions.compute_assumed else ""))
    mfu = analysis.implied_mfu
    if mfu is not None and mfu > 1:
        details.append(f"its baseline needs {mfu:.0%} of the GPUs' peak")
    elif mfu is not None:
        details.append(f"{mfu:.0%} MFU")
    weights, kv, memory = analysis.weights_gb, analysis.context_kv_gb, analysis.gpu_memory_gb
    if weights is not None and memory is not None and weights + (kv or 0.0) > memory:
        details.append("its weights and KV do not fit these GPUs")
    if claim.power_watts is not None:
        details.append(f"capped at {claim.power_watts:g} W")
    return details


def _times(value: float) -> str:
    """A factor as a headline writes it: ``27×``, ``2.6×``, ``1.15×``, ``0.96×``."""
    if value >= 10:
        return f"{value:,.0f}×"
    return f"{round(value, 2):g}×"


def _tokens(count: int) -> str:
    """``112K``, ``4K``, ``1.5M``, ``512`` (K = 1,000)."""
    if count >= 1_000_000:
        return f"{count / 1_000_000:g}M"
    if count >= 1_000:
        return f"{count / 1_000:g}K"
    return f"{count:,}"
