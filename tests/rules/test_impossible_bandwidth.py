"""KV204 on both sides of the host-link ceiling. Llama 3.1 70B keeps 80 layers × 8 KV heads ×
128 × 2 (K and V) × 2 B = 327,680 B per token (its config.json), so 128,000 tokens are 41.94 GB;
one H100's host link carries 55.6 GB/s (the copy-engine figure of NVIDIA's nvbandwidth
example). With the default 1 ms latency, 0.70 s needs 41.94 ÷ 0.699 = 60.0 GB/s (flagged) and
0.80 s needs 41.94 ÷ 0.799 = 52.5 GB/s (not)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.helpers import findings

SETUP: dict[str, Any] = {
    "model": "llama-3.1-70b",
    "gpu": "h100-sxm",
    "gpu_count": 1,
    "context_tokens": 128_000,
    "baseline_seconds": 60,
    "metric": "ttft",
}


@pytest.mark.parametrize(
    ("cached_s", "needed_gb_s", "flagged"), [(0.70, 60, True), (0.80, 52, False)]
)
def test_a_load_faster_than_the_host_link_is_impossible(
    cached_s: float, needed_gb_s: int, flagged: bool
) -> None:
    found = findings(**SETUP, cached_seconds=cached_s, speedup=round(60 / cached_s))
    assert ("KV204" in found) is flagged
    if flagged:
        assert f"needs {needed_gb_s} GB/s, above the 56 GB/s" in found["KV204"].message


def test_more_gpus_raise_the_ceiling() -> None:
    # Eight H100s load in parallel over eight links: 8 × 55.6 = 445 GB/s.
    found = findings(**{**SETUP, "gpu_count": 8}, cached_seconds=0.70, speedup=86)
    assert "KV204" not in found


def test_without_a_model_nothing_is_implied() -> None:
    found = findings(speedup=300, context_tokens=128_000, cached_seconds=0.2, metric="ttft")
    assert "KV204" not in found
