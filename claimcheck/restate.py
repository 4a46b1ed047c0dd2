"""The fair restatement: one sentence a vendor could print honestly about its own claim.

The headline with the conditions it was measured under (context, model, GPUs, precision and
the MFU its baseline implies, a power cap), then what the same setup gives at an ordinary
4K-token prefix (from the vendor's own points when they were fitted), end to end once the
answer is decoded, and at full power when the baseline was capped (docs/model.md). Without a model and GPU the 4K figure is the naive one (the load
time taken as fixed) and says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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


def restate(
    claim: Claim,
    analysis: Analysis,
    *,
    model: ModelSpec | None = None,
    gpu: GpuSpec | None = None,
    gpu_count: int | None = None,
    output_tokens: int = DEFAULT_OUTPUT_TOKENS,
) -> str | None:
    """The restatement of ``claim`` from its ``analysis``, or ``None`` without a headline."""
    headline = claim.speedup or analysis.implied_speedup
    if headline is None:
        return None
    up_to = "up to " if claim.speedup_qualifier == "up to" else ""
    low = f"{round(claim.speedup_low, 2):g}–" if claim.speedup_low and claim.speedup else ""
    first = f"{up_to}{low}{_times(headline)} {_METRIC[claim.metric]}"
    if claim.context_tokens is not None:
        first += f" at {_tokens(claim.context_tokens)} tokens"
    if model is not None or gpu is not None:
        setup = " on ".join(
            part
            for part in (
                model.name if model else "",
                f"{gpu_count or 1}× {gpu.name}" if gpu else "",
            )
            if part
        )
        first += f", {setup}"
    precision = ["BF16"] if model is not None and gpu is not None else []
    if analysis.implied_mfu is not None:
        precision.append(f"{analysis.implied_mfu:.0%} MFU")
    if claim.power_watts is not None:
        precision.append(f"capped at {claim.power_watts:g} W")
    if precision:
        first += f" ({', '.join(precision)})"
    parts = [first]
    fitted = analysis.fit.speedup_at.get(str(_ORDINARY_PREFIX)) if analysis.fit else None
    at_ordinary = analysis.speedup_at_prefix.get(str(_ORDINARY_PREFIX))
    if fitted is not None:  # the vendor's own points say it best
        parts.append(f"≈ {_times(fitted)} at {_tokens(_ORDINARY_PREFIX)} on its own fitted curve")
    elif at_ordinary is not None:
        what = "" if claim.metric in (Metric.TTFT, Metric.PREFILL) else " TTFT"
        parts.append(f"≈ {_times(at_ordinary)}{what} at {_tokens(_ORDINARY_PREFIX)}")
    elif _naive_applies(claim):
        naive = headline * _ORDINARY_PREFIX / (claim.context_tokens or 1)
        parts.append(f"≈ {_times(naive)} at {_tokens(_ORDINARY_PREFIX)} if the load time is fixed")
    if analysis.end_to_end_speedup is not None:
        parts.append(
            f"{_times(analysis.end_to_end_speedup)} end to end ({output_tokens} output tokens)"
        )
    if analysis.full_power_speedup is not None:
        parts.append(f"{_times(analysis.full_power_speedup)} at full power")
    return "; ".join(parts)


def _naive_applies(claim: Claim) -> bool:
    """The naive reading scales a recompute-versus-load ratio with the prefix: only for a
    prefill figure measured at a stated context longer than the ordinary prefix."""
    return (
        claim.metric in (Metric.TTFT, Metric.PREFILL, Metric.UNSPECIFIED)
        and claim.context_tokens is not None
        and claim.context_tokens > _ORDINARY_PREFIX
    )


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
