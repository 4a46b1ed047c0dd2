"""The headline is a best case ("up to", a maximum).

An "up to" figure is the top of a curve: the vendor's best prefix length, model and setup.
Without the rest of the curve a reader cannot tell what an ordinary request gains.

Flags:
    Up to 75x faster prefill for long contexts with KV cache offload.

Does not flag:
    75x faster prefill at 128K tokens with KV cache offload.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag an "up to" qualifier."""
    claim = subject.claim
    if claim.speedup_qualifier != "up to":
        return
    figure = f"'up to {number(claim.speedup)}x'" if claim.speedup else "An 'up to' figure"
    yield Hit(
        f"{figure} is a best case: ask for the speedup at ordinary prefix lengths, which is "
        "far lower.",
        field="speedup_qualifier",
    )


RULE = Rule("KV302", "best-case-only", Severity.INFO, check, __doc__ or "", precision="medium")
