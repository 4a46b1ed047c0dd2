"""The speedup is measured on time to first token (prefill) only.

A KV cache loaded from outside the GPU can only shorten prefill: decode must read its KV cache
from HBM at every step. A TTFT or prefill ratio therefore says nothing about decode, and the
end-to-end gain of a request that also generates an answer is much smaller than the headline.

Flags:
    27x faster time to first token with KV cache offload at 112K tokens.

Does not flag:
    KV cache offload cuts end-to-end latency by 2x for a 128K-token document chat.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.claim import Metric
from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag a claim whose metric is TTFT or prefill."""
    claim = subject.claim
    if claim.metric not in {Metric.TTFT, Metric.PREFILL}:
        return
    headline = f"The {number(claim.speedup)}x" if claim.speedup else "The speedup"
    yield Hit(
        f"{headline} is measured on time to first token (prefill) only; it says nothing about "
        "decode or end-to-end latency, where KV outside GPU memory cannot help.",
        field="metric",
    )


RULE = Rule("KV101", "prefill-only", Severity.WARNING, check, __doc__ or "", precision="medium")
