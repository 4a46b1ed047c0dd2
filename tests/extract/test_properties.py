"""Properties of the extractor on any text: it never raises, spans lie inside the input, the
same text gives the same claims, and hostile input does not make it slow."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck.extract import extract_claims

CLAIMISH = st.sampled_from(
    ["27x", "faster", "TTFT", "KV cache", "112K tokens", "57 s", "→", "up to", "90%", "H100", "8x", "Llama 3.1 70B",
     "\n\n", ". ", "×", "-fold", "times", "prefill", "NVMe", "$", "0x1F", "1.1.1"]
)  # fmt: skip
TEXT = st.one_of(
    st.text(max_size=400),
    st.lists(st.one_of(CLAIMISH, st.text(max_size=8)), max_size=40).map(" ".join),
)


@given(TEXT, st.booleans())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_never_raises_and_spans_lie_inside(text: str, explicit: bool) -> None:
    claims = extract_claims(text, explicit=explicit)
    for claim in claims:
        assert 0 <= claim.span.start <= claim.span.end <= len(text)
        for span in [*claim.spans.values(), *claim.cues.values()]:
            assert 0 <= span.start <= span.end <= len(text)
        assert 0.0 <= claim.confidence <= 1.0
    assert extract_claims(text, explicit=explicit) == claims


def test_spans_point_at_what_was_read() -> None:
    text = "Loading the KV cache from NVMe gives 27x faster TTFT at 112K tokens on Llama 3.1 70B."
    (claim,) = extract_claims(text)
    assert text[claim.spans["speedup"].start : claim.spans["speedup"].end] == "27x"
    assert (
        text[claim.spans["context_tokens"].start : claim.spans["context_tokens"].end]
        == "112K tokens"
    )
    assert text[claim.spans["model"].start : claim.spans["model"].end] == "Llama 3.1 70B"
    assert text[claim.spans["tier"].start : claim.spans["tier"].end] == "NVMe"


def _hostile() -> list[str]:
    """About 1 MB each: digit runs, x runs, dotted numbers, brackets, and a claim repeated."""
    sentence = "Recomputing a 112K-token context takes 57 seconds; loading its KV cache takes 2.1 seconds: 27x faster TTFT. "
    return [
        "9" * 1_000_000,
        "x" * 1_000_000,
        "1." * 500_000,
        "(" * 500_000 + "[" * 500_000,
        "27" + "x" * 999_998,
        "1,000" * 200_000,
        sentence * 10_000,
        ("KV " + "8x " * 20 + "faster TTFT ") * 10_000,
    ]


def test_one_megabyte_of_hostile_text_finishes() -> None:
    for text in _hostile():
        # Finishing is the test (a super-linear pattern takes hours here); bench/ measures speed.
        found = extract_claims(text)
        assert all(0 <= e.span.start < e.span.end <= len(text) for e in found), text[:40]
