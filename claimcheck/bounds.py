"""The ranges the physics accepts, one place for claim fields, ``check`` and ``breakeven``.

Every bound is far beyond any real system, so no honest figure is refused; inside them every
product and quotient of the model stays many orders of magnitude from float overflow and
underflow (docs/model.md, "Ranges"), so no infinity or NaN can reach a report. A figure outside its bound
is a typo or an attack on the arithmetic: the claim or option is refused with the range.
"""

from __future__ import annotations

import math

import msgspec


class Bound(msgspec.Struct, frozen=True):
    """A closed range ``[low, high]`` of one quantity, and how to name it to a user."""

    what: str
    low: float
    high: float
    unit: str = ""

    def holds(self, value: float) -> bool:
        """Is ``value`` a finite number inside the range?"""
        try:
            number = float(value)
        except OverflowError:  # an integer beyond any float
            return False
        return math.isfinite(number) and self.low <= number <= self.high

    @property
    def expected(self) -> str:
        """``expected a power cap from 1 to 10,000 W``."""
        unit = f" {self.unit}" if self.unit else ""
        return f"expected {self.what} from {_shown(self.low)} to {_shown(self.high)}{unit}"

    def problem(self, value: float) -> str | None:
        """``None`` when ``value`` holds, else ``expected …, got …``."""
        if self.holds(value):
            return None
        return f"{self.expected}, got {_shown(value)}"


def _shown(value: float) -> str:
    """1,000,000 for whole figures up to a billion; otherwise as Python writes it (1e-06, 1e+300)."""
    if isinstance(value, int) and abs(value) < 10**30:
        return f"{value:,}"
    try:
        number = float(value)
    except OverflowError:
        digits = int(abs(int(value)).bit_length() * math.log10(2)) + 1
        return f"a number of about {digits:,} digits"
    if math.isfinite(number) and number == int(number) and abs(number) <= 1e9:
        return f"{int(number):,}"
    return repr(number)


MFU = Bound("an MFU (fraction of dense peak)", 1e-4, 1.0)
POWER_W = Bound("a power cap", 1.0, 10_000.0, "W")
SECONDS = Bound("a time", 1e-6, 1e6, "s")
TOKENS = Bound("a token count", 1, 1_000_000_000, "tokens")
OUTPUT_TOKENS = Bound("an output length", 0, 1_000_000_000, "tokens")
GPUS = Bound("a GPU count", 1, 1_000_000)
BANDWIDTH_GB_S = Bound("a load bandwidth", 1e-3, 1e6, "GB/s")
LATENCY_MS = Bound("a load latency", 0.0, 1e6, "ms")
PARAMS_B = Bound("a model size", 1e-6, 1e6, "billion parameters")
SPEEDUP = Bound("a speedup", 1.0, 1e6)
MAX_FILE_BYTES = Bound("a file size limit", 1, 1_000_000_000_000, "bytes")
JOBS = Bound("a number of worker processes", 1, 1024)
