"""The sentence reader on the forms the foundation needs."""

from __future__ import annotations

import pytest

from claimcheck.extract import extract_claims, read
from claimcheck.extract.types import Span


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


@pytest.mark.parametrize(
    "text",
    [
        "KV offload cut our GPU bill by 60% while keeping TTFT flat.",
        "Prefix cache hit rates improved 3x after the upgrade, and TTFT is low.",
        "Teams deployed 3x faster with our KV cache tier.",
        "FP8 KV cache gives 2x faster TTFT.",
    ],
)
def test_factors_about_something_else_are_not_claims(text: str) -> None:
    assert extract_claims(text) == []


def test_a_denying_word_before_does_not_beat_a_named_metric_after() -> None:
    assert values("At half the cost, 3x faster TTFT with KV offload.")["speedup"] == 3


def test_recompute_and_load_times_make_a_claim_without_a_ttft_word() -> None:
    found = values(
        "Recomputing the 100K-token prefix takes 40 s; loading its KV cache from NVMe takes 2 s."
    )
    assert (found["baseline_seconds"], found["cached_seconds"], found["tier"]) == (40, 2, "nvme")


def test_a_shared_system_prompt_is_not_cross_user_sharing() -> None:
    (found,) = extract_claims(
        "With the shared system prompt cached, TTFT is 4x faster across users."
    )
    assert "cross_user" not in found.cues


def test_a_range_keeps_both_ends() -> None:
    found = values("Customers measure 4–20x faster TTFT with the KV tier.")
    assert (found["speedup_low"], found["speedup"]) == (4, 20)


@pytest.mark.parametrize(
    ("setup", "count"),
    [
        ("on 2 nodes of 8x H100", 16),
        ("on two 8-GPU H100 nodes", 16),
        ("on two servers with 8x H100", 16),
        ("on an 8-GPU H100 node", 8),
        ("on 8x H100 nodes", 8),
    ],
)
def test_node_counts_multiply_gpus_per_node(setup: str, count: int) -> None:
    found = values(f"27x faster TTFT with KV offload {setup}.")
    assert (found["gpu"], found["gpu_count"]) == ("h100-sxm", count)


def test_a_stated_draw_is_a_power_setting() -> None:
    found = values("27x faster TTFT with KV offload, H100s running at 350W.")
    assert (found["power_mode"], found["power_watts"]) == ("capped", 350)


def test_a_markdown_table_is_read_row_by_row_under_its_header() -> None:
    # https://github.com/mingxin-tech/mingxin-kvcache-bench/blob/main/README.md
    table = (
        "| Concurrency | FX100 TTFT p50 | Local NVMe TTFT p50 | Recompute TTFT p50 |\n"
        "|---|---|---|---|\n"
        "| 16 | 11.85 s | 17.31 s | 149.48 s |\n"
    )
    for explicit in (False, True):
        (claim,) = read(table, explicit=explicit).claims
        assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (
            149.48,
            11.85,
        )
        # the claim is the row, its spans in the text as given
        assert table[claim.span.start : claim.span.end] == "16 | 11.85 s | 17.31 s | 149.48 s"
        cached = claim.spans["cached_seconds"]
        assert table[cached.start : cached.end] == "11.85 s"


def test_a_table_without_its_separator_row_is_one_paragraph() -> None:
    text = "| FX100 TTFT p50 | Recompute TTFT p50 |\n| 16 | 11.85 s | 149.48 s |\n"
    claims = read(text, explicit=True).claims
    assert [c.span for c in claims] == [Span(0, len(text) - 1)]
