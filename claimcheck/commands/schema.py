"""``claimcheck schema``: the JSON Schema of claim files or of the configuration."""

from __future__ import annotations

from typing import Annotated

import typer


def schema(
    config: Annotated[
        bool,
        typer.Option(
            "--config", help="The configuration's schema (claimcheck.toml, [tool.claimcheck])."
        ),
    ] = False,
) -> None:
    """Print the JSON Schema of claim files, or of the configuration (for editors and CI)."""
    import json

    from claimcheck.schemas import claim_file_schema, config_schema

    print(json.dumps(config_schema() if config else claim_file_schema(), indent=2))
