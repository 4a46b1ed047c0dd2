"""The breakeven sweep against docs/model.md §2, §4 and arithmetic done by hand here."""

from __future__ import annotations

import math

import pytest

from claimcheck.errors import UsageError
from claimcheck.physics import Setup
from claimcheck.physics.sweep import Sweep, sweep
from tests.setups import CATALOG, H100, LLAMA_70B

# Llama-3.1-70B on 8 × H100 SXM at MFU 0.5 (docs/model.md §1, §7), by hand.
ACHIEVED_FLOP_S = 8 * 989e12 * 0.5
LINEAR_S_PER_TOKEN = 2 * 68.45e9 / ACHIEVED_FLOP_S  # docs/model.md §4: 34.6 µs per token
ATTENTION_S_PER_TOKEN2 = 80 * 64 * (128 + 128) / ACHIEVED_FLOP_S  # causal: L·h·(d_qk+d_v)·N²
KV_BYTES_PER_TOKEN = 80 * 2 * 8 * 128 * 2  # docs/model.md §1: 327,680


def _nvme_8x(**fields: object) -> Setup:
    """docs/model.md §4's row: one Gen4 NVMe per GPU, 6.5 GB/s × 8 = 52 GB/s aggregate, t0 = 1 ms."""
    base = {"model": LLAMA_70B, "gpu": H100, "gpu_count": 8, "bandwidth_gb_s": 52.0}
    return Setup.model_validate(base | {"latency_s": 0.001} | fields)


def _hand_breakeven(bandwidth_gb_s: float, latency_s: float) -> int:
    b = LINEAR_S_PER_TOKEN - KV_BYTES_PER_TOKEN / (bandwidth_gb_s * 1e9)
    a = ATTENTION_S_PER_TOKEN2
    return math.ceil((-b + math.sqrt(b * b + 4 * a * latency_s)) / (2 * a))


def test_breakeven_of_the_anchor_row() -> None:
    result = sweep(_nvme_8x())
    assert result.breakeven_tokens == _hand_breakeven(52.0, 0.001)
    assert result.breakeven_tokens == pytest.approx(35, abs=2)  # docs/model.md §4 table: ~35
    assert (
        result.breakeven_note
        == f"Loading beats recomputing from ≈ {result.breakeven_tokens} tokens."
    )
    # docs/model.md §4: B* = 1.18 GB/s per GPU for Llama-3.1-70B on H100 at u = 0.5
    assert result.breakeven_bandwidth_gb_s / 8 == pytest.approx(1.18, rel=0.01)


def test_short_breakeven_is_bounded_by_the_knee_on_an_idle_gpu() -> None:
    result = sweep(_nvme_8x())
    assert result.knee_tokens == pytest.approx(152, abs=2)  # docs/model.md §2: Llama-3.1-70B 152
    assert result.breakeven_below_knee
    assert result.knee_note is not None
    assert "idle GPU" in result.knee_note and "at least ≈ 152 tokens" in result.knee_note
    assert "Under load" in result.knee_note


def test_breakeven_above_the_knee_has_no_knee_note() -> None:
    # docs/model.md §4: Qwen3-30B-A3B on one Gen4 NVMe breaks even at ~5,500 tokens; docs/model.md §2 knee ~1,670.
    setup = Setup(
        model=CATALOG.require_model("qwen3-30b-a3b"),
        gpu=H100,
        tier=CATALOG.require_tier("nvme-gen4"),
    )
    result = sweep(setup)
    assert result.breakeven_tokens == pytest.approx(5_500, rel=0.1)
    assert result.knee_tokens == pytest.approx(1_670, rel=0.02)
    assert not result.breakeven_below_knee
    assert result.knee_note is None


def test_rows_match_hand_arithmetic_at_the_context() -> None:
    result = sweep(_nvme_8x(), context_tokens=1_000)
    row = next(r for r in result.rows if r.prefix_tokens == 1_000)
    recompute_s = 1_000 * LINEAR_S_PER_TOKEN + ATTENTION_S_PER_TOKEN2 * 1_000**2
    load_s = 0.001 + 1_000 * KV_BYTES_PER_TOKEN / 52e9
    assert row.recompute_seconds == pytest.approx(recompute_s, rel=1e-9)
    assert row.load_seconds == pytest.approx(load_s, rel=1e-9)
    assert row.speedup == pytest.approx(recompute_s / load_s, rel=1e-9)


def test_rows_span_16_tokens_to_the_window_with_breakeven_and_context() -> None:
    result = sweep(_nvme_8x(), context_tokens=100_000)
    prefixes = [row.prefix_tokens for row in result.rows]
    assert prefixes == sorted(set(prefixes))
    assert prefixes[0] == 16
    assert prefixes[-1] == 131_072  # the model's window (docs/model.md §1)
    assert {36, 100_000, 1_024, 65_536} <= set(prefixes)
    assert "Rows stop at the model's 131,072-token context window." in result.assumptions
    n_star = result.breakeven_tokens
    assert n_star is not None
    assert all((row.speedup >= 1) == (row.prefix_tokens >= n_star) for row in result.rows)


def test_requested_prefixes_past_the_window_end_at_the_window() -> None:
    result = sweep(_nvme_8x(), prefixes=[100, 10_000_000])
    assert [row.prefix_tokens for row in result.rows] == [36, 100, 131_072]


@pytest.mark.parametrize("prefixes", [[], [0, 100]])
def test_prefixes_must_be_given_and_positive(prefixes: list[int]) -> None:
    with pytest.raises(UsageError, match="prefix lengths"):
        sweep(_nvme_8x(), prefixes=prefixes)


def test_end_to_end_speedup_counts_decode_by_hand() -> None:
    # Llama-3.1-8B on one H100, host DRAM over Gen5 (50 GB/s, 0.2 ms), 1,000-token context.
    model = CATALOG.require_model("llama-3.1-8b")
    setup = Setup(model=model, gpu=H100, tier=CATALOG.require_tier("dram"))
    result = sweep(setup, context_tokens=1_000, output_tokens=500)
    flop_s = 989e12 * 0.5
    recompute_s = (2 * 6.98e9 * 1_000 + 32 * 32 * 256 * 1_000**2) / flop_s
    load_s = 0.0002 + 1_000 * 131_072 / 50e9
    weight_bytes = (6.98e9 + 4_096 * 128_256) * 2  # linear weights + LM head, BF16
    kv_read = 131_072 * sum(range(1_000, 1_500))  # KV of contexts 1,000 … 1,499
    decode_s = (500 * weight_bytes + kv_read) / (3.35e12 * 0.8)
    expected = (recompute_s + decode_s) / (load_s + decode_s)
    assert result.end_to_end_speedup == pytest.approx(expected, rel=1e-6)
    assert result.end_to_end_prefix_tokens == 1_000 and result.output_tokens == 500
    assert result.end_to_end_speedup < recompute_s / load_s


def test_without_a_context_end_to_end_is_at_the_largest_row() -> None:
    result = sweep(_nvme_8x(), output_tokens=0)
    last = result.rows[-1]
    assert result.end_to_end_prefix_tokens == last.prefix_tokens
    assert result.end_to_end_speedup == pytest.approx(last.speedup)  # no decode: TTFT ratio


def test_a_power_cap_reads_the_family_curve() -> None:
    # 350 W of H100's 700 W default = 0.5: MLPerf Inference v4.0's DGX-H100 at 350 W kept
    # 178.896 / 239.895 (GPT-J) and 9.64827 / 13.1263 (SDXL) of its 700 W throughput
    capped = sweep(_nvme_8x(), power_cap_w=350)
    assert capped.setup.power_factor == pytest.approx((0.7457 + 0.7350) / 2, abs=0.0005)
    assert capped.setup.power_cap_w == 350
    uncapped = sweep(_nvme_8x())
    assert capped.breakeven_tokens is not None and uncapped.breakeven_tokens is not None
    assert (
        capped.breakeven_tokens < uncapped.breakeven_tokens
    )  # slower recompute: loading wins sooner
    power = next(a for a in capped.assumptions if a.startswith("Power capped"))
    assert "350 W" in power and "Hopper power curve" in power


def test_a_cap_below_the_curve_is_extrapolated_and_flagged() -> None:
    result = sweep(_nvme_8x(), power_cap_w=150)  # 0.21 of 700 W, below the measured 400 W
    power = next(a for a in result.assumptions if a.startswith("Power capped"))
    assert "extrapolated" in power
    assert any("200 W minimum" in warning for warning in result.warnings)


def test_assumptions_name_every_assumed_figure_and_source() -> None:
    setup = Setup(model=LLAMA_70B, gpu=H100, gpu_count=8, tier=CATALOG.require_tier("nvme"))
    text = " ".join(sweep(setup, tier_is_default=True).assumptions)
    assert "MFU 0.5" in text and "989 TFLOPS dense BF16" in text
    assert "default nvme tier, nvme-gen4" in text
    assert "6.5 GB/s per GPU × 8 = 52 GB/s aggregate" in text
    assert "Gen4 x4 enterprise NVMe sequential read" in text  # the tier's own source
    assert "fixed latency of 1 ms" in text
    assert "80% of the datasheet 3.35 TB/s" in text  # decode HBM efficiency
    assert "K = 1,000 tokens" in text and "GB = 10^9 bytes" in text
    assert "No power cap" in text
    assert "327,680 bytes per token" in text


def test_host_links_cap_a_faster_tier() -> None:
    # One H100's measured host-to-device rate is 55.6 GB/s (docs/model.md §7).
    setup = Setup(model=LLAMA_70B, gpu=H100, bandwidth_gb_s=300.0, latency_s=0.0)
    result = sweep(setup)
    assert result.setup.load_bandwidth_gb_s == pytest.approx(55.6)
    assert any("host links cap" in a for a in result.assumptions)


def test_weights_that_do_not_fit_are_flagged() -> None:
    one_gpu = sweep(_nvme_8x(gpu_count=1, bandwidth_gb_s=6.5))
    assert any("141 GB" in w and "1 × 80 GB" in w for w in one_gpu.warnings)  # 70.6 B × 2 bytes
    assert sweep(_nvme_8x()).warnings == ()


def test_no_latency_means_loading_always_wins() -> None:
    result = sweep(_nvme_8x(latency_s=0.0))
    assert result.breakeven_tokens == 0
    assert "every prefix length" in result.breakeven_note
    assert all(row.speedup > 1 for row in result.rows)


def test_loading_never_wins_when_every_layer_is_windowed_and_the_tier_is_slow() -> None:
    windowed = CATALOG.require_model("mistral-7b").model_copy(
        update={"window_tokens": 64, "windowed_layers": 32}
    )
    setup = Setup(
        model=windowed,
        gpu=H100,
        bandwidth_gb_s=0.05,
        latency_s=0.001,
        windowed_layers_store_full=True,
    )
    result = sweep(setup)
    assert result.breakeven_tokens is None
    assert result.breakeven_note.startswith("Loading never beats recomputing")
    assert not result.breakeven_below_knee
    assert all(row.speedup < 1 for row in result.rows)


@pytest.mark.parametrize("context", [0, 131_073])
def test_a_context_outside_the_window_is_a_usage_error(context: int) -> None:
    with pytest.raises(UsageError, match="window"):
        sweep(_nvme_8x(), context_tokens=context)


def test_fp8_on_a_gpu_without_it_is_a_usage_error() -> None:
    setup = Setup(
        model=LLAMA_70B, gpu=CATALOG.require_gpu("a100-sxm"), dtype="fp8", bandwidth_gb_s=25
    )
    with pytest.raises(UsageError, match="no FP8"):
        sweep(setup)


def test_the_sweep_is_frozen() -> None:
    result = sweep(_nvme_8x())
    assert isinstance(result, Sweep)
    with pytest.raises(ValueError, match="frozen"):
        result.output_tokens = 1  # type: ignore[misc]
