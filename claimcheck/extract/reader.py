"""The entry point: text → claims, one unit (paragraph) at a time, behind a cheap prefilter."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import msgspec
from msgspec import field
from msgspec.structs import replace

from claimcheck.documents.tables import timed_columns
from claimcheck.extract.evidence import Page, clear_memory
from claimcheck.extract.grouping import Context, unit_claims
from claimcheck.extract.normalise import (
    Rewrite,
    decision_in_source,
    extraction_in_source,
    normalise,
    normalised,
)
from claimcheck.extract.prefilter import candidate
from claimcheck.extract.scoring import Decision
from claimcheck.extract.sentences import sentence_spans
from claimcheck.extract.types import Extraction

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog


class Reading(msgspec.Struct, frozen=True):
    """What the extractor made of a text: its claims and every candidate it weighed."""

    claims: list[Extraction] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)


def read(
    text: str,
    *,
    explicit: bool = False,
    hint: str = "",
    topic: str = "",
    catalog: Catalog | None = None,
    page: Page = "",
) -> Reading:
    """The claims in ``text`` and the decisions behind them. Invisible characters, inline
    Markdown and HTML marks and look-alike signs are set aside before numbers are read
    (``normalise``); spans point at ``text`` as given.

    ``explicit`` marks text the user passed as a claim on purpose (it counts as evidence, not as
    an override: a cost cut is still not a speedup). ``hint`` frames the text (a table's header
    row for one of its rows) and ``topic`` places it (the page's title and section heading):
    either can supply the KV-cache cue. ``catalog`` names the models and GPUs (default: the
    built-in catalog). ``page`` says what the page around the text names: ``"kv"`` KV caching
    or a KV product, whose mechanism a figure may inherit; ``"other"`` neither, so TTFT or cache
    wording alone does not make a claim; ``""`` the text is not part of a page."""
    source = text
    text, where, rewrites = normalised(text)
    if not candidate(text) and not timed_columns(text, hint):
        return Reading()
    context = Context(normalise(hint)[0], normalise(topic)[0], explicit, catalog, page)
    claims: list[Extraction] = []
    decisions: list[Decision] = []
    try:
        for lo, hi in _paragraphs(text):
            for start, end, framed in _rows(text, lo, hi, context):
                found, decided = unit_claims(text, start, end, sentence_spans, framed)
                claims += found
                decisions += decided
    finally:
        clear_memory()
    if rewrites:
        claims = [_noted(claim, rewrites) for claim in claims]
    if where is None or source is text:
        return Reading(claims, decisions)
    # Read without invisible characters and inline markup; every span points at the source.
    return Reading(
        [extraction_in_source(c, where) for c in claims],
        [decision_in_source(d, where) for d in decisions],
    )


def _noted(claim: Extraction, rewrites: tuple[Rewrite, ...]) -> Extraction:
    """``claim`` with a reading for each number in its sentence that was rewritten to be read
    (a decimal comma, a thousands separator, a superscript)."""
    notes = tuple(
        r.note for r in rewrites if claim.span.start <= r.start < max(claim.span.end, r.start + 1)
    )
    return replace(claim, readings=claim.readings + notes) if notes else claim


def extract_claims(
    text: str,
    *,
    explicit: bool = False,
    hint: str = "",
    topic: str = "",
    catalog: Catalog | None = None,
) -> list[Extraction]:
    """The claims in ``text`` (see ``read``)."""
    return read(text, explicit=explicit, hint=hint, topic=topic, catalog=catalog).claims


_SEPARATOR_ROW = re.compile(
    r"[ \t]*(?:\|[ \t]*)?:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+(?:\|[ \t]*)?"
)


def _rows(text: str, lo: int, hi: int, context: Context) -> list[tuple[int, int, Context]]:
    """The units of a paragraph: the paragraph itself, or, when it is a Markdown table with
    its header and separator rows ("| Turn | TTFT |" over "|---|---|") and no header was
    given, its header row and then each row read with the header as its hint, as a page's
    table is read."""
    first_end = text.find("\n", lo, hi)
    second_end = text.find("\n", first_end + 1, hi) if first_end >= 0 else -1
    if (
        context.hint
        or second_end < 0
        or not _SEPARATOR_ROW.fullmatch(text, first_end + 1, second_end)
    ):
        return [(lo, hi, context)]
    framed = replace(context, hint=text[lo:first_end].strip().strip("|"))
    units = [(lo, first_end, context)]
    start = second_end + 1
    while start < hi:
        end = text.find("\n", start, hi)
        end = hi if end < 0 else end
        line = text[start:end]
        inner = line.strip()
        if inner:
            first = start + line.index(inner)
            last = first + len(inner)
            first += inner.startswith("|")
            last -= inner.endswith("|") and last > first
            units.append((first, last, framed))
        start = end + 1
    return units


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """Blank-line separated paragraphs of ``text``."""
    spans = []
    start = 0
    for match in re.finditer(r"\n[ \t]*\n", text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]
