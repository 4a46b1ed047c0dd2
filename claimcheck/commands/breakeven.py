"""``claimcheck breakeven``: the calculator. Options → Setup → sweep → text or JSON."""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from claimcheck import bounds
from claimcheck.commands import (
    Color,
    DtypeChoice,
    KvLayout,
    WeightsDtypeChoice,
    run,
    terminal_width,
    use_color,
)
from claimcheck.commands.help_layout import PHYSICS, default
from claimcheck.commands.shared_options import (
    CATALOG,
    DTYPE,
    GPU,
    GPUS,
    KV_DTYPE,
    KV_LAYOUT,
    MFU,
    MODEL,
    OUTPUT_FILE,
    OUTPUT_TOKENS,
    TIER,
    WEIGHTS_DTYPE,
    ColorOption,
    DebugOption,
    format_option,
    in_range,
)
from claimcheck.errors import UsageError
from claimcheck.settings import Assumptions

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog
    from claimcheck.implied import PointsFit
    from claimcheck.physics import Setup
    from claimcheck.physics.fit import FitPoint
    from claimcheck.precision import Precision


ASSUMED = Assumptions.model_construct()
"""What the calculator assumes where an option is not given: the defaults ``check`` assumes."""


class BreakevenFormat(StrEnum):
    """``--format`` values of the calculator: text, JSON, or the chart alone as HTML or SVG."""

    TEXT = "text"
    JSON = "json"
    HTML = "html"
    SVG = "svg"


def breakeven(
    model: Annotated[str, MODEL],
    gpu: Annotated[str, GPU],
    gpus: Annotated[int | None, GPUS] = None,
    tier: Annotated[str | None, TIER] = None,
    bandwidth_gb_s: Annotated[
        float | None,
        typer.Option(
            "--bandwidth-gb-s",
            metavar="GB/S",
            help="Aggregate effective KV load bandwidth into all the GPUs, GB/s (replaces the tier's).",
            callback=in_range("--bandwidth-gb-s", bounds.BANDWIDTH_GB_S),
            show_default=False,
            rich_help_panel=PHYSICS,
        ),
    ] = None,
    latency_ms: Annotated[
        float | None,
        typer.Option(
            "--latency-ms",
            metavar="MS",
            help="Fixed latency of one load, ms (replaces the tier's).",
            callback=in_range("--latency-ms", bounds.LATENCY_MS),
            show_default=False,
            rich_help_panel=PHYSICS,
        ),
    ] = None,
    power_watts: Annotated[
        float | None,
        typer.Option(
            "--power-watts",
            metavar="WATTS",
            help="Power cap per GPU, W." + default("none"),
            callback=in_range("--power-watts", bounds.POWER_W),
            show_default=False,
            rich_help_panel=PHYSICS,
        ),
    ] = None,
    dtype: Annotated[str | None, DTYPE] = None,
    weights_dtype: Annotated[str | None, WEIGHTS_DTYPE] = None,
    kv_dtype: Annotated[str | None, KV_DTYPE] = None,
    kv_layout: Annotated[str, KV_LAYOUT] = ASSUMED.kv_layout,
    mfu: Annotated[float, MFU] = ASSUMED.mfu,
    context: Annotated[
        int | None,
        typer.Option(
            "--context",
            metavar="TOKENS",
            help="Prefix length to report end to end, tokens.",
            callback=in_range("--context", bounds.TOKENS),
            show_default=False,
            rich_help_panel=PHYSICS,
        ),
    ] = None,
    output_tokens: Annotated[int, OUTPUT_TOKENS] = ASSUMED.output_tokens,
    catalog_file: Annotated[Path | None, CATALOG] = None,
    fit: Annotated[
        list[str] | None,
        typer.Option(
            "--fit",
            metavar="POINT",
            help="A vendor's measured point; repeat for more: TOKENS:SPEEDUP (32000:3.7, 131K:7.6x) "
            "or TOKENS:BASELINE/CACHED in seconds (32K:12.5/3.4). Two or more points at "
            "different prefixes fit the load latency and bandwidth (and the MFU, given times; "
            "else --mfu is held) and replace --tier, --bandwidth-gb-s and --latency-ms.",
            show_default=False,
            rich_help_panel=PHYSICS,
        ),
    ] = None,
    fmt: Annotated[
        str,
        format_option(BreakevenFormat, "Output format (html and svg give the chart alone)", "text"),
    ] = BreakevenFormat.TEXT,
    output: Annotated[Path | None, OUTPUT_FILE] = None,
    color: ColorOption = Color.AUTO,
    debug: DebugOption = False,
) -> None:
    """Where loading a KV cache beats recomputing it: breakeven prefix, speedups and a chart.

    Without --tier (or --bandwidth-gb-s and --latency-ms, or --fit) the KV loads from NVMe."""
    layout = KvLayout(kv_layout)

    def work() -> str:
        from claimcheck.catalog import load_catalog
        from claimcheck.commands.breakeven_view import render_json, render_text
        from claimcheck.formats import RenderOptions
        from claimcheck.physics.sweep import sweep

        points = [parse_point(text) for text in fit or ()]
        if points and (tier is not None or bandwidth_gb_s is not None or latency_ms is not None):
            raise UsageError(
                "--fit fits the load latency and bandwidth: leave out --tier, "
                "--bandwidth-gb-s and --latency-ms"
            )
        from claimcheck.precision import Precision

        catalog = load_catalog(catalog_file)
        precision = Precision(
            DtypeChoice(dtype).value if dtype else None,
            WeightsDtypeChoice(weights_dtype).value if weights_dtype else None,
            DtypeChoice(kv_dtype).value if kv_dtype else None,
        )
        if points:
            setup, fitted = _fitted(catalog, model, gpu, gpus, precision, mfu, power_watts, points)
            tier_is_default = False
        else:
            fitted = None
            setup, tier_is_default = _setup(
                catalog,
                model,
                gpu,
                gpus,
                tier,
                bandwidth_gb_s,
                latency_ms,
                precision,
                mfu,
            )
        setup = setup.model_copy(update={"windowed_layers_store_full": layout is KvLayout.FULL})
        result = sweep(
            setup,
            output_tokens=output_tokens,
            context_tokens=context,
            power_cap_w=power_watts,
            tier_is_default=tier_is_default,
        )
        chosen = BreakevenFormat(fmt)
        if chosen is BreakevenFormat.JSON:
            return render_json(result, fitted)
        if chosen in (BreakevenFormat.HTML, BreakevenFormat.SVG):
            from claimcheck.formats.html_format import render_breakeven

            return render_breakeven(result, setup, svg=chosen is BreakevenFormat.SVG)
        shown_in_color = use_color(Color(color)) and output is None
        options = RenderOptions(width=terminal_width(), color=shown_in_color)
        return render_text(result, options, fitted)

    run(work, debug=debug, output=output)


def _setup(
    catalog: Catalog,
    model_name: str,
    gpu_name: str,
    gpus: int | None,
    tier_name: str | None,
    bandwidth_gb_s: float | None,
    latency_ms: float | None,
    precision: Precision,
    mfu: float,
) -> tuple[Setup, bool]:
    """The Setup the options describe, and whether its tier is the assumed default."""
    from claimcheck.physics import Setup

    model = catalog.require_model(model_name)
    gpu = catalog.require_gpu(gpu_name)
    tier = None
    tier_is_default = False
    if tier_name is not None:
        tier = catalog.require_tier(tier_name)
    elif bandwidth_gb_s is None or latency_ms is None:
        tier = catalog.default_tier("nvme")
        tier_is_default = True
        if tier is None:
            raise UsageError(
                "the catalog has no default nvme tier: give --tier, or --bandwidth-gb-s "
                "with --latency-ms"
            )
    return (
        Setup(
            model=model,
            gpu=gpu,
            gpu_count=gpus or catalog.gpu_count(gpu_name) or 1,
            dtype=precision.estimate_compute(),
            attention_dtype=precision.estimate_attention(),
            kv_dtype=precision.kv_format(),
            weights_bits=precision.weight_bits(model),
            mfu=mfu,
            tier=tier,
            bandwidth_gb_s=bandwidth_gb_s,
            latency_s=None if latency_ms is None else latency_ms / 1000,
        ),
        tier_is_default,
    )


_POINT = re.compile(
    r"(?P<tokens>\d[\d_,]*)(?P<k>[kK])?:(?:(?P<speedup>[\d.eE+-]+)[x×]?"
    r"|(?P<baseline>[\d.eE+-]+)s?/(?P<cached>[\d.eE+-]+)s?)"
)


def parse_point(text: str) -> FitPoint:
    """One ``--fit`` value: ``TOKENS:SPEEDUP`` or ``TOKENS:BASELINE/CACHED`` (seconds); a
    ``K`` after the tokens means thousands, an ``x`` after the speedup is allowed."""
    from claimcheck import bounds
    from claimcheck.claim import POINT_SPEEDUP
    from claimcheck.physics.fit import FitPoint

    match = _POINT.fullmatch(text.strip())
    expected = (
        "--fit: expected TOKENS:SPEEDUP or TOKENS:BASELINE/CACHED in seconds "
        f"(32000:3.7, 131K:7.6x, 32K:12.5/3.4), got {text!r}"
    )
    if match is None:
        raise UsageError(expected)
    try:
        tokens = int(match["tokens"].replace(",", "").replace("_", "")) * (
            1000 if match["k"] else 1
        )
        numbers = [
            (name, float(match[name]))
            for name in ("speedup", "baseline", "cached")
            if match[name] is not None
        ]
    except ValueError:
        raise UsageError(expected) from None
    checks = [("tokens", tokens, bounds.TOKENS)] + [
        (name, value, POINT_SPEEDUP if name == "speedup" else bounds.SECONDS)
        for name, value in numbers
    ]
    for _name, value, bound in checks:
        if (problem := bound.problem(value)) is not None:
            raise UsageError(f"--fit {text}: {problem}")
    values = dict(numbers)
    if "speedup" in values:
        return FitPoint(tokens, speedup=values["speedup"])
    return FitPoint(tokens, baseline_seconds=values["baseline"], cached_seconds=values["cached"])


def _fitted(
    catalog: Catalog,
    model_name: str,
    gpu_name: str,
    gpus: int | None,
    precision: Precision,
    mfu: float,
    power_watts: float | None,
    points: list[FitPoint],
) -> tuple[Setup, PointsFit]:
    """The setup whose latency and bandwidth (and MFU, given times) fit ``points``, and the fit."""
    from claimcheck.physics import Setup, power_factor
    from claimcheck.physics.fit import fit_points
    from claimcheck.vendor_fit import report_of

    gpu = catalog.require_gpu(gpu_name)
    model = catalog.require_model(model_name)
    base = Setup(
        model=model,
        gpu=gpu,
        gpu_count=gpus or catalog.gpu_count(gpu_name) or 1,
        dtype=precision.estimate_compute(),
        attention_dtype=precision.estimate_attention(),
        kv_dtype=precision.kv_format(),
        weights_bits=precision.weight_bits(model),
        mfu=mfu,
        power_factor=1.0 if power_watts is None else power_factor(gpu, power_watts).factor,
    )
    try:
        fit = fit_points(base, points)
    except UsageError as err:
        raise UsageError(f"--fit: {err.message}") from None
    return fit.setup, report_of(fit, len(points), f"--mfu {mfu:g}")
