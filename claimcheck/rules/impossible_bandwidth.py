"""The implied KV load bandwidth exceeds what the GPUs' links can carry.

Loading a context's KV cache in the stated time needs its bytes (from the model's architecture,
BF16) divided by the time. Any tier outside the GPU reaches it over the GPU's host link (PCIe
or NVLink-C2C), so the GPUs' combined host-to-device rate is a hard ceiling: the measured rate
where a public measurement exists, else the line rate, the same ceiling the load time and the
breakeven use (docs/model.md §3). Above it the claim's numbers cannot all be true, unless the
KV was compressed or quantised (say so) or the load overlapped with compute. Needs the model
and GPU.

Flags:
    On one H100, Llama 3.1 70B: a 128K-token context recomputed in 60 seconds or loaded from NVMe in 0.2 seconds, 300x faster TTFT.

Does not flag:
    On one H100, Llama 3.1 70B: a 128K-token context recomputed in 60 seconds or loaded from NVMe in 2.5 seconds, 24x faster TTFT.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag an implied bandwidth above the GPUs' host-link ceiling."""
    implied = subject.analysis.implied_load_gb_s
    ceiling = subject.analysis.load_ceiling_gb_s
    if implied is None or ceiling is None or implied <= ceiling:
        return
    yield Hit(
        f"Loading the KV cache in the stated time needs {implied:,.0f} GB/s, above the "
        f"{ceiling:,.0f} GB/s the GPUs' host links carry: the numbers cannot all hold "
        "unless the KV was compressed.",
        field="cached_seconds",
    )


RULE = Rule("KV204", "impossible-bandwidth", Severity.ERROR, check, __doc__ or "")
