"""KV305 on both sides: KV reused across similar, paraphrased or semantically matched prompts is
flagged; an exact shared prefix is not."""

from __future__ import annotations

import pytest

from tests.conftest import Invoke, codes

TAIL = "hit the KV cache, delivering up to 14x faster time to first token."


@pytest.mark.parametrize(
    "opening",
    [
        "Semantically similar questions",
        "Paraphrased prompts",
        "Near-identical requests matched by embedding similarity",
        "Reworded queries found by a similarity search",
    ],
)
def test_reuse_across_similar_prompts_is_flagged(cli: Invoke, opening: str) -> None:
    assert "KV305" in codes(cli("check", "--text", f"{opening} {TAIL}", "--format", "json").json())


@pytest.mark.parametrize(
    "opening",
    [
        "Requests that share the exact same system prompt",
        "Follow-up turns that repeat the whole conversation so far",
        "Similarly, repeated agent steps with an identical prefix",
    ],
)
def test_exact_prefixes_are_not_flagged(cli: Invoke, opening: str) -> None:
    report = cli("check", "--text", f"{opening} {TAIL}", "--format", "json").json()
    assert report["claims"], "the sentence is read as a claim"
    assert "KV305" not in codes(report)
