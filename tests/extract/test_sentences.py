"""The sentence splitter the extractor uses: offsets kept, and no split inside decimals,
versions, abbreviations, initials or a figure on a line of its own."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.extract.sentences import sentence_spans


def sentences(text: str) -> list[str]:
    return [text[start:end] for start, end in sentence_spans(text, 0, len(text))]


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
        ("Wait... The cache warms.", ["Wait...", "The cache warms."]),  # an ellipsis, a capital
        ('He said "27x faster." Then it broke.', ['He said "27x faster."', "Then it broke."]),
        ("Is it 27x faster? Yes! 3x at best.", ["Is it 27x faster?", "Yes!", "3x at best."]),
        # a quoted title goes on past its "?" (https://thedailyscout.com/s/GbLMwdNmejE)
        (
            'An arXiv study "Compute Or Load KV Cache? Why Not Both?" measured a 2.6× average '
            "reduction.",
            [
                'An arXiv study "Compute Or Load KV Cache? Why Not Both?" measured a 2.6× average '
                "reduction."
            ],
        ),
        ("A “Why Cache? Now!” post. It ends.", ["A “Why Cache? Now!” post.", "It ends."]),
        ('"Is it fast?" She asked. Yes.', ['"Is it fast?"', "She asked.", "Yes."]),
        ('A "quote? Never closed. Next.', ['A "quote?', "Never closed.", "Next."]),
        ("27x faster; 57 s vs 2.1 s.", ["27x faster; 57 s vs 2.1 s."]),
        (
            "Loads took 2.1 s. 57 s was the baseline.",
            ["Loads took 2.1 s.", "57 s was the baseline."],
        ),
        ("The cache is fast. and then it is not.", ["The cache is fast. and then it is not."]),
        ("Written by J. Smith in 2024.", ["Written by J. Smith in 2024."]),
        ("(See the post.) The claim is 27x.", ["(See the post.)", "The claim is 27x."]),
        # a headline line is a sentence; a figure alone on its line heads the line below it
        ("Results\nKV cache offload is 27x faster", ["Results", "KV cache offload is 27x faster"]),
        ("75x\nFaster TTFT with LMCache", ["75x\nFaster TTFT with LMCache"]),
        # a name with its capitals after a lower-case start opens a sentence
        # (https://github.com/hao-ai-lab/hao-ai-lab.github.io, content/blogs/distserve-retro)
        (
            "3.8x gains compared to the H100 setup. vLLM, with llm-d 0.3, reports 2.2k tokens/s.",
            [
                "3.8x gains compared to the H100 setup.",
                "vLLM, with llm-d 0.3, reports 2.2k tokens/s.",
            ],
        ),
        ("It runs on an iPhone. iOS apps use it.", ["It runs on an iPhone.", "iOS apps use it."]),
        # CJK has no case: "。" read as ". " through the glossary ends a sentence before it
        ("KV 缓存 . 与基线相比 2.4x.", ["KV 缓存 .", "与基线相比 2.4x."]),
        ("キャッシュ. トークン 3x.", ["キャッシュ.", "トークン 3x."]),
        ("캐시. 지연 시간 3x.", ["캐시.", "지연 시간 3x."]),
        ("", []),
    ],
)
def test_split(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_spans_stay_inside_the_range_asked_for() -> None:
    text = "Intro. First 2x claim. Second 3x claim. Outro."
    lo, hi = text.index("First"), text.index(" Outro")
    assert sentence_spans(text, lo, hi) == [(lo, lo + 15), (lo + 16, hi)]  # "First 2x claim."


@given(st.text(alphabet="ab .!?\n\"'()Ax1", max_size=80))
def test_spans_are_ordered_trimmed_and_inside_the_text(text: str) -> None:
    spans = sentence_spans(text, 0, len(text))
    assert all(0 <= s < e <= len(text) for s, e in spans)
    assert all(a[1] <= b[0] for a, b in pairwise(spans))
    assert all(not text[s].isspace() and not text[e - 1].isspace() for s, e in spans)
