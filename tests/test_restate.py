"""The fair restatement: the headline with its conditions, 4K, end to end, full power."""

from __future__ import annotations

import json
from pathlib import Path

from claimcheck.claim import Claim
from claimcheck.implied import Analysis
from claimcheck.restate import Conditions, restate
from tests.conftest import Invoke
from tests.setups import H100, LLAMA_70B


def _setup(count: int, **marks: bool) -> Conditions:
    return Conditions(model=LLAMA_70B, gpu=H100, gpu_count=count, compute="BF16", **marks)


def test_the_example_sentence() -> None:
    claim = Claim(speedup=27, context_tokens=112_000, metric="ttft")
    analysis = Analysis(implied_mfu=0.56, speedup_at_prefix={"4000": 13.4}, end_to_end_speedup=2.6)
    assert restate(claim, analysis, _setup(1, compute_assumed=False)) == (
        "27× TTFT at 112K tokens, Llama 3.1 70B on 1× NVIDIA H100 SXM5 80GB (BF16, 56% MFU); "
        "≈ 13× at 4K; 2.6× end to end (500 output tokens)"
    )


def test_what_the_claim_does_not_disclose_is_marked_assumed() -> None:
    claim = Claim(speedup=27, context_tokens=112_000, metric="ttft")
    text = restate(claim, Analysis(), _setup(2, model_assumed=True, count_assumed=True))
    assert text == (
        "27× TTFT at 112K tokens, Llama 3.1 70B on 2× NVIDIA H100 SXM5 80GB (model, GPU count "
        "assumed, BF16 assumed)"
    )


def test_without_a_setup_there_is_no_4k_figure() -> None:
    # 27 × 4,000 / 112,000 = 0.96× "if the load time is fixed" was no bound: recompute shrinks
    # faster than linearly with the prefix while the load shrinks too. Only physics gives 4K.
    claim = Claim(speedup=27, context_tokens=112_000, metric="ttft")
    assert restate(claim, Analysis()) == "27× TTFT at 112K tokens"


def test_a_headline_its_times_contradict_is_restated_from_the_times() -> None:
    # 38 s ÷ 1.9 s = 20×, not the 45× stated (KV202): the restatement and its 4K figure say so.
    claim = Claim(speedup=45, baseline_seconds=38, cached_seconds=1.9, context_tokens=128_000,
                  metric="ttft")  # fmt: skip
    analysis = Analysis(implied_speedup=20.0, speedup_at_prefix={"4000": 9.2})
    text = restate(claim, analysis, _setup(2, compute_assumed=False))
    assert text is not None and text.startswith(
        "20× TTFT at 128K tokens by its own times (45× stated), Llama 3.1 70B"
    )
    assert "≈ 9.2× at 4K from its times" in text
    # Within the tolerance the headline stands: 57 ÷ 2.1 = 27.1.
    close = Claim(speedup=27, baseline_seconds=57, cached_seconds=2.1, metric="ttft")
    assert restate(close, Analysis(implied_speedup=57 / 2.1)) == "27× TTFT"


def test_an_impossible_setup_is_named_with_what_is_wrong() -> None:
    # 141.2 GB of BF16 weights on one 80 GB H100 (KV208); a baseline at MFU 2.6 (KV207).
    claim = Claim(speedup=15, context_tokens=128_000, metric="ttft")
    analysis = Analysis(implied_mfu=2.63, weights_gb=141.2, context_kv_gb=41.9, gpu_memory_gb=80)
    text = restate(claim, analysis, _setup(1, compute_assumed=False))
    assert text is not None
    assert "263% MFU" not in text and "needs 263% of the GPUs' peak" in text
    assert "its weights and KV do not fit these GPUs" in text


def test_a_capped_baseline_gets_its_full_power_figure_and_a_range_keeps_its_low_end() -> None:
    claim = Claim(speedup=10, speedup_low=3, power_watts=350, metric="ttft")
    text = restate(claim, Analysis(full_power_speedup=7.2), _setup(2, compute_assumed=False))
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


def test_the_assumed_count_and_precision_reach_the_report(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "c.yaml").write_text(
        "speedup: 35\ncontext_tokens: 100000\nmetric: ttft\nmodel: llama-3.1-70b\ngpu: h100-sxm\n",
        encoding="utf-8",
    )
    restated = cli("check", str(tmp_path / "c.yaml"), "-f", "json").json()["claims"][0]
    assert (
        "2× NVIDIA H100 SXM5 80GB (GPU count assumed, BF16 assumed"
        in (restated["analysis"]["restatement"])
    )


def test_a_claim_with_points_gives_one_answer(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "c.yaml").write_text(
        "speedup: 8\nmetric: ttft\ncontext_tokens: 128000\nmodel: llama-3.1-70b\n"
        "gpu: h100-sxm\ngpu_count: 2\npoints:\n"
        "  - {context_tokens: 8000, speedup: 1.5}\n"
        "  - {context_tokens: 32000, speedup: 3.2}\n"
        "  - {context_tokens: 128000, speedup: 8}\n",
        encoding="utf-8",
    )
    analysis = cli("check", str(tmp_path / "c.yaml"), "-f", "json").json()["claims"][0]["analysis"]
    assert analysis["physical_breakeven_tokens"] == analysis["fit"]["breakeven_tokens"]
    assert analysis["speedup_at_prefix"]["4000"] == analysis["fit"]["speedup_at"]["4000"]
    four_k = analysis["fit"]["speedup_at"]["4000"]
    assert f"≈ {round(four_k, 2):g}× at 4K on its own fitted curve" in analysis["restatement"]


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
    (tmp_path / "d.yaml").write_text("speedup: 3\nmetric: ttft\n", encoding="utf-8")
    table = cli("check", str(tmp_path), "-f", "text").stdout  # two claims: the table view
    assert "Restated" in table and "3× TTFT" in table
