"""The fair restatement: the headline with its conditions, 4K, end to end, full power."""

from __future__ import annotations

import json
from pathlib import Path

from claimcheck.claim import Claim
from claimcheck.implied import Analysis
from claimcheck.restate import restate
from tests.conftest import Invoke
from tests.setups import H100, LLAMA_70B


def test_the_example_sentence() -> None:
    claim = Claim(speedup=27, context_tokens=112_000, metric="ttft")
    analysis = Analysis(implied_mfu=0.56, speedup_at_prefix={"4000": 13.4}, end_to_end_speedup=2.6)
    assert restate(claim, analysis, model=LLAMA_70B, gpu=H100, gpu_count=1) == (
        "27× TTFT at 112K tokens, Llama 3.1 70B on 1× NVIDIA H100 SXM5 80GB (BF16, 56% MFU); "
        "≈ 13× at 4K; 2.6× end to end (500 output tokens)"
    )


def test_without_a_setup_the_4k_figure_is_the_naive_one_and_says_so() -> None:
    # 27 × 4,000 / 112,000 = 0.964: recompute shrinks with the prefix, the load does not
    claim = Claim(speedup=27, context_tokens=112_000, metric="ttft")
    assert (
        restate(claim, Analysis())
        == "27× TTFT at 112K tokens; ≈ 0.96× at 4K if the load time is fixed"
    )


def test_a_capped_baseline_gets_its_full_power_figure_and_a_range_keeps_its_low_end() -> None:
    claim = Claim(speedup=10, speedup_low=3, power_watts=350, metric="ttft")
    text = restate(claim, Analysis(full_power_speedup=7.2), model=LLAMA_70B, gpu=H100, gpu_count=2)
    assert text == (
        "3–10× TTFT, Llama 3.1 70B on 2× NVIDIA H100 SXM5 80GB (BF16, capped at 350 W); "
        "7.2× at full power"
    )


def test_no_headline_no_restatement() -> None:
    assert restate(Claim(text="KV offload is fast."), Analysis()) is None


def test_times_alone_are_restated_from_their_ratio() -> None:
    claim = Claim(baseline_seconds=57, cached_seconds=2.1, context_tokens=128_000, metric="ttft")
    text = restate(claim, Analysis(implied_speedup=57 / 2.1))
    assert text is not None and text.startswith("27× TTFT at 128K tokens")


def test_an_end_to_end_claim_names_the_ttft_of_its_4k_figure() -> None:
    claim = Claim(speedup=1.15, context_tokens=16_000, metric="end_to_end")
    text = restate(claim, Analysis(speedup_at_prefix={"4000": 11.2}))
    assert text == "1.15× end to end at 16K tokens; ≈ 11× TTFT at 4K"


def test_every_output_carries_it(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "c.yaml").write_text(
        "speedup: 27\ncontext_tokens: 112000\nmetric: ttft\nmodel: llama-3.1-70b\n"
        "gpu: h100-sxm\ngpu_count: 1\n",
        encoding="utf-8",
    )
    report = cli("check", str(tmp_path / "c.yaml"), "-f", "json").json()
    restated = report["claims"][0]["analysis"]["restatement"]
    assert restated.startswith("27× TTFT at 112K tokens, Llama 3.1 70B on 1× NVIDIA H100")
    assert "at 4K" in restated and "end to end" in restated
    sarif = json.loads(cli("check", str(tmp_path / "c.yaml"), "-f", "sarif").stdout)
    messages = [r["message"]["text"] for r in sarif["runs"][0]["results"]]
    assert messages and all(m.endswith(f"Fair restatement: {restated}") for m in messages)
    text = cli("check", str(tmp_path / "c.yaml"), "-f", "text").stdout
    assert "restated" in text
