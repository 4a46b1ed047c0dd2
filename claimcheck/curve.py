"""Speedup against prefix length for one setup, time to first token and end to end: the curve
the HTML report and ``claimcheck breakeven --format svg`` draw.

The same physics as ``claimcheck breakeven`` (docs/model.md §4 for the breakeven, §6 for decode),
sampled evenly on a log scale so that a chart's line is smooth.
"""

from __future__ import annotations

from claimcheck.implied import Curve, CurvePoint
from claimcheck.physics import (
    Setup,
    cached_load_seconds,
    decode_seconds,
    end_to_end_speedup,
    recompute_seconds,
)

FIRST_PREFIX_TOKENS = 10
STEPS_PER_DECADE = 8


def prefix_grid(window_tokens: int, extra: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Prefix lengths from 10 tokens (from 1 when an ``extra`` length is shorter) to the
    model's window, ``STEPS_PER_DECADE`` per decade, with the window itself and the ``extra``
    lengths inside it."""
    inside = {n for n in extra if 1 <= n <= window_tokens}
    first = (
        1 if min(inside, default=FIRST_PREFIX_TOKENS) < FIRST_PREFIX_TOKENS else FIRST_PREFIX_TOKENS
    )
    grid = {window_tokens, *inside}
    step = 0
    while (n := round(first * 10 ** (step / STEPS_PER_DECADE))) < window_tokens:
        grid.add(n)
        step += 1
    return tuple(sorted(grid))


def speedup_curve(setup: Setup, output_tokens: int, extra: tuple[int, ...] = ()) -> Curve:
    """The speedup (recompute ÷ load) at each length of ``prefix_grid``, and end to end with
    ``output_tokens`` decoded after the first token on either path."""
    points = []
    for n in prefix_grid(setup.model.max_context_tokens, extra):
        recompute_s = recompute_seconds(setup, n)
        load_s = cached_load_seconds(setup, n)
        decode_s = decode_seconds(setup, n, output_tokens)
        points.append(
            CurvePoint(
                prefix_tokens=n,
                speedup=recompute_s / load_s,
                end_to_end_speedup=end_to_end_speedup(recompute_s, load_s, decode_s),
            )
        )
    return Curve(points=tuple(points), output_tokens=output_tokens)
