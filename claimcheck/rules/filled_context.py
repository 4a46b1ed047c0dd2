"""The speedup is quoted at a huge or window-filling prefix.

Recompute time grows faster than linearly with the prefix (attention is quadratic), while load
time grows linearly, so the ratio is largest at the longest prefix. Typical prompts are far
shorter. Flagged from ``filled_context_tokens`` (64,000 by default; K = 1,000 tokens) or
``filled_context_fraction`` of the model's context window (0.75 by default).

Flags:
    20x better TTFT with KV cache offload at 128K tokens.

Does not flag:
    3x faster time to first token for 8K-token prompts with KV cache offload.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag a context at or above the token threshold or the window fraction."""
    tokens = subject.claim.context_tokens
    if tokens is None:
        return
    limits = subject.thresholds
    window = subject.setup.max_context_tokens
    share = tokens / window if window else None
    if tokens < limits.filled_context_tokens and (
        share is None or share < limits.filled_context_fraction
    ):
        return
    if share is not None and window is not None and share > 1:
        detail = f"more than the model's {number(window)}-token window, so not from this model"
    elif share is not None and window is not None and share >= limits.filled_context_fraction:
        detail = f"{share:.0%} of the model's {number(window)}-token window"
    else:
        detail = f"at least {number(limits.filled_context_tokens)} tokens"
    yield Hit(
        f"Quoted at a {number(tokens)}-token prefix ({detail}): recompute grows faster than "
        "loading as the prefix grows, so the ratio is at its largest here; typical prompts are "
        "far shorter and gain far less.",
        field="context_tokens",
    )


RULE = Rule("KV103", "filled-context", Severity.WARNING, check, __doc__ or "")
