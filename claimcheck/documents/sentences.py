"""Sentence boundaries inside a prose unit, as index ranges of its text."""

from __future__ import annotations

import re

from claimcheck.documents.units import TextUnit

# A run of terminators, closing quotes or brackets, then whitespace: a candidate boundary.
_CANDIDATE = re.compile(r"[.!?]+[\"'”’)\]]*\s+")
_OPENERS = "\"'“‘(["
# Abbreviations after which a full stop does not end a sentence, lower-cased with their stops.
_ABBREVIATIONS = frozenset(
    {"e.g.", "i.e.", "vs.", "cf.", "etc.", "approx.", "ca.", "incl.", "est.", "al."}
    | {"fig.", "figs.", "no.", "nos.", "eq.", "ref.", "sec.", "vol.", "p.", "pp."}
    | {"dr.", "mr.", "mrs.", "ms.", "prof.", "st.", "jr.", "sr."}
    | {"inc.", "ltd.", "co.", "corp.", "u.s.", "u.k.", "e.u."}
)
_LONGEST = max(map(len, _ABBREVIATIONS))


def split_sentences(unit: TextUnit) -> list[tuple[int, int]]:
    """``[start, end)`` ranges of the sentences in ``unit.text``, without surrounding spaces.

    A boundary is ``.``, ``!`` or ``?`` (closing quotes allowed) followed by whitespace and an
    upper-case letter, a digit or an opening quote. Decimals, versions, abbreviations, initials
    and ellipses never end a sentence; a table row is one sentence.
    """
    text = unit.text
    if unit.kind == "table_row":
        return [(0, len(text))] if text.strip() else []
    ranges = []
    start = 0
    for match in _CANDIDATE.finditer(text):
        following = text[match.end() : match.end() + 1]
        if not following or not (
            following.isupper() or following.isdigit() or following in _OPENERS
        ):
            continue
        stops = match.group().rstrip()
        if ".." in stops or _ends_abbreviation(text, match.start(), stops):
            continue
        ranges.append((start, match.end() - (len(match.group()) - len(stops))))
        start = match.end()
    ranges.append((start, len(text)))
    return [(s, e) for s, e in _trimmed(text, ranges) if e > s]


def _ends_abbreviation(text: str, stop: int, stops: str) -> bool:
    """Whether the full stop at ``stop`` ends an abbreviation or an initial such as ``J.``."""
    if not stops.startswith("."):
        return False
    words = text[max(stop - 2 * _LONGEST, 0) : stop + 1].split()
    word = words[-1].lstrip(_OPENERS) if words else ""
    if len(word) == 2 and word[0].isupper():
        return True
    return word.lower() in _ABBREVIATIONS


def _trimmed(text: str, ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    result = []
    for start, end in ranges:
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        result.append((start, end))
    return result
