from __future__ import annotations

from tests.rules.helpers import findings


def test_up_to_is_flagged() -> None:
    hit = findings(speedup=75, speedup_qualifier="up to")["KV302"]
    assert hit.message.startswith("'up to 75x' is a best case")
    assert hit.severity == "info"


def test_other_qualifiers_are_not() -> None:
    assert "KV302" not in findings(speedup=3, speedup_qualifier="average")
    assert "KV302" not in findings(speedup=3)
