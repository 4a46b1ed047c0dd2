"""Power caps: how much prefill throughput a GPU keeps under a power limit (docs/model.md §5).

A cap lowers the SM clock, and tensor FLOP/s follow the clock; decode and the KV load path
are not affected. Each GPU family has its own curve, built from published measurements of
compute-bound work (GEMM, prefill-heavy serving) under a cap, each point with its source.
A GPU of no known family falls back to the generic curve, a consumer card's sweep.
"""

from __future__ import annotations

from itertools import pairwise

import msgspec

from claimcheck.catalog.specs import GpuSpec
from claimcheck.errors import UsageError


class PowerPoint(msgspec.Struct, frozen=True):
    """(cap ÷ reference limit, relative throughput), where it comes from, and whether it was
    measured or is an estimate between or beyond measured points."""

    cap_fraction: float
    factor: float
    source: str
    measured: bool = True


class PowerCurve(msgspec.Struct, frozen=True):
    """A family's curve: points in rising order, ending at (1, 1), the reference limit."""

    name: str
    points: tuple[PowerPoint, ...]

    @property
    def table(self) -> tuple[tuple[float, float], ...]:
        return tuple((p.cap_fraction, p.factor) for p in self.points)

    @property
    def lowest_measured(self) -> float:
        return min(p.cap_fraction for p in self.points if p.measured)


_MLPERF_A100 = (
    "MLPerf Inference v2.1, NVIDIA DGX-A100 (A100-SXM-80GB×8) BERT-99.9 FP16 Offline: "
    "11,152 samples/s at a 275 W cap vs 13,968 at 400 W (mlcommons/inference_results_v2.1)"
)
_MLPERF_A100_PCIE = (
    "MLPerf Inference v3.0, A100-PCIe-80GB×8 BERT-99.9 FP16 Offline: 11,269 samples/s at "
    "240 W vs 13,534 at 300 W (mlcommons/inference_results_v3.0)"
)
_MLPERF_H100_350 = (
    "MLPerf Inference v4.0, DGX-H100 at a 350 W cap (power_limit in NVIDIA's MaxQ configs) vs "
    "its 700 W run, Offline: GPT-J-99 178.896 vs 239.895 samples/s (0.746), Stable Diffusion "
    "XL 9.648 vs 13.126 (0.735); the mean, 0.740 (mlcommons/inference_results_v4.0, "
    "closed/NVIDIA/results/DGX-H100_H100-SXM-80GBx8_TRT_MaxQ)"
)
_MLPERF_H100_400 = (
    "MLPerf Inference v4.0, DGX-H100 BERT-99 Offline: 53,727 samples/s at a 400 W cap vs "
    "70,116 at 700 W (mlcommons/inference_results_v4.0)"
)
_MLPERF_H100_450 = (
    "MLPerf Inference v4.0, DGX-H100 at a 450 W cap vs 700 W, Offline: Llama-2-70B-99.9 "
    "17,562 vs 21,806 tok/s (0.805), BERT-99.9 50,999 vs 62,183 samples/s (0.820); the mean, "
    "0.813 (mlcommons/inference_results_v4.0)"
)
_POWER_LAW = "estimate: the power law fitted to the measured points (throughput ∝ cap^k)"
_BELOW = "estimate below the lowest measured cap: falls faster than the power law as idle power takes a larger share"
_B100 = (
    "B100, the same Blackwell die at 700 W: 1,750 of the B200's 2,250 dense BF16 TFLOPS at "
    "1,000 W (NVIDIA GTC 2024 specifications; https://glennklockwood.com/garden/processors/B200)"
)
_GB300 = (
    "GB300 cuBLAS GEMM at 500 of 1,400 W: ~617 of 1,600–2,174 TFLOPS "
    "(facebookexperimental/triton pull request 2023)"
)
_MI325X = (
    "MI300X at 750 W vs MI325X at 1,000 W, the same 304 CUs and 2,100 MHz peak clock: "
    "measured BF16 GEMM 708 vs 843 TFLOPS (AMD ROCm blog, 'Measuring Max-Achievable FLOPs – "
    "Part 2', Table 1, https://rocm.blogs.amd.com/software-tools-optimization/measuring-max-achievable-flops-part2/README.html)"
)

FAMILY_CURVES: dict[str, PowerCurve] = {
    "ampere": PowerCurve(
        "Ampere",
        (
            PowerPoint(0.3, 0.35, _BELOW, measured=False),
            PowerPoint(0.5, 0.62, _POWER_LAW, measured=False),
            PowerPoint(275 / 400, 11_152 / 13_968, _MLPERF_A100),
            PowerPoint(0.8, 11_269 / 13_534, _MLPERF_A100_PCIE),
            PowerPoint(1.0, 1.0, "the default limit"),
        ),
    ),
    "hopper": PowerCurve(
        "Hopper",
        (
            PowerPoint(0.29, 0.38, _BELOW, measured=False),
            PowerPoint(0.43, 0.68, _POWER_LAW, measured=False),
            PowerPoint(350 / 700, (178.896 / 239.895 + 9.64827 / 13.1263) / 2, _MLPERF_H100_350),
            PowerPoint(400 / 700, 53_727 / 70_116, _MLPERF_H100_400),
            PowerPoint(450 / 700, (17_562 / 21_806 + 50_999 / 62_183) / 2, _MLPERF_H100_450),
            PowerPoint(600 / 700, 0.93, _POWER_LAW, measured=False),
            PowerPoint(1.0, 1.0, "the default limit"),
        ),
    ),
    "blackwell": PowerCurve(
        "Blackwell",
        (
            PowerPoint(500 / 1_400, 617 / 1_870, _GB300),
            PowerPoint(0.5, 0.60, _POWER_LAW, measured=False),
            PowerPoint(0.7, 1_750 / 2_250, _B100, measured=False),
            PowerPoint(1.0, 1.0, "the default limit"),
        ),
    ),
    "cdna": PowerCurve(
        "CDNA",
        (
            PowerPoint(0.4, 0.55, _POWER_LAW, measured=False),
            PowerPoint(0.6, 0.73, _POWER_LAW, measured=False),
            PowerPoint(750 / 1_000, 708 / 843, _MI325X),
            PowerPoint(1.0, 1.0, "the default limit"),
        ),
    ),
}
"""Per-family curves (docs/model.md §5). Fractions are of each GPU's default limit."""

# 6× RTX 3090, llama.cpp, 198k-token prefill: (cap W, prefill tok/s) at a 350 W default.
# llmgarage.ai "Tokens-per-Second Test Bench: Power Limit Sweep" (Feb 2026); docs/model.md §5.
_RTX_3090_SWEEP = ((100, 1390), (150, 2549), (200, 5941), (250, 8436), (300, 9326), (350, 9893))
_RTX_3090 = "RTX 3090 llama.cpp power-limit sweep (llmgarage.ai, Feb 2026)"
GENERIC_CURVE = PowerCurve(
    "generic (RTX 3090 sweep)",
    tuple(PowerPoint(w / 350, tps / 9893, _RTX_3090) for w, tps in _RTX_3090_SWEEP),
)
"""The fallback for a GPU of no known family: a consumer card's measured prefill sweep."""


class PowerFactor(msgspec.Struct, frozen=True):
    """Relative prefill throughput under a cap, in (0, 1], and how it was obtained.

    ``extrapolated`` is true below the lowest measured point of the curve; ``below_minimum``
    is true when the cap is under the GPU's minimum settable limit.
    """

    factor: float
    cap_fraction: float
    extrapolated: bool
    below_minimum: bool
    source: str


def curve_for(gpu: GpuSpec) -> PowerCurve:
    """The GPU's own measured curve, else its family's, else the generic one."""
    if gpu.power_curve is not None:
        points = tuple(PowerPoint(x, y, f"{gpu.name} ({gpu.source})") for x, y in gpu.power_curve)
        return PowerCurve(gpu.name, points)
    if gpu.family is not None and gpu.family in FAMILY_CURVES:
        return FAMILY_CURVES[gpu.family]
    return GENERIC_CURVE


def power_factor(gpu: GpuSpec, cap_w: float) -> PowerFactor:
    """Prefill throughput factor for ``gpu`` capped at ``cap_w`` watts.

    The cap is taken as a fraction of the GPU's default power limit (its vendor maximum
    when the default is unknown) and read off its curve by linear interpolation; below the
    curve's first point the factor falls in proportion to the cap. A cap at or above the
    reference limit gives 1.0.
    """
    if not cap_w > 0:
        raise UsageError(f"power cap must be a positive number of watts, not {cap_w}")
    reference_w = gpu.default_power_w or gpu.max_power_w
    if reference_w is None:
        raise UsageError(f"no power limit is known for {gpu.name}; cannot scale by a cap")
    limit = "default limit" if gpu.default_power_w else "vendor maximum (default limit unknown)"
    curve = curve_for(gpu)
    fraction = cap_w / reference_w
    below_minimum = gpu.min_power_w is not None and cap_w < gpu.min_power_w
    source = (
        f"{curve.name} power curve (docs/model.md §5); cap as a fraction of the "
        f"{reference_w:g} W {limit}"
    )
    table = curve.table
    lowest_fraction, lowest_factor = table[0]
    extrapolated = fraction < curve.lowest_measured
    if fraction < lowest_fraction:
        factor = lowest_factor * fraction / lowest_fraction
        return PowerFactor(factor, fraction, True, below_minimum, source)
    return PowerFactor(_interpolate(table, fraction), fraction, extrapolated, below_minimum, source)


def _interpolate(curve: tuple[tuple[float, float], ...], fraction: float) -> float:
    for (x0, y0), (x1, y1) in pairwise(curve):
        if fraction <= x1:
            return y0 + (y1 - y0) * (fraction - x0) / (x1 - x0)
    return 1.0
