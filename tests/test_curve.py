"""The charted curve is the analysis's own physics: the same speedups at 1K/4K/16K, the same
end-to-end figure at the claim's context, the same breakeven."""

from __future__ import annotations

from claimcheck.audit import Inputs, audit
from claimcheck.catalog import builtin_catalog
from claimcheck.curve import prefix_grid, speedup_curve
from claimcheck.physics import Setup, breakeven_tokens, speedup_at


def test_grid_is_even_on_a_log_scale_and_ends_at_the_window() -> None:
    grid = prefix_grid(131_072, (4_000, 200_000))
    assert grid[0] == 10 and grid[-1] == 131_072
    assert 4_000 in grid and 200_000 not in grid
    assert grid == tuple(sorted(set(grid)))
    assert sum(1 for n in grid if 1_000 <= n < 10_000) == 9  # 8 steps a decade, plus 4K
    # A breakeven of 5 tokens: the curve starts at 1 token, so it crosses 1x on the chart.
    short = prefix_grid(131_072, (5,))
    assert short[0] == 1 and 5 in short and 10 in short


def test_curve_speedups_are_the_physics() -> None:
    catalog = builtin_catalog()
    setup = Setup(
        model=catalog.require_model("llama-3.1-70b"),
        gpu=catalog.require_gpu("h100-sxm"),
        gpu_count=8,
        bandwidth_gb_s=52.0,
        latency_s=0.001,
    )
    curve = speedup_curve(setup, 500, (1_000,))
    by_prefix = {p.prefix_tokens: p for p in curve.points}
    assert by_prefix[1_000].speedup == speedup_at(setup, 1_000)
    assert curve.output_tokens == 500
    # Decode is the same on both paths, so end to end is always nearer 1 than TTFT alone.
    for point in curve.points:
        assert abs(point.end_to_end_speedup - 1) <= abs(point.speedup - 1)
    n_star = breakeven_tokens(setup)
    assert n_star is not None
    below = [p for p in curve.points if p.prefix_tokens < n_star]
    above = [p for p in curve.points if p.prefix_tokens > n_star]
    assert all(p.speedup < 1 for p in below) and all(p.speedup > 1 for p in above)


def test_each_claims_curve_agrees_with_its_analysis() -> None:
    report = audit(Inputs(arguments=["claims"]), charts=True)  # as --format html audits
    with_curve = [c for c in report.claims if c.analysis.curve]
    assert {c.id for c in with_curve} == {"honest-e2e-1.15x", "capped-35x", "dgx-405b-12x"}
    for claim in with_curve:
        assert claim.analysis.curve
        points = {p.prefix_tokens: p for p in claim.analysis.curve.points}
        for n, speedup in claim.analysis.speedup_at_prefix.items():
            assert round(points[int(n)].speedup, 2) == speedup
    dgx = next(c for c in with_curve if c.id == "dgx-405b-12x")
    assert dgx.analysis.curve
    at_context = {p.prefix_tokens: p for p in dgx.analysis.curve.points}[100_000]
    assert round(at_context.end_to_end_speedup, 2) == dgx.analysis.end_to_end_speedup
    assert abs(at_context.speedup - 30 / 2.5) < 0.05 * 12  # calibrated from its own times
