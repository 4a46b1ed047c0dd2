"""Factored alternations match what the written ones match: span and groups, case-blind and not."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimcheck.extract.factoring import factored
from claimcheck.extract.lexicon import pattern_names, source

HERE = Path(__file__).parent


def _matches(
    regex: str, text: str, flags: int
) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in re.compile(regex, flags).finditer(text)]


def test_words_of_one_first_letter_are_grouped_under_it() -> None:
    assert factored(r"\b(?:kv|kvbm|lmcache)\b") == r"\b(?:k(?:v\b|vbm\b)|lmcache\b)"


def test_a_word_without_a_first_letter_parts_the_words_it_may_match_beside() -> None:
    # "kx" may match where "\w+x" does, after it: it stays after it.
    assert factored(r"\b(?:kv|\w+x|kx)\b") == r"\b(?:kv\b|\w+x\b|kx\b)"
    # A digit is no letter: the letter's words stay together across "\d+x".
    assert factored(r"\b(?:kv|\d+x|kx|1x)\b") == r"\b(?:k(?:v\b|x\b)|\d+x\b|1x\b)"


def test_a_boundary_or_look_behind_before_a_letter_is_tested_after_it() -> None:
    assert factored(r"\b(?:k?v|\bkw|(?<![\w-])kx)\b") == (
        r"\b(?:k?v\b|k(?:w\b|(?<!(?:[\w-])k)x\b))"
    )


def test_a_group_first_parts_only_the_words_of_its_own_first_letters() -> None:
    # A group of nine words is not spread (below): it may match where "tx" and "vx" do, not
    # where "kx" does.
    group = "(?:than|to|ta|te|ti|tu|ty|tz|vs)"
    assert factored(rf"\b(?:kv|{group}\sx|kx|tx|vx)\b") == (
        rf"\b(?:k(?:v\b|x\b)|{group}\sx\b|tx\b|vx\b)"
    )


def test_a_group_or_class_first_is_spread_into_words_of_their_letters() -> None:
    assert factored(r"\b(?:kv|(?:than|vs)\sx|kx|tx|vx)\b") == (
        r"\b(?:k(?:v\b|x\b)|t(?:han\sx\b|x\b)|v(?:s\sx\b|x\b))"
    )
    # An optional group: each of its words, then the word without it.
    assert factored(r"\b(?:(?:sub-)?[1-3]-bit|2x)\b") == (
        r"\b(?:sub-[1-3]-bit\b|1-bit\b|2(?:-bit\b|x\b)|3-bit\b)"
    )
    # A look-behind stays before each word, then moves after its letter.
    assert factored(r"\b(?:(?<!-)(?:ab|k)c|kd)\b") == (
        r"\b(?:a(?<!(?:-)a)bc\b|k(?:(?<!(?:-)k)c\b|d\b))"
    )


def test_a_word_that_would_spread_into_too_much_is_left_whole() -> None:
    # Nine words, or a long rest repeated: the pattern would grow more than it gains.
    nine = "|".join("abcdefghi")
    assert factored(rf"\b(?:(?:{nine})x|ay)\b") == rf"\b(?:(?:{nine})x\b|ay\b)"
    rest = "y" * 120
    assert factored(rf"\b(?:(?:a|b|c)x{rest}|ay)\b") == rf"\b(?:(?:a|b|c)x{rest}\b|ay\b)"
    # A lazy or possessive optional group is not spread.
    assert factored(r"\b(?:(?:a|b)??x|ay)\b") == r"\b(?:(?:a|b)??x\b|ay\b)"


def test_adjacent_alternations_join_into_one() -> None:
    assert factored(r"\b(?:ab)\b|\b(?:ac)\b") == r"\b(?:a(?:b\b|c\b))"


@pytest.mark.parametrize(
    "regex",
    [
        r"\b(?:(ab)|ac)\b",  # a capturing group: its number follows the order
        r"\b(?:(?P<n>ab)|ac)\b",
        r"(?i)\b(?:ab|ac)\b",  # an inline flag
        r"\b(?:ab|ac",  # unbalanced
        r"\b(?:ab)c|ad)\b",  # the first group closes before the end
    ],
)
def test_sources_it_does_not_follow_are_left_as_they_are(regex: str) -> None:
    assert factored(regex) == regex


def test_quantified_and_upper_case_first_letters_are_not_keys() -> None:
    # "a?b" and "Ab" (case-blind) may match where "ab" does: the words after them come after.
    assert factored(r"\b(?:a?b|ab|Ab|ac)\b") == r"\b(?:a?b\b|ab\b|Ab\b|ac\b)"
    assert factored(r"\b(?:a*b|ab)\b") == r"\b(?:a*b\b|ab\b)"


def test_a_bracket_first_in_a_class_is_a_member() -> None:
    regex = r"\b(?:a[]|]b|ac)\b"
    assert factored(regex) == r"\b(?:a(?:[]|]b\b|c\b))"
    assert _matches(factored(regex), "a|b ac a]b", 0) == _matches(regex, "a|b ac a]b", 0)


# Words as the lexicon writes them: letters, spaces, optional letters, groups of words (some
# optional), classes, word characters, look-arounds; some start with a letter, some do not.
_PIECES = ["a", "b", "k", "A", "1", r"\s", "x?", "k?", r"\w*", r"\w+", "[ab]", "[1-3k]", "±"]
_PIECES += [r"(?:a|b)", r"(?:ab|k)?", r"(?!\sb)", r"(?<!a)", r"(?<![\w-])", r"\b", "-", r"\d+"]
_PIECES += [r"\[", "a{0,2}", "1*"]
_WORDS = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=4).map("".join)
_ALTERNATIONS = st.lists(_WORDS, min_size=1, max_size=8).map(
    lambda w: r"\b(?:" + "|".join(w) + r")\b"
)


@settings(max_examples=1000, deadline=None)
@example(r"\b(?:(?<![\w-])ab)\b", " ab -ab")  # a look-behind tested after the letter
@example(r"\b(?:1x|\d(?=\s)|1\s)\b", "1 a")  # "\d" may match where "1" does
@example(r"\b(?:ax|A(?=\s)|a\s)\b", "a b")  # "A" may match where "a" does, case-blind
@example(r"\b(?:ax|\w(?=\s)|a\s)\b", "a b")
@example(r"\b(?:(?:k|a)?a\s|as)\b", "a s")  # with the optional group, then without
@example(r"\b(?:a?\sb|\sa)\b", "a b")
@example(r"\b(?:ax|±?a(?=\s)|a\s)\b", "a b")  # an optional mark may leave the letter first
@example(r"\b(?:kx|(?:ab|cd)?k(?=\s)|k\s)\b", "k z")  # an optional group may leave "k" first
@example(r"\b(?:kx|(?!a)k(?=\s)|k\s)\b", "k z")  # a look-ahead leaves "k" first
@example(r"\b(?:(?:a|ab)?b|ab)\b", "ab b")  # a spread optional group keeps its order
@example(r"\b(?:[1-3k]x|kx|(?<!a)(?:k|1)\s)\b", "kx 1 k")
@example(r"\b(?:[1-3k]a|a{0,2}|k)\b", "K")  # "a{0,2}" may match nothing, where "k" does
@given(
    st.lists(_ALTERNATIONS, min_size=1, max_size=3).map("|".join),
    st.text(st.sampled_from("abkABK123 -_x±[\n"), max_size=30),
)
def test_factored_alternations_match_the_same(regex: str, text: str) -> None:
    for flags in (0, re.IGNORECASE):
        assert _matches(factored(regex), text, flags) == _matches(regex, text, flags)


def _texts() -> list[str]:
    entries = yaml.safe_load((HERE / "real_dev.yaml").read_text(encoding="utf-8"))
    pages = yaml.safe_load((HERE / "real_pages.yaml").read_text(encoding="utf-8"))
    return [e["text"] for e in entries] + [p["markdown"] for p in pages]


def test_every_lexicon_pattern_matches_the_same_on_real_text() -> None:
    texts = _texts()
    changed = [name for name in pattern_names() if factored(source(name)) != source(name)]
    assert {"exclude_topic", "cue_any", "kv_product"} <= set(changed)
    for name in changed:
        regex, grouped = source(name), factored(source(name))
        for text in texts:
            # Case-blind on the text, and case-sensitive on its lower-case copy where the
            # lexicon spells no capital (``lexicon.lowered_pattern``).
            assert _matches(grouped, text, re.IGNORECASE) == _matches(regex, text, re.IGNORECASE), (
                name
            )
            if re.search(r"[A-Z]", re.sub(r"\\[A-Za-z]", "", regex)) is None:
                lower = text.lower()
                assert _matches(grouped, lower, 0) == _matches(regex, lower, 0), name
