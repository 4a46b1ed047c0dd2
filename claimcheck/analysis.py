"""What a claim's numbers imply: the naive breakeven and the speedup its times give."""

from __future__ import annotations

from claimcheck.claim import Claim, Metric
from claimcheck.report import Analysis

# Only a ratio of recompute time to load time says where loading starts to pay.
_PREFILL_METRICS = {Metric.TTFT, Metric.PREFILL, Metric.UNSPECIFIED}


def naive_breakeven_tokens(claim: Claim) -> int | None:
    """The seed post's reading, load time taken as fixed.

    With both times: context × cached ÷ baseline (the prefix that takes as long to recompute as
    the whole context takes to load). Otherwise context ÷ speedup. ``None`` for throughput,
    decode and end-to-end figures, which are not recompute-versus-load ratios.
    """
    tokens = claim.context_tokens
    if tokens is None or claim.metric not in _PREFILL_METRICS:
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


def analyse(claim: Claim) -> Analysis:
    """Every figure the claim's own numbers give, without a physical model."""
    return Analysis(
        naive_breakeven_tokens=naive_breakeven_tokens(claim),
        implied_speedup=implied_speedup(claim),
    )
