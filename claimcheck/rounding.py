"""How far a stated speedup is from its own times once each figure may be anything that rounds
to what is written (rule KV202, docs/rules.md): "~4× faster (26 ms vs 99 ms)" is 99 ÷ 26 =
3.8x, which a writer rounds to 4x, so it is no contradiction; "200x … 126 seconds … 0.5
seconds" is 252x, which no rounding brings to 200x."""

from __future__ import annotations

import math

TIME_ROUNDING_CAP = 0.01
"""A time's rounding is counted at most 1 % of it: times are held in seconds, so "500 ms"
reads as 0.5 s, whose last written digit would otherwise allow ±50 ms."""


def half_unit(value: float) -> float:
    """Half a unit in the last digit of ``value`` as written (its shortest decimal form to 12
    significant digits): 4 → 0.5, 1.7 → 0.05, 0.885 → 0.0005."""
    mantissa, _, exponent = f"{abs(value):.12g}".partition("e")
    decimals = len(mantissa.partition(".")[2]) - (int(exponent) if exponent else 0)
    return 0.5 * 10.0**-decimals


def gap(speedup: float, baseline_seconds: float, cached_seconds: float) -> float:
    """How far ``speedup`` is from baseline ÷ cached, as a fraction of that ratio, when the
    speedup may be anything within half a unit of its last digit and each time within half a
    unit of its own (at most ``TIME_ROUNDING_CAP`` of it): 0 when some rounding of the times
    gives the stated speedup."""
    ratio = baseline_seconds / cached_seconds
    slack_baseline = min(half_unit(baseline_seconds), TIME_ROUNDING_CAP * baseline_seconds)
    slack_cached = min(half_unit(cached_seconds), TIME_ROUNDING_CAP * cached_seconds)
    lowest = (baseline_seconds - slack_baseline) / (cached_seconds + slack_cached)
    highest = (baseline_seconds + slack_baseline) / (cached_seconds - slack_cached)
    slack = half_unit(speedup)
    if speedup + slack < lowest:
        return (lowest - speedup - slack) / ratio
    if speedup - slack > highest:
        return (speedup - slack - highest) / ratio
    return 0.0 if math.isfinite(ratio) else math.inf
