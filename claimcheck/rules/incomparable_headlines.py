"""The same headline factor comes from different setups.

Two claims that both say "20x" invite a comparison, but a speedup depends on the model size,
the context length, the GPUs and their power mode, and the tier: the same factor from different
setups says nothing about which product is faster. Reported in a batch of claims (a folder or
a page) when the factors agree within 5 % and the disclosed setups differ or are not disclosed.

Flags:
    (two claims in one run) "20x better TTFT at 128K tokens on a 405B model" and "20x faster prefill at 32K tokens on an 8B model"

Does not flag:
    (one claim) "20x better TTFT at 128K tokens on a 405B model"
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from operator import attrgetter
from typing import cast

from claimcheck.rules.base import Compare, Hit, Rule, Subject, number
from claimcheck.severity import Severity

_SETUP_FIELDS = (
    "model",
    "params_billions",
    "gpu",
    "gpu_count",
    "context_tokens",
    "power_watts",
    "tier",
    "metric",
)
_setup = attrgetter(*_SETUP_FIELDS)
_TOLERANCE = 0.05
_NAMED = 3


def check(subject: Subject) -> Iterator[Hit]:
    """Nothing to say about a claim on its own."""
    return iter(())


Kept = tuple[float, tuple[object, ...] | None, str] | None
"""What the comparison keeps of a claim: its headline factor, its setup (``None`` when part
of it is undisclosed) and its name; ``None`` for a claim without a factor."""


def keep(subject: Subject) -> Kept:
    """The headline factor, the disclosed setup and the name of one claim."""
    claim = subject.claim
    if claim.speedup is None:
        return None
    setup = _setup(claim)
    return claim.speedup, None if None in setup else setup, subject.name


def compare(kept: Sequence[object]) -> Iterator[tuple[int, Hit]]:
    """For each claim, the other claims whose headline is within 5 % and whose setup is not
    the same (an undisclosed setup never matches another one, because nobody can tell the two
    were the same). Sorted by factor, so a run of thousands of claims stays O(n log n)."""
    ranked = sorted(
        (k[0], i, k[1], k[2]) for i, k in enumerate(cast("Sequence[Kept]", kept)) if k is not None
    )
    factors = [factor for factor, *_ in ranked]
    setups = [setup for _, _, setup, _ in ranked]
    same: dict[tuple[object, ...], list[int]] = {}
    for position, setup in enumerate(setups):
        if setup is not None:
            same.setdefault(setup, []).append(position)
    for position, (factor, index, mine, _) in enumerate(ranked):
        low = bisect_left(factors, factor / (1 + _TOLERANCE))
        high = bisect_right(factors, factor * (1 + _TOLERANCE))
        alike = same.get(mine, []) if mine is not None else [position]
        count = (high - low) - (bisect_left(alike, high) - bisect_left(alike, low))
        if count <= 0:
            continue
        named = []
        for j in range(low, high):
            if j != position and (mine is None or setups[j] != mine):
                named.append(ranked[j][3] or "another claim")
                if len(named) == _NAMED:
                    break
        others = ", ".join(named)
        more = f" and {count - _NAMED} more" if count > _NAMED else ""
        yield (
            index,
            Hit(
                f"The same {number(factor)}x headline appears in {others}{more} with a different or "
                "undisclosed setup (model, context, GPUs, tier): the figures are not comparable.",
                field="speedup",
            ),
        )


RULE = Rule(
    "KV303",
    "incomparable-headlines",
    Severity.INFO,
    check,
    __doc__ or "",
    batch=Compare(keep, compare, "speedup"),
)
