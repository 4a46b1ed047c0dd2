"""The speedup-versus-prefix chart as SVG: what a chart shows (``ChartData``), where each piece
goes (``Plot``), and the two ways in: a claim of the report, or a ``claimcheck breakeven`` sweep.

Geometry is computed here, in plain Python; ``templates/chart.svg.j2`` only writes it out, so
the SVG needs no plotting library, no script and no font from the network. Both axes are log
scales; a speedup of 1 (recompute and load take as long) is the dashed line.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise

import msgspec
from msgspec import field

from claimcheck.implied import Analysis, Curve
from claimcheck.physics.sweep import Sweep
from claimcheck.report import ClaimReport

# The drawing's own units; the page scales it to its width.
WIDTH = 640
PLOT_TOP, PLOT_LEFT, PLOT_RIGHT = 30, 58, 16
PLOT_HEIGHT = 300
AXIS_ROOM = 46
LEGEND_ROW = 20
CHARACTER_WIDTH = 6.6  # an average character at 12 px, for placing labels
LOWEST_DECADE = -3  # below 0.001× a curve leaves the chart
TOLERANCE_PX = 0.5  # a simplified curve stays this close to every sampled point

_PREFILL = {"ttft", "prefill", "unspecified"}
_LEGEND = {
    "ttft": "time to first token (physics)",
    "e2e": "end to end",
    "naive": "naive reading (load time held fixed)",
    "fit": "fitted to the vendor's points",
    "reference": "well-run baseline, same load path",
    "headline": "the claim",
    "vendor": "the vendor's points",
    "unity": "1× (recompute = load)",
}
# Each legend is named by the initials of its entries: "legend-tenhu".
_INITIAL = {kind: kind[0] for kind in _LEGEND}

# How each kind of line and mark looks, as SVG attributes (the legend repeats them).
LOOKS: dict[str, dict[str, str]] = {
    "ttft": {"fill": "none", "stroke": "#0072b2", "stroke-width": "2.2"},
    "e2e": {"fill": "none", "stroke": "#e69f00", "stroke-width": "2.2", "stroke-dasharray": "8 4"},
    "naive": {"fill": "none", "stroke": "#888", "stroke-width": "1.5", "stroke-dasharray": "2 4"},
    "fit": {"fill": "none", "stroke": "#009e73", "stroke-width": "2.2"},
    "reference": {
        "fill": "none",
        "stroke": "#56b4e9",
        "stroke-width": "2.2",
        "stroke-dasharray": "10 3 2 3",
    },
    "unity": {"fill": "none", "stroke": "#333", "stroke-width": "1.2", "stroke-dasharray": "6 4"},
    "headline": {"fill": "#d55e00", "stroke": "#fff"},
    "vendor": {"fill": "#fff", "stroke": "#009e73", "stroke-width": "2"},
}


_LENGTHS = {"stroke-width", "stroke-dasharray"}


def looks_css() -> str:
    """``LOOKS`` as style rules for the lines and marks of a chart (the shared legend and axes
    keep them as attributes: styles do not reach into ``<use>``)."""
    rules = []
    for kind, look in LOOKS.items():
        what = "dot" if kind in {"headline", "vendor"} else "line"
        declared = ";".join(
            f"{name}:{' '.join(v + 'px' for v in value.split()) if name in _LENGTHS else value}"
            for name, value in look.items()
        )
        rules.append(f".chart .{what}.{kind}{{{declared}}}")
    return "\n".join(rules) + "\n"


class Marked(msgspec.Struct, frozen=True):
    """A labelled point: prefix length, speedup and what it is."""

    prefix_tokens: float
    speedup: float
    label: str


class ChartData(msgspec.Struct, frozen=True):
    """What one chart shows. Empty parts are simply not drawn.

    ``naive_slope_tokens`` draws the naive reading, speedup = prefix ÷ that many tokens;
    ``fit_points`` are the vendor's own (prefix, speedup) points and ``fit_curve`` the curve
    fitted to them, when the report carries a fit. ``reference`` is the well-run baseline's
    curve for the claim's load path (claimcheck/reference.py) and ``reference_at`` its speedup
    at the claim's context.
    """

    title: str
    description: str
    curve: Curve | None = None
    headline: Marked | None = None
    end_to_end: Marked | None = None
    at_prefix: tuple[Marked, ...] = ()
    naive_breakeven_tokens: int | None = None
    physical_breakeven_tokens: int | None = None
    naive_slope_tokens: int | None = None
    fit_points: tuple[Marked, ...] = ()
    fit_curve: tuple[tuple[float, float], ...] = ()
    reference: tuple[tuple[float, float], ...] = ()
    reference_at: Marked | None = None

    @property
    def empty(self) -> bool:
        """Nothing to draw: no curve and no placed headline."""
        return self.curve is None and self.headline is None and not self.reference


class Label(msgspec.Struct, frozen=True):
    """A text at (x, y) with its anchor (start, middle or end)."""

    x: float
    y: float
    text: str
    anchor: str = "start"


class Dot(msgspec.Struct, frozen=True):
    """A point to mark, with its label and CSS class."""

    x: float
    y: float
    kind: str
    label: Label | None


class BreakevenLine(msgspec.Struct, frozen=True):
    """A vertical line at x across the plot, labelled at the top."""

    x: float
    kind: str
    label: Label


class LegendItem(msgspec.Struct, frozen=True):
    """One legend entry at (x, y)."""

    x: float
    y: float
    kind: str
    text: str


class TableRow(msgspec.Struct, frozen=True):
    """One row of the text table that repeats the chart's numbers for screen readers."""

    what: str
    prefix: str
    speedup: str


class Plot(msgspec.Struct, frozen=True):
    """Everything the SVG template writes out, in the drawing's units."""

    title: str
    description: str
    width: int
    height: int
    left: float
    top: float
    right: float
    bottom: float
    x_ticks: tuple[Label, ...]
    y_ticks: tuple[Label, ...]
    grid: str
    axes_key: str
    legend_key: str
    unity_y: float
    paths: dict[str, str]
    rules: tuple[BreakevenLine, ...]
    dots: tuple[Dot, ...]
    legend: tuple[LegendItem, ...]
    x_title: Label
    y_title: Label
    rows: tuple[TableRow, ...] = field(default=())


def tokens(n: float) -> str:
    """A prefix length as people write it: 512, 4K, 112K, 1.05M (K = 1,000)."""
    if n >= 1_000_000:
        return f"{_sig(n / 1e6)}M"
    if n >= 1_000:
        return f"{_sig(n / 1e3)}K"
    return f"{_sig(n)}"


def times(speedup: float) -> str:
    """A speedup with three significant figures: 27×, 0.85×, 1,710×."""
    return f"{_sig(speedup)}×"


def _sig(value: float) -> str:
    return f"{float(f'{value:.3g}'):,g}"


def from_claim(claim: ClaimReport) -> ChartData:
    """The chart of one audited claim: its headline at its context, the physics of its resolved
    setup when there is one, the naive reading, both breakevens and the 1K/4K/16K speedups."""
    fields, analysis = claim.claim, claim.analysis
    metric = str(fields.get("metric") or "unspecified")
    context = _number(fields.get("context_tokens"))
    speedup = _number(fields.get("speedup"))
    headline = None
    if context and speedup:
        said = "end to end" if metric == "end_to_end" else metric.replace("ttft", "TTFT")
        headline = Marked(
            context, speedup, f"claimed {times(speedup)} at {tokens(context)} ({said})"
        )
    end_to_end = None
    if context and analysis.end_to_end_speedup and analysis.curve:
        e2e = analysis.end_to_end_speedup
        end_to_end = Marked(context, e2e, f"end to end {times(e2e)}")
    naive = analysis.naive_breakeven_tokens
    fit_points, fit_curve = vendor_fit(analysis)
    reference, reference_at = _reference(analysis, context)
    parts = []
    if headline:
        parts.append(f"The claim: {headline.label}.")
    if reference_at is not None:
        parts.append(
            f"A well-run baseline gives {times(reference_at.speedup)} at "
            f"{tokens(reference_at.prefix_tokens)} (see the caption)."
        )
    if naive:
        parts.append(f"Naive breakeven ≈ {naive:,} tokens.")
    if analysis.physical_breakeven_tokens is not None:
        parts.append(f"Physical breakeven ≈ {analysis.physical_breakeven_tokens:,} tokens.")
    return ChartData(
        title=f"Speedup against prefix length: {claim.id}",
        description=" ".join(parts) or "No headline and no breakeven to mark.",
        curve=analysis.curve or None,
        headline=headline,
        end_to_end=end_to_end,
        at_prefix=tuple(
            Marked(int(n), s, f"{tokens(int(n))}: {times(s)}")
            for n, s in analysis.speedup_at_prefix.items()
        ),
        naive_breakeven_tokens=naive,
        physical_breakeven_tokens=analysis.physical_breakeven_tokens,
        naive_slope_tokens=naive if headline and naive and metric in _PREFILL else None,
        fit_points=fit_points,
        fit_curve=fit_curve,
        reference=reference,
        reference_at=reference_at,
    )


def _reference(
    analysis: Analysis, context: float | None
) -> tuple[tuple[tuple[float, float], ...], Marked | None]:
    """The well-run baseline's curve and its speedup at the claim's context, if the analysis
    carries one."""
    drawn = analysis.reference
    if not drawn:
        return (), None
    line = tuple((p.prefix_tokens, p.speedup) for p in drawn.curve.points)
    at = None
    if context:
        speedup = drawn.speedup_at_context
        at = Marked(context, speedup, f"well-run baseline {times(speedup)}")
    return line, at


def from_sweep(sweep: Sweep, curve: Curve) -> ChartData:
    """The chart of ``claimcheck breakeven``: the setup's curve, its breakeven, the speedups at
    1K/4K/16K and, with ``--context``, the end-to-end figure there."""
    by_prefix = {p.prefix_tokens: p for p in curve.points}
    at_prefix = tuple(
        Marked(n, by_prefix[n].speedup, f"{tokens(n)}: {times(by_prefix[n].speedup)}")
        for n in (1_000, 4_000, 16_000)
        if n in by_prefix
    )
    at = sweep.end_to_end_prefix_tokens
    end_to_end = Marked(
        at, sweep.end_to_end_speedup, f"end to end {times(sweep.end_to_end_speedup)}"
    )
    n_star = sweep.breakeven_tokens
    return ChartData(
        title=f"Speedup against prefix length: {sweep.setup.model_name} on {sweep.setup.gpu_count} × {sweep.setup.gpu_name}",
        description=f"{sweep.setup.description}. {sweep.breakeven_note}",
        curve=curve,
        end_to_end=end_to_end,
        at_prefix=at_prefix,
        physical_breakeven_tokens=n_star,
    )


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and value > 0 else None


def vendor_fit(analysis: Analysis) -> tuple[tuple[Marked, ...], tuple[tuple[float, float], ...]]:
    """The vendor's own points and the curve fitted to them, when the analysis carries a fit;
    else nothing."""
    fit = analysis.fit
    if fit is None:
        return (), ()
    points = tuple(
        Marked(
            r.context_tokens,
            r.observed_speedup,
            f"{tokens(r.context_tokens)}: {times(r.observed_speedup)}",
        )
        for r in fit.residuals
        if r.observed_speedup > 0
    )
    line = tuple((p.prefix_tokens, p.speedup) for p in fit.curve.points) if fit.curve else ()
    return points, line


def plot(data: ChartData) -> Plot:
    """Place every part of ``data`` on log-log axes."""
    xs, ys = _extent(data)
    x_lo, x_hi = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
    y_lo = max(LOWEST_DECADE, min(-1, math.floor(math.log10(min(ys)))))
    y_hi = max(1, math.ceil(math.log10(max(ys))))
    if x_hi - x_lo < 2:
        x_hi = x_lo + 2
    left, top = PLOT_LEFT, PLOT_TOP
    right, bottom = WIDTH - PLOT_RIGHT, PLOT_TOP + PLOT_HEIGHT

    # Whole units: a 640-unit drawing needs no finer place, and the page stays small.
    # A figure at or near zero (an extreme claim) sits a decade past the axis, never log(0).
    def at_x(n: float) -> float:
        at = math.log10(max(n, 10.0 ** (x_lo - 1)))
        return left + (at - x_lo) / (x_hi - x_lo) * (right - left)

    def at_y(s: float) -> float:
        at = math.log10(max(s, 10.0 ** (y_lo - 1)))
        return bottom - (at - y_lo) / (y_hi - y_lo) * (bottom - top)

    def px(n: float) -> int:
        return round(at_x(n))

    def py(s: float) -> int:
        return round(at_y(s))

    def line(points: Iterable[tuple[float, float]]) -> str:
        return _path(simplify([(at_x(n), at_y(s)) for n, s in points]))

    paths: dict[str, str] = {}  # kind → SVG path data
    if data.curve is not None:
        points = data.curve.points
        paths["ttft"] = line((p.prefix_tokens, p.speedup) for p in points)
        paths["e2e"] = line((p.prefix_tokens, p.end_to_end_speedup) for p in points)
    if data.naive_slope_tokens:
        # speedup = n ÷ slope, cut to the plot's box rather than clamped at its edge (a
        # clamped end would bend the line: its log-log slope is 1 and it crosses 1× at the
        # naive breakeven).
        slope = data.naive_slope_tokens
        first = max(10.0**x_lo, slope * 10.0**y_lo)
        last = min(10.0**x_hi, slope * 10.0**y_hi)
        if first < last:
            paths["naive"] = line((n, n / slope) for n in (first, last))
    if data.fit_curve:
        paths["fit"] = line(data.fit_curve)
    if data.reference:
        paths["reference"] = line(data.reference)

    def label(x: float, y: float, text: str, above: bool = True) -> Label:
        fits = x + 6 + len(text) * CHARACTER_WIDTH <= WIDTH - 2
        anchor = "start" if fits else "end"
        return Label(x + (6 if fits else -6), y - 8 if above else y + 16, text, anchor)

    rules = []
    for row, (n, kind, name) in enumerate(
        (
            (data.naive_breakeven_tokens, "naive", "naive breakeven"),
            (data.physical_breakeven_tokens, "physical", "physical breakeven"),
        )
    ):
        if n and 10.0**x_lo <= n <= 10.0**x_hi:
            x = px(n)
            rules.append(BreakevenLine(x, kind, label(x, top + 14 + 14 * row, f"{name} ≈ {n:,}")))

    def dot(m: Marked, kind: str, *, above: bool = True, labelled: bool = True) -> Dot:
        x, y = px(m.prefix_tokens), py(m.speedup)
        return Dot(x, y, kind, label(x, y, m.label, above=above) if labelled else None)

    # Labels of neighbouring marked speedups alternate below and above the curve.
    dots = [dot(m, "at", above=i % 2 == 1) for i, m in enumerate(data.at_prefix)]
    dots += [dot(m, "vendor", labelled=False) for m in data.fit_points]
    if data.reference_at is not None:
        dots.append(dot(data.reference_at, "reference"))
    if data.end_to_end is not None:
        dots.append(dot(data.end_to_end, "e2e", above=False))
    if data.headline is not None:
        dots.append(dot(data.headline, "headline"))

    kinds: list[str] = [k for k in ("ttft", "e2e", "naive", "fit", "reference") if k in paths]
    kinds += ["headline"] if data.headline else []
    kinds += ["vendor"] if data.fit_points else []
    kinds.append("unity")
    legend_top = bottom + AXIS_ROOM + 8
    legend = tuple(
        LegendItem(
            left + (i % 2) * (right - left) / 2,
            legend_top + (i // 2) * LEGEND_ROW,
            kind,
            _LEGEND[kind],
        )
        for i, kind in enumerate(kinds)
    )
    height = legend_top + math.ceil(len(kinds) / 2) * LEGEND_ROW
    x_decades = range(x_lo, x_hi + 1)
    y_decades = range(y_lo, y_hi + 1)
    return Plot(
        title=data.title,
        description=data.description,
        width=WIDTH,
        height=height,
        left=left,
        top=top,
        right=right,
        bottom=bottom,
        x_ticks=tuple(Label(px(10.0**d), bottom + 16, tokens(10**d), "middle") for d in x_decades),
        y_ticks=tuple(Label(left - 6, py(10.0**d) + 4, times(10.0**d), "end") for d in y_decades),
        grid="".join(f"M{px(10.0**d)} {top}V{bottom}" for d in x_decades)
        + "".join(f"M{left} {py(10.0**d)}H{right}" for d in y_decades),
        axes_key=f"axes{x_lo}_{x_hi}_{y_lo}_{y_hi}".replace("-", "m"),
        legend_key="legend-" + "".join(_INITIAL[kind] for kind in kinds),
        unity_y=py(1.0),
        paths=paths,
        rules=tuple(rules),
        dots=tuple(dots),
        legend=legend,
        x_title=Label(
            (left + right) / 2, bottom + 36, "prefix length (tokens, log scale)", "middle"
        ),
        y_title=Label(14, (top + bottom) / 2, "speedup, recompute ÷ load (log scale)", "middle"),
        rows=_rows(data),
    )


def _extent(data: ChartData) -> tuple[list[float], list[float]]:
    """The prefix lengths and speedups the axes must hold (never the naive line's ends)."""
    marks = [
        *data.at_prefix,
        *data.fit_points,
        *(m for m in (data.headline, data.end_to_end, data.reference_at) if m is not None),
    ]
    xs = [10.0, 10_000.0, *(m.prefix_tokens for m in marks)]
    ys = [1.0, *(m.speedup for m in marks), *(s for _, s in (*data.fit_curve, *data.reference))]
    xs += [n for n, _ in data.reference]
    xs += [n for n in (data.naive_breakeven_tokens, data.physical_breakeven_tokens) if n]
    if data.curve is not None:
        xs += [p.prefix_tokens for p in data.curve.points]
        ys += [p.speedup for p in data.curve.points]
        ys += [p.end_to_end_speedup for p in data.curve.points]
    return [x for x in xs if x > 0], [y for y in ys if y > 0]


def _path(points: Iterable[tuple[float, float]]) -> str:
    """An SVG path through ``points`` in whole units: a move, then relative steps (short: a
    page holds a thousand of these), repeated points dropped, no space before a minus sign."""
    kept: list[tuple[int, int]] = []
    for point in ((round(x), round(y)) for x, y in points):
        if not kept or kept[-1] != point:
            kept.append(point)
    if not kept:
        return ""
    (x0, y0), steps = kept[0], pairwise(kept)
    text = f"M{x0} {y0}l" + " ".join(f"{x1 - x} {y1 - y}" for (x, y), (x1, y1) in steps)
    return text.replace(" -", "-")


def simplify(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """``points`` less those the line passes within ``TOLERANCE_PX`` of anyway (Ramer–Douglas–
    Peucker, https://doi.org/10.3138/FM57-6770-U75U-7727): the curves are sampled evenly in
    log space, and where they are straight on the log axes most samples add nothing drawn."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    spans = [(0, len(points) - 1)]
    while spans:
        first, last = spans.pop()
        (x0, y0), (x1, y1) = points[first], points[last]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        far, worst = first, 0.0
        for i in range(first + 1, last):
            x, y = points[i]
            off = abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / length
            if off > worst:
                far, worst = i, off
        if worst > TOLERANCE_PX:
            keep[far] = True
            spans += [(first, far), (far, last)]
    return [p for p, kept in zip(points, keep, strict=True) if kept]


def _rows(data: ChartData) -> tuple[TableRow, ...]:
    """The chart's numbers as text: the claim, the breakevens, the marked speedups."""
    rows: list[TableRow] = []
    if data.headline is not None:
        rows.append(
            TableRow(
                "the claim", f"{data.headline.prefix_tokens:,.0f}", times(data.headline.speedup)
            )
        )
    for name, n in (
        ("naive breakeven", data.naive_breakeven_tokens),
        ("physical breakeven", data.physical_breakeven_tokens),
    ):
        if n is not None:
            rows.append(TableRow(name, f"{n:,}", "1×"))
    rows += [
        TableRow("time to first token", f"{m.prefix_tokens:,.0f}", times(m.speedup))
        for m in data.at_prefix
    ]
    if data.reference_at is not None:
        m = data.reference_at
        rows.append(TableRow("well-run baseline", f"{m.prefix_tokens:,.0f}", times(m.speedup)))
    if data.end_to_end is not None:
        m = data.end_to_end
        rows.append(TableRow("end to end", f"{m.prefix_tokens:,.0f}", times(m.speedup)))
    rows += [
        TableRow("the vendor's point", f"{m.prefix_tokens:,.0f}", times(m.speedup))
        for m in data.fit_points
    ]
    return tuple(rows)
