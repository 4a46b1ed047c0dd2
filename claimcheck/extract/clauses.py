"""Clauses: the parts of a sentence that each carry their own figure and setup.

"14x on H100 and 28x on GH200" is two clauses, each with its factor and its GPU; "3x faster
TTFT and throughput" is one (only one side has a figure). Hard boundaries (``;``, ``:``, a
dash, ``·``, ``|``) always split; soft ones ("and", "while", "but", "compared to", a comma,
a spaced slash as in "2.7x TTFT / 1.9x total") split only when both sides hold a figure.
"""

from __future__ import annotations

import re
from functools import cache

from claimcheck.extract.types import Span


@cache
def _boundary() -> re.Pattern[str]:
    return re.compile(
        r"(?P<hard>;\s|:\s|\s[—–]\s|\s?·\s?|\s\|\s|,\s(?:while|whereas|but)\s)|"
        r"(?P<soft>,?\s(?:and|while|whereas|but|compared\sto|versus|vs\.?)\s|,\s|\s/\s)",
        re.IGNORECASE,
    )


_WORDS = re.compile(r"[A-Za-z]{3,}")
_BARE = re.compile(r"[\d.,]+")
"""A listed number without a sign of its own, as "1.18" in "1.30, 1.18 and 1.08x"."""


def clause_spans(text: str, lo: int, hi: int, figures: list[Span]) -> list[Span]:
    """The clauses of the sentence ``text[lo:hi]``, given where its figures are."""
    cuts: list[tuple[int, int, bool]] = [
        (m.start(), m.end(), m.group("hard") is not None)
        for m in _boundary().finditer(text, lo, hi)
        if not any(f.start < m.end() and m.start() < f.end for f in figures)
    ]
    spans: list[Span] = []
    start = lo
    for index, (cut_start, cut_end, hard) in enumerate(cuts):
        if not hard:
            following = cuts[index + 1][0] if index + 1 < len(cuts) else hi
            left = [f for f in figures if start <= f.start < cut_start]
            right = [f for f in figures if cut_end <= f.start < following]
            if not (left and right):
                continue
            if (
                (text[cut_start] == "," or _BARE.fullmatch(text, left[-1].start, left[-1].end))
                and not _WORDS.search(text, cut_end, right[0].start)
                and not _WORDS.search(text, left[-1].end, cut_start)
            ):
                continue  # "3x, 7x and 12x", "1.18 and 1.08x": a list of figures, not two clauses
        spans.append(Span(start, cut_start))
        start = cut_end
    spans.append(Span(start, hi))
    return [s for s in spans if s.end > s.start]


def clause_of(clauses: list[Span], span: Span) -> Span:
    """The clause (or the run of clauses) that ``span`` lies in."""
    touched = [c for c in clauses if c.start < span.end and span.start < c.end] or clauses[:1]
    return Span(touched[0].start, touched[-1].end)
