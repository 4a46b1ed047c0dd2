"""The stated speedup disagrees with the stated times.

When a claim gives both the recompute time and the cached time, their ratio is the speedup.
A headline more than ``mismatch_tolerance`` (5 % by default) away from that ratio is either a
typo or a number from another measurement. Each figure counts as anything that rounds to what
is written: a "4x" is 3.5x to 4.5x and "26 ms" 25.5 to 26.5 ms (a time's rounding at most 1 %
of it), so a headline that is the times' ratio rounded is no contradiction.

Flags:
    Recomputing a 112K-token context takes 57 seconds; loading its KV cache takes 2.1 seconds: 40x faster time to first token.

Does not flag:
    Recomputing a 112K-token context takes 57 seconds; loading its KV cache takes 2.1 seconds: 27x faster time to first token.
    With the prefix cache, time to first token is about 4x faster (26 ms vs 99 ms).
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck import rounding
from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag a headline that differs from baseline ÷ cached by more than the tolerance, once
    each figure's rounding is allowed."""
    claim = subject.claim
    implied = subject.analysis.implied_speedup
    if (
        claim.speedup is None
        or implied is None
        or claim.baseline_seconds is None
        or claim.cached_seconds is None
    ):
        return
    tolerance = subject.thresholds.mismatch_tolerance
    if rounding.gap(claim.speedup, claim.baseline_seconds, claim.cached_seconds) <= tolerance:
        return
    apart = abs(claim.speedup - implied) / implied
    yield Hit(
        f"The stated {number(claim.speedup)}x does not match the stated times: "
        f"{number(claim.baseline_seconds)} s ÷ {number(claim.cached_seconds)} s = "
        f"{implied:.1f}x ({apart:.0%} apart, more than rounding and the {tolerance:.0%} "
        "tolerance allow).",
        field="speedup",
    )


RULE = Rule(
    "KV202", "arithmetic-mismatch", Severity.ERROR, check, __doc__ or "", precision="very-high"
)
