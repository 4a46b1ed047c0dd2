"""Power-cap factors against the sweep of docs/model.md §5."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.catalog import GpuSpec, builtin_catalog
from claimcheck.errors import UsageError
from claimcheck.physics import power_factor

CATALOG = builtin_catalog()
H100 = CATALOG.require_gpu("h100-sxm")  # default limit 700 W, minimum 200 W
A100 = CATALOG.require_gpu("a100-sxm")  # default limit 400 W, minimum 100 W


@pytest.mark.parametrize("cap_w", [700, 701, 1_000])
def test_cap_at_or_above_the_default_limit_costs_nothing(cap_w: float) -> None:
    result = power_factor(H100, cap_w)
    assert result.factor == 1.0
    assert not result.extrapolated


@pytest.mark.parametrize(
    ("cap_w", "factor"),
    [
        # RTX 3090 sweep, prefill tok/s relative to 9,893 at the 350 W default, scaled to
        # H100's 700 W: 300/350 → 600 W, 250/350 → 500 W, …, 100/350 → 200 W
        (600, 9_326 / 9_893),
        (500, 8_436 / 9_893),
        (400, 5_941 / 9_893),
        (300, 2_549 / 9_893),
        (200, 1_390 / 9_893),
    ],
)
def test_generic_curve_reproduces_the_measured_sweep(cap_w: float, factor: float) -> None:
    result = power_factor(H100, cap_w)
    assert result.factor == pytest.approx(factor)
    assert not result.extrapolated
    assert "RTX 3090" in result.source
    assert "700 W default limit" in result.source


def test_shape_is_flat_near_the_default_then_steep() -> None:
    # docs/model.md §5: nearly flat down to ~70 % of the default cap, then a knee
    assert power_factor(H100, 0.85 * 700).factor > 0.9
    assert power_factor(H100, 0.45 * 700).factor < 0.35


def test_between_points_the_curve_is_interpolated() -> None:
    # 650 W = 13/14 of 700 W, half way between 600 W (0.9427) and 700 W (1.0)
    expected = (9_326 / 9_893 + 1.0) / 2
    assert power_factor(H100, 650).factor == pytest.approx(expected)


def test_below_the_measured_range_is_flagged_as_extrapolated() -> None:
    # A100 at its 100 W minimum = 25 % of 400 W, below the lowest measured 100/350 ≈ 28.6 %;
    # the factor falls in proportion to the cap from the lowest point
    result = power_factor(A100, 100)
    assert result.extrapolated
    assert not result.below_minimum
    assert result.factor == pytest.approx(1_390 / 9_893 * 0.25 / (100 / 350))


def test_caps_below_the_settable_minimum_are_flagged() -> None:
    assert power_factor(H100, 150).below_minimum
    assert not power_factor(H100, 200).below_minimum


def test_unknown_default_limit_falls_back_to_the_vendor_maximum() -> None:
    # B200: no verified default; 700 W of its 1,000 W maximum = 0.7, between 200/350 and 250/350
    result = power_factor(CATALOG.require_gpu("b200"), 700)
    low, high = 200 / 350, 250 / 350
    low_f, high_f = 5_941 / 9_893, 8_436 / 9_893
    assert result.cap_fraction == pytest.approx(0.7)
    assert result.factor == pytest.approx(low_f + (high_f - low_f) * (0.7 - low) / (high - low))
    assert "vendor maximum" in result.source


def test_a_gpu_with_its_own_curve_uses_it() -> None:
    fields = H100.model_dump() | {"id": "h100-swept", "power_curve": [[0.5, 0.4], [1.0, 1.0]]}
    swept = GpuSpec.model_validate(fields)
    result = power_factor(swept, 525)  # 0.75 of 700 W: half way from 0.4 to 1.0
    assert result.factor == pytest.approx(0.7)
    assert "RTX 3090" not in result.source


def test_invalid_caps_and_unknown_limits_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="positive"):
        power_factor(H100, 0)
    bare = GpuSpec.model_validate(
        H100.model_dump() | {"max_power_w": None, "default_power_w": None, "min_power_w": None}
    )
    with pytest.raises(UsageError, match="no power limit"):
        power_factor(bare, 300)


@given(
    gpu_id=st.sampled_from([gpu.id for gpu in CATALOG.gpus]),
    cap_w=st.floats(min_value=1.0, max_value=1_500.0),
    lower_by=st.floats(min_value=0.0, max_value=0.99),
)
def test_lower_cap_never_raises_the_factor(gpu_id: str, cap_w: float, lower_by: float) -> None:
    gpu = CATALOG.require_gpu(gpu_id)
    higher = power_factor(gpu, cap_w).factor
    lower = power_factor(gpu, cap_w * (1 - lower_by)).factor
    assert 0 < lower <= higher <= 1
