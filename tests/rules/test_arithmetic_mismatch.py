from __future__ import annotations

from claimcheck.settings import Thresholds
from tests.rules.helpers import findings


def test_contradiction_is_an_error() -> None:
    hit = findings(speedup=45, baseline_seconds=38, cached_seconds=1.9)["KV202"]
    # 38 ÷ 1.9 = 20.0; |45 − 20| ÷ 20 = 125 %
    assert "38 s ÷ 1.9 s = 20.0x (125% apart" in hit.message
    assert hit.severity == "error"


def test_within_five_percent_passes() -> None:
    # 57 ÷ 2.1 = 27.14; 27 is 0.5 % away
    assert "KV202" not in findings(speedup=27, baseline_seconds=57, cached_seconds=2.1)
    # 20 × 1.05 = 21 is exactly at the tolerance
    assert "KV202" not in findings(speedup=21, baseline_seconds=20, cached_seconds=1)


def test_each_figure_may_be_anything_that_rounds_to_it() -> None:
    # "~4× faster (26 ms vs 99 ms)": 99 ÷ 26 = 3.81, 5 % from 4, but a written "4x" is
    # anything from 3.5x to 4.5x
    assert "KV202" not in findings(speedup=4, baseline_seconds=0.099, cached_seconds=0.026)
    # 20 s ÷ 1 s, each time rounded by at most 1 %: at most 20.2 ÷ 0.99 = 20.40x. A stated
    # 21.3x is at least 21.25x: (21.25 − 20.40) ÷ 20 = 4.2 %, within the tolerance; a stated
    # 21.5x is at least 21.45x: (21.45 − 20.40) ÷ 20 = 5.2 %, beyond it
    assert "KV202" not in findings(speedup=21.3, baseline_seconds=20, cached_seconds=1)
    assert "KV202" in findings(speedup=21.5, baseline_seconds=20, cached_seconds=1)
    # "200x … 126 seconds … 0.5 seconds": 126 ÷ 0.5 = 252x, and no rounding reaches 200x
    assert "KV202" in findings(speedup=200, baseline_seconds=126, cached_seconds=0.5)


def test_needs_both_times() -> None:
    assert "KV202" not in findings(speedup=45, baseline_seconds=38)


def test_tolerance_is_configurable() -> None:
    loose = Thresholds(mismatch_tolerance=0.2)
    assert "KV202" not in findings(
        speedup=23, baseline_seconds=20, cached_seconds=1, thresholds=loose
    )
