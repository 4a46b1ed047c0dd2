"""Characters a reader does not see, and characters that look like the sign or a digit.

A sentence pasted from a page may carry code points that display as nothing: zero-width spaces
and joiners, bidi marks, invisible operators, variation selectors, tag characters. Inside
``27x`` any of them split the number (``2\u20627x`` read as 7x). Unicode names them all in
one property, Default_Ignorable_Code_Point
(https://www.unicode.org/Public/UCD/latest/ucd/DerivedCoreProperties.txt; why it exists:
https://www.unicode.org/reports/tr44/#Default_Ignorable_Code_Point), and ``IGNORABLE`` is that
property as a character class.

The sign may also be written with a letter that NFKC folds to ``x`` (mathematical italic
``𝑥``, bold ``𝐱``, the roman numeral ``ⅹ``, the modifier letter ``ˣ``), and the digits with
fullwidth or mathematical ones (``２７ｘ``): ``FOLD`` maps each of them to the ASCII character it
stands for (https://www.unicode.org/reports/tr15/#Norm_Forms). Superscript and subscript digits
are left alone: they are exponents (``10³x``), read on their own.
"""

from __future__ import annotations

import re

IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip
"""Default_Ignorable_Code_Point (Unicode 15.1), first and last code point of each range."""
IGNORABLE = "".join(
    chr(first) if first == last else f"{chr(first)}-{chr(last)}" for first, last in IGNORABLE_RANGES
)
"""The same, as the inside of a regular expression character class."""

X_FORMS = (
    "\u02e3\u2093\u2169\u2179\u24cd\u24e7\uff38\uff58\U0001d417\U0001d431\U0001d44b\U0001d465"
    "\U0001d47f\U0001d499\U0001d4b3\U0001d4cd\U0001d4e7\U0001d501\U0001d51b\U0001d535"
    "\U0001d54f\U0001d569\U0001d583\U0001d59d\U0001d5b7\U0001d5d1\U0001d5eb\U0001d605"
    "\U0001d61f\U0001d639\U0001d653\U0001d66d\U0001d687\U0001d6a1\U0001f147"
)
"""Every character but ``x`` and ``X`` that NFKC folds to one of them."""
SIGN_FORMS = "✕✖⨯⨉"
"""Signs drawn like the multiplication sign that NFKC leaves as they are."""
LETTER_FORMS = "хХ"
"""Cyrillic ha, drawn as x."""
DIGIT_RANGES = ((0xFF10, 0xFF19), (0x1D7CE, 0x1D7FF), (0x1FBF0, 0x1FBF9))
"""Decimal digits that NFKC folds to ASCII ones: fullwidth, mathematical, segmented."""


def _folds() -> dict[int, str]:
    table = {ord(c): "x" for c in X_FORMS + LETTER_FORMS}
    table.update({ord(c): "×" for c in SIGN_FORMS})
    for first, last in DIGIT_RANGES:
        table.update({code: str((code - first) % 10) for code in range(first, last + 1)})
    return table


def ignorable_codes() -> list[int]:
    """Every default-ignorable code point."""
    return [code for first, last in IGNORABLE_RANGES for code in range(first, last + 1)]


FOLD = _folds()
"""``str.translate`` table: each look-alike to the ASCII digit, ``x`` or ``×`` it stands for."""
FOLDED = "".join(map(chr, FOLD))
"""The characters ``FOLD`` changes, for a character class."""

_WORD_FOLD = {code: to for code, to in FOLD.items() if chr(code) not in LETTER_FORMS}
"""``FOLD`` but for Cyrillic ha, which inside a Russian word is a letter ("холодный")."""
_HA_AFTER = re.compile(r"(?<=\d)(\s?)[хХ](?![^\W\d_])")
_HA_BEFORE = re.compile(r"(?<![^\W\d_])[хХ](?=\s?\d)")


def folded(text: str) -> str:
    """``text`` with each look-alike made the ASCII character it stands for, Cyrillic ha only
    where it stands as the sign: after a number ("10х") or before one ("х2"), not in a word.
    Each character stays one character, so a map of source offsets still holds."""
    text = text.translate(_WORD_FOLD)
    if "х" not in text and "Х" not in text:
        return text
    return _HA_BEFORE.sub("x", _HA_AFTER.sub(r"\1x", text))
