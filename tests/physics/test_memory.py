"""Weight bytes (docs/model.md §10), by hand."""

from __future__ import annotations

import pytest

from claimcheck.physics import resident_weight_bytes, weight_bytes
from tests.setups import CATALOG


def test_weights_are_total_parameters_times_bytes_each() -> None:
    llama = CATALOG.require_model("llama-3.1-70b")
    assert weight_bytes(llama) == pytest.approx(70.6e9 * 2)  # 141.2 GB in BF16
    assert weight_bytes(llama, "fp8") == pytest.approx(70.6e9)


def test_an_moe_counts_every_expert() -> None:
    # gpt-oss-120b: 116.8e9 parameters in all, 5.1e9 active per token
    assert weight_bytes(CATALOG.require_model("gpt-oss-120b")) == pytest.approx(116.8e9 * 2)


def test_released_weights_count_when_smaller() -> None:
    # gpt-oss-120b: a 60.8 GiB checkpoint (MXFP4 experts), not 233.6 GB of BF16
    gpt_oss = CATALOG.require_model("gpt-oss-120b")
    assert resident_weight_bytes(gpt_oss) == pytest.approx(60.8 * 2**30, rel=0.001)
    # DeepSeek-V3 is released in FP8: 671 GB, whether BF16 or FP8 compute is asked for
    deepseek = CATALOG.require_model("deepseek-v3")
    assert resident_weight_bytes(deepseek) == resident_weight_bytes(deepseek, "fp8") == 671e9
    # a BF16 release quantised to FP8 takes a byte per parameter
    llama = CATALOG.require_model("llama-3.1-70b")
    assert resident_weight_bytes(llama) == weight_bytes(llama)
    assert resident_weight_bytes(llama, "fp8") == pytest.approx(70.6e9)
