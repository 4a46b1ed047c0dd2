"""KV load path: narrowest hop, load time and implied bandwidth (docs/model.md §3, by hand)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.analysis import analyse
from claimcheck.claim import Claim, Metric
from claimcheck.errors import UsageError
from claimcheck.physics import (
    Setup,
    aggregate_bandwidth_gb_s,
    implied_bandwidth_gb_s,
    load_ceiling_gb_s,
    load_seconds,
)
from claimcheck.physics.sweep import sweep
from claimcheck.resolve import resolve
from claimcheck.settings import Assumptions
from tests.setups import CATALOG, H100

A100 = CATALOG.require_gpu("a100-sxm")
GH200 = CATALOG.require_gpu("gh200")


def test_per_gpu_tiers_scale_with_the_gpu_count() -> None:
    # one Gen4 NVMe (6.5 GB/s) per GPU, 8 GPUs: 52 GB/s aggregate
    assert aggregate_bandwidth_gb_s(H100, 8, CATALOG.require_tier("nvme-gen4")) == pytest.approx(52)


def test_shared_tiers_do_not() -> None:
    assert aggregate_bandwidth_gb_s(H100, 8, CATALOG.require_tier("cxl")) == pytest.approx(50)


def test_the_gpu_host_link_can_be_the_narrowest_hop() -> None:
    c2c = CATALOG.require_tier("gh200-c2c")
    # on GH200 the 346 GB/s C2C rate holds; through an H100's PCIe link only 55.6 GB/s (docs/model.md §7)
    assert aggregate_bandwidth_gb_s(GH200, 1, c2c) == pytest.approx(346)
    assert aggregate_bandwidth_gb_s(H100, 1, c2c) == pytest.approx(55.6)
    # 8 × 400 Gb/s NICs at 43.5 GB/s each into 8 A100s limited to 25.13 GB/s each
    network = CATALOG.require_tier("rdma-400")
    assert aggregate_bandwidth_gb_s(A100, 8, network) == pytest.approx(8 * 25.13)


def test_explicit_bandwidth_replaces_the_tier_but_not_the_host_link() -> None:
    nvme = CATALOG.require_tier("nvme")
    assert aggregate_bandwidth_gb_s(H100, 1, nvme, bandwidth_gb_s=17.9) == pytest.approx(17.9)
    assert aggregate_bandwidth_gb_s(H100, 1, None, bandwidth_gb_s=300) == pytest.approx(55.6)


def test_no_tier_and_no_bandwidth_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="no storage tier or bandwidth"):
        aggregate_bandwidth_gb_s(H100, 1)


def test_load_seconds_is_latency_plus_bytes_over_bandwidth() -> None:
    # 2 GB at 1.2 GB/s after a 10 ms latency
    assert load_seconds(2e9, 1.2, 0.010) == pytest.approx(0.010 + 2 / 1.2)


def test_worked_audit_implied_bandwidth() -> None:
    # by hand: 37.6 GB loaded in 2.1 s needs ≈ 17.9 GB/s
    assert implied_bandwidth_gb_s(37.6e9, 2.1) == pytest.approx(17.9, rel=0.03)
    assert implied_bandwidth_gb_s(37.6e9, 2.1, latency_s=0.1) == pytest.approx(18.8, rel=0.01)


def test_no_time_left_after_the_latency_needs_infinite_bandwidth() -> None:
    assert implied_bandwidth_gb_s(1e9, 0.005, latency_s=0.010) == math.inf


@given(
    tier_id=st.sampled_from([tier.id for tier in CATALOG.tiers]),
    gpus=st.integers(min_value=1, max_value=72),
    more=st.integers(min_value=0, max_value=72),
)
def test_more_gpus_never_narrow_the_path(tier_id: str, gpus: int, more: int) -> None:
    tier = CATALOG.require_tier(tier_id)
    assert aggregate_bandwidth_gb_s(H100, gpus + more, tier) >= aggregate_bandwidth_gb_s(
        H100, gpus, tier
    )


@pytest.mark.parametrize(("gpu_id", "per_gpu_gb_s"), [("h100-sxm", 55.6), ("b200", 63)])
def test_check_and_breakeven_use_the_same_load_ceiling(gpu_id: str, per_gpu_gb_s: float) -> None:

    gpu = CATALOG.require_gpu(gpu_id)
    # docs/model.md §3: the measured host-to-device rate where one is published, else line rate
    assert load_ceiling_gb_s(gpu, 2) == pytest.approx(2 * per_gpu_gb_s)
    claim = Claim(speedup=20, context_tokens=32_000, baseline_seconds=4, cached_seconds=0.2,
                  metric=Metric.TTFT, model="llama-3.1-8b", gpu=gpu_id, gpu_count=2)  # fmt: skip
    audited = analyse(claim, resolve(claim, CATALOG, Assumptions()))
    model = CATALOG.require_model("llama-3.1-8b")
    fast_tier = Setup(model=model, gpu=gpu, gpu_count=2, bandwidth_gb_s=10_000, latency_s=0.001)
    calculated = sweep(fast_tier).setup.load_bandwidth_gb_s
    assert audited.load_ceiling_gb_s == pytest.approx(calculated) == pytest.approx(2 * per_gpu_gb_s)
