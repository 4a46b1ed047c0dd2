"""Power-cap factors against the published points of docs/model.md §5 (figures typed here from
the sources, not from the code)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.catalog import GpuSpec
from claimcheck.errors import UsageError
from claimcheck.physics import FAMILY_CURVES, GENERIC_CURVE, power_factor
from tests.setups import CATALOG, H100

A100 = CATALOG.require_gpu("a100-sxm")  # default limit 400 W, minimum 100 W


@pytest.mark.parametrize("cap_w", [700, 701, 1_000])
def test_cap_at_or_above_the_default_limit_costs_nothing(cap_w: float) -> None:
    result = power_factor(H100, cap_w)
    assert result.factor == 1.0
    assert not result.extrapolated


@pytest.mark.parametrize(
    ("gpu", "cap_w", "low", "high"),
    [
        # MLPerf Inference v4.0, DGX-H100: BERT-99 53,727 / 70,116 samples/s at 400 W
        ("h100-sxm", 400, 0.74, 0.80),
        # Llama-2-70B 17,562 / 21,806 tok/s and BERT-99.9 50,999 / 62,183 at 450 W
        ("h100-sxm", 450, 0.79, 0.84),
        # MLPerf Inference v4.0, DGX-H100 at 350 W: GPT-J-99 178.896 / 239.895 = 0.746 and
        # Stable Diffusion XL 9.64827 / 13.1263 = 0.735 samples/s
        ("h100-sxm", 350, 0.735, 0.746),
        # 500 W: between the 450 W points (0.81–0.82) and 600 W guidance (0.85–0.90)
        ("h100-sxm", 500, 0.81, 0.90),
        # MLPerf Inference v2.1, DGX-A100: 11,152 / 13,968 samples/s at 275 of 400 W
        ("a100-sxm", 275, 0.78, 0.82),
        # MLPerf Inference v3.0, A100 PCIe: 11,269 / 13,534 samples/s at 240 of 300 W
        ("a100-pcie", 240, 0.81, 0.85),
        # AMD: MI300X at 750 W measures 708 of the MI325X's 843 BF16 TFLOPS at 1,000 W; the
        # same shape below the MI300X's own limit: 0.75 of it keeps about 0.84
        ("mi300x", 562.5, 0.80, 0.88),
    ],
)
def test_predictions_fall_in_the_band_of_the_published_points(
    gpu: str, cap_w: float, low: float, high: float
) -> None:
    assert low <= power_factor(CATALOG.require_gpu(gpu), cap_w).factor <= high


def test_the_old_generic_curve_was_far_too_steep_for_hopper() -> None:
    # the consumer-card sweep gave 0.43 at 350 W, while the H100 PCIe bound is about 0.76
    generic = dict(GENERIC_CURVE.table)
    assert generic[200 / 350] == pytest.approx(5_941 / 9_893)  # 0.60 at 57 % of the limit
    assert power_factor(H100, 400).factor > 0.74  # the Hopper curve: 0.77 measured there


def test_b200_caps_are_taken_against_its_700_w_default_set_point() -> None:
    b200 = CATALOG.require_gpu("b200")
    assert (b200.default_power_w, b200.max_power_w) == (700, 1000)
    assert power_factor(b200, 700).factor == 1.0
    result = power_factor(b200, 490)  # 0.7 of 700 W: the B100's 1,750 / 2,250 TFLOPS
    assert result.cap_fraction == pytest.approx(0.7)
    assert result.factor == pytest.approx(1_750 / 2_250)
    assert "700 W default limit" in result.source


def test_every_curve_rises_to_one_and_names_a_source_for_each_point() -> None:
    for curve in (*FAMILY_CURVES.values(), GENERIC_CURVE):
        xs = [p.cap_fraction for p in curve.points]
        ys = [p.factor for p in curve.points]
        assert xs == sorted(xs) and ys == sorted(ys)
        assert (xs[-1], ys[-1]) == (1.0, 1.0)
        assert all(p.source for p in curve.points)
        assert any(p.measured for p in curve.points)


def test_gpus_without_a_family_use_the_generic_curve() -> None:
    l40s = CATALOG.require_gpu("l40s")
    assert l40s.family is None
    assert "generic" in power_factor(l40s, 250).source


def test_below_the_measured_points_is_flagged_as_extrapolated() -> None:
    # the lowest measured Hopper cap is 400 W; 300 W is an estimate
    assert power_factor(H100, 300).extrapolated
    assert not power_factor(H100, 450).extrapolated
    # far below the first point the factor falls in proportion to the cap
    lowest_x, lowest_y = FAMILY_CURVES["ampere"].table[0]
    result = power_factor(A100, 100)  # 0.25 of 400 W, below the first point 0.3
    assert result.factor == pytest.approx(lowest_y * 0.25 / lowest_x)


def test_caps_below_the_settable_minimum_are_flagged() -> None:
    assert power_factor(H100, 150).below_minimum
    assert not power_factor(H100, 200).below_minimum


def test_unknown_default_limit_falls_back_to_the_vendor_maximum() -> None:
    result = power_factor(CATALOG.require_gpu("gb200"), 600)  # no verified default; max 1,200 W
    assert result.cap_fraction == pytest.approx(0.5)
    assert "vendor maximum" in result.source


def test_a_gpu_with_its_own_curve_uses_it() -> None:
    fields = H100.model_dump() | {"id": "h100-swept", "power_curve": [[0.5, 0.4], [1.0, 1.0]]}
    swept = GpuSpec.model_validate(fields)
    result = power_factor(swept, 525)  # 0.75 of 700 W: half way from 0.4 to 1.0
    assert result.factor == pytest.approx(0.7)
    assert "Hopper" not in result.source


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
