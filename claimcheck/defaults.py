"""The values claimcheck falls back on where a claim, the options and the configuration are
silent, each declared once (docs/model.md §2 for the MFU, §3 for the latency, §6 for the answer
length)."""

from __future__ import annotations

from typing import Literal

KvLayout = Literal["resumed", "full"]
"""What a windowed (sliding or chunked) layer holds: "resumed" only its last window, all a
resumed prefix needs; "full" every token, as a full-length allocator sizes it."""

Dtype = Literal["bf16", "fp8"]
"""A compute or KV-cache format (FP16 computes at BF16's peak and stores as many bytes)."""
WeightsDtype = Literal["bf16", "fp8", "fp4"]
"""A weights format; ``fp4`` is a 4-bit block format such as MXFP4 or NVFP4."""

DEFAULT_MFU = 0.5
"""Recompute efficiency assumed when no baseline time calibrates it."""

DEFAULT_OUTPUT_TOKENS = 500
"""Tokens of the answer decoded after the prefix, for the end-to-end speedup."""

DEFAULT_LATENCY_S = 0.001
"""Fixed cost of a load when no storage tier says otherwise."""

DEFAULT_EXCLUDE: tuple[str, ...] = (
    ".*",
    "node_modules/",
    "__pycache__/",
    "venv/",
    "site-packages/",
    "build/",
    "dist/",
)
"""Paths skipped in folders (``exclude`` replaces them, ``extend-exclude`` adds to them)."""

DEFAULT_MAX_BYTES = 10_000_000
"""Files larger than this are refused (``--max-file-size`` / config ``max-file-size``)."""
