"""A suppression comment that suppressed nothing, or one that could not be read.

``<!-- claimcheck: disable-next-line KV103 -- reason -->`` silences the named rules on the next
line of prose; ``disable-line``, ``disable`` … ``enable`` and ``disable-file`` cover a line, a
range and the whole file. A comment whose codes match no finding is stale: the claim was fixed
or moved, and the comment now hides nothing but could hide a future problem. A comment that
starts with ``claimcheck:`` but is malformed (no codes, an unknown verb) suppresses nothing and
is reported too. Reported by the document lint, at the comment's line and column.

Flags:
    (a document) <!-- claimcheck: disable-next-line KV202 -- checked --> / 27x faster TTFT at 128K tokens with KV cache offload.

Does not flag:
    (a document) <!-- claimcheck: disable-next-line KV103 -- a long-context demo --> / 27x faster TTFT at 128K tokens with KV cache offload.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Nothing to say about a claim: the document lint reports unused suppressions."""
    return iter(())


RULE = Rule(
    "KV900", "unused-suppression", Severity.WARNING, check, __doc__ or "", precision="very-high"
)
