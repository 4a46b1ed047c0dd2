"""The ranges of the physics: the same words in ``check`` and ``breakeven``, and inside them
finite figures for every setup, however extreme (a breakeven sweep renders as strict JSON)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck import bounds
from claimcheck.catalog import GpuSpec, ModelSpec, TierSpec
from claimcheck.commands.breakeven_view import render_json, render_text
from claimcheck.formats import RenderOptions
from claimcheck.physics import Setup
from claimcheck.physics.sweep import sweep
from tests.conftest import Invoke
from tests.setups import CATALOG

BREAKEVEN = ("breakeven", "--model", "llama-3.1-70b", "--gpu", "h100-sxm")


def test_a_bound_names_its_range_and_the_value() -> None:
    assert bounds.POWER_W.problem(350) is None
    assert bounds.POWER_W.problem(1e-300) == "expected a power cap from 1 to 10,000 W, got 1e-300"
    assert bounds.SECONDS.problem(5e-324) == "expected a time from 1e-06 to 1,000,000 s, got 5e-324"
    assert bounds.MFU.problem(math.nan) is not None
    assert bounds.MFU.problem(math.inf) is not None
    assert bounds.TOKENS.problem(10**5000) == (
        "expected a token count from 1 to 1,000,000,000 tokens, got a number of about 5,001 digits"
    )


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--mfu", "1e-300"),
        ("--mfu", "5e-324"),
        ("--mfu", "1.5"),
        ("--mfu", "nan"),
        ("--gpus", "0"),
        ("--gpus", "99999999999999999999999"),
        ("--output-tokens", "-1"),
        ("--output-tokens", "10000000000"),
    ],
)
def test_check_and_breakeven_refuse_an_option_in_the_same_words(
    cli: Invoke, option: str, value: str
) -> None:
    checked = cli("check", "--text", "27x faster TTFT at 128K tokens", option, value)
    calculated = cli(*BREAKEVEN, option, value)
    assert checked.code == calculated.code == 2
    assert checked.stderr == calculated.stderr
    assert checked.stderr.startswith(f"claimcheck: error: {option}: expected ")
    assert checked.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("field", "option", "value"),
    [
        ("power_watts", "--power-watts", "1e-300"),
        ("power_watts", "--power-watts", "1e+300"),
        ("context_tokens", "--context", "0"),
        ("context_tokens", "--context", "10000000000"),
    ],
)
def test_a_claim_field_and_its_breakeven_option_share_their_range(
    cli: Invoke, tmp_path: Path, field: str, option: str, value: str
) -> None:
    claim = tmp_path / "c.json"
    claim.write_text(f'{{"speedup": 2, "{field}": {value}}}', encoding="utf-8")
    checked = cli("check", str(claim), "-f", "json")
    calculated = cli(*BREAKEVEN, option, value)
    assert checked.code == calculated.code == 2
    in_check = checked.stderr.split(f"field '{field}': ", 1)[1]
    assert calculated.stderr == f"claimcheck: error: {option}: {in_check}"


# --- extreme but valid setups: the catalog's ranges at both ends ------------------------------

TINY_MODEL = ModelSpec(
    id="tiny", name="Tiny", source="a test", layers=1, hidden=1, query_heads=1, kv_heads=1,
    head_dim=1, vocab_size=1, total_params_b=1e-6, active_params_b=1e-6,
    active_linear_params_b=1e-6, max_context_tokens=1,
)  # fmt: skip
HUGE_MODEL = ModelSpec(
    id="huge", name="Huge", source="a test", layers=100_000, hidden=10_000_000,
    query_heads=10_000_000, kv_heads=10_000_000, head_dim=10_000_000, vocab_size=1_000_000_000,
    total_params_b=1e6, active_params_b=1e6, active_linear_params_b=1e6,
    max_context_tokens=1_000_000_000, window_tokens=1_000_000_000, windowed_layers=50_000,
)  # fmt: skip
SLOW_GPU = GpuSpec(
    id="slow", name="Slow", source="a test", bf16_tflops=1e-3, fp8_tflops=1e-3, hbm_gb=1e-3,
    hbm_tb_s=1e-3, host_link="a wire", host_link_gb_s=1e-3, max_power_w=10_000,
    default_power_w=10_000, min_power_w=1,
)  # fmt: skip
FAST_GPU = GpuSpec(
    id="fast", name="Fast", source="a test", bf16_tflops=1e7, hbm_gb=1e7, hbm_tb_s=1e4,
    host_link="a beam", host_link_gb_s=1e6, max_power_w=1,
)  # fmt: skip
TIERS = [
    TierSpec(id="t", name="T", source="a test", kind="nvme", bandwidth_gb_s=b, per_gpu=p,
             latency_ms=ms)
    for b, p, ms in ((1e-3, False, 1e6), (1e6, True, 0.0))
]  # fmt: skip
MODELS = st.sampled_from([TINY_MODEL, HUGE_MODEL, CATALOG.require_model("deepseek-v3")])
GPUS = st.sampled_from([SLOW_GPU, FAST_GPU, CATALOG.require_gpu("h100-sxm")])


def _edges(bound: bounds.Bound) -> st.SearchStrategy[float]:
    return st.one_of(st.sampled_from([bound.low, bound.high]), st.floats(bound.low, bound.high))


@given(
    MODELS,
    GPUS,
    st.sampled_from([1, 1_000_000]),
    _edges(bounds.MFU),
    st.one_of(st.none(), st.sampled_from(TIERS)),
    st.one_of(st.none(), _edges(bounds.BANDWIDTH_GB_S)),
    st.one_of(st.none(), _edges(bounds.POWER_W)),
    st.sampled_from([0, 1_000_000_000]),
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_setup_inside_the_ranges_gives_finite_figures(
    model: ModelSpec,
    gpu: GpuSpec,
    gpus: int,
    mfu: float,
    tier: TierSpec | None,
    bandwidth_gb_s: float | None,
    power_w: float | None,
    output_tokens: int,
) -> None:
    setup = Setup(
        model=model,
        gpu=gpu,
        gpu_count=gpus,
        mfu=mfu,
        tier=tier or TIERS[0],
        bandwidth_gb_s=bandwidth_gb_s,
    )
    result = sweep(setup, output_tokens=output_tokens, power_cap_w=power_w)
    json.loads(render_json(result), parse_constant=_refuse)
    render_text(result, RenderOptions(width=100))
    for row in result.rows:
        assert row.recompute_seconds > 0 and row.load_seconds > 0 and row.speedup > 0


def _refuse(name: str) -> None:
    raise AssertionError(f"{name} in the breakeven JSON")
