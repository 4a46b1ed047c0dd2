"""The sentence reader on the forms the foundation needs."""

from __future__ import annotations

import pytest

from claimcheck.extract import extract_claims


def values(text: str) -> dict[str, object]:
    (found,) = extract_claims(text)
    return dict(found.values)


@pytest.mark.parametrize("form", ["27x", "27X", "27×", "27-fold", "27 times"])
def test_multiplier_forms(form: str) -> None:
    assert values(f"{form} faster time to first token")["speedup"] == 27


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("a 112K-token context", 112_000),
        ("128,000-token prefix", 128_000),
        ("at 112K tokens", 112_000),
    ],
)
def test_context_tokens(text: str, tokens: int) -> None:
    assert values(f"5x faster TTFT for {text}")["context_tokens"] == tokens


def test_times_and_spans() -> None:
    text = "Recompute takes 57 seconds; loading takes 2.1 seconds: 27x faster TTFT."
    (found,) = extract_claims(text)
    assert (found.values["baseline_seconds"], found.values["cached_seconds"]) == (57, 2.1)
    span = found.spans["cached_seconds"]
    assert text[span.start : span.end] == "2.1 seconds"


def test_gpu_count_is_not_a_speedup() -> None:
    found = values("3x faster TTFT on 8x H100")
    assert found["speedup"] == 3
    assert (found["gpu"], found["gpu_count"]) == ("h100-sxm", 8)


def test_no_speedup_no_claim() -> None:
    assert extract_claims("KV caches live in HBM.") == []
