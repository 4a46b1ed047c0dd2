"""The communication a prefill split across hosts adds (docs/model.md §2, "Across hosts").

Past one host, the best-run long prefill splits the prompt across hosts (context parallelism)
and runs ring attention that passes keys and values: each host holds ``N/H`` of the tokens, and
in each full-attention layer it sends its block of KV to the next host ``H − 1`` times while it
computes attention against the block it holds ("pass-KV", Yang et al., "Context Parallelism for
Scalable Million-Token Inference", arXiv 2411.01783, §3). A step costs the longer of the two:
the send, ``(N/H) · KV bytes per token and layer ÷ (the host's GPUs × each GPU's NIC rate)``,
or the step's attention, ``(N/H)²/2`` query-key pairs on the host's share of the GPUs. Only
the part of the send that attention does not hide is added to the prefill.
"""

from __future__ import annotations

import math

from claimcheck.physics.kv import kv_bytes_per_token_per_layer
from claimcheck.physics.setup import Setup


def host_count(setup: Setup) -> int:
    """Hosts the setup's GPUs fill: GPUs ÷ the GPUs one host joins, rounded up; 1 where the
    catalog names no system for the GPU."""
    per_host = setup.gpu.gpus_per_host
    return 1 if per_host is None else math.ceil(setup.gpu_count / per_host)


def ring_step_seconds(setup: Setup, prefix_tokens: int) -> tuple[float, float]:
    """``(send_s, attention_s)`` of one ring step of one full-attention layer: the seconds a host
    takes to send its block of KV to the next host, and to compute attention against one block.
    Both 0.0 on one host or where the GPU's NIC rate is unknown."""
    hosts, nic_gb_s = host_count(setup), setup.gpu.scale_out_gb_s
    if hosts <= 1 or nic_gb_s is None:
        return 0.0, 0.0
    model = setup.model
    block_tokens = prefix_tokens / hosts
    host_bytes_per_s = setup.gpu_count / hosts * nic_gb_s * 1e9
    send_s = block_tokens * kv_bytes_per_token_per_layer(model, setup.kv_dtype) / host_bytes_per_s
    pair_flops = 2.0 * model.query_heads * (model.head_dim + model.value_head_dim)
    host_flops_per_s = setup.attention_flops_per_s / hosts
    attention_s = block_tokens * block_tokens / 2.0 * pair_flops / host_flops_per_s
    return send_s, attention_s


def ring_exposed_seconds(setup: Setup, prefix_tokens: int) -> float:
    """Seconds of ring communication a prefill of ``prefix_tokens`` spends beyond its attention:
    ``full layers × (H − 1) × max(0, send − attention)`` per step; 0.0 on one host."""
    send_s, attention_s = ring_step_seconds(setup, prefix_tokens)
    steps = host_count(setup) - 1
    return setup.model.full_layers * steps * max(0.0, send_s - attention_s)
