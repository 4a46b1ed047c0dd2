"""``claimcheck catalog models|gpus|tiers``: the built-in catalog (or a merged one) with sources."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from claimcheck.commands import Color, run, terminal_width, use_color
from claimcheck.commands.shared_options import (
    CATALOG,
    ColorOption,
    DebugOption,
    format_option,
    offered,
)
from claimcheck.errors import UsageError, did_you_mean


class CatalogKind(StrEnum):
    """What ``claimcheck catalog`` lists."""

    MODELS = "models"
    GPUS = "gpus"
    TIERS = "tiers"


class CatalogFormat(StrEnum):
    """``--format`` values of the catalog: toml is a file ``--catalog`` reads back."""

    TEXT = "text"
    JSON = "json"
    TOML = "toml"


def catalog(
    kind: Annotated[
        str,
        typer.Argument(
            metavar="<models|gpus|tiers>",
            autocompletion=offered(CatalogKind),
            help="Which part of the catalog to list.",
        ),
    ],
    catalog_file: Annotated[Path | None, CATALOG] = None,
    fmt: Annotated[
        str,
        format_option(CatalogFormat, "Output format (toml: tables --catalog reads back)", "text"),
    ] = CatalogFormat.TEXT,
    color: ColorOption = Color.AUTO,
    debug: DebugOption = False,
) -> None:
    """List the models, GPUs or storage tiers claimcheck knows (merged with --catalog), with sources."""

    def work() -> str:
        from claimcheck.catalog import load_catalog
        from claimcheck.commands.catalog_view import (
            KINDS,
            listing,
            render_json,
            render_text,
            render_toml,
        )
        from claimcheck.formats import RenderOptions

        chosen = next((k for k in KINDS if k == kind.strip().lower()), None)
        if chosen is None:
            raise UsageError(
                f"unknown catalog kind {kind!r}{did_you_mean(kind.lower(), KINDS)}; "
                "choose models, gpus or tiers"
            )
        entries = listing(load_catalog(catalog_file), chosen)
        chosen_format = CatalogFormat(fmt)
        if chosen_format is CatalogFormat.JSON:
            return render_json(entries)
        if chosen_format is CatalogFormat.TOML:
            return render_toml(entries)
        look = RenderOptions(width=terminal_width(), color=use_color(Color(color)))
        return render_text(entries, look)

    run(work, debug=debug)
