"""The recompute baseline runs a very large model.

More parameters mean more FLOPs per prefix token, so recomputing is slow and loading the KV
cache looks good by comparison. The same storage gives a much smaller speedup on the models
most requests use. The threshold is ``large_model_billions`` (70 by default).

Flags:
    Up to 75x faster prefill for long contexts: 128K tokens on a 70B-parameter model.

Does not flag:
    4x faster time to first token at 32K tokens on an 8B-parameter model.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag a model at or above the size threshold."""
    size = subject.setup.total_params_billions
    limit = subject.thresholds.large_model_billions
    if size is None or size < limit:
        return
    field = "model" if subject.claim.model else "params_billions"
    yield Hit(
        f"The baseline recomputes a {number(size)}B-parameter model (at least {number(limit)}B): "
        "more FLOPs per prefix token make recompute slow and the ratio large; smaller models "
        "gain far less from the same storage.",
        field=field,
    )


RULE = Rule("KV102", "large-model", Severity.WARNING, check, __doc__ or "")
