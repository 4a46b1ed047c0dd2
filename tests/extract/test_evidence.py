"""What a sentence attributes its figure to, on real sentences (each with its source)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from claimcheck.extract import evidence, extract_claims, read
from claimcheck.extract.lexicon import pattern
from claimcheck.sources.document import read_document


def _factors(text: str, *, explicit: bool = False) -> list[object]:
    return [c.values.get("speedup") for c in extract_claims(text, explicit=explicit)]


def _page_speedups(page: str) -> list[float | None]:
    return [r.claim.speedup for r in read_document(page, "markdown", "p.md").records]


def test_a_gain_in_decode_speed_is_not_a_kv_claim_even_with_text() -> None:
    # https://tomesphere.com/paper/2411.13820
    sentence = "Reduces time per output token by up to 42% and 50%."
    assert extract_claims(sentence, explicit=True) == []


def test_a_gain_in_decode_speed_beside_kv_offload_is_read() -> None:
    # https://github.com/natoscott/benchmarks/blob/HEAD/llm-d-kvcache-offload-eval/REPORT-v0.5.1.md
    sentence = "Qwen3-14B fs-offload shows 76.1 ms ITL vs 325.7 ms no-offload (77% reduction)."
    claims = extract_claims(sentence)
    assert len(claims) == 1
    assert claims[0].values.get("metric") == "decode"


def test_offload_wording_alone_does_not_name_a_kv_cache() -> None:
    # https://github.com/FMInference/FlexGen/blob/60ae5e48d20932d304e7350768334b4e95da8025/README.md
    sentence = (
        "Up to 100x faster than other offloading-based systems for running 175B models on a "
        "single GPU."
    )
    assert extract_claims(sentence) == []
    assert extract_claims(sentence, explicit=True) == []


def test_an_engine_beside_a_kv_product_is_how_the_claim_was_measured() -> None:
    # https://tomesphere.com/paper/2508.18572
    assert _factors("Achieves up to 5x lower Time-To-First-Token compared to vLLM + LMCache.") == [
        5.0
    ]


def test_kv_aware_routing_is_a_way_of_reusing_kv() -> None:
    # https://www.therift.ai/news-feed/nvidia-launches-dynamo-with-kv-aware-routing-for-agentic-coding-inference
    sentence = (
        "NVIDIA Dynamo's KV-aware routing boosts inference efficiency for agentic AI workloads, "
        "delivering up to 2x faster TTFT and higher throughput as shown by Baseten on large models."
    )
    assert _factors(sentence) == [2.0]


def test_a_competing_technique_beside_kv_wording_still_weighs_against() -> None:
    # written for the test: compressing the KV cache is not reusing it
    sentence = "KV cache compression with SnapKV gives 3.6x faster decoding at 16K tokens."
    assert extract_claims(sentence) == []


def test_times_another_cause_explains_are_not_a_claim_with_text() -> None:
    # https://www.darshanturakhia.com/blog/docker-layer-caching-optimization
    sentence = "Docker layer caching: cut build times from 5 minutes to 30 seconds"
    assert extract_claims(sentence, explicit=True) == []


def test_a_flattened_table_row_of_times_is_read_with_text() -> None:
    # https://www.vizbyai.com/share/207
    claims = extract_claims("Chat with a book 11.5s 2.4s (-79%) -90%", explicit=True)
    assert [(c.values["baseline_seconds"], c.values["cached_seconds"]) for c in claims] == [
        (11.5, 2.4)
    ]


def test_two_bare_times_are_not_a_before_and_after_with_text() -> None:
    # written for the test: two durations with no link, no reduction and no KV or TTFT wording
    assert extract_claims("The import took 4.2 s and the export 1.1 s.", explicit=True) == []


def test_another_sentence_of_the_paragraph_may_name_the_cause() -> None:
    # https://github.com/Infini-AI-Lab/TriForce/blob/main/README.md
    paragraph = (
        "gamma is the number of speculative decoding steps. You should observe a 2.2x speedup "
        "by running the following command on a single A100."
    )
    assert extract_claims(paragraph, explicit=True) == []


def test_a_paragraph_that_names_kv_storage_lends_no_other_cause() -> None:
    # written for the test: the batching sentence is a setting of a KV-offload measurement
    paragraph = (
        "We enabled continuous batching and KV offload to NVMe. Time to first token fell 5x."
    )
    assert _factors(paragraph) == [5.0]


def test_a_time_that_grows_is_a_slowdown() -> None:
    # https://ai.wmx.dev/decisions/0003-inference-slos
    sentence = (
        "TTFT degrades first: TTFT p50 grows ~5× (27 → 135 ms) across concurrency 1 → 32, "
        "while ITL stays ~5-12 ms."
    )
    assert extract_claims(sentence) == []
    assert extract_claims(sentence, explicit=True) == []


def test_a_time_that_grows_without_the_kv_cache_is_the_claim_inverted() -> None:
    # written for the test
    assert _factors("Without the KV cache, TTFT increases by 5x at 128K tokens.") == [5.0]


def test_a_change_by_n_times_is_a_factor() -> None:
    # https://pith.science/p/2511.03475
    sentence = (
        "ContextPilot reduces LLM prefill latency by up to 3 times through context reuse while "
        "preserving reasoning quality."
    )
    assert _factors(sentence, explicit=True) == [3.0]
    assert extract_claims("We run the benchmark 3 times a day.", explicit=True) == []


def test_by_more_than_p_percent_is_a_qualifier_not_more_of_something() -> None:
    # https://pith.science/paper/BWISWDEK
    sentence = (
        "TokenCake reduces end-to-end latency in multi-agent LLM systems by more than 47 percent "
        "through proactive KV cache offloading and dynamic memory partitioning."
    )
    assert _factors(sentence) == [1.89]


def test_shrinking_the_kv_cache_is_compression_not_reuse() -> None:
    # https://github.com/hustzxd/EfficientPaper/blob/main/notes/2025/TCA-Attention/note.md
    sentence = (
        "Extensive experiments demonstrate that TCA-Attention achieves a 2.8$\\times$ speedup and "
        "reduces KV cache by 61% at 128K context length."
    )
    assert extract_claims(sentence) == []


def test_existing_systems_name_no_other_cause() -> None:
    # https://researchtrend.ai/papers/2410.15332
    sentence = (
        "Our experiments demonstrate that Epic delivers up to 8x improvements in TTFT and 7x "
        "throughput over existing systems, with negligible or no accuracy loss."
    )
    assert 8.0 in _factors(sentence)


def test_text_that_names_nothing_of_kv_is_not_a_claim_even_with_text() -> None:
    # https://github.com/SafeAILab/EAGLE/blob/main/README.md
    decisions = read("achieving 2x speedup on gpt-fast.", explicit=True).decisions
    assert [d.kept for d in decisions] == [False]
    assert decisions[0].reason.startswith("not a KV-cache speedup: text passed as a claim")


def test_text_that_names_a_reuse_a_tier_or_a_prefix_length_is_still_read() -> None:
    # written for the test: each names something a KV cache could stand behind
    for sentence in ("8x at 32K tokens", "Turn 3 is 11x faster than turn 1.", "5x vs. NVMe"):
        assert _factors(sentence, explicit=True), sentence


def test_a_claim_files_text_inherits_the_kv_topic_of_its_schema() -> None:
    # a claim file states a KV-cache claim by its schema (docs/claim-files.md)
    reading = read("Up to 4x throughput improvement", explicit=True, page="kv")
    assert [c.values.get("speedup") for c in reading.claims] == [4.0]


def test_a_gpu_comparison_that_opens_the_sentence_attributes_its_figures() -> None:
    # https://github.com/vllm-project/vllm-project.github.io/blob/HEAD/_posts/2026-02-13-gb300-deepseek.md
    sentence = (
        "Compared to the **Hopper** series, the **B300** series demonstrates an **8x** "
        "performance improvement in Prefill"
    )
    assert extract_claims(sentence) == []
    # written for the test: a baseline that is not a GPU does no such thing
    assert _factors("Compared to recomputing, loading the KV cache from NVMe cuts TTFT 10x.") == [
        10.0
    ]


def test_a_share_of_something_is_not_a_change() -> None:
    # https://arxiv.org/html/2606.19667
    sentence = (
        "The greedy policy reaches 97.5% of the median TTFT gain from oracle ordering, which "
        "indicates that most reusable prefix locality can be recovered by a simple scheduling "
        "layer."
    )
    assert extract_claims(sentence) == []


def test_a_reduction_in_tokens_is_a_count() -> None:
    # https://jeredsutton.com/post/reduce-latency-and-cost-of-llm-with-prompt-compression/
    sentence = "The researchers were able to achieve up to a 20x reduction in prompt tokens."
    assert extract_claims(sentence, explicit=True) == []


def test_a_figure_measured_without_the_cache_is_not_a_kv_claim() -> None:
    sentences = (
        # https://github.com/Avarok-Cybersecurity/atlas-recipes/pull/24
        "That gate is being added because Qwen3-VL's cold TTFT just improved 45.3% "
        "(1797 → 983 ms) and nothing held it in place.",
        # https://github.com/vllm-project/vllm-project.github.io/blob/HEAD/_posts/2025-11-13-shm-ipc-cache.md
        "**First-time requests**: Prefill throughput improved by **11.5%**, and TTFT decreased "
        "by **10.5%**",
        # https://vllm-project-github-no3w47i9n-simon-mos-projects.vercel.app/2025/10/03/sleep-mode.html
        "Result: Across six alternating prompts (two models, three rounds), Sleep Mode + warm‑up "
        "is ~2.7× faster than reloading models each time, 69.2 s vs 188.9 s, with prefix caching "
        "disabled.",
    )
    for sentence in sentences:
        assert extract_claims(sentence) == [], sentence
        assert extract_claims(sentence, explicit=True) == [], sentence


def test_no_cache_as_the_baseline_or_beside_kv_wording_still_reads() -> None:
    assert _factors("Prefix caching gives 5x faster TTFT than without prefix caching.") == [5.0]
    # https://github.com/vllm-project/vllm/pull/32553
    sentence = (
        "With kv pull from D node when there is no prefix caching on prefill node "
        "(`--no-enable-prefix-caching`), there is a > 2x improvement for TTFT"
    )
    assert _factors(sentence) == [2.0]


def test_a_kv_cache_named_as_a_compared_engines_setting_is_not_the_cause() -> None:
    # https://docs.nvidia.com/dynamo/dev/benchmarks/qwen3-6-35b-feature-stack.md
    assert (
        _factors(
            "The full Dynamo stack delivers roughly **+30% RPS and large TTFT reductions** versus "
            "vanilla `vllm serve` (H100: +29.8% RPS / −66.4% TTFT avg; GB200: +31.5% / −43.3%)."
        )
        == []
    ), "an engine comparison"
    # https://www.linkedin.com/pulse/open-undivided-attention-vast-data-laguf (a KV design
    # against other KV designs is a KV claim)
    assert _factors(
        "This release offers the tools to build and deploy advanced AI applications at speeds "
        "up to four times faster than conventional KV Cache approaches."
    ) == [4.0]


def test_a_figure_measured_without_the_kv_cache_does_not_name_it() -> None:
    # https://github.com/huggingface/text-generation-inference/blob/main/docs/source/conceptual/chunking.md
    sentence = (
        "Our benchmarking results show significant performance gains, with a 13x speedup over "
        "vLLM with prefix caching, and up to 30x speedup without prefix caching."
    )
    assert _factors(sentence) == []
    assert _factors(sentence, explicit=True) == []
    # "than without" is the cache's own baseline, whatever else the sentence names
    assert _factors(
        "TTFT is 5x faster than without prefix caching on vLLM with speculative decoding."
    ) == [5.0]


def test_a_gain_beyond_an_offloading_baseline_in_decode_speed_is_not_offload() -> None:
    # https://github.com/Infini-AI-Lab/TriForce/blob/main/index.html
    sentence = (
        "We demonstrate that TriForce can efficiently serve a Llama2-13B with 128K contexts on "
        "two RTX 4090s, reaching an average time between tokens (TBT) as low as 0.22 seconds, "
        "which is 7.8x faster than a highly optimized offloading system."
    )
    assert extract_claims(sentence) == []


def test_kv_cache_compression_is_compression_even_with_text() -> None:
    # https://www.fordelstudios.com/pulse/arcs/model-context-length-race
    sentence = (
        "Researchers from MIT, NVIDIA, and Zhejiang University Propose TriAttention: A KV Cache "
        "Compression Method That Matches Full Attention at 2.5× Higher Throughput"
    )
    assert extract_claims(sentence, explicit=True) == []


def test_an_increase_of_a_time_named_before_it_is_a_slowdown() -> None:
    # https://github.com/tanny1412/kv-cache-aware-routing-with-llm-d/blob/main/README.md: TTFT
    # under load
    sentence = (
        "TTFT holds under 75ms through concurrency 16, then climbs sharply — P90 reaches 219ms "
        "at concurrency 64, a ~4.8x increase over the single-request baseline — while "
        "throughput keeps scaling close to linearly."
    )
    assert extract_claims(sentence, explicit=True) == []
    # an increase of a rate is a gain
    (claim,) = extract_claims("With prefix caching, throughput saw a 4.8x increase.")
    assert claim.values["speedup"] == 4.8


def test_times_beside_a_factor_that_is_longer_are_no_claim() -> None:
    # https://github.com/k-l-lambda/trigo.cpp/blob/main/prototype/kvcache/KVCACHE_BENCHMARK.md:
    # the first token against the later ones, on a KV-cache benchmark's page
    sentence = (
        "1. **First Token Overhead**: The first token takes ~2.4× longer than subsequent tokens "
        "(1.12ms vs 0.46ms avg)"
    )
    assert read(sentence, explicit=True, page="kv").claims == []
    # the same times, the later one with the KV cache, are the cache's gain
    sentence = "The first token takes 1.12ms without the KV cache and 0.46ms with it."
    (claim,) = read(sentence, page="kv").claims
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == pytest.approx(
        (0.00112, 0.00046)
    )


def test_a_time_that_is_a_multiple_of_the_no_offload_time_is_a_slowdown() -> None:
    # https://github.com/natoscott/benchmarks/blob/HEAD/llm-d-kvcache-offload-eval/REPORT-v0.6.0.md
    sentence = (
        "Qwen3-8B lmcache-valkey TTFT (6.555 s) is 9.4× the no-offload value (0.696 s), "
        "indicating that Valkey round-trip overhead accumulates under concurrency for this "
        "model size."
    )
    assert extract_claims(sentence) == []
    assert extract_claims(sentence, explicit=True) == []


def test_counts_thresholds_and_ratio_values_are_not_speedups() -> None:
    sentences = (
        # https://reddit.sentinel-team.org/posts/1sk3m12/snapshots/2026-04-13T18%3A33%3A03.635549Z
        "before the switch - 39 cache busts per day, $6.28/day in bust-triggered costs. after - "
        "199 busts per day (5.1x increase), $15.54/day.",
        # https://news.ojobit.com/story/kv-cache-pooling-long-context-llm-latency-4x-7fd4c7
        "Time-to-first-token for long-context LLM serving clocks in at 30.7 seconds - more than "
        "3x the 10-second threshold most interactive applications tolerate.",
        # https://github.com/ai-dynamo/dynamo/blob/HEAD/docs/blogs/agentic-inference/agentic-inference.md
        "In our analysis of Claude Code team sessions, we measured this directly: teammates "
        "averaged 79.4% cache rate vs. 91.3% for the lead agent's explore subagents (5.0x vs. "
        "11.7x read/write ratio), with the gap driven almost entirely by cold-start writes.",
        # https://github.com/casys-kaist/LLMServingSim/blob/main/docs/docs/examples/memory-tiers/fp8-kv-cache.md
        "Memory model halves the per-block KV cache byte count (bytes_per_block uses kv_fp = 1 "
        "instead of 2), so the scheduler can fit roughly 2× as many active tokens at the same "
        "npu_mem.",
        # https://github.com/Jinghao26/PhoneCacheBlend/blob/main/plan.txt: a longer prompt
        "Phase C warm E2E (465 ms) beats Phase A TTFT despite ~4× more prompt tokens.",
        # https://github.com/bet0x/barrahome-2026/blob/main/2026/03/22/vllm-router-v080-prompt-cache-and-observability.md:
        # more hits, not faster ones
        "For a 4-instance deployment, that's a theoretical 4x improvement in KV cache hit rate.",
        # https://github.com/nicedreamzapp/claude-code-local/blob/main/README.md: a shorter prompt
        # is the cause of the faster prefill
        "A **28× prompt reduction** that cuts prefill from ~60 s to ~2 s on Gemma 4 31B.",
    )
    for sentence in sentences:
        assert extract_claims(sentence, explicit=True) == [], sentence


def test_an_elliptical_more_takes_its_noun_from_before() -> None:
    # https://github.com/llm-d/llm-d.github.io/blob/HEAD/blog/2026-07-22_serving-glm-5-2-agentic-workloads-on-llm-d.mdx
    sentence = (
        "A counterfactual with 64 KV heads and 256-dimensional keys and values would use about "
        "57x more KV memory; eight KV heads at those dimensions would use about 7x more."
    )
    assert extract_claims(sentence) == []


def test_other_systems_and_policies_named_are_the_cause() -> None:
    sentences = (
        # https://github.com/ovg-project/kvcached/issues/233 (elastic GPU memory, not reuse)
        "How can we reproduce the fact that using kvcached is 2-28 times faster than not using "
        "kvcached in TTFT?",
        # https://github.com/LMCache/lmcache.github.io/blob/HEAD/_posts/2025-07-29-shortest-prefill-first.md
        "**Takeaway:** Shortest Prefill First delivers an **18% reduction** in mean TTFT compared "
        "to native vLLM, with even larger gains over Fireworks and DeepInfra.",
    )
    for sentence in sentences:
        assert extract_claims(sentence) == [], sentence
    # https://github.com/kvcache-ai/Mooncake/blob/HEAD/README.md: a KV product moving weights
    weights = (
        "SGLang introduces RDMA-based P2P weight transfer for large-scale distributed RL using "
        "Mooncake TransferEngine, achieving 7x faster weight updates for the 1T-parameter "
        "Kimi-K2 model (53s → 7.2s)"
    )
    assert extract_claims(weights) == []


def test_a_denied_cause_is_no_cause() -> None:
    # https://weka.io/blog/gpu/ai-tokenomics-more-than-talk-see-results-from-our-labs
    sentence = (
        "We saw a 41x improvement in token prefill time for 105,000 tokens without compression."
    )
    assert [c.values["speedup"] for c in read(sentence, page="kv").claims] == [41.0]
    assert read("Compression gave a 41x improvement in prefill time.", page="kv").claims == []


def test_performance_is_a_speed_word() -> None:
    # https://www.gmicloud.ai/blog/gmi-cloud-achieves-4x-llm-performance-boost-with-tensormesh
    sentence = "We achieved 4x LLM performance using prefix caching backed by SSD-augmented KVCache"
    decision = read(sentence).decisions[0]
    assert any(fact.name == "comparison" for fact in decision.facts)


def test_two_times_of_two_quantities_are_no_before_and_after() -> None:
    sentences = (
        # https://docs.nvidia.com/aiperf/dev/tutorials/metrics-analysis/benchmark-goodput-with-ai-perf.md
        "For example, perhaps you want to measure the user experience of your service by "
        "considering throughput only including requests where the time to first token is "
        "under 50ms and inter-token latency is under 10ms.",
        # https://github.com/llm-d/llm-d.github.io/blob/HEAD/blog/2026-08-15_p2p-kv-cache-sharing-llm-d.md
        "Warm precise affinity kept median TTFT at 0.3 seconds, but its p99 reached 25.2 "
        "seconds as sessions queued on their owners.",
        # https://data.gatenft.io/th/post/status/20774960
        "After a cache hit, response times range from 80 to 300 milliseconds, with an average "
        "query time of 4 milliseconds.",
        # https://github.com/alibaba/rtp-llm/blob/main/docs/build/en/_sources/references/deepseek.md
        "In RTP-LLM testing, using 4K input/2K output, under 1.6s TTFT and 50ms ITL "
        "constraints, we achieved prefill performance of 42.6K TPS per H800 node.",
    )
    for sentence in sentences:
        assert extract_claims(sentence, explicit=True) == [], sentence
    # one metric before and after still reads (written for the test)
    claims = extract_claims(
        "Median TTFT was 4.2 s without caching and 0.6 s with it.", explicit=True
    )
    assert [(c.values["baseline_seconds"], c.values["cached_seconds"]) for c in claims] == [
        (4.2, 0.6)
    ]


def test_a_hit_rate_is_no_speed_and_throughputs_are_throughput() -> None:
    # https://jaehun.me/en/posts/paper-review-marconi-prefix-caching-for-the-era-of-hybrid-llms
    sentence = (
        "It selectively admits only highly-reusable prefixes and applies FLOP-per-byte–aware "
        "eviction, yielding up to 34.4× higher token-hit rate and 71.1 % lower P95 TTFT "
        "(−617 ms) compared with enhanced baselines (vLLM+, SGLang+)."
    )
    assert _factors(sentence, explicit=True) == [3.46]
    # https://zhuanzhi.ai/paper/342d46356cbf09d83b93891ad96d40de
    claims = extract_claims(
        "Experiments on diverse datasets and model pairs demonstrate that DroidSpeak achieves up "
        "to 3x higher throughputs and 2.6x faster prefill times with negligible accuracy loss "
        "compared to full recomputation.",
        explicit=True,
    )
    assert [(c.values["speedup"], c.values["metric"]) for c in claims] == [
        (3.0, "throughput"),
        (2.6, "ttft"),
    ]


def test_a_cut_of_an_average_or_tail_ttft_alone_names_no_cause() -> None:
    sentences = (
        # https://tomesphere.com/paper/2401.11181
        "Lowers average TTFT by 97%",
        # https://github.com/bentoml/llm-inference-handbook/blob/main/docs/inference-optimization/prefill-decode-disaggregation.md
        "64% lower P90 TTFT",
        # https://github.com/yeqcharlotte/router/blob/main/scripts/k8s/llama3.1/LOAD_BALANCING_METHODS_COMPARISON.md
        "**Fallback 1:** `power_of_two` (load-aware, -6.8% mean TTFT)",
    )
    for sentence in sentences:
        assert _factors(sentence) == [], sentence
        decisions = read(sentence).decisions
        assert any(f.name == "no-mechanism" for d in decisions for f in d.facts), sentence
    # passed as a claim, on a KV page, or with a KV mechanism or reuse named, it still reads
    assert _factors("Lowers average TTFT by 97%", explicit=True) == [33.33]
    assert _factors("Prefix caching lowers average TTFT by 97%") == [33.33]
    assert _factors("Lowers average TTFT by 97% for returning users") == [33.33]
    # a multiplier is left to the weights (written for the test)
    assert _factors("Average TTFT is 10x faster") == [10.0]


def test_wordings_of_speed_that_were_missed() -> None:
    cases = (
        # https://www.rohan-paul.com/p/compute-or-load-kv-cache-why-not/comments
        (
            "KV cache loading becomes twice as fast by computing from start while loading from "
            "end simultaneously",
            2.0,
        ),
        # https://github.com/Blue-Grotto-Labs-LLC/genai-demos
        (
            "Using an unscientific toy example, Anthropic's prompt caching feature reduced my "
            "runtime by 40-50% and cut costs by up to 65% after just 5 calls.",
            2.0,
        ),
        # https://www.modelterms.com/compare/prompt-caching/vs/ttft
        (
            "Prompt caching stores the KV-cache state of a long prefix so subsequent calls that "
            "reuse it skip the prefill compute — cutting TTFT and cost by 50-90%.",
            10.0,
        ),
        # https://refft.com/en/LMCache_LMCache.html: a saving of a resource joined to a
        # metric, one word between them
        (
            "Summary: LMCache can deliver substantial TTFT and GPU savings in long-context/"
            "high-reuse scenarios (claimed 3–10x), but actual gains hinge on hit rate, network, "
            "and acceleration support.",
            10.0,
        ),
        # https://github.com/sgl-project/sglang/pull/7990
        (
            "conclusion: Around 4.4% of latency in TTFT is reduced in average on the "
            "16K-length prefix-cache-hit case.",
            1.05,
        ),
    )
    for sentence, factor in cases:
        assert _factors(sentence) == [factor], sentence
    # a cost alone is still no speed, and a share that is not taken away stays a share
    assert _factors("Prompt caching cuts cost by 90%.") == []
    assert _factors("LMCache delivers GPU savings (claimed 3-10x).") == []
    assert _factors("Prefix caching serves 97.5% of the median TTFT gain.") == []


def test_a_kv_cache_only_quantised_or_sparsely_read_is_no_reuse() -> None:
    # https://github.com/mit-han-lab/qserve/blob/main/README.md
    qserve = (
        "QServe: Efficient and accurate LLM serving system on GPUs with W4A8KV4 quantization "
        "(4-bit weights, 8-bit activations, and 4-bit KV cache). Compared with leading industry "
        "solution TensorRT-LLM, QServe achieves 1.2x-1.4x higher throughput when serving "
        "Llama-3-8B."
    )
    assert _factors(qserve) == []
    # https://github.com/mit-han-lab/Quest/blob/main/README.md
    quest = (
        "By only loading the Top-K critical KV cache pages for attention, Quest significantly "
        "speeds up self-attention without sacrificing accuracy. We show that Quest can achieve "
        "up to 7.03× self-attention speedup, which reduces inference latency by 2.23×."
    )
    assert _factors(quest) == []
    # https://github.com/mutonix/pyramidinfer/blob/main/README.md
    pyramid = (
        "Experimental results show PyramidInfer improves 2.2x throughput compared to Accelerate "
        "with over 54% GPU memory reduction in KV cache."
    )
    assert _factors(pyramid) == []
    # a paragraph that quantises one thing and reuses the KV cache still names its reuse
    assert _factors(
        "We serve the model with 4-bit weights. Prefix caching cuts TTFT by 5x on long prompts."
    ) == [5.0]


def test_overlap_routing_policies_and_response_caches_are_the_cause() -> None:
    # https://hackersqueeze.com/articles/deploying-deepseek-on-96-h100-gpus-26
    tbo = (
        "Two-batch overlap (TBO): overlapping computation and communication to hide latency and "
        "reduce peak memory, yielding substantial throughput gains in both prefill (27–35%) and "
        "decode phases, depending on batch size and attention time."
    )
    assert _factors(tbo) == []
    # https://lemon.dev.br/es/blog/ai-llm-caching
    assert _factors("LLM caching can cut costs by 60%+ and reduce latency by 90%.") == []
    # https://github.com/apache/brpc/issues/3340
    p2c = "One slow backend: p2c ≈ la, ~19× better p99 than rr (337 µs vs 6474 µs)."
    assert _factors(p2c, explicit=True) == []


def test_cache_policies_prefix_hashing_and_reduced_n_times_are_reuse_claims() -> None:
    # https://summary-of-some-paper-in-cuda.readthedocs.io/en/latest/serving/MARCONI-PREFIXCACHINGFORTHEERAOFHYBRIDLLMS/
    marconi = (
        "Marconi is a prefix-caching system designed specifically for Hybrid LLMs. It introduces "
        "new admission and eviction policies that make caching practical, yielding up to 71.1% "
        "lower P95 time-to-first-token (TTFT) compared with extended versions of "
        "state-of-the-art systems."
    )
    assert _factors(marconi) == [pytest.approx(1 / (1 - 0.711), rel=1e-3)]
    # token eviction is still KV compression
    assert _factors("Evicting tokens from the KV cache makes decoding 2x faster.") == []
    # https://tomesphere.com/paper/2511.03475
    pilot = (
        "ContextPilot is a system that accelerates long-context inference in LLMs by reusing "
        "overlapping context blocks, reducing latency up to 3 times while maintaining or "
        "improving reasoning quality."
    )
    assert _factors(pilot) == [3.0]
    # a count stays a count
    assert _factors("We rebuilt the prefix cache 3 times a day.") == []
    # https://github.com/substratusai/kubeai/blob/main/docs/blog/posts/llm-load-balancing-at-scale-chwbl.md
    prefix_hash = (
        "The PrefixHash strategy resulted in a 95% reduction in Time to First Token compared to "
        "the built-in Kubernetes strategy."
    )
    assert _factors(prefix_hash) == [pytest.approx(20.0)]


def test_room_for_more_kv_cache_is_batch_size_not_reuse() -> None:
    # https://github.com/vllm-project/vllm-project.github.io/blob/HEAD/_posts/2025-02-17-distributed-inference.md
    sentence = (
        "In the above graph you can see between TP=1 and TP=2, we are able to increase the "
        "amount of KV Cache blocks by 13.9x which allows us to observe 3.9x more token "
        "throughput - much more than the linear 2x we would expect from using 2 GPUs instead "
        "of 1."
    )
    assert _factors(sentence) == []
    assert _factors(sentence, explicit=True) == []
    # KV-cache room beside a cache that is reused still reads
    assert _factors(
        "With more KV cache on the SSD tier, prefix cache hits cut TTFT by 4x with TP=2."
    ) == [4.0]


def test_latex_percent_signs_and_percent_ranges_are_read() -> None:
    # https://proceedings.iclr.cc/paper_files/paper/2025/hash/a03037317560b8c5f2fb4b6466d4c439-Abstract-Conference.html
    block = (
        "Block-Attention reuses the KV states of passages. Compared with the self-attention "
        "model, the TTFT is reduced by 98.7\\%."
    )
    assert _factors(block) == [pytest.approx(76.92, rel=1e-3)]
    claim = extract_claims("Prefix caching cuts TTFT by 40%–60% on long prompts.")[0]
    assert (claim.values.get("speedup"), claim.values.get("speedup_low")) == (2.5, 1.67)
    claim = extract_claims("Prefix caching cuts TTFT by 50% to 90% on long prompts.")[0]
    assert (claim.values.get("speedup"), claim.values.get("speedup_low")) == (10.0, 2.0)


def test_accuracy_and_benchmark_scores_are_not_speedups() -> None:
    # https://icml.cc/virtual/2026/poster/63876
    prophet = (
        "Our extensive evaluation results show that ProphetKV retains 96\\%–101\\% of "
        "full-prefill accuracy with only a 20\\% recomputation ratio, while achieving accuracy "
        "improvements of 8.8\\%–24.9\\% on RULER and 18.6\\%–50.9\\% on LongBench over the "
        "state-of-the-art approaches (e.g., CacheBlend, EPIC, and KVShare)."
    )
    assert _factors(prophet) == []
    assert _factors(prophet, explicit=True) == []
    # a speedup measured on a benchmark is still a speedup
    assert _factors("Radix cache reuse gives a 2x GSM8K speedup in TTFT.") == [2.0]


def test_a_speed_verb_far_before_by_the_figure_is_comparison_wording() -> None:
    # https://developer.nvidia.com/blog/5x-faster-time-to-first-token-with-nvidia-tensorrt-llm-kv-cache-early-reuse/
    paragraph = (
        "With TensorRT-LLM, we can instead reuse the system prompt as it is being generated in "
        "real-time, enabling it to be shared across all users during the burst, rather than "
        "recalculating it for each user. This can significantly accelerate inference for use "
        "cases requiring system prompts by up to 5x."
    )
    reading = read(paragraph, topic="Early KV cache reuse", page="kv")
    (decision,) = reading.decisions
    assert ("comparison", "accelerate") in [(f.name, f.detail) for f in decision.facts]
    assert [c.values.get("speedup") for c in reading.claims] == [5.0]
    # a count "by" the figure, with no speed verb before it, is no comparison
    counted = read("We grew the cluster for the launch by 5x.", page="kv").decisions
    assert all(f.name != "comparison" for d in counted for f in d.facts)


def test_parallelism_set_to_a_degree_is_a_setting_not_the_cause() -> None:
    # https://github.com/llm-d/llm-d.github.io/blob/HEAD/blog/2025-12-10_kv-caching-vllm-lmcache-ceph.md
    sentence = (
        "Considerable reduction in TTFT with both Intel Guadi3 and AMD MI300X accelerators, with "
        "up to 23x reduction with the longest context length tested at the tensor parallelism "
        "set to 1 with Llama3.3-70B-Instruct."
    )
    reading = read(sentence, topic="KV caching with LMCache", page="kv")
    assert [c.values.get("speedup") for c in reading.claims] == [23.0]
    # parallelism that does the work is still the cause
    other = read("Tensor parallelism cuts TTFT by up to 3.5x.", topic="KV caching", page="kv")
    assert other.claims == []
    assert "attributed-elsewhere" in [f.name for d in other.decisions for f in d.facts]


def test_a_time_inflated_or_only_higher_is_a_slowdown() -> None:
    # https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/vllm-issue-offloadingconnector-regression.md
    inflated = (
        "With prefix caching and a shared 10,000-token prefix, 50 concurrent requests are fully "
        "serialised behind a single load job, collapsing throughput and inflating TTFT by up to "
        "12×."
    )
    higher = (
        "Native-offload TTFT is 11.46 s — 1.92× higher — not from load latency but from "
        "artificial queueing."
    )
    for sentence in (inflated, higher):
        reading = read(sentence, topic="KV cache offload regression", page="kv")
        assert reading.claims == [], sentence
        assert "slower" in [f.name for d in reading.decisions for f in d.facts], sentence
    # a time that falls, and a rate that is higher, are still gains
    assert _factors("Prefix caching cuts TTFT by up to 12×.") == [12.0]
    assert _factors("With LMCache, TTFT is 0.4 s and throughput is 2x higher.") == [2.0]


def test_the_factor_of_a_time_pair_that_rose_is_a_slowdown() -> None:
    # https://github.com/llm-d/llm-d-batch-gateway/issues/491
    sentence = (
        "- Latency knee between 30–35 req/s: TTFT p95 jumps 131 → 1282 ms (10×), ITL p95 jumps "
        "31 → 99 ms (3×)"
    )
    reading = read(sentence, explicit=True)
    assert reading.claims == []
    assert all("slower" in [f.name for f in d.facts] for d in reading.decisions)
    # the same bracket after a time that fell is the gain
    assert _factors("With LMCache, TTFT p95 drops 1282 → 131 ms (10×).") == [10.0]


def test_a_cache_the_paragraph_denies_is_no_cue() -> None:
    # https://github.com/Luce-Org/lucebox-hub/blob/main/optimizations/pflash/README.md
    text = (
        "Speedup ~2.89x measured 2026-05-07. Methodology: warm model, single unique prompt "
        "(no prefix-cache reuse), `temperature=0`, `max_tokens=160`."
    )
    assert extract_claims(text) == []
    # a cache the paragraph names is still its cue
    kept = "Speedup ~2.89x measured 2026-05-07. Methodology: warm model with prefix-cache reuse."
    assert _factors(kept) == [2.89]


def test_a_bare_speedup_names_its_own_comparison() -> None:
    # https://arxiv.org/html/2507.07400v1
    sentence = (
        "Compared to SGLang with hierarchical radix cache, KVFlow achieves up to 1.83 speedup for "
        "single workflows with large prompts, and up to 2.19 speedup for scenarios with many "
        "concurrent workflows."
    )
    reading = read(sentence)
    assert all(
        ("comparison", "speedup") in [(f.name, f.detail) for f in d.facts]
        for d in reading.decisions
    )
    # two workloads, two gains
    assert [c.values.get("speedup") for c in reading.claims] == [1.83, 2.19]


def test_a_quantisation_suffix_of_a_model_name_is_the_model_not_the_cause() -> None:
    # https://github.com/natoscott/benchmarks/blob/HEAD/llm-d-kvcache-offload-eval/REPORT-v0.7.0.md
    assert _factors("**Qwen3-32B-AWQ:** lmcache-valkey reduces TTFT by 4.7% (40.8 vs 42.8 s).") == [
        1.05
    ]
    # quantisation named as what was done is still the cause
    assert _factors("AWQ quantization of Qwen3-32B reduces TTFT by 40%.", explicit=True) == []


def test_a_label_before_a_colon_names_what_the_figure_measures() -> None:
    # https://github.com/DO-Solutions/gtc-2026-doks/blob/main/dev/kv-routing-imbalance-analysis.md
    line = "Max momentary ratio: 1.72-1.89x (KV) vs 1.21-1.29x (RR)."
    facts = [(f.name, f.detail) for d in read(line).decisions[:2] for f in d.facts]
    assert facts.count(("not-speed-before", "ratio:")) == 2  # the range and the 1.89x inside it
    # a label that names a speed is comparison wording
    (decision,) = read("**Speedup**: 3x with LMCache").decisions
    assert "comparison" in [f.name for f in decision.facts]


def test_a_decode_figure_borrows_no_ttft_cue_from_its_sentence() -> None:
    # https://devinfo.dev/paper/prefill-is-the-stall/pdf
    line = (
        "The effect: inter-token latency (ITL) drops 10–20% at moderate load, and nearly 2x at "
        "high QPS — because decode requests are no longer fully blocked behind prefill."
    )
    assert read(line).claims == []
    for decision in read(line).decisions:
        if ("metric-clause", "decode") in [(f.name, f.detail) for f in decision.facts]:
            assert not any(f.name.startswith("ttft") for f in decision.facts)
    # a TTFT word in the figure's own clause still counts
    (decision,) = read("Prefill and decode overlap: TTFT is 3x faster.").decisions
    assert "ttft-cue" in [f.name for f in decision.facts]


def test_kernels_caches_of_other_things_and_cache_sizes_are_no_kv_reuse() -> None:
    # https://github.com/pytorch/executorch/blob/main/docs/source/llm/export-llm-optimum.md
    assert (
        _factors(
            "Optimum ExecuTorch includes custom SDPA (~3x speedup) and custom KV cache "
            "(~2.5x speedup) operators."
        )
        == []
    )
    # https://vsidhu.com/blogs/how-i-slashed-api-latency-by-40-using-redis-caching
    assert (
        _factors(
            "By introducing a production-grade Redis caching layer, we cut overall API latency by "
            "over 40% while shielding our primary databases from redundant load.",
            explicit=True,
        )
        == []
    )
    # https://www.nishbhana.com/glossary/grouped-query-attention/
    assert (
        _factors(
            "Llama 3 70B, for example, runs 64 query heads against 8 key/value heads, an 8x cache "
            "reduction.",
            explicit=True,
        )
        == []
    )


def test_a_metric_after_a_comma_and_a_verb_is_the_next_items() -> None:
    # https://aihub.hkuspace.hku.hk/?p=5272 (a repost of an AWS announcement)
    (claim,) = extract_claims(
        "These new capabilities can deliver significant performance improvements for LLM "
        "inference workloads by reducing time to first token (TTFT) by up to 40%, increasing "
        "throughput, and lowering compute costs by up to 25% when used for long context prompts "
        "and multi-turn chat conversations using our internal tools."
    )
    assert claim.values["speedup"] == 1.67 and claim.values["metric"] == "ttft"
    # a metric right after the figure still binds
    (claim,) = extract_claims("Prefix caching gives 3x higher throughput, reducing cost.")
    assert claim.values["metric"] == "throughput"
    # a figure with no metric nearer takes the one after the turn
    # https://www.scholarfeed.org/paper/2605.26289
    claims = extract_claims(
        "The authors propose a stateful inference architecture that reuses a persistent KV "
        "cache across turns, achieving 2.1x speedup per turn on 6-turn workflows and 4.2x on "
        "median turns of 35-turn workflows, halving end-to-end wall time."
    )
    assert [(c.values["speedup"], c.values["metric"]) for c in claims] == [
        (2.1, "end_to_end"),
        (4.2, "end_to_end"),
        (2.0, "end_to_end"),
    ]


def test_a_rate_of_prefill_is_compute_speed_not_a_kv_cue() -> None:
    # https://github.com/ashhart/TensorFold/releases/tag/v1.1.4
    line = (
        "On a GB10, cold prefill goes from 834 to 1,281 tokens/s at 2k (+54%), 612 to 1,266 at "
        "8k (+107%), 326 to 1,165 at 32k (+258%) and 203 to 1,045 at 64k (+416%); decode gains "
        "about 2% at 1 to 8 streams."
    )
    assert extract_claims(line) == []
    first = read(line).decisions[0]  # 834 to 1,281 tokens/s
    assert first.candidate.value == 1.54
    assert not any(f.name.startswith("ttft") for f in first.facts)
    # a TTFT time is still a cue, and a prefill rate beside a named KV cache is still a claim
    assert extract_claims("TTFT drops from 4 s to 1 s.") != []
    assert _factors("With prefix caching, prefill throughput rises from 1,000 to 3,000 tok/s.") == [
        3.0
    ]


def test_a_network_link_is_no_cache_cue() -> None:
    # https://github.com/exo-explore/exo/blob/main/README.md
    assert (
        extract_claims(
            "- **RDMA over Thunderbolt**: exo ships with day-0 support for RDMA over Thunderbolt 5, "
            "enabling 99% reduction in latency between devices."
        )
        == []
    )
    # https://mumbaivotes.com/splitwise-efficient-generative-llm-inference-using-phase-splitting
    assert (
        extract_claims(
            "They expected a 2x gain in throughput but ended up with a 40% regression in latency "
            "because their InfiniBand network wasn't configured for the bursty traffic this "
            "architecture demands."
        )
        == []
    )
    # a store on the network still is a tier that may hold a KV cache
    (decision,) = read("Loading from network storage cuts latency by 5x.").decisions
    assert "weak-sentence" in [f.name for f in decision.facts]


def test_a_model_named_flash_is_no_flash_storage() -> None:
    # https://4idiotz.com/tech/artificial-intelligence/gemini-2-5-flash-lite-latency-vs-previous-flash-versions
    line = (
        "Designed for real-time applications, Flash-Lite reduces response times by up to 40% "
        "through architectural optimizations while maintaining core capabilities."
    )
    assert extract_claims(line) == []
    # flash storage is still a tier
    (claim,) = extract_claims("Loading the KV cache from flash gives 5x faster TTFT.")
    assert claim.values["tier"] == "nvme"


def test_cold_and_warm_instances_are_model_loading() -> None:
    # https://byteiota.com/gpu-inference-cold-starts-cut-40x-heres-the-stack/
    assert (
        extract_claims(
            "A warm GPU instance serves the first inference token in roughly 30 milliseconds. A "
            "cold instance that’s scaled to zero takes 40 seconds or more. That’s a 1,000x "
            "latency gap, and it has defined what’s been possible with serverless GPU "
            "infrastructure for the last three years.",
            explicit=True,
        )
        == []
    )


_KERNEL_ROWS = """# Subconscious Cache Benchmark

| Model | Cache | turn2 TTFT | turn2 total | reused tokens | Speedup vs OFF |
|---|---|---|---|---|---|
| tim-9b (new kernel) | OFF | 2.025 s | 2.546 s | 0 / 177 | — |
| tim-9b (new kernel) | **ON** | **0.756 s** | **1.278 s** | **134 / 177** | **2.7× TTFT / 2.0× total** |
"""


def test_a_row_label_names_the_build_not_the_cause_of_a_speedup_column() -> None:
    # subconscious-systems/TIMRUN.cpp-Example BENCHMARK.md: the cache is what the row turns on;
    # "(new kernel)" is the build both rows ran. Each figure keeps its own metric.
    claims = [r.claim for r in read_document(_KERNEL_ROWS, "markdown", "page.md").records]
    assert [(c.speedup, c.metric) for c in claims] == [(2.7, "ttft"), (2.0, "end_to_end")]


def test_a_row_label_is_the_cause_under_a_column_of_another_quantity() -> None:
    # rishika1099/kv-cache-benchmark MIDPOINT_REPORT.md: "SnapKV" is the technique the row
    # measures, and "Compression" is no speedup column.
    page = """# KV cache optimisation benchmark

| Method | Config | Avg KV Cache (MB) | Compression | Avg Throughput (TPS) |
|--------|--------|-------------------|-------------|---------------------|
| SnapKV | budget=0.2 | — | 3.7x | 41.4 |
"""
    assert read_document(page, "markdown", "page.md").records == []


def test_a_second_figure_under_its_own_condition_shares_the_first_ones_wording() -> None:
    # a KV-cache benchmark report (fresh_dev.yaml): "2.07x on Zipf" is a speedup as the
    # "1.16x cache-only speedup on random" before it is, so it is a gain of its own, as is
    # each of the two percentages after it
    text = (
        "Block 256 reaches `1.16x` cache-only speedup on random and `2.07x` on Zipf, but "
        "document caching remains 2.7% and 5.8% faster, respectively."
    )
    second = next(d for d in read(text).decisions if d.candidate.value == 2.07)
    assert ("comparison", "speedup") in {(f.name, f.detail) for f in second.facts}
    assert [c.values["speedup"] for c in extract_claims(text, explicit=True)] == [
        1.16,
        2.07,
        1.03,
        1.06,
    ]


def test_two_figures_under_different_prepositions_are_no_parallel_list() -> None:
    parallel = read("Prefix caching gives a 3x speedup on H100 and 2x on A100.").decisions
    assert [d.candidate.value for d in parallel if d.kept] == [3.0, 2.0]
    crossed = read("Prefix caching gives a 3x speedup on H100 and 2x at 32K tokens.").decisions
    assert [d.candidate.value for d in crossed if d.kept] == [3.0]


@pytest.mark.parametrize(
    "text",
    [
        # redis/redis-vl-python docs/user_guide/10_embeddings_cache.ipynb: an embeddings cache
        "Speedup with caching: 7.37x faster",
        # CodeTreatise/Gen-AI sequential-chains.md: a LangChain response cache
        "Cache speedup: 543x faster",
    ],
)
def test_cache_wording_alone_with_no_speed_metric_is_no_claim(text: str) -> None:
    decision = next(d for d in read(text).decisions)
    assert "weak-only" in {f.name for f in decision.facts}
    assert not decision.kept
    # passed as a claim, the user says what the cache is: it is read
    assert [c.values["speedup"] for c in extract_claims(text, explicit=True)] != []


@pytest.mark.parametrize(
    ("text", "speedup"),
    [
        ("Caching cuts latency 5x.", 5.0),
        ("Speedups as high as 48x on 128K-token prompts.", 48.0),
        ("The second request is 10x faster with the cache warm.", 10.0),
    ],
)
def test_cache_wording_with_a_metric_a_length_or_a_hit_is_read(text: str, speedup: float) -> None:
    assert [c.values["speedup"] for c in extract_claims(text)] == [speedup]


@pytest.mark.parametrize(
    "text",
    [
        # https://paperswithcode.com/paper/mooncake-a-kvcache-centric-disaggregated/review/:
        # requests handled are a throughput
        "Under real workloads, Mooncake enables Kimi to handle 75% more requests.",
        "In real-world scenarios, Mooncake can process 75% more requests.",
    ],
)
def test_more_requests_handled_is_a_throughput_not_a_count(text: str) -> None:
    claims = extract_claims(text)
    assert [(c.values["speedup"], c.values["metric"]) for c in claims] == [(1.75, "throughput")]


def test_a_cut_in_processing_time_is_a_latency() -> None:
    # graelo/mlx-server-nano README.md: without a metric word the percentage read as nothing
    claims = extract_claims("- **50-60% reduction** in processing time for cached prompts")
    assert [(c.values["speedup"], c.values["metric"]) for c in claims] == [(2.5, "unspecified")]


def test_more_request_capacity_is_a_throughput_not_a_capacity() -> None:
    # iowarp/clio-core issue 200, quoting Mooncake's conversation workload
    text = (
        "<li><strong>Conversation workload</strong>: MOONCAKE achieved <strong>+59% to +498%"
        "</strong> more effective request capacity vs. vLLM depending on TBT threshold.</li>"
    )
    assert [c.values["speedup"] for c in extract_claims(text)] == [5.98]


def test_time_consumption_is_a_latency() -> None:
    # Block-Attention's abstract (arxiver.lazybrains.com): "98.7%" named no metric of its own
    text = (
        "Compared with the self-attention model, Block-Attention's time consumption is reduced "
        "by 98.7%."
    )
    assert [c.values["speedup"] for c in extract_claims(text)] == [76.92]


def test_a_rate_in_tokens_per_second_is_no_prefix_length_for_text_passed_as_a_claim() -> None:
    # tomshardware.com on Cerebras: nothing a KV cache could stand behind, even with --text
    text = (
        "Cerebras got Meta's Llama 3.1 405B large language model to run at 969 tokens per "
        "second, 75 times faster than Amazon Web Services' fastest AI service."
    )
    decisions = read(text, explicit=True).decisions
    assert not any(d.kept for d in decisions)
    assert "unattributed" in {f.name for d in decisions for f in d.facts}
    # a prefix length is something a KV cache stands behind
    assert [
        c.values["speedup"] for c in extract_claims("TTFT 5x faster at 32K tokens.", explicit=True)
    ] == [5.0]


@pytest.mark.parametrize(
    "text",
    [
        # mumbaivotes.com on Splitwise: a hope, then what happened instead
        "They expected a 2x gain in throughput but ended up with a 40% regression in latency "
        "because their InfiniBand network wasn't configured for the bursty traffic.",
        "The vendor promised 3x lower TTFT with prefix caching.",
        "Prefix caching holds the promise of 10-20x improvements in TTFT for longer prompts.",
        # a chatbot's plan (https://github.com/Tutj/TSMesh-LMCache-Usecase1,
        # specs/001-lmcache-chatbot/plan.md): the goal a sentence opens on
        "**Performance Goals**: TTFT decreasing 88%, cache hit rate: 87% for repeated prompts, "
        "CPU decrease for computing time around 70% for the long conversation.",
        "- Target: 3x faster TTFT with prefix caching",
    ],
)
def test_a_hoped_for_figure_is_no_claim_even_with_a_metric(text: str) -> None:
    assert extract_claims(text, explicit=True) == []


def test_a_result_is_no_goal() -> None:
    (claim,) = extract_claims("**Result**: TTFT decreasing 88% with prefix caching.")
    assert claim.values["speedup"] == 8.33


def test_a_figure_its_sentence_denies_is_no_claim() -> None:
    # https://github.com/Radar105/qwen38-flash-next-nvfp4-spark/blob/main/README.md: what a warm
    # prefill measures, and what it does not
    sentence = "That measures repeated prefill, not a 109x increase in generation speed."
    assert extract_claims(sentence, explicit=True) == []
    assert extract_claims("Prefix caching doesn't deliver a 10x speedup in TTFT.") == []
    # "not only" affirms the figure
    (claim,) = extract_claims("Prefix caching gives not only a 10x speedup in TTFT but lower cost.")
    assert claim.values["speedup"] == 10.0


def test_a_factor_that_names_a_tier_or_level_is_no_speedup() -> None:
    # warroom.solsticestudio.ai/tsc_papers (KV compression): "the 125× tier" names a setting
    text = (
        "At the 125× tier, a LLaMA-3-7B deployment serving 128K-token contexts reduces per-user "
        "KV memory from ~67 GB to ~537 MB."
    )
    decisions = read(text, explicit=True).decisions
    assert ("not-speed-after", "tier") in {(f.name, f.detail) for d in decisions for f in d.facts}
    assert extract_claims(text, explicit=True) == []


@pytest.mark.parametrize(
    "sentence",
    [
        # https://github.com/tensorchord/Awesome-LLMOps/pull/357
        "- **~7× latency reduction on cache hits** — ~180ms (LLM call) vs ~25ms (cache hit) "
        "measured in local testing",
        # https://rephrase-it.com/blog/why-kv-cache-hit-rate-matters-most
        "TVCACHE shows that when repeated tool trajectories are cached correctly, median "
        "tool-call execution time dropped by up to 6.9x with cache hit rates up to 70%.",
    ],
)
def test_a_cache_hit_beside_a_cache_of_something_else_names_no_kv_cache(sentence: str) -> None:
    assert extract_claims(sentence) == []
    assert extract_claims(sentence, explicit=True) == []


def test_a_cache_hit_beside_a_cache_of_something_else_in_its_paragraph_is_that_caches() -> None:
    # https://www.hiascend.com/document/detail/en/mindsdk/730/RAG/ragug/mxragug_0297.html
    paragraph = (
        "If the query hits the cache, the inference process is skipped. This reduces the "
        "latency of knowledge document retrieval and inference, enhancing end-to-end "
        "performance. Compared to a cache miss, a cache hit improves performance by 50 times."
    )
    assert extract_claims(paragraph) == []
    assert extract_claims(paragraph, explicit=True) == []
    page = f"# Release notes\n\n{paragraph}\n"
    assert read_document(page, "markdown", "page.md").records == []


def test_a_cache_hit_that_skips_prefill_is_kv_reuse_beside_another_cache() -> None:
    # the hit is the KV cache's when the sentence says it skips the prefill
    sentence = "Semantic cache hits skip prefill entirely, delivering 25x faster TTFT."
    assert _factors(sentence) == [25.0]


@pytest.mark.parametrize(
    "sentence",
    [
        # https://specpicks.com/reviews/llama-cpp-snapdragon-hexagon-npu-benchmarks-2026
        "Prefill (long-context ingest) is where the gap really opens: ~720 tok/s on the NPU vs "
        "~85 tok/s on CPU, an 8× delta that turns a 30-second first-token wait into 4 seconds.",
        # https://rickytakkar.com/blog_russet_mlx_benchmark.html
        "iPad Pro is 1.2x–2.2x faster depending on model and prompt length, with the gap "
        "widening dramatically for longer contexts.",
        # https://github.com/36taransingh5-dotcom/armForge
        "· 228% faster prompt processing than the 10-thread (nproc) baseline",
    ],
)
def test_a_prefill_gain_of_another_chip_or_thread_count_is_not_a_kv_claim(sentence: str) -> None:
    assert extract_claims(sentence) == []
    assert extract_claims(sentence, explicit=True) == []


def test_a_figure_alone_under_a_speedup_column_states_the_speedup() -> None:
    # https://github.com/sshoecraft/shepherd/blob/main/docs/api_server.md: the stated factor
    # is the claim's, beside the times it rounds (1.7 s / 0.18 s is 9.4x)
    page = """# Prefix caching

| Scenario | Without Prefix Caching | With Prefix Caching | Speedup |
|----------|------------------------|---------------------|---------|
| Turn 2 (35 new tokens) | 1.6s | 0.2s | **8x** |
| Turn 3 (117 new tokens) | 1.7s | 0.18s | **9x** |
"""
    claims = [r.claim for r in read_document(page, "markdown", "page.md").records]
    assert [(c.speedup, c.baseline_seconds, c.cached_seconds) for c in claims] == [
        (8.0, 1.6, 0.2),
        (9.0, 1.7, 0.18),
    ]
    # the column says "speedup", not what caused it: a page that never names KV caching
    elsewhere = "# Results\n\n| Model | Context | Speedup |\n|---|---|---|\n| Llama | 32K | 14x |\n"
    assert read_document(elsewhere, "markdown", "page.md").records == []


def test_more_tokens_per_gpu_is_a_throughput_not_a_count() -> None:
    # https://github.com/dirkpetersen/claudefs/blob/main/docs/inference.md
    sentence = (
        "Up to 4.2x more tokens per GPU by sustaining high KV cache hit rates and avoiding "
        "recomputation"
    )
    claims = extract_claims(sentence)
    assert [(c.values.get("speedup"), c.values.get("metric")) for c in claims] == [
        (4.2, "throughput")
    ]


def test_a_flash_decoding_kernel_lends_no_storage_to_a_paged_kernels_speedup() -> None:
    # https://github.com/apple/axlearn/pull/1315
    sentence = (
        "Results: Make the gap with flash decoding closer, 1.6x speedup for non-sparse paged "
        "kernel for higher batch size (128), medium context (8k), and 7x speedup for non-sparse "
        "paged kernel for BS16, Context 65K."
    )
    assert extract_claims(sentence) == []
    assert extract_claims(sentence, explicit=True) == []


def test_a_time_inflated_by_the_figure_is_a_slowdown() -> None:
    # https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/v0.6-to-v0.7-findings.md
    sentence = (
        "In v0.7.0 the same configuration causes −39.9% throughput loss and 12× TTFT "
        "inflation, wiping out the +34% baseline gain from slide 1."
    )
    assert 12.0 not in _factors(sentence)
    assert 12.0 not in _factors(sentence, explicit=True)
    decision = next(d for d in read(sentence).decisions if d.candidate.value == 12.0)
    assert ("slower", "ttft inflation") in {(f.name, f.detail) for f in decision.facts}


def test_a_slowdown_of_recompute_is_the_cache_s_gain() -> None:
    # https://github.com/kvcache-ai/kvcache-blog (fresh_dev.yaml): the recompute is the cause
    sentence = (
        "[tooling] Multi-turn chat applications with local LLM recompute entire conversation "
        "history every request causing 10x latency inflation"
    )
    assert _factors(sentence) == [10.0]


def test_a_gain_said_to_be_independent_of_kv_offload_is_not_its_claim() -> None:
    # https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/v0.6-to-v0.7-findings.md
    paragraph = (
        "Qwen3-8B no-offload throughput increased 34% (197→264 tok/s) — the largest\n"
        "single-version jump in this evaluation series. Independent of KV offload."
    )
    assert _factors(paragraph) == []
    assert _factors(paragraph, explicit=True) == []
    # without the denial the same paragraph is read
    assert _factors(paragraph.replace("Independent of", "Thanks to")) == [1.34]


_VERSION_TABLE = """# llm-d v0.6.0 → v0.7.0 Benchmark Findings

## Slide 1: Baseline shift

| Model | v0.6.0 | v0.7.0 | Δ |
|-------|-------:|-------:|--:|
| **Qwen3-8B no-offload** | **197 tok/s** | **264 tok/s** | **+34%** |
"""


def test_a_table_whose_columns_are_releases_compares_versions() -> None:
    # https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/v0.6-to-v0.7-findings.md
    assert read_document(_VERSION_TABLE, "markdown", "page.md").records == []
    page = _VERSION_TABLE.replace("v0.6.0 | v0.7.0", "no offload | CPU offload")
    assert [r.claim.speedup for r in read_document(page, "markdown", "page.md").records] == [1.34]


_DELTA_TABLE = """# llm-d v0.6.0 → v0.7.0 Benchmark Findings

## Slide {n}

| {label} | vLLM | {own} | TTFT at concurrency=50 |
|---------|------|:----------------------------:|:----------------------:|
| v0.6.0 | 0.17.1 | {delta} | 0.90 s |
"""


def test_a_cell_takes_its_metric_from_its_own_column() -> None:
    # https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/v0.6-to-v0.7-findings.md:
    # "−6.5%" under "native-offload vs no-offload" is a throughput loss; the TTFT column beside
    # it is another measurement
    def speedups(own: str, delta: str) -> list[float | None]:
        page = _DELTA_TABLE.format(n=3, label="Version", own=own, delta=delta)
        return [r.claim.speedup for r in read_document(page, "markdown", "page.md").records]

    assert speedups("native-offload vs no-offload", "−6.5%") == []
    assert speedups("TTFT, native-offload vs no-offload", "−50%") == [2.0]


_TWO_METRIC_TABLE = """# llm-d KV-cache offload findings

| Model/Config | Throughput vs mempress no-offload | TTFT vs mempress no-offload |
|---|:---:|:---:|
| Qwen3-14B native-offload | +4.6% | −0.7% TTFT |
| Qwen3-0.6B cpu+fs-offload | **+35%** | n/a |
"""


def test_a_signed_percentage_under_a_throughput_column_is_a_gain() -> None:
    # https://github.com/natoscott/benchmarks/blob/main/llm-d-kvcache-offload-eval/v0.6-to-v0.7-findings.md
    claims = [r.claim for r in read_document(_TWO_METRIC_TABLE, "markdown", "page.md").records]
    # each cell's column names its metric, and a figure of another metric is another claim
    assert [(c.speedup, c.metric) for c in claims] == [
        (1.05, "throughput"),
        (1.01, "ttft"),
        (1.35, "throughput"),
    ]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # https://github.com/LMCache/lmcache.github.io/blob/main/_posts/2025-02-26-benchmark.md
        (
            "LMCache makes the stack perform 10X faster and more cost-efficient in "
            "prefill-heavy workloads.",
            [10.0],
        ),
        # the cost alone is still no speed
        ("LMCache makes the stack 10X more cost-efficient in prefill-heavy workloads.", []),
    ],
)
def test_a_speed_and_a_cost_joined_by_and_state_the_speed(
    sentence: str, expected: list[float]
) -> None:
    assert _factors(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # https://github.com/LMCache/lmcache.github.io/blob/main/_posts/2025-02-26-benchmark.md
        "In particular, it shows that vLLM Production Stack performs 10X faster and more "
        "cost-efficient, in prefill-heavy workloads, than the baseline vLLM deployment method "
        "as well as AIBrix, another full-stack system recently released in the open-source "
        "community.",
        # https://github.com/LMCache/lmcache.github.io/blob/main/_posts/2025-07-22-lmignite.md
        "LMIgnite delivers up to 10× speedup and cost savings compared to both open-source and "
        "commercial inference solutions like Dynamo, RayServe, Fireworks, and DeepInfra.",
    ],
)
def test_a_stack_against_other_stacks_is_an_engine_comparison(sentence: str) -> None:
    assert _factors(sentence) == []
    assert _factors(sentence, explicit=True) == []


def _on_kv_page(text: str) -> list[object]:
    """The speedups read from ``text`` as a paragraph of a page about KV caching."""
    claims = read(text, topic="KV cache offload benchmark", page="kv").claims
    return [c.values.get("speedup") for c in claims]


def test_two_ranges_set_against_each_other_are_values_of_a_ratio() -> None:
    # https://github.com/DO-Solutions/gtc-2026-doks/blob/main/dev/kv-routing-imbalance-analysis.md
    sentence = "Max momentary ratio: 1.72-1.89x (KV) vs 1.21-1.29x (RR)."
    assert _factors(sentence) == []
    second = next(d for d in read(sentence).decisions if d.candidate.value == 1.29)
    assert "factor-values" in {f.name for f in second.facts}


def test_a_quantity_that_varies_by_the_figure_is_a_spread() -> None:
    # https://gpuaas.com/blog/how-to-benchmark-workload-before-committing-b200
    sentence = "B200 throughput varies 8.6x across workloads, from 6,972 to 60,000 tok/s/GPU."
    assert _on_kv_page(sentence) == []
    # the same figure as a gain is read
    assert _on_kv_page("Throughput rises 8.6x with the KV cache, from 6,972 to 60,000 tok/s.")


@pytest.mark.parametrize(
    "sentence",
    [
        # https://cerebras.ai/blog/introducing-cerebras-inference-ai-at-instant-speed
        "Cerebras inference delivers 1,800 tokens per second for Llama3.1 8B and 450 tokens per "
        "second for Llama3.1 70B, which is 20x faster than NVIDIA GPU-based hyperscale clouds.",
        # https://github.com/hao-ai-lab/hao-ai-lab.github.io/blob/main/content/blogs/vllm-ltr/index.md
        "At 64 requests/second, our method achieves up to 6.9x lower mean latency than FCFS and "
        "1.5x-1.9x lower than Perception Only (PO).",
        # https://github.com/vllm-project/recipes/blob/main/moonshotai/Kimi-K2-Think.md
        "Enabling DCP delivers strong advantages (43% faster token generation, 26% higher "
        "throughput) with minimal drawbacks (marginal median latency improvement).",
        # https://ai-news.congero.com.au/gke-inference-gateway-points-to-a-more-selective-era-of-ai-serving-1839
        "The result, according to an independent benchmark cited by Google, is up to 15.7% higher "
        "throughput, 92.8% shorter wait times, and 62.6% lower inter-token latency versus the "
        "next leading managed Kubernetes service.",
        # https://www.snowflake.com/en/engineering-blog/llm-model-serving-vllm-inference/
        "In this blog, we show you how we architected Model Serving so that our customers can "
        "consistently take advantage of a 2.2x–2.3x P99 latency and TTFT on average in Snowflake "
        "over competing managed inference products.",
        # https://github.com/guoqingbao/vllm.rs/blob/7c667ec6dd1bff3bd309f8de94d03b294dc23611/docs/performance.md
        "**40%+ faster** than Nano-vLLM on A100",
        # https://treeru.com/en/blog/sglang-vs-vllm-serving-engine-comparison
        "At 20 concurrent users, SGLang P95 is 13.7 seconds while vLLM P95 is 89.8 seconds — a "
        "6.5x gap.",
        # https://tildalice.io/vllm-tensorrt-llm-inference-gpu
        "The TL;DR: TensorRT-LLM is 2.3x faster, but you’ll probably stick with vLLM anyway",
        # https://github.com/hao-ai-lab/hao-ai-lab.github.io/blob/main/content/blogs/fastafd/index.md
        "We also estimate that AFD should become more attractive on Vera Rubin + LPX: with a "
        "1.5x - 2x speedup over non-disaggregated baselines.",
        # https://github.com/therealnaveenkamal/pdverify/blob/main/README.md
        "**Up to 11.5% higher throughput** vs 2-lane PD at medium concurrency",
        # https://replicate.com/blog/torch-compile-caching
        "In our tests of inference speed with black-forest-labs/flux-kontext-dev, the compiled "
        "version runs over 30% faster than the uncompiled one.",
        # https://github.com/pytorch/ao/blob/main/torchao/prototype/float8nocompile/README.md
        "The results indicate a solid 6-10% tokens/sec speedup with relatively flat memory (+/- "
        "1% peak memory) compared the bf16 eager baseline.",
        # https://github.com/sybil-solutions/inference-optimisation-skill/blob/HEAD/skills/inference-optimisation/references/levers.md
        "- **[G] Decode graphs (CUDA/XPU graph capture) are the first lever.** - Arc Pro B70: "
        "14.4 → 28.4 tok/s.",
        # https://github.com/hao-ai-lab/hao-ai-lab.github.io/blob/main/content/blogs/fastvideo_realtime_1080p/index.md
        "By combining full-stack optimization techniques, we reduced end-to-end latency by 3.9x "
        "relative to the next-fastest option.",
        # https://github.com/leaatimberini/gretacore/blob/a7ebd51df5e57378d07e8d2d523a4d6b7f70b7a5/docs/AMD/2026_02_14_B3_89_prefill_microbench_closeout.md
        "1. **v4 vs v3 Improvement:** The `v4` variant demonstrates a significant improvement "
        "over `v3`, with a speedup of **~1.75x to 1.78x** at 8k and 16k contexts.",
        # https://github.com/deepseek-ai/DeepEP/blob/main/README.md
        "Comparing with V1, V2 achieves up to 1.3x peak performance, while saving up to 4x SM "
        "count.",
        # https://github.com/Zefan-Cai/R-KV/blob/main/README.md
        "**Bigger batches** → up to **13 ×** more sequences in parallel and **9 ×** higher "
        "tokens/s than FullKV.",
        # https://github.com/llm-d/llm-d/blob/HEAD/guides/gke-pod-snapshots/benchmark-results/vllm-qwen3-32b-h100.md
        "| **Pod scheduled → Pod `Ready` (serving-ready)** | **18.0s** | `PodScheduled=True` → "
        "`Ready=True` (`6.0s + 8.0s + 4.0s = 18.0s`; **15.4×** speedup vs `4m 38s`) |",
        # https://github.com/ozgurgulerx/inference-journal/blob/main/days/day-003-vLLM-capacity-and-OOM/LOG_tier02.md
        "Going from 8 → 32 concurrent docs gives **2.3× throughput** with p95 rising only from "
        "~4.6s to ~5.3s.",
        # https://github.com/sgl-project/ome/blob/main/pkg/hfutil/hub/README.md
        "- **Concurrent Downloads**: 3-5x faster with 6-8 workers",
        # https://blog.santthosh.com/how-we-made-ai-process-256k-words-28x-faster-without-breaking-a-sweat
        "FlashPrefill is 1.7x faster even at 4K tokens, so you don't need separate code paths for "
        "different input lengths.",
        # https://github.com/GoogleCloudPlatform/generative-ai/blob/main/embeddings/vector-search-2-intro.ipynb
        "- Used batch operations for efficient bulk imports (100x faster than individual creates)",
        # https://twitu.github.io/indiana-codes/books/vllm/chapters/chapter-040-the-performance-push/
        "Overlap detokenization + Python output construction with the next GPU step. +12% "
        "throughput on its own.",
        # https://www.tomshardware.com/tech-industry/artificial-intelligence/amazon-launches-trainium3-ai-accelerator-competing-directly-against-blackwell-ultra-in-fp8-performance-new-trn3-gen2-ultraserver-takes-vertical-scaling-notes-from-nvidias-playbook
        "As AWS puts it, the new processor is twice as fast as its predecessor and is four times "
        "more efficient.",
        # https://github.com/gpustack/gpustack/blob/main/docs/performance-lab/glm-5.2/h200.md
        "- Summary: `fp8_e4m3` Total TPS = 17525.76, `bf16` Total TPS = 14451.05. `fp8_e4m3` is "
        "faster by 3074.72 tok/s (21.28%); Mean TPOT = 217.89 ms vs 255.63 ms, reduced by 37.74 "
        "ms (14.76%).",
    ],
)
def test_another_cause_on_a_kv_page_is_still_another_cause(sentence: str) -> None:
    assert _on_kv_page(sentence) == []


def test_engines_listed_together_are_the_baselines_of_another_system() -> None:
    # https://nyuscholars.nyu.edu/en/publications/stateful-large-language-model-serving-with-pensieve
    sentence = (
        "Our evaluation shows that Pensieve can achieve 1.14-3.0× the throughput of vLLM and "
        "TensorRT-LLM and significantly reduce latency."
    )
    decision = next(d for d in read(sentence).decisions if d.candidate.value == 3.0)
    assert not any("engine comparison" in f.detail for f in decision.facts)


def test_engines_in_statements_of_their_own_are_each_measured_alone() -> None:
    # https://github.com/llm-d/llm-d/pull/2071: each engine against its own baseline
    sentence = (
        "Refresh both benchmark pages against this config with fresh same-fleet k8s Service "
        "baselines (8xTP=2 Qwen3-32B, 0 failed requests on any arm): vLLM 14,892 vs 6,986 peak "
        "output tok/s (+113.2%), TTFT p90 0.26s vs 135.5s; SGLang 15,532 vs 6,884 (+125.6%), "
        "TTFT p90 0.27s vs 132.9s."
    )
    (claim,) = read(sentence, topic="KV cache offload benchmark", page="kv").claims
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (135.5, 0.26)


@pytest.mark.parametrize(
    "sentence",
    [
        # https://aimpact.prandi.net/en/events/2024-05-18-flash-attention-3/
        "The result: 2.6x faster than FA2 on H100, reaching 75% of the GPU's theoretical peak.",
        # https://github.com/loopai-hq/pulsar/releases
        "1.44× faster than lithos-metal 0.1.2 (official release) across 10 prompts; faster on "
        "every prompt.",
    ],
)
def test_a_named_system_after_than_is_what_the_figure_compares(sentence: str) -> None:
    assert _on_kv_page(sentence) == []
    decision = next(d for d in read(sentence).decisions if d.candidate.form == "multiplier")
    assert any(f.detail.startswith("engine comparison:") for f in decision.facts)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # https://github.com/LMCache/LMCache (fresh_dev.yaml): a KV product named, the engine
        # run is the baseline
        ("With LMCache, throughput is **27.08× faster** compared to the vLLM cold run.", [27.08]),
        # generic baselines and tiers name no other system
        ("Loading the KV cache is 10x faster than Recomputation of the prefix.", [10.0]),
        ("The KV cache tier serves prefixes 3x faster than DRAM-only setups.", [3.0]),
    ],
)
def test_a_kv_word_generic_baseline_or_tier_after_than_is_no_other_system(
    sentence: str, expected: list[float]
) -> None:
    assert _factors(sentence) == expected


def test_a_technique_denied_in_the_baseline_is_the_cause() -> None:
    # "41x without compression" names no compression; "over non-disaggregated baselines" says
    # the figure is disaggregation's
    without = "KV offload gives 41x faster TTFT without compression."
    over_non = "Serving gives a 2x speedup over non-disaggregated baselines."
    facts = {
        text: {f.detail for d in read(text).decisions for f in d.facts}
        for text in (without, over_non)
    }
    assert not any("compression" in detail for detail in facts[without])
    assert "disaggregation: disaggregated" in facts[over_non]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # https://zhuanzhi.ai/paper/4d414163d137c19ba6aff47009073d54 (SGLang): a KV system's
        # paper compares with the state of the art; that names no other cause
        (
            "Experiments show that SGLang achieves up to 6.4x higher throughput compared to "
            "state-of-the-art inference systems on various large language and multi-modal "
            "models on tasks including agent control, logical reasoning, few-shot learning "
            "benchmarks, JSON decoding, retrieval-augmented generation pipelines, and multi-turn "
            "chat.",
            [6.4],
        ),
        # https://github.com/fewtarius/llama-ai/blob/13d664991f25d31dda6edd72d5a63de83d073351/benchmarks/20260611-0656/vulkan/summary.md:
        # a quantisation suffix in a model's name is the setting, not the cause
        ("| GLM-4.7-Flash-Q4_K_M | TTFT 2.42x (9737.0/343.5ms, ssd_cold) |", [2.42]),
    ],
)
def test_a_kv_page_keeps_its_claims_beside_those_words(
    sentence: str, expected: list[float]
) -> None:
    assert _on_kv_page(sentence) == expected


def test_a_full_or_cold_prefill_as_the_baseline_is_recompute() -> None:
    # https://github.com/spranab/contextcache/blob/main/README.md
    row = "| **Speedup** | 29.2x over full prefill | ~10x over cold prefill |"
    assert _factors(row) == [29.2, 10.0]
    first = read(row).decisions[0]
    assert any(f.detail == "over full prefill" for f in first.facts)


def test_a_token_level_reduction_is_a_count_of_tokens() -> None:
    # https://github.com/Trans-N-ai/swama/pull/123: the share of prefill tokens skipped, not
    # the time
    sentence = "median **90.2%** token-level prefill reduction on warm turns"
    decision = next(d for d in read(sentence).decisions if d.candidate.span.start < 20)
    assert not decision.kept
    assert ("not-speed-after", "token-level") in {(f.name, f.detail) for f in decision.facts}


@pytest.mark.parametrize(
    "sentence",
    [
        # https://superallen.org/blog/2017/caching-strategies-redis
        "I implemented a comprehensive caching strategy with Redis. Response time dropped to "
        "50ms - a 40x improvement.",
        # https://github.com/be-wise-be-kind/stevej-personal-ebooks/blob/main/ebooks/ml-inference-apis/chapters/13-slos-streaming-ml.md
        '- Target: TTFT <= 100ms for interactive applications ("feels instantaneous" per RAIL '
        "model and MDN guidelines), TTFT <= 300ms for voice AI (the primary voice AI threshold)",
        # https://github.com/globalbusinessadvisors/llm-simulator/blob/d01f72a6cd8730682b93fb7880867dbe7d65c9c9/docs/slo-definitions.md
        "| TTFT | P95 > 2.5s | P95 > 3s | 1 hour / 30 min |",
    ],
)
def test_a_redis_cache_or_a_latency_bound_is_no_claim_even_with_text(sentence: str) -> None:
    assert extract_claims(sentence, explicit=True) == []


def test_a_cache_lifetime_made_longer_is_no_speedup() -> None:
    # https://github.com/bradyoo12/ai-dev-request/issues/590: "12x" is the time-to-live made
    # twelve times longer (5 minutes → 1 hour); the speedup is the 85 % latency cut, 6.67x
    sentence = (
        "**Description**: New 1-hour time-to-live for prompt caching (12x improvement from 5 "
        "minutes), reducing costs by up to 90% and latency by up to 85% for long-running agent "
        "workflows."
    )
    for explicit in (False, True):
        (claim,) = extract_claims(sentence, explicit=explicit)
        assert claim.values["speedup"] == 6.67
        assert "baseline_seconds" not in claim.values  # an hour and 5 minutes are no timings
    # a time that falls "from 5 minutes to 20 seconds" is still a speedup
    assert _factors("Prefix caching: a 15x improvement from 5 minutes to 20 seconds.") == [15.0]


def test_a_memory_word_before_a_figure_that_names_its_metric_is_not_its_subject() -> None:
    # https://arxiv.org/html/2512.22195v1: "flash memory" is the storage; the halving is of
    # inference time (and power): 2x
    sentence = (
        "Experimental results using Hugging Face’s Transformers library across state-of-the-art "
        "GPUs and flash memory SSDs confirm that, compared to full KV computation on GPUs, MatKV "
        "reduces both inference time and power consumption by half for RAG workloads, without "
        "severely impacting accuracy in the question-answering task."
    )
    assert _factors(sentence) == [2.0]
    # a cost halved names no speed, whatever memory stands before it
    assert _factors("With flash memory SSDs, MatKV cuts the power bill by half.") == []


def test_a_rate_halved_is_no_speedup() -> None:
    # https://github.com/kvcache-ai/Mooncake/blob/main/docs/source/design/transfer-engine/efa_transport.md
    # a KV transfer engine's docs: pinning one GPU "halves throughput", a slowdown
    page = (
        "# Mooncake EFA transport\n\n"
        "- For **GPU-to-GPU**: pass `--gpu_id=-1` on **both** sides so buffers fan out across "
        "every GPU. Pinning a single GPU halves throughput because half the NICs end up "
        "cross-NUMA.\n"
    )
    assert read_document(page, "markdown", "p.md").records == []
    # a time halved is twice as fast, whatever rate stands further on
    assert _factors("Prefix caching halves TTFT, and throughput grows too.") == [2.0]


def test_times_of_a_technique_the_sentence_names_before_them_are_no_kv_claim() -> None:
    # https://github.com/kvcache-ai/Mooncake/blob/main/README.md: Mooncake (a KV system) moves
    # model weights here; the 53 s → 7.2 s are weight updates, on a page about KV caching
    page = (
        "# Mooncake: a KVCache-centric architecture\n\n"
        "- **Apr 29, 2026**: SGLang introduces [RDMA-based P2P weight transfer for large-scale "
        "distributed RL](https://lmsys.org/blog/2026-04-29-p2p-update/) using Mooncake "
        "TransferEngine, achieving 7x faster weight updates for the 1T-parameter Kimi-K2 model "
        "(53s → 7.2s) with zero-copy RDMA transfer across thousands of GPUs.\n"
    )
    assert read_document(page, "markdown", "p.md").records == []
    # https://github.com/MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark/pull/148: a setup noted
    # after the times ("pip install lmcache") is no cause of them
    sentence = (
        "With this enabled, a ~107K-token context that costs **~65s to re-prefill reloads in "
        "~1.83–1.92s** (measured on a GB10 pair, TP=2, `nvfp4_ds_mla` KV, this recipe's pinned "
        "image + `pip install lmcache==0.5.4` and friends in a derived layer)."
    )
    (claim,) = extract_claims(sentence)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (65.0, 1.83)


def test_a_setting_s_scale_is_no_measured_speedup() -> None:
    # https://github.com/kvcache-ai/Mooncake/blob/main/docs/source/performance/mooncake/storage-benchmark.md
    page = (
        "# Mooncake storage benchmark\n\n| Flag | Description | Default |\n|---|---|---|\n"
        "| `--time-scale` | Time scaling factor (1.0 = real-time, 0.1 = 10x faster) | `1.0` |\n"
    )
    assert read_document(page, "markdown", "p.md").records == []
    # a product of two numbers is no scale: the 4.1x beside it stands
    # (https://github.com/MiaAI-Lab/GLM-5.3-Flash-EXL3-2x-DGX-Sparks/pull/33)
    sentence = (
        "On our kit: 8.4k conversation → warm hits exactly **7168 = 2×3584**, eff 1.0, warm TTFT "
        "2.5s vs 10.3s true cold (**4.1×**)"
    )
    assert _factors(sentence) == [4.1]


@pytest.mark.parametrize(
    "sentence",
    [
        # https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2026-05-11-turboquant.md
        "TurboQuant KV cache variants are consistently slower, with slowdowns going up to 2x at "
        "burst.",
        # https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2026-06-01-vllm-dgx-spark.md
        "With prefix caching on, TTFT roughly triples when the prompt grows four times.",
    ],
)
def test_a_slowdown_named_before_its_factor_or_a_time_that_triples_is_no_speedup(
    sentence: str,
) -> None:
    assert extract_claims(sentence, explicit=True) == []


def test_a_rate_that_doubles_beside_a_time_cut_is_still_read() -> None:
    # invented: the time is cut; the rate that doubles is its own figure
    assert _factors("Prefix caching cuts TTFT and doubles throughput.") == [2.0]


def test_an_engine_against_a_hugging_face_backend_and_a_sequence_length_are_no_kv_claims() -> None:
    # https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2023-06-20-vllm.md:
    # on a page whose opening names the KV cache (PagedAttention manages it), an engine
    # compared with a Hugging Face backend
    page = (
        "# vLLM: Easy, Fast, and Cheap LLM Serving with PagedAttention\n\n"
        "PagedAttention manages the KV cache in blocks.\n\n"
        "In an early internal micro-benchmark by LMSYS, the vLLM serving backend can achieve up "
        "to 30x higher throughput than an initial HF backend.\n"
    )
    assert read_document(page, "markdown", "p.md").records == []
    # https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2026-08-06-qwen35-25k-tps.md:
    # "2× ISL" is twice the input sequence length, a size
    assert (
        _factors("With KV cache transfer, on the prefill side, i.e. 2× ISL.", explicit=True) == []
    )


@pytest.mark.parametrize(
    "sentence",
    [
        # https://github.com/kvcache-ai/ktransformers (README, doc/en/long_context_introduction.md)
        "Compared to 10.31 tokens/s in llama.cpp with 2×32 cores, achieving up to 27.79× speedup.",
        "Additionally, the inference speed reached nearly 10 times that of llama.cpp.",
        "At the same time, the generation speed has significantly improved, increasing from 4.86 "
        "tokens/s with llama.cpp to 27.49 tokens/s with KTransformers.",
    ],
)
def test_an_engine_named_after_its_figure_is_an_engine_comparison(sentence: str) -> None:
    # on a page about KV caching, as these pages are
    page = f"# KV cache offload\n\n{sentence}\n"
    assert read_document(page, "markdown", "p.md").records == []


SEMANTIC_ROUTER = "https://github.com/vllm-project/semantic-router/blob/main/website"


@pytest.mark.parametrize(
    "sentence",
    [
        # f"{SEMANTIC_ROUTER}/versioned_docs/version-v0.3/fleet-sim/use-cases.md"
        "1. **Disagg saves 35–46% vs aggregated** — at the cost of higher TTFT\n"
        "   (KV-transfer overhead adds 1.8× to raw prefill time).",
        # the same page in Chinese (website/i18n/zh-Hans/…/fleet-sim/use-cases.md)
        "**Azure λ=100**（平均 ISL≈1450 tok，OSL≈483 tok，TTFT 含 1.8× KV 传输开销）：",
        "1. **解耦相对聚合省 35–46%**，代价是更高 TTFT（KV 传输使 raw prefill 约 ×1.8）。",
        # …/fleet-sim/related-work.md: Splitwise sends the KV cache over InfiniBand
        "Splitwise 观察到 token 生成（decode）不需要最新 GPU 的高 FLOPs，而是受内存带宽约束。"
        "它设计三种集群原型（吞吐、成本、功耗），均用高速 InfiniBand 传 KV。"
        "可达 1.4× 更高吞吐且成本降 20%，或相同功耗下 2.35× 吞吐。",
    ],
)
def test_a_kv_cache_moved_between_machines_is_no_kv_reuse(sentence: str) -> None:
    page = f"# Fleet simulator\n\nIt sizes GPU fleets for KV-cache transfer.\n\n{sentence}\n"
    assert read_document(page, "markdown", "p.md").records == []
    assert extract_claims(sentence, explicit=True) == []


def test_a_kv_cache_moved_and_a_kv_cache_reused_in_one_sentence_is_still_a_claim() -> None:
    # the reuse is named beside the transfer: the figure is the cache's
    sentence = "With prefix caching, TTFT is 5x lower even though KV transfer adds 20 ms."
    assert _factors(sentence) == [5.0]


def test_a_heading_about_disaggregating_prefill_lends_no_kv_topic() -> None:
    # https://github.com/bentoml/llm-inference-handbook/blob/main/docs/inference-optimization/prefill-decode-disaggregation.md
    # (its keywords name "KV cache transfer", so the page counts as one about KV caching)
    page = (
        "---\ntitle: Prefill-decode disaggregation\nkeywords:\n    - KV cache transfer\n---\n\n"
        "# Prefill-decode disaggregation\n\n"
        "The paper reports strong gains with this selective approach over the standard PD\n"
        "baseline:\n\n- 54% higher throughput\n- 64% lower P90 TTFT\n"
    )
    assert read_document(page, "markdown", "p.md").records == []
    # a heading that names prefix caching still lends it
    cached = page.replace("# Prefill-decode disaggregation\n", "# Prefix caching\n")
    assert _page_speedups(cached) == [
        1.54,
        2.78,
    ]


def test_a_double_that_is_not_a_speed_is_no_factor() -> None:
    # https://github.com/ModelEngine-Group/unified-cache-management/blob/develop/test/common/llmperf/LLMPerf.md
    row = (
        "| Engine | Prefill Strategy | Actual Input Calculation | Notes |\n"
        "|------|-------------|-------------|------|\n"
        "| **SGLang** | 2 warm-ups | `input_tokens` (unchanged) | Double warm-up ensures KV "
        "Cache stability |\n"
    )
    assert read_document(f"# TTFT with KV cache hits\n\n{row}", "markdown", "p.md").records == []
    assert _factors("Prefix caching can double throughput.") == [2.0]
    assert _factors("LMCache delivers double the throughput of vLLM alone.") == [2.0]


@pytest.mark.parametrize(
    "sentence",
    [
        # f"{SEMANTIC_ROUTER}/i18n/zh-Hans/…/fleet-sim/use-cases.md": a ratio of context lengths
        "因 Azure ctx 比（8192/4096=2×）使 A10G 每 GPU KV 槽从 64 变 128，足以抵消较低吞吐。",
        # f"{SEMANTIC_ROUTER}/versioned_docs/version-v0.3/fleet-sim/sim-algorithms.md": an error
        "| TP all_reduce not modeled in `ComputedProfile` | W underestimated by ~10–20 % at TP ≥ 4 |",
        # https://github.com/vllm-project/vllm-ascend/blob/main/csrc/attention/sparse_attention_score/docs/sparse_attention_score_design.md
        "KV transfer volume is reduced by **4x**, equal to `groupSize`. This is the main "
        "performance bottleneck for long KV caches.",
        # https://github.com/vllm-project/vllm-ascend/blob/main/docs/source/user_guide/release_notes.md
        "- Faster convolution computation improves TTFT by 0.95% and throughput by 0.59% for "
        "Qwen3-VL models.",
        # https://github.com/llm-d/llm-d-kv-cache-manager/blob/main/pkg/preprocessing/chat_completions/README.md
        "- **TTFT (Time to First Token)**: +10% increase (0.122s vs 0.111s) - **Negligible**",
        # f"{SEMANTIC_ROUTER}/versioned_docs/version-v0.3/fleet-sim/use-cases.md": a budget,
        # and KV slots as room for requests
        "B_short=16384 (64 KV slots vs 16 for homo) saves 64 GPUs.  Above 32768 the long pool "
        "receives requests with 300–600 ms prefill times that bust the 500 ms SLO budget.",
    ],
)
def test_figures_on_kv_pages_that_are_no_speedup(sentence: str) -> None:
    page = f"# KV cache offload\n\nOffloading the KV cache to CPU memory.\n\n{sentence}\n"
    assert read_document(page, "markdown", "p.md").records == []


HAO_AI_LAB = "https://github.com/hao-ai-lab/hao-ai-lab.github.io (content/blogs)"


@pytest.mark.parametrize(
    "sentence",
    [
        # https://github.com/flashinfer-ai/flashinfer/blob/main/docs/design_docs/moe_ep_runbook.md
        "- Repeat each cell ≥3× and use medians — prefill-heavy cells showed ±35 % run-to-run "
        "variance.",
        # f"{HAO_AI_LAB}/jacobi-forcing": KV reuse is what the decoder keeps, not its gain's cause
        "Compared to **CLLM-style parallel decoders at the ssame 7B scales**, Jacobi Forcing model "
        "consistently provides ~1.7× higher throughput at similar accuracy, while keeping the pure "
        "AR backbone and KV reuse:",
        # f"{HAO_AI_LAB}/distserve-retro": a GPU comparison, its sentence ended before "vLLM"
        "They also published a follow-up in September 2025 on GB200 NVL72, and showed up to 3.8x "
        "prefill and 4.8x decode throughput gains compared to the H100 setup. vLLM, with llm-d "
        "0.3, reports the performance with wide EP.",
        # llm-d's blog, the sticky-until-saturated routing post: a load swept, a product of counts
        "Synthetic stress workload: 150 distinct system prompts × 5 question variants, sampled "
        "randomly under Poisson arrival ramped from 3 → 60 QPS.",
        # llm-d's blog, the v0.3 release post: a latency predictor schedules requests
        "* Adaptive SLO predictor (preview) showing up to 3x better P90 latency in long-prefill "
        "workloads.",
    ],
)
def test_more_figures_on_kv_pages_that_are_no_kv_claim(sentence: str) -> None:
    page = f"# Serving notes\n\nThe KV cache holds each request's keys and values.\n\n{sentence}\n"
    assert read_document(page, "markdown", "p.md").records == []


def test_a_kv_budget_is_room_not_a_cache_reused() -> None:
    # f"{HAO_AI_LAB}/fastafd" (a page titled for attention-FFN disaggregation)
    sentence = (
        "Second, the shares explain the context-length trend: at a fixed KV budget $B(L) \\cdot L$ "
        "stays roughly constant, so the projected speedup falls with context (1.68x to 1.57x on "
        "MiniMax, 1.75x to 1.71x on Qwen)."
    )
    assert extract_claims(sentence) == []
    # https://github.com/FlashML-org/FreeToken/pull/126: twice the tokens in one KV budget
    assert (
        extract_claims(
            "| KV budget (same 2.90 GiB) | 27,142 tok | **54,284 tok (2.00×)** |", explicit=True
        )
        == []
    )


TRT_LLM_BLOGS = "https://github.com/NVIDIA/TensorRT-LLM/tree/main/docs/source/blogs/tech_blog"


@pytest.mark.parametrize(
    ("title", "paragraph"),
    [
        # f"{TRT_LLM_BLOGS}: Helix parallelism": KV parallelism shards the KV cache
        (
            "Helix Parallelism in TensorRT-LLM: Scaling Multi-Million-Token Decoding with KV "
            "Cache Sharding",
            "Helix spends the remaining width on KV Parallelism, which shards the KV cache along "
            "the sequence dimension, yielding up to 1.8x interactivity improvement at low "
            "concurrency.",
        ),
        # f"{TRT_LLM_BLOGS}: GVR V2 top-K for sparse attention", under a prefill heading
        (
            "GVR V2: Faster Exact Top-K with Self-Sampling and Multi-Thresholding\n\n"
            "## The Same Approach Extends to Prefill",
            "In B200 profiles, V2 makes prefill Top-K **1.84–2.61×** faster than radix CUDA.",
        ),
        # https://github.com/vllm-project/vllm/blob/main/docs/features/quantization/quantized_kvcache.md
        (
            "Quantized KV Cache\n\n## Performance Considerations",
            "| Context length | `auto` (BF16) | `fp8` | Speedup |\n|---|---|---|---|\n"
            "| 32k | 19.4 tok/s | 23.4 tok/s | +21% |",
        ),
        # https://github.com/vllm-project/vllm/blob/main/README.md: a new engine version
        (
            "vLLM",
            "- [2025/01] We are excited to announce the alpha release of vLLM V1: A major "
            "architectural upgrade with 1.7x speedup! Clean code, optimized execution loop, "
            "zero-overhead prefix caching, enhanced multimodal support, and more.",
        ),
    ],
)
def test_kv_words_of_sharding_formats_and_kernels_lend_no_kv_cause(
    title: str, paragraph: str
) -> None:
    assert _page_speedups(f"# {title}\n\n{paragraph}\n") == []


def test_a_kv_cache_reused_beside_its_shards_is_still_the_cause() -> None:
    sentence = "Prefix caching reuses the KV cache across KV shards, cutting TTFT 3x."
    assert _factors(sentence) == [3.0]
    assert _page_speedups(
        "# KV cache reuse\n\n| Setup | Speedup |\n|---|---|\n| Llama-3 8B | 2.0x |\n"
    ) == [2.0]


def test_counts_multiplied_are_no_factor() -> None:
    # https://github.com/llm-d/llm-d.github.io (docs, kv-management/kv-indexer.md): sizes
    row = (
        "| Backend | Storage | When to use | Trade-offs |\n|:--|:--|:--|:--|\n"
        "| **In-Memory (default)** | Two-level LRU: outer cache keyed by block hash, inner cache "
        "of pods per block | Default choice for most deployments | Lowest latency; fixed entry "
        "count (default 100M keys × 10 pod entries) makes sizing predictable |\n"
    )
    assert read_document(f"# KV-Cache Indexer\n\n{row}", "markdown", "p.md").records == []


def test_counts_and_sweeps_beside_a_claim_leave_the_claim() -> None:
    # a sign multiplier after a metric, or before a speed word, is a factor
    assert _factors("Prefix caching raises throughput ×2 on 8 GPUs.") == [2.0]
    assert _factors("With 8 H100 GPUs ×3 faster TTFT from prefix caching.") == [3.0]
    # a pair of rates after a rise, not a sweep, is a gain
    assert _factors("With prefix caching, throughput rose from 3 to 60 QPS.") == [20.0]


def test_a_repeated_run_beside_a_claim_leaves_the_claim() -> None:
    assert _factors("Retrying 3x with prefix caching, TTFT was 5x lower.") == [5.0]
    # "repeat" as a noun's word before a speed (tests/extract/holdout.yaml)
    sentence = (
        "A single customer-wide KV namespace means the support bot answers every agent's repeat "
        "question with 20x faster TTFT, even at 500 concurrent sessions."
    )
    assert _factors(sentence) == [20.0]


def test_kv_blocks_restored_are_a_cache_reused_not_room() -> None:
    # tests/extract/corpus.yaml: KV blocks are what is reused; KV slots and budgets are room
    sentence = (
        "Prefill latency fell 12-fold when KV blocks were restored from local NVMe via "
        "GPUDirect Storage."
    )
    assert _factors(sentence) == [12.0]


def test_a_clause_that_says_when_ends_the_look_for_what_a_fold_word_measures() -> None:
    # "once" opens a clause of its own: "the KV cache" after it is no quantity of the figure
    sentence = "TTFT fell eightfold once the KV cache was offloaded to CPU memory."
    assert _factors(sentence) == [8.0]
    assert _factors("Prefill is eightfold the work of decoding.") == []


def test_a_prefill_heading_and_a_kv_transfer_library_lend_no_kv_reuse() -> None:
    # NIXL moves data, KV caches among it, between prefill and decode workers
    # (https://github.com/ai-dynamo/nixl); a heading that names prefill and a kernel names a
    # phase sped up
    page = (
        "---\ntitle: Serving a hybrid model disaggregated\n---\n\n"
        "## Setup\n\nThe prefill and decode workers exchange their state with NIXL.\n\n"
        "### Prefill kernel results\n\n"
        "* 1.3x higher throughput on 8K prompts.\n"
        "* Mean TTFT is 12% lower on 8K prompts.\n"
    )
    assert read_document(page, "markdown", "p.md").records == []
    assert read_document(page.replace("with NIXL", "over RDMA"), "markdown", "p.md").records == []
    # a heading that names prefix caching lends it to the same list
    cached = page.replace("### Prefill kernel results", "### Prefix caching results")
    assert _page_speedups(cached) == [
        1.3,
        1.14,
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        # https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2025-12-13-vllm-router-release.md
        "*   vLLM Router (blue line) Req/S throughput is 25% higher than llm-d (purple line) and "
        "100% higher than K8s-native load balancer (orange line).",
        "*   vLLM Router (blue line) Req/S throughput is close to llm-d (purple line) and 100% "
        "higher than K8s-native load balancer (orange line).",
    ],
)
def test_a_kv_product_compared_with_is_the_baseline_not_the_cause(sentence: str) -> None:
    page = f"# vLLM Router\n\nKV-cache affinity routing for vLLM.\n\n{sentence}\n"
    assert read_document(page, "markdown", "p.md").records == []
    assert extract_claims(sentence, explicit=True) == []


def test_a_kv_product_as_the_subject_still_names_the_cause() -> None:
    assert _factors("LMCache cuts TTFT 3x compared with vLLM alone.") == [3.0]
    assert _factors("Compared to vLLM, Mooncake serves 75% more requests.") == [1.75]


def test_a_kv_systems_transfer_engine_against_tcp_is_no_kv_claim() -> None:
    # https://github.com/kvcache-ai/Mooncake/blob/main/README.md: the transfer engine's
    # bandwidth against TCP; the KV cache is named for the size of the data moved
    sentence = (
        "- **Superior performance at scale.** With 40 GB of data (equivalent to the size of the "
        "KVCache generated by 128k tokens in the LLaMA3-70B model), Mooncake Transfer Engine "
        "delivers up to **87 GB/s** and **190 GB/s** of bandwidth in 4×200 Gbps and 8×400 Gbps "
        "RoCE networks respectively, which are about **2.4x and 4.6x faster** than the TCP "
        "protocol."
    )
    page = f"# Mooncake: a KVCache-centric architecture\n\n{sentence}\n"
    assert read_document(page, "markdown", "p.md").records == []
    assert extract_claims(sentence, explicit=True) == []
    # Mooncake named as a KV store still names the cause
    assert _factors("Mooncake's KV store cuts TTFT 5x on long prompts.") == [5.0]


@pytest.mark.parametrize(
    "opening",
    [
        # https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2026-07-29-optimizing-vllm-on-arm-cpus.md
        "Key enablement improvements include:\n\n- Support for chunked prefill and prefix "
        "caching.\n- Support for INT8 W8A8 and INT8 W4A8 inference.",
        # https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2026-02-01-gpt-oss-optimizations.md
        "How vLLM and NVIDIA optimized GPT-OSS on Blackwell with FlashInfer, torch.compile "
        "fusion, FP8 KV cache, async scheduling and stream interval tuning.",
        # https://github.com/NVIDIA/TensorRT-LLM/blob/main/docs/source/blogs/media/gvr_v2/README.md
        "| File | Contents |\n| :--- | :--- |\n| [summary.json](summary.json) | Recomputed "
        "statistics |",
    ],
)
def test_an_opening_that_names_kv_as_a_feature_or_format_is_no_kv_page(opening: str) -> None:
    filler = "Large language model serving on CPUs is an important deployment option. " * 30
    page = (
        f"# Optimizing vLLM\n\n{opening}\n\n{filler}\n\n## Synchronization\n\n"
        "We addressed this by building a runtime that uses LSE atomics.\n\n"
        "This improved Llama 3.1 8B offline throughput by 9% in low-concurrency serving.\n"
    )
    assert len(page) > 2000  # the opening is read, not the whole page
    assert _page_speedups(page) == []
    # an opening that names prefix caching as what the post is about lends it
    about = page.replace(opening, "This post shows how prefix caching speeds up serving.")
    assert _page_speedups(about) == [1.09]


def test_a_page_whose_opening_names_kv_only_as_room_is_no_kv_page() -> None:
    # https://github.com/NVIDIA/Model-Optimizer/blob/main/examples/benchmark.md: its opening names
    # KV caching only as where the GPU's free memory goes; the table is a sparsity speedup
    rows = "\n".join(
        f"| INT4 Weight, INT8 Activation | dataset {n} | 1.036 | 3.321 |" for n in range(30)
    )
    page = (
        "# Model Optimizer Benchmark Reference\n\n"
        "## 1. Post-training quantization (PTQ) for LLMs\n\n"
        "> Memory saving is not reported here as TensorRT-LLM occupies all the remaining "
        "available GPU memory for KV caching.\n\n"
        f"| Method | Dataset | Baseline | Result |\n|---|---|---|---|\n{rows}\n\n"
        "## 4. Sparsity\n\n### 4.1 Performance\n\n"
        "| Batch Size | Inference speedup (compared to the FP8 dense model) |\n"
        "|:----------:|:---------------------------------------------------:|\n"
        "| 32 | 1.62x |\n| 64 | 1.52x |\n"
    )
    assert len(page) > 2000  # the opening is read, not the whole page
    assert read_document(page, "markdown", "p.md").records == []
    # an opening that names a KV cache reused lends it to the same table
    reused = page.replace(
        "occupies all the remaining available GPU memory for KV caching", "reuses the KV cache"
    )
    assert _page_speedups(reused) == [
        1.62,
        1.52,
    ]


def test_phrases_of_kv_not_reused_find_the_same_in_lower_case() -> None:
    # https://github.com/NVIDIA/TensorRT-LLM/tree/main/docs/source/blogs/tech_blog (Helix) and
    # https://github.com/hao-ai-lab/hao-ai-lab.github.io (Jacobi Forcing), with the real corpus
    corpus = (Path(__file__).parent / "real_dev.yaml").read_text(encoding="utf-8")
    text = "\n".join(
        [
            "KV Parallelism, which shards the KV cache along the sequence dimension.",
            "~1.7× higher throughput, while keeping the pure AR backbone and KV reuse.",
            *(entry["text"] for entry in yaml.safe_load(corpus)),
        ]
    )
    low = text.lower()
    assert len(low) == len(text)
    found = 0
    for phrase, lower in zip(evidence._NOT_REUSED, evidence._NOT_REUSED_LOWER, strict=True):
        assert re.search(r"[A-Z]", re.sub(r"\\[A-Za-z]", "", phrase.pattern)) is None
        spans = [m.span() for m in phrase.finditer(text)]
        assert [m.span() for m in lower.finditer(low)] == spans
        found += len(spans)
    assert found >= 2


def test_a_figure_under_a_column_of_memory_is_no_speedup_beside_a_throughput_column() -> None:
    # https://nareshka.ru/ml-docs/ (KV-cache optimisation): memory gain, then throughput gain
    row = (
        "| Technique | Memory Gain | Throughput Gain | Complexity |\n|---|---|---|---|\n"
        "| Prefix Caching | 2-4x | 2-3x | Low |"
    )
    assert _factors(row) == [3.0]
    assert _page_speedups(f"# KV cache techniques\n\n{row}\n") == [3.0]


def test_a_share_of_the_requests_is_a_count_not_a_speedup() -> None:
    # https://github.com/nirecom/cc-local-llm/pull/40: where the prefill time went
    sentence = (
        "Prompt processing ran 3054 times for 34.10 h, but the 349 runs over 60 s accounted for "
        "30.67 h — 90% of all prefill time sat in a tenth of the requests."
    )
    assert 10.0 not in _factors(sentence)
    assert _factors("Prefix caching lets one GPU serve 10x the requests per second.") == [10.0]


def test_a_cut_by_n_times_reaches_past_a_parenthesis() -> None:
    # https://www.linkedin.com/company/lmcache-lab (as copied by a mirror)
    sentence = (
        "Unloading KV caches frees up the GPU for new tasks, reducing TTFT (time to first "
        "token) by up to 10 times."
    )
    assert _factors(sentence) == [10.0]


@pytest.mark.parametrize("chips", ["8x TPU7x", "4x Gaudi3", "16x Trainium2", "8x Ascend 910B"])
def test_a_count_of_accelerators_is_no_factor(chips: str) -> None:
    # llm-d's results-store policy (https://github.com/llm-d/llm-d-benchmark): "on 8x TPU7x";
    # the claim is the 60 % cut, 1 / (1 - 0.6) = 2.5x, and the count of chips none
    assert _factors(f"Prefix caching on {chips} cuts TTFT by 60%.") == [2.5]


def test_loading_a_model_is_model_loading_not_kv_reuse() -> None:
    # https://github.com/defai-digital/mlx-serving (cpp-metal-optimization-analysis.md)
    sentence = "- Load model: ~5s (first time), ~50ms (mmap cached) ✅ **10× faster**"
    assert _factors(sentence) == []
    assert _page_speedups(f"# KV cache\n\n{sentence}\n") == []


def test_cache_breakpoints_are_prompt_caching_and_prefix_processing_is_prefill() -> None:
    # https://github.com/vellum-ai/vellum-assistant/pull/632: Anthropic's cache breakpoints
    sentence = (
        "The system prompt and tool definitions are identical across turns in a conversation. "
        "Adding cache breakpoints gives ~10x faster prefix processing for multi-turn conversations."
    )
    (claim,) = extract_claims(sentence)
    assert (claim.values.get("speedup"), claim.values.get("metric")) == (10.0, "ttft")


def test_a_row_labelled_with_a_hit_rate_still_reads_a_latency_its_cell_names() -> None:
    # https://github.com/LujhCoconut/MooncakeAgentSkills (mooncake/architecture.md): the lever
    # is the prefix-cache hit rate, its impact prefill latency down 30-70 %
    row = (
        "| 优化杠杆 | 影响 | Mooncake 组件 | 优先级 |\n|---------|------|--------------|--------|\n"
        "| **前缀缓存命中率** | Prefill 延迟 ↓30-70% | Conductor + Store | 🔴 最高 |"
    )
    assert _factors(row) == [3.33]  # 1 / (1 - 0.7)
    # a cell of the figure alone measures what the label names
    assert (
        _factors(
            "| Metric | Before | After |\n|---|---|---|\n| Prefix cache hit rate | 40% | 80% |"
        )
        == []
    )


def test_a_header_names_kv_reuse_with_its_ttft_words_unless_they_name_another_cause() -> None:
    from claimcheck.extract.evidence import _header_cue

    assert _header_cue("| Setup | TTFT (s) | Speedup |")
    assert _header_cue("| Metric | Recompute | Layered Prefill |")  # the cache's baseline
    assert not _header_cue("| Metric | vLLM | Layered Prefill | Δ (Layered − vLLM) |")
    assert not _header_cue("| Setup | Chunked prefill | Speedup |")
    assert not _header_cue("| Model | Params |")


def test_a_model_sized_against_the_host_memory_is_no_speedup() -> None:
    # https://github.com/motsognirr/olmlx/blob/main/docs/benchmarks/qwen3next-flashmoe-2026-05/README.md
    sentence = (
        "The Flash-MoE expert-offload path delivers usable interactive throughput for a model "
        "2× the host RAM, with KV cache quantized to 4 bits."
    )
    assert extract_claims(sentence) == []
    # the same figure against a cache's baseline is one
    assert [
        c.values["speedup"]
        for c in extract_claims("KV cache offload gives 2× the throughput of recompute.")
    ] == [2.0]


def test_a_speedup_column_of_a_device_against_another_lends_no_kv_cause() -> None:
    # ContextPilot's benchmarks page (github.com/EfficientContext/contextpilot-docs): on a page
    # about KV reuse, a table that times the index build on a GPU and on a CPU
    header = "Contexts | GPU Time (s) | CPU Time (s) | Speedup"
    row = "4,000 | 0.89 ± 0.05 | 52.02 ± 0.06 | **58.43x**"  # as the page reader passes it
    assert read(row, hint=header, topic="Benchmarks | Results", page="kv").claims == []
    # the same table timing a cache's two sides is the page's own measurement
    cached = "Contexts | Cache Hit Time (s) | Recompute Time (s) | Speedup"
    [claim] = read(row, hint=cached, topic="Benchmarks | Results", page="kv").claims
    assert claim.values["speedup"] == 58.43
    assert evidence.device_sides("| Model | A100 (s) | H100 (s) | Speedup |")
    assert not evidence.device_sides("| Model | GPU (s) | GPUs (s) | Speedup |")
    assert not evidence.device_sides("| Context | GPU recompute | CPU KV cache | Speedup |")


def test_a_speedup_that_would_have_been_reported_is_no_claim() -> None:
    # github.com/ryangu00/dell-pro-max-gb10-kvbm-ssd-kv-cache: a wrong cache hit that a probe
    # without an answer check would have counted as a success
    sentence = (
        "A fast TTFT after a cache hit proves nothing. Without the answer check, this probe "
        "would have reported a 40× speed-up as a success."
    )
    assert read(sentence, page="kv").claims == []
    assert read(sentence.replace("would have reported", "reported"), page="kv").claims != []
    # the gain a cache's absence would have cost is still the cache's
    [claim] = read("Without prefix caching, TTFT would have been 5x higher.").claims
    assert claim.values["speedup"] == 5.0


def test_a_gain_of_efficient_kv_cache_management_is_pagedattentions() -> None:
    # a summary of the PagedAttention paper (github.com/kkyan1105): managing the KV cache's
    # memory well is memory management, no cache reused
    sentence = (
        "Across the board, vLLM delivers 2×–6× throughput improvement while keeping latency "
        "low, primarily due to its efficient KV cache management."
    )
    reading = read(sentence)
    assert reading.claims == []
    assert any("memory management" in d.reason for d in reading.decisions)
    reused = sentence.replace("its efficient KV cache management", "KV cache reuse")
    assert [c.values["speedup"] for c in read(reused).claims] == [6.0]


def test_a_heading_whose_kv_words_name_compression_lends_no_prefill_cue() -> None:
    # https://github.com/dongwonjo/FastKV (README.md): the title's KV words name the cause
    title = "FastKV: Decoupling of Context Reduction and KV Cache Compression for Prefill-Decoding Acceleration"
    sentence = "FastKV achieves up to 1.82× speedup in prefill and 2.87× speedup in decoding."
    assert read(sentence, topic=title, page="other").claims == []
    offload = "KV Cache Offloading for Prefill Acceleration"
    assert [c.values["speedup"] for c in read(sentence, topic=offload).claims][:1] == [1.82]


def test_an_expert_cache_and_a_kv_cache_reduction_are_other_causes() -> None:
    # paper digests (github.com/zzjjay/llm-paper-radar, github.com/hdShang/arxiv-daily):
    # an MoE expert cache's hits, and a KV cache made smaller
    experts = (
        "Extensive evaluations show that our approach delivers 48% lower decoding latency "
        "with over 60% expert cache hit rate, while maintaining nearly lossless accuracy."
    )
    reduced = (
        "This KV-cache reduction also leads to a 90% memory saving and a 6.6X throughput "
        "over standard chain-of-thought reasoning inference."
    )
    for sentence in (experts, reduced):
        assert read(sentence).claims == []
        assert read(sentence, explicit=True).claims == []


def test_fairness_and_a_search_cache_are_no_kv_speed() -> None:
    # github.com/v-code01/prefixfair: a scheduler's fairness, orders of magnitude better
    fairness = (
        "On a fleet already doing DualMap placement, switching FIFO admission to VTC "
        "admission improves fairness by orders of magnitude and nudges cache-hit up."
    )
    assert read(fairness, page="kv").claims == []
    # github.com/CoderDayton/semantic-cache-mcp: a search cache's warm and cold lookups
    search = (
        "The in-session search cache delivers a hundreds-fold speedup on repeated queries "
        "(warm < 0.01 ms vs. cold ~5.0 ms over 5 queries — about 590× faster)."
    )
    assert read(search, page="other").claims == []
    assert read(search, explicit=True).claims == []


def test_a_time_multiplied_is_a_time_that_grew() -> None:
    # github.com/KLsatorlac2/vLLM-benchmark-lab (experiments/prefix_caching): a run where the
    # cache made the batch slower, "latency ×2.493, throughput −59.9%" against the cache off
    header = "workload | caching | batch 延迟 | batch 吞吐 | 相对 off"
    row = "on | 10134.27 ms | 101.04 tok/s | 延迟 ×2.493，吞吐 −59.9%"
    reading = read(row, hint=header, topic="Prefix Caching", page="kv")
    assert reading.claims == []
    assert any(f.name == "slower" for d in reading.decisions for f in d.facts)


def test_cache_hits_multiplied_are_hits_counted_not_speed() -> None:
    # https://github.com/EfficientContext/ContextPilot (README.md)
    line = "4–12× cache hits | 1.5–3× faster prefill | ~36% token savings across vLLM and SGLang."
    assert [c.values["speedup"] for c in read(line, page="kv").claims] == [3.0]
    assert read("Prefix caching gives 4x more cache hits.").claims == []


@pytest.mark.parametrize(
    "sentence",
    [
        # a scheduler against an engine release that has prefix caching (a paper digest)
        "SAGA reduces task completion time by 1.64x over vLLM v0.15.1 with prefix caching and "
        "affinity routing.",
        # prompt-processing work saved, no time (github.com/githabideri/llmlab)
        "- **v4+v5:** 82:1 PP:TG ratio — prefix caching cuts PP work by 2.6×",
        # handling the KV cache better is memory management
        "| Generation | 10-20% faster due to better KV cache handling |",
        # a KV cache made smaller, in Chinese order (a notes repository)
        "- **实际效果**：在1M上下文长度下实现6倍解码吞吐量提升，KV缓存减少75%",
    ],
)
def test_other_causes_beside_kv_words_are_no_kv_claim(sentence: str) -> None:
    assert read(sentence).claims == []
    assert read(sentence, page="kv").claims == []


@pytest.mark.parametrize(
    "sentence",
    [
        # paper digests (github.com/gabrielchua/daily-ai-papers, github.com/1Keria)
        "Across three LongConvQA benchmarks, EPICACHE improves accuracy by up to 40% over "
        "baselines, reduces latency by up to 2.4x, and cuts peak memory usage by up to 3.5x "
        "compared to full KV caching.",
        "On AIME25 with 32K-token generation, TriAttention matches Full Attention reasoning "
        "accuracy while achieving 2.5x higher throughput or 10.7x KV memory reduction.",
        "在 SWE-bench 300 条批量推理场景下，跨 session 缓存可以节省 **99.6% 的 prefill 计算量**。",
    ],
)
def test_compression_and_computation_saved_are_no_kv_speedup(sentence: str) -> None:
    assert read(sentence).claims == []


def test_a_kv_cache_the_compared_side_uses_is_no_cue() -> None:
    # a digest of a diffusion LM paper (github.com/HuggingAGI/HuggingArxivLLM): the KV cache is
    # the autoregressive baseline's, the gain the diffusion model's
    sentence = (
        "实际上，我们的模型即使没有缓存，生成标记的速度也比使用 KV 缓存的 AR 模型快多达 8 倍，"
        "并且我们预计加入缓存后会有进一步的改进。"
    )
    assert read(sentence).claims == []
    assert (
        read("Our model generates tokens up to 8x faster than AR models using KV cache.").claims
        == []
    )
    # the cache's own baseline still counts: turned off, or absent
    for own in (
        "TTFT is 5x lower than with prefix caching disabled.",
        "Prefix caching is 5x faster than without prefix caching.",
    ):
        assert [c.values["speedup"] for c in read(own).claims] == [5.0]


def test_a_kv_product_joined_to_the_compared_engine_is_the_baseline() -> None:
    # a related-work note on SAGA (github.com/zhengjiahong-ai/LLM-KV-Cache-Optimization): a
    # scheduler measured against vLLM with automatic prefix caching
    assert read("论文在 SWE-bench 上相对 vLLM+APC 报告 1.73 倍任务完成时间改善。").claims == []
    assert read("It reports a 1.73x speedup in task completion time over vLLM+APC.").claims == []
    # a KV system set against another is still a KV system (Strata, arXiv 2508.18572)
    [claim] = read(
        "Strata achieves up to 5x lower Time-To-First-Token (TTFT) compared to vLLM + LMCache."
    ).claims
    assert claim.values["speedup"] == 5.0


def test_a_factor_a_reading_was_wrong_by_is_no_speedup() -> None:
    # LemonMatrix's v0.1.1 release notes: a benchmark whose repeated prompt hit the prompt cache
    sentence = (
        "In 0.1.0 the same prompt was served from llama.cpp's prompt cache after the first "
        "request, so prefill read up to 4x too high and TTFT too low; decode was not affected."
    )
    assert read(sentence).claims == []
    assert read(sentence, explicit=True).claims == []
    assert read(sentence.replace("4x too high", "4x faster"), explicit=True).claims != []


def test_a_cache_of_token_ids_is_another_cache() -> None:
    # vllm-router's prompt cache, as a blog retells it
    # (https://barrahome.org/2026/03/22/vllm-router-v080-prompt-cache-and-observability.md)
    assert read("Token ID Cache: 100ms → <1ms", explicit=True).claims == []
    assert read("KV Cache: 100ms → <1ms", explicit=True).claims != []


def test_a_page_opening_on_another_cache_names_no_kv_reuse_by_its_cache_hits() -> None:
    # an agent framework's report (https://github.com/Rainking6693/Genesis-Rebuild)
    opening = (
        "This optimization eliminates the primary bottleneck in RAG systems: re-tokenizing "
        "retrieved documents on every request. By caching token IDs in Redis, we bypass the "
        "200-500ms tokenization overhead on cache hits."
    )
    assert not evidence.names_kv_reuse(opening)
    assert evidence.names_kv_reuse(opening.replace("on cache hits", "on prefix cache hits"))
    assert evidence.names_kv_reuse("We bypass the 200-500ms prefill on cache hits.")


def test_a_page_opening_on_the_kv_entries_a_sparse_method_loads_is_about_that_method() -> None:
    # a lab's page on Quest (https://github.com/uw-syfi/uw-syfi.github.io,
    # public/publications/quest.md): the KV pages it loads are the ones it selects
    opening = (
        "## Overview\n\nAs LLMs scale to handle increasingly longer contexts (128K-1M tokens), "
        "self-attention computation becomes a major bottleneck. Quest introduces a breakthrough "
        "approach: **query-aware sparsity** that dynamically identifies and loads only the most "
        "critical KV cache pages needed for each attention operation, dramatically reducing "
        "computation and memory transfer overhead."
    )
    assert not evidence.names_kv_reuse(opening)
    page = f"{opening}\n\n## End-to-End Latency Reduction\n\n- 2.23x faster inference on long-context tasks\n"
    assert read_document(page, "markdown", "p.md").records == []
    # KV cache pages loaded back from a tier are reuse
    assert evidence.names_kv_reuse("It loads the KV cache pages back from CPU memory.")


def test_a_table_comparing_number_formats_or_platforms_lends_no_kv_cause() -> None:
    # a study of vLLM's FP8 KV cache
    # (https://github.com/ishell/llm-inference-docs/blob/HEAD/zh/vllm/blog/performance/fp8-kvcache.md)
    formats = (
        "# KV cache: 有负载时的吞吐\n\n## Prefill 会退步\n\n| | BF16 | FP8 |\n|---|---|---|\n"
        "| TTFT 二次项 (ms/token²) | `6.93e-07` | `1.12e-06`（**约 1.6×**） |\n"
    )
    assert read_document(formats, "markdown", "p.md").records == []
    # moving vLLM off WSL2 (https://github.com/siren2345/zenn-content, baremetal-vllm-kv-pool.md)
    platforms = (
        "# KV キャッシュ\n\n## なぜ WSL2 だと KV が足りないのか\n\n"
        "| 指標 | WSL2 | ベアメタル | 変化 |\n|---|---|---|---|\n"
        "| TTFT @6.8k | 1.78 s | 1.52 s | −15% |\n"
    )
    assert read_document(platforms, "markdown", "p.md").records == []
    # the same row under a cache's two sides is the cache's
    cached = platforms.replace(
        "| 指標 | WSL2 | ベアメタル | 変化 |", "| 指標 | cold | prefix cache hit | 変化 |"
    )
    [record] = read_document(cached, "markdown", "p.md").records
    assert record.claim.speedup == 1.18


def test_more_concurrency_is_capacity_not_speed() -> None:
    # a Chinese table of KV optimisations' costs and effects ("并发 +10x": concurrency up
    # tenfold, its TTFT 20 % worse), https://github.com/kitsnail/k8s-in-docs,
    # docs/ai-ml/llm-d/integration/production-patterns.md
    row = "| **CPU KV Offloading** | 并发 +10x | TTFT +20% | 低频访问 |"
    assert read(row).claims == []
    assert read("LMCache supports 10x more concurrent users.").claims == []
    # a benchmark's concurrency is its setting, and the cache's gain is still read
    [claim] = read("At concurrency 16, prefix caching cut TTFT 3x.").claims
    assert claim.values["speedup"] == 3.0
    # a design target of a KV-offloading scheduler, one request in the singular
    # (https://github.com/ArchanaChetan07/GPU-Memory-Aware-Request-Scheduler-with-KV-Cache-Offloading-for-Multi-Tenant-LLM-Serving)
    target = (
        "Design targets (pending vLLM integration): GPU utilization 65% → 85%, 3× concurrent"
        " request capacity, −60% P99 SLA violations."
    )
    assert read(target, page="kv").claims == []


def test_a_count_of_tokens_cut_is_no_speed() -> None:
    # fewer tokens prefilled is a count ("110x fewer tokens"), whatever its cause
    assert read("With prefix caching, prefix clustering cuts prefill tokens by 42.9%.").claims == []
    assert read("Prefix caching cut the number of prefill tokens by 60%.").claims == []
    # tokens a second are a throughput
    [claim] = read("Prefix caching raises prefill tokens per second by 3x.").claims
    assert claim.values["speedup"] == 3.0


def test_a_time_measured_beside_bare_cache_wording_is_a_speed() -> None:
    # a llama.cpp prompt-as-function lesson (https://github.com/env3d-lessons/prompt-as-function)
    row = "| Qwen 0.5B | Disabled         | **\\~1100ms**    | 5–6× slower without caching        |"
    [claim] = read(row).claims
    assert claim.values["speedup"] == 6.0
    # no time and no metric: a cache of anything
    assert read("Speedup with caching: 7.37x faster").claims == []


def test_a_method_compared_at_the_same_cache_budget_is_a_compression() -> None:
    # a KV-compression study (https://github.com/stevenkolawole/epiphany-kv-cache): lag_kv
    # against raas
    sentence = (
        "- **Speed**: `lag_kv` is 2.8× faster than `raas` at the same cache budget on AIME "
        "(441s vs 1239s per problem)."
    )
    assert read(sentence, explicit=True).claims == []


def test_a_figure_measured_with_the_cache_disabled_is_not_the_caches() -> None:
    # a vLLM latency-tuning article on Zenn
    # (https://github.com/siren2345/zenn-content/blob/main/articles/vllm-latency-tuning.md)
    assert read("キャッシュ無効の64K: 31.7s → 22.7s (−28%)", page="kv").claims == []
    assert read("Cache disabled at 64K: 31.7s → 22.7s (−28%)", page="kv").claims == []
    assert read("Cache enabled at 64K: 31.7s → 2.7s", page="kv").claims != []


def test_kv_management_improvements_are_memory_management() -> None:
    # https://hosn.om/blog/llm-concurrency-benchmarks-per-gpu.html
    sentence = (
        "The vLLM 0.6.0 release notes document a 2.7x throughput uplift versus prior versions "
        "purely from scheduler and KV management improvements."
    )
    assert read(sentence, explicit=True).claims == []


def test_a_speedup_ratio_label_after_another_reading_names_a_speedup() -> None:
    # https://github.com/rh-aiservices-bu/rhaoi3-llm-d/blob/main/benchmarks.md: console lines
    # of a benchmark summary, run together as Markdown joins them
    page = (
        "# Multi-turn benchmark\n\n"
        "First Turn vs Subsequent Turns (Prefix Caching Indicator):\n"
        "  First turn avg:      361.79 ms\n"
        "  Later turns avg:      94.22 ms\n"
        "  Speedup ratio:         3.84x\n"
    )
    assert _page_speedups(page) == [3.84]
    # a ratio of something else after a reading is still no speed
    line = "Prefix caching stats. Later turns avg: 94.22 ms Hit ratio: 3.84x"
    assert _factors(line) == []


def test_a_versus_column_of_multipliers_is_a_speedup_column() -> None:
    # https://github.com/SoMarkAI/mJev/blob/main/docs/cache_scaling.md: "A ratio above 1 means
    # the cached strategy is faster"; the ratio below 1 is a slowdown, no claim
    page = (
        "# HF prefix KV reuse: controlled performance probe\n\n"
        "| Input | Questions | Batch s | Cache batch s | Cache vs batch | Serial / batch / cache GiB |\n"
        "|---|---:|---:|---:|---:|---:|\n"
        "| short | 1 | 0.173 ± 0.002 | 0.242 ± 0.012 | 0.71× | 9.76 / 9.76 / 9.81 |\n"
        "| long | 16 | 32.620 ± 0.048 | 6.287 ± 0.014 | 5.19× | 9.81 / 15.80 / 20.60 |\n"
    )
    assert _page_speedups(page) == [5.19]
    # a "vs" column of a quantity that is no speed stays none
    assert _page_speedups(page.replace("Cache vs batch", "Memory vs batch")) == []


def test_an_improvement_column_beside_a_baseline_column_is_a_speedup_column() -> None:
    # https://github.com/bet0x/barrahome-2026/blob/main/2026/02/08/vllm-kv-offloading-connector.md:
    # an HTML table in a Markdown post on vLLM's KV offloading connector
    page = (
        "# vLLM's KV offloading connector: KV cache in CPU memory\n\n"
        "Reusing the KV cache from CPU memory instead of recomputing it.\n\n"
        "### Concurrent Throughput\n\n"
        "<table>\n"
        "<tr><th>CPU DRAM Allocated</th><th>Baseline</th><th>With Offloading</th>"
        "<th>Improvement</th></tr>\n"
        "<tr><td>16 GB</td><td>1850 tok/s</td><td>3200 tok/s</td><td><strong>1.7x</strong></td></tr>\n"
        "<tr><td>64 GB</td><td>1850 tok/s</td><td>8500 tok/s</td><td><strong>4.6x</strong></td></tr>\n"
        "</table>\n"
    )
    assert _page_speedups(page) == [1.7, 4.6]
    # on a page about offloading a model's weights, the same table is no KV claim
    weights = page.replace(
        "vLLM's KV offloading connector: KV cache in CPU memory", "Weight offload"
    )
    weights = weights.replace("Reusing the KV cache from CPU memory instead of recomputing it.", "")
    assert _page_speedups(weights) == []


def test_a_faster_compile_is_no_kv_speedup() -> None:
    # https://github.com/anyscale/llm-serving-for-coding-agents/blob/main/part3-optimize/notes/BENCHMARKS.md:
    # a prebuilt compile cache, in a table of serving knobs
    page = (
        "# Benchmarks\n\nAutomatic prefix caching keeps the KV cache of repeated prompts.\n\n"
        "| # | Knob | Off | On | Result | Default |\n|---|---|---|---|---|---|\n"
        "| 2 | | Recompile, 74.5 s | Prebuilt cache, 8.8 s | 8.5× faster compile | On only without MTP |\n"
    )
    assert _page_speedups(page) == []
    assert _page_speedups(
        page.replace("Recompile", "Recompute").replace("compile |", "TTFT |")
    ) == [8.5]


def test_a_vector_store_s_semantic_match_is_no_kv_cache() -> None:
    # https://github.com/zakariaf/RAG-Cache/blob/main/README.md: a similar question answered
    # from a vector store instead of the model
    page = (
        "## Real Performance Tests\n\n### Cache Hit Performance\n\n"
        "| Test | Cache Type | Latency | Speedup |\n|------|------------|---------|---------|\n"
        "| First Query (Cache Miss) | LLM Call | 8,573ms | baseline |\n"
        "| Similar Query (Semantic Match) | **Qdrant** | 457ms | **18.7x faster** |\n"
    )
    assert _page_speedups(page) == []
    kv = page.replace(
        "Similar Query (Semantic Match) | **Qdrant**", "Shared prefix (KV reuse) | **vLLM**"
    )
    assert _page_speedups(kv) == [18.7]


def test_a_decode_kernel_s_split_kv_is_no_kv_cache() -> None:
    # https://github.com/mattbucci/2x-R9700-RDNA4-GFX1201-sglang-inference/blob/main/benchmarks/attention-decode-256k-kvsplit.md:
    # more KV splits fill the GPU in flash-decoding
    page = (
        "# 256K decode attention — split-KV CU occupancy (patch 086)\n\n"
        "End-to-end tok/s (non-static, heuristic scales): 227K 14.4 → 30.7 (2.14×); 128 90.0 → "
        "90.8 (no regression); 8K 78.6 → 82.6. Coherent both arms.\n"
    )
    assert _page_speedups(page) == []
    # the split is the kernel's; a KV cache named beside it is still one
    assert pattern("cue_kv").search("split-KV CU occupancy") is None
    assert pattern("cue_kv").search("split-KV CU occupancy with the KV cache warm") is not None


def test_a_semantic_prompt_cache_is_no_kv_cache() -> None:
    # https://github.com/vcache-project/vCache/blob/master/README.md: cached responses returned
    # for similar prompts, no KV state reused
    page = (
        "vCache is the first semantic prompt cache that guarantees user-defined error rate "
        "bounds. Semantic caching reduces LLM latency and cost by returning cached model "
        "responses for semantically similar prompts (not just exact matches).\n\n"
        "> **Cost & Latency Optimization** <br>\n"
        "> Reduce LLM API Costs by up to 10x. Decrease latency by up to 100x.\n"
    )
    assert _page_speedups(page) == []


@pytest.mark.parametrize(
    "sentence",
    [
        # https://github.com/triton-inference-server/tutorials/pull/118: a semantic cache, hit
        # by a prompt that means the same
        "Clearly, the latter 2 requests are semantically similar to the first one, which "
        "resulted in a cache hit scenario, which reduced the latency of our model from approx "
        "1.1s to the average of 0.048s per request.",
        # https://github.com/joqk12345/token-to-serving (an LMCache lecture's slides): a
        # transfer's speed, not a request's
        "2-8x faster transfer of KV cache",
    ],
)
def test_a_semantic_cache_hit_or_a_faster_transfer_is_no_claim(sentence: str) -> None:
    assert extract_claims(sentence) == []


@pytest.mark.parametrize(
    ("text", "times"),
    [
        # https://github.com/RL-Align/RL-Kernel/pull/34: a rollout sampler's log, the cache
        # switched off and on
        (
            "prefix_cache=false: 118827.93 ms\nprefix_cache=true:   56470.65 ms",
            (118.82793, 56.47065),
        ),
        # https://github.com/ruvnet/RuVector/blob/main/docs/adr/ADR-011-prefix-caching.md: the
        # first turn computes the system prompt, the later ones find it cached
        (
            "- First turn: 100ms (system prompt + user message)\n"
            "- Subsequent turns: 10ms (only user message, system prompt cached)",
            (0.1, 0.01),
        ),
        # https://github.com/env3d-lessons/prompt-as-function/blob/main/README.md: the prompt's
        # reuse is the load side
        (
            "A Qwen 0.5B model that would take ~1200ms per call without KV cache can respond in "
            "under 200ms with prompt reuse.",
            (1.2, 0.2),
        ),
    ],
)
def test_the_cache_switched_off_or_a_first_turn_is_the_recompute_side(
    text: str, times: tuple[float, float]
) -> None:
    (claim,) = extract_claims(text)
    assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == times
    # the same times with no cache named either way are no claim
    assert extract_claims("setting=false: 118827.93 ms\nsetting=true:   56470.65 ms") == []


def test_a_time_of_day_in_a_heading_is_no_log_line() -> None:
    # https://github.com/jieen1/BlackweLLM/blob/main/notes/2026-08-05-server-perf-grid-mtp-cg-prefix.md:
    # the page's first heading dates the run; the table's cold-to-warm TTFT ratios are a
    # persistent prefix cache's
    page = (
        "## 4. 结果（正式网格，2026-08-05 20:56:33–21:07:36 本地，修复后）\n\n"
        "persistent prefix cache 命中：\n\n"
        "| 上下文 | COLD TTFT | WARM TTFT | TTFT 比值 |\n"
        "|---|---:|---:|---:|\n"
        "| 32K | 21.921 s | 0.065 s | 335.7× |\n"
    )
    assert _page_speedups(page) == [335.7]


def test_a_list_of_named_figures_under_a_speedup_head_is_read() -> None:
    # https://github.com/Ait0u5hi/jetson-llm-benchoff/blob/main/README.md: "-MTP" names a model
    # variant here, not speculative decoding the figures are credited to
    line = (
        "- **Prefix-cache speedup on 4K shared prefix:** 3.8-27B-MTP **2.26x**, 3.6-35B 1.59x, "
        "AgentWorld 1.30x."
    )
    assert _factors(line) == [2.26, 1.59, 1.3]  # three models, three gains
    # a head that names no speedup lends none
    assert _factors(line.replace("speedup", "runs")) == []


def test_a_cache_grown_by_a_factor_is_a_size() -> None:
    # https://github.com/jason-easyazz/zoe-ai-assistant/blob/main/docs/knowledge/brain-kv-cache-tuning.md
    row = (
        "| `--cache-reuse 256` **removed** | shifting IS available for Gemma — but only with "
        "`--swa-full`, which grows the SWA KV cache ~50× (~1.5GB): unaffordable here |"
    )
    assert extract_claims(row) == []
    # a figure measured "at tight cache budgets" is a compressed cache's (written for the test,
    # after an FP4 KV-cache README's "at high cache memory budgets")
    assert extract_claims("The KV cache gives up to 3× lower TTFT at tight cache budgets.") == []


def test_a_label_of_up_to_six_words_names_what_its_figure_measures() -> None:
    # https://github.com/rohitg00/ai-engineering-from-scratch: a list item's label
    assert _factors("- Cache hit vs miss TTFT gap: ~10x (80 ms vs 800 ms on 2K prompt).") == [10.0]


def test_a_restart_faster_than_reinitialising_is_model_loading() -> None:
    # https://github.com/rohitg00/ai-engineering-from-scratch (cold-start lesson: a GPU snapshot restored on restart; the KV cache
    # region is only part of the state it holds)
    text = (
        "Modal takes a checkpoint of the GPU state (weights, CUDA graphs, KV cache region) after "
        "first load. Subsequent restarts deserialize directly into HBM — 10x faster than "
        "re-initializing."
    )
    assert extract_claims(text) == []


@pytest.mark.parametrize(
    "sentence",
    [
        # https://personal-wiki-ddd.pages.dev/ai-ml/ai-accelerator-architectures/low-latency-llm-inference/Optimizing-Inference-for-Long-Context-and-Large-Batch-Sizes-with-NVFP4-KV-Cache
        # (NVFP4 KV against FP8 KV: both arms reuse cached KV)
        "The TTFT (time-to-first-token) latency gain can reach up to 3× over FP8 KV cache at high"
        " cache memory budgets, driven by higher hit rates and fewer recomputation stalls during"
        " prefill.",
        # https://github.com/gabrielchua/daily-ai-papers/blob/main/archive/2025/05/07.md (RetroInfer)
        "Experiments demonstrate up to 4.5x speedup over full attention within GPU memory limits"
        " and up to 10.5x over sparse attention baselines when extending KV cache to CPU memory,"
        " while maintaining full-attention-level accuracy.",
        # https://github.com/HuggingAGI/HuggingArxivLLM (RetroInfer's digest in Chinese)
        "实验结果显示，在长上下文基准测试中，RetroInfer在GPU内存限制下比完全注意力快4.5倍，"
        "扩展KV缓存到CPU内存时，比稀疏注意力基线快10.5倍，同时保持完全注意力级别的准确性。",
    ],
)
def test_a_figure_against_another_kv_format_or_attention_is_no_reuse_gain(sentence: str) -> None:
    assert _factors(sentence) == []
    assert _factors(sentence, explicit=True) == []


def test_a_kv_format_outside_the_compared_side_leaves_the_claim() -> None:
    # the number format is a setting here, not what the figure is measured against
    sentence = (
        "With FP8 KV cache, offloading to CPU memory cuts TTFT 3x over recomputing the prefix."
    )
    assert _factors(sentence) == [3.0]


def test_sglang_spec_v2_is_speculative_decoding() -> None:
    # https://github.com/NaphJohn/LLM-blog/blob/main/src/pages/blog/fw5-evolution-timeline.md
    # (SGLang's release timeline: speculative decoding V2 on by default)
    assert pattern("topic_speculative").search("Spec V2 默认 +11% TPS") is not None
    assert read("Spec V2 默认 +11% TPS", page="kv").claims == []
    assert pattern("topic_speculative").search("the API spec is 2x longer") is None


def test_a_ratio_beside_a_price_in_a_table_row_is_a_price_ratio() -> None:
    # https://github.com/avparkhi/strands-prompt-caching-demo/blob/main/README.md (a prompt
    # caching demo's pricing table: a cache write costs 1.25x the base input price)
    page = (
        "# Prompt caching with Strands\n\n## Pricing (Claude Sonnet 4.6)\n\n"
        "| Token Type | Price / 1M Tokens | vs Base |\n|---|---|---|\n"
        "| Regular input | $3.00 | 1x |\n| Cache write | $3.75 | 1.25x |\n"
        "| Cache read | $0.30 | 0.1x (90% cheaper) |\n"
    )
    assert _page_speedups(page) == []
    # times in a row keep its speedup column a speed's
    timed = (
        "# Prompt caching\n\n| Run | TTFT | vs Base |\n|---|---|---|\n"
        "| Cold | 2.0 s | 1x |\n| Prompt cache hit | 0.5 s | 4x |\n"
    )
    assert _page_speedups(timed) == [4.0]


def test_page_attention_and_memory_access_latency_are_no_kv_reuse() -> None:
    # https://github.com/wangyao-i/ai-learning/blob/main/.trae/documents/vllm-ascend框架特性代码学习计划.md
    # (a study plan of vllm-ascend's features: a table of the gains each promises)
    page = (
        "# vLLM-Ascend 框架特性代码学习计划\n\n### 1.1 调度特性\n\n"
        "| 特性名称 | 特性说明 | 性能收益 |\n|----------|----------|----------|\n"
        "| **Page-Attention** | 分块管理KV Cache，提升吞吐 | 同等硬件条件下吞吐量提升30-50% |\n"
    )
    assert _page_speedups(page) == []
    assert pattern("topic_memory_management").search("Page-Attention") is not None
    # the same document's overview lists NUMA-aware allocation's memory access latency
    # (https://github.com/wangyao-i/ai-learning/blob/1ab16ebbadb07b6c3af37fa77d2c5651261aa683/.trae/documents/vllm-ascend加速特性总览.md)
    assert read("* **性能收益**：内存访问延迟降低15-25%", page="kv").claims == []
    # the overview's prefix cache still cuts its first-token latency
    prefix = (
        "# vLLM-Ascend 加速特性总览\n\n#### 3.1 Auto-Prefix-Caching (自动前缀缓存)\n\n"
        "* **特性说明**：前缀缓存，降低首token时延\n\n* **核心优势**：缓存公共前缀，避免重复计算\n\n"
        "* **性能收益**：\n\n  * 首token时延降低40-60%\n"
    )
    assert _page_speedups(prefix) == [2.5]


def test_a_cache_hit_beside_embedding_similarity_is_a_semantic_cache() -> None:
    # https://github.com/Atom-oh/AgenticAI-Platform/blob/41a4df6264c40e7e190e35d3178a37a77431c736/docs/04-caching/semantic-vs-exact-caching.md
    # (a Korean handbook: a semantic cache answers in 0.11 s where the model took 6.51 s)
    paragraph = (
        "이 표에서 눈여겨봐야 할 것은 threshold를 0.99까지 올려도 캐시 응답 정확도가 100%가 아니라"
        ' 92.1%라는 점이다. 즉 "충분히 엄격한 threshold"로 오답 재사용을 완전히 없앨 수 없다 — 임베딩'
        " 유사도 자체가 의미 동일성의 완벽한 대리 지표(proxy)가 아니기 때문이다. 이 데이터셋 기준으로"
        " threshold를 0.75까지 낮춰도 정확도는 91.2%로 1%p 남짓만 떨어지는 반면 비용 절감은 15.8% →"
        " 86.3%로 크게 뛴다. 개별 쿼리 단위로 보면 캐시 히트 시 지연이 최대 59배(6.51초 → 0.11초)"
        " 줄어든 사례도 함께 보고됐다."
    )
    assert read(paragraph, page="kv").claims == []
    assert pattern("topic_other_cache").search("a cosine similarity of 0.92") is not None


def test_moe_experts_streamed_in_are_a_weight_offload() -> None:
    # https://github.com/hicann/cann-recipes-infer/blob/master/docs/integration/sglang/dsv4-flash-single-npu-moe-offload/dsv4_flash_single_card_design.md
    # (all 256 experts streamed onto the NPU for a long prefill: 14 s against 137 s)
    item = (
        "- **长序列 prefill 流式加载**（`KT_PREFILL_STREAM=1`）：长 prefill 将全部 256 专家流式搬上"
        " NPU 计算，4096 prefill 约 14 s（hybrid 约 137 s，~8×）。"
    )
    # the design page's own heading and the item's section lead-in ("KV / MoE" on its page)
    page = (
        "## 二、当前状态\n\n### 已实现能力\n\n- triton×ascend 自动回退 torch 等价实现（KV / MoE，"
        f"无需 env）（`sglang/0001`）\n\n**device-offload 主线（默认开启）**\n\n{item}\n"
    )
    assert _page_speedups(page) == []
    assert pattern("topic_weight_offload").search("256 experts streaming onto the NPU")


@pytest.mark.parametrize(
    "sentence",
    [
        # https://github.com/Zephyr271828/paper-reading/blob/yufeng/papers/mamba.md
        "- Inference throughput: 5× higher than Transformers (O(1) per-step recurrence vs. O(L) KV"
        " cache)",
        # https://wooseokgwak.github.io/projects/2_project (layer-wise KV streaming overlapped)
        "- Achieved a 5–15% reduction in TTFT compared to the non-overlapped baseline.",
    ],
)
def test_a_recurrent_model_or_an_overlap_is_no_kv_reuse(sentence: str) -> None:
    assert _factors(sentence) == []
    assert _factors(sentence, explicit=True) == []


def test_a_cache_faster_than_the_transformer_s_recompute_is_still_read() -> None:
    # the Transformer named as the model, not as the compared side
    assert _factors("With prefix caching, the Transformer's TTFT is 5x lower than recompute.") == [
        5.0
    ]


def test_a_figure_under_a_goal_column_is_a_target() -> None:
    # https://github.com/uniqueni/Mooncake/blob/feature-test/simple_test/docs/EXAMPLE_EXECUTIVE_REPORT.md
    header = "指标 | 无缓存 (Baseline) | 有缓存 (Cache Hit) | 改善 | 目标 | 状态"
    row = "TTFT (平均) | 1200.00 ms | 400.00 ms | -67.0% | -60% | ✅"
    kept = {
        d.candidate.percent[0]: d.kept
        for d in read(row, hint=header).decisions
        if d.candidate.percent
    }
    assert kept == {67.0: True, 60.0: False}


def test_a_count_of_retries_is_no_factor() -> None:
    reading = read("Retrying 3x with prefix caching, TTFT was 5x lower.")
    assert {d.candidate.value: d.kept for d in reading.decisions} == {3.0: False, 5.0: True}


def test_more_requests_at_once_is_load_not_reuse() -> None:
    # https://github.com/daekeun-ml/deepseek-v4-flash-serving-guide/blob/main/README.md: raising
    # concurrency to 32 gives 6.7x throughput (and 163x worse p95 TTFT)
    assert (
        _factors("동시성을 32로 올리면 처리량은 6.7배가 되지만 TTFT p95는 163배 나빠집니다.") == []
    )
    assert _factors("Increasing concurrency from 1 to 32 raises throughput 6.7x.") == []
    # a KV claim measured at a concurrency is still one
    assert _factors("At concurrency 32, prefix caching raises throughput 6.7x.") == [6.7]


def test_a_faster_gpu_is_no_kv_reuse() -> None:
    # https://github.com/haochentSC/Distributed-KV-Cache-for-LLM-Inference (phase45-gpu-cloud.md):
    # the warm path is slower than recompute here; the 4x is the A100's prefill
    sentence = (
        "On the same 4k rung here: baseline **273 ms**, warm **766 ms** — the A100 prefills ~4×"
        " faster while the warm path stays Python/deserialize/copy bound (~300 MB/s effective)."
    )
    assert _factors(sentence) == []
    assert _factors(sentence, explicit=True) == []
    # a KV claim measured on an A100 is still one
    assert _factors("On the A100, prefix caching makes prefill ~4x faster.") == [4.0]


def test_a_slowdown_named_before_its_figure_is_no_speedup() -> None:
    # https://github.com/ModelTC/LightX2V/blob/main/blogs/ZH_CN/DisaggBlogPost.md: offloading
    # weights makes the text encoder 32 times slower (慢了 32 倍)
    sentence = (
        "在 RTX 4090 上，Qwen-2512 的 Text Encoder 延迟从 **0.40 s**（分离部署，无需 offload）"
        "飙升到 **12.89 s**（baseline + offload），慢了 **32 倍**。"
    )
    assert _factors(sentence, explicit=True) == []
    # https://github.com/xix-060/AI-Agent-learning_mim/blob/main/docs/vllm-performance.md:
    # average latency soared 12 times as concurrency went from 1 to 20
    assert _factors("但平均延迟暴涨 12 倍", explicit=True) == []
    # slower without the cache is the cache's gain, in either language
    assert _factors("不使用 KV cache 时 prefill 慢了 32 倍", explicit=True) == [32.0]
    assert _factors("关闭 prefix cache 后 TTFT 增加了 3 倍", explicit=True) == [3.0]
    assert _factors("Disabling prefix caching makes TTFT 5x slower.") == [5.0]


def test_a_hypothesis_refuted_is_no_claim() -> None:
    # https://krabarena.com/claims/prefix-caching-pays-off-exactly-once-7x-at-first-contact-then-vllm-sglang-ollama
    sentence = (
        "Statistical tie with vLLM at turn 5 -- refutes this battle's stated hypothesis of a 6.4x"
        " SGLang advantage over vLLM on prefix caching"
    )
    assert read(sentence, page="kv").claims == []
    # a claim that merely mentions a hypothesis elsewhere is still one
    assert _factors("As hypothesized, prefix caching cut TTFT by 5x.") == [5.0]


def test_a_swing_between_identical_runs_is_noise() -> None:
    # https://github.com/DamnKuldeep/qwen2.5-1.5b-awq-vllm-rtx3050-4gb
    # (benchmarks/optimization_results.md)
    sentence = (
        "`--enable-prefix-caching` has been on since Stage 1 and its effect has been observed"
        " indirectly three times: chat TTFT staying flat across a 55x context increase (Stage 6),"
        " a 16% throughput swing between identical benchmark runs (Stage 8), and 100% hit-rate"
        " spikes during eviction recompute (Stage 10a)."
    )
    assert read(sentence, page="kv").claims == []
    assert _factors("Prefix caching gives a 16% throughput gain with low noise.") == [1.16]


def test_a_time_that_grows_with_the_prompt_is_no_speedup() -> None:
    # https://github.com/rebibabo/rebibabo.github.io (_posts/llm-inference/04-prefix-caching.md):
    # with the cache off, TTFT grows linearly from 111 ms to 853 ms as the prompt grows
    sentence = (
        "关闭 Prefix Cache 时，TTFT 从 353 tokens 下的 111ms 线性增长至 3961 tokens 下的 853ms。"
    )
    assert read(sentence, page="kv").claims == []
    # a time that falls with the cache is still read
    falls = read("开启 Prefix Cache 后，TTFT 从 853ms 降至 111ms。", page="kv").claims
    assert [(c.values.get("baseline_seconds"), c.values.get("cached_seconds")) for c in falls] == [
        (0.853, 0.111)
    ]


def test_a_transfer_engine_against_tcp_is_a_network_figure() -> None:
    # https://github.com/zhenglianchi/Interview-experience/blob/main/Mooncake.md: Mooncake's
    # Transfer Engine reaches 190 GB/s over RoCE, 4.6x faster than TCP
    sentence = (
        "实现异构环境下 KV Cache / 权重的高带宽传输（40 GB 数据在 8×400Gbps RoCE 下达 190 GB/s，"
        "比 TCP 快 4.6x）。"
    )
    assert _factors(sentence, explicit=True) == []
    # a cache's gain measured on a TCP link is still one
    assert _factors("Mooncake cuts TTFT 4.6x versus recompute over TCP.") == [4.6]


def test_a_faster_link_against_pcie_is_a_network_figure() -> None:
    # https://github.com/Marinette101/vllm-learning-notes/blob/main/docs/zh/04_hardware_and_kernel_optimization.md:
    # NVLink-C2C against PCIe Gen5 for KV paging between CPU and GPU memory
    sentence = "这使得 CPU-GPU 间的 KV 换页延迟相比传统 PCIe Gen5 降低了 $> 14\\times$！"
    assert read(sentence, page="kv").claims == []
    assert _factors("NVLink-C2C cuts KV swap latency 14x compared to traditional PCIe Gen5.") == []
    # a cache's gain measured over a PCIe link is still one
    assert _factors("Loading the KV cache over PCIe Gen5 is 14x faster than recomputing it.") == [
        14.0
    ]


def test_what_a_figure_should_be_is_no_measurement() -> None:
    # https://github.com/KrxGu/ai-prompt-cache/blob/main/README.md: a step of a walkthrough
    sentence = "5. Second call should show significantly lower TTFT (26-69% improvement)"
    assert read(sentence, page="kv").claims == []
    # what a reader is told to expect (the wording of
    # https://github.com/Infini-AI-Lab/TriForce/blob/main/README.md, set on a KV cache)
    assert _factors("With prefix caching, you should observe a 2.2x speedup on TTFT.") == []
    # a measured figure beside an expectation elsewhere is still read
    assert _factors("Prefix caching cut TTFT 3x, so the second call should be fast.") == [3.0]


def test_kv_shared_across_layers_is_an_architecture_not_reuse() -> None:
    # https://github.com/dw-dengwei/daily-arXiv-ai-enhanced/blob/data/data/2026-06-07.md:
    # cross-layer sparse attention on a YOCO-style shared KV cache
    sentence = (
        "TL;DR: 本文提出跨层稀疏注意力（CLSA），基于KV共享架构（如YOCO），通过跨解码层共享KV缓存和"
        "路由索引，实现token级稀疏注意力的细粒度选择性同时摊销路由开销，在128K上下文长度下取得最高"
        "7.6倍解码加速和17.1倍整体吞吐提升。"
    )
    assert _factors(sentence, explicit=True) == []


def test_a_load_swept_from_one_rate_to_another_is_no_gain() -> None:
    # https://github.com/vllm-project/vllm/issues/5666: 50 and 100 qps are the load, not a result
    sentence = (
        "2) From 50qps to 100qps,  the first token latency increase from 90ms to 360ms with non"
        " prefix-caching, the first token latency increase a little from 90ms to 110ms with"
        " prefix-caching。"
    )
    assert all(c.values.get("speedup") != 2.0 for c in extract_claims(sentence))
    # rates a system reached are still a gain
    assert _factors("With prefix caching, throughput went from 50 qps to 100 qps.") == [2.0]


def test_a_query_answered_again_from_a_response_cache_is_no_kv_reuse() -> None:
    # https://github.com/zakariaf/RAG-Cache/blob/main/README.md: an exact-match response cache
    # in Redis against an LLM call
    page = (
        "## 📊 Real Performance Tests\n\n### Cache Hit Performance\n\n"
        "| Test | Cache Type | Latency | Speedup |\n|------|------------|---------|---------|\n"
        "| First Query (Cache Miss) | LLM Call | 8,573ms | baseline |\n"
        "| Same Query (Exact Match) | **Redis** | 1.11ms | **7,723x faster** |\n"
    )
    assert _page_speedups(page) == []
    # prompt caching of identical queries is still a KV claim
    assert _factors("Prompt caching makes identical queries 5x faster on TTFT.") == [5.0]


def test_the_gain_of_offloading_nothing_is_no_kv_offload_gain() -> None:
    # https://github.com/ModelTC/LightX2V/blob/main/blogs/ZH_CN/DisaggBlogPost.md: the text
    # encoder runs 32.2x faster once weight offload is eliminated (消除 offload)
    assert read("- Text Encoder 加速 **32.2x**（RTX 4090，消除 offload）", page="kv").claims == []
    assert _factors("Removing the CPU offload makes decode 3x faster.", explicit=True) == []
    # an offload product's own gain is still read
    assert _factors("LMCache offload cuts TTFT 5x.") == [5.0]


def test_an_encoder_disaggregated_deployment_is_no_kv_reuse() -> None:
    # https://github.com/range3/coderead-vllm/blob/main/docs/src/vllm/investigations/ec-connector-github-discussions.md:
    # 8-9% better TTFT on a 1E-1PD deployment (one encoder, one prefill-decode instance)
    sentence = "- RTX 4090 での1E-1PD構成で ExampleConnector より **8-9% の TTFT 改善** を実証"
    assert read(sentence, page="kv").claims == []


@pytest.mark.parametrize(
    ("sentence", "factors"),
    [
        # a modal that does not govern the figure
        ("As you might expect, prefix caching cut TTFT by 5x.", [5.0]),
        ("Prefix caching, which should be enabled by default, cut TTFT 4x.", [4.0]),
        ("Although it might seem counterintuitive, prefix caching reduced TTFT 3x.", [3.0]),
        ("You should see a 4x TTFT speedup from prefix caching, as we measured on H100.", [4.0]),
        # the cache-less side named as the slower one
        ("Requests that miss the prefix cache are slower by 6x.", [6.0]),
        ("vLLM without LMCache is slower by 3x.", [3.0]),
        ("Cold requests are slower by 5x than warm, cached ones.", [5.0]),
        # TCP as the link, a token rate reached, a speed that grows, a hypothesis that held
        ("Prefix cache hits served over TCP deliver a 5x TTFT speedup.", [5.0]),
        ("From 30 tokens/s to 240 tokens/s, prefix caching lifted our decode throughput.", [8.0]),
        ("开启前缀缓存后，响应速度增长 3 倍。", [3.0]),
        ("This confirms the hypothesis of a 3x TTFT speedup from prefix caching.", [3.0]),
        ("Enabling cpu_offload for the KV cache cut TTFT by 3x.", [3.0]),
        # counts and sizes that grow are no speed, in Vietnamese as in English
        ("Bộ nhớ GPU tăng lên 2 lần khi bật KV cache.", []),
        ("Số lượng người dùng tăng gấp 10 lần nhờ KV cache.", []),
        ("The number of users increase by 10x thanks to KV cache.", []),
    ],
)
def test_the_round_s_look_alike_rules_keep_their_claims(
    sentence: str, factors: list[float]
) -> None:
    # counter-cases a review of the look-alike rules of this round found (invented wording
    # around the real shapes): each rule must leave these as they were read before it
    assert _factors(sentence) == factors


def test_a_row_labelled_as_a_speedup_holds_speedups() -> None:
    # https://github.com/rh-aiservices-bu/rhaoi3-llm-d/blob/main/README.md (excerpt)
    page = (
        "# llm-d prefix-aware routing demo\n\n"
        "llm-d routes requests to replicas whose KV cache holds their prefix.\n\n"
        "### Results Comparison\n\n"
        "| Metric | vLLM | llm-d | Improvement |\n"
        "|--------|------|-------|-------------|\n"
        "| Cache Speedup | 1.79x | 3.84x | **2.1x better** |\n"
    )
    assert _page_speedups(page) == [1.79, 3.84]
    # a row of another quantity holds none
    assert _page_speedups(page.replace("Cache Speedup", "Cache memory")) == []
    # https://github.com/k-l-lambda/trigo.cpp/blob/main/docs/PERFORMANCE_ANALYSIS-1211.md: a
    # speedup over the cached run is the cache's loss
    against = page.replace("Cache Speedup", "Speedup vs cached")
    assert _page_speedups(against) == []


def test_a_performance_gain_column_holds_speedups() -> None:
    # https://github.com/lisihao/ThunderLLAMA/blob/82da7be71efd1c1054e80bd03243c784ba39934c/README.zh.md
    # (excerpt): scenario | performance improvement | notes
    page = (
        "# ThunderLLAMA ⚡\n\n**为 Apple Silicon 优化的高性能 LLM 推理引擎**\n\n"
        "> 基于 llama.cpp，集成 Paged Attention + 多层缓存 + ContextPilot，专为长上下文和多轮对话优化\n\n"
        "## 性能表现\n\n"
        "| 场景 | 性能提升 | 说明 |\n"
        "|------|---------|------|\n"
        "| **跨会话恢复（L3 缓存）** | **22-33x** | 磁盘持久化，重启不丢失 |\n"
    )
    assert _page_speedups(page) == [33.0]
    # a column of another gain holds none
    assert _page_speedups(page.replace("性能提升", "内存节省")) == []


def test_a_change_against_one_side_is_a_change_of_the_column_before() -> None:
    # https://github.com/lcc-star/kv-offload-lab/blob/bc01c74cf6042b8fa714d88c5a533b45614d9754/study/e2e_async_swap/三方案矩阵报告.md
    # "相对同步" (relative to the synchronous run) after a throughput column: −0.96% is the
    # throughput falling, no speedup
    hint = "GPU blocks | 方案 | 吞吐 tok/s | 相对同步 | TTFT P95 ms | 相对同步 | TPOT P95 ms | 输出匹配"
    row = "32 | 安全异步 | 195.592 ± 0.936 | -0.96% | 357.392 ± 40.980 | +6.51% | 56.166 ± 0.351 | 11/12"
    assert read(row, hint=hint, page="kv").claims == []
    # after a TTFT column the same cut is a time falling
    faster = "20 | 安全异步 | 196.580 ± 1.019 | -0.89% | 347.493 ± 1.359 | -6.83% | 58.610 ± 0.311 | 12/12"
    claims = read(faster, hint=hint, page="kv").claims
    assert [round(float(str(c.values["speedup"])), 2) for c in claims] == [1.07]


def test_a_count_of_operations_after_a_metric_word_is_no_speed() -> None:
    # https://github.com/Marinette101/vllm-learning-notes/blob/3b92d3a82de48d121ddae10427bf8e91e0922417/docs/en/03_performance_and_quality.md
    sentence = (
        "Even though Decode Attention FLOPs (2.68 GFLOPs) are 2× Prefill Attention FLOPs "
        "(1.34 GFLOPs), decode is memory-bound."
    )
    assert _factors(sentence) == []
    page = f"# KV cache and prefill\n\nThe KV cache holds each token's keys.\n\n{sentence}\n"
    assert _page_speedups(page.replace("2×", "$2\\times$")) == []
    # the prefill's speed is one
    assert _factors("Prefix caching gives 2x prefill throughput on long prompts.") == [2.0]


def test_a_cost_cut_before_and_is_not_the_next_figures_subject() -> None:
    # https://github.com/HKUDS/LightRAG/pull/2426: the range is the speed claim, whole
    (claim,) = extract_claims(
        "Restructures entity extraction prompts to leverage OpenAI's automatic prompt caching, "
        "enabling 45-50% cost reduction and 2-3x faster indexing for GPT-4o, GPT-4o-mini, "
        "o1-preview, and o1-mini models."
    )
    assert (claim.values["speedup"], claim.values["speedup_low"]) == (3, 2)
    # a cost right before the figure is still its subject
    assert _factors("With prompt caching, a cost reduction of 2-3x for GPT-4o.") == []


def test_the_high_end_of_a_range_has_the_ranges_words() -> None:
    # made up: a hope names the whole range, its high end included
    assert _factors("With prefix caching, the expected speedup is 2-5x.", explicit=True) == []
    assert _factors("With prefix caching, the speedup is 2-5x.", explicit=True) == [5.0]


def test_a_theoretical_figure_is_no_result() -> None:
    # https://github.com/rebibabo/rebibabo.github.io/blob/source/source/_posts/llm-inference/05-spectulative-decoding.md
    # ("in theory only 13% of room to speed up; eaten by the overheads of KV cache updates …,
    # measured ~0%")
    text = "理论上只有 **13%** 的加速空间，被系统管理开销（KV Cache 更新、拒绝重采样、调度）吃掉后，实测为 ~0%。"
    assert _factors(text, explicit=True) == []
    assert _factors(text.replace("理论上", ""), explicit=True) == [1.13]
    assert _factors("With the prefix cache the theoretical speedup is 8x.", explicit=True) == []


def test_a_section_that_raises_the_engines_batch_cap_lends_that_cause() -> None:
    # https://github.com/DamnKuldeep/qwen2.5-1.5b-awq-vllm-rtx3050-4gb/blob/44bb40ac0e66163ae09c311fa7bbba98f9784727/benchmarks/optimization_results.md
    page = (
        "## Experiment 1 — Raise `--max-num-seqs`\n\n"
        "**Not in the original plan.** Added because Stage 9 produced direct evidence for it "
        "and it would be strange to run planned experiments while ignoring our own findings.\n\n"
        "**Hypothesis.** Stage 9 found the concurrency ceiling was `--max-num-seqs 8` — a value "
        "chosen in Stage 1 against a 4,096-token worst case. The evidence: KV cache peaked at "
        "**13.6%**, preemptions stayed at **zero**, prefill time stayed **flat**, while queue "
        "time climbed to **~12 s** and running was pinned at 8 with 24 waiting. Memory "
        "arithmetic says ~44 requests of that size would fit.\n\n"
        "| Metric | `--max-num-seqs 8` | `--max-num-seqs 24` | Change |\n"
        "| --- | --- | --- | --- |\n"
        "| TTFT p50 at conc 24 | 17,207 ms | 2,820 ms | **−83.6%** |\n"
        "| TTFT p95 at conc 24 | 18,739 ms | 7,548 ms | −59.7% |\n"
    )
    assert _page_speedups(page) == []
    # without the setting named, the rows are read as the KV cache's the page names
    assert _page_speedups(page.replace("max-num-seqs", "max-cap")) == [6.1, 2.48]


def test_a_rate_of_slo_violations_or_a_deviation_is_no_speed() -> None:
    # https://arxiv.org/html/2410.00428v3 (LayerKV)
    text = (
        "Comprehensive evaluations on representative models, ranging from 7B to 70B parameters, "
        "across various GPU configurations, demonstrate that LayerKV improves TTFT latency up to "
        "69x and reduces SLO violation rates by 28.7%, significantly enhancing the user experience."
    )
    assert _factors(text) == [69.0]
    # https://github.com/zhaoyang97/daily-arxiv/blob/main/docs/2026-03-03/think-as-you-see.md
    # ("… the first token's latency from 10.6 s to near zero, the reasoning-event deviation
    # down 55%")
    tays = (
        "TaYS 提出流式视频 CoT 推理范式，通过流式注意力掩码、解耦位置编码和并行双 KV 缓存机制，"
        "使 LVLM 在接收视频帧的同时进行增量推理，将首 token 延迟从 10.6 秒降至近零，"
        "推理-事件偏差减少 55%。"
    )
    assert _factors(tays) == []
    # the same cut of a time is a speed
    assert _factors(tays.replace("推理-事件偏差", "首 token 延迟")) == [2.22]


def test_an_implementation_swapped_in_is_the_cause_with_text() -> None:
    # a desktop app's README (SpeakEasy), found by a review of "and" before a figure; the search
    # index named no repository for it. Its "2-3x" is the other implementation's, with --text too
    text = (
        "Note: The project uses `faster-whisper` instead of standard `openai-whisper` for 3-4x "
        "less RAM usage and 2-3x faster CPU inference."
    )
    assert _factors(text, explicit=True) == []
    # the same figure with the prompt cache as its cause is read
    cached = (
        "Note: The project reuses the prompt cache for 3-4x less RAM usage and 2-3x faster TTFT."
    )
    assert _factors(cached, explicit=True) == [3.0]
