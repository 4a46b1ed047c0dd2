"""``claimcheck config``: the settings in force and where each came from."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from claimcheck.commands import TextOrJson, fail
from claimcheck.commands.shared_options import CONFIG, ISOLATED, TextOrJsonFormat
from claimcheck.errors import ClaimcheckError


def show_config(
    config: Annotated[Path | None, CONFIG] = None,
    isolated: Annotated[bool, ISOLATED] = False,
    fmt: TextOrJsonFormat = TextOrJson.TEXT,
) -> None:
    """Show the settings in force and where each came from (default, a file, the command line)."""
    from claimcheck import config as configuration
    from claimcheck.options import Options, settle

    try:
        loaded = configuration.resolve(config, isolated, Path.cwd())
        run = settle(Options(), loaded, Path.cwd())
    except ClaimcheckError as err:
        fail(str(err))
    where = str(loaded.path) if loaded.path else None
    settings = {
        key: (value.model_dump(mode="json") if hasattr(value, "model_dump") else value, source)
        for key, (value, source) in sorted(run.sources.items())
    }
    if TextOrJson(fmt) is TextOrJson.JSON:
        import json

        table = {
            key: {"value": value, "source": source} for key, (value, source) in settings.items()
        }
        print(json.dumps({"configuration_file": where, "settings": table}, indent=2))
        return
    print(f"configuration file: {where or '(none)'}")
    for key, (value, source) in settings.items():
        print(f"{key:<28} {value!s:<44} ({source})")
