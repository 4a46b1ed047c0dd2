"""KV303 on both sides of its 5 % band: headlines within 5 % of each other from setups that
differ (or are undisclosed) are flagged; 20x beside 20.9x is 4.5 % apart (flagged), 20x beside
21.5x is 7.5 % apart (not)."""

from __future__ import annotations

from typing import Any

import pytest

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
