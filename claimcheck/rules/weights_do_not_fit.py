"""The model's weights plus the claimed context's KV exceed the claimed GPUs' memory.

The weights (every expert of an MoE) take their bytes in the precision the claim states
(``weights_dtype``, or ``--weights-dtype``), else in the smallest precision the model is
published in (FP8 Llama 3.1 405B and DeepSeek-V3, MXFP4 gpt-oss; docs/model.md §12), and the
KV cache of the claimed context its bytes from the architecture, in ``kv_dtype`` or BF16
(docs/model.md §1, §10). When the two together exceed the HBM of the claimed GPU count, the
setup cannot have run as stated: the model was sharded over more GPUs, quantised further, or
part of it was offloaded — each of which changes the recompute baseline. Activations and the
runtime's own memory are not counted, so the check is lenient. Needs the model, the GPU and
the GPU count (from the claim or ``--gpus``).

Flags:
    On one H100, Llama 3.1 70B recomputes a 32K-token prompt in 5 seconds; loading its KV cache from NVMe takes 1 second: 5x faster TTFT.

Does not flag:
    Llama 3.1 70B on 2x H100: a 32K-token prompt recomputed in 3 s vs 1 s loaded from NVMe, 3x faster TTFT.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.rules.base import Hit, Rule, Subject, number
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag weights plus context KV above the GPUs' HBM."""
    analysis = subject.analysis
    weights, kv, memory = analysis.weights_gb, analysis.context_kv_gb, analysis.gpu_memory_gb
    if weights is None or kv is None or memory is None or weights + kv <= memory:
        return
    model, precision = subject.setup.model, subject.setup.precision
    form = f" in {precision.weights_label(model)}" if model is not None else ""
    context = f" plus the context's KV ({number(kv)} GB)" if kv else ""
    yield Hit(
        f"The weights ({number(weights)} GB{form}){context} need {number(weights + kv)} GB, "
        f"more than the GPUs' {number(memory)} GB of memory: the setup cannot run as stated "
        "unless the model was spread over more GPUs, quantised further or partly offloaded "
        "(say so).",
        field="gpu_count",
    )


RULE = Rule("KV208", "weights-do-not-fit", Severity.WARNING, check, __doc__ or "")
