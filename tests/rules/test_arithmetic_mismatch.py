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
    # 20 × 1.05 = 21 is exactly at the tolerance; 21.1 is beyond it
    assert "KV202" not in findings(speedup=21, baseline_seconds=20, cached_seconds=1)
    assert "KV202" in findings(speedup=21.1, baseline_seconds=20, cached_seconds=1)


def test_needs_both_times() -> None:
    assert "KV202" not in findings(speedup=45, baseline_seconds=38)


def test_tolerance_is_configurable() -> None:
    loose = Thresholds(mismatch_tolerance=0.2)
    assert "KV202" not in findings(
        speedup=23, baseline_seconds=20, cached_seconds=1, thresholds=loose
    )
