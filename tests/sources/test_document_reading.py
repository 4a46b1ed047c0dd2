"""Document mode: the page's title and section heading lend their topic to the paragraphs below,
and a table's header row frames its rows."""

from __future__ import annotations

import pytest

from claimcheck.sources.document import _PageReader, read_document

PARAGRAPH = "Our tests show 12x faster responses for returning users."


def speedups(page: str) -> list[float | None]:
    return [r.claim.speedup for r in read_document(page, "markdown", "page.md").records]


def test_a_paragraph_under_a_kv_heading_needs_no_kv_words_of_its_own() -> None:
    assert speedups(f"# LMCache benchmarks\n\n{PARAGRAPH}\n") == [12]
    assert speedups(f"# Release notes\n\n## Prefix caching\n\n{PARAGRAPH}\n") == [12]


def test_a_paragraph_on_a_page_about_something_else_still_does() -> None:
    assert speedups(f"# Our new GPUs\n\n{PARAGRAPH}\n") == []


def test_the_section_heading_counts_only_for_its_own_section() -> None:
    page = f"# Release notes\n\n## Prefix caching\n\nSee below.\n\n## New GPUs\n\n{PARAGRAPH}\n"
    assert speedups(page) == []


def test_an_html_title_is_the_page_topic() -> None:
    page = (
        f"<html><head><title>Mooncake results</title></head><body><p>{PARAGRAPH}</p></body></html>"
    )
    (record,) = read_document(page, "html", "page.html").records
    assert record.claim.speedup == 12


def test_a_look_alike_under_a_kv_heading_is_still_not_a_claim() -> None:
    page = "# KV cache offload\n\nSpeculative decoding cuts TTFT by 40% on the same GPUs.\n"
    assert speedups(page) == []


def test_a_bare_cache_hit_under_a_heading_about_another_cache_is_that_caches() -> None:
    # https://github.com/muxi-ai/onellm/blob/develop/docs/caching.md: a cache of LLM responses
    item = (
        "1. **Hash-based exact matching** - Instant cache hits (~3.5µs) for identical queries - "
        "**42,000-143,000x faster**"
    )
    assert speedups(f"# Semantic Caching\n\n## Overview\n\n{item}\n") == []
    assert speedups(f"# Docs\n\n## CDN cache\n\n{item}\n") == []
    # under a heading about prefix caching, the same hits are the KV cache's
    assert speedups(f"# Prefix caching\n\n## Overview\n\n{item}\n") == [143_000]


def test_explained_candidates_carry_their_place_in_the_source() -> None:
    page = f"# LMCache benchmarks\n\n{PARAGRAPH}\n"
    (placed,) = read_document(page, "markdown", "page.md").decisions
    assert placed.quoted == "12x" and placed.kept
    assert placed.position is not None
    assert (placed.position.line, placed.position.column) == (3, PARAGRAPH.index("12x") + 1)
    assert ("kv-topic", 1.0, "LMCache") in placed.evidence


TABLES = """# Benchmarks

| Configuration | TTFT reduction |
|---|---|
| LMCache on Llama 3.1 8B | 85% |

| Model | Recompute | Cached |
|---|---|---|
| Llama 3.1 70B at 112K tokens | 57 s | 2.1 s |
"""


def test_a_percentage_in_a_reduction_column_is_read_by_its_header() -> None:
    first, _ = read_document(TABLES, "markdown", "page.md").records
    # 1 ÷ (1 − 0.85) = 6.67, read as TTFT from the header cell
    assert (first.claim.speedup, first.claim.metric) == (6.67, "ttft")
    assert first.claim.model == "llama-3.1-8b"


def test_a_row_of_times_is_read_under_its_own_tables_header() -> None:
    _, second = read_document(TABLES, "markdown", "page.md").records
    assert (second.claim.baseline_seconds, second.claim.cached_seconds) == (57, 2.1)
    assert second.claim.context_tokens == 112_000


def test_ttft_wording_alone_weighs_less_on_a_page_that_never_names_kv_caching() -> None:
    figure = "Prompt processing got 40% faster TTFT on long contexts."
    # the same paragraph: on a release-notes page it is a look-alike, on a page that names the
    # KV cache elsewhere it is read
    assert speedups(f"# Release notes\n\n{figure}\n") == []
    named = f"# Release notes\n\nWe now keep the KV cache in host memory.\n\n{figure}\n"
    assert speedups(named) == [1.4]


def test_attributes_are_read_once_and_not_twice_beside_the_same_text() -> None:
    claim = "LMCache: 27x faster TTFT at 128K tokens."
    page = (
        f'<head><meta name="description" content="{claim}">'
        f'<meta property="og:description" content="{claim}"></head>'
        f'<body><p><a href="/b" title="{claim}">{claim}</a></p>'
        '<p><abbr title="LMCache: 30x faster TTFT at 64K tokens.">30x</abbr></p></body>'
    )
    records = read_document(page, "html", "page.html").records
    assert [(r.claim.speedup, r.claim.context_tokens) for r in records] == [
        (27, 128_000),
        (30, 64_000),
    ]


def test_a_table_after_a_paragraph_without_figures_has_its_own_header() -> None:
    # The paragraph between the tables is not parsed inline (it holds no figure), yet it still
    # ends the first table: the second one's header gives its row the KV cue and the metric.
    # The first table's "Speedup" column on a page that names KV caching is its measurement.
    page = (
        "> | Setup | Speedup |\n> |---|---|\n> | A | 2x |\nPlain words here.\n"
        "| Metric | KV cache TTFT |\n|---|---|\n| B | 27x faster |\n"
    )
    claims = [r.claim for r in read_document(page, "markdown", "page.md").records]
    assert [(c.speedup, c.metric) for c in claims] == [(2, "unspecified"), (27, "ttft")]


def test_a_row_after_unread_rows_keeps_its_table_header() -> None:
    # The rows without figures are not parsed inline; the header row still frames the last one.
    page = (
        "| Metric | KV cache TTFT |\n|---|---|\n| Nodes | 8 |\n| Ports | 400 Gb/s |\n"
        "| B | 27x faster |\n"
    )
    assert speedups(page) == [27]


# https://github.com/ModelEngine-Group/unified-cache-management/blob/develop/docs/source/user-guide/prefix-cache/nfs_store.md
# (excerpt): a title row, then a row of column labels, then the figures.
LABELLED = """# NFS Store

This connector enables offloading of KV cache from GPU HBM to SSD or Local Disk.

|      **QwQ-32B** |                |                     |                |              |
| ---------------: | -------------: | ------------------: | -------------: | :----------- |
| **Input length** | **Concurrent** | **Full Compute(s)** | **Disk80%(s)** | **Speedup**  |
|            2 000 |              1 |              0.5311 |         0.2053 | **+158.7 %** |
|            4 000 |              1 |              1.0269 |         0.3415 | **+200.7 %** |
"""


def test_a_row_of_labels_under_a_title_row_is_the_tables_header() -> None:
    # 1 + 1.587 and 1 + 2.007: a "+p %" in a Speedup column of a page about KV caching
    assert speedups(LABELLED) == [2.59, 3.01]
    # the labels row's first cell left empty: the row still counts its cells from the start
    assert speedups(LABELLED.replace("**Input length**", "")) == [2.59, 3.01]


def test_a_speedup_column_lends_nothing_on_a_page_that_never_names_kv_caching() -> None:
    other = LABELLED.replace("offloading of KV cache from GPU HBM", "moving files from disk")
    assert speedups(other) == []


def test_each_table_is_framed_by_its_own_header_when_rows_repeat() -> None:
    # The gate remembers what it found in each header and topic: the same row under a header
    # with KV words, then under one without (nor a speedup column, which on a page that names
    # KV caching is the page's measurement), then under the first again.
    row = "| Llama 3.1 8B | 32K tokens | 14x |\n"
    kv = "| Model | Context | KV cache offload TTFT speedup |\n|---|---|---|\n" + row
    plain = "| Model | Context | Result |\n|---|---|---|\n" + row
    page = f"# Results\n\n{kv}\n{plain}\n{kv}"
    assert speedups(page) == [14, 14]
    assert speedups(f"# Results\n\n{plain}\n{kv}\n{plain}") == [14]


def test_the_gate_remembers_each_topic_apart() -> None:
    reader = _PageReader("", "page.md", None, "other")
    answers = [reader._topic_cued(t) for t in ("LMCache", "New GPUs", "LMCache", "New GPUs")]
    assert answers == [True, False, True, False]


# https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/vllm-issue-offloadingconnector-regression.md
REGRESSION = """\
# OffloadingConnector request convoy / TTFT regression

Throughput and TTFT for Qwen3-8B native CPU offload vs no-offload baseline:

| vLLM version | Throughput overhead | TTFT at concurrency=50 |
|---|:---:|:---:|
| **0.17.1** | **−6.5%** | **0.90 s** |
| **0.19.1** | **−39.9%** | **11.46 s** |
"""


def test_a_cut_in_a_throughput_column_is_throughput_lost_not_a_speedup() -> None:
    assert speedups(REGRESSION) == []
    # invented: the same cuts in a column of times are times saved, 1 ÷ (1 − 0.8) and
    # 1 ÷ (1 − 0.399)
    timed = REGRESSION.replace("Throughput overhead", "TTFT change").replace("6.5%", "80%")
    assert speedups(timed) == [5.0, 1.66]


_BEFORE_AFTER = """# KVortex

| Metric | Without KVortex | With KVortex | Improvement |
|--------|----------------|--------------|-------------|
| **TTFT (Cache Hit)** | 2400ms | **400ms** | **6x faster** |
| **GPU→CPU Bandwidth** | 12 GB/s | **20+ GB/s** | **67% increase** |
"""


def test_a_row_of_values_is_never_taken_for_a_row_of_labels() -> None:
    # ayinedjimi/KVortex README.md: "TTFT (Cache Hit) | 2400ms | …" names TTFT, but its cells
    # are values; the header of the rows below stays "Metric | … | Improvement"
    assert speedups(_BEFORE_AFTER) == [6.0]


def test_a_row_labelled_with_a_quantity_that_is_no_speed_is_no_claim() -> None:
    # gwyntel/Carnice-27b-Modal README.md: a 100% hit rate in a table with a Speedup column
    page = (
        "# Prefix caching on Modal\n\n| Scenario | Prompt Tokens | Time | Speedup |\n"
        "|---|---|---|---|\n| Cache hit rate | 128K | **100%** on exact match | — |\n"
    )
    assert speedups(page) == []
    # under a "Speedup" column the label is where the cache sits, and the figure is read
    tiered = (
        "# KV cache tiers\n\n| Tier | TTFT speedup |\n|---|---|\n| CPU memory | 3.2x faster |\n"
    )
    assert speedups(tiered) == [3.2]


def test_a_cold_side_on_a_kv_page_names_the_recompute_of_a_pair_of_times() -> None:
    # https://github.com/LMCache/lmcache.github.io/blob/main/_posts/2025-07-03-multimodal-models.md
    sentence = (
        "The second request streamed in ~1 s vs. ~18 s cold-start, showing near-instant reuse."
    )
    kv_page = read_document(f"# LMCache for multimodal models\n\n{sentence}\n", "markdown", "p.md")
    assert [(r.claim.baseline_seconds, r.claim.cached_seconds) for r in kv_page.records] == [
        (18.0, 1.0)
    ]
    # a cold start elsewhere is a model's or a machine's
    elsewhere = read_document(f"# Serverless GPUs\n\n{sentence}\n", "markdown", "p.md")
    assert elsewhere.records == []


def test_a_full_miss_is_the_recompute_side_of_a_pair_of_times() -> None:
    # https://github.com/myshytf/kimi-k3-qsrt-lmcache/blob/main/README.md
    row = "| Full miss vs external restore | ~17.9 s vs ~5.95–6.24 s |"
    table = f"| Check | Result |\n|---|---:|\n{row}\n"
    kv_page = read_document(f"# Kimi K3 + LMCache overlay\n\n{table}", "markdown", "p.md")
    assert [(r.claim.baseline_seconds, r.claim.cached_seconds) for r in kv_page.records] == [
        (17.9, 5.95)
    ]
    # the same row with a miss that is no cache's full miss names no side
    other = table.replace("Full miss", "First try")
    assert (
        read_document(f"# Kimi K3 + LMCache overlay\n\n{other}", "markdown", "p.md").records == []
    )


def test_a_time_against_a_faster_baseline_is_no_gain() -> None:
    # https://github.com/sgl-project/sglang/tree/main/benchmark/hicache (an EIC snapshot)
    sentence = (
        "Write-through is the bottleneck for prefill-heavy traffic: `eic_cold` took 110.1 s "
        "against the baseline's 36.1 s (3.05x) and needed another 12.4 s to drain."
    )
    assert read_document(f"# KV cache offload\n\n{sentence}\n", "markdown", "p.md").records == []
    # the baseline on the slower side is the usual claim
    faster = sentence.replace(
        "`eic_cold` took 110.1 s against the baseline's 36.1 s (3.05x)",
        ("a cache hit took 36.1 s against the baseline's 110.1 s"),
    )
    records = read_document(f"# KV cache offload\n\n{faster}\n", "markdown", "p.md").records
    assert [(r.claim.baseline_seconds, r.claim.cached_seconds) for r in records] == [(110.1, 36.1)]


def test_a_heading_that_lists_the_setup_names_no_other_cause() -> None:
    # https://github.com/sgl-project/sglang/tree/main/benchmark/hicache (an EIC snapshot)
    sentence = (
        "On this hardware an EIC hit is roughly as fast as recomputing the prefill. "
        "The second run beats the first by 3.4x."
    )
    title = "# EIC benchmark snapshot: DeepSeek-V4-Flash FP8, TP8, 8×H20"
    assert speedups(f"{title}\n\n{sentence}\n") == [3.4]
    # a number format on its own, or named as the technique, is still the page's cause
    assert speedups(f"# FP8 inference\n\n{sentence}\n") == []
    assert speedups(f"# Llama-3 70B FP8 quantization\n\n{sentence}\n") == []
    assert speedups(f"# Qwen3-32B AWQ, TP=2\n\n{sentence}\n") == [3.4]


def test_a_title_that_compares_gpus_lends_its_first_token_words_no_kv_topic() -> None:
    # https://github.com/NVIDIA/TensorRT-LLM/blob/main/docs/source/blogs/H100vsA100.md
    table = (
        "| Model | Batch Size | Throughput (out tok/s) | 1st Token Latency (ms) |\n"
        "| :--- | :--- | ---: | ---: |\n| **Speedup** |\n| GPT-J 6B | 64 | **3.0x** | **4.7x** |\n"
    )
    title = "# H100 has 4.6x A100 Performance in TensorRT-LLM, achieving 10,000 tok/s at 100ms to first token."
    assert speedups(f"{title}\n\n{table}") == []
    # a title about the first token alone still frames the table
    assert speedups(f"# Time to first token with prefix caching\n\n{table}") == [3.0, 4.7]


def test_a_heading_that_names_prefix_aware_routing_names_kv_reuse() -> None:
    # https://github.com/substratusai/kubeai/blob/main/docs/benchmarks/prefix-aware-load-balancing.md
    bullets = (
        "* 164x improvement in Mean TTFT from 39163.80 ms to 237.06 ms.\n"
        "* 41% increased throughput (total token/second) from 47609.83 to 67333.71.\n"
    )
    # requests go where their prefix is cached: the gain is the prefix cache's
    assert speedups(f"# Benchmarking Prefix Aware Load Balancing\n\n{bullets}") == [164, 1.41]
    assert speedups(f"# Cache-aware routing\n\n{bullets}") == [164, 1.41]
    # balancing by load alone is another cause
    assert speedups(f"# Benchmarking Least Load Balancing\n\n{bullets}") == []


def test_a_table_of_signed_changes_measures_the_metric_the_page_opens_with() -> None:
    # https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/REPORT.md
    lead = "CPU KV-cache offload provides throughput gains when GPU KV-cache is constrained."
    table = (
        "| Model | v0.4.0 nat-10k | v0.7.0 nat-20k |\n|---|:-:|:-:|\n"
        "| Qwen3-0.6B | -8.3% | **+53.1%** |\n| Qwen3-8B | -19.3% | −18.0% |\n"
    )
    page = f"# llm-d KV-Cache Management Evaluation\n\n{lead}\n\n## Native CPU Offload\n\n{table}"
    # +53.1 % of throughput is 1.531x; a fall of throughput is no gain
    assert speedups(page) == [1.53]
    # an opening that names no metric, or two, gives the changes none
    assert speedups(page.replace("throughput gains", "gains")) == []
    assert speedups(page.replace("throughput gains", "throughput and TTFT gains")) == []
    # a header that names its own metric keeps it: a cut of TTFT is a gain, a rise no gain;
    # the 8B row's two cuts, at two prompt lengths, are two gains
    ttft = page.replace("v0.4.0 nat-10k | v0.7.0 nat-20k", "TTFT 10k | TTFT 20k")
    assert speedups(ttft) == [1.09, 1.24, 1.22]


@pytest.mark.parametrize(
    "sentence",
    [
        # https://www.i-scoop.eu/nvidia-blackwell-ultra-is-50-keer-sneller-voor-inference
        "The new Blackwell architecture would deliver up to 30x performance gains compared to "
        "the previous industry standard, the Hopper H100.",
        # https://www.frontiernews.ai/news/article/why-ai-inference-startups-are-becoming-the-next-bi-426fd59d
        "That five-fold increase in just half a year shows how rapidly AI is moving from "
        "experimentation into production use.",
        # https://dev.to/thesythesis/the-inference-layer-587d
        "That is a twenty-fold increase in twelve months.",
        # https://lyceum-landing.pages.dev/magazine/b200-vs-h100-inference-performance-2026
        "The B200 features 192GB of HBM3e memory, a massive 2.4x increase over the standard "
        "80GB HBM3 found in the H100.",
    ],
)
def test_a_gpu_in_apposition_a_growth_over_time_or_a_size_is_no_claim_on_a_kv_page(
    sentence: str,
) -> None:
    assert speedups(f"# KV cache offload with LMCache\n\n{sentence}\n") == []


def test_recompute_on_a_gpu_is_no_gpu_comparison() -> None:
    sentence = "Loading the KV cache is 3x faster than recomputing it on an H100, the flagship."
    assert speedups(f"# KV cache offload with LMCache\n\n{sentence}\n") == [3]


def test_each_metric_column_of_a_row_is_a_claim_of_its_own() -> None:
    # https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/v0.6-to-v0.7-findings.md
    page = (
        "# llm-d offload findings\n\n"
        "| Model/Config | Throughput vs mempress no-offload | TTFT vs mempress no-offload |\n"
        "|---|:---:|:---:|\n"
        "| Qwen3-0.6B native-offload | **+53%** | **−47%** (3.29 s → 1.75 s) |\n"
    )
    records = read_document(page, "markdown", "p.md").records
    assert [
        (r.claim.speedup, r.claim.metric, r.claim.baseline_seconds, r.claim.cached_seconds)
        for r in records
    ] == [(1.53, "throughput", None, None), (1.89, "ttft", 3.29, 1.75)]
    # two columns of one metric at two loads are two claims, one a cell
    one = page.replace("TTFT vs mempress", "Throughput at c=50 vs mempress").replace(
        "**−47%** (3.29 s → 1.75 s)", "+61%"
    )
    assert speedups(one) == [1.53, 1.61]


# https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2025-10-16-vllm-tpu.md:
# a post about a TPU backend that names prefix caching among its features, well past its opening
TPU_FIGURE = (
    "Despite these obstacles, the team improved throughput performance by 3.6x for Llama 3.1-8B "
    "on v6e-1 and 2.1x for Llama 3.1-70B in v6e-8."
)
FILLER = "The backend lowers each model through JAX to XLA and runs it on the TPU cores.\n\n"


def test_a_page_is_about_kv_caching_when_its_opening_says_so() -> None:
    from claimcheck.sources.document import OPENING

    features = "It supports chunked prefill and prefix caching.\n\n"
    late = f"# vLLM TPU\n\n{FILLER * 30}{features}{TPU_FIGURE}\n"
    assert late.index("prefix caching") > OPENING
    # prefix caching named only in passing, far down: the figure inherits no KV mechanism
    assert speedups(late) == []
    # named in the opening as what the page is about, it lends it to the figure
    about = "It reuses the KV cache of shared prefixes.\n\n"
    early = f"# vLLM TPU\n\n{about}{FILLER * 30}{TPU_FIGURE}\n"
    assert speedups(early) == [3.6]
    # listed there as a feature supported, it does not (docs/extractor.md, "Cause first")
    assert speedups(early.replace(about, features)) == []
    # a paragraph that names KV caching itself still needs no help from the page
    own = late.replace("Despite these obstacles, the team", "With prefix caching, the team")
    assert speedups(own) == [3.6, 2.1]


def test_a_link_s_address_in_the_opening_names_no_kv_cache() -> None:
    # https://github.com/kvcache-ai/ktransformers: the organisation's name is in every link
    opening = "# KTransformers\n\n[Docs](https://github.com/kvcache-ai/ktransformers/docs)\n\n"
    page = f"{opening}{FILLER * 30}{TPU_FIGURE}\n"
    assert speedups(page) == []
    assert speedups(page.replace("[Docs]", "KV cache offload. [Docs]")) == [3.6]


# https://github.com/Thabonel/wheels-wins-landing-page/blob/64143ed9391e23e1b4a96562ba66b8a5ae2ba73f/docs/PROMPT_CACHING_IMPLEMENTATION.md
# (excerpt): the opening names a latency cut; the cost table's "-90%" is of input tokens.
TOKENS_SAVED = """# Prompt Caching Implementation
**Impact**: 40-60% latency reduction on cache hits

### Latency Reduction

| Scenario | Before | After (Cache Hit) | Improvement |
|----------|--------|-------------------|-------------|
| Simple query | 1.7s | 0.68s | -60% ✅ |

### Cost Reduction

| Requests | Before (Input Tokens) | After (Cached Tokens) | Savings |
|----------|----------------------|-----------------------|---------|
| 10 requests | 10,000 tokens | 1,000 tokens | -90% ✅ |
"""


def test_a_cut_under_a_header_of_tokens_is_not_the_openings_latency_cut() -> None:
    # 2.5 is the opening's 60 % (1 / (1 - 0.6)) and the table's 1.7 s / 0.68 s; no 10x
    assert speedups(TOKENS_SAVED) == [2.5, 2.5]
    # the same row under a header that names no quantity is the opening's latency cut
    bare = TOKENS_SAVED.replace(
        "Before (Input Tokens) | After (Cached Tokens) | Savings", "A | B | C"
    )
    assert speedups(bare)[-1] == 10.0


# https://github.com/mlcommons/storage/blob/bcb0e6247743e06fd3c712a71249b4350f695ec6/kv_cache_benchmark/vllm_lmcache_validate/validation_results.md
# (excerpt): a storage benchmark's tiers against an NVMe-only tier.
TIERS = """# KV Cache Storage Benchmark Validation Results

| Tier | Storage Throughput | Speedup vs NVMe |
|------|-------------------|-----------------|
| GPU (HBM) | 1,691 ± 154 tok/s | **6.4×** |
| NVMe Only | 263 ± 2 tok/s | 1.0× (baseline) |
"""


def test_a_speedup_column_beside_storage_throughput_is_storage_io() -> None:
    assert speedups(TIERS) == []
    # beside a column of TTFT the same speedup is the cache's
    assert speedups(TIERS.replace("Storage Throughput", "TTFT")) == [6.4]


def test_a_compression_column_is_no_speed_column() -> None:
    # https://github.com/darktheDE/viet-llm-kvcache-benchmark/blob/main/results/plots/README.md
    # (excerpt): KV-cache quantisation methods, their compression beside their throughput
    page = (
        "# Results\n\nVietnamese output quality by KV-cache method.\n\n"
        "| Method | KV size (% FP16) | Compression | Throughput (tok/s) |\n"
        "| :--- | :--: | :--: | :--: |\n"
        "| HQQ | 25 | 4× | 23.6 |\n"
    )
    assert speedups(page) == []
    assert speedups(page.replace("| Compression |", "| TTFT speedup |")) == [4.0]


def test_a_pagedattention_kv_cache_against_a_stock_engine_is_no_reuse() -> None:
    # https://github.com/Cooperiano/ollama-accelerated/blob/main/PERFORMANCE_COMPARISON_REPORT.md
    page = (
        "# PagedAttention KV Cache vs Official Ollama\n\n"
        "| 并发数 | 请求数 | 官方 TPS | PagedAttention TPS | 差异 |\n"
        "|---|---|---|---|---|\n"
        "| 4 | 20 | 88.36 tok/s | **90.87 tok/s** | +2.8% |\n"
    )
    assert speedups(page) == []
    # the same row under a heading about prefix caching is that cache's gain
    assert speedups(page.replace("PagedAttention KV Cache vs", "Prefix caching vs")) == [1.03]


# https://github.com/Shinichi0713/LLM-fundamental-study/blob/main/attention/save_memory/paper/page_attention.md
# (excerpt; a note on PagedAttention that names the KV cache it manages throughout)
PAGED = (
    """PagedAttention は、**大規模言語モデル（LLM）の推論時におけるメモリ効率とスループットを大幅に改善するためのアテンション実装手法**です。
主に **vLLM（Virtualized LLM Serving）** の中核技術として提案されました。

## 1. 背景：LLM 推論の本当のボトルネック

* 過去すべての Key / Value（KV cache）を参照

> **計算量ではなく、KV cache のメモリ管理が律速**

"""
    + "* KV cache は巨大（モデルサイズ × シーケンス長）\n" * 40
    + """
## 6. vLLM における効果（論文報告）

* **スループット：2〜4倍向上**
"""
)


def test_a_page_that_opens_on_another_technique_lends_no_kv_cache() -> None:
    assert speedups(PAGED) == []
    # a page that opens on prefix caching lends it to the same figure
    opened = PAGED.replace("PagedAttention は、", "Prefix caching (KV cache reuse) は、", 1)
    assert speedups(opened) == [4.0]


def test_a_profile_of_times_without_and_with_the_cache_is_read_as_its_times() -> None:
    # https://github.com/wenyuchen96/transformer/blob/main/README.md (excerpt): a profiler
    # measured the times, it did not cause them; "no cache" is the recompute side
    page = (
        "### PyTorch Transformer Inference Engine\n\n"
        "- GPT-2 inference implementation with KV caching for efficient generation\n\n"
        "### Profiling Analysis (torch.profiler on CUDA)\n\n"
        "| Component | Baseline (no cache) | With KV Cache | Reduction |\n"
        "| --- | --- | --- | --- |\n"
        "| Total CUDA time | 1.116s | 0.751s | **32.7%** |\n"
    )
    claims = [r.claim for r in read_document(page, "markdown", "p.md").records]
    assert [(c.baseline_seconds, c.cached_seconds) for c in claims] == [(1.116, 0.751)]
    # under a kernel's heading the same times are the kernel's
    kernel = page.replace("(torch.profiler on CUDA)", "(torch.compile on CUDA)")
    assert read_document(kernel, "markdown", "p.md").records == []


# A real look-alike: a hosted model's cold start against a warm one, no cache reused
# (https://github.com/thefrederiksen/devthrottle/pull/1377).
COLD_START = (
    "The telemetry proved **cold-start is the dominant felt latency**: the hosted model ran ~9s "
    "cold vs ~1.5s warm and text-to-speech ~4.7s cold vs ~1.3s warm - roughly eleven seconds of "
    "cold-start swing, which is the slowness the owner felt."
)


def test_a_page_that_names_no_kv_cause_gives_no_claim_and_weighs_nothing() -> None:
    page = f"# Release notes\n\n{COLD_START}\n"
    read = read_document(page, "markdown", "page.md")
    assert (read.records, read.decisions) == ([], ())
    # one word of a cache reused on the page, and its figures are weighed again
    named = f"# Release notes\n\nWe keep the prompt cache on disk.\n\n{COLD_START}\n"
    assert _weighed(named)


def _weighed(page: str) -> bool:
    """Whether any figure of ``page`` was weighed: read as a claim, or held back."""
    read = read_document(page, "markdown", "page.md")
    return bool(read.records or read.decisions)


def test_a_page_without_a_kv_cause_keeps_its_suppression_comments() -> None:
    page = (
        f"# Release notes\n\n<!-- claimcheck: disable-next-line KV103 -- a demo -->\n{COLD_START}\n"
    )
    read = read_document(page, "markdown", "page.md")
    assert read.records == []
    assert [d.codes for d in read.directives] == [("KV103",)]


def test_a_page_that_names_prefix_caching_in_its_own_language_is_read() -> None:
    # the glossary's English: "前缀缓存" is prefix caching, the page's only cause word
    page = "# 说明\n\n启用前缀缓存后，响应速度快 5 倍。\n"
    assert _weighed(page)
    assert not _weighed("# 说明\n\n升级以后，响应速度快 5 倍。\n")


def test_a_header_whose_prefill_names_another_technique_lends_no_kv_cue() -> None:
    # https://github.com/scale-snu/layered-prefill/blob/main/README.md: prefill scheduled a
    # layer group at a time, against vLLM's chunked prefill; no KV cache is reused
    table = (
        "| Metric | vLLM | Layered Prefill | Δ (Layered − vLLM) |\n|---|---:|---:|---:|\n"
        "| Mean TTFT (ms) | 1018.75 | 712.84 | **−30.0%** |\n"
        "| Median TTFT (ms) | 872.98 | 560.54 | **−35.8%** |\n"
    )
    page = f"## Algorithm\n\nPrefill advances a layer group at a time.\n\n### Overall comparison\n\n{table}"
    assert speedups(page) == []


def test_two_first_token_times_on_a_page_about_something_else_are_no_claim() -> None:
    # https://github.com/deepindeepsea/r9700-vllm-blogs: a dense model swapped for an MoE one
    times = "First-token latency dropped from ~410 ms to ~40 ms in the same swap."
    title = (
        "# When 30 Billion Parameters Got Faster Than 14 Billion: MoE and the Concurrency Question"
    )
    assert speedups(f"{title}\n\n## The number\n\n{times}\n") == []
    # on a page that opens on the KV cache it reuses, the same times are its claim
    kv = "# Prefix caching on our cluster\n\nWe keep each prompt's KV cache in host memory."
    claims = read_document(f"{kv}\n\n{times}\n", "markdown", "page.md").records
    assert [(c.claim.baseline_seconds, c.claim.cached_seconds) for c in claims] == [(0.41, 0.04)]
    # cold and cached runs name the cache themselves, on any page
    cached = "Prompt processing took ~100s cold and 0.1s cached."
    assert len(read_document(f"{title}\n\n{cached}\n", "markdown", "page.md").records) == 1


def test_a_nested_list_item_is_read_in_the_context_of_its_parent_item() -> None:
    # github.com/openinfer-project/openinfer (docs/benchmarks/bs1-4k64-vllm-pegainfer.md): on a
    # page that names prefix caching, an engine comparison's figures sit under its label
    items = "  - TTFT median: `177.063ms` vs `197.819ms` (`10.5%` lower).\n"
    opening = "vLLM ran with prefix caching disabled, so no run reused a cached prefix."
    page = "# Execution log\n\n" + opening + "\n\n## Comparison\n\n- {}:\n" + items

    def speedups(label: str) -> list[float | None]:
        records = read_document(page.format(label), "markdown", "p.md").records
        return [r.claim.speedup for r in records]

    assert speedups("PegaInfer vs vLLM no-prefix") == []
    assert speedups("With the prefix cache warm") == [1.12]


def test_a_header_of_snake_case_column_names_is_read_as_words() -> None:
    # github.com/sairameshpv/lightserve (benchmarks/prefix_caching/README.md): a script's CSV
    # columns pasted as a table, "cache_on_ttft_ms" and "reduction_pct"
    table = (
        "| prefix_len | cache_off_ttft_ms | cache_on_ttft_ms | reduction_pct |\n"
        "|---:|---:|---:|---:|\n"
        "| 2048 | 466.2 +/- 2.4 | 150.0 +/- 1.6 | 67.8% +/- 0.5% |\n"
    )
    page = "# Prefix caching: TTFT vs. shared-prefix length\n\n" + table
    records = read_document(page, "markdown", "p.md").records
    assert [r.claim.speedup for r in records] == [3.11]  # 1 / (1 - 0.678)
    assert records[0].claim.metric == "ttft"


def test_a_section_measured_with_the_prefix_cache_off_gives_no_claim() -> None:
    # https://github.com/siren2345/zenn-content/blob/main/articles/vllm-latency-tuning.md: the
    # gains of a larger --max-num-batched-tokens, measured on random prompts with the prefix
    # cache off, on a page whose other section is about prefix caching
    page = (
        "# vLLM の prefix caching で TTFT を縮める\n\n"
        "prefix caching は同一prefixのKVキャッシュを再利用します。\n\n"
        "## 効果 (乱数コンテンツ・prefix cache無効)\n\n"
        "| 指標 | 512 | 8192 |\n| --- | --- | --- |\n"
        "| TTFT @ ~16K | 4.7 s | **3.2 s (−32%)** |\n"
        "| TTFT @ ~64K | 31.7 s (平均) | **22.7 s (平均, −28%)** |\n"
    )
    assert speedups(page) == []
    english = page.replace("(乱数コンテンツ・prefix cache無効)", "with prefix caching disabled")
    assert speedups(english) == []
    # a heading that names both sides compares them
    compared = page.replace("(乱数コンテンツ・prefix cache無効)", "(prefix cache 有効 vs 無効)")
    assert speedups(compared) == [1.47, 1.39]
    both = page.replace("(乱数コンテンツ・prefix cache無効)", "with and without the prefix cache")
    assert speedups(both) == [1.47, 1.39]


def test_a_factor_written_in_latex_is_read_on_a_page() -> None:
    # https://github.com/HankYe/KVCOMM/blob/main/README.md (excerpt): "\times" is LaTeX,
    # not a Markdown escape, so its backslash stays and the multiplier is read
    page = (
        "## Introduction\n\n"
        "Particularly, when each fully-connected agent receives 1K input tokens with 512 prefix "
        "tokens, KVCOMM achieves up to $7.8\\times$ speedup compared to the standard prefill "
        "pipeline, reducing TTFT from $\\sim430$ ms to $\\sim55$ ms on a single H100 GPU.\n"
    )
    assert speedups(page) == [7.8]
    # read as a multiplier, "$8\\times$ H100" is a count of GPUs, as "8x H100" is
    counted = page.replace("on a single H100 GPU", "on $8\\times$ H100 GPUs")
    assert speedups(counted) == [7.8]


def test_a_name_set_in_code_type_names_the_figures_cause() -> None:
    # https://github.com/harleyszhang/llm_note/blob/82b24b659650a9ff1dc8108afbec1829d81549a3/5-framework/llm推理服务框架总结.md
    # (excerpt): a page comparing engines that names prefix caching; the 1.5x is the
    # compiler's, which stands in code type
    page = (
        "# llm 服务引擎特性比较\n\n"
        "## 一 vLLM\n\n"
        "- 支持 Prefix Caching，多个请求共享相同前缀时复用 KV cache。\n\n"
        "## 五 SGLang\n\n"
        "- 使用 `torch.compile` 技术优化 Latency，在基准测试中产生高达 1.5 倍的加速效果。\n"
    )
    assert speedups(page) == []
    # the same figure credited to the prefix cache is a claim
    assert speedups(page.replace("`torch.compile`", "Prefix Caching")) == [1.5]


def test_a_qualified_figure_alone_in_a_speedup_column_is_read() -> None:
    # https://github.com/0h-n0/0h-n0.github.io/blob/6987ad62c2bf36034c6b0e13b13ad4007b720653/_posts/blog/2026-04-29-paper-2404-14294.md
    # (excerpt): "最大70x" is "up to 70x", alone in a column of improvement factors
    page = (
        "# 論文解説: Prompt Cache — モジュラーアテンション再利用による低レイテンシ推論\n\n"
        "**CPU環境**\n\n"
        "| ハードウェア | 改善倍率 | 備考 |\n"
        "|------------|---------|------|\n"
        "| Intel i9-13900K (DDR5) | 最大70x | DDR5の高帯域幅が寄与 |\n"
        "| AMD Ryzen 9 7950X (DDR4) | 最大20x | DDR4帯域幅がボトルネック |\n"
    )
    assert speedups(page) == [70.0, 20.0]
    # a cell whose figure sits among other words is no column's value alone
    worded = page.replace("| 最大70x |", "| 70x with eight channels |")
    assert speedups(worded) == [20.0]


def test_a_japanese_comparison_with_an_older_version_or_model_is_no_kv_claim() -> None:
    # https://github.com/0h-n0/zenn-contents/blob/0b0047c50777c3df3d196761c4f7607573fb5371/articles/e2c9e5c07cf740.md
    # (excerpt): "V0比" is "relative to V0", a new version's gain on a page that also names
    # the KV cache
    page = (
        "# vLLM・SGLang・TensorRT-LLMのマルチGPU並列推論比較と最適化実践\n\n"
        "- LLM推論の基本概念（KVキャッシュ、トークン生成）\n"
        "- **vLLM V1**: V0比最大**1.7倍のスループット改善**、H200で**2.2k tok/s/GPU**を達成\n"
    )
    assert speedups(page) == []
    # https://github.com/0h-n0/0h-n0.github.io/blob/6987ad62c2bf36034c6b0e13b13ad4007b720653/_posts/blog/2026-04-26-paper-2405-04434.md
    model = (
        "# 論文解説: DeepSeek-V2 — Multi-Head Latent Attentionによる93.3%のKVキャッシュ削減\n\n"
        "**推論スループット**: DeepSeek 67B比で5.76倍のスループット向上を達成（論文Section 5.2より）。\n"
    )
    assert speedups(model) == []
    # invented: the same gain credited to the prefix cache is a claim
    cached = page.replace("V0比最大", "プレフィックスキャッシュで最大")
    assert speedups(cached) == [1.7]


def test_a_middle_dot_after_a_figure_leaves_the_head_noun_shared() -> None:
    # https://github.com/0h-n0/0h-n0.github.io/blob/6987ad62c2bf36034c6b0e13b13ad4007b720653/_posts/blog/2026-02-24-paper-2311-04934.md
    # (excerpt): both figures are of the "TTFT改善" after them
    page = (
        "# MLSys 2024論文解説: Prompt Cache — モジュラーAttention再利用による低レイテンシ推論\n\n"
        "## まとめ\n\n"
        "Prompt Cacheは、PMLスキーマと位置整合性保証により、プレフィックス完全一致の制約を超えた"
        "柔軟なAttention State再利用を実現した。モデル変更不要でGPU 8倍・CPU 60倍のTTFT改善は、"
        "実運用への導入障壁が低い。\n"
    )
    assert speedups(page) == [8.0, 60.0]


def test_a_slowdown_on_a_quantised_model_with_offload_stays_out() -> None:
    # https://github.com/natoscott/benchmarks/blob/38330c1e129c2a72032540566f75351b011b0a3c/llm-d-kvcache-offload-eval/REPORT-v0.5.1.md
    # (the item as the report writes it, under headings of ours): ITL rose 7.4x with the
    # offload on, and "AWQ" ends the model's name
    page = (
        "# llm-d KV-cache offload evaluation\n\n## Results\n\n"
        "- **ITL at rate=1 (Qwen3-32B-AWQ):** 18.3 ms (no-offload) → 134.7 ms (fs-offload, "
        "+7.4×), 149.9 ms (cpu+fs-offload, +8.2×)\n"
    )
    assert speedups(page) == []
