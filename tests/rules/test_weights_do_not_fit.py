"""KV208: the weights plus the context's KV exceed the claimed GPUs' memory (docs/model.md §10)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Invoke, codes
from tests.rules.helpers import findings

# Llama 3.1 70B: 70.6e9 parameters × 2 B = 141.2 GB of BF16 weights; 327,680 B of KV per token.
WEIGHTS_GB = 70.6 * 2


def _claim(gpus: int, tokens: int) -> dict[str, Any]:
    return {"speedup": 10, "context_tokens": tokens, "metric": "ttft", "model": "llama-3.1-70b",
            "gpu": "h100-sxm", "gpu_count": gpus}  # fmt: skip


def test_check_gpus_1_on_a_70b_bf16_claim_reports_it(cli: Invoke) -> None:
    run = cli("check", "--format", "json", "--gpus", "1", "--text",
              "Llama 3.1 70B on H100: 10x faster TTFT at 32K tokens with KV cache on NVMe.")  # fmt: skip
    report = run.json()
    assert "KV208" in codes(report)
    finding = next(f for f in report["claims"][0]["findings"] if f["code"] == "KV208")
    # 141.2 GB of weights > 80 GB of one H100
    assert "141 GB" in finding["message"] and "80 GB" in finding["message"]
    assert finding["severity"] == "warning"
    analysis = report["claims"][0]["analysis"]
    assert analysis["weights_gb"] == WEIGHTS_GB
    assert analysis["context_kv_gb"] == round(32_000 * 327_680 / 1e9, 1)
    assert analysis["gpu_memory_gb"] == 80


def test_the_context_kv_can_tip_it_over() -> None:
    # 2 × 80 GB = 160 GB: 141.2 GB of weights + 32K × 327,680 B (10.5 GB) = 151.7 GB fits,
    # + 128K × 327,680 B (41.9 GB) = 183.1 GB does not.
    assert "KV208" not in findings(**_claim(2, 32_000))
    hit = findings(**_claim(2, 128_000))["KV208"]
    assert "183 GB" in hit.message and "160 GB" in hit.message


def test_an_assumed_gpu_count_is_not_judged() -> None:
    claim = _claim(1, 32_000)
    del claim["gpu_count"]
    assert "KV208" not in findings(**claim)


def test_a_model_released_in_mxfp4_fits_where_its_bf16_size_would_not() -> None:
    # gpt-oss-120b: 60.8 GiB = 65.3 GB of weights + 32K × 36,864 B + 18 × 128 × 2,048 B of KV
    # (1.2 GB) < 80 GB, though 116.8e9 × 2 B = 234 GB would not fit
    claim = _claim(1, 32_000) | {"model": "gpt-oss-120b"}
    assert "KV208" not in findings(**claim)
