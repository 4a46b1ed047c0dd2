"""The claim does not disclose its model, GPU, context length or baseline time.

Without the model and GPU nobody can tell how fast recompute should have been; without the
context length nobody can compute the breakeven; without the baseline time nobody can check the
recompute was run well. What is not disclosed cannot be audited, and undisclosed setups are
where inflated baselines hide.

Flags:
    27x faster time to first token with our KV cache platform.

Does not flag:
    Llama 3.1 70B on 8x H100: 128K-token prefill recomputed in 9.5 s vs 2.1 s loaded from NVMe, 4.5x faster TTFT.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag each of model, GPU, context length and baseline time that the claim leaves out."""
    claim = subject.claim
    missing = []
    if claim.model is None and claim.params_billions is None:
        missing.append("the model")
    if claim.gpu is None:
        missing.append("the GPU")
    if claim.context_tokens is None:
        missing.append("the context length")
    if claim.baseline_seconds is None:
        missing.append("the baseline (recompute) time")
    if not missing:
        return
    listed = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " and " + missing[-1]
    # A sentence that states several gains is several claims: each names its own factor.
    which = f" for the {number(claim.speedup)}x" if claim.speedup else ""
    yield Hit(f"Not disclosed{which}: {listed}; the claim cannot be fully audited without them.")


RULE = Rule("KV301", "missing-setup", Severity.WARNING, check, __doc__ or "")
