"""Published, measured single-request prefill times (tests/physics/data/measured_prefill.yaml,
each row with its source) held against the model: no measured run is called impossible or
too large for its GPUs, with its precision stated or not, and the prefill time predicted at
the documented MFU (0.5, docs/model.md §2) lands within 0.5–2× of each run on one node.

docs/model.md §13 lists the runs and how close each prediction lands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from claimcheck.catalog.load import builtin_catalog
from claimcheck.defaults import DEFAULT_MFU
from claimcheck.physics import Setup, prefill_seconds_on
from tests.rules.helpers import findings

RUNS: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "data" / "measured_prefill.yaml").read_text(encoding="utf-8")
)
CATALOG = builtin_catalog()
ONE_NODE = 8
"""GPUs of one host. Across hosts the measured runs lose time to communication that the model,
which splits the work evenly over any number of GPUs, does not count."""


def test_the_truth_set_is_broad() -> None:
    assert len(RUNS) >= 12
    assert len({run["source"] for run in RUNS}) >= 5  # papers, docs and READMEs
    assert len({run["model"] for run in RUNS}) >= 5
    assert len({run["gpu"] for run in RUNS}) >= 3
    assert {run["compute_dtype"] for run in RUNS} == {"bf16", "fp8"}
    assert all(run["source"].startswith("https://") and run["quote"] for run in RUNS)


def _claim(run: dict[str, Any], stated: bool) -> dict[str, Any]:
    claim = {
        "speedup": 5.0,
        "metric": "ttft",
        "context_tokens": run["context_tokens"],
        "baseline_seconds": float(run["prefill_s"]),
        "cached_seconds": run["prefill_s"] / 5,
        "model": run["model"],
        "gpu": run["gpu"],
        "gpu_count": run["gpu_count"],
    }
    if stated:
        claim["dtype"] = run["compute_dtype"]
        claim["weights_dtype"] = run["weights_dtype"]
        if "kv_dtype" in run:
            claim["kv_dtype"] = run["kv_dtype"]
    return claim


@pytest.mark.parametrize("stated", [True, False], ids=["precision stated", "unstated"])
@pytest.mark.parametrize("run", RUNS, ids=[run["id"] for run in RUNS])
def test_no_measured_run_is_called_impossible(run: dict[str, Any], stated: bool) -> None:
    codes = set(findings(**_claim(run, stated)))
    assert "KV207" not in codes  # the baseline computes faster than the GPUs can
    assert "KV208" not in codes  # the weights and KV do not fit


def _predicted_s(run: dict[str, Any]) -> float:
    # As an estimate without a baseline time computes: the run's precision for the linear
    # layers, attention in BF16 (docs/model.md §12), at the documented MFU.
    setup = Setup(
        model=CATALOG.require_model(run["model"]),
        gpu=CATALOG.require_gpu(run["gpu"]),
        gpu_count=run["gpu_count"],
        dtype=run["compute_dtype"],
        attention_dtype="bf16",
        mfu=DEFAULT_MFU,
    )
    return prefill_seconds_on(setup, run["context_tokens"])


@pytest.mark.parametrize(
    "run", [run for run in RUNS if run["gpu_count"] <= ONE_NODE], ids=lambda run: run["id"]
)
def test_the_prediction_lands_within_half_to_twice_a_run_on_one_node(run: dict[str, Any]) -> None:
    ratio = _predicted_s(run) / run["prefill_s"]
    assert 0.5 <= ratio <= 2.0, ratio


@pytest.mark.parametrize(
    "run", [run for run in RUNS if run["gpu_count"] > ONE_NODE], ids=lambda run: run["id"]
)
def test_across_hosts_the_prediction_is_optimistic_but_within_a_third(run: dict[str, Any]) -> None:
    ratio = _predicted_s(run) / run["prefill_s"]
    assert 1 / 3 <= ratio <= 1.0, ratio


def test_an_fp8_405b_run_at_128k_on_one_host_fits_in_fp8_not_in_bf16() -> None:
    # arXiv 2411.01783, Table 6: Llama 3.1 405B, FP8, 8 H100, 128K tokens in 42.0 s.
    # 405.8e9 weights × 1 B + 128,000 × 516,096 B of KV = 471.9 GB < 8 × 80 GB;
    # in BF16, 811.6 GB + 66.1 GB = 877.7 GB > 640 GB.
    run = next(run for run in RUNS if run["id"] == "meta-cp-llama31-405b-tp8-128k")
    unstated = findings(**_claim(run, stated=False))
    assert "KV208" not in unstated
    bf16 = findings(**_claim(run, stated=False) | {"weights_dtype": "bf16"})
    assert "877.7 GB" in bf16["KV208"].message or "878 GB" in bf16["KV208"].message
