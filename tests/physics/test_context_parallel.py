"""Ring communication across hosts (docs/model.md §2, "Across hosts"), by hand: Llama 3.1 405B
on H100 SXM hosts of 8 GPUs, 50 GB/s (400 Gb/s) of NIC per GPU, BF16 KV (4,096 B a token and
layer), attention in BF16 at MFU 0.5."""

from __future__ import annotations

import pytest

from claimcheck.physics import (
    Setup,
    host_count,
    lm_head_flops,
    prefill_seconds_on,
    recompute_seconds,
    ring_exposed_seconds,
    ring_step_seconds,
)
from tests.setups import CATALOG

LLAMA_405B = CATALOG.require_model("llama-3.1-405b")
PAIR_FLOPS = 2 * 128 * (128 + 128)  # QKᵀ and AV of one query-key pair, over 128 heads


def _setup(gpus: int, gpu_id: str = "h100-sxm") -> Setup:
    gpu = CATALOG.require_gpu(gpu_id)
    return Setup(model=LLAMA_405B, gpu=gpu, gpu_count=gpus, dtype="fp8", attention_dtype="bf16")


def test_hosts_are_filled_eight_gpus_at_a_time() -> None:
    assert [host_count(_setup(n)) for n in (1, 8, 9, 16, 128)] == [1, 1, 2, 2, 16]
    # No system named in the catalog: one host, whatever the count.
    assert host_count(_setup(16, "h100-pcie")) == 1


def test_one_host_has_no_ring() -> None:
    assert ring_step_seconds(_setup(8), 128_000) == (0.0, 0.0)
    assert ring_exposed_seconds(_setup(8), 128_000) == 0.0


def test_a_short_prompt_over_16_hosts_waits_for_the_network() -> None:
    # 8,000 tokens over 16 hosts: 500 a host.
    # send 500 × 4,096 B ÷ (8 × 50e9 B/s) = 5.12 µs;
    # attention 500² / 2 × 65,536 FLOPs ÷ (8 × 989e12 × 0.5 FLOP/s) = 2.071 µs;
    # exposed 126 layers × 15 steps × 3.049 µs = 5.763 ms.
    send_s = 500 * 4_096 / (8 * 50e9)
    attention_s = 500**2 / 2 * PAIR_FLOPS / (8 * 989e12 * 0.5)
    setup = _setup(128)
    assert ring_step_seconds(setup, 8_000) == pytest.approx((send_s, attention_s), rel=1e-9)
    exposed_s = 126 * 15 * (send_s - attention_s)
    assert exposed_s == pytest.approx(5.763e-3, rel=1e-3)
    assert ring_exposed_seconds(setup, 8_000) == pytest.approx(exposed_s, rel=1e-9)
    # The whole prefill counts it; the per-token recompute of §4 does not.
    head_s = lm_head_flops(LLAMA_405B) / setup.flops_per_s
    whole_s = recompute_seconds(setup, 8_000) + head_s + exposed_s
    assert prefill_seconds_on(setup, 8_000) == pytest.approx(whole_s, rel=1e-9)


def test_the_ring_hides_from_about_1240_tokens_a_host() -> None:
    # send = attention where x · 4,096 / 400e9 = x² / 2 · 65,536 / 3.956e15,
    # x = 2 × 4,096 × 3.956e15 / (400e9 × 65,536) = 1,236 tokens a host.
    hidden_from = 2 * 4_096 * (8 * 989e12 * 0.5) / (8 * 50e9 * PAIR_FLOPS)
    assert hidden_from == pytest.approx(1_236, abs=1)
    setup = _setup(32)  # 4 hosts
    assert ring_exposed_seconds(setup, 4 * 1_200) > 0
    assert ring_exposed_seconds(setup, 4 * 1_300) == 0.0


def test_fp8_kv_halves_the_send() -> None:
    bf16 = ring_step_seconds(_setup(16), 32_000)[0]
    fp8 = ring_step_seconds(_setup(16).model_copy(update={"kv_dtype": "fp8"}), 32_000)[0]
    assert fp8 == pytest.approx(bf16 / 2)
