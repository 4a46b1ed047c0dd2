"""Token counts in a long run: each read once, in order, at its own span."""

from __future__ import annotations

from itertools import pairwise

from claimcheck.extract.mentions import durations, qualifier, tiers, tokens


def test_every_count_of_a_long_run_is_read_once_in_order() -> None:
    text = "128K-token context, 4K tokens, at 64K; " * 3_000
    found = tokens(text, 0, len(text))
    assert [f.value for f in found] == [128_000, 4_000, 64_000] * 3_000
    starts = [f.span.start for f in found]
    assert starts == sorted(starts)
    assert all(a.span.end <= b.span.start for a, b in pairwise(found))
    assert text[found[0].span.start : found[0].span.end].startswith("128K-token")


def test_a_bare_number_before_vs_takes_the_unit_of_the_time_after_it() -> None:
    # https://github.com/natoscott/benchmarks/blob/HEAD/vllm-kvcache-cpu-offload-eval/REPORT.md
    text = "-4.8% lower TTFT (6,517 vs 6,847 ms) - 330ms faster first token"
    assert [t.value for t in durations(text, 0, len(text))][:2] == [6.517, 6.847]
    # a number joined by anything else keeps no unit
    text = "batch 32 and 64 ms"
    assert [t.value for t in durations(text, 0, len(text))] == [0.064]


def test_a_flash_kernel_is_no_flash_tier() -> None:
    # https://github.com/apple/axlearn/pull/1315 ("flash decoding" is a kernel)
    for text in ("the gap with flash decoding", "FlashAttention-3", "flash-attn 2", "FlashMLA"):
        assert tiers(text, 0, len(text)) == [], text
    text = "KV cache offload to flash cut TTFT 5x"
    assert [t.value for t in tiers(text, 0, len(text))] == ["nvme"]


def test_a_qualifier_inside_a_factor_of_is_the_figures_own() -> None:
    text = "The KV tier shortens TTFT by a factor of up to 20, or by a factor of more than 5."
    first = text.index("factor of up")
    name, where = qualifier(text, first, 0, first + len("factor of up to 20"), len(text))
    assert name == "up to"
    assert where is not None and text[where.start : where.end] == "up to"
    second = text.index("factor of more")
    end = second + len("factor of more than 5")
    assert qualifier(text, second, 0, end, len(text))[0] == "at least"


def test_a_mean_and_its_spread_are_one_time_the_mean() -> None:
    # https://jiminmon.tistory.com/entry/KV-cache%EB%9E%80: "11.885 +- 0.272 seconds"
    text = "with KV caching: 11.885 +- 0.272 seconds\nwithout KV caching: 56.197 ± 1.855 s"
    found = durations(text, 0, len(text))
    assert [f.value for f in found] == [11.885, 56.197]
    assert text[found[0].span.start : found[0].span.end] == "11.885 +- 0.272 seconds"


def test_minutes_and_seconds_are_one_time() -> None:
    # a CI build log's table (https://github.com/boringcache/benchmarks): 3 min and 2:47 min
    text = "Commit Build | 3m 0s | 2m 47s | 1h 2m 5s"
    assert [t.value for t in durations(text, 0, len(text))] == [180, 167, 3725]
