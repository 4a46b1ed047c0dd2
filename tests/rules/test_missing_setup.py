from __future__ import annotations

from tests.rules.helpers import findings


def test_lists_what_is_missing() -> None:
    hit = findings(speedup=27)["KV301"]
    assert hit.message.startswith(
        "Not disclosed for the 27x: the model, the GPU, the context length and the baseline "
        "(recompute) time;"
    )


def test_params_count_as_a_model() -> None:
    message = findings(speedup=27, params_billions=70, gpu="h100-sxm", context_tokens=128_000)[
        "KV301"
    ].message
    assert message.startswith("Not disclosed for the 27x: the baseline (recompute) time;")


def test_fully_disclosed_is_not_flagged() -> None:
    full = findings(
        speedup=4,
        model="llama-3.1-70b",
        gpu="h100-sxm",
        context_tokens=32_000,
        baseline_seconds=2.0,
        cached_seconds=0.5,
    )
    assert "KV301" not in full


def test_a_claim_of_two_times_names_no_factor() -> None:
    message = findings(baseline_seconds=57, cached_seconds=2.1)["KV301"].message
    assert message.startswith("Not disclosed: the model, the GPU and the context length;")
