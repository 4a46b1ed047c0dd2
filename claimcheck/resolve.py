"""Names in a claim → the setup rules reason about (model size, context window, power limit)."""

from __future__ import annotations

import re

from claimcheck.claim import Claim
from claimcheck.rules.base import Setup

_SIZE_IN_NAME = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s?b\b", re.IGNORECASE)


def size_from_name(name: str) -> float | None:
    """The parameter count a model name carries ("Falcon-180B" → 180), largest if several."""
    sizes = [float(m.group(1)) for m in _SIZE_IN_NAME.finditer(name)]
    return max(sizes) if sizes else None


def resolve(claim: Claim) -> Setup:
    """The setup the claim itself gives."""
    size = claim.params_billions
    if size is None and claim.model is not None:
        size = size_from_name(claim.model)
    return Setup(total_params_billions=size)
