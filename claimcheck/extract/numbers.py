"""Numbers as marketing writes them: ``128,000``, ``2.1``, ``twenty-seven``, ``tenfold``."""

from __future__ import annotations

import re

# A number that does not start inside another number or word; the look-behind keeps every
# pattern built on it linear on long digit runs ("1111…", "1.1.1.…").
NUM = r"(?<![\w.,$€£])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?!\d|[.,]\d)"

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip

WORD_NUM = (
    r"(?:(?:"
    + "|".join(_TENS)
    + r")(?:[-\s](?:"
    + "|".join(k for k in _UNITS if _UNITS[k] < 10 and _UNITS[k])
    + r"))?|"
    + "|".join(sorted(_UNITS, key=len, reverse=True))
    + r"|(?:a |one )?hundred)"
)


def parse_number(text: str) -> float:
    """``"128,000"`` → 128000.0, ``"2.1"`` → 2.1."""
    return float(text.replace(",", ""))


def parse_word_number(text: str) -> float | None:
    """``"twenty-seven"`` → 27, ``"a hundred"`` → 100, ``"tenfold"``'s stem ``"ten"`` → 10."""
    words = re.split(r"[-\s]+", text.lower().strip())
    words = [w for w in words if w not in {"a", "one"} or len(words) == 1]
    total = 0
    for word in words:
        if word == "hundred":
            total = (total or 1) * 100
        elif word in _TENS:
            total += _TENS[word]
        elif word in _UNITS:
            total += _UNITS[word]
        else:
            return None
    return float(total) if total else None
