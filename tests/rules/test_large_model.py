from __future__ import annotations

from claimcheck.settings import Thresholds
from tests.rules.helpers import findings


def test_seventy_billion_is_large() -> None:
    assert "KV102" in findings(speedup=75, params_billions=70)
    assert "70B-parameter" in findings(speedup=75, params_billions=70)["KV102"].message


def test_size_from_an_unknown_model_name() -> None:
    assert "KV102" in findings(speedup=9, model="Falcon-180B")


def test_smaller_models_are_not() -> None:
    assert "KV102" not in findings(speedup=4, params_billions=8)
    assert "KV102" not in findings(speedup=4, params_billions=69.9)
    assert "KV102" not in findings(speedup=4)


def test_threshold_is_configurable() -> None:
    assert "KV102" in findings(
        speedup=4, params_billions=32, thresholds=Thresholds(large_model_billions=30)
    )
