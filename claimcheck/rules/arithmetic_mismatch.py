"""The stated speedup disagrees with the stated times.

When a claim gives both the recompute time and the cached time, their ratio is the speedup.
A headline more than ``mismatch_tolerance`` (5 % by default) away from that ratio is either a
typo or a number from another measurement.

Flags:
    Recomputing a 112K-token context takes 57 seconds; loading its KV cache takes 2.1 seconds: 40x faster time to first token.

Does not flag:
    Recomputing a 112K-token context takes 57 seconds; loading its KV cache takes 2.1 seconds: 27x faster time to first token.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag a headline that differs from baseline ÷ cached by more than the tolerance."""
    claim = subject.claim
    implied = subject.analysis.implied_speedup
    if (
        claim.speedup is None
        or implied is None
        or claim.baseline_seconds is None
        or claim.cached_seconds is None
    ):
        return
    gap = abs(claim.speedup - implied) / implied
    tolerance = subject.thresholds.mismatch_tolerance
    if gap <= tolerance:
        return
    yield Hit(
        f"The stated {number(claim.speedup)}x does not match the stated times: "
        f"{number(claim.baseline_seconds)} s ÷ {number(claim.cached_seconds)} s = "
        f"{implied:.1f}x ({gap:.0%} apart, above the {tolerance:.0%} tolerance).",
        field="speedup",
    )


RULE = Rule(
    "KV202", "arithmetic-mismatch", Severity.ERROR, check, __doc__ or "", precision="very-high"
)
