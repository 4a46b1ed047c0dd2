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

from collections.abc import Iterator, Sequence

from claimcheck.report import Severity
from claimcheck.rules.base import Hit, Rule, Subject, number

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


def check(subject: Subject) -> Iterator[Hit]:
    """Nothing to say about a claim on its own."""
    return iter(())


def batch(subjects: Sequence[Subject]) -> Iterator[tuple[int, Hit]]:
    """Pair up claims whose headline factors agree but whose setups are not the same."""
    for i, first in enumerate(subjects):
        mine = first.claim.speedup
        if mine is None:
            continue
        twins = [
            j
            for j, other in enumerate(subjects)
            if j != i
            and other.claim.speedup is not None
            and abs(other.claim.speedup - mine) <= 0.05 * mine
            and _setup(other) != _setup(first)
        ]
        if twins:
            others = ", ".join(subjects[j].claim.id or f"#{j + 1}" for j in twins[:3])
            more = f" and {len(twins) - 3} more" if len(twins) > 3 else ""
            yield (
                i,
                Hit(
                    f"The same {number(mine)}x headline appears in {others}{more} with a different or "
                    "undisclosed setup (model, context, GPUs, tier): the figures are not comparable.",
                    field="speedup",
                ),
            )


def _setup(subject: Subject) -> tuple[object, ...]:
    values = tuple(getattr(subject.claim, name) for name in _SETUP_FIELDS)
    # An undisclosed setup never matches another one: nobody can tell they were the same.
    return values if all(v is not None for v in values) else (id(subject),)


RULE = Rule("KV303", "incomparable-headlines", Severity.INFO, check, __doc__ or "", batch=batch)
