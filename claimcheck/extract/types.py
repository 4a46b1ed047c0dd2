"""What the extractor returns: claim field values with the exact spans they were read from."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
from msgspec import field


class Span(msgspec.Struct, frozen=True):
    """A ``[start, end)`` range of code-point offsets in the extractor's input text."""

    start: int
    end: int


class Extraction(msgspec.Struct, frozen=True):
    """One claim read from prose.

    ``values`` maps Claim field names to values; ``spans`` says where each was read; ``cues``
    are claim-level phrases that rules use (e.g. ``queueing`` for "under load"); ``readings``
    explain any interpretation ("90% lower TTFT read as a 10x speedup"); ``confidence`` in [0, 1]
    says how sure the extractor is that this is a KV-cache speedup claim at all; ``extras`` are
    readings that are not claim fields (``speedups`` when several are quoted, ``speedup_reading``
    for percentages, ``context_estimated``, ``model_name`` for a model not in the catalog).
    """

    span: Span
    values: Mapping[str, object]
    spans: Mapping[str, Span] = field(default_factory=dict)
    cues: Mapping[str, Span] = field(default_factory=dict)
    readings: tuple[str, ...] = ()
    confidence: float = 1.0
    extras: Mapping[str, object] = field(default_factory=dict)
