"""The well-run baseline a chart sets a claim against: the claim's load path, recomputed at MFU
0.5 at full power (docs/model.md §11)."""

from __future__ import annotations

import pytest

from claimcheck.analysis import analyse
from claimcheck.claim import Claim
from claimcheck.reference import reference
from claimcheck.resolve import Resolved
from claimcheck.settings import Assumptions
from tests.setups import CATALOG, H100, LLAMA_70B

BRIEF_1 = Claim(
    speedup=27, context_tokens=112_000, baseline_seconds=57, cached_seconds=2.1, metric="ttft"
)


def _recompute_70b_s(tokens: int, gpus: int, mfu: float) -> float:
    """Llama 3.1 70B prefill by hand: 2 × 68.45e9 linear weights per token (the config's
    weights less the embedding) plus causal attention 2 × 80 layers × 8,192 × N², on H100s
    of 989 dense BF16 TFLOP/s (NVIDIA's datasheet)."""
    flops = 2 * 68.45e9 * tokens + 2 * 80 * 8192 * tokens**2
    return flops / (gpus * 989e12 * mfu)


def test_a_claim_with_no_setup_is_set_against_the_reference_setup() -> None:
    drawn = reference(BRIEF_1, analyse(BRIEF_1), None, CATALOG, Assumptions())
    assert drawn is not None
    # 70B in BF16 (141 GB) needs two 80 GB H100s; the load keeps the claim's 2.1 s at 112K.
    expected = _recompute_70b_s(112_000, gpus=2, mfu=0.5) / 2.1
    assert expected == pytest.approx(15.3, abs=0.05)
    assert drawn.speedup_at_context == pytest.approx(expected, rel=0.002)
    assert drawn.speedup_at_context < 27  # the headline sits above what a well-run baseline gives
    assert "2 × NVIDIA H100" in drawn.description and "reference setup" in drawn.description
    assert "17.5 GB/s" in drawn.description  # 36.7 GB of KV in 2.1 s less 1 ms latency
    at_context = {p.prefix_tokens: p.speedup for p in drawn.curve.points}[112_000]
    assert at_context == pytest.approx(drawn.speedup_at_context)


def test_the_curve_falls_with_the_prefix() -> None:
    drawn = reference(BRIEF_1, analyse(BRIEF_1), None, CATALOG, Assumptions())
    assert drawn is not None
    speedups = [p.speedup for p in drawn.curve.points]
    assert speedups == sorted(speedups)


def test_the_assumed_mfu_sets_the_baseline() -> None:
    drawn = reference(BRIEF_1, analyse(BRIEF_1), None, CATALOG, Assumptions(mfu=0.25))
    assert drawn is not None
    expected = _recompute_70b_s(112_000, gpus=2, mfu=0.25) / 2.1
    assert drawn.speedup_at_context == pytest.approx(expected, rel=0.002)


def test_a_capped_baseline_is_recomputed_at_full_power() -> None:
    # 35x at 100K on 2 H100 capped at 350 W, no times: the load time is the capped recompute
    # ÷ 35; uncapped, the same load gives 35 × the Hopper factor at half power (0.740, the
    # mean of MLPerf v4.0's DGX-H100 runs at 350 W, 0.746 and 0.735; docs/model.md §5), the
    # same figure as the analysis's full-power speedup.
    claim = Claim(
        speedup=35, context_tokens=100_000, power_watts=350, metric="ttft", model="x", gpu="y"
    )
    resolved = Resolved(model=LLAMA_70B, gpu=H100, gpu_count=2)
    analysis = analyse(claim, resolved)
    drawn = reference(claim, analysis, resolved, CATALOG, Assumptions())
    assert drawn is not None
    assert drawn.speedup_at_context == pytest.approx(35 * (0.7457 + 0.7350) / 2, rel=0.01)
    assert analysis.full_power_speedup == pytest.approx(drawn.speedup_at_context, rel=0.01)
    assert "ratio implies" in drawn.description and "reference setup" not in drawn.description


def test_nothing_to_add_when_the_curve_is_already_a_well_run_baseline() -> None:
    claim = Claim(speedup=20, context_tokens=128_000, metric="ttft", model="x", gpu="y")
    resolved = Resolved(model=LLAMA_70B, gpu=H100, gpu_count=2)
    analysis = analyse(claim, resolved)
    assert analysis.curve is not None
    assert reference(claim, analysis, resolved, CATALOG, Assumptions()) is None


@pytest.mark.parametrize(
    "claim",
    [
        Claim(speedup=27, metric="ttft"),  # no context
        Claim(speedup=3, context_tokens=112_000, metric="throughput"),  # not a ratio of times
        Claim(speedup=27, context_tokens=112_000, metric="ttft"),  # no setup, no load time
    ],
)
def test_no_reference_without_a_load_path_at_a_context(claim: Claim) -> None:
    assert reference(claim, analyse(claim), None, CATALOG, Assumptions()) is None


def test_no_reference_without_a_catalog_for_a_setup_less_claim() -> None:
    assert reference(BRIEF_1, analyse(BRIEF_1), None, None, Assumptions()) is None


@pytest.mark.parametrize(("count", "assumed"), [(None, True), (2, False)])
def test_an_assumed_gpu_count_is_marked(count: int | None, assumed: bool) -> None:
    claim = Claim(speedup=35, context_tokens=100_000, power_watts=350, metric="ttft")
    resolved = Resolved(model=LLAMA_70B, gpu=H100, gpu_count=count)
    drawn = reference(claim, analyse(claim, resolved), resolved, CATALOG, Assumptions())
    assert drawn is not None
    assert "2 × NVIDIA H100" in drawn.description
    assert ("(GPU count assumed)" in drawn.description) is assumed
