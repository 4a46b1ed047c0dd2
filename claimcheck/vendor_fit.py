"""A claim's own points, fitted: the latency, bandwidth and MFU its vendor's figures imply.

The glue between a Claim and ``physics.fit`` (docs/model.md, "Fitting a vendor's own points"):
which points, which hardware, which MFU to hold, and the report's ``fit`` object.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from claimcheck.claim import Claim, Metric
from claimcheck.claim import Point as ClaimPoint
from claimcheck.defaults import DEFAULT_OUTPUT_TOKENS
from claimcheck.errors import UsageError
from claimcheck.implied import FitResidual, PointsFit

if TYPE_CHECKING:
    from claimcheck.catalog import GpuSpec, ModelSpec
    from claimcheck.physics.fit import Fit, FitPoint
    from claimcheck.record import ClaimRecord

_RATIO_METRICS = {Metric.TTFT, Metric.PREFILL, Metric.UNSPECIFIED}
_NOT_FITTED = "the claim's points are not fitted"
# What must not differ between two figures of one sentence for them to be points of one setup.
_SETUP_FIELDS = ("model", "params_billions", "gpu", "gpu_count", "tier", "power_watts")
# More figures than this in one sentence are a table flattened into prose, not one setup's
# points; copying every point into every claim would also grow the report quadratically.
MAX_SENTENCE_POINTS = 16


def sentence_points(records: Sequence[ClaimRecord]) -> list[ClaimRecord]:
    """Figures read from one sentence ("3.7x at 32K and 7.6x at 131K tokens") as points.

    Claims read from the same sentence, each with its own prefix length and a speedup (or both
    times), with no setup field that differs between them, each gain the group's ``points``;
    every other record is returned as it is.
    """
    if len(records) < 2:  # a file of one claim: nothing to group (most files of a batch)
        return list(records)
    groups: dict[tuple[object, ...], list[int]] = {}
    for index, record in enumerate(records):
        claim = record.claim
        if claim.text is not None and claim.points is None and _point_of(claim) is not None:
            key = (record.path, record.position, claim.text)
            groups.setdefault(key, []).append(index)
    out = list(records)
    for members in groups.values():
        claims = [records[i].claim for i in members]
        contexts = {c.context_tokens for c in claims}
        if len(contexts) < 2 or len(claims) > MAX_SENTENCE_POINTS or not _one_setup(claims):
            continue
        points = tuple(p for c in claims if (p := _point_of(c)) is not None)
        for i in members:
            record = records[i]
            others = ", ".join(
                f"{_ratio(p):.3g}x at {p.context_tokens:,} tokens"
                for p in points
                if p.context_tokens != record.claim.context_tokens
            )
            out[i] = msgspec.structs.replace(
                record,
                claim=record.claim.model_copy(update={"points": points}),
                readings=(
                    *record.readings,
                    f"taken with the sentence's other figures ({others}) as points of one setup",
                ),
            )
    return out


def _point_of(claim: Claim) -> ClaimPoint | None:
    """The claim's headline as a point, when it has a prefix length and a ratio."""
    if claim.context_tokens is None or claim.metric not in _RATIO_METRICS:
        return None
    # The claim's own fields, checked against the same bounds (a claim's speedup is at least 1,
    # a point's at least 1e-6): the point needs no validator of its own.
    if claim.baseline_seconds is not None and claim.cached_seconds is not None:
        return ClaimPoint.model_construct(
            context_tokens=claim.context_tokens,
            baseline_seconds=claim.baseline_seconds,
            cached_seconds=claim.cached_seconds,
        )
    if claim.speedup is None:
        return None
    return ClaimPoint.model_construct(context_tokens=claim.context_tokens, speedup=claim.speedup)


def _ratio(point: ClaimPoint) -> float:
    if point.baseline_seconds is not None and point.cached_seconds is not None:
        return point.baseline_seconds / point.cached_seconds
    return point.speedup or 0.0


def _one_setup(claims: Sequence[Claim]) -> bool:
    """No setup field is stated with two different values, and at most one metric is named."""
    for name in _SETUP_FIELDS:
        if len({getattr(c, name) for c in claims} - {None}) > 1:
            return False
    family = {Metric.PREFILL: Metric.TTFT}
    metrics = {family.get(c.metric, c.metric) for c in claims} - {Metric.UNSPECIFIED}
    return len(metrics) <= 1


def fit_claim(
    claim: Claim,
    model: ModelSpec | None,
    gpu: GpuSpec | None,
    gpu_count: int,
    assumed_mfu: float,
    output_tokens: int = DEFAULT_OUTPUT_TOKENS,
    *,
    curve: bool = True,
) -> tuple[PointsFit | None, list[str]]:
    """The fit of ``claim``'s points on the resolved hardware, and notes for the assumptions.

    The headline (``speedup`` or both times at ``context_tokens``) counts as a point unless a
    point at its context is listed. The MFU is fitted from stated times when points have them,
    else held at the claim's own calibration (its baseline time), else at ``assumed_mfu``.
    ``(None, [why])`` when there is nothing to fit or the fit cannot be made. ``curve``: with
    the fitted curve sampled for a chart.
    """
    if not claim.points:
        return None, []
    if claim.metric not in _RATIO_METRICS:
        return None, [
            f"{_NOT_FITTED}: a {claim.metric.value} figure is not a recompute-versus-load ratio"
        ]
    if model is None or gpu is None:
        return None, [f"{_NOT_FITTED}: the fit needs the model and the GPU"]
    from claimcheck import physics
    from claimcheck.physics.fit import fit_points

    points, notes = _points(claim)
    mfu, power, basis = _held_mfu(claim, model, gpu, gpu_count, assumed_mfu)
    base = physics.Setup(model=model, gpu=gpu, gpu_count=gpu_count, mfu=mfu, power_factor=power)
    try:
        fit = fit_points(base, points)
    except UsageError as err:
        return None, [*notes, f"{_NOT_FITTED}: {err.message}"]
    except (ArithmeticError, ValueError) as err:  # out of range despite the bounds
        return None, [*notes, f"{_NOT_FITTED}: the figures are out of range ({err})"]
    report = report_of(fit, len(points), basis)
    if curve:  # for the chart; not in JSON
        from claimcheck.curve import speedup_curve

        drawn = speedup_curve(fit.setup, output_tokens, tuple(p.context_tokens for p in points))
        report = msgspec.structs.replace(report, curve=drawn)
    return report, [*notes, _summary(report)]


def _points(claim: Claim) -> tuple[list[FitPoint], list[str]]:
    from claimcheck.physics.fit import FitPoint

    points = [
        FitPoint(p.context_tokens, p.speedup, p.baseline_seconds, p.cached_seconds)
        for p in claim.points or ()
    ]
    tokens = claim.context_tokens
    has_ratio = claim.speedup is not None or (
        claim.baseline_seconds is not None and claim.cached_seconds is not None
    )
    if tokens is None or not has_ratio or any(p.context_tokens == tokens for p in points):
        return points, []
    headline = FitPoint(tokens, claim.speedup, claim.baseline_seconds, claim.cached_seconds)
    return [*points, headline], [f"the headline at {tokens:,} tokens is fitted as one more point"]


def _held_mfu(
    claim: Claim, model: ModelSpec, gpu: GpuSpec, count: int, assumed: float
) -> tuple[float, float, str]:
    """``(mfu, power factor, why)`` for a speedup-only fit; a fit with times replaces the MFU."""
    from claimcheck import physics

    tokens, baseline_s = claim.context_tokens, claim.baseline_seconds
    if tokens and baseline_s:
        flops = physics.prefill_flops(model, tokens)
        implied = physics.implied_mfu(flops, baseline_s, gpu, count)
        if implied <= 1:
            return implied, 1.0, f"calibrated from the claim's {baseline_s:g} s baseline"
    power = 1.0
    if claim.power_watts is not None and (gpu.default_power_w or gpu.max_power_w):
        power = physics.power_factor(gpu, claim.power_watts).factor
    why = "the assumed MFU; docs/model.md §2"
    return assumed, power, f"{why}{f', power factor {power:.2f}' if power < 1 else ''}"


def report_of(fit: Fit, count: int, basis: str) -> PointsFit:
    """The report's ``fit`` object: ``basis`` says where a held MFU came from."""
    if fit.mfu_fixed:
        method = (
            f"latency and bandwidth fitted to {count} speedups by least squares on relative "
            f"errors, MFU held at {fit.mfu:.3g} ({basis}): speedups fix only the ratio of "
            "recompute to load time, so one parameter must be held; the breakeven and the "
            "speedups at other prefixes do not depend on it"
        )
    else:
        method = (
            "MFU fitted to the stated baseline times, latency and bandwidth to the load times, "
            "by least squares on relative errors"
        )
    return PointsFit(
        mfu=_sig(fit.mfu),
        latency_s=_sig(fit.latency_s),
        bandwidth_gb_s=_sig(fit.bandwidth_gb_s),
        fixed="mfu" if fit.mfu_fixed else None,
        method=method,
        residuals=[
            FitResidual(
                context_tokens=r.context_tokens,
                observed_speedup=_sig(r.observed_speedup),
                predicted_speedup=_sig(r.predicted_speedup),
                residual_percent=round(100 * r.residual, 2),
            )
            for r in fit.residuals
        ],
        breakeven_tokens=fit.breakeven_tokens,
        speedup_at={str(n): round(s, 2) for n, s in fit.speedup_at.items()},
        notes=[*fit.notes, *_plausibility(fit)],
    )


PLAUSIBLE_LATENCY_S = 0.2
"""The largest fixed load latency taken without a note: twenty times the slowest tier in the
catalog (an object store, 10 ms; docs/model.md §3)."""


def _plausibility(fit: Fit) -> list[str]:
    """A note when the fitted latency is beyond any storage tier's."""
    if fit.latency_s <= PLAUSIBLE_LATENCY_S:
        return []
    return [
        f"A fixed load latency of {fit.latency_s:.3g} s is beyond any storage tier's (an object "
        "store starts in about 10 ms, docs/model.md §3): the points were likely measured on "
        "another model, GPU count or precision than the one fitted, or their times include "
        "more than the load."
    ]


def _summary(fit: PointsFit) -> str:
    """One line for the assumptions, so every format shows the fit."""
    held = " (held)" if fit.fixed == "mfu" else ""
    worst = max(abs(r.residual_percent) for r in fit.residuals)
    breakeven = (
        f"≈ {fit.breakeven_tokens:,} tokens" if fit.breakeven_tokens is not None else "never"
    )
    at = ", ".join(f"{int(n) // 1000}K {s:g}x" for n, s in fit.speedup_at.items())
    text = (
        f"fit of the vendor's {len(fit.residuals)} points: load {fit.latency_s * 1000:.3g} ms + "
        f"{fit.bandwidth_gb_s:.3g} GB/s, MFU {fit.mfu:.3g}{held}; worst residual {worst:.1f} %; "
        f"breakeven {breakeven}"
    )
    text += f"; {at}" if at else ""
    return " ".join([text, *fit.notes])


def _sig(value: float) -> float:
    """Four significant figures."""
    return float(f"{value:.4g}")
