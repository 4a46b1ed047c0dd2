"""A claim together with where it was read: the unit that flows from sources to the audit."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

import msgspec
from msgspec import field

from claimcheck.claim import Claim, claim_from_reading

if TYPE_CHECKING:
    from claimcheck.extract import Decision, Extraction, Span


class Position(msgspec.Struct, frozen=True):
    """A 1-based line and column (Unicode code points) in a source, with an optional end."""

    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None


class Conflict(msgspec.Struct, frozen=True):
    """A claim file field its own text gives another value for (rule KV306). ``gap`` is the
    smallest relative difference between the field and the text's figures (``None`` for a
    metric, where any difference counts); the rule weighs it against its tolerance."""

    field: str
    stated: str
    read: str
    gap: float | None = None


class ClaimRecord(msgspec.Struct, frozen=True):
    """One claim and its provenance.

    ``fields`` says where each claim field was read, so a finding about the context length points
    at the context length; ``cues`` are claim-level phrases the extractor found (e.g. "under load"),
    keyed by cue name; ``readings`` say how numbers were interpreted ("90% lower TTFT read as 10x").
    ``spans`` are the ``[start, end)`` offsets in the claim's text that each field was read from.
    """

    claim: Claim
    id: str
    path: str | None
    position: Position | None
    fields: Mapping[str, Position] = field(default_factory=dict)
    cues: Mapping[str, Position | None] = field(default_factory=dict)
    readings: tuple[str, ...] = ()
    confidence: float = 1.0
    conflicts: tuple[Conflict, ...] = ()
    spans: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    def where(self, field_name: str | None) -> Position | None:
        """The position of ``field_name`` if known, else of the claim itself."""
        if field_name is not None:
            found = self.fields.get(field_name) or self.cues.get(field_name)
            if found is not None:
                return found
        return self.position


class Ranged(Protocol):
    """A ``[start, end)`` range of offsets (the extractor's spans)."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


def in_sentence(
    spans: Mapping[str, Ranged], source: str, start: int, end: int
) -> dict[str, tuple[int, int]]:
    """Spans of ``source`` as offsets in the sentence ``source[start:end].strip()``; a span
    that reaches outside the sentence is left out."""
    raw = source[start:end]
    offset = start + len(raw) - len(raw.lstrip())
    length = len(raw.strip())
    shifted = {name: (span.start - offset, span.end - offset) for name, span in spans.items()}
    return {name: (a, b) for name, (a, b) in shifted.items() if 0 <= a < b <= length}


class Placed(msgspec.Struct, frozen=True):
    """A number the extractor weighed as a possible speed factor, where it stands, its score
    and the evidence behind it (what ``--explain`` shows). ``evidence`` holds
    (fact, weight, words) triples."""

    path: str | None
    position: Position | None
    quoted: str
    form: str
    value: float | None
    score: float
    kept: bool
    reason: str
    evidence: tuple[tuple[str, float, str], ...]


def placed(decision: Decision, quoted: str, path: str | None, position: Position | None) -> Placed:
    """A decision at its place in a source."""
    return Placed(
        path=path,
        position=position,
        quoted=quoted,
        form=decision.candidate.form,
        value=decision.candidate.value,
        score=decision.score,
        kept=decision.kept,
        reason=decision.reason,
        evidence=decision.weighed(),
    )


def record_from_extraction(
    extraction: Extraction,
    text: str,
    *,
    record_id: str,
    path: str | None,
    at: Callable[[Span], Position],
) -> ClaimRecord:
    """The record of a claim the extractor read from ``text``: its sentence as the claim's
    text, every field and cue placed by ``at`` (a span of ``text`` → a source position)."""
    start, end = extraction.span.start, extraction.span.end
    return ClaimRecord(
        claim=claim_from_reading(extraction.values, text[start:end].strip()),
        id=record_id,
        path=path,
        position=at(extraction.span),
        fields={name: at(span) for name, span in extraction.spans.items()},
        cues={name: at(span) for name, span in extraction.cues.items()},
        readings=extraction.readings,
        confidence=extraction.confidence,
        spans=in_sentence(extraction.spans, text, start, end),
    )
