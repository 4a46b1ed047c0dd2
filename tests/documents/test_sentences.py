"""Sentence splitting keeps offsets and does not split decimals, versions or abbreviations."""

from __future__ import annotations

import pytest

from claimcheck.documents import Span, TextUnit, scan_markdown, split_sentences


def sentences(text: str, kind: str = "paragraph") -> list[str]:
    unit = TextUnit(text, kind, (Span(0, 0, len(text), True),))
    return [text[start:end] for start, end in split_sentences(unit)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "It loads 112K tokens in 2.1 s. Recompute takes 57 s.",
            ["It loads 112K tokens in 2.1 s.", "Recompute takes 57 s."],
        ),
        (
            "Version v2.1.3 ships today. It is 27x faster!",
            ["Version v2.1.3 ships today.", "It is 27x faster!"],
        ),
        (
            "We compare vs. Llama, e.g. 70B, i.e. Big, approx. 27x, see Fig. 3 and No. 5 "
            "by Dr. Smith of Acme Inc. in the U.S. Market share grew.",
            [
                "We compare vs. Llama, e.g. 70B, i.e. Big, approx. 27x, see Fig. 3 and No. 5 "
                "by Dr. Smith of Acme Inc. in the U.S. Market share grew."
            ],
        ),
        ("It loads... in 2.1 s. Done.", ["It loads... in 2.1 s.", "Done."]),
        ("Wait... The cache warms.", ["Wait... The cache warms."]),
        (
            'He said "27x faster." Then it broke.',
            ['He said "27x faster."', "Then it broke."],
        ),
        ("Is it 27x faster? Yes! 3x at best.", ["Is it 27x faster?", "Yes!", "3x at best."]),
        ("27x faster; 57 s vs 2.1 s.", ["27x faster; 57 s vs 2.1 s."]),
        (
            "Loads took 2.1 s. 57 s was the baseline.",
            ["Loads took 2.1 s.", "57 s was the baseline."],
        ),
        ("The cache is fast. and then it is not.", ["The cache is fast. and then it is not."]),
        ("Written by J. Smith in 2024.", ["Written by J. Smith in 2024."]),
        ("(See the post.) The claim is 27x.", ["(See the post.)", "The claim is 27x."]),
        ("", []),
    ],
)
def test_split(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_table_row_is_never_split() -> None:
    assert sentences("Setup A. B | 27x. Faster", "table_row") == ["Setup A. B | 27x. Faster"]


def test_ranges_index_the_unit_text() -> None:
    (unit,) = scan_markdown("First 2x claim. Second 3x claim.\n").units
    assert split_sentences(unit) == [(0, 15), (16, 32)]
