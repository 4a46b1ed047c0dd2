"""KV304 on both sides: KV shared between users is flagged, whatever the wording; a user's own
earlier turns, or a public system prompt shared by everyone, are not."""

from __future__ import annotations

import pytest

from tests.conftest import Invoke, codes

TAIL = "gives a 20x faster time to first token from the KV cache."


@pytest.mark.parametrize(
    "opening",
    [
        "Because the KV cache is shared across users, the second person to ask",
        "With one global KV pool for every tenant, a cross-tenant hit",
        "Reusing KV computed for another customer's identical document",
        "When colleagues ask about the same contract, the cached KV",
    ],
)
def test_kv_shared_between_users_is_flagged(cli: Invoke, opening: str) -> None:
    assert "KV304" in codes(cli("check", "--text", f"{opening} {TAIL}", "--format", "json").json())


@pytest.mark.parametrize(
    "opening",
    [
        "Reusing the KV cache of a user's own earlier turns",
        "A shared system prompt, identical across users,",
        "Keeping each conversation's KV on NVMe between turns",
    ],
)
def test_kv_kept_per_user_or_public_is_not_flagged(cli: Invoke, opening: str) -> None:
    report = cli("check", "--text", f"{opening} {TAIL}", "--format", "json").json()
    assert report["claims"], "the sentence is read as a claim"
    assert "KV304" not in codes(report)
