"""KV206 on both sides of ``end_to_end_ratio`` (0.5): the end-to-end speedup against the
headline. A 27x TTFT claim on Llama-3.1-70B at 112K tokens with 57 s and 2.1 s on one H100 is
2.57x end to end once 500 tokens are decoded (docs/model.md §6), far below half of 27x; with
no answer to decode (0 tokens is refused, 1 token is nearly none) the two agree."""

from __future__ import annotations

from claimcheck.claim import Claim
from claimcheck.judge import audit_record
from claimcheck.record import ClaimRecord
from claimcheck.rules import RULES
from claimcheck.settings import Assumptions, Settings, Thresholds

CLAIM = Claim(
    speedup=27,
    context_tokens=112_000,
    baseline_seconds=57,
    cached_seconds=2.1,
    metric="ttft",
    model="llama-3.1-70b",
    gpu="h100-sxm",
    gpu_count=1,
)


def _codes(settings: Settings) -> set[str]:
    record = ClaimRecord(claim=CLAIM, id="t", path=None, position=None)
    return {f.code for f in audit_record(record, RULES, settings).findings}


def test_a_long_answer_leaves_far_less_than_half_the_headline() -> None:
    assert "KV206" in _codes(Settings())


def test_a_one_token_answer_keeps_the_headline() -> None:
    # 57 + 0.066 s against 2.1 + 0.066 s: about 26x, well above half of 27x
    assert "KV206" not in _codes(Settings(assume=Assumptions(output_tokens=1)))


def test_the_ratio_is_configurable() -> None:
    # 2.57 / 27 = 0.095: below a 0.5 ratio, above a 0.05 one
    assert "KV206" not in _codes(Settings(thresholds=Thresholds(end_to_end_ratio=0.05)))
