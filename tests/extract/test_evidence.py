"""What a sentence attributes its figure to, on real sentences (each with its source)."""

from __future__ import annotations

from claimcheck.extract import extract_claims, read


def _factors(text: str, *, explicit: bool = False) -> list[object]:
    return [c.values.get("speedup") for c in extract_claims(text, explicit=explicit)]


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
