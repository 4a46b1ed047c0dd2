"""KV load time: fixed latency plus bytes over the narrowest hop (docs/model.md §3).

Bandwidths are aggregate GB/s (1e9 bytes/s) into all the GPUs that load at once.
"""

from __future__ import annotations

import math

from claimcheck.catalog.specs import GpuSpec, TierSpec
from claimcheck.errors import UsageError


def aggregate_bandwidth_gb_s(
    gpu: GpuSpec,
    gpu_count: int = 1,
    tier: TierSpec | None = None,
    bandwidth_gb_s: float | None = None,
) -> float:
    """Effective GB/s into ``gpu_count`` GPUs: the narrowest of the tier and the host links.

    A per-GPU tier scales with the GPU count, a shared one does not; an explicit aggregate
    ``bandwidth_gb_s`` replaces the tier figure. ``load_ceiling_gb_s`` caps either.
    """
    if bandwidth_gb_s is not None:
        source_gb_s = bandwidth_gb_s
    elif tier is not None:
        source_gb_s = tier.bandwidth_gb_s * (gpu_count if tier.per_gpu else 1)
    else:
        raise UsageError("no storage tier or bandwidth given: cannot time a KV load")
    return min(source_gb_s, load_ceiling_gb_s(gpu, gpu_count))


def load_ceiling_gb_s(gpu: GpuSpec, gpu_count: int = 1) -> float:
    """The most any KV load into ``gpu_count`` GPUs can reach, GB/s: the GPUs' host links.

    Count × the measured host-to-device rate, else the line rate (docs/model.md §3). The one
    ceiling the load time, the breakeven and the implied-bandwidth check all use.
    """
    return gpu_count * gpu.host_link_effective_gb_s


def load_seconds(bytes_: float, bandwidth_gb_s: float, latency_s: float = 0.0) -> float:
    """Seconds to load ``bytes_``: ``latency_s`` plus bytes over ``bandwidth_gb_s`` (GB = 1e9 bytes)."""
    return latency_s + bytes_ / (bandwidth_gb_s * 1e9)


def implied_bandwidth_gb_s(bytes_: float, seconds: float, latency_s: float = 0.0) -> float:
    """GB/s a load of ``bytes_`` in ``seconds`` needs after ``latency_s``; infinite if no time is left."""
    transfer_s = seconds - latency_s
    return bytes_ / (transfer_s * 1e9) if transfer_s > 0 else math.inf
