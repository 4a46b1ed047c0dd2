"""Fitting a vendor's own points: the load latency, load bandwidth and MFU that explain them.

docs/model.md, "Fitting a vendor's own points". With the model and GPUs known, a point at
prefix N says ``speedup(N) = R(N) / C(N)``, where ``R(N) = FLOPs(N) / (G·peak·u·s)`` is the
recompute time and ``C(N) = t0 + bytes(N) / B`` the load time. Stated times give R and C
directly; a bare speedup gives only their ratio, so R and C can be scaled together without
changing any speedup: a speedup-only fit holds the MFU ``u`` fixed and fits ``t0`` and ``B``.
The fit is closed-form least squares on relative residuals, with ``t0 ≥ 0`` and
``B ≤ 10⁶ GB/s`` (the accepted range) enforced on the edges.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from claimcheck.bounds import BANDWIDTH_GB_S
from claimcheck.errors import UsageError
from claimcheck.physics.breakeven import breakeven_tokens, recompute_seconds, speedup_at
from claimcheck.physics.kv import kv_bytes
from claimcheck.physics.setup import Setup

TYPICAL_PREFIXES = (1_000, 4_000, 16_000)
_MIN_SECONDS_PER_BYTE = 1.0 / (BANDWIDTH_GB_S.high * 1e9)


class FitPoint(msgspec.Struct, frozen=True):
    """One measured point: a prefix length and either a speedup or both times in seconds."""

    context_tokens: int
    speedup: float | None = None
    baseline_seconds: float | None = None
    cached_seconds: float | None = None

    @property
    def has_times(self) -> bool:
        """Are both the recompute and the cached time stated?"""
        return self.baseline_seconds is not None and self.cached_seconds is not None

    @property
    def observed_speedup(self) -> float:
        """The stated speedup, else baseline ÷ cached."""
        if self.baseline_seconds is not None and self.cached_seconds is not None:
            return self.baseline_seconds / self.cached_seconds
        if self.speedup is None:
            raise UsageError(
                f"the point at {self.context_tokens:,} tokens has neither a speedup nor both times"
            )
        return self.speedup


class Residual(msgspec.Struct, frozen=True):
    """How well the fit reproduces one point: ``residual`` is predicted ÷ observed − 1."""

    context_tokens: int
    observed_speedup: float
    predicted_speedup: float

    @property
    def residual(self) -> float:
        """Relative error of the prediction, as a fraction (0.03 is 3 % too high)."""
        return self.predicted_speedup / self.observed_speedup - 1.0


class Fit(msgspec.Struct, frozen=True):
    """The fitted parameters, their residuals and what they imply.

    ``mfu_fixed`` says the MFU was held (a speedup-only fit), not fitted from stated times.
    ``setup`` reproduces the fitted curve (used for the breakeven and the sweep);
    ``breakeven_tokens`` is ``None`` when loading never wins, and ``speedup_at`` maps the
    typical prefixes within the model's window to the fitted speedup there.
    """

    mfu: float
    mfu_fixed: bool
    latency_s: float
    bandwidth_gb_s: float
    residuals: tuple[Residual, ...]
    breakeven_tokens: int | None
    speedup_at: dict[int, float]
    setup: Setup
    notes: tuple[str, ...]

    @property
    def worst_residual(self) -> float:
        """The largest relative error over the points, as a fraction."""
        return max(abs(r.residual) for r in self.residuals)


def fit_points(base: Setup, points: Sequence[FitPoint]) -> Fit:
    """Fit the MFU, load latency and bandwidth that explain ``points`` on ``base``'s hardware.

    ``base`` gives the model, GPUs, formats and power factor, and the MFU held fixed when no
    point states its times. Raises ``UsageError`` with one clear sentence when the points cannot
    be fitted: fewer than two distinct prefix lengths, or a point with neither form.
    """
    if len({p.context_tokens for p in points}) < 2:
        got = "one point" if len(points) == 1 else f"{len(points)} points at one prefix length"
        raise UsageError(
            f"a fit needs points at two or more prefix lengths, got {got}: "
            "one ratio cannot separate a fixed latency from a bandwidth"
        )
    observed = [p.observed_speedup for p in points]
    notes: list[str] = []
    slower = [p for p, s in zip(points, observed, strict=True) if s < 1]
    if slower:
        listed = ", ".join(f"{p.context_tokens:,}" for p in slower)
        notes.append(
            f"at {listed} tokens the vendor's own figures show recomputing winning (speedup "
            "below 1); those points are fitted like the others"
        )
    window = base.model.max_context_tokens
    beyond = sorted({p.context_tokens for p in points if p.context_tokens > window})
    if beyond:
        listed = ", ".join(f"{n:,}" for n in beyond)
        notes.append(
            f"{listed} tokens lie beyond {base.model.id}'s {window:,}-token window: the vendor "
            "ran another model or a longer window"
        )
    timed = [p for p in points if p.has_times]
    mfu = _fit_mfu(base, timed) if timed else base.mfu
    if mfu > 1:
        notes.append(
            f"the stated baseline times need MFU {mfu:.2f}, above the GPUs' dense peak: they ran "
            "on more GPUs, in FP8 or with a cache; the curve below keeps their ratios"
        )
    # Load seconds of each point: stated, else the recompute time over the speedup.
    cached = [
        p.cached_seconds
        if p.has_times and p.cached_seconds is not None
        else _recompute_s(base, p.context_tokens, mfu) / s
        for p, s in zip(points, observed, strict=True)
    ]
    bytes_ = [float(_bytes(base, p.context_tokens)) for p in points]
    latency_s, seconds_per_byte, edge = _fit_load(bytes_, cached)
    notes.extend(edge)
    bandwidth_gb_s = 1.0 / (seconds_per_byte * 1e9)
    residuals = tuple(
        Residual(
            p.context_tokens,
            s,
            _recompute_s(base, p.context_tokens, mfu) / (latency_s + b * seconds_per_byte),
        )
        for p, s, b in zip(points, observed, bytes_, strict=True)
    )
    ceiling_gb_s = base.gpu_count * base.gpu.host_link_effective_gb_s
    if bandwidth_gb_s > ceiling_gb_s:
        notes.append(
            f"the fitted {bandwidth_gb_s:.3g} GB/s is above the {ceiling_gb_s:.3g} GB/s the "
            f"{base.gpu_count} GPU host link{'s' if base.gpu_count > 1 else ''} carry: the points "
            "need a faster path than the claimed GPUs have"
        )
    curve = _curve_setup(base, mfu, latency_s, bandwidth_gb_s)
    return Fit(
        mfu=mfu,
        mfu_fixed=not timed,
        latency_s=latency_s,
        bandwidth_gb_s=bandwidth_gb_s,
        residuals=residuals,
        breakeven_tokens=breakeven_tokens(curve),
        speedup_at={n: speedup_at(curve, n) for n in TYPICAL_PREFIXES if n <= window},
        setup=curve,
        notes=tuple(notes),
    )


def _recompute_s(base: Setup, tokens: int, mfu: float) -> float:
    """Recompute seconds of a prefix at ``mfu``: FLOPs ÷ (G · peak · MFU · power factor)."""
    return recompute_seconds(base.model_copy(update={"mfu": mfu}), tokens)


def _bytes(base: Setup, tokens: int) -> int:
    return kv_bytes(
        base.model,
        tokens,
        base.kv_dtype,
        windowed_layers_store_full=base.windowed_layers_store_full,
    )


def _fit_mfu(base: Setup, timed: Sequence[FitPoint]) -> float:
    """One MFU for every stated baseline: least squares on relative time errors.

    Each point implies ``y = FLOPs / (G·peak·s·T)``; minimising ``Σ (y/u − 1)²`` over ``1/u``
    gives ``u = Σy² / Σy``, which is ``y`` itself for one point.
    """
    implied = [
        _recompute_s(base, p.context_tokens, 1.0) / p.baseline_seconds
        for p in timed
        if p.baseline_seconds is not None
    ]
    return sum(y * y for y in implied) / sum(implied)


def _fit_load(bytes_: Sequence[float], seconds: Sequence[float]) -> tuple[float, float, list[str]]:
    """``(t0, seconds per byte, notes)`` minimising ``Σ ((t0 + k·x − C) / C)²``.

    Weighted linear least squares in closed form (weights ``1/C²``, so each point's error
    counts relative to its own time, as a speedup error does). The constraints ``t0 ≥ 0`` and
    ``k ≥ k_min`` bound a convex quadratic, so the best point is the free optimum when it is
    feasible and otherwise the best of the two edges.
    """
    weights = [1.0 / (c * c) for c in seconds]
    s_w = sum(weights)
    s_x = sum(w * x for w, x in zip(weights, bytes_, strict=True))
    s_xx = sum(w * x * x for w, x in zip(weights, bytes_, strict=True))
    s_c = sum(w * c for w, c in zip(weights, seconds, strict=True))
    s_xc = sum(w * x * c for w, x, c in zip(weights, bytes_, seconds, strict=True))
    det = s_w * s_xx - s_x * s_x
    if det > 1e-12 * s_w * s_xx:
        latency_s = (s_xx * s_c - s_x * s_xc) / det
        per_byte = (s_w * s_xc - s_x * s_c) / det
        if latency_s >= 0 and per_byte >= _MIN_SECONDS_PER_BYTE:
            return latency_s, per_byte, []

    def cost(t0: float, k: float) -> float:
        return sum(((t0 + k * x - c) / c) ** 2 for x, c in zip(bytes_, seconds, strict=True))

    no_latency = (0.0, max(_MIN_SECONDS_PER_BYTE, s_xc / s_xx))
    fastest = (max(0.0, (s_c - _MIN_SECONDS_PER_BYTE * s_x) / s_w), _MIN_SECONDS_PER_BYTE)
    if cost(*no_latency) <= cost(*fastest):
        note = (
            "the points imply a negative fixed latency (the load time grows faster than the KV): "
            "latency held at 0 and the bandwidth fitted alone"
        )
        return no_latency[0], no_latency[1], [note]
    note = (
        "the points' load times do not grow with the prefix: bandwidth held at the "
        f"{BANDWIDTH_GB_S.high:,.0f} GB/s end of the accepted range and the latency fitted alone"
    )
    return fastest[0], fastest[1], [note]


def _curve_setup(base: Setup, mfu: float, latency_s: float, bandwidth_gb_s: float) -> Setup:
    """A Setup whose every speedup is the fitted one.

    Speedups depend on R and C only through their ratio, so an MFU above 1 (which a Setup
    refuses) is brought to 1 with the load time scaled by the same factor. The GPUs' host-link
    ceiling is lifted to the fitted bandwidth: the curve is the vendor's, not the hardware's.
    """
    scale = max(mfu, 1.0)
    gpu = base.gpu
    per_gpu_gb_s = bandwidth_gb_s / scale / base.gpu_count
    if per_gpu_gb_s > min(gpu.host_link_gb_s, gpu.host_link_effective_gb_s):
        gpu = gpu.model_copy(
            update={"host_link_gb_s": per_gpu_gb_s, "host_link_measured_gb_s": None}
        )
    return base.model_copy(
        update={
            "gpu": gpu,
            "mfu": mfu / scale,
            "latency_s": latency_s * scale,
            "bandwidth_gb_s": bandwidth_gb_s / scale,
            "tier": None,
        }
    )
