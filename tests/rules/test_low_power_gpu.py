from __future__ import annotations

from tests.rules.helpers import findings


def test_low_power_mode_is_flagged() -> None:
    hit = findings(speedup=40, power_mode="low")["KV104"]
    assert "low-power mode" in hit.message


def test_cap_in_watts_is_flagged() -> None:
    hit = findings(speedup=35, power_mode="capped", power_watts=350)["KV104"]
    assert "capped at 350 W" in hit.message


def test_default_power_is_not() -> None:
    assert "KV104" not in findings(speedup=35, power_mode="default")
    assert "KV104" not in findings(speedup=35)
