"""The claim reuses KV across similar or paraphrased prompts.

The keys and values at a position depend on every token before it, so KV can only be reused for
an exact prefix: one differing token invalidates everything after it. "What are the key
takeaways…" and "Tell me the key takeaways…" share no reusable KV. Reusing KV across merely
similar prompts changes the model's output; it is not a cache hit.

Flags:
    Semantically similar questions hit the KV cache too, delivering up to 14x faster time to first token.

Does not flag:
    Requests that share the exact same system prompt hit the KV cache, delivering 14x faster time to first token.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag KV reuse across prompts that are similar rather than identical."""
    if "similar_prompts" not in subject.cues:
        return
    yield Hit(
        "Reuses KV across similar or paraphrased prompts: KV at each position depends on every "
        "earlier token, so only an exact prefix can be reused without changing the output.",
        field="similar_prompts",
    )


RULE = Rule(
    "KV305", "inexact-prefix-reuse", Severity.ERROR, check, __doc__ or "", precision="medium"
)
