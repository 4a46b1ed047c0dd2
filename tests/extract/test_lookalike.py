"""Default-ignorable code points are dropped, and look-alikes of the sign and the digits are
folded, wherever a figure is read: in text given directly and in every kind of document."""

from __future__ import annotations

import unicodedata

import pytest

from claimcheck.extract import extract_claims
from claimcheck.extract.lookalike import FOLD, ignorable_codes
from claimcheck.extract.normalise import normalise
from claimcheck.sources.document import DocumentKind, read_document

CLAIM = "KV cache offload gives {} faster TTFT."

# Named in Unicode's DerivedCoreProperties.txt as Default_Ignorable_Code_Point, and found to
# split "27x" (invisible operators, combining grapheme joiner, Arabic letter mark, Mongolian
# vowel separator, a variation selector, Khmer inherent vowel, tag characters).
INVISIBLE = [
    "\u2061", "\u2062", "\u2063", "\u2064", "\u034f", "\u061c", "\u180e", "\ufe0f", "\u17b4",
    "\U000e0001", "\U000e0041", "\U000e007f", "\u200b", "\u2060", "\u00ad", "\ufeff",
]  # fmt: skip


@pytest.mark.parametrize("mark", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_an_invisible_character_inside_the_figure_is_dropped(mark: str) -> None:
    text = CLAIM.format(f"2{mark}7{mark}x")
    (claim,) = extract_claims(text)
    assert claim.values["speedup"] == 27
    span = claim.spans["speedup"]
    assert text[span.start : span.end] == f"2{mark}7{mark}x"


def test_every_default_ignorable_code_point_is_dropped() -> None:
    codes = ignorable_codes()
    assert len(codes) == 4_174  # the property's size in Unicode 15.1 (DerivedCoreProperties.txt)
    for code in codes:
        assert normalise(f"2{chr(code)}7x")[0] == "27x", hex(code)


def test_the_fold_holds_every_nfkc_look_alike_of_the_sign_and_the_digits() -> None:
    for code in range(0x110000):
        character = chr(code)
        folded = unicodedata.normalize("NFKC", character)
        looks_like_x = folded in ("x", "X") and character not in "xX"
        decimal = unicodedata.category(character) == "Nd" and not character.isascii()
        if looks_like_x:
            assert FOLD.get(code) == "x", hex(code)
        elif decimal and len(folded) == 1 and folded.isascii():
            assert FOLD.get(code) == folded, hex(code)
        elif code in FOLD:
            assert FOLD[code] in ("x", "×"), hex(code)  # a sign NFKC keeps (✕, Cyrillic ha)


@pytest.mark.parametrize(
    "figure",
    ["27\U0001d465", "27\U0001d431", "27\u2179", "27\u02e3", "２７ｘ", "\U0001d7d0\U0001d7d5x"],
)
def test_a_look_alike_sign_or_digit_is_read(figure: str) -> None:
    text = CLAIM.format(figure)
    (claim,) = extract_claims(text)
    assert claim.values["speedup"] == 27
    span = claim.spans["speedup"]
    assert text[span.start : span.end] == figure


def test_superscript_digits_are_not_folded() -> None:
    # "10³x" is a power, read on its own; "2⁷x" is not 27x.
    assert all(chr(code) not in "".join(map(chr, FOLD)) for code in map(ord, "⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂"))


@pytest.mark.parametrize("kind", ["markdown", "html", "text"])
@pytest.mark.parametrize(
    "figure", ["2\u20627x", "27\U0001d465", "２７ｘ", "2\U000e0041\U000e00417x", "27ˣ"]
)
def test_documents_read_through_invisible_characters_and_look_alikes(
    kind: DocumentKind, figure: str
) -> None:
    page = CLAIM.format(figure) + "\n"
    (record,) = read_document(page, kind, "page").records
    assert record.claim.speedup == 27
    start, end = record.spans["speedup"]
    assert page[start:end] == figure


def test_cyrillic_ha_is_the_sign_beside_a_number_and_a_letter_inside_a_word() -> None:
    # "Холодный старт" (cold start) keeps its ha, so the glossary can read the words
    assert normalise("Холодный старт: 27х")[0].startswith("cold start")
    assert [
        c.values.get("speedup") for c in extract_claims("Prefix caching gives 27х faster TTFT")
    ] == [27.0]
    assert [c.values.get("speedup") for c in extract_claims("LMCache: TTFT х3 lower")] == [3.0]
