"""The recompute baseline is implausibly slow for the hardware the claim names.

With the model, GPU and baseline time known, the baseline's achieved efficiency follows: the
causal prefill FLOPs of the context divided by the baseline time and the GPUs' dense peak
(MFU). Long prefills reach 0.6–0.8 of dense BF16 peak on current GPUs (docs/model.md §2). A
baseline far below ``low_mfu`` (0.25 by default) was run badly — wrong parallelism, no
FlashAttention, a power cap — and inflates the speedup. Needs the model and GPU (from the claim
or ``--model``/``--gpu``).

Flags:
    On one H100, Llama 3.1 8B recomputes a 32K-token prompt in 12 seconds; loading its KV cache from NVMe takes 0.3 seconds: 40x faster TTFT.

Does not flag:
    On one H100, Llama 3.1 8B recomputes a 32K-token prompt in 0.8 seconds; loading its KV cache from NVMe takes 0.7 seconds: 1.1x faster TTFT.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag an implied MFU below the threshold."""
    mfu = subject.analysis.implied_mfu
    floor = subject.thresholds.low_mfu
    if mfu is None or mfu >= floor:
        return
    yield Hit(
        f"The baseline time implies {mfu:.0%} MFU (of dense BF16 peak), below {floor:.0%}: long "
        "prefills reach 60–80 %, so recompute was run slowly and the speedup is inflated.",
        field="baseline_seconds",
    )


RULE = Rule("KV203", "slow-baseline", Severity.WARNING, check, __doc__ or "")
