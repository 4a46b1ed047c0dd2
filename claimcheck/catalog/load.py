"""Reading catalogs: the built-in data files, parsed once, and user override files."""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from claimcheck.catalog.lookup import Catalog
from claimcheck.catalog.specs import CatalogEntry, GpuSpec, ModelSpec, TierSpec
from claimcheck.errors import InputError, UsageError, did_you_mean, shown
from claimcheck.sources.reading import SETTINGS_MAX_BYTES, read_bytes
from claimcheck.tomlfile import parse_toml

Entry = TypeVar("Entry", bound=CatalogEntry)

SECTIONS = ("models", "gpus", "tiers")
_RANGE = {"less_than_equal": "le", "greater_than": "gt", "greater_than_equal": "ge"}


@cache
def builtin_catalog() -> Catalog:
    """The catalog shipped with claimcheck (parsed on first use, then reused)."""
    data = files("claimcheck.catalog") / "data"
    catalog = Catalog((), (), ())
    for section in SECTIONS:
        text = data.joinpath(f"{section}.toml").read_text(encoding="utf-8")
        label = f"catalog/data/{section}.toml"
        parsed = parse_toml(text, label, UsageError)
        catalog = catalog.merged(*_entries(parsed, label))
    return catalog


def load_catalog(override_path: Path | None = None) -> Catalog:
    """The built-in catalog, merged with a user file of ``[[models]]``, ``[[gpus]]``, ``[[tiers]]``.

    An entry whose id exists replaces that entry; a new id adds one. Raises ``UsageError``
    naming the file, the entry and the field for anything invalid.
    """
    catalog = builtin_catalog()
    if override_path is None:
        return catalog
    label = str(override_path)
    try:
        data = read_bytes(override_path, label, max_bytes=SETTINGS_MAX_BYTES, hint="")
        text = data.decode("utf-8-sig")
    except InputError as err:
        raise UsageError(f"cannot read catalog file: {err.message}", path=label) from None
    except UnicodeDecodeError as err:
        raise UsageError(
            f"cannot read catalog file: invalid UTF-8 at byte offset {err.start}", path=label
        ) from None
    return catalog.merged(*_parse(text, label))


def _parse(text: str, label: str) -> tuple[list[ModelSpec], list[GpuSpec], list[TierSpec]]:
    """The validated entries of one catalog document."""
    return _entries(parse_toml(text, label, UsageError, "field "), label)


def _entries(
    document: dict[str, Any], label: str
) -> tuple[list[ModelSpec], list[GpuSpec], list[TierSpec]]:
    """The validated entries of one parsed catalog document."""
    for section in document:
        if section not in SECTIONS:
            hint = did_you_mean(section, SECTIONS)
            raise UsageError(f"unknown table [[{section}]]{hint}", path=label)
    return (
        _section(document, "models", ModelSpec, label),
        _section(document, "gpus", GpuSpec, label),
        _section(document, "tiers", TierSpec, label),
    )


def _section(document: dict[str, Any], section: str, spec: type[Entry], label: str) -> list[Entry]:
    tables = document.get(section, [])
    if not isinstance(tables, list) or not all(isinstance(table, dict) for table in tables):
        raise UsageError(f"'{section}' must be an array of tables ([[{section}]])", path=label)
    entries: dict[str, Entry] = {}
    for index, table in enumerate(tables):
        entry_id = table.get("id")
        where = (
            f"{section} entry {entry_id!r}"
            if isinstance(entry_id, str)
            else f"{section} entry #{index + 1}"
        )
        try:
            entry = spec.model_validate(table)
        except ValidationError as err:
            raise UsageError(f"{where}: {_describe(spec, err)}", path=label) from None
        if entry.id in entries:
            raise UsageError(f"{where}: duplicate id", path=label)
        entries[entry.id] = entry
    return list(entries.values())


def _describe(spec: type[CatalogEntry], err: ValidationError) -> str:
    """One line for all problems of an entry: unknown fields, bad values, then missing fields."""
    unknown, invalid, missing = [], [], []
    for error in err.errors():
        field = ".".join(str(part) for part in error["loc"])
        if error["type"] == "extra_forbidden":
            unknown.append(f"unknown field '{field}'{did_you_mean(field, list(spec.model_fields))}")
        elif error["type"] == "missing":
            missing.append(f"'{field}'")
        elif field and error["type"] in _RANGE:
            limit = (error.get("ctx") or {}).get(_RANGE[error["type"]])
            word = "at most" if error["type"].startswith("less") else "above"
            word = "at least" if error["type"] == "greater_than_equal" else word
            invalid.append(
                f"field '{field}': expected {word} {limit:,}, got {shown(error['input'])}"
            )
        elif field:
            invalid.append(f"field '{field}': {_expected(error)}")
        else:
            invalid.append(error["msg"].removeprefix("Value error, "))
    if missing:
        invalid.append(f"missing field{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    return "; ".join(unknown + invalid)


_WANTED = {
    "float_parsing": "a number", "float_type": "a number", "int_parsing": "a whole number",
    "int_type": "a whole number", "int_from_float": "a whole number", "string_type": "text",
    "bool_parsing": "true or false", "bool_type": "true or false", "tuple_type": "a list",
    "list_type": "a list", "dict_type": "a table", "finite_number": "a finite number",
}  # fmt: skip


def _expected(error: ErrorDetails) -> str:
    """What a catalog field expected, in the words claim files use, not pydantic's."""
    kind, value = error["type"], error.get("input")
    if kind in _WANTED:
        return f"expected {_WANTED[kind]}, got {shown(value)}"
    if kind in {"enum", "literal_error"}:
        expected = str((error.get("ctx") or {}).get("expected", "a known value"))
        choices = re.findall(r"'([^']*)'", expected)
        return f"expected {expected}, got {shown(value)}{did_you_mean(str(value), choices)}"
    return str(error["msg"]).removeprefix("Value error, ")
