"""Times are assigned by their words (recompute or load), not by their size; each factor keeps
its own context."""

from __future__ import annotations

import pytest

from claimcheck.extract import extract_claims


@pytest.mark.parametrize(
    "text",
    [
        "KV offload: 27x faster TTFT; recomputing the prefix takes 57 s, loading it takes 2.1 s.",
        "KV offload: 27x faster TTFT; loading the cache takes 2.1 s, recomputing it takes 57 s.",
        "KV cache: TTFT 2.1 s cached vs 57 s uncached.",
        "KV cache: TTFT of 57 s without the cache and 2.1 s with it.",
        "With the KV cache TTFT dropped from 57 s to 2.1 s.",
    ],
)
def test_the_recompute_time_is_the_baseline(text: str) -> None:
    (claim,) = extract_claims(text, explicit=True)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (57, 2.1)


def test_a_load_slower_than_recompute_keeps_its_words() -> None:
    # the words say the load took longer: the times are not swapped to fit the headline,
    # so the contradiction reaches KV202 instead of being hidden
    (claim,) = extract_claims(
        "KV offload: 27x faster TTFT; recompute took 1.5 s while loading from NVMe took 3 s.",
        explicit=True,
    )
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (1.5, 3)


@pytest.mark.parametrize(
    "text",
    [
        "KV cache offload TTFT: recompute took 1.5 s while loading from NVMe took 3 s.",
        "KV cache: TTFT of 3 s with the cache and 1.5 s without.",
        "TTFT with KV cache reuse: 3 s cached vs 1.5 s recomputed.",
    ],
)
def test_times_alone_where_loading_is_slower_are_no_speedup_claim(text: str) -> None:
    assert extract_claims(text, explicit=True) == []


@pytest.mark.parametrize(
    "text",
    [
        "KV cache offload: 27x faster TTFT at 128K and 30x at 64K.",
        "KV cache offload cuts TTFT 27x at 128K tokens and 30x at 64K tokens.",
    ],
)
def test_each_factor_keeps_its_own_context(text: str) -> None:
    claims = extract_claims(text)
    assert [(c.values["speedup"], c.values["context_tokens"]) for c in claims] == [
        (27, 128_000),
        (30, 64_000),
    ]
