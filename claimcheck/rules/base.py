"""The rule contract: a code, a name, a default severity, a check, and a docstring as user doc."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

import msgspec

from claimcheck.claim import Claim
from claimcheck.implied import Analysis
from claimcheck.record import Conflict
from claimcheck.resolve import Resolved
from claimcheck.settings import Thresholds
from claimcheck.severity import Precision, Severity


class Subject(msgspec.Struct, frozen=True):
    """Everything a rule may look at for one claim. Rules do no I/O and no arithmetic of the
    physical model: they read the analysis."""

    claim: Claim
    analysis: Analysis
    setup: Resolved
    cues: frozenset[str]
    thresholds: Thresholds
    conflicts: tuple[Conflict, ...] = ()
    name: str = ""


class Hit(msgspec.Struct, frozen=True):
    """A rule's finding before it is placed: the message and the claim field it is about."""

    message: str
    field: str | None = None


class Comparison(Protocol):
    """One comparison of the claims of a run: told what was kept of each claim in turn
    (``add``), then asked about each claim by its number in that order (``hit``). What it
    holds of each claim should be a few numbers: it holds every claim of the run."""

    def add(self, kept: object) -> None:
        """What ``Compare.keep`` took of the next claim."""
        ...

    def hit(self, index: int) -> Hit | None:
        """The finding about claim ``index``, if any, once every claim is added."""
        ...


class Compare(msgspec.Struct, frozen=True):
    """How a rule compares the claims of a run with each other. As each claim is judged,
    ``keep`` takes what the comparison needs of it; ``start`` makes a fresh ``Comparison``
    for a run, which is told each claim's ``keep`` and then asked about each claim. Its
    findings point at the claim's ``field``.

    What ``keep`` takes is plain data (numbers, text, enums, ``None`` and tuples of them): in
    a large batch it comes from worker processes, with its enums as their values."""

    keep: Callable[[Subject], object]
    start: Callable[[], Comparison]
    field: str | None = None


class Rule(msgspec.Struct, frozen=True):
    """One rule. ``doc`` is the module docstring: its first line is the summary. A rule that
    compares claims with each other has a ``batch`` (``Compare``) over all claims of a run.
    ``precision`` says how often its findings are right;
    a rule about a security weakness has a ``security_severity`` (0.1 to 10, as CVSS scores)."""

    code: str
    name: str
    severity: Severity
    check: Callable[[Subject], Iterator[Hit]]
    doc: str
    batch: Compare | None = None
    precision: Precision = "high"
    security_severity: float | None = None

    @property
    def summary(self) -> str:
        """The first line of the documentation."""
        return self.doc.strip().splitlines()[0].rstrip(".")


def number(value: float) -> str:
    """A figure as prose shows it: ``112,000``, ``27``, ``2.1``."""
    if value >= 100 or float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:.3g}"
