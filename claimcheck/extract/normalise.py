"""Text as a reader sees it: invisible characters, inline markup and look-alike signs removed
before numbers are read, with a map back to the source so every span still points at it.

Sentences pasted from pages carry what a browser hides: zero-width spaces and joiners, soft
hyphens and bidi marks (``2​7x`` must read as 27x, not 7x), Markdown emphasis and code marks
(``**5.1x** speedup``), inline HTML tags (``<u>3.03x</u>``), no-break spaces, and signs that
look like ``×``. Documents are parsed before they get here; this is for text given directly
(``--text``, a claim file's ``text``, standard input read as prose).
"""

from __future__ import annotations

import re
from dataclasses import replace

from claimcheck.extract.scoring import Decision
from claimcheck.extract.types import Extraction, Span

_HIDDEN = "\u200b\u200c\u200d\u2060\u00ad\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"
_DROP = re.compile(rf"[{_HIDDEN}]+|</?[A-Za-z][A-Za-z0-9]{{0,15}}(?:\s[^<>]{{0,200}})?>|\*+|__|`")
_SAME = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " ", "✕": "×", "⨯": "×", "ｘ": "x"})
_NEEDS = re.compile(rf"[{_HIDDEN}\u00a0\u202f\u2009✕⨯ｘ<*_`]")


def normalise(text: str) -> tuple[str, list[int] | None]:
    """The text to read and, when it differs from ``text``, the source offset of each of its
    characters (one more entry for the end)."""
    if _NEEDS.search(text) is None:
        return text, None
    kept: list[str] = []
    where: list[int] = []
    position = 0
    for match in _DROP.finditer(text):
        kept.append(text[position : match.start()])
        where.extend(range(position, match.start()))
        position = match.end()
    kept.append(text[position:])
    where.extend(range(position, len(text)))
    where.append(len(text))
    clean = "".join(kept).translate(_SAME)
    return clean, where


def _back(span: Span, where: list[int]) -> Span:
    """A span of the read text as a span of the source (from its first character's source
    offset to just past its last one's)."""
    start = where[span.start]
    end = where[span.end - 1] + 1 if span.end > span.start else start
    return Span(start, end)


def extraction_in_source(extraction: Extraction, where: list[int]) -> Extraction:
    """``extraction`` with every span mapped back to the source."""
    return replace(
        extraction,
        span=_back(extraction.span, where),
        spans={name: _back(span, where) for name, span in extraction.spans.items()},
        cues={name: _back(span, where) for name, span in extraction.cues.items()},
    )


def decision_in_source(decision: Decision, where: list[int]) -> Decision:
    """``decision`` with its candidate's span mapped back to the source."""
    candidate = replace(decision.candidate, span=_back(decision.candidate.span, where))
    return replace(decision, candidate=candidate)
