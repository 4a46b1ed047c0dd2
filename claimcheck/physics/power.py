"""Power caps: how much prefill throughput a GPU keeps under a power limit (docs/model.md §5).

A cap lowers the SM clock, and tensor FLOP/s follow the clock. The curve is nearly flat down
to ~70 % of the default limit, then has a knee and falls steeply; decode and the KV load path
are not affected.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from claimcheck.catalog.specs import GpuSpec
from claimcheck.errors import UsageError

# 6× RTX 3090, llama.cpp, 198k-token prefill: (cap W, prefill tok/s) at a 350 W default.
# llmgarage.ai "Tokens-per-Second Test Bench: Power Limit Sweep" (Feb 2026); docs/model.md §5.
# The only full measured curve; H100 at 600 W (−10–15 %) and GB300 at 500 W of 1,400 W
# (~617 of 1,600–2,174 TFLOPS) corroborate its shape.
_RTX_3090_SWEEP = ((100, 1390), (150, 2549), (200, 5941), (250, 8436), (300, 9326), (350, 9893))
GENERIC_CURVE: tuple[tuple[float, float], ...] = tuple(
    (watts / 350, tokens_per_s / 9893) for watts, tokens_per_s in _RTX_3090_SWEEP
)
GENERIC_CURVE_SOURCE = (
    "generic curve: RTX 3090 llama.cpp power-limit sweep (llmgarage.ai, Feb 2026; docs/model.md §5)"
)


@dataclass(frozen=True, slots=True)
class PowerFactor:
    """Relative prefill throughput under a cap, in (0, 1], and how it was obtained.

    ``extrapolated`` is true below the lowest measured point of the curve (the factor then
    falls in proportion to the cap); ``below_minimum`` is true when the cap is under the
    GPU's minimum settable limit.
    """

    factor: float
    cap_fraction: float
    extrapolated: bool
    below_minimum: bool
    source: str


def power_factor(gpu: GpuSpec, cap_w: float) -> PowerFactor:
    """Prefill throughput factor for ``gpu`` capped at ``cap_w`` watts.

    The cap is taken as a fraction of the GPU's default power limit (its vendor maximum
    when the default is unknown) and read off the GPU's own curve, else the generic one,
    by linear interpolation. A cap at or above the reference limit gives 1.0.
    """
    if not cap_w > 0:
        raise UsageError(f"power cap must be a positive number of watts, not {cap_w}")
    reference_w = gpu.default_power_w or gpu.max_power_w
    if reference_w is None:
        raise UsageError(f"no power limit is known for {gpu.name}; cannot scale by a cap")
    limit = "default limit" if gpu.default_power_w else "vendor maximum (default limit unknown)"
    if gpu.power_curve is not None:
        curve, curve_source = gpu.power_curve, f"{gpu.name} curve ({gpu.source})"
    else:
        curve, curve_source = GENERIC_CURVE, GENERIC_CURVE_SOURCE
    fraction = cap_w / reference_w
    below_minimum = gpu.min_power_w is not None and cap_w < gpu.min_power_w
    source = f"{curve_source}; cap as a fraction of the {reference_w:g} W {limit}"
    lowest_fraction, lowest_factor = curve[0]
    if fraction < lowest_fraction:
        factor = lowest_factor * fraction / lowest_fraction
        return PowerFactor(factor, fraction, True, below_minimum, source)
    return PowerFactor(_interpolate(curve, fraction), fraction, False, below_minimum, source)


def _interpolate(curve: tuple[tuple[float, float], ...], fraction: float) -> float:
    for (x0, y0), (x1, y1) in pairwise(curve):
        if fraction <= x1:
            return y0 + (y1 - y0) * (fraction - x0) / (x1 - x0)
    return 1.0
