"""The stated recompute time needs more FLOPS than the GPUs have (implied MFU above 1).

With the model, GPU, GPU count, context and baseline time known, the baseline's efficiency
follows: the causal prefill FLOPs of the context (docs/model.md §2) divided by the baseline
time and the GPUs' combined dense peak in the compute precision: the one the claim states
(``dtype``, or ``--dtype``), else the highest a published precision of the model allows (FP8
for a model published in FP8, on a GPU with FP8 tensor cores; docs/model.md §12). Above 1
the GPUs would compute faster than their datasheet allows: the baseline ran on more GPUs than
stated, on a shorter prompt, or reused part of the prefix, and the headline cannot be checked
against the stated setup. Needs the model and GPU (from the claim or ``--model``/``--gpu``).

Flags:
    On one H100, Llama 3.1 70B recomputes a 128K-token prompt in 20 seconds; loading its KV cache from NVMe takes 2 seconds: 10x faster TTFT.

Does not flag:
    On one H100, Llama 3.1 70B recomputes a 128K-token prompt in 60 seconds; loading its KV cache from NVMe takes 6 seconds: 10x faster TTFT.
"""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.precision import label
from claimcheck.rules.base import Hit, Rule, Subject
from claimcheck.severity import Severity


def check(subject: Subject) -> Iterator[Hit]:
    """Flag an implied MFU above 1."""
    mfu = subject.analysis.implied_mfu
    model, gpu = subject.setup.model, subject.setup.gpu
    if mfu is None or mfu <= 1 or model is None or gpu is None:
        return
    compute = subject.setup.precision.bound_compute(model, gpu)
    lower = " or in a lower precision" if compute == "bf16" and gpu.fp8_tflops else ""
    yield Hit(
        f"The baseline time needs {mfu:.0%} of the GPUs' dense {label(compute)} peak (MFU "
        f"{mfu:.2f}): no GPU computes faster than its datasheet, so the baseline ran on more "
        f"GPUs{lower} or on less work than stated.",
        field="baseline_seconds",
    )


RULE = Rule("KV207", "impossible-baseline", Severity.ERROR, check, __doc__ or "")
