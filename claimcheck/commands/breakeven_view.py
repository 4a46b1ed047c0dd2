"""``claimcheck breakeven`` output: a table, the breakeven in words, a log-log chart, the assumptions.

The chart is drawn here, cell by cell, so it needs no plotting library and fits 80 columns.
Rich is imported only to render text: JSON output starts faster without it.
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import TYPE_CHECKING

import msgspec

from claimcheck.formats import RenderOptions
from claimcheck.formats.capture import Capture
from claimcheck.formats.visible import visible_model
from claimcheck.physics.sweep import Sweep, SweepRow

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from claimcheck.implied import PointsFit

# One chart line: (text, Rich style) segments.
ChartLine = tuple[tuple[str, str], ...]

CHART_COLUMNS = 80
_X_DECADES = (1, 6)  # 10 … 1M tokens
_X_LABELS = {1: "10", 2: "100", 3: "1K", 4: "10K", 5: "100K", 6: "1M"}
_CURVE, _UNITY, _MARKER = "•", "╌", "┊"
_WIN, _LOSE = "green", "red"


def render_json(sweep: Sweep, fit: PointsFit | None = None) -> str:
    """The sweep as JSON, ``breakeven_tokens`` first, and ``fit`` last when points were
    fitted; no timestamps, so it diffs cleanly."""
    text = sweep.model_dump_json(indent=2)
    if fit is None:
        return text + "\n"
    inner = msgspec.json.format(msgspec.json.encode(fit), indent=2).decode().replace("\n", "\n  ")
    return text[: text.rindex("}")].rstrip() + f',\n  "fit": {inner}\n}}\n'


def render_text(sweep: Sweep, options: RenderOptions, fit: PointsFit | None = None) -> str:
    """The human view: setup, table, breakeven and knee sentences, chart, assumptions."""
    from rich.table import Table
    from rich.text import Text

    sweep = visible_model(sweep)  # names from a --catalog file reach the terminal
    capture = Capture(options)
    console = capture.console
    console.print(Text(sweep.setup.description, style="bold"))
    console.print()
    console.print(_table(sweep))
    console.print()
    console.print(Text(sweep.breakeven_note, style="bold"))
    for sentence in (sweep.knee_note, _bandwidth_sentence(sweep), _end_to_end_sentence(sweep)):
        if sentence:
            console.print(Text(sentence))
    for warning in sweep.warnings:
        console.print(Text.assemble(("note: ", "bold yellow"), warning))
    console.print()
    if fit is not None:
        _fit_block(console, visible_model(fit))
    for line in chart(sweep, min(options.width, CHART_COLUMNS)):
        console.print(Text.assemble(*line), no_wrap=True, overflow="crop")
    console.print()
    console.print(Text("Assumptions", style="bold"))
    bullets = Table.grid(padding=(0, 1))
    bullets.add_column(no_wrap=True)
    bullets.add_column()
    for assumption in sweep.assumptions:
        bullets.add_row(" •", Text(assumption))
    console.print(bullets)
    return capture.text


def _fit_block(console: Console, fit: PointsFit) -> None:
    """The fitted parameters, how they were fitted, and each point against the fit."""
    from rich.table import Table
    from rich.text import Text

    held = "held" if fit.fixed == "mfu" else "fitted"
    console.print(
        Text(
            f"Fitted to {len(fit.residuals)} points: load {_duration(fit.latency_s)} + "
            f"{_sig(fit.bandwidth_gb_s)} GB/s, MFU {fit.mfu:g} ({held})",
            style="bold",
        )
    )
    console.print(Text(fit.method[:1].upper() + fit.method[1:] + "."))
    table = Table(box=None, padding=(0, 2), show_edge=False)
    for title in ("point (tokens)", "vendor", "fit", "residual"):
        table.add_column(title, justify="right", no_wrap=True)
    for point in fit.residuals:
        table.add_row(
            f"{point.context_tokens:,}",
            _times(point.observed_speedup),
            _times(point.predicted_speedup),
            f"{point.residual_percent:+.1f} %",
        )
    console.print(table)
    for note in fit.notes:
        console.print(Text.assemble(("note: ", "bold yellow"), note))
    console.print()


def _sig(value: float) -> str:
    """Three significant figures, thousands separated."""
    return f"{float(f'{value:.3g}'):,g}"


def _duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{_sig(seconds * 1e6)} µs"
    if seconds < 1:
        return f"{_sig(seconds * 1e3)} ms"
    return f"{_sig(seconds)} s"


def _times(speedup: float) -> str:
    digits = 2 if speedup < 10 else 1 if speedup < 100 else 0
    return f"{speedup:,.{digits}f}×"


def _table(sweep: Sweep) -> Table:
    from rich.table import Table
    from rich.text import Text

    marks = {sweep.setup.max_context_tokens: "window"}
    if sweep.setup.context_tokens is not None:
        marks[sweep.setup.context_tokens] = "context"
    if sweep.breakeven_tokens is not None:
        marks[sweep.breakeven_tokens] = "breakeven"
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column("prefix (tokens)", justify="right", no_wrap=True)
    table.add_column("recompute", justify="right", no_wrap=True)
    table.add_column("load", justify="right", no_wrap=True)
    table.add_column("speedup", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    for row in sweep.rows:
        loses = row.speedup < 1
        note = "recompute wins" if loses else ""
        mark = marks.get(row.prefix_tokens)
        if mark:
            note = f"{note}, {mark}" if note else f"← {mark}"
        table.add_row(
            f"{row.prefix_tokens:,}",
            _duration(row.recompute_seconds),
            _duration(row.load_seconds),
            Text(_times(row.speedup), style=_LOSE if loses else _WIN),
            Text(note, style=_LOSE if loses else "dim"),
        )
    return table


def _bandwidth_sentence(sweep: Sweep) -> str:
    b_star = sweep.breakeven_bandwidth_gb_s
    count = sweep.setup.gpu_count
    per_gpu = f" ({_sig(b_star / count)} GB/s per GPU)" if count > 1 else ""
    have = sweep.setup.load_bandwidth_gb_s
    return (
        f"Breakeven bandwidth B* ≈ {_sig(b_star)} GB/s aggregate{per_gpu}: below it, loading a "
        f"token's KV takes longer than computing its linear layers. This setup loads at "
        f"{_sig(have)} GB/s, {_sig(have / b_star)}× B*."
    )


def _end_to_end_sentence(sweep: Sweep) -> str:
    at = sweep.end_to_end_prefix_tokens
    ttft = next(row.speedup for row in sweep.rows if row.prefix_tokens == at)
    return (
        f"End to end at {at:,} tokens with {sweep.output_tokens:,} output tokens: "
        f"{_times(sweep.end_to_end_speedup)} (time to first token alone: {_times(ttft)})."
    )


def _interpolate(rows: tuple[SweepRow, ...], log_x: float) -> float | None:
    """log10 of the speedup at log10(prefix) ``log_x``, linear between rows in log-log space."""
    points = [(math.log10(row.prefix_tokens), math.log10(row.speedup)) for row in rows]
    if not points or not points[0][0] <= log_x <= points[-1][0]:
        return None
    for (x0, y0), (x1, y1) in pairwise(points):
        if log_x <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (log_x - x0) / (x1 - x0)
    return points[-1][1]


def _y_label(power: int) -> str:
    return f"{10.0**power:.{-power}f}×" if power < 0 else f"{10**power:,}×"


def chart(sweep: Sweep, width: int = CHART_COLUMNS) -> list[ChartLine]:
    """Speedup against prefix length, both on log scales, in ``width`` columns.

    A dashed line marks speedup = 1, a dotted column the breakeven; the curve is green where
    loading wins and red where recomputing does.
    """
    speedups = [row.speedup for row in sweep.rows]
    low = min(math.floor(math.log10(min(speedups))), -1)
    high = max(math.ceil(math.log10(max(speedups))), 1)
    per_decade = max(2, min(4, 14 // (high - low)))
    height = (high - low) * per_decade + 1
    label_width = max(len(_y_label(p)) for p in range(low, high + 1)) + 1
    plot = max(20, width - label_width - 3)
    first, last = _X_DECADES

    def column(log_x: float) -> int:
        return round((log_x - first) / (last - first) * (plot - 1))

    def row_of(log_y: float) -> int:
        return min(height - 1, max(0, round((high - log_y) * per_decade)))

    cells = [[(" ", "")] * plot for _ in range(height)]
    unity = row_of(0.0)
    cells[unity] = [(_UNITY, "dim")] * plot
    n_star = sweep.breakeven_tokens
    if n_star and 10**first <= n_star <= 10**last:
        marker = column(math.log10(n_star))
        for r in range(height):
            cells[r][marker] = (_MARKER, "yellow")
    previous: int | None = None
    for c in range(plot):
        log_y = _interpolate(sweep.rows, first + (last - first) * c / (plot - 1))
        if log_y is None:
            previous = None
            continue
        r = row_of(log_y)
        span = range(min(r, previous), max(r, previous) + 1) if previous is not None else [r]
        for rr in span:
            cells[rr][c] = (_CURVE, _LOSE if rr > unity or (rr == unity and log_y < 0) else _WIN)
        previous = r

    lines: list[ChartLine] = [(("speedup (recompute ÷ load, log scale)", "dim"),)]
    for r, row in enumerate(cells):
        labelled = r % per_decade == 0
        label = _y_label(round(high - r / per_decade)) if labelled else ""
        axis_cell = (label.rjust(label_width - 1) + " " + ("┤" if labelled else "│"), "dim")
        lines.append((axis_cell, *row))
    axis = [" "] * plot
    ticks = [" "] * (plot + 3)
    for power, text in _X_LABELS.items():
        c = column(power)
        axis[c] = "┬"
        start = max(0, min(len(ticks) - len(text), c + 1 - len(text) // 2))
        ticks[start : start + len(text)] = text
    axis_line = "".join("─" if ch == " " else ch for ch in axis)
    margin = " " * label_width
    title = "prefix length (tokens, log scale)"
    lines.append(((margin + "└" + axis_line, "dim"),))
    lines.append(((margin + "".join(ticks).rstrip(), ""),))
    lines.append(((margin + title.center(plot).rstrip(), "dim"),))
    legend: ChartLine = ((f"{margin}{_CURVE} speedup   {_UNITY} 1× (even)", ""),)
    if n_star and 10**first <= n_star <= 10**last:
        legend += ((f"   {_MARKER} breakeven ≈ {n_star:,} tokens", "yellow"),)
    lines.append(legend)
    return lines
