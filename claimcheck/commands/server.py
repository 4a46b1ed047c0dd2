"""``claimcheck server``: the language server for editors (docs/editors.md). pygls, the
optional ``server`` extra, is imported only when the command runs."""

from __future__ import annotations

from importlib.util import find_spec
from typing import Annotated

import typer

from claimcheck.commands import fail

NEEDS_PYGLS = (
    "claimcheck server needs pygls, which is not installed: "
    "pip install 'claimcheck-kv[server]' (docs/editors.md)"
)


def server(
    stdio: Annotated[
        bool,
        typer.Option(
            "--stdio",
            help="Talk over standard input and output: the only way, so this changes nothing "
            "(editor clients pass it).",
        ),
    ] = False,
) -> None:
    """Run the language server for editors: findings as you type (LSP over stdio)."""
    if find_spec("pygls") is None or find_spec("lsprotocol") is None:
        fail(NEEDS_PYGLS)
    from claimcheck.server.app import run

    raise typer.Exit(run())
