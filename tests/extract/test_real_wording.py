"""The forms real pages use, and the look-alikes they print, each on a sentence as its source
wrote it (the page is named beside it). A few invented sentences, marked, cover forms the
collected pages did not happen to use."""

from __future__ import annotations

import pytest

from claimcheck.extract import Extraction, extract_claims
from claimcheck.extract.reader import read as read_text


def read(text: str) -> list[dict[str, object]]:
    return [dict(claim.values) for claim in extract_claims(text)]


def one(text: str) -> dict[str, object]:
    (claim,) = read(text)
    return claim


# https://forums.developer.nvidia.com/t/optimizing-time-to-first-token-with-fine-grained-kv-cache-blocks-real-time-reuse-and-efficient-eviction-algorithms/312692
NVIDIA = (
    "In our previous blog post, we demonstrated how reusing the key-value (KV) cache by "
    "offloading it to CPU memory can accelerate time to first token (TTFT) by up to 14x on "
    "x86-based NVIDIA H100 Tensor Core GPUs and 28x on the NVIDIA GH200 Superchip."
)


def test_two_gpus_in_one_sentence_are_two_claims_each_with_its_own_gpu() -> None:
    first, second = read(NVIDIA)
    assert (first["speedup"], first["gpu"]) == (14, "h100-sxm")
    assert (second["speedup"], second["gpu"]) == (28, "gh200")
    assert first["metric"] == second["metric"] == "ttft"


def test_two_headlines_in_a_paragraph_keep_their_own_setup() -> None:
    # invented: two claims in one paragraph, each with its model, context and times
    text = (
        "On Llama 3.1 70B, loading a 128K-token prefix from NVMe cut TTFT from 38 s to 1.9 s. "
        "Qwen3-32B saw a 9x faster time to first token at 32K tokens with the same KV tier."
    )
    first, second = read(text)
    assert (first["model"], first["context_tokens"]) == ("llama-3.1-70b", 128_000)
    assert (first["baseline_seconds"], first["cached_seconds"]) == (38, 1.9)
    assert (second["speedup"], second["model"], second["context_tokens"]) == (
        9,
        "qwen3-32b",
        32_000,
    )
    assert "baseline_seconds" not in second and "model" in second


def test_the_metric_comes_from_the_factors_own_clause() -> None:
    # https://reportify.ai/news/1152751671990947840
    text = (
        "Huawei's testing indicates that UCM can reduce the first token latency by up to 90% and "
        "increase system throughput by a factor of 22, while also achieving a tenfold expansion "
        "of context windows [2]"
    )
    ttft, throughput = read(text)
    # 1 ÷ (1 − 0.90) = 10
    assert (ttft["speedup"], ttft["metric"], ttft["speedup_qualifier"]) == (10, "ttft", "up to")
    assert (throughput["speedup"], throughput["metric"]) == (22, "throughput")


@pytest.mark.parametrize(
    ("text", "speedup", "metric"),
    [
        # https://thinkwithwp.com/bedrock/prompt-caching — 1 ÷ (1 − 0.85) = 6.67; the cost figure is neither
        (
            "As a result, prompt caching in Amazon Bedrock can reduce costs by up to 90% and "
            "latency by up to 85% for supported models.",
            6.67,
            "unspecified",
        ),
        # https://raw.githubusercontent.com/openai/openai-cookbook/main/examples/Prompt_Caching_201.ipynb
        (
            "Prompt Caching can reduce time-to-first-token latency by up to 80% and input token "
            "costs by up to 90%.",
            5,
            "ttft",
        ),
        # https://sky-bro.github.io/tags/kv-cache/
        (
            "Prefix caching stores and reuses those vectors, cutting TTFT by up to 97% in common "
            "deployments.",
            33.33,
            "ttft",
        ),
        # invented: "in half"
        ("LMCache cuts TTFT in half on repeated prompts.", 2, "ttft"),
    ],
)
def test_percentage_and_half_reductions(text: str, speedup: float, metric: str) -> None:
    claim = one(text)
    assert (claim["speedup"], claim["metric"]) == (speedup, metric)


def test_shared_unit_times_beside_a_cost_cut() -> None:
    # https://emsi.me/tech/ai-ml/boosting-ai-efficiency-with-anthropics-new-prompt-caching-feature/2024-08-14/173a37
    claim = one(
        "For instance, a conversation using a cached 100,000 token prompt with Claude 3.5 Sonnet "
        "saw latency drop from 11.5 seconds to 2.4 seconds, along with a 90% cost reduction."
    )
    assert (claim["baseline_seconds"], claim["cached_seconds"]) == (11.5, 2.4)
    assert claim["context_tokens"] == 100_000
    assert "speedup" not in claim  # the 90% is a cost, not the claim


def test_an_explicit_factor_is_the_headline_even_beside_times() -> None:
    # https://www.besthub.dev/articles/boost-llm-inference-with-kv-cache-aware-routing-on-alibaba-cloud-ack-gie-1df67d5ec672
    claim = one(
        "In a single‑node test, the first‑token response time dropped from 4.3 s to 0.6 s "
        "(≈7× faster) when the prompt was cached."
    )
    assert (claim["speedup"], claim["metric"]) == (7, "ttft")
    assert (claim["baseline_seconds"], claim["cached_seconds"]) == (4.3, 0.6)


def test_a_context_window_a_result_was_measured_at() -> None:
    # https://www.weka.io/blog/ai-ml/unlocking-scalable-inference-with-weka-augmented-memory-grid
    claim = one(
        "We demonstrated how Augmented Memory Grid radically reduces the time to first token "
        "(TTFT), achieving a 41x improvement based on a 128,000-token context window."
    )
    assert (claim["speedup"], claim["context_tokens"], claim["metric"]) == (41, 128_000, "ttft")


def test_a_rate_is_never_a_context_length() -> None:
    # invented: a throughput pair beside a prefix-cache cue
    claim = one("With prefix caching, throughput rose from 2,742 tok/s to 6,423 tok/s.")
    assert claim["speedup"] == round(6423 / 2742, 2)
    assert claim["metric"] == "throughput"
    assert "context_tokens" not in claim


@pytest.mark.parametrize(
    "text",
    [
        # https://www.min.io/product/product-brief/minio-memkv
        "General-purpose shared storage runs at millisecond latency, roughly 50x slower than "
        "G3.5 and incompatible with real-time inference.",
        # https://reportify.ai/news/1152701231320403968
        "The rise in user scale and request volume in AI applications has led to an exponential "
        "increase in token usage, with a projected daily token call of 16.4 trillion by May 2025, "
        "representing a 137-fold increase from the previous year [4]",
        # https://www.generalcompute.com/blog/h100-vs-h200-vs-b200-which-gpu-is-best-for-llm-inference
        "A prompt of 1,000 tokens takes roughly 10x more prefill compute than a 100-token prompt.",
        # https://www.maginative.com/article/anthropics-new-prompt-caching-feature-can-cut-costs-up-to-90/
        "The cache has a 5-minute lifetime and is refreshed with each use, making it ideal for long "
        "multi-turn conversations or complex tasks requiring multiple API calls.",
        # https://scrapbox.io/work4ai/FlashAttention-3
        "It’s 1.5-2.0x faster than FlashAttention-2",
        # https://benched.ai/glossary/time-to-first-token
        "Speculative decoding cuts TTFT by ~40 % but may waste tokens if guesses are discarded.",
        # https://llm-vram-calc.choppytoast.com/blog/kv-cache-explained/
        "The KV cache uses FP16 by default. INT8 cuts it in half, INT4 cuts it to a quarter.",
        # https://www.iclr.cc/virtual/2026/poster/10008708
        "By exploiting redundancies in KV caches, KVTC achieves up to 20x compression, while "
        "maintaining reasoning and long-context accuracy in Llama 3.1, Mistral-NeMo, and R1-Qwen 2.5.",
        # https://platform.deepseek.com/api-docs/news/news0802/
        "DeepSeek API introduces Context Caching on Disk, cutting prices by an order of magnitude",
        # https://contextwindow.news/article/the-first-derivative-of-inference
        "Inference is the fastest-growing market in technology, projected to hit $250 billion "
        "within seven years, three times the size of the database market.",
        # invented: a pause is not a measured time
        "After a 15-minute pause the session's KV cache is moved to NVMe; TTFT stays under 2 s.",
        # https://github.com/apple/ml-fastvlm/blob/main/README.md (a smaller vision encoder)
        "* Our smallest variant outperforms LLaVA-OneVision-0.5B with 85x faster "
        "Time-to-First-Token (TTFT) and 3.4x smaller vision encoder.",
        # https://wilburhimself.github.io/blog/tags/redis (a key-value store is a database)
        "By introducing a Redis caching layer designed around real access patterns, not just "
        "generic key-value storage, we cut P95 latency in half, reduced DB CPU load from 85% to "
        "45%, and eliminated the majority of timeouts.",
        # https://github.com/labscommunity/cascadia/issues/39 (a ratio of work)
        "Prefill is no longer one-shot relative to decode — at 64k prompt + 256-token response, "
        "prefill is ~64k / 256 ≈ **250× the FFN work** of decode.",
        # https://github.com/bernardladenthin/java-llama.cpp/pull/255 (a CI cache)
        "Job time: **~51 min cold → ~15 min warm** (≈5.5 min of the warm time is the unavoidable "
        "CUDA-toolkit `dnf install`).",
    ],
)
def test_look_alikes_on_real_wording_are_not_claims(text: str) -> None:
    assert read(text) == []


def test_explicit_text_does_not_turn_a_look_alike_into_a_claim() -> None:
    # https://benched.ai/glossary/time-to-first-token — forced with --text, still not a KV claim
    text = "Speculative decoding cuts TTFT by ~40 % but may waste tokens if guesses are discarded."
    assert extract_claims(text, explicit=True) == []


def test_a_token_count_is_not_a_model_size_and_a_rate_not_a_context() -> None:
    # the misreadings the issue names: "16.4 trillion tokens" (KV102), "2,742 tok/s" (KV201)
    claims: list[Extraction] = extract_claims(
        "KV offload served 16.4 trillion tokens last year at 2,742 tok/s, with 3x faster TTFT.",
        explicit=True,
    )
    (claim,) = claims
    assert "params_billions" not in claim.values
    assert "context_tokens" not in claim.values
    assert claim.values["speedup"] == 3


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # invented supplements for forms the issue names; 1 ÷ (1 − p) in each comment
        (
            "KV cache offload reduces wait time by as much as 60% for returning users.",
            {"speedup": 2.5, "speedup_qualifier": "up to", "metric": "unspecified"},  # 1 ÷ 0.4
        ),
        (
            "Loading the KV cache cuts first token latency by 75%.",
            {"speedup": 4.0, "metric": "ttft"},  # 1 ÷ 0.25
        ),
        (
            "LMCache reduces response time by up to 80% on multi-turn chats.",
            {"speedup": 5.0, "metric": "end_to_end"},  # 1 ÷ 0.2
        ),
        (
            "With prefix caching, TTFT fell 1797 → 983 ms on repeated prompts.",
            {"baseline_seconds": 1.797, "cached_seconds": 0.983, "metric": "ttft"},
        ),
    ],
)
def test_reduction_wording_and_shared_unit_arrows(text: str, values: dict[str, object]) -> None:
    claim = one(text)
    assert {k: claim.get(k) for k in values} == values


def test_two_factors_against_different_baselines_are_two_claims_with_their_baselines() -> None:
    # invented: one product compared with another product and with recompute
    first, second = extract_claims(
        "LMCache is 3x faster than vLLM's prefix cache and 10x faster than recomputing the prefix."
    )
    assert (first.values["speedup"], first.extras["baseline"]) == (3, "vLLM's prefix cache")
    assert (second.values["speedup"], second.extras["baseline"]) == (10, "recomputing the prefix")
    assert any("measured against recomputing the prefix" in r for r in second.readings)


def test_a_context_after_over_is_not_a_baseline() -> None:
    (claim,) = extract_claims("27x faster TTFT over a 128K context with KV offload.")
    assert "baseline" not in claim.extras
    assert claim.values["context_tokens"] == 128_000


@pytest.mark.parametrize(
    ("text", "speedup"),
    [
        # https://github.com/tonykipkemboi/crewai-anthropic-prompt-caching-cookbook/pull/1
        (
            "- Prompt caching cuts input cost by up to ~90% and speeds up time-to-first-token by"
            " up to ~85% for long prompts by caching the long, repeated part of your prompt"
            " (usually system context) across API calls.",
            1.85,  # 85 % faster: 1 + 0.85; the 90 % is a cost
        ),
        ("Prefix caching speeds up prefill by 40%.", 1.4),  # invented: 1 + 0.4
    ],
)
def test_speeding_up_by_a_percentage_is_that_much_faster(text: str, speedup: float) -> None:
    assert [claim["speedup"] for claim in read(text)] == [speedup]


# https://github.com/kvcache-ai/Mooncake/blob/HEAD/docs/source/performance/mooncake/ssd-offload-benchmark-results.md
MOONCAKE_SSD = (
    "With SSD offload, those evicted entries survive on disk and remain retrievable; the hit "
    "rate stays above 84% through round 8, and TTFT remains at 9.4s — roughly half the "
    "latency of Mooncake without SSD."
)


def test_half_the_latency_is_twice_as_fast() -> None:
    assert one(MOONCAKE_SSD)["speedup"] == 2


@pytest.mark.parametrize(
    "text",
    [
        # invented: "half the" before no time word is no speed
        "Half the time, the prefix cache misses.",
        "KV cache offload to NVMe costs half the GPUs.",
        "With KV cache offload the cluster needs half the DRAM.",
    ],
)
def test_half_of_something_other_than_a_time_is_no_factor(text: str) -> None:
    assert read(text) == []


# https://github.com/cline/cline/issues/96
CLINE = (
    "Prompt Caching is now available in v1.2.0 🎉 This is a gamechanger for Claude Dev, costs "
    "down by ~90% + response times down by at least half."
)


def test_a_plus_between_two_results_keeps_the_cost_cut_apart() -> None:
    # the 90 % is a cost; the response times' "down by at least half" is the speedup
    assert read(CLINE) == [{"speedup": 2.0, "metric": "end_to_end"}]


def test_cutting_a_time_by_half_is_twice_as_fast() -> None:
    # invented supplements: "by half" after a reduction; an increase by half is no doubling
    assert one("Prefix caching reduced TTFT by roughly half on repeated prompts.")["speedup"] == 2
    assert read("Prefix caching increased throughput by half on repeated prompts.") == []


@pytest.mark.parametrize(
    "text",
    [
        # a rate that falls by half is a slowdown; the first from
        # https://dev.to/ji_ai/chunked-prefill-why-maxnumbatchedtokens512-kills-throughput-34mb
        "TTFT jitter improves. Throughput drops by more than half, and p99 TTFT on long prompts "
        "gets worse than before.",
        "With prefix caching, tokens per second fell by about half.",  # invented
    ],
)
def test_a_rate_cut_by_half_is_no_speedup(text: str) -> None:
    assert read(text) == []


def test_inference_time_is_an_end_to_end_metric() -> None:
    # https://tomesphere.com/paper/2502.05431, on a page about KV-cache reuse
    (claim,) = read_text(
        "Achieves 4.5× speedup in inference time.", topic="KV cache reuse", page="kv"
    ).claims
    assert (claim.values["speedup"], claim.values["metric"]) == (4.5, "end_to_end")


def test_storage_io_that_carries_the_kv_cache_is_its_tier_not_another_cause() -> None:
    # https://github.com/vast-data/VUA/blob/main/doc/kv-connector-v1.md: GDS is how the KV
    # cache is loaded, 1 / (1 - 0.9) = 10
    claim = one(
        "These results demonstrate up to a 90% reduction in prefill latency time when utilizing "
        "GDS for loading KV cache from NFS RDMA."
    )
    assert (claim["speedup"], claim["metric"]) == (10.0, "ttft")
    # invented: with no KV wording, a GDS figure is the storage's own
    assert read("GPUDirect Storage cuts read latency by 90% on the same NVMe drives.") == []


@pytest.mark.parametrize(
    "text",
    [
        # https://prasadbhamidipati.in/the-hidden-economics-of-ai-agents (a cost, passed as a claim)
        "The difference between a cache-hostile and cache-optimized agent architecture is often "
        "10x in inference costs.",
        "Prefix caching gives a 4x in GPU memory savings.",  # invented
    ],
)
def test_a_figure_in_a_cost_or_memory_is_no_speedup_even_passed_as_a_claim(text: str) -> None:
    assert [dict(c.values) for c in extract_claims(text, explicit=True)] == []


def test_a_figure_in_a_metric_is_still_a_speedup() -> None:
    # invented: "in" before a metric names what the factor is of
    assert one("Prefix caching: 5x in end-to-end latency.")["speedup"] == 5


def test_a_model_called_flash_is_no_flash_storage() -> None:
    # https://github.com/GoogleCloudPlatform/generative-ai/blob/main/gemini/multimodal-live-api/real_time_rag_retail_gemini_2_0.ipynb:
    # a newer model against an older one; "2.0 Flash" no storage tier beside the comparison
    text = (
        "- Speed and performance: Gemini 2.0 Flash is the fastest model in the industry, with "
        "a 3x improvement in time to first token (TTFT) over 1.5 Flash."
    )
    assert [dict(c.values) for c in extract_claims(text, explicit=True)] == []
    # invented: flash as the tier the KV cache is kept in still is one
    claim = one("Keeping the KV cache on flash instead of recomputing it cuts TTFT 5x.")
    assert (claim["speedup"], claim["metric"]) == (5, "ttft")


def test_latex_sim_before_a_figure_reads_as_about() -> None:
    # https://arxiv.org/html/2606.14779v1, as its HTML renders the LaTeX
    claim = one(
        "Across evaluations on LLaMA 3.1-8B, GPT-OSS-20B, and Qwen3-30B-A3B, unified KV pooling "
        "reduces TTFT in long-contexts \\sim4.1×\\times over state-of-the-art techniques, all "
        "making under 10 s."
    )
    assert (claim["speedup"], claim["metric"]) == (4.1, "ttft")


@pytest.mark.parametrize(
    "text",
    [
        # https://proxy.liuyuxiang.com/item?id=46645138: one phase against another
        "So prefill is 10x faster than generation, and cache is 10x cheaper than prefill as a "
        "very general rule of thumb.",
        # https://arxiv.org/html/2606.14779v1: a target missed, and storage I/O
        "We observe significant inefficiencies in current KV caching in long contexts: high "
        "serving latency \\sim30.7 s, exceeding the typical TTFT requirement of 10 s by more "
        "than 3×\\times.",
        "It also reduces blocked I/O time by up to 23.2×\\times by eliminating filesystem overhead.",
        # https://github.com/raullenchai/Rapid-MLX/issues/1854: a stock engine, no "than" between
        "Vision request TTFT is 2.4x stock mlx-vlm on the same model (0.60s vs 0.25s, gemma-4-26b)",
        # https://www.ibm.com/docs/en/aix/7.3.0?topic=system-cachefs-performance-benefits
        "Performance tests showed that sequential reads from the CacheFS file system are 2.4 to "
        "3.4 times faster than reads from the NFS server's memory or disk.",
    ],
)
def test_other_causes_stay_out_even_passed_as_a_claim(text: str) -> None:
    assert extract_claims(text) == []
    assert extract_claims(text, explicit=True) == []


@pytest.mark.parametrize(
    ("text", "context_tokens"),
    [
        # https://github.com/Quartermaster-Labs/Quartermaster/blob/main/docs/slot-kv-cache.md:
        # the prefix stated beside a count of the tokens the cache served
        (
            "Measured on a 27B model at 32k context: prefill dropped from 60.6s to 0.35s, with "
            "32,032 of 32,057 tokens reused across a full process restart.",
            32_000,
        ),
        # https://arxiv.org/html/2502.05431v2 (APE), as its HTML renders it
        (
            "Efficiency evaluation shows that APE can achieve an end-to-end 4.5 speedup by "
            "reducing 28 prefilling time for a 128K-length context.",
            128_000,
        ),
        # https://portkey.ai/docs/integrations/llms/openai/prompt-caching-openai: a threshold in
        # one clause, the prefix the figure was measured at in the figure's own
        (
            "OpenAI now offers prompt caching, a feature that can significantly reduce both "
            "latency and costs for your API requests. This feature is particularly beneficial "
            "for prompts exceeding 1024 tokens, offering up to an 80% reduction in latency for "
            "longer prompts over 10,000 tokens.",
            10_000,
        ),
    ],
)
def test_the_context_is_the_prefix_the_figure_was_measured_at(
    text: str, context_tokens: int
) -> None:
    assert one(text)["context_tokens"] == context_tokens


@pytest.mark.parametrize(
    ("text", "speedup"),
    [
        # https://www.newx.sg/paper/detail/f1882d11-0b3f-11f1-b84c-00163e10baa7: a speed that
        # rises by a share is that much faster, not a time cut by it
        (
            "Through experiments on over 500 sessions—each featuring a 10,000-token system "
            "prompt—we compare three caching strategies and demonstrate that judicious caching "
            "can reduce API costs by 45–80% and improve first-token response speed by 13–31%.",
            1.31,
        ),
        # https://github.com/beijaflor/gen-ai-journal/blob/main/journals/2025-12-20/summaries/
        # 163_ngrok.com_blog_prompt-caching.md: 応答速度 is the speed of replies; 料金 a cost
        (
            "この記事は、OpenAIやAnthropicが提供するプロンプトキャッシング機能によって、LLMの"
            "トークン料金が最大10倍安くなり、応答速度が最大85%向上する技術的なメカニズムを、"
            "行列計算レベルまで掘り下げて解説している。",
            1.85,
        ),
    ],
)
def test_a_speed_that_rises_by_a_share_is_that_much_faster(text: str, speedup: float) -> None:
    assert one(text)["speedup"] == speedup


@pytest.mark.parametrize(
    "text",
    [
        # a speed that falls is no speedup, and a transfer speed is the storage's, not the
        # model's
        "With prefix caching on, response speed dropped by 20% under this load.",
        "With KV cache offload to NVMe, transfer speed improved by 67%.",
    ],
)
def test_a_speed_share_that_is_no_model_speedup_stays_out(text: str) -> None:
    assert extract_claims(text) == []


def test_a_bar_the_result_had_to_clear_is_no_claim_of_its_own() -> None:
    # https://github.com/panbanda/higgs/pull/257: 10x was the acceptance criterion; the
    # measured pair is 9.30 s -> 0.53 s
    text = (
        "- ~7100-token prompt: cold request 9.30 s -> disk-restored request 0.53 s (**17.7x**, "
        'criterion was >=10x), reproduced across two restarts, "Disk prefix hit '
        'token_count=7104" in logs.'
    )
    for explicit in (False, True):
        (claim,) = extract_claims(text, explicit=explicit)
        assert claim.values.get("speedup") != 10.0
        assert (claim.values["baseline_seconds"], claim.values["cached_seconds"]) == (9.3, 0.53)


@pytest.mark.parametrize(
    ("text", "speedups"),
    [
        # a speed beside a cut is what the cut kept, or the verb "speeds", not a rate
        ("Prefix caching reduces TTFT by 40% while maintaining generation speed.", [1.67]),
        ("开启前缀缓存后首字延迟降低 70% 而解码速度基本不变。", [3.33]),
        ("KV cache offload reduces TTFT by 3x and speeds decode by 20%.", [1.25, 3.0]),
        # a time between the speed and the share is the share's: a 50% cut, not a 1.5x rise
        ("The prompt cache improves response speed by lowering latency by 50%.", []),
    ],
)
def test_a_speed_beside_a_cut_leaves_the_cut_a_cut(text: str, speedups: list[float]) -> None:
    found = sorted(
        float(str(c.values["speedup"])) for c in extract_claims(text) if "speedup" in c.values
    )
    assert found == speedups


# https://github.com/vllm-project/vllm-project.github.io/blob/e430a1376c002f850269b69544f9a14da8448889/_posts/2026-10-12-bidirectional-kvxfer-multiturn-agentic-workload.md
BIDIRECTIONAL = (
    "With it ON, the decode instance's retained KV is reused instead of recomputed, keeping "
    "TTFT far flatter: Qwen3-32B rises only from 122 ms to 460 ms over the same range (about "
    "a 1.6x reduction at the longest prompt), while GLM-5-FP8 rises from 358 ms to 702 ms and "
    "runs up to 3.3x below the recompute path at long prompts."
)


def test_a_factor_below_the_recompute_path_on_a_model_named_fp8_is_a_claim() -> None:
    # "below" a path is a time that much lower; "FP8" in the model's name is the model
    # measured, no quantisation the figure is credited to
    assert [c.values["speedup"] for c in extract_claims(BIDIRECTIONAL)] == [1.6, 3.3]
    # invented: a number format named as what was done is quantisation, KV cache or not
    quantised = "With FP8 quantization, TTFT runs up to 3.3x below BF16 on the same KV cache setup."
    assert extract_claims(quantised) == []
