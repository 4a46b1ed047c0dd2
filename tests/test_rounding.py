"""Rounding allowed between a stated speedup and its own times (rule KV202)."""

from __future__ import annotations

import pytest

from claimcheck.rounding import gap, half_unit


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (4.0, 0.5),  # "4x"
        (1.7, 0.05),
        (0.885, 0.0005),  # "0.885s"
        (0.026, 0.0005),  # "26 ms", held in seconds
        (0.35769999999999996, 0.00005),  # "357.7 ms" in seconds: a float's tail is no digit
        (1.5e20, 5e18),
    ],
)
def test_half_a_unit_of_the_last_written_digit(value: float, expected: float) -> None:
    assert half_unit(value) == pytest.approx(expected)


def test_a_ratio_that_rounds_to_the_headline_is_no_gap() -> None:
    # 99 ÷ 26 = 3.81: "4x" covers 3.5x to 4.5x
    assert gap(4, 0.099, 0.026) == 0.0
    # 30 ÷ 4 = 7.5; "7x" reaches 7.5x
    assert gap(7, 30, 4) == 0.0


def test_the_gap_is_what_no_rounding_closes() -> None:
    # 126 s ± 0.5 s (0.4 %), 0.5 s ± 0.005 s (capped at 1 %): the ratio is at least
    # 125.5 ÷ 0.505 = 248.5x; "200x" is at most 200.5x; (248.5 − 200.5) ÷ 252 = 19.0 %
    assert gap(200, 126, 0.5) == pytest.approx((125.5 / 0.505 - 200.5) / 252, rel=1e-9)
    # above the ratio: 57 ÷ 2.1 = 27.14, at most 57.5 ÷ 2.079 = 27.66x; "40x" is at least 39.5x
    assert gap(40, 57, 2.1) == pytest.approx((39.5 - 57.5 / 2.079) / (57 / 2.1), rel=1e-9)
