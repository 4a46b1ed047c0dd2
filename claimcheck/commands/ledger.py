"""``claimcheck ledger``: a crawl's claims in DuckDB, and its named queries (docs/crawl.md).
DuckDB, of the crawl extra, is imported only when a command runs."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import typer

from claimcheck.commands import TextOrJson, fail
from claimcheck.commands.crawl import NEEDS_CRAWL, missing
from claimcheck.commands.help_layout import Command, Group

ledger = typer.Typer(name="ledger", help="Build and query a claims ledger (DuckDB) from a crawl's Parquet files.",
                     no_args_is_help=True, add_completion=False, cls=Group,
                     rich_markup_mode="rich",
                     context_settings={"help_option_names": ["-h", "--help"]})  # fmt: skip
DB = typer.Option("--db", help="The ledger's DuckDB file.", metavar="FILE")


class QueryName(StrEnum):
    """The named queries (``claimcheck.crawl.ledger.QUERIES``)."""

    HEADLINE = "headline"
    VANISHED = "vanished"
    UNDISCLOSED = "undisclosed"
    INCOMPARABLE = "incomparable"
    HISTORY = "history"


def _needs_duckdb() -> None:
    if missing("duckdb"):
        fail(NEEDS_CRAWL.format(missing="duckdb").replace("claimcheck crawl", "claimcheck ledger"))


@ledger.command("build", cls=Command)
def build(
    claims_dir: Annotated[
        str,
        typer.Argument(
            help="The folder (or fsspec URL) claimcheck crawl wrote to.",
            show_default=False,
            metavar="DIR",
        ),
    ],
    db: Annotated[str, DB] = "claims.duckdb",
) -> None:
    """Build (or rebuild) the ledger from a crawl's Parquet files."""
    _needs_duckdb()
    from claimcheck.crawl.ledger import build as build_ledger

    try:
        built = build_ledger(claims_dir, db)
    except ValueError as err:
        fail(str(err))
    print(f"{db}: {built.rows:,} claim rows, {built.pages:,} pages, {built.claims:,} distinct "
          f"claims of {built.vendors:,} vendors, {built.incomparable:,} KV303 findings")  # fmt: skip


@ledger.command("query", cls=Command)
def query(
    name: Annotated[
        QueryName,
        typer.Argument(
            help="headline, vanished, undisclosed, incomparable or history.",
            show_default=False,
            metavar="QUERY",
        ),
    ],
    db: Annotated[str, DB] = "claims.duckdb",
    vendor: Annotated[
        str | None,
        typer.Option(
            "--vendor",
            help="Only this vendor (a domain, e.g. example.com).",
            show_default=False,
            metavar="DOMAIN",
        ),
    ] = None,
    fmt: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="text or json.", metavar="FORMAT")
    ] = TextOrJson.TEXT,
) -> None:
    """Run one of the ledger's named queries."""
    _needs_duckdb()
    import os

    from claimcheck.crawl.ledger import query as run_query

    if not os.path.exists(db):
        fail(f"{db}: no such ledger (build it with claimcheck ledger build)")
    columns, rows = run_query(db, name.value, vendor)
    if fmt is TextOrJson.JSON:
        import json

        print(
            json.dumps(
                [dict(zip(columns, row, strict=True)) for row in rows], default=str, indent=2
            )
        )
        return
    print("\t".join(columns))
    for row in rows:
        print("\t".join(_cell(value) for value in row))


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return " ".join(str(value).split())
