"""Precision as an input (docs/model.md §12): what a claim states wins, then the options, and
where both are silent the published precisions keep an honest run from being accused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from claimcheck.analysis import analyse
from claimcheck.catalog.load import builtin_catalog
from claimcheck.claim import Claim
from claimcheck.precision import Precision
from claimcheck.resolve import resolve
from claimcheck.settings import Assumptions
from tests.conftest import Invoke
from tests.rules.helpers import findings

CATALOG = builtin_catalog()
H100 = CATALOG.require_gpu("h100-sxm")
A100 = CATALOG.require_gpu("a100-sxm")
LLAMA_405B = CATALOG.require_model("llama-3.1-405b")
LLAMA_70B = CATALOG.require_model("llama-3.1-70b")
GPT_OSS = CATALOG.require_model("gpt-oss-120b")

# Llama 3.1 405B, FP8, on one 8-GPU H100 host at 128K tokens (arXiv 2411.01783, Table 6: 42 s).
META_RUN: dict[str, Any] = {
    "speedup": 10.0,
    "metric": "ttft",
    "context_tokens": 128_000,
    "baseline_seconds": 42.0,
    "cached_seconds": 4.2,
    "model": "llama-3.1-405b",
    "gpu": "h100-sxm",
    "gpu_count": 8,
}


def test_unstated_compute_is_judged_at_fp8_only_where_the_model_is_published_in_it() -> None:
    unstated = Precision()
    assert unstated.bound_compute(LLAMA_405B, H100) == "fp8"
    assert unstated.bound_compute(LLAMA_405B, A100) == "bf16"  # no FP8 tensor cores
    assert unstated.bound_compute(LLAMA_70B, H100) == "bf16"  # published in BF16 only
    assert Precision(compute="bf16").bound_compute(LLAMA_405B, H100) == "bf16"
    assert unstated.estimate_compute() == "bf16"


def test_unstated_weights_count_at_the_smallest_published_precision() -> None:
    assert Precision().weight_bits(LLAMA_405B) == 8
    assert Precision().weight_bits(LLAMA_70B) == 16
    assert Precision().weight_bits(GPT_OSS) == 4.47
    assert Precision(weights="fp4").weight_bits(LLAMA_70B) == 4.25  # 4 bits + 8 per 32
    assert Precision(weights="bf16").weight_bits(LLAMA_405B) == 16


def _analysis(**fields: object) -> tuple[list[str], dict[str, object]]:
    claim = Claim.model_validate(META_RUN | fields)
    analysis = analyse(claim, resolve(claim, CATALOG, Assumptions()), Assumptions(), curves=False)
    return analysis.assumptions, msgspec.to_builtins(analysis)


def test_a_published_fp8_405b_run_fits_and_is_asked_for_its_precision() -> None:
    notes, figures = _analysis()
    # 405.8e9 × 1 B of FP8 weights; 128,000 × 516,096 B = 66.1 GB of BF16 KV; 8 × 80 GB.
    assert figures["weights_gb"] == pytest.approx(405.8, abs=0.05)
    assert figures["context_kv_gb"] == pytest.approx(66.1, abs=0.05)
    assert figures["gpu_memory_gb"] == 640
    assert any("in BF16 the weights (812 GB)" in note for note in notes)
    assert any("state its precision" in note for note in notes)
    assert "KV208" not in findings(**META_RUN)


def test_stated_bf16_weights_do_not_fit() -> None:
    _, figures = _analysis(weights_dtype="bf16")
    assert figures["weights_gb"] == pytest.approx(811.6, abs=0.05)  # 405.8e9 × 2 B
    hit = findings(**META_RUN | {"weights_dtype": "bf16"})["KV208"]
    assert "in BF16" in hit.message and "640 GB" in hit.message


def test_the_implied_mfu_is_against_the_peak_of_the_precision_taken() -> None:
    # 2 × 401.65e9 × 128,000 + 126 × 128 × 256 × 128,000² + 2 × 16,384 × 128,256 FLOPs
    flops = 2 * 401.65e9 * 128_000 + 126 * 128 * 256 * 128_000**2 + 2 * 16_384 * 128_256
    _, unstated = _analysis()
    assert unstated["implied_mfu"] == pytest.approx(flops / (42 * 8 * 1_979e12), abs=0.001)
    _, bf16 = _analysis(dtype="bf16")
    assert bf16["implied_mfu"] == pytest.approx(flops / (42 * 8 * 989e12), abs=0.001)


def test_the_knee_reads_the_weights_at_the_published_precision() -> None:
    claim = Claim(speedup=5.0, metric="ttft", context_tokens=32_000, model="gpt-oss-120b",
                  gpu="h100-sxm", gpu_count=1, tier="nvme")  # fmt: skip
    analysis = analyse(claim, resolve(claim, CATALOG, Assumptions()), Assumptions(), curves=False)
    # 116.8e9 × 4.47 / 8 B read against 989e12 × 0.5 FLOP/s, over 3.35e12 B/s × 2 × 4.55e9
    knee = 116.8e9 * 4.47 / 8 * 989e12 * 0.5 / (3.35e12 * 2 * 4.55e9)
    assert knee == pytest.approx(1_059, abs=1)
    assert analysis.memory_bound_knee_tokens == pytest.approx(knee, abs=1)


def test_options_assume_a_precision_and_say_so(cli: Invoke, tmp_path: Path) -> None:
    import json

    path = tmp_path / "run.json"
    path.write_text(json.dumps(META_RUN), encoding="utf-8")
    plain = cli("check", str(path), "--format", "json").json()["claims"][0]
    assert "KV208" not in {f["code"] for f in plain["findings"]}
    bf16 = cli("check", str(path), "--weights-dtype", "bf16", "--format", "json").json()
    claim = bf16["claims"][0]
    assert "KV208" in {f["code"] for f in claim["findings"]}
    assert "BF16 weights assumed (--weights-dtype)" in claim["analysis"]["assumptions"]
    # A claim's own field wins over the option.
    path.write_text(json.dumps(META_RUN | {"weights_dtype": "fp8"}), encoding="utf-8")
    stated = cli("check", str(path), "--weights-dtype", "bf16", "--format", "json").json()
    assert "KV208" not in {f["code"] for f in stated["claims"][0]["findings"]}


def test_a_claim_file_states_its_precision(cli: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "run.yaml"
    lines = [f"{key}: {value}" for key, value in META_RUN.items()]
    path.write_text("\n".join([*lines, "dtype: fp8", "weights_dtype: fp8", "kv_dtype: fp8", ""]),
                    encoding="utf-8")  # fmt: skip
    claim = cli("check", str(path), "--format", "json").json()["claims"][0]
    assert claim["claim"]["kv_dtype"] == "fp8"
    assert claim["analysis"]["context_kv_gb"] == pytest.approx(33.0, abs=0.05)  # 1 B a value
    assert not any("assumed" in note and "KV cache" in note
                   for note in claim["analysis"]["assumptions"])  # fmt: skip
