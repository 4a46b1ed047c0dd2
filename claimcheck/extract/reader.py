"""The entry point: text → claims, one unit (paragraph) at a time, behind a cheap prefilter."""

from __future__ import annotations

import re

from claimcheck.extract.assemble import unit_claims
from claimcheck.extract.prefilter import candidate
from claimcheck.extract.sentences import sentence_spans
from claimcheck.extract.types import Extraction


def might_hold_a_claim(text: str) -> bool:
    """The cheap prefilter: ``False`` means no claim can be in ``text``."""
    return candidate(text)


def extract_claims(text: str, *, explicit: bool = False, hint: str = "") -> list[Extraction]:
    """The claims in ``text``. ``explicit`` marks text the user passed as a claim on purpose: it is
    read even when it has no KV-cache cue. ``hint`` frames the text (a table's header row for one
    of its rows): it may supply the cue and the metric."""
    if not might_hold_a_claim(text):
        return []
    claims: list[Extraction] = []
    for lo, hi in _paragraphs(text):
        claims += unit_claims(text, lo, hi, sentence_spans, explicit=explicit, hint=hint)
    return claims


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """Blank-line separated paragraphs of ``text``."""
    spans = []
    start = 0
    for match in re.finditer(r"\n[ \t]*\n", text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]
