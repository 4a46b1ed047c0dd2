"""The claim credits offloaded or stored KV with faster decode or token generation.

Every decode step reads the whole KV cache. That cache must sit in GPU memory (HBM): fetching
it from CPU memory, SSD or the network at every step would make decode far slower, not faster.
A KV tier outside the GPU can shorten prefill (time to first token) or free GPU memory for more
users; it cannot speed up the generation of each token. Under load it is another matter: in a
batch that mixes prefill and decode, every prefix recomputed stalls the decode steps beside it,
so a cache hit that removes the recompute shortens inter-token latency. A decode figure said
to be measured under load (a request rate, a concurrency, P99, queueing) is not flagged.

Flags:
    Offloading the KV cache to our NVMe tier speeds up token generation 3x.

Does not flag:
    Offloading the KV cache to our NVMe tier cuts time to first token 3x at 64K tokens.
    With fs-offload, ITL falls from 357.7 ms to 87.8 ms at rate=50, as cache hits remove prefix recomputation.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.claim import Metric
from claimcheck.rules.base import Hit, Rule, Subject
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag a decode / token-generation speedup attributed to KV held outside the GPU: the
    text credits it, or a claim file gives a decode metric together with a storage tier."""
    claim = subject.claim
    stated = claim.metric == Metric.DECODE and claim.tier is not None
    if "decode_credit" not in subject.cues and not stated:
        return
    yield Hit(
        "Credits KV held outside the GPU with faster decode: each decode step reads the whole KV "
        "cache, which must be in HBM; an offload tier can only help prefill (TTFT) or capacity.",
        field="decode_credit",
    )


RULE = Rule("KV205", "decode-speedup", Severity.ERROR, check, __doc__ or "", precision="medium")
