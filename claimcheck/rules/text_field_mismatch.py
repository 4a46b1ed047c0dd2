"""A claim file's fields contradict its own text.

When a claim file carries the vendor's sentence in ``text`` and also states fields, the two
must agree: a field that disagrees with the sentence (for numbers, by more than
``text_field_tolerance``, 5 % by default) is a copying error or a number from another
measurement, and the audit cannot tell which one is true.

Flags:
    {text: "27x faster TTFT at 112K tokens", speedup: 72}

Does not flag:
    {text: "27x faster TTFT at 112K tokens", speedup: 27}
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag each field its text contradicts."""
    tolerance = subject.thresholds.text_field_tolerance
    for conflict in subject.conflicts:
        if conflict.gap is not None and conflict.gap <= tolerance:
            continue
        yield Hit(
            f"Field '{conflict.field}' says {conflict.stated} but the claim's text says {conflict.read}.",
            field=conflict.field,
        )


RULE = Rule(
    "KV306", "text-field-mismatch", Severity.ERROR, check, __doc__ or "", precision="very-high"
)
