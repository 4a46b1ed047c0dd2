"""Sentence boundaries in prose, as offsets, without splitting decimals, versions or abbreviations."""

from __future__ import annotations

import re
from functools import cache

_ABBREVIATIONS = frozenset(
    [
        "e.g",
        "i.e",
        "vs",
        "etc",
        "approx",
        "fig",
        "no",
        "dr",
        "mr",
        "ms",
        "inc",
        "ltd",
        "corp",
        "u.s",
        "cf",
        "al",
        "est",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    ]
)


@cache
def _boundary() -> re.Pattern[str]:
    # A full stop, "!" or "?" (and closing quotes or brackets), then space and a capital, digit,
    # quote or bracket, a name whose capitals come after a lower-case start ("vLLM",
    # "iPhone") or a Chinese, Japanese or Korean character, which has no case ("。" reads as
    # ". " through the glossary); or a line break before a capital (headline lines).
    return re.compile(
        r"[.!?][\"'”’)\]]*(?=\s+[\"'“‘(\[]?(?:[A-Z0-9@$]|[a-z]{1,3}[A-Z]|[\u3040-\u30ff"
        r"\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]))|\n(?=\s*[A-Z0-9@#*-])"
    )


def sentence_spans(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """``[start, end)`` of each sentence of ``text[lo:hi]``, whitespace trimmed."""
    spans = []
    start = lo
    for match in _boundary().finditer(text, lo, hi):
        if match.group().startswith(".") and _abbreviation(text, lo, match.start()):
            continue
        if match.group().startswith("\n") and _STAT.fullmatch(text[start : match.start()].strip()):
            continue  # a figure on a line of its own heads the line below it ("75x\nFaster TTFT")
        if match.group() in {"?", "!"} and _in_quotation(text, start, match.start(), hi):
            continue  # a quoted title: "Compute Or Load KV Cache? Why Not Both?" measured 2.6x
        spans.append((start, match.end()))
        start = match.end()
    spans.append((start, hi))
    return [trimmed for s, e in spans if (trimmed := _trim(text, s, e))[0] < trimmed[1]]


_TITLE = 200


def _in_quotation(text: str, start: int, mark: int, hi: int) -> bool:
    """Is the "?" or "!" at ``mark`` inside a double quotation that opened in this sentence and
    closes later on the same line (not right after the mark, where the quotation ends)? Only
    the last ``_TITLE`` characters are looked at: a title is short, and a long paragraph of
    marks costs no more than a short one."""
    before = text[max(start, mark - _TITLE) : mark]
    opened = before.count('"') % 2 == 1 or before.count("“") > before.count("”")
    if not opened:
        return False
    ahead = text[mark + 1 : min(hi, mark + _TITLE)].split("\n", 1)[0]
    return '"' in ahead or "”" in ahead


_STAT = re.compile(r"\W{0,3}(?:up\sto\s)?[\d.,]+\s?(?:[x×%]|times)?\+?\W{0,3}", re.IGNORECASE)


def _abbreviation(text: str, lo: int, dot: int) -> bool:
    word_start = dot
    while word_start > lo and (text[word_start - 1].isalpha() or text[word_start - 1] == "."):
        word_start -= 1
    if word_start > lo and text[word_start - 1].isdigit():
        return False  # "20x." ends a sentence
    if word_start - 1 > lo and text[word_start - 1] == " " and text[word_start - 2].isdigit():
        return False  # "1.9 s." and "40 ms." end a sentence: a unit, not an initial
    word = text[word_start:dot].lower().strip(".")
    return word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
