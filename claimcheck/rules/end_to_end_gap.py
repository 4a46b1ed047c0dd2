"""Once decode is counted, the end-to-end speedup is far below the headline.

A request is prefill plus decode. A KV tier shortens only prefill, while decoding the answer
(500 tokens by default, ``--output-tokens``) takes the same time on both sides, so the speedup
a user feels is (baseline TTFT + decode) ÷ (cached TTFT + decode). Flagged when that is below
``end_to_end_ratio`` (0.5 by default) of the headline. Needs the model and GPU.

Flags:
    On one H100, Llama 3.1 8B: 27x faster TTFT at 16K tokens with KV loaded from host memory.

Does not flag:
    On one H100, Llama 3.1 8B: 1.1x lower end-to-end latency at 16K tokens with KV loaded from host memory.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag an end-to-end speedup below the threshold share of the headline."""
    end_to_end = subject.analysis.end_to_end_speedup
    headline = subject.claim.speedup or subject.analysis.implied_speedup
    if (
        end_to_end is None
        or headline is None
        or end_to_end >= headline * subject.thresholds.end_to_end_ratio
    ):
        return
    yield Hit(
        f"End to end the {number(headline)}x becomes ≈ {end_to_end:.2g}x: decoding the answer "
        "takes the same time on both sides and the KV tier cannot shorten it.",
        field="speedup",
    )


RULE = Rule("KV206", "end-to-end-gap", Severity.WARNING, check, __doc__ or "")
