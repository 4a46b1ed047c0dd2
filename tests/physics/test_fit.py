"""Fitting a vendor's own points (docs/model.md, "Fitting a vendor's own points")."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.errors import UsageError
from claimcheck.physics import (
    Setup,
    breakeven_tokens,
    cached_load_seconds,
    recompute_seconds,
    speedup_at,
)
from claimcheck.physics.fit import FitPoint, fit_points
from tests.setups import CATALOG, H100, LLAMA_70B

PREFIXES = (2_000, 8_000, 32_000, 128_000)


def _vendor(model_id: str = "llama-3.1-70b", **fields: object) -> Setup:
    """A vendor's true setup: what the points are generated from."""
    return Setup.model_validate({"model": CATALOG.require_model(model_id), "gpu": H100} | fields)


def _base(true: Setup, mfu: float = 0.5) -> Setup:
    """What claimcheck knows of it: the hardware, not the load path or the MFU."""
    return true.model_copy(update={"mfu": mfu, "bandwidth_gb_s": None, "latency_s": None})


def _timed_points(vendor: Setup) -> list[FitPoint]:
    """Both times at every prefix, as the vendor's own setup gives them."""
    return [
        FitPoint(
            n,
            baseline_seconds=recompute_seconds(vendor, n),
            cached_seconds=cached_load_seconds(vendor, n),
        )
        for n in PREFIXES
    ]


def test_times_recover_latency_bandwidth_and_mfu() -> None:
    true = _vendor(gpu_count=2, mfu=0.6, bandwidth_gb_s=12.0, latency_s=0.004)
    fit = fit_points(_base(true), _timed_points(true))
    assert not fit.mfu_fixed
    assert fit.mfu == pytest.approx(0.6, rel=1e-9)
    assert fit.latency_s == pytest.approx(0.004, rel=1e-6)
    assert fit.bandwidth_gb_s == pytest.approx(12.0, rel=1e-9)
    assert fit.worst_residual < 1e-9
    assert fit.breakeven_tokens == breakeven_tokens(true)


def test_speedups_recover_the_load_path_at_the_held_mfu() -> None:
    true = _vendor("qwen3-30b-a3b", mfu=0.5, bandwidth_gb_s=6.5, latency_s=0.001)
    fit = fit_points(_base(true), [FitPoint(n, speedup_at(true, n)) for n in PREFIXES])
    assert fit.mfu_fixed
    assert (fit.latency_s, fit.bandwidth_gb_s) == pytest.approx((0.001, 6.5), rel=1e-6)


def test_a_wrong_held_mfu_scales_the_load_path_but_not_what_it_implies() -> None:
    # R and C scale together: holding 0.5 for a true 0.6 gives t0 × 0.6/0.5 and B × 0.5/0.6,
    # and the same breakeven and speedups.
    true = _vendor(mfu=0.6, bandwidth_gb_s=12.0, latency_s=0.004)
    fit = fit_points(_base(true, 0.5), [FitPoint(n, speedup_at(true, n)) for n in PREFIXES])
    assert fit.latency_s == pytest.approx(0.004 * 0.6 / 0.5, rel=1e-6)
    assert fit.bandwidth_gb_s == pytest.approx(12.0 * 0.5 / 0.6, rel=1e-6)
    assert fit.breakeven_tokens == breakeven_tokens(true)
    for n, speedup in fit.speedup_at.items():
        assert speedup == pytest.approx(speedup_at(true, n), rel=1e-6)


def test_the_worked_example_recovers_its_stated_load_path() -> None:
    # docs/model.md §9: Llama-3.1-70B on 2 × H100 SXM at MFU 0.5, BF16 KV from host memory at
    # 2 × 55.6 GB/s with 1 ms of latency, stated as a vendor would: 60.7x at 32K, 105.6x at 131K.
    r_32k = (2 * 68.45e9 * 32_000 + 80 * 64 * 256 * 32_000**2) / (2 * 989e12 * 0.5)
    r_131k = (2 * 68.45e9 * 131_000 + 80 * 64 * 256 * 131_000**2) / (2 * 989e12 * 0.5)
    bytes_32k, bytes_131k = 32_000 * 327_680, 131_000 * 327_680
    assert r_32k / (0.001 + bytes_32k / 111.2e9) == pytest.approx(60.7, abs=0.05)
    assert r_131k / (0.001 + bytes_131k / 111.2e9) == pytest.approx(105.6, abs=0.05)
    base = Setup(model=LLAMA_70B, gpu=H100, gpu_count=2, mfu=0.5)
    fit = fit_points(base, [FitPoint(32_000, 60.7), FitPoint(131_000, 105.6)])
    per_byte = (r_131k / 105.6 - r_32k / 60.7) / (bytes_131k - bytes_32k)
    assert fit.bandwidth_gb_s == pytest.approx(1 / per_byte / 1e9, rel=1e-3)
    assert (fit.bandwidth_gb_s, fit.latency_s) == pytest.approx((111.2, 0.001), rel=0.03)
    assert fit.breakeven_tokens == 8
    assert fit.speedup_at[4_000] == pytest.approx(44.9, abs=0.05)
    assert not fit.notes


def test_two_points_are_reproduced_within_5_percent() -> None:
    # docs/model.md §9: the illustrative 3.7x at 32K and 7.6x at 131K, Llama-3.1-70B, fitted on
    # 1 × H100 as the usage guide's command line does (0.33 s and 8.5 GB/s on 2 × H100).
    base = Setup(model=LLAMA_70B, gpu=H100, mfu=0.5)
    fit = fit_points(base, [FitPoint(32_000, 3.7), FitPoint(131_000, 7.6)])
    for point, observed in zip(fit.residuals, (3.7, 7.6), strict=True):
        assert abs(point.residual) < 0.05
        assert speedup_at(fit.setup, point.context_tokens) == pytest.approx(observed, rel=0.05)
    # By hand: R = FLOPs / (989e12 × 0.5); C = R / speedup; k = ΔC / Δbytes; t0 = C − k·bytes.
    r_32k = (2 * 68.45e9 * 32_000 + 80 * 64 * 256 * 32_000**2) / (989e12 * 0.5)
    r_131k = (2 * 68.45e9 * 131_000 + 80 * 64 * 256 * 131_000**2) / (989e12 * 0.5)
    c_32k, c_131k = r_32k / 3.7, r_131k / 7.6
    per_byte = (c_131k - c_32k) / ((131_000 - 32_000) * 327_680)
    assert fit.bandwidth_gb_s == pytest.approx(1 / per_byte / 1e9, rel=1e-3)
    assert fit.latency_s == pytest.approx(c_32k - per_byte * 32_000 * 327_680, rel=1e-3)
    assert (fit.bandwidth_gb_s, fit.latency_s) == pytest.approx((4.25, 0.662), rel=0.01)
    assert fit.breakeven_tokens == pytest.approx(3_180, abs=10)
    assert fit.speedup_at[4_000] == pytest.approx(1.19, abs=0.01)


def test_inconsistent_points_leave_residuals_and_each_is_reported() -> None:
    true = _vendor(mfu=0.5, bandwidth_gb_s=10.0, latency_s=0.01)
    observed = [
        speedup_at(true, n) * bump for n, bump in zip(PREFIXES, (1.0, 1.1, 0.9, 1.0), strict=True)
    ]
    fit = fit_points(_base(true), [FitPoint(n, s) for n, s in zip(PREFIXES, observed, strict=True)])
    assert [r.context_tokens for r in fit.residuals] == list(PREFIXES)
    assert 0.01 < fit.worst_residual < 0.2
    for r, s in zip(fit.residuals, observed, strict=True):
        assert r.observed_speedup == s
        assert r.predicted_speedup == pytest.approx(speedup_at(fit.setup, r.context_tokens))
        assert r.residual == pytest.approx(r.predicted_speedup / s - 1)


def test_the_fit_is_the_least_squares_minimum() -> None:
    true = _vendor(mfu=0.5, bandwidth_gb_s=10.0, latency_s=0.01)
    observed = [
        speedup_at(true, n) * bump for n, bump in zip(PREFIXES, (1.0, 1.1, 0.9, 1.0), strict=True)
    ]
    fit = fit_points(_base(true), [FitPoint(n, s) for n, s in zip(PREFIXES, observed, strict=True)])

    def cost(latency_s: float, bandwidth_gb_s: float) -> float:
        other = fit.setup.model_copy(
            update={"latency_s": latency_s, "bandwidth_gb_s": bandwidth_gb_s}
        )
        # relative load-time errors: observed C = R / s against the model's C
        return sum(
            (cached_load_seconds(other, n) / (recompute_seconds(other, n) / s) - 1) ** 2
            for n, s in zip(PREFIXES, observed, strict=True)
        )

    best = cost(fit.latency_s, fit.bandwidth_gb_s)
    for dt, db in ((1.02, 1), (0.98, 1), (1, 1.02), (1, 0.98)):
        assert cost(fit.latency_s * dt, fit.bandwidth_gb_s * db) > best


@pytest.mark.parametrize(
    "points",
    [[FitPoint(32_000, 3.7)], [FitPoint(32_000, 3.7), FitPoint(32_000, 4.0)]],
    ids=["one point", "one prefix length"],
)
def test_too_few_prefixes_are_refused_with_the_reason(points: list[FitPoint]) -> None:
    with pytest.raises(UsageError, match="two or more prefix lengths"):
        fit_points(Setup(model=LLAMA_70B, gpu=H100), points)


def test_a_point_where_recompute_wins_is_fitted_and_noted() -> None:
    true = _vendor(mfu=0.5, bandwidth_gb_s=2.0, latency_s=0.2)
    points = [FitPoint(n, speedup_at(true, n)) for n in (500, 4_000, 64_000)]
    assert points[0].speedup is not None and points[0].speedup < 1
    fit = fit_points(_base(true), points)
    assert fit.worst_residual < 1e-6
    assert any("500 tokens" in note and "below 1" in note for note in fit.notes)


def test_a_negative_latency_is_held_at_zero() -> None:
    # Load time growing faster than the KV: the free fit would put t0 below zero.
    base = Setup(model=LLAMA_70B, gpu=H100)
    fit = fit_points(base, [FitPoint(10_000, 20.0), FitPoint(100_000, 4.0)])
    assert fit.latency_s == 0
    assert fit.worst_residual > 0.05
    assert any("negative fixed latency" in note for note in fit.notes)


def test_load_times_that_do_not_grow_hold_the_bandwidth_at_its_bound() -> None:
    # The speedup grows faster than recompute does: the load time would have to shrink.
    base = Setup(model=LLAMA_70B, gpu=H100)
    fit = fit_points(base, [FitPoint(10_000, 1.0), FitPoint(100_000, 100.0)])
    assert fit.bandwidth_gb_s == pytest.approx(1e6)
    assert fit.latency_s > 0
    assert any("do not grow" in note for note in fit.notes)


def test_times_faster_than_peak_are_noted_and_keep_their_ratios() -> None:
    true = _vendor(mfu=0.5, bandwidth_gb_s=10.0, latency_s=0.01)
    points = [
        FitPoint(
            n,
            baseline_seconds=recompute_seconds(true, n) / 3,
            cached_seconds=cached_load_seconds(true, n),
        )
        for n in PREFIXES
    ]
    fit = fit_points(_base(true), points)
    assert fit.mfu == pytest.approx(1.5)
    assert any("above the GPUs' dense peak" in note for note in fit.notes)
    for r in fit.residuals:
        assert speedup_at(fit.setup, r.context_tokens) == pytest.approx(r.observed_speedup)


def test_a_bandwidth_above_the_host_links_is_noted_and_kept() -> None:
    true = _vendor(mfu=0.5, bandwidth_gb_s=10.0, latency_s=0.01)
    points = [
        FitPoint(
            n,
            baseline_seconds=recompute_seconds(true, n),
            cached_seconds=cached_load_seconds(true, n) / 20,
        )
        for n in PREFIXES
    ]
    fit = fit_points(_base(true), points)
    assert fit.bandwidth_gb_s == pytest.approx(200.0)
    assert any("host link" in note for note in fit.notes)
    assert speedup_at(fit.setup, 8_000) == pytest.approx(fit.residuals[1].observed_speedup)


def test_a_point_beyond_the_window_is_noted() -> None:
    fit = fit_points(
        Setup(model=LLAMA_70B, gpu=H100), [FitPoint(32_000, 3.7), FitPoint(500_000, 30.0)]
    )
    assert any("500,000 tokens lie beyond" in note for note in fit.notes)
    assert set(fit.speedup_at) == {1_000, 4_000, 16_000}


@settings(max_examples=30, deadline=None)
@given(
    mfu=st.floats(0.05, 1.0),
    bandwidth_gb_s=st.floats(0.5, 500.0),
    latency_s=st.floats(1e-5, 1.0),
)
def test_any_true_setup_is_recovered_from_its_times(
    mfu: float, bandwidth_gb_s: float, latency_s: float
) -> None:
    true = _vendor("llama-3.1-8b", mfu=mfu, bandwidth_gb_s=bandwidth_gb_s, latency_s=latency_s)
    true = true.model_copy(
        update={
            "gpu": H100.model_copy(update={"host_link_gb_s": 1e4, "host_link_measured_gb_s": None})
        }
    )
    fit = fit_points(_base(true), _timed_points(true))
    assert fit.mfu == pytest.approx(mfu, rel=1e-6)
    assert fit.latency_s == pytest.approx(latency_s, rel=1e-4, abs=1e-9)
    assert fit.bandwidth_gb_s == pytest.approx(bandwidth_gb_s, rel=1e-4)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 10**9), st.floats(1e-6, 1e6)), min_size=2, max_size=6),
    st.sampled_from(["llama-3.1-405b", "gpt-oss-120b", "qwen3-30b-a3b"]),
)
def test_any_points_in_range_give_finite_figures_or_a_clear_refusal(
    points: list[tuple[int, float]], model_id: str
) -> None:
    base = Setup(model=CATALOG.require_model(model_id), gpu=H100, mfu=1e-4)
    try:
        fit = fit_points(base, [FitPoint(n, s) for n, s in points])
    except UsageError as err:
        assert "two or more prefix lengths" in err.message
        return
    figures = [fit.mfu, fit.latency_s, fit.bandwidth_gb_s, *fit.speedup_at.values()]
    figures += [r.predicted_speedup for r in fit.residuals]
    assert all(math.isfinite(x) and x >= 0 for x in figures)
    assert 0 < fit.bandwidth_gb_s <= 1e6
