"""The Claim model's bounds and the reading of a sentence into one."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from claimcheck.claim import Claim, claim_from_reading


def test_a_value_beyond_the_bounds_is_refused() -> None:
    with pytest.raises(ValidationError):
        Claim(speedup=27, context_tokens=10**12)


def test_a_reading_drops_only_the_impossible_value() -> None:
    claim = claim_from_reading({"speedup": 27.0, "context_tokens": 10**12, "gpu_count": 8}, "s")
    assert (claim.speedup, claim.context_tokens, claim.gpu_count, claim.text) == (27, None, 8, "s")


def test_a_reading_keeps_every_plausible_value() -> None:
    values = {"speedup": 27.0, "context_tokens": 112_000, "baseline_seconds": 57.0}
    claim = claim_from_reading(values, None)
    assert (claim.speedup, claim.context_tokens, claim.baseline_seconds) == (27, 112_000, 57)
