"""Text given directly is read as a browser shows it: invisible characters, inline markup and
look-alike signs are set aside, and every span still points at the text as given."""

from __future__ import annotations

import pytest

from claimcheck.extract import extract_claims, read
from claimcheck.extract.normalise import normalise


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
    "text", ["27,5x faster TTFT with KV offload.", "KV offload: 2,1 s instead of 38 s TTFT."]
)
def test_locale_decimals_are_not_misread(text: str) -> None:
    # "27,5x" is not read as 5x or 27x; "2,1 s" is not read as 1 s
    for claim in extract_claims(text):
        assert claim.values.get("speedup") not in {5, 27}
        assert claim.values.get("cached_seconds") not in {1, 2}


def test_a_locale_thousands_separator_is_not_a_small_context() -> None:
    (claim,) = extract_claims("27x faster TTFT with KV offload at 128.000 tokens.")
    assert "context_tokens" not in claim.values
