from __future__ import annotations

from tests.rules.helpers import findings


def test_ttft_and_prefill_are_flagged() -> None:
    assert "KV101" in findings(speedup=27, metric="ttft")
    assert "KV101" in findings(speedup=27, metric="prefill")


def test_other_metrics_are_not() -> None:
    for metric in ("end_to_end", "throughput", "decode", "unspecified"):
        assert "KV101" not in findings(speedup=3, metric=metric)


def test_message_names_the_headline() -> None:
    assert findings(speedup=27, metric="ttft")["KV101"].message.startswith("The 27x is measured")
