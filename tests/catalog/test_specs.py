"""Validation rules of catalog entries."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from claimcheck.catalog import GpuSpec, ModelSpec, TierSpec
from tests.setups import CATALOG


def _model(**changes: Any) -> dict[str, Any]:
    return CATALOG.require_model("llama-3.1-8b").model_dump() | changes


def _gpu(**changes: Any) -> dict[str, Any]:
    return CATALOG.require_gpu("h100-sxm").model_dump() | changes


def test_entries_are_frozen() -> None:
    model = CATALOG.require_model("llama-3.1-8b")
    with pytest.raises(ValidationError, match="frozen"):
        model.layers = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"attention": "mla"}, "kv_lora_rank is required"),
        ({"kv_lora_rank": 512}, "kv_lora_rank is required"),
        ({"attention": "mla", "kv_lora_rank": 512}, "go together"),
        ({"window_tokens": 4096}, "window_tokens and windowed_layers"),
        ({"window_tokens": 4096, "windowed_layers": 33}, "exceeds layers"),
        ({"kv_heads": 64}, "kv_heads exceeds query_heads"),
        ({"active_linear_params_b": 9.0}, "active_linear_params_b <= active_params_b"),
        ({"id": "Llama 3"}, "should match pattern"),
        ({"head_dim": 0}, "greater than 0"),
        ({"total_params_b": float("nan")}, "finite number"),
    ],
)
def test_inconsistent_models_are_rejected(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        ModelSpec.model_validate(_model(**changes))


def test_value_head_dim_defaults_to_head_dim() -> None:
    assert ModelSpec.model_validate(_model()).value_head_dim == 128
    assert ModelSpec.model_validate(_model(v_head_dim=96)).value_head_dim == 96


@pytest.mark.parametrize(
    ("curve", "message"),
    [
        ([[0.5, 0.9], [0.3, 0.5], [1.0, 1.0]], "must rise"),
        ([[0.3, 0.9], [0.5, 0.5], [1.0, 1.0]], "must rise"),
        ([[0.3, 0.5], [0.9, 0.95]], "must end at"),
        ([], "must end at"),
        ([[0.0, 0.1], [1.0, 1.0]], "greater than 0"),
    ],
)
def test_bad_power_curves_are_rejected(curve: list[list[float]], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        GpuSpec.model_validate(_gpu(power_curve=curve))


def test_power_limits_must_be_ordered() -> None:
    with pytest.raises(ValidationError, match="min_power_w exceeds"):
        GpuSpec.model_validate(_gpu(min_power_w=800))


def test_host_link_prefers_the_measured_rate() -> None:
    assert GpuSpec.model_validate(_gpu()).host_link_effective_gb_s == 55.6
    assert GpuSpec.model_validate(_gpu(host_link_measured_gb_s=None)).host_link_effective_gb_s == 63


def test_tier_latency_in_seconds_and_positive_bandwidth() -> None:
    fields = CATALOG.require_tier("object").model_dump()
    assert TierSpec.model_validate(fields).latency_s == pytest.approx(0.010)
    with pytest.raises(ValidationError, match=r"greater than or equal to 0\.001"):
        TierSpec.model_validate(fields | {"bandwidth_gb_s": -1.0})
    with pytest.raises(ValidationError, match="Input should be 'dram'"):
        TierSpec.model_validate(fields | {"kind": "tape"})
