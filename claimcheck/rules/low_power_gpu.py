"""The recompute baseline ran on a GPU in a low-power or power-capped mode.

A power cap lowers the SM clock and with it prefill FLOPS, so recompute slows down, while PCIe,
network and storage bandwidth do not change: the KV load path keeps its speed and the ratio
grows. A cap below the GPU's default power limit counts as capped.

Flags:
    40x faster TTFT with GPUs in low-power mode, 128K tokens, KV cache on NVMe.

Does not flag:
    40x faster TTFT at 128K tokens with the KV cache on NVMe.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.claim import PowerMode
from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag a low or capped power mode, or a power cap below the GPU's default limit."""
    claim = subject.claim
    watts = claim.power_watts
    default = subject.setup.gpu_default_watts
    at_default = watts is not None and default is not None and watts >= default
    capped = claim.power_mode in {PowerMode.LOW, PowerMode.CAPPED}
    below_default = watts is not None and default is not None and watts < default
    if at_default or not (capped or below_default):
        return
    if watts is not None:
        cap = f"capped at {number(watts)} W" + (
            f" of its {number(default)} W default" if default else ""
        )
        field = "power_watts"
    else:
        cap, field = "in a low-power mode", "power_mode"
    yield Hit(
        f"The baseline GPU runs {cap}: prefill FLOPS drop while PCIe and storage bandwidth do "
        "not, so recompute slows and the ratio grows.",
        field=field,
    )


RULE = Rule("KV104", "low-power-gpu", Severity.WARNING, check, __doc__ or "")
