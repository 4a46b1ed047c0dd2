"""Recompute versus load: speedup at a prefix length, breakeven prefix N* and bandwidth B*.

docs/model.md §4. Recompute time is the marginal prefill of the prefix (linear plus
causal attention); the LM head runs once on either path and cancels. Load time is the fixed
latency plus the prefix's KV bytes over the aggregate bandwidth.
"""

from __future__ import annotations

import math

from claimcheck.physics.context_parallel import ring_exposed_seconds
from claimcheck.physics.kv import (
    growing_kv_bytes_per_token,
    kv_bytes,
    kv_bytes_per_token_per_layer,
)
from claimcheck.physics.load import load_seconds
from claimcheck.physics.prefill import (
    attention_flops,
    linear_flops,
    lm_head_flops,
    windowed_pairs_line,
)
from claimcheck.physics.setup import Setup


def recompute_seconds(setup: Setup, prefix_tokens: int) -> float:
    """Seconds to recompute the KV of ``prefix_tokens`` tokens (linear + causal attention,
    each at its own format's rate)."""
    model = setup.model
    return (
        linear_flops(model, prefix_tokens) / setup.flops_per_s
        + attention_flops(model, prefix_tokens) / setup.attention_flops_per_s
    )


def prefill_seconds_on(setup: Setup, prefix_tokens: int) -> float:
    """Seconds of a whole prefill of ``prefix_tokens`` tokens: ``recompute_seconds``, the LM
    head's one pass and, across hosts, the ring communication attention does not hide."""
    head_s = lm_head_flops(setup.model) / setup.flops_per_s
    ring_s = ring_exposed_seconds(setup, prefix_tokens)
    return recompute_seconds(setup, prefix_tokens) + head_s + ring_s


def cached_load_seconds(setup: Setup, prefix_tokens: int) -> float:
    """Seconds to load the KV of ``prefix_tokens`` tokens from the setup's tier."""
    bytes_ = kv_bytes(
        setup.model,
        prefix_tokens,
        setup.kv_dtype,
        windowed_layers_store_full=setup.windowed_layers_store_full,
    )
    return load_seconds(bytes_, setup.load_bandwidth_gb_s, setup.load_latency_s)


def speedup_at(setup: Setup, prefix_tokens: int) -> float:
    """Recompute seconds ÷ load seconds for a prefix of ``prefix_tokens`` (≥ 1) tokens."""
    return recompute_seconds(setup, prefix_tokens) / cached_load_seconds(setup, prefix_tokens)


def breakeven_tokens(setup: Setup) -> int | None:
    """Smallest prefix, in tokens, at which loading is at least as fast as recomputing.

    Solves ``a·N² + (c_r − c_l)·N − t0 = 0`` in closed form (docs/model.md §4), with
    a = attention seconds per token², c_r = linear and c_l = load seconds per token, t0 the
    latency. Past a window, windowed layers add linear terms instead. 0 means loading always
    wins; ``None`` that it never does.
    """
    model = setup.model
    flops_per_s = setup.flops_per_s
    pair_s = (
        2.0 * model.query_heads * (model.head_dim + model.value_head_dim)
    ) / setup.attention_flops_per_s
    layer_load_s = kv_bytes_per_token_per_layer(model, setup.kv_dtype) / (
        setup.load_bandwidth_gb_s * 1e9
    )
    linear_s = linear_flops(model, 1) / flops_per_s
    latency_s = setup.load_latency_s
    # Up to the window every layer attends to, and stores, the whole prefix.
    root = _smallest_root(
        model.layers * pair_s / 2.0, linear_s - model.layers * layer_load_s, -latency_s
    )
    window = model.window_tokens
    if window is None or root is None or root <= window:
        return _whole_tokens(root)
    slope, offset = windowed_pairs_line(model)
    if setup.windowed_layers_store_full:
        stored_layers, stored_fixed_s = model.layers, 0.0
    else:
        stored_layers, stored_fixed_s = (
            model.full_layers,
            model.windowed_layers * layer_load_s * window,
        )
    a = model.full_layers * pair_s / 2.0
    b = linear_s + model.windowed_layers * pair_s * slope - stored_layers * layer_load_s
    c = -latency_s - model.windowed_layers * pair_s * offset
    root = _smallest_root(a, b, c - stored_fixed_s)
    if root is not None and model.window_kind == "chunked" and not setup.windowed_layers_store_full:
        # A chunked layer holds only the chunk the prefix ends in: its load falls back at each
        # chunk's start, so the root above (a whole chunk held) bounds the answer from above.
        return _chunked_root(a, b, c, model.windowed_layers * layer_load_s, window, root)
    return None if root is None else _whole_tokens(max(root, float(window)))


_MAX_CHUNKS = 10_000


def _chunked_root(
    a: float, b: float, c: float, chunk_load_s: float, chunk: int, upper: float
) -> int:
    """Smallest prefix N ≥ ``chunk`` with ``a·N² + b·N + c − chunk_load_s·(N mod chunk) ≥ 0``:
    the breakeven of a model with chunked layers (``chunk_load_s`` the seconds per token the
    chunked layers load). Within one chunk the condition is a convex quadratic in N, so its
    smallest solution is the chunk's start or its quadratic's larger root. ``upper`` (the root
    with a whole chunk held) is a solution; chunks are tried from the one of the root with none
    held, at most ``_MAX_CHUNKS`` of them, else ``upper`` is the answer."""
    lower = _smallest_root(a, b, c) or 0.0
    first = max(1, int(lower // chunk))
    last = int(upper // chunk)
    if last - first > _MAX_CHUNKS:
        return math.ceil(max(upper, float(chunk)))
    for index in range(first, last + 1):
        start = index * chunk
        # In this chunk N mod chunk = N − start: a·N² + (b − l)·N + (c + l·start) ≥ 0.
        linear, constant = b - chunk_load_s, c + chunk_load_s * start
        if a * start * start + linear * start + constant >= 0:
            return start
        found = _larger_root(a, linear, constant)
        if found is not None and found < start + chunk:
            return max(math.ceil(found), start)
    return math.ceil(max(upper, float(chunk)))


def _larger_root(a: float, b: float, c: float) -> float | None:
    """The larger real root of a·x² + b·x + c (``None`` if there is none)."""
    if a == 0.0:
        return -c / b if b != 0 else None
    disc = b * b - 4.0 * a * c
    if disc < 0:
        return None
    root_disc = math.sqrt(disc)
    # Two algebraically equal forms; each avoids cancellation for its sign of b.
    return (-b + root_disc) / (2.0 * a) if b <= 0 else (-2.0 * c) / (b + root_disc)


def breakeven_bandwidth_gb_s(setup: Setup) -> float:
    """B*: aggregate GB/s at which one token's KV loads as fast as its linear FLOPs compute.

    ``b_kv · g·F·u·s / (2·P_act)``; latency and attention ignored (docs/model.md §4).
    Windowed layers count only when they store the full length.
    """
    bytes_per_token = growing_kv_bytes_per_token(
        setup.model, setup.kv_dtype, windowed_layers_store_full=setup.windowed_layers_store_full
    )
    return bytes_per_token * setup.flops_per_s / linear_flops(setup.model, 1) / 1e9


def _smallest_root(a: float, b: float, c: float) -> float | None:
    """Smallest x ≥ 0 with a·x² + b·x + c ≥ 0, for a ≥ 0 and c ≤ 0 (``None`` if there is none)."""
    if a == 0.0:
        return -c / b if b > 0 else None
    root_disc = math.sqrt(b * b - 4.0 * a * c)
    # Two algebraically equal forms; each avoids cancellation for its sign of b.
    return -2.0 * c / (b + root_disc) if b > 0 else (root_disc - b) / (2.0 * a)


def _whole_tokens(root: float | None) -> int | None:
    return None if root is None else math.ceil(root)
