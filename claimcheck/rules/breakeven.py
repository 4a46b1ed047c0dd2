"""The implied breakeven prefix: below it, recomputing beats loading the KV cache.

Reported whenever it can be computed. The naive breakeven is the simple reading: the load time
is taken as fixed, so loading wins only for prefixes longer than context ÷ speedup (or
context × cached time ÷ baseline time when both times are given). The physical breakeven, when
the model and GPU are known, lets the load time grow with the prefix as it really does.
Prompts shorter than the breakeven gain nothing from the product.

Flags:
    27x faster time to first token at 112K tokens.

Does not flag:
    27x faster time to first token with KV cache offload.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Report the naive breakeven, and the physical one when known."""
    claim = subject.claim
    analysis = subject.analysis
    naive = analysis.naive_breakeven_tokens
    if naive is None or claim.context_tokens is None:
        return
    if claim.baseline_seconds is not None and claim.cached_seconds is not None:
        how = (
            f"{number(claim.context_tokens)} × {number(claim.cached_seconds)} s ÷ "
            f"{number(claim.baseline_seconds)} s"
        )
    else:
        how = f"{number(claim.context_tokens)} ÷ {number(claim.speedup or 1)}"
    message = (
        f"Naive breakeven ≈ {number(naive)} tokens ({how}): with the load time taken as "
        "fixed, recomputing any shorter prefix beats loading it."
    )
    physical = analysis.physical_breakeven_tokens
    if physical is not None:
        message += f" Physical breakeven ≈ {number(physical)} tokens."
        if analysis.breakeven_explanation:
            message += f" {analysis.breakeven_explanation}"
    yield Hit(message, field="context_tokens")


RULE = Rule("KV201", "breakeven", Severity.INFO, check, __doc__ or "")
