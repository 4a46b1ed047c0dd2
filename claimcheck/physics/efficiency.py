"""The fraction of a precision's dense peak that an assumed MFU stands for (docs/model.md §2).

An assumed MFU (0.5, or ``--mfu``) is a fraction of the BF16 peak. FP8 tensor cores reach a
smaller fraction of their own peak: the best dense FP8 matmul on an H100 SXM reaches 1,402.6 of
1,979 TFLOPS (70.9 %), the best BF16 one 794.5 of 989 (80.3 %) ("Maximum Achievable Matmul
FLOPS", stas00/ml-engineering, compute/accelerator/README.md). So FP8 work assumed at MFU ``u``
runs at ``u × 70.9 / 80.3`` of the FP8 peak on that GPU. An MFU read off a measured time is the
run's own and is never scaled.
"""

from __future__ import annotations

from claimcheck.catalog.specs import GpuSpec
from claimcheck.defaults import Dtype


def fp8_to_bf16_efficiency(gpu: GpuSpec) -> float:
    """The best FP8 matmul's fraction of the FP8 peak over the best BF16 matmul's fraction of
    the BF16 peak, both measured on ``gpu``; 1.0 where either is unmeasured (H100 SXM:
    (1,402.6 ÷ 1,979) ÷ (794.5 ÷ 989) = 0.882)."""
    fp8_peak, fp8_best, bf16_best = gpu.fp8_tflops, gpu.fp8_mamf_tflops, gpu.bf16_mamf_tflops
    if fp8_peak is None or fp8_best is None or bf16_best is None:
        return 1.0
    return (fp8_best / fp8_peak) / (bf16_best / gpu.bf16_tflops)


def mfu_for(gpu: GpuSpec, dtype: Dtype, mfu: float, *, calibrated: bool = False) -> float:
    """The fraction of ``dtype``'s dense peak that work in ``dtype`` reaches at MFU ``mfu``:
    ``mfu`` itself for BF16 work or a ``calibrated`` MFU (read off a measured time at that
    peak), else ``mfu × fp8_to_bf16_efficiency(gpu)``."""
    if dtype == "bf16" or calibrated:
        return mfu
    return mfu * fp8_to_bf16_efficiency(gpu)
