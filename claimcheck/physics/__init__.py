"""The physical model: KV bytes, prefill FLOPs and time, power caps, load time, breakeven, decode.

Pure functions with units in their names (docs/model.md). Token counts are plain
integers; GB means 1e9 bytes.
"""

from __future__ import annotations

from claimcheck.defaults import DEFAULT_OUTPUT_TOKENS, KvLayout
from claimcheck.physics.breakeven import (
    breakeven_bandwidth_gb_s,
    breakeven_tokens,
    cached_load_seconds,
    prefill_seconds_on,
    recompute_seconds,
    speedup_at,
)
from claimcheck.physics.context_parallel import (
    host_count,
    ring_exposed_seconds,
    ring_step_seconds,
)
from claimcheck.physics.decode import (
    HBM_EFFICIENCY,
    decode_seconds,
    decode_seconds_per_token,
    end_to_end_speedup,
)
from claimcheck.physics.dtypes import DTYPES, Dtype, bytes_per_element
from claimcheck.physics.efficiency import fp8_to_bf16_efficiency, mfu_for
from claimcheck.physics.kv import (
    KV_LAYOUTS,
    growing_kv_bytes_per_token,
    kv_bytes,
    kv_bytes_per_token,
    kv_bytes_per_token_per_layer,
)
from claimcheck.physics.load import (
    aggregate_bandwidth_gb_s,
    implied_bandwidth_gb_s,
    load_ceiling_gb_s,
    load_seconds,
)
from claimcheck.physics.memory import resident_weight_bytes, weight_bytes
from claimcheck.physics.power import (
    FAMILY_CURVES,
    GENERIC_CURVE,
    PowerCurve,
    PowerFactor,
    curve_for,
    power_factor,
)
from claimcheck.physics.prefill import (
    attention_flops,
    attention_pairs_per_layer,
    implied_mfu,
    linear_flops,
    lm_head_flops,
    memory_bound_knee_tokens,
    peak_flops_per_s,
    prefill_flops,
    prefill_seconds,
    windowed_pairs_line,
)
from claimcheck.physics.setup import Setup

__all__ = [
    "DEFAULT_OUTPUT_TOKENS",
    "DTYPES",
    "FAMILY_CURVES",
    "GENERIC_CURVE",
    "HBM_EFFICIENCY",
    "KV_LAYOUTS",
    "Dtype",
    "KvLayout",
    "PowerCurve",
    "PowerFactor",
    "Setup",
    "aggregate_bandwidth_gb_s",
    "attention_flops",
    "attention_pairs_per_layer",
    "breakeven_bandwidth_gb_s",
    "breakeven_tokens",
    "bytes_per_element",
    "cached_load_seconds",
    "curve_for",
    "decode_seconds",
    "decode_seconds_per_token",
    "end_to_end_speedup",
    "fp8_to_bf16_efficiency",
    "growing_kv_bytes_per_token",
    "host_count",
    "implied_bandwidth_gb_s",
    "implied_mfu",
    "kv_bytes",
    "kv_bytes_per_token",
    "kv_bytes_per_token_per_layer",
    "linear_flops",
    "lm_head_flops",
    "load_ceiling_gb_s",
    "load_seconds",
    "memory_bound_knee_tokens",
    "mfu_for",
    "peak_flops_per_s",
    "power_factor",
    "prefill_flops",
    "prefill_seconds",
    "prefill_seconds_on",
    "recompute_seconds",
    "resident_weight_bytes",
    "ring_exposed_seconds",
    "ring_step_seconds",
    "speedup_at",
    "weight_bytes",
    "windowed_pairs_line",
]
