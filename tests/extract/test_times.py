"""Times are assigned by their words (recompute or load), not by their size; each factor keeps
its own context."""

from __future__ import annotations

import pytest

from claimcheck.extract import extract_claims, read
from claimcheck.extract.mentions import durations, linked
from claimcheck.sources.document import read_document


@pytest.mark.parametrize(
    "text",
    [
        "KV offload: 27x faster TTFT; recomputing the prefix takes 57 s, loading it takes 2.1 s.",
        "KV offload: 27x faster TTFT; loading the cache takes 2.1 s, recomputing it takes 57 s.",
        "KV cache: TTFT 2.1 s cached vs 57 s uncached.",
        "KV cache: TTFT of 57 s without the cache and 2.1 s with it.",
        "With the KV cache TTFT dropped from 57 s to 2.1 s.",
    ],
)
def test_the_recompute_time_is_the_baseline(text: str) -> None:
    (claim,) = extract_claims(text, explicit=True)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (57, 2.1)


def test_a_load_slower_than_recompute_keeps_its_words() -> None:
    # the words say the load took longer: the times are not swapped to fit the headline,
    # so the contradiction reaches KV202 instead of being hidden
    (claim,) = extract_claims(
        "KV offload: 27x faster TTFT; recompute took 1.5 s while loading from NVMe took 3 s.",
        explicit=True,
    )
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (1.5, 3)


@pytest.mark.parametrize(
    "text",
    [
        "KV cache offload TTFT: recompute took 1.5 s while loading from NVMe took 3 s.",
        "KV cache: TTFT of 3 s with the cache and 1.5 s without.",
        "TTFT with KV cache reuse: 3 s cached vs 1.5 s recomputed.",
    ],
)
def test_times_alone_where_loading_is_slower_are_no_speedup_claim(text: str) -> None:
    assert extract_claims(text, explicit=True) == []


@pytest.mark.parametrize(
    "text",
    [
        "KV cache offload: 27x faster TTFT at 128K and 30x at 64K.",
        "KV cache offload cuts TTFT 27x at 128K tokens and 30x at 64K tokens.",
    ],
)
def test_each_factor_keeps_its_own_context(text: str) -> None:
    claims = extract_claims(text)
    assert [(c.values["speedup"], c.values["context_tokens"]) for c in claims] == [
        (27, 128_000),
        (30, 64_000),
    ]


@pytest.mark.parametrize(
    ("text", "baseline", "cached"),
    [
        # https://github.com/tonyd2wild/GLM-5.3-Int4-Int8Mix-TP4-4x-DGX-Spark/issues/5
        (
            "NVMe-durable KV cache for the TP4 lane: a 100K-token prefix reloads in 3-8 s "
            "instead of a 335 s cold prefill, across evictions and restarts",
            335.0,
            3.0,
        ),
        # https://github.com/MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark/pull/148
        (
            "With this enabled, a ~107K-token context that costs **~65s to re-prefill reloads "
            "in ~1.83–1.92s** (measured on a GB10 pair, TP=2)",
            65.0,
            1.83,
        ),
        ("With LMCache, TTFT is 20-30 s vs 2 s without the KV cache reused.", 30.0, 2.0),
    ],
)
def test_a_range_of_cached_times_gives_the_best_case(
    text: str, baseline: float, cached: float
) -> None:
    (claim,) = extract_claims(text, explicit=True)
    assert claim.values["baseline_seconds"] == baseline
    assert claim.values["cached_seconds"] == cached


def test_a_model_version_before_a_time_is_no_range() -> None:
    (claim,) = extract_claims("KV cache reuse on Llama-3 8 s vs 40 s recompute.", explicit=True)
    assert claim.values["cached_seconds"] == 8.0


# https://github.com/ashhart/TensorFold/releases/tag/v1.0.2
TENSORFOLD_REUSE = (
    "--learn keeps those shared prefixes on disk, so a restarted server resumes them too: "
    "0.64 seconds to the first token instead of 4.43."
)
TENSORFOLD_FRESH = (
    "A fresh 7,300-token prompt reaches its first token in 4.4 seconds instead of 6.5."
)


def test_a_time_compared_with_a_bare_number_lends_it_its_unit() -> None:
    (claim,) = extract_claims(TENSORFOLD_REUSE)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (4.43, 0.64)
    # invented: milliseconds carry over as milliseconds (4,430 ms ÷ 640 ms)
    (claim,) = extract_claims("With prefix caching, TTFT is 640 ms instead of 4430.")
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (4.43, 0.64)


def test_the_low_end_of_a_range_keeps_the_ranges_unit() -> None:
    # https://github.com/tomcounsell/ai/pull/1238: "15–20 min" is minutes, not 15 s
    text = (
        "- Inject `--exclude-dynamic-system-prompt-sections` alongside `--append-system-prompt` "
        "for every PM session harness invocation, stabilising the ~74K-char system-prompt "
        "prefix so Anthropic's server-side prompt cache can reuse it across consecutive PM "
        "sessions (warm start: < 90 s TTFT instead of 15–20 min)"
    )
    (claim,) = extract_claims(text)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (1200, 90)


@pytest.mark.parametrize(
    "text",
    [
        # invented: the bare number counts something else, or its unit is its own
        "With prefix caching the TTFT was 2 s vs 8 GPUs.",
        "With prefix caching the TTFT was 2 s vs 8 on the old setup.",
        "With prefix caching the TTFT was 2 s instead of 8%.",
    ],
)
def test_a_bare_number_with_words_or_a_sign_of_its_own_takes_no_unit(text: str) -> None:
    assert extract_claims(text) == []


def test_a_fresh_prompt_is_measured_without_the_cache() -> None:
    # the release's other figure: a tensor-parallel gain on a prompt nothing was cached for
    assert extract_claims(TENSORFOLD_FRESH) == []
    assert extract_claims(TENSORFOLD_FRESH, explicit=True) == []


def test_to_inside_a_word_links_no_two_times() -> None:
    # https://github.com/HoiV/llama.cpp/blob/56720364de7edfa930387f70730ea0256fbdb366/__readme__.txt
    # (a log line): "tokens" holds "to", which is no link
    log = (
        "llama_print_timings: prompt eval time =   925.78 ms /    24 tokens (   38.57 ms per token)"
    )
    assert extract_claims(log) == []
    # and a time per token is a rate of its own, never half of a pair, even passed as a claim
    assert extract_claims(log, explicit=True) == []
    # invented: the word itself still links them
    (claim,) = extract_claims("With prefix caching, TTFT went from 925 ms to 38 ms.")
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (0.925, 0.038)


_POOLED = """# Distributed KV cache: cold against pooled

| Condition | B hit rate | KV load (avg) | B pooled TTFT p50 | A cold TTFT p50 | Outcome |
| --- | --- | --- | --- | --- | --- |
| A100, RDMA (IB) | 98.3% | ~2.9 ms | **19.5 ms** | 26.9 ms | **net win** |
| GB200, RDMA (RoCE) | 98.3% | ~1.6 ms | 18.4 ms | 15.6 ms | p50 break-even |
"""


def test_a_table_row_takes_the_two_times_its_header_names_one_metric() -> None:
    # tolleybot/kvcache-analysis docs/results-brief.md: the KV load time beside the two TTFT
    # columns is a time of something else; 26.9 / 19.5 = 1.38x, not 19.5 / 2.9 = 6.7x.
    records = read_document(_POOLED, "markdown", "page.md").records
    pairs = [(r.claim.baseline_seconds, r.claim.cached_seconds) for r in records]
    assert pairs == [(0.0269, 0.0195)]


def test_a_column_named_cold_is_the_baseline_even_when_it_is_shorter() -> None:
    # the GB200 row: pooled 18.4 ms against cold 15.6 ms is loading slower, no claim
    row = _POOLED.splitlines()
    page = "\n".join([*row[:4], row[5]]) + "\n"
    assert read_document(page, "markdown", "page.md").records == []


def test_a_factor_in_a_table_row_takes_the_times_under_its_metric() -> None:
    # fewtarius/llama-ai benchmarks summary.md: the per-token times beside the TTFT columns
    # are not the pair behind the row's speedup
    page = """# KV cache benchmark

| Size | Cold TTFT | Warm TTFT | TTFT Speedup | Cold ms/tok | Warm ms/tok | Gen ms/tok |
|------|-----------|-----------|-------------|-------------|-------------|------------|
| medium | 74198.4ms | 1020.0ms | 7.24x | 14.2ms | 255.0ms | 82.8ms |
"""
    (record,) = read_document(page, "markdown", "page.md").records
    claim = record.claim
    assert claim.speedup == 7.24
    assert claim.baseline_seconds == pytest.approx(74.1984)
    assert claim.cached_seconds == pytest.approx(1.02)


def test_two_times_of_two_metrics_are_no_before_and_after() -> None:
    # https://github.com/ai-dynamo/aiconfigurator/blob/main/docs/cli_user_guide.md: targets of
    # TTFT and TPOT, read on a page about KV caching
    sentence = (
        "This shows that for model `Qwen/Qwen3-32B-FP8` to deploy on 32 H200, if you require "
        "your TTFT to be less than 1000ms and TPOT to be less than 10ms, and your problem is "
        "isl=3000 osl=512, then disagg will be 1.43x of agg."
    )
    for claim in read(sentence, topic="KV cache offload benchmark", page="kv").claims:
        assert "baseline_seconds" not in claim.values
        assert "cached_seconds" not in claim.values


def test_a_range_of_one_quantity_is_no_before_and_after() -> None:
    # https://github.com/sgl-project/sglang-omni/pull/1227: the spread of p99 in each arm
    sentence = (
        "At c=32, `least_request` is +2.7% QPS, −2.9% p50 and −8.1% p99, each larger than the "
        "within-arm standard deviation, with a far more stable p99 (range 0.17 s vs 1.53 s); a "
        "`random` third arm is clearly worst (p99 17.49 s), which makes the c=16 null credible "
        "rather than insensitive."
    )
    assert not any(
        "baseline_seconds" in c.values
        for c in read(sentence, topic="KV cache offload benchmark", page="kv").claims
    )
    # the same range beside a KV claim's factor is still no pair of its times
    claim = "With the prefix cache, TTFT is 3x lower, with a far more stable p99 (range 0.17 s vs 1.53 s)."
    (read_claim,) = read(claim).claims
    assert read_claim.values["speedup"] == 3.0
    assert "baseline_seconds" not in read_claim.values


def test_compared_to_names_no_order_of_two_times() -> None:
    # https://github.com/anthropics/claude-cookbooks/blob/main/misc/prompt_caching.ipynb
    text = (
        "As you can see, the cached API call only took 3.64 seconds total compared to 21.44 "
        "seconds for the non-cached API call."
    )
    (claim,) = extract_claims(text, explicit=True)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (21.44, 3.64)
    # a time compared to a bare number lends it its unit, as "instead of" does
    (claim,) = extract_claims("With prefix caching, TTFT is 640 ms compared to 4430.")
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (4.43, 0.64)


def test_a_cache_in_front_of_a_database_is_no_kv_cache() -> None:
    # https://stackshare.io/posts/101743852872400485
    text = (
        "Response time on a cached request is usually <20ms processing, compared to ~500ms on a "
        "heavy database request."
    )
    assert extract_claims(text, explicit=True) == []


def test_a_recompute_column_among_several_tiers_is_paired_with_the_fastest() -> None:
    # https://github.com/mingxin-tech/mingxin-kvcache-bench/blob/main/README.md
    page = (
        "# KV cache tiers\n\n"
        "| Concurrency | FX100 TTFT p50 | Local NVMe TTFT p50 | Recompute TTFT p50 | FX100 tput |\n"
        "|---|---|---|---|---|\n| 16 | 11.85 s | 17.31 s | 149.48 s | 74.9 tok/s |\n"
    )
    (record,) = read_document(page, "markdown", "p.md").records
    assert (record.claim.baseline_seconds, record.claim.cached_seconds) == (149.48, 11.85)
    # with two cells that name the recompute, the first two times are the pair, as before
    both = page.replace("Local NVMe TTFT", "Recompute (cold) TTFT")
    (record,) = read_document(both, "markdown", "p.md").records
    assert (record.claim.baseline_seconds, record.claim.cached_seconds) == (17.31, 11.85)


def test_bare_numbers_take_their_unit_from_the_header_cell() -> None:
    # https://github.com/MemTensor/MemOS/blob/main/docs/en/open_source/modules/memories/kv_cache_memory.md
    page = (
        "# KV cache reuse\n\n"
        "| mem tks | TTFT (without cache, ms) | TTFT (With cache, ms) | TTFT Speedup (%) |\n"
        "| --- | --- | --- | --- |\n| 0.5k | 1787.21 | 851.47 | 52.358% |\n"
    )
    (record,) = read_document(page, "markdown", "p.md").records
    claim = record.claim
    # the times say 52.358 % is a cut: 1787.21 / 851.47 = 2.10x, not 1 + 0.52358
    assert (claim.baseline_seconds, claim.cached_seconds) == (1.78721, 0.85147)
    assert claim.speedup == pytest.approx(2.10, abs=0.02)
    # a header that gives no unit lends none, and the figure keeps its own reading
    plain = page.replace("(without cache, ms)", "without cache").replace(
        "(With cache, ms)", "cached"
    )
    (record,) = read_document(plain, "markdown", "p.md").records
    assert (record.claim.speedup, record.claim.baseline_seconds) == (1.52, None)


# https://github.com/ksmotiv8/valkey-kvcache-bench/blob/main/docs/RESULTS.md
VALKEY = (
    "- Cached TTFT (~330 ms) is the genuine cost of fetching a multi-MB KV blob from\n"
    "  Valkey over the network and resuming decode — vs. ~3.3 s to recompute prefill\n"
    "  from scratch."
)


def test_a_comparison_word_before_the_second_time_joins_a_pair_across_a_clause() -> None:
    for explicit in (False, True):
        (claim,) = extract_claims(VALKEY, explicit=explicit)
        values = claim.values
        assert (values["baseline_seconds"], values["cached_seconds"]) == (3.3, 0.33)
        # "decode" sits before the "vs.": the pair measures the TTFT named with the first time
        assert values["metric"] == "ttft"


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        (VALKEY, True),
        # a sentence ends between them: two statements, not a comparison
        (VALKEY.replace("from\n  Valkey", "from Valkey. Then\n  the network"), False),
        # the comparison word is not right before the second time
        (VALKEY.replace("— vs. ~3.3 s to recompute", "vs. a recompute taking ~3.3 s"), False),
        # nor is any word that links a pair ("to" far away is no "from … to")
        (VALKEY.replace("— vs. ~3.3 s", "to ~3.3 s"), False),
    ],
)
def test_two_times_far_apart_are_joined_only_by_a_comparison_word_right_before_the_second(
    text: str, joined: bool
) -> None:
    first, second = durations(text, 0, len(text))
    assert linked(text, first, second) is joined


# https://github.com/MemTensor/MemOS/blob/main/docs/en/open_source/modules/memories/kv_cache_memory.md
MEMOS_TABLE = (
    "| Model | Ctx | CtxTok | Qry | QryTok | Build (s) | KV TTFT (s) | Dir TTFT (s) | Speedup (%) |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
    "| Qwen3-8B | long | 6064 | long | 952.7 | 0.92 | 0.50 | 2.37 | 79.1 |\n"
)


def test_a_table_of_bare_times_under_units_in_its_header_is_read() -> None:
    # No cell holds a figure of its own ("79.1" is bare too): the header's "(s)" makes the
    # cells times, and the two TTFT columns are the pair (2.37 / 0.50 = 4.74x).
    for explicit in (False, True):
        (claim,) = extract_claims(MEMOS_TABLE, explicit=explicit)
        values = claim.values
        assert (values["baseline_seconds"], values["cached_seconds"]) == (2.37, 0.5)
        assert values["metric"] == "ttft"  # named by the columns' header cells
    (record,) = read_document("# KV cache memory\n\n" + MEMOS_TABLE, "markdown", "p.md").records
    assert (record.claim.baseline_seconds, record.claim.cached_seconds) == (2.37, 0.5)
    assert record.position is not None and record.position.line == 5
    # without the units the cells are bare numbers: no figure, no claim
    bare = MEMOS_TABLE.replace(" (s)", "")
    assert extract_claims(bare, explicit=True) == []
    assert read_document("# KV cache memory\n\n" + bare, "markdown", "p.md").records == []


def test_list_labels_name_each_line_s_side() -> None:
    # https://github.com/redis-field-engineering/redis-smart-cache/issues/33: "without cache"
    # labels the first line's time and "with cache" the second's; the cached query is the
    # slower one, so no speedup (the longer time is not the baseline here)
    slower = "+ without cache : query only sql take 1-2 ms\n+ with cache : cache hit take 5-6 ms"
    assert extract_claims(slower, explicit=True) == []
    # the same lines with the times the other way round are a speedup: two ranges pair their
    # like ends, 5 ms / 1 ms (5x) rather than 6 ms / 2 ms (3x)
    faster = "+ without cache : query takes 5-6 ms\n+ with cache : cache hit takes 1-2 ms"
    (claim,) = extract_claims(faster, explicit=True)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (0.005, 0.001)


def test_a_header_column_named_baseline_is_the_baseline_of_two_times() -> None:
    # https://github.com/InternLM/lmdeploy/blob/main/docs/en/quantization/kv_quant.md: KV-cache
    # quantisation made TTFT slower (1.139 s → 1.235 s); the longer time is not the baseline
    page = (
        "# INT4/INT8 KV Cache\n\n"
        "| Metric | Baseline (quant_policy=0) | TurboQuant (quant_policy=42) | Change |\n"
        "| --- | --- | --- | --- |\n"
        "| Mean TTFT | 1.139s | 1.235s | +8.4% |\n"
    )
    assert read_document(page, "markdown", "p.md").records == []
    # the same columns with the second time the shorter, on a page about KV offload (a KV
    # number format's gain is the quantisation's): 1.235 / 1.139
    faster = page.replace("| 1.139s | 1.235s | +8.4% |", "| 1.235s | 1.139s | -7.8% |")
    faster = faster.replace("# INT4/INT8 KV Cache", "# KV cache offload")
    (record,) = read_document(faster, "markdown", "p.md").records
    assert (record.claim.baseline_seconds, record.claim.cached_seconds) == (1.235, 1.139)


def test_microseconds_with_the_greek_mu_are_microseconds() -> None:
    # https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2026-07-27-k3.md
    # writes "μs" with the Greek mu (U+03BC), not the micro sign (U+00B5): 870 μs is 0.00087 s
    text = "With prefix caching, this reduced latency by 96%, from 870 μs to 34 μs."
    (claim,) = extract_claims(text)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (0.00087, 3.4e-05)
    micro = extract_claims(text.replace("μ", "µ"))[0]
    assert micro.values["baseline_seconds"] == 0.00087


def test_an_evicted_prefix_reloaded_instead_of_recomputed_is_a_pair_of_times() -> None:
    # a GLM-5.2 serving guide (https://github.com/malaiwah/glm52-exl3-vast, docs/self-service-config.md): the
    # prefix was evicted from the GPU and loaded back from host memory
    sentence = (
        "At 50% of a 251 GiB host, an evicted 133,504-token prefix reloaded in 0.69s instead "
        "of a 52.47s recompute; 50% also retained ~51 GiB host headroom."
    )
    [claim] = extract_claims(sentence)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (52.47, 0.69)
    # an eviction that drops the cache is still another technique
    assert extract_claims("Evicting half the tokens cut TTFT from 52.47s to 0.69s.") == []


def test_evicted_prefixes_served_from_a_cpu_tier_are_offload_not_eviction() -> None:
    # a flattened table row of https://github.com/2imi9/nano-LMcache (README.md): prefixes the
    # GPU evicted come back from a CPU KV tier instead of being recomputed
    row = (
        "| revisit of **evicted** prefixes | vLLM only (recompute) | + nano CPU tier | "
        "| latency | 0.671 s | **0.383 s (1.75×)** |"
    )
    assert [c.values["speedup"] for c in extract_claims(row)] == [1.75]
    # tokens evicted with no tier to return from are a compression method's
    assert (
        extract_claims("Evicting stale tokens cut latency from 0.671 s to 0.383 s (1.75×).") == []
    )


def test_a_technique_named_a_sentence_before_times_with_their_own_cache_hit_is_no_cause() -> None:
    # a lesson on KV locality (https://github.com/rohitg00/ai-engineering-from-scratch,
    # phases/17-infrastructure-and-production/11-multi-region-kv-locality/docs/en.md): the
    # round-robin balancer is the problem the second sentence measures, and its cache hit the
    # cause of the shorter time
    text = (
        "Round-robin load balancing is actively harmful for cached LLM inference. A request that "
        "does not land on the node holding its prefix pays full prefill cost — roughly 800 ms at "
        "P50 on a long prompt versus ~80 ms with a cache hit."
    )
    (claim,) = extract_claims(text)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (0.8, 0.08)
    # without a cache named beside the times, the balancer named before them stays their cause
    plain = text.replace(" with a cache hit", " on the right node")
    assert extract_claims(plain.replace("for cached LLM inference", "for prefill")) == []


def test_two_ranges_of_times_pair_their_like_ends() -> None:
    # a blog on oMLX's paged SSD KV cache (https://github.com/richardwerkman/blog,
    # _posts/2026-09-11-omlx-saves-the-day.md): 30 s against 1 s and 90 s against 3 s are
    # both 30x; 90 s against 1 s, the ends of two ranges, is a 90x no run measured
    text = (
        "With oMLX's paged SSD KV cache, time to first token in long-context scenarios drops "
        "from 30-90 seconds down to 1-3 seconds."
    )
    (claim,) = extract_claims(text)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) in {(30, 1), (90, 3)}
    # one time against a range of cached times still takes the range at its best
    (single,) = extract_claims(text.replace("30-90 seconds", "90 seconds"))
    assert (single.values["baseline_seconds"], single.values["cached_seconds"]) == (90, 1)


def test_a_feature_a_later_sentence_adds_is_not_the_times_cause() -> None:
    # a blog on oMLX (https://github.com/richardwerkman/blog,
    # _posts/2026-09-11-omlx-saves-the-day.md): under a heading on its paged SSD KV cache, the
    # times fall, and the next sentences add another feature, KV compression
    page = (
        "# Deepdive into oMLX\n\n## The Secret Sauce: Paged SSD KV Cache\n\n"
        "The real-world impact is staggering. Time to first token in long-context scenarios "
        "drops from 30-90 seconds down to 1-3 seconds. On my M4 Pro, this is the difference "
        "between waiting out a bathroom break and getting an instant response. There's also "
        "**TurboQuant** for optional 2-8 bit KV cache compression, which you can toggle in the "
        "Admin UI.\n"
    )
    (record,) = read_document(page, "markdown", "p.md").records
    assert (record.claim.baseline_seconds, record.claim.cached_seconds) in {(30, 1), (90, 3)}
    # a later sentence that explains the times is still their cause
    explained = page.replace("There's also **TurboQuant** for", "It all comes from **TurboQuant**")
    assert read_document(explained, "markdown", "p.md").records == []


def test_a_session_resumed_from_memory_against_a_cold_start_is_a_pair_of_times() -> None:
    # https://github.com/peonist-ai/halogen-flash-server/issues/40: a saved conversation taken
    # up again from RAM, against the cold prefill of the same history
    sentence = (
        "Measured on this engine's own docs: a 20-turn conversation growing 90k -> 108k tokens "
        "resumes in ~2 s from RAM (mode 2) but costs ~88 s cold."
    )
    (claim,) = extract_claims(sentence)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (88, 2)
    # a job that resumes after a pause names no cache taken up again
    assert extract_claims("The job resumes after 5 s and costs 88 s cold.") == []


def test_a_time_instead_of_another_a_clause_away_is_a_pair() -> None:
    # https://github.com/spiritbuun/buun-llama-cpp/pull/26: each time inside its own brackets
    sentence = (
        "Second turn now processes only new tokens (31 tokens, 115ms) instead of full "
        "re-processing (12K tokens, ~11 seconds)."
    )
    (claim,) = extract_claims(sentence, explicit=True)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (11, 0.115)
    # across a sentence's end, "instead of" joins nothing
    assert not linked(
        "It took 115ms. Then, instead of that, we waited ~11 seconds.",
        *durations("It took 115ms. Then, instead of that, we waited ~11 seconds.", 0, 59),
    )


def test_the_point_of_an_abbreviation_ends_no_sentence() -> None:
    (claim,) = extract_claims("TTFT is 2.1 s vs. approx. 0.3 s with the cache.")
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (2.1, 0.3)


def test_a_non_cached_call_is_the_baseline_of_a_cached_one() -> None:
    # https://github.com/anthropics/claude-cookbooks/blob/main/misc/prompt_caching.ipynb
    text = (
        "As you can see, the cached API call only took 3.64 seconds total compared to 21.44 "
        "seconds for the non-cached API call. This is a significant improvement in overall "
        "latency due to caching."
    )
    (claim,) = extract_claims(text)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (21.44, 3.64)
    assert claim.values["metric"] == "end_to_end"  # "overall latency"
    # "non-cached" names the recompute side only, not a load too
    assert (
        extract_claims(
            "A non-cached API call took 21.44 seconds compared to 3.64 seconds for a smaller prompt."
        )
        == []
    )


@pytest.mark.parametrize(
    ("text", "times"),
    [
        (  # https://github.com/Mesh-LLM/mesh-llm/pull/1228
            "All earlier live measurements were re-run against a freshly built native runtime: "
            "7.57s cold → 0.62s after a genuine process restart, `cached_tokens=8320`, "
            '`hit_source":"disk"`.',
            (7.57, 0.62),
        ),
        (  # https://github.com/ml-explore/mlx-lm/issues/1162
            "With Qwen3-Coder-Next-80B-A3B at 256K ctx, an identical ~20K-token prompt reprocesses "
            "fully once (22.1s, `cached_tokens=0`), then reuses on the repeat (0.48s, "
            "`cached_tokens=20319/20323`, only 4 tokens reprocessed) via `--cache-reuse`.",
            (22.1, 0.48),
        ),
    ],
)
def test_tokens_served_from_cache_name_the_load_side(text: str, times: tuple[float, float]) -> None:
    (claim,) = extract_claims(text)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == times
    # no token served from cache: nothing says the shorter time is a cache's
    assert extract_claims(text.replace("8320", "0").replace("20319/20323", "0")) == []


def test_a_label_opening_the_note_is_not_how_its_times_went() -> None:
    # https://github.com/Pushkinist/rMLX/issues/9: "Regression" names what the note is filed
    # under; the times it gives fall with the prefix cache
    text = (
        "**Regression angle:** with SSD **off**, the same repeated 128k request hits the in-RAM "
        "automatic-prefix-cache (TTFT collapses from ~5 min to ~60 ms)."
    )
    (claim,) = extract_claims(text)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (300, 0.06)
    # invented: past the label, a slowdown the sentence tells still turns the times around
    worse = "**Cold start:** TTFT is 2.4x worse with the prefix cache: 9 s vs 3.75 s."
    assert extract_claims(worse) == []
    assert extract_claims(worse.replace("is 2.4x worse ", "")) != []


def test_a_label_that_names_a_slowdown_is_the_verdict_on_the_times() -> None:
    # a note of a numerical benchmark (found in public text; the times rise from 0.82 s to
    # 20.2 s): "Slowdown:" says how they went
    text = (
        "- **Slowdown:** 686 / 33.6 = **20.4× per phase**, and **24.6× per Newton iteration** "
        "(20.2 s against 0.82 s)."
    )
    assert extract_claims(text, explicit=True) == []
