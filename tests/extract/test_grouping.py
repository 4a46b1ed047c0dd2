"""Paragraphs of many token counts, factors and names: every claim keeps its own fields."""

from __future__ import annotations

import pytest

from claimcheck.extract import extract_claims, read
from claimcheck.extract.grouping import MAX_SENTENCES
from claimcheck.sources.document import read_document

CLAIM = "KV cache offload gives 27x faster TTFT. "


def test_a_paragraph_of_repeated_token_counts_is_one_claim_at_the_nearest_count() -> None:
    text = CLAIM + "4K tokens " * 5_000
    (claim,) = read(text).claims
    assert claim.values == {"speedup": 27.0, "metric": "ttft", "context_tokens": 4000}
    span = claim.spans["context_tokens"]
    assert span.start == len(CLAIM)  # the count nearest the factor, of all 5,000
    assert text[span.start : span.end].startswith("4K tokens")


def test_repeated_claim_sentences_give_one_claim_per_window_with_its_own_fields() -> None:
    sentence = "KV cache 27x faster TTFT at 4K tokens. "
    count = 2_000
    claims = read(sentence * count).claims
    assert len(claims) == -(-count // MAX_SENTENCES)
    for claim in claims:
        assert claim.values == {"speedup": 27.0, "metric": "ttft", "context_tokens": 4000}


def test_a_claim_per_gpu_in_one_long_paragraph_takes_its_own_gpu() -> None:
    pair = "KV cache 27x faster TTFT on H100, 3x faster TTFT on A100, "
    sentence = (pair * 32).rstrip(", ") + ". "
    claims = read(sentence * 10).claims
    assert len(claims) == 64 * 10
    for index, claim in enumerate(claims):
        expected = (27.0, "h100-sxm") if index % 2 == 0 else (3.0, "a100-sxm")
        assert (claim.values["speedup"], claim.values["gpu"]) == expected, index


def test_repeated_time_pairs_and_names_fill_the_one_claim() -> None:
    times = read(CLAIM + "from 2 s to 1 s " * 4_000).claims
    assert [(c.values["baseline_seconds"], c.values["cached_seconds"]) for c in times] == [
        (2.0, 1.0)
    ]
    (named,) = read(CLAIM + "Llama 3.1 70B on 8x H100 " * 3_000).claims
    assert named.values["model"] == "llama-3.1-70b"
    assert (named.values["gpu"], named.values["gpu_count"]) == ("h100-sxm", 8)
    assert named.values["speedup"] == 27.0


def test_a_sentence_of_bare_factors_keeps_the_first_claim_only() -> None:
    reading = read(CLAIM + "27x " * 20_000)
    assert [c.values["speedup"] for c in reading.claims] == [27.0]


def test_respectively_gives_each_figure_its_own_quantity() -> None:
    # written for the test, in the form of the LMCache blog's "P50 TTFT and E2E latency"
    both = read("LMCache reduces P50 TTFT and E2E latency by 46x and 8.6x, respectively.").claims
    assert [(c.values["speedup"], c.values["metric"]) for c in both] == [
        (46.0, "ttft"),
        (8.6, "end_to_end"),
    ]
    # https://arxiv.org/html/2409.15355v5 (Block-Attention): the second figure is of FLOPs
    sentence = (
        "Compared to the full-attention models, the TTFT and corresponding FLOPs are reduced by "
        "98.7% and 99.8%, respectively."
    )
    assert [c.values.get("speedup") for c in read(sentence).claims] == [76.92]


def test_the_second_figure_of_a_list_shares_the_wording_before_the_first() -> None:
    # https://github.com/kvcache-ai/kvcache-blog/blob/HEAD/content/blog/calculate-kvcache-cache-budge/index.md
    sentence = (
        "Using the figure above as an example, when the KV Cache budget is 512 GB and 2 TB, the "
        "ideal speedup is 6.3x and 8.7x, respectively, corresponding to hit rates of 84.2% and "
        "88.5%."
    )
    # two budgets, two gains, each read with the wording before the first
    assert [c.values["speedup"] for c in read(sentence).claims] == [6.3, 8.7]


def test_a_cell_with_its_own_factor_keeps_its_times_from_the_headline() -> None:
    # https://github.com/fewtarius/llama-ai/blob/13d664991f25d31dda6edd72d5a63de83d073351/benchmarks/20260611-0656/vulkan/summary.md
    # Each cell is "factor (cold/warm ms)"; the cold time has no unit of its own, so the only
    # times are the warm ones, one a cell: 1020.0 ms is the 7.24x's, not the 19.95x's baseline.
    page = """## TTFT Speedup by Size

| Model | Medium (5K tok) | Large (15K tok) |
|-------|-----------------|-----------------|
| GLM-4.7-Flash | TTFT 7.24x (74198.4/1020.0ms, ssd_cold) | TTFT 19.95x (467588.2/2686.1ms, ssd_cold) |
"""
    # The two cells stand under two prompt lengths: two claims, and neither borrows a time.
    claims = [r.claim for r in read_document(page, "markdown", "page.md").records]
    assert [(c.speedup, c.baseline_seconds, c.cached_seconds) for c in claims] == [
        (7.24, None, None),
        (19.95, None, None),
    ]


def test_times_in_columns_of_their_own_still_pair_beside_two_factors() -> None:
    page = """# Prefix caching

| Turn | Without cache | With cache | TTFT speedup | E2E speedup |
|---|---|---|---|---|
| 2 | 1.6s | 0.2s | 8x | 2x |
"""
    # the two speedup columns name two metrics: two claims, and the times go to the TTFT one
    claims = [r.claim for r in read_document(page, "markdown", "page.md").records]
    assert [(c.speedup, c.metric, c.baseline_seconds, c.cached_seconds) for c in claims] == [
        (8.0, "ttft", 1.6, 0.2),
        (2.0, "end_to_end", None, None),
    ]


def test_two_times_under_two_quantities_of_one_row_are_no_before_and_after() -> None:
    # https://github.com/subconscious-systems/TIMRUN.cpp-Example/blob/main/BENCHMARK.md: the
    # "ON" row's TTFT and total time are one side; the baseline is the "OFF" row's
    page = """# Subconscious Cache Benchmark

| Model | Cache | turn2 TTFT | turn2 total | reused tokens | Speedup vs OFF |
|---|---|---|---|---|---|
| qwen-2b | OFF | 0.613 s | 0.803 s | 0 / 177 | — |
| qwen-2b | **ON** | **0.226 s** | **0.418 s** | **134 / 177** | **2.7× TTFT / 1.9× total** |
"""
    claims = [r.claim for r in read_document(page, "markdown", "page.md").records]
    assert [(c.speedup, c.baseline_seconds) for c in claims] == [(2.7, None), (1.9, None)]


def test_a_percent_faster_is_read_as_its_claims_times_say() -> None:
    # https://github.com/YuriGochi/poc-prompt-caching-/blob/master/README.md: 2 103 ms to
    # 447 ms is 4.7x, which "79% faster" is as a time 79% shorter (1 ÷ 0.21), not as 1.79x
    page = """# Prompt caching

| Pair | Cached TTFT | Uncached TTFT | Improvement |
|---|---|---|---|
| 2 | 447ms | 2 103ms | **A 79% faster** |
"""
    (record,) = read_document(page, "markdown", "page.md").records
    assert (record.claim.speedup, record.claim.baseline_seconds) == (4.76, 2.103)
    assert any("as its times say" in r for r in record.readings)


def test_a_rounded_percent_faster_is_read_as_its_times_say() -> None:
    # https://github.com/ai-dynamo/dynamo/blob/main/docs/benchmarks/kv-router-ab-testing.md:
    # 333 s to 18 s is 18.5x, a time 94.6 % shorter, which rounds to the 95 % written
    text = "- **95% faster TTFT p99** — Tail latency drops from ~333s to ~18s"
    (record,) = read_document(f"# KV router A/B test\n\n{text}\n", "markdown", "p.md").records
    assert (record.claim.speedup, record.claim.baseline_seconds) == (20.0, 333.0)
    # a share whose rounding cannot reach the times keeps 1 + p
    (claim,) = read("Prefix caching: TTFT 95% faster, from 333 s to 10 s.").claims
    assert claim.values["speedup"] == 1.95


def test_a_percent_faster_its_times_agree_with_stays_one_plus_p() -> None:
    # invented: 2 s to 1.25 s is 1.6x, as "60% faster" reads alone (1 + p), not 2.5x
    (claim,) = read("Prefix caching: TTFT 60% faster, from 2 s to 1.25 s.").claims
    assert claim.values["speedup"] == 1.6


def test_a_time_difference_is_no_time_of_a_before_and_after() -> None:
    # https://github.com/natoscott/benchmarks/blob/HEAD/vllm-kvcache-cpu-offload-eval/REPORT.md
    (claim,) = read("-4.8% lower TTFT (6,517 vs 6,847 ms) - 330ms faster first token").claims
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (6.847, 6.517)
    # invented: one time and a difference make no before and after
    (claim,) = read("Prefix caching cut TTFT by 40% to 1.2 s, 800 ms faster than before.").claims
    assert "baseline_seconds" not in claim.values


def test_times_of_another_stated_factor_are_not_the_headlines() -> None:
    # https://ai-muninn.com/en/blog/kv-cache-disk-restore-7x: 9.9 s to 1.4 s is the 7x on a
    # 5K chat; the 25-40x is an estimate on a longer chat, a gain of its own with no times
    text = (
        "I wrote a ~60-line, zero-dependency reverse-proxy that restores/saves per request, "
        "turning the re-read into a save-file load: 9.9s → 1.4s on a 5K chat, 7× faster "
        "(estimated 25–40× on a 28K chat)."
    )
    measured, estimated = (c.values for c in read(text).claims)
    assert (measured["speedup"], measured["baseline_seconds"]) == (7.0, 9.9)
    assert measured["cached_seconds"] == 1.4
    assert estimated["speedup"] == 40.0
    assert "baseline_seconds" not in estimated


@pytest.mark.parametrize(
    "text",
    [
        # https://github.com/manasvin24/prefix-not-twice/blob/main/README.md: the KV cache
        # itself is what makes decode fast
        "- **Intra-request KV-caching**: Reuses key-value states within a single generation "
        "(10-50x decode speedup)",
        # https://github.com/llm-d/llm-d.github.io/blob/HEAD/blog/2026-04-21_production-grade-llm-inference-at-scale-kserve-llm-d-vllm.mdx
        "On one deployment, we observed a **3x improvement in output tokens/s** and a **2x "
        "reduction in time to first token (TTFT)** after enabling prefix-cache aware routing.",
        # under load a recomputed prefix stalls the decode steps batched with it: removing it
        # is a real decode gain (rule KV205's documentation)
        # https://github.com/natoscott/benchmarks/blob/HEAD/llm-d-kvcache-offload-eval/REPORT-v0.6.0.md
        "Qwen3-14B fs-offload reduces TTFT from 40.0 s to 7.1 s (-82%) and ITL from 357.7 ms to "
        "87.8 ms (-75%) at rate=50, driven by cache hits eliminating prefix recomputation.",
        # https://blog.lmcache.ai/en/2026/04/22/lmcache-on-amazon-sagemaker-hyperpod-accelerating-llm-inference-with-managed-tiered-kv-cache/
        "In this post, we demonstrate how LMCache integrates with Amazon SageMaker HyperPod’s "
        "managed tiered storage as an L2 cache backend, delivering up to 1.67× improvement in "
        "inter-token latency (ITL) and 1.27× higher throughput for multi-round chat workloads "
        "under high concurrency compared to L1-only configurations.",
    ],
)
def test_a_decode_gain_credits_no_offload_in_the_gpu_or_under_load(text: str) -> None:
    claims = read(text).claims
    assert "decode" in [c.values.get("metric") for c in claims]
    assert not any("decode_credit" in c.cues for c in claims)


def test_a_decode_gain_credited_to_an_offload_tier_is_marked() -> None:
    # the example of rule KV205's own documentation
    (claim,) = read(
        "Offloading the KV cache to our NVMe tier speeds up token generation 3x."
    ).claims
    assert "decode_credit" in claim.cues


def test_a_heading_that_names_memory_pressure_frames_a_decode_gain() -> None:
    # https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/v0.6-to-v0.7-findings.md
    page = """# llm-d v0.6.0 → v0.7.0 Benchmark Findings

## Slide 2: {heading}

| Model/Config | Throughput vs no-offload | TTFT vs no-offload |
|---|:---:|:---:|
| Qwen3-14B cpu+fs-offload | +3.2% | −3.9% ITL |
"""

    def credited(heading: str) -> list[bool]:
        records = read_document(page.format(heading=heading), "markdown", "p.md").records
        return ["decode_credit" in r.cues for r in records if r.claim.metric == "decode"]

    assert credited("Memory-pressure — offload delivers throughput AND latency wins") == [False]
    assert credited("Offload delivers throughput AND latency wins") == [True]


def test_a_sentence_that_beats_a_baseline_of_its_own_is_another_claim() -> None:
    # https://github.com/sgl-project/sglang/tree/main/benchmark/hicache (an EIC snapshot)
    text = (
        "An EIC hit is roughly as fast as recomputing the prefill: mean TTFT 7.2 s vs 8.0 s "
        "(-11%). The hit beats the cold run by 3.4x only because the cold run pays write-through."
    )
    claims = read(text, explicit=True).claims
    assert [c.values.get("speedup") for c in claims] == [1.12, 3.4]
    # the times belong to the 11% cut they imply, not to the 3.4x
    assert claims[0].values["baseline_seconds"] == 8.0
    assert "baseline_seconds" not in claims[1].values
    # in one sentence too, two gains are two claims
    joined = text.replace("(-11%). The hit beats", "(-11%), and the hit beats")
    assert [c.values.get("speedup") for c in read(joined, explicit=True).claims] == [1.12, 3.4]


def test_a_percent_faster_beside_a_time_of_zero_seconds_is_read_alone() -> None:
    # a build benchmark's row (https://github.com/boringcache/benchmarks): "0s" alone, read
    # before minutes and seconds were one time, made a cached time of zero and a crash
    row = "Hugo | Commit Build | 0s | 47s | 7% faster with the KV cache"
    (claim,) = extract_claims(row)
    assert claim.values["speedup"] == 1.07


# https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/REPORT.md
# (excerpt): throughput deltas of CPU KV-cache offload, one column a vLLM version.
VERSIONS = """# llm-d KV-Cache Management Evaluation

CPU KV-cache offload provides throughput gains when GPU KV-cache is constrained.

| Model | v0.4.0 nat-20k | v0.5.1 nat-20k | v0.6.0 nat-20k |
|-------|:--------------:|:--------------:|:--------------:|
| Qwen3-0.6B | +9.5% | +22.3% | +51.4% |
"""


def speedups(page: str) -> list[float | None]:
    return [r.claim.speedup for r in read_document(page, "markdown", "page.md").records]


def test_each_of_parallel_columns_of_a_row_is_a_claim() -> None:
    # 1 + 0.095, 1 + 0.223, 1 + 0.514: three versions, three claims
    assert speedups(VERSIONS) == [1.09, 1.22, 1.51]


@pytest.mark.parametrize(
    ("header", "row", "expected"),
    [
        # columns that share no word: a figure and its target are one claim, the larger
        ("| Model | Gain | Goal |", "| Qwen3-0.6B | +51.4% | +22.3% |", [1.51]),
        # a column of a cost is never a claim of its own
        ("| Model | Throughput gain | Cost gain |", "| Qwen3-0.6B | +51.4% | +22.3% |", [1.51]),
        # one value in two wordings is one claim
        ("| Model | TTFT cut | TTFT speedup |", "| Qwen3-0.6B | -75% | 4x |", [4.0]),
    ],
)
def test_columns_that_are_not_parallel_stay_one_claim(
    header: str, row: str, expected: list[float]
) -> None:
    page = VERSIONS.split("| Model")[0] + header + "\n|---|---|---|\n" + row + "\n"
    assert speedups(page) == expected


def test_a_factor_with_its_own_prompt_length_is_a_claim_at_that_length() -> None:
    # https://github.com/CurvineIO/curvine-doc/blob/main/blog/2026-08-13-tiered-kv-cache-sagemaker-hyperpod-curvine/index.md
    # The 2.7x is measured at 2,500 tokens and its times are those of that length; a claim
    # of 2.7x at 1,000 tokens would be audited at a length it was never measured at.
    text = (
        "Cross-Pod L2 KV cache reuse delivered up to a 2.7× TTFT improvement. Speedup grew "
        "from 1.7× at 1,000 tokens to 2.7× at 2,500 tokens, where a cold 774 ms request "
        "completed in 287 ms."
    )
    claims = [c.values for c in read(text).claims]
    assert [(c["speedup"], c.get("context_tokens")) for c in claims] == [
        (2.7, None),
        (1.7, 1000),
        (2.7, 2500),
    ]
    assert (claims[2]["baseline_seconds"], claims[2]["cached_seconds"]) == (0.774, 0.287)
    # a count that is not right after the factor is the clause's, as before
    (one,) = read("For 1,000-token prompts KV cache reuse gives 1.7× faster TTFT.").claims
    assert one.values["context_tokens"] == 1000


def test_unsigned_percentages_beside_a_factor_are_shares_not_claims() -> None:
    # https://github.com/KR-LSB/kr-lsb.github.io/blob/0551ac80a3a6a7afa31b0b06fe03691ad6d7bf7b/content/posts/kv-cache-economics/index.md:
    # the two prefill shares stand under columns parallel to each other but not to the
    # claim's first figure (its 33x): they are no claims of their own
    page = (
        "# KV cache economics\n\n"
        "| Context | Cache OFF TTFT | Cache ON TTFT | **Speedup** | Cache OFF Prefill % "
        "| Cache ON Prefill % |\n|---|---|---|---|---|---|\n"
        "| ~8k | 2,547 ms | 78 ms | **33x** | 38.3% | 2.5% |\n"
    )
    assert speedups(page) == [33.0]


def test_a_factor_at_another_percentile_is_a_claim_of_its_own() -> None:
    # https://proceedings.iclr.cc/paper_files/paper/2025/hash/5bc342f48de8264779952fac378f96dc-Abstract-Conference.html
    # (Preble): the average and the p99 are two measurements, each audited on its own
    text = (
        "Our evaluation of Preble with real workloads and re-quest arrival patterns on two "
        "open-source LLMs shows that Preble outperforms the SOTAserving systems by 1.5× to "
        "14.5× on average latency and 2× to 10× on p99 latency."
    )
    claims = [c.values for c in read(text, explicit=True).claims]
    assert [(c["speedup"], c["speedup_low"]) for c in claims] == [(14.5, 1.5), (10.0, 2.0)]
    # https://github.com/opendatahub-io/llm-d-playbooks/blob/main/08-benchmarking/intelligent-inference-scheduler/README.md:
    # "Mdn" is the median
    row = "| 32 | 184.1 | 500.7 | 77.1 | 332.2 | **58% faster** (Mdn), **34% faster** (p95) |"
    page = (
        "# Prefix-cache aware routing\n\n| **Concurrency** | **Mdn (ms)** | **p95 (ms)** "
        "| **Mdn (ms)** | **p95 (ms)** | **Improvement** |\n|---|---|---|---|---|---|\n"
        f"{row}\n"
    )
    assert sorted(s or 0.0 for s in speedups(page)) == [1.34, 1.58]


def test_one_value_at_two_percentiles_is_two_claims_and_said_again_is_one() -> None:
    # the same factor at the median and at the tail is measured twice
    text = "With prefix caching, median TTFT falls 4x; P99 TTFT falls 4x."
    assert [c.values["speedup"] for c in read(text).claims] == [4.0, 4.0]
    # a counter-case: the same factor said again of one quantity is one claim
    (claim,) = read("With prefix caching, TTFT falls 4x; yes, TTFT falls 4x.").claims
    assert claim.values["speedup"] == 4.0


def test_each_stated_gain_of_one_setup_is_a_claim() -> None:
    # https://github.com/janilbols-w/janilbols-w.github.io/blob/master/reading_room/artificial_intelligence/llm_large_language_models/llm_readings/kvcache/mooncake.fast25.md:
    # three workloads, three gains; folded, the two smaller ones were never audited
    text = "相比 vLLM，Mooncake 在三类负载中 prefill GPU 时间分别降低约 36% / 53% / 64%。"
    assert [c.values["speedup"] for c in read(text, page="kv").claims] == [1.56, 2.13, 2.78]
    # https://github.com/para1lel/asabook/blob/main/docs/ja/papers/kvflow.md: two baselines
    text = (
        "たとえば A10G 上の 8192/32/32 では、KVFlow は SGLang w/ HiCache より 1.83$times$、"
        "GPU-only の SGLang baseline より 2.91$times$ 高速である。"
    )
    assert [c.values["speedup"] for c in read(text, page="kv").claims] == [1.83, 2.91]


def test_two_wordings_of_one_gain_and_the_ends_of_a_range_stay_one_claim() -> None:
    # https://github.com/gluesys/lmcache-daos/blob/0370acc875ab96f2576e1c889d937cefe6e014e2/README.md:
    # 2.81x and a 64.5% cut (2.82x) are one gain in two forms
    row = "| `nvme_pool` | kdev NVMe | 1.986s | **0.706s** | **2.81x (TTFT 64.5%↓)** |"
    (claim,) = read(row, explicit=True).claims
    assert claim.values["speedup"] == 2.82
    # https://github.com/rebibabo/rebibabo.github.io/blob/source/source/_posts/llm-inference/06-series-summary.md:
    # "from 67% to 93%" is one range of cuts, read at its high end (1 / 0.07)
    text = "第四篇验证了 Prefix Caching，共享前缀越长 TTFT 降幅越大，从 67% 到 93%，零代价，vLLM 默认开启。"
    (claim,) = read(text).claims
    assert claim.values["speedup"] == 14.29
