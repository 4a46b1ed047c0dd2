"""KV303 on both sides of its 5 % band: headlines within 5 % of each other from setups that
differ (or are undisclosed) are flagged; 20x beside 20.9x is 4.5 % apart (flagged), 20x beside
21.5x is 7.5 % apart (not)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.rules.base import number
from claimcheck.rules.incomparable_headlines import Headlines
from tests.rules.helpers import batch_findings

SMALL: dict[str, Any] = {
    "model": "llama-3.1-8b",
    "gpu": "h100-sxm",
    "gpu_count": 1,
    "context_tokens": 32_000,
    "power_watts": 700,
    "tier": "nvme",
    "metric": "ttft",
    "params_billions": 8,
}
LARGE = {**SMALL, "model": "llama-3.1-405b", "gpu_count": 8, "context_tokens": 128_000}


@pytest.mark.parametrize(("other", "flagged"), [(20.9, True), (21.5, False)])
def test_factors_within_five_percent_are_compared(other: float, flagged: bool) -> None:
    first, second = batch_findings({**SMALL, "speedup": 20}, {**LARGE, "speedup": other})
    assert ("KV303" in first) is flagged and ("KV303" in second) is flagged


def test_the_same_disclosed_setup_is_comparable() -> None:
    first, second = batch_findings({**SMALL, "speedup": 20}, {**SMALL, "speedup": 20.5})
    assert "KV303" not in first | second


def test_an_undisclosed_setup_never_matches() -> None:
    # Nobody can tell that two claims without a model ran the same setup.
    first, second = batch_findings({"speedup": 20, "metric": "ttft"}, {"speedup": 20})
    assert "KV303" in first and "KV303" in second


def test_one_claim_alone_is_never_flagged() -> None:
    (only,) = batch_findings({"speedup": 20, "metric": "ttft"})
    assert "KV303" not in only


def _plain_message(kept: list[Any], index: int) -> str | None:
    """KV303's message about claim ``index``, worked out the plain way: every pair weighed."""
    if kept[index] is None:
        return None
    factor, setup, _ = kept[index]
    ranked = sorted((k[0], i) for i, k in enumerate(kept) if k is not None)
    others = [
        i
        for f, i in ranked
        if i != index
        and factor / 1.05 <= f <= factor * 1.05
        and (setup is None or kept[i][1] != setup)
    ]
    if not others:
        return None
    named = ", ".join(kept[i][2] or "another claim" for i in others[:3])
    more = f" and {len(others) - 3} more" if len(others) > 3 else ""
    return (
        f"The same {number(factor)}x headline appears in {named}{more} with a different or "
        "undisclosed setup (model, context, GPUs, tier): the figures are not comparable."
    )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.none()
        | st.tuples(
            st.sampled_from([2.0, 2.05, 2.1, 2.2, 20.0, 20.5, 21.0, 1.0, 1e6]),
            st.none() | st.sampled_from([("a", 8), ("b", 70)]),
            st.sampled_from(["", "c1", "页-2"]),
        ),
        max_size=12,
    )
)
def test_the_comparison_held_as_numbers_says_what_weighing_every_pair_says(
    kept: list[Any],
) -> None:
    # The comparison holds each claim as a few numbers; its findings are those of a plain
    # comparison of every pair, the three named in the order of their factors.
    headlines = Headlines()
    for one in kept:
        headlines.add(one)
    said = [headlines.hit(index) for index in range(len(kept))]
    assert [hit.message if hit else None for hit in said] == [
        _plain_message(kept, index) for index in range(len(kept))
    ]
    assert all(hit.field == "speedup" for hit in said if hit)
