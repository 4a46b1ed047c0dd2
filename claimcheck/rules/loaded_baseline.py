"""The baseline was measured under queueing: production concurrency, tail latency or load.

Under load, a request's TTFT includes time spent waiting for a GPU. Recompute keeps the GPUs
busy, so the queue in front of them grows, and anything that skips recompute also skips the
queue: the ratio then measures queueing, not the KV tier. Ask for the unloaded TTFT of both.

Flags:
    At production concurrency, TTFT is 40x faster with the KV cache tier than without it.

Does not flag:
    TTFT is 40x faster with the KV cache tier than without it, for a single request at 128K tokens.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag a claim whose text says the baseline was measured under load."""
    if "queueing" not in subject.cues:
        return
    yield Hit(
        "The baseline is measured under load (concurrency, tail latency or queueing): waiting "
        "for a busy GPU inflates recompute TTFT, so the ratio measures the queue, not the KV tier.",
        field="queueing",
    )


RULE = Rule("KV105", "loaded-baseline", Severity.WARNING, check, __doc__ or "", precision="medium")
