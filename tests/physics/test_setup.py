"""The Setup bundle: derived FLOP/s, load path and validation."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from claimcheck.errors import UsageError
from claimcheck.physics import Setup
from tests.setups import CATALOG, H100

LLAMA_8B = CATALOG.require_model("llama-3.1-8b")


def test_flops_per_s_combines_count_peak_mfu_and_power() -> None:
    setup = Setup(model=LLAMA_8B, gpu=H100, gpu_count=8, mfu=0.4, power_factor=0.5)
    assert setup.flops_per_s == pytest.approx(8 * 989e12 * 0.4 * 0.5)
    # FP8 at an assumed MFU: scaled by the H100's measured FP8-to-BF16 matmul efficiency,
    # (1,402.6 / 1,979) / (794.5 / 989) (docs/model.md §2); a calibrated MFU is not scaled.
    fp8 = Setup(model=LLAMA_8B, gpu=H100, dtype="fp8")
    assert fp8.flops_per_s == pytest.approx(1979e12 * 0.5 * (1_402.6 / 1_979) / (794.5 / 989))
    calibrated = fp8.model_copy(update={"mfu_calibrated": True})
    assert calibrated.flops_per_s == pytest.approx(1979e12 * 0.5)


def test_fp8_on_a_gpu_without_it_is_a_usage_error() -> None:
    setup = Setup(model=LLAMA_8B, gpu=CATALOG.require_gpu("a100-sxm"), dtype="fp8")
    with pytest.raises(UsageError, match="no FP8"):
        _ = setup.flops_per_s


def test_latency_comes_from_the_override_then_the_tier_then_zero() -> None:
    tier = CATALOG.require_tier("object")
    assert Setup(model=LLAMA_8B, gpu=H100, tier=tier).load_latency_s == pytest.approx(0.010)
    assert Setup(model=LLAMA_8B, gpu=H100, tier=tier, latency_s=0.5).load_latency_s == 0.5
    assert Setup(model=LLAMA_8B, gpu=H100, bandwidth_gb_s=10).load_latency_s == 0.0


def test_load_bandwidth_is_the_aggregate_narrowest_hop() -> None:
    setup = Setup(model=LLAMA_8B, gpu=H100, gpu_count=8, tier=CATALOG.require_tier("object"))
    assert setup.load_bandwidth_gb_s == pytest.approx(8 * 1.2)


@pytest.mark.parametrize(
    "changes",
    [{"mfu": 1.5}, {"mfu": 0}, {"gpu_count": 0}, {"power_factor": 0}, {"bandwidth_gb_s": -1}],
)
def test_out_of_range_values_are_rejected(changes: dict[str, float]) -> None:
    with pytest.raises(ValidationError):
        Setup.model_validate({"model": LLAMA_8B, "gpu": H100} | changes)
