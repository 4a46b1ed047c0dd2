"""The editor's settings for claimcheck: the ``claimcheck`` section of the client's
configuration (``initializationOptions``, ``workspace/configuration`` or
``workspace/didChangeConfiguration``; docs/editors.md). Each is an option of ``check``, and
wins over the configuration files as the command line does (docs/configuration.md).

Keys are spelled as in ``claimcheck.toml`` (``extend-select``) or in camel case
(``extendSelect``). A value of the wrong type is left out, with a message saying so.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec import field

_LISTS = ("select", "ignore", "extend_select")
_ASSUMED: dict[str, type | tuple[type, ...]] = {
    "model": str,
    "gpu": str,
    "gpus": int,
    "tier": str,
    "mfu": (int, float),
    "kv_layout": str,
    "output_tokens": int,
    "catalog": str,
}


class ClientSettings(msgspec.Struct, frozen=True):
    """What the editor chose; ``None`` or empty: the configuration files decide."""

    config: str | None = None
    isolated: bool = False
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] | None = None
    assume: dict[str, Any] = field(default_factory=dict)

    def keywords(self) -> dict[str, Any]:
        """The keywords of ``claimcheck.api.audit_document`` these settings give."""
        chosen: dict[str, Any] = {"config": self.config, "isolated": self.isolated}
        chosen.update({name: getattr(self, name) for name in _LISTS})
        return {**chosen, **self.assume}


def read_settings(raw: object) -> tuple[ClientSettings, list[str]]:
    """The settings in ``raw``, the ``claimcheck`` section (``None``: none given), and a
    message for each value left out."""
    if not isinstance(raw, Mapping):
        return ClientSettings(), [] if raw is None else ["settings: expected a table of settings"]
    given = {_snake(str(key)): value for key, value in raw.items()}
    problems: list[str] = []
    chosen: dict[str, Any] = {}
    for key, value in given.items():
        if (key == "config" and isinstance(value, str) and value) or (
            key == "isolated" and isinstance(value, bool)
        ):
            chosen[key] = value
        elif key in _LISTS and _strings(value):
            chosen[key] = tuple(value)
        elif key == "assumptions" and isinstance(value, Mapping):
            chosen["assume"] = _assumptions(value, problems)
        elif value is not None:
            problems.append(f"setting '{key.replace('_', '-')}': {_wrong(key)}; left out")
    return ClientSettings(**chosen), problems


def _assumptions(table: Mapping[str, object], problems: list[str]) -> dict[str, Any]:
    assumed: dict[str, Any] = {}
    for name, value in table.items():
        key = _snake(str(name))
        wanted = _ASSUMED.get(key)
        if wanted is None or isinstance(value, bool) or not isinstance(value, wanted):
            if value is not None:
                known = ", ".join(k.replace("_", "-") for k in _ASSUMED)
                problems.append(
                    f"setting 'assumptions.{name}': expected one of {known} with a value of "
                    "its type; left out"
                )
            continue
        assumed[key] = value
    return assumed


def _strings(value: object) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(item, str) for item in value)


def _wrong(key: str) -> str:
    if key in _LISTS:
        return "expected a list of rule codes"
    if key == "config":
        return "expected the path of a configuration file"
    if key == "isolated":
        return "expected true or false"
    if key == "assumptions":
        return "expected a table (model, gpu, …)"
    return (
        "not a setting of claimcheck (config, isolated, select, ignore, extend-select, assumptions)"
    )


_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


def _snake(key: str) -> str:
    return _CAMEL.sub(r"_\1", key).replace("-", "_").lower()
