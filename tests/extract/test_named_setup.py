"""Number formats read from prose (docs/model.md §12), on real wording with its source."""

from __future__ import annotations

from claimcheck.extract.named_setup import precisions


def _read(text: str) -> dict[str, str]:
    return {p.field: p.value for p in precisions(text, 0, len(text))}


def test_a_format_before_kv_cache_settles_the_kv_precision_only() -> None:
    # https://nvidia.github.io/TensorRT-Edge-LLM/developer_guide/features/FP8KV.html
    assert _read("FP8 KV cache reduces memory usage by quantizing the key-value cache") == {
        "kv_dtype": "fp8"
    }


def test_a_model_in_a_format_settles_the_compute_and_the_weights() -> None:
    # https://www.hyperstack.cloud/technical-resources/tutorials/how-to-run-distributed-inference-with-vllm-tensor-and-pipeline-parallelism-on-nvidia-h100-gpus
    assert _read("Moving Llama-3.1-70B in FP8 from one H100 to a 2x H100 setup") == {
        "weights_dtype": "fp8",
        "dtype": "fp8",
    }


def test_a_checkpoint_name_suffix_is_read_too() -> None:
    # https://huggingface.co/meta-llama/Llama-3.1-405B-Instruct-FP8 (the checkpoint's name)
    assert _read("served Llama-3.1-405B-Instruct-FP8 on 8 H100")["weights_dtype"] == "fp8"


def test_fp16_is_stated_as_bf16_and_mxfp4_as_fp4_weights() -> None:
    # https://docs.jarvislabs.ai/blog/scaling-llm-inference-dp-pp-tp
    assert _read("A 70B parameter model in FP16 needs ~140GB just for weights") == {
        "weights_dtype": "bf16",
        "dtype": "bf16",
    }
    # https://huggingface.co/openai/gpt-oss-120b (its weights are MXFP4): no FP4 compute
    assert _read("gpt-oss-120b with MXFP4 weights") == {"weights_dtype": "fp4"}


def test_words_that_only_contain_a_format_are_not_read() -> None:
    assert _read("the fp8x kernel and bf16.5 and float16s") == {}
