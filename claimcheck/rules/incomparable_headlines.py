"""The same headline factor comes from different setups.

Two claims that both say "20x" invite a comparison, but a speedup depends on the model size,
the context length, the GPUs and their power mode, and the tier: the same factor from different
setups says nothing about which product is faster. Reported in a batch of claims (a folder or
a page) when the factors agree within 5 % and the disclosed setups differ or are not disclosed.

Flags:
    (two claims in one run) "20x better TTFT at 128K tokens on a 405B model" and "20x faster prefill at 32K tokens on an 8B model"

Does not flag:
    (one claim) "20x better TTFT at 128K tokens on a 405B model"
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from operator import attrgetter
from typing import cast

from claimcheck.rules.base import Compare, Hit, Rule, Subject, number
from claimcheck.severity import Severity

_SETUP_FIELDS = (
    "model",
    "params_billions",
    "gpu",
    "gpu_count",
    "context_tokens",
    "power_watts",
    "tier",
    "metric",
)
_setup = attrgetter(*_SETUP_FIELDS)
_TOLERANCE = 0.05
_NAMED = 3
_UNDISCLOSED = -1  # a setup number: part of the setup is not disclosed
_NO_FACTOR = -2  # a setup number: the claim has no headline factor


def check(subject: Subject) -> Iterator[Hit]:
    """Nothing to say about a claim on its own."""
    return iter(())


Kept = tuple[float, tuple[object, ...] | None, str] | None
"""What the comparison keeps of a claim: its headline factor, its setup (``None`` when part
of it is undisclosed) and its name; ``None`` for a claim without a factor."""


def keep(subject: Subject) -> Kept:
    """The headline factor, the disclosed setup and the name of one claim."""
    claim = subject.claim
    if claim.speedup is None:
        return None
    setup = _setup(claim)
    return claim.speedup, None if None in setup else setup, subject.name


class Headlines:
    """The comparison of a run's headlines (a ``rules.base.Comparison``): for each claim, the
    other claims whose headline is within 5 % and whose setup is not the same (an undisclosed
    setup never matches another one, because nobody can tell the two were the same).

    Each claim is held as its factor, the number of its setup (each disclosed setup is held
    once) and its name in one shared buffer: a few dozen bytes a claim. The claims are
    ranked by factor once, when the first is asked about, so that a run of thousands of
    claims stays O(n log n)."""

    def __init__(self) -> None:
        self._factors = array("d")
        self._setups = array("q")
        self._setup_numbers: dict[tuple[object, ...], int] = {}
        self._names = bytearray()
        self._name_ends = array("q")
        self._ranked: _Ranked | None = None

    def add(self, kept: object) -> None:
        headline = cast("Kept", kept)
        name = ""
        if headline is None:
            self._factors.append(0.0)
            self._setups.append(_NO_FACTOR)
        else:
            factor, setup, name = headline
            self._factors.append(factor)
            if setup is None:
                self._setups.append(_UNDISCLOSED)
            else:
                self._setups.append(self._setup_numbers.setdefault(setup, len(self._setup_numbers)))
        self._names += name.encode("utf-8", "surrogatepass")
        self._name_ends.append(len(self._names))

    def hit(self, index: int) -> Hit | None:
        ranked = self._ranked or self._rank()
        position = ranked.positions[index]
        if position < 0:
            return None
        factors, setups = ranked.factors, ranked.setups
        factor, mine = factors[position], setups[position]
        low = bisect_left(factors, factor / (1 + _TOLERANCE))
        high = bisect_right(factors, factor * (1 + _TOLERANCE))
        if mine == _UNDISCLOSED:
            count = high - low - 1  # every other claim in the band
        else:
            alike = ranked.same[mine]
            count = (high - low) - (bisect_left(alike, high) - bisect_left(alike, low))
        if count <= 0:
            return None
        named = []
        for j in range(low, high):
            if j != position and (mine == _UNDISCLOSED or setups[j] != mine):
                named.append(self._name(ranked.order[j]) or "another claim")
                if len(named) == _NAMED:
                    break
        others = ", ".join(named)
        more = f" and {count - _NAMED} more" if count > _NAMED else ""
        return Hit(
            f"The same {number(factor)}x headline appears in {others}{more} with a different or "
            "undisclosed setup (model, context, GPUs, tier): the figures are not comparable.",
            field="speedup",
        )

    def _name(self, index: int) -> str:
        start = self._name_ends[index - 1] if index else 0
        return self._names[start : self._name_ends[index]].decode("utf-8", "surrogatepass")

    def _rank(self) -> _Ranked:
        factors, setups = self._factors, self._setups
        order = array("q", sorted(
            (i for i in range(len(factors)) if setups[i] != _NO_FACTOR), key=factors.__getitem__
        ))  # fmt: skip
        positions = array("q", [-1]) * len(factors)
        same: dict[int, array[int]] = {}
        for position, index in enumerate(order):
            positions[index] = position
            if setups[index] >= 0:
                same.setdefault(setups[index], array("q")).append(position)
        ranked = _Ranked(
            order,
            positions,
            array("d", (factors[i] for i in order)),
            array("q", (setups[i] for i in order)),
            same,
        )
        self._factors, self._setups, self._ranked = array("d"), array("q"), ranked
        return ranked


class _Ranked:
    """The claims with a factor, ranked by it (ties in the order they came): each position's
    claim (``order``), factor and setup number, each claim's position (-1 without a factor),
    and the positions of each disclosed setup."""

    def __init__(
        self,
        order: array[int],
        positions: array[int],
        factors: array[float],
        setups: array[int],
        same: dict[int, array[int]],
    ) -> None:
        self.order = order
        self.positions = positions
        self.factors = factors
        self.setups = setups
        self.same = same


RULE = Rule(
    "KV303",
    "incomparable-headlines",
    Severity.INFO,
    check,
    __doc__ or "",
    batch=Compare(keep, Headlines, "speedup"),
)
