"""The headline factor is above the plausibility bound.

A KV-cache load cannot beat recompute by more than the ratio of the prefill's compute time to
the cache's load time, and a request has fixed costs (scheduling, the first decode step) of
tens of milliseconds that no cache removes. Even a cache already in HBM on the largest dense
model in the catalog stays below about 10,000x at 128K tokens (docs/model.md §8); a figure
above that is a typo, a unit mix-up or a ratio of something else. It is reported, never
silently dropped. The bound is ``implausible_factor`` (10,000 by default).

Flags:
    KV cache offload makes time to first token 100,000x faster.

Does not flag:
    KV cache offload makes time to first token 27x faster at 128K tokens.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag a headline factor above the bound."""
    speedup, bound = subject.claim.speedup, subject.thresholds.implausible_factor
    if speedup is None or speedup <= bound:
        return
    yield Hit(
        f"A {number(speedup)}x speedup is above the plausibility bound of {number(bound)}x: "
        "not even a KV cache already in HBM beats recompute by that much; check the figure "
        "for a typo, a unit mix-up or a ratio of something other than time.",
        field="speedup",
    )


RULE = Rule("KV209", "implausible-factor", Severity.WARNING, check, __doc__ or "")
