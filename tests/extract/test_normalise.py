"""Text given directly is read as a browser shows it: invisible characters, inline markup and
look-alike signs are set aside, and every span still points at the text as given."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.extract import extract_claims, read
from claimcheck.extract.normalise import (
    _MAY_REWRITE,
    _NEEDS,
    _REWRITE,
    _needs_dropping,
    normalise,
    normalised,
)


def test_plain_text_is_left_alone() -> None:
    text = "27x faster TTFT with KV offload."
    assert normalise(text) == (text, None)


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("KV offload gives 2\u200b7x faster TTFT.", "2\u200b7x"),  # zero-width space
        ("KV offload gives 2\u00ad7x faster TTFT.", "2\u00ad7x"),  # soft hyphen
        ("KV offload gives 2\u200e7x faster TTFT.", "2\u200e7x"),  # left-to-right mark
        ("Turn 3 is **11x** faster TTFT with the KV cache.", "11x"),
        ("KV offload: up to <u>3.03x</u> faster prefill.", "3.03x"),
        ("KV cache reuse: 27\u00a0✕ faster TTFT.", "27\u00a0✕"),
        ("KV cache reuse: 27ｘ faster TTFT.", "27ｘ"),
        ("KV cache reuse: 27х faster TTFT.", "27х"),  # Cyrillic ha
        ("KV cache reuse: 27✖ faster TTFT.", "27✖"),
        ("KV cache reuse: 27⨉ faster TTFT.", "27⨉"),
        ("KV cache reuse: 27  x faster TTFT.", "27  x"),  # a doubled space
        ("KV cache reuse: _27_x faster TTFT.", "27_x"),  # underscores as emphasis
        ("KV cache reuse: 2\u2060<!-- -->7x faster TTFT.", "2\u2060<!-- -->7x"),
    ],
)
def test_figures_are_read_through_hidden_characters_and_markup(text: str, quoted: str) -> None:
    (claim,) = extract_claims(text)
    span = claim.spans["speedup"]
    assert text[span.start : span.end] == quoted
    expected = {"11x": 11, "3.03x": 3.03}.get(quoted, 27)
    assert claim.values["speedup"] == expected


def test_explained_candidates_point_at_the_source() -> None:
    text = "With the **KV** cache, TTFT fell from **572.5 ms** to **61.5 ms**."
    reading = read(text)
    (claim,) = reading.claims
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (0.5725, 0.0615)
    (decision,) = reading.decisions
    span = decision.candidate.span
    assert text[span.start : span.end] == "572.5 ms** to **61.5 ms"


def test_a_comparison_sign_is_not_a_tag() -> None:
    # "<200 ms" and "a < b" are text, not markup
    assert normalise("TTFT <200 ms, a < b")[0] == "TTFT <200 ms, a < b"


@pytest.mark.parametrize(
    ("text", "field", "value", "note"),
    [
        ("27,5x faster TTFT with KV offload.", "speedup", 27.5, "'27,5' read as 27.5"),
        ("KV offload: 2,1 s instead of 38 s TTFT.", "cached_seconds", 2.1, "'2,1' read as 2.1"),
        ("KV offload: 27x faster TTFT at 128.000 tokens.", "context_tokens", 128_000, "128,000"),
        ("KV offload: 27x faster TTFT at 128 000 tokens.", "context_tokens", 128_000, "128,000"),
        (
            "KV offload: 27x faster TTFT at 128\u202f000 tokens.",
            "context_tokens",
            128_000,
            "128,000",
        ),
        (
            "KV offload: 27x faster TTFT at 128\u2009000 tokens.",
            "context_tokens",
            128_000,
            "128,000",
        ),
        ("KV offload: 27x faster TTFT at 128'000 tokens.", "context_tokens", 128_000, "128,000"),
        ("KV offload: TTFT 1 200 ms instead of 31 s.", "cached_seconds", 1.2, "1,200"),
        ("KV offload: 10³x faster TTFT.", "speedup", 1000, "10 to the power 3"),
        (
            "KV offload: 27x faster TTFT at 2¹⁷ tokens.",
            "context_tokens",
            131_072,
            "2 to the power 17",
        ),
    ],
)
def test_locale_and_superscript_numbers_are_read_with_a_note(
    text: str, field: str, value: float, note: str
) -> None:
    (claim,) = extract_claims(text)
    assert claim.values[field] == value
    assert any(note in reading for reading in claim.readings), claim.readings


@pytest.mark.parametrize(
    "text",
    [
        "²⁷x faster TTFT with KV offload.",  # superscript digits alone: a footnote or a raise?
        "27¹x faster TTFT with KV offload.",  # a footnote mark inside the figure
    ],
)
def test_superscripts_that_are_not_powers_are_not_read(text: str) -> None:
    # never 27x, 7x, 1x or 27 to some power: the figure is left unread
    assert all(claim.values.get("speedup") is None for claim in extract_claims(text))


def test_a_count_before_a_token_length_is_not_a_thousands_group() -> None:
    # "4 128-token prompts" is four prompts of 128 tokens, not 4,128 tokens
    (claim,) = extract_claims("KV offload: 27x faster TTFT on 4 128-token prompts.")
    assert claim.values.get("context_tokens") in (None, 128)


_PIECES = [
    *[
        "27x",
        "1,5",
        "128",
        "000",
        "'",
        "’",
        ".",
        ",",
        "²³⁷¹⁰",
        "10",
        "2",
        "tokens",
        "s",
        "ms",
        "×",
        "✕",
        "х",
        "ｘ",
        "*",
        "_",
        "`",
        "<b>",
        "</b>",
        "<!--",
        "-->",
    ],
    *"\u200b\u00ad\u202e\u00a0\u202f\u2009 \na",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_the_map_back_to_the_source_is_whole_and_ordered(text: str) -> None:
    clean, where, rewrites = normalised(text)
    if where is None:
        assert clean == text and not rewrites
        return
    assert len(where) == len(clean) + 1
    assert where == sorted(where)
    assert all(0 <= offset <= len(text) for offset in where)
    for rewrite in rewrites:
        assert 0 <= rewrite.start <= rewrite.end <= len(clean)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([*_PIECES, " ", "KV cache", "TTFT", "faster"]), max_size=25))
def test_every_span_read_points_into_the_source(words: list[str]) -> None:
    text = " ".join(words)
    for claim in extract_claims(text, explicit=True):
        for span in (claim.span, *claim.spans.values(), *claim.cues.values()):
            assert 0 <= span.start <= span.end <= len(text)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("up to 6.25$\\times$ speedup", "up to 6.25× speedup"),
        ("by up to 3.33$times$ in prefill time", "by up to 3.33× in prefill time"),
        ("a 2.6\\times gain", "a 2.6× gain"),
        # a whole math span, as a digest of RelayCaching quotes it:
        # https://github.com/CSQianDong/Awesome-arXiv-Daily-Reporter/blob/main/17-Mar-2026/AI/README.md
        ("reduces TTFT by up to $4.7\\times$ compared", "reduces TTFT by up to 4.7× compared"),
        ("costs $4 and 2.6\\times $5", "costs $4 and 2.6× $5"),  # a price stays a price
        ("see \\timestamp 3", "see \\timestamp 3"),  # a command that only starts like it
        ("reduced by 98.7\\%", "reduced by 98.7%"),
        ("a \\% sign alone", "a \\% sign alone"),  # no number before it
    ],
)
def test_the_sign_as_latex_writes_it_is_read(written: str, read: str) -> None:
    # https://summarxiv.com/en/paper/2509.24832 and other abstracts copy LaTeX's $\times$
    assert normalise(written)[0] == read


# The cheap tests in front of the scans must agree with the scans themselves: strings made of
# the characters the scans look for, with ASCII text beside them.
_MARKED = st.text(
    alphabet=st.sampled_from(
        [*"0123456789 \t.,'’$\\~*_`<>ab xX", "\u00a0", "\u202f", "\u2009", "\u200b", "²", "５"]
    ),
    max_size=24,
)


@settings(max_examples=400)
@given(_MARKED)
def test_needs_dropping_is_the_needs_scan(text: str) -> None:
    assert _needs_dropping(text) == (_NEEDS.search(text) is not None)


@pytest.mark.parametrize(
    "text", ["a~~b", "a  b", "a\t b", "a \tb", "a\t\tb", "a<b", "a*b", "a_b", "a`b", "a\\~b"]
)
def test_needs_dropping_finds_each_ascii_mark(text: str) -> None:
    assert _needs_dropping(text)
    assert not _needs_dropping(text.replace(text[1:-1], " "))


@settings(max_examples=400)
@given(_MARKED)
def test_every_rewrite_holds_what_may_rewrite_looks_for(text: str) -> None:
    if _REWRITE.search(text) is not None:
        assert _MAY_REWRITE.search(text) is not None


@pytest.mark.parametrize(
    "text", ["10³x", "2¹⁷ tokens", "128 000 tokens", "1.200 tokens", "27,5x", "6.25$\\times$"]
)
def test_may_rewrite_lets_each_rewrite_through(text: str) -> None:
    assert _REWRITE.search(text) is not None
    assert _MAY_REWRITE.search(text) is not None


def test_a_dot_before_a_rate_is_a_decimal_point() -> None:
    # https://github.com/coderredlab/runNburn/releases/tag/v0.5.0
    reading = read("• Prefill increased from 38.760 to 102.210 tok/s (+163.70%).", explicit=True)
    pair = next(d.candidate for d in reading.decisions if d.candidate.form == "rate_pair")
    assert pair.value == 2.64  # 102.21 / 38.76, not 102,210 / 38.76
    # before a count of tokens it still groups thousands
    (claim,) = extract_claims("Prefix caching: 5x faster TTFT at 128.000 tokens.")
    assert claim.values["context_tokens"] == 128_000


def test_markdown_s_escaped_tilde_before_a_number_reads_as_about() -> None:
    # https://github.com/env3d-lessons/prompt-as-function/blob/main/README.md, its Markdown
    # source: "\\~" keeps a renderer from reading a strikethrough
    sentence = (
        "By **reusing the prompt portion via KV cache**, we dramatically reduce latency for small "
        "inference tasks. A Qwen 0.5B model that would take \\~1200ms per call without KV cache "
        "can respond in under **200ms** with prompt reuse."
    )
    (claim,) = extract_claims(sentence)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (1.2, 0.2)
    assert normalise("take \\~1200ms")[0] == "take ~1200ms"
    assert normalise("a \\~ b and C:\\~x")[0] == "a \\~ b and C:\\~x"  # no number after it
