"""Configuration: ``[tool.claimcheck]`` in ``pyproject.toml`` or a ``claimcheck.toml``.

The nearest file to the working directory wins (``claimcheck.toml`` before ``pyproject.toml``
in the same folder); the search stops at the repository root. Keys mirror the command line
(``select``, ``ignore``, ``extend-select``, ``per-file-ignores``, ``fail-on``, ``format``,
``exclude``, …) plus ``[thresholds]`` and ``[assumptions]`` tables. Command-line options win
over the file; the file wins over the defaults. Unknown keys are errors with a did-you-mean.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from claimcheck.errors import UsageError, did_you_mean
from claimcheck.settings import Assumptions, Thresholds

Kind = Literal["markdown", "html", "text", "yaml", "toml", "json"]
FORMATS = ("text", "concise", "json", "sarif", "github", "gitlab", "junit", "markdown", "html")


class FileConfig(BaseModel):
    """What a configuration file may say. Every key is optional."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    select: list[str] | None = None
    ignore: list[str] | None = None
    extend_select: list[str] | None = None
    per_file_ignores: dict[str, list[str]] | None = Field(None, description="glob → rule codes")
    fail_on: str | None = Field(None, pattern="^(info|warning|error|never)$")
    format: str | None = Field(None, pattern="^(" + "|".join(FORMATS) + ")$")
    exclude: list[str] | None = None
    extend_exclude: list[str] | None = None
    respect_gitignore: bool | None = None
    max_file_size: int | None = Field(None, gt=0)
    extensions: dict[str, Kind] | None = Field(
        None, description="file suffix → markdown, html, text, …"
    )
    thresholds: Thresholds | None = None
    assumptions: Assumptions | None = None


_SECTIONS: dict[str, type[BaseModel]] = {"thresholds": Thresholds, "assumptions": Assumptions}


@dataclass(frozen=True)
class LoadedConfig:
    """A configuration file's values, where it was found, and the folder its paths are relative to."""

    values: FileConfig = field(default_factory=FileConfig)
    path: Path | None = None

    @property
    def label(self) -> str:
        """How ``claimcheck config`` names the source of a value."""
        return self.path.name if self.path else "default"


def discover(start: Path) -> Path | None:
    """The nearest ``claimcheck.toml`` or ``pyproject.toml`` with ``[tool.claimcheck]``, from
    ``start`` upward, stopping at the repository root (a folder holding ``.git``)."""
    for folder in (start.resolve(), *start.resolve().parents):
        own = folder / "claimcheck.toml"
        if own.is_file():
            return own
        project = folder / "pyproject.toml"
        if project.is_file() and _has_tool_table(project):
            return project
        if (folder / ".git").exists():
            return None
    return None


def _has_tool_table(path: Path) -> bool:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return re.search(r"^\s*\[tool\.claimcheck(?:\.[\w-]+)?\]", text, re.MULTILINE) is not None


def load(path: Path) -> LoadedConfig:
    """Read and validate one configuration file; ``UsageError`` names the file and the key."""
    display = str(path)
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise UsageError(
            f"cannot read the configuration: {err.strerror or err}", path=display
        ) from None
    except UnicodeDecodeError:
        raise UsageError("the configuration is not UTF-8", path=display) from None
    except tomllib.TOMLDecodeError as err:
        raise UsageError(f"TOML syntax error: {err}", path=display) from None
    if path.name == "pyproject.toml":
        data = data.get("tool", {}).get("claimcheck", {})
    return LoadedConfig(_validate(data, display), path)


def _snake(table: dict[str, Any], known: list[str], where: str, display: str) -> dict[str, Any]:
    """kebab-case keys → field names; an unknown key is an error with the closest known key."""
    out = {}
    for key, value in table.items():
        name = str(key).replace("-", "_")
        if name not in known:
            kebab = [k.replace("_", "-") for k in known]
            raise UsageError(
                f"unknown key '{where}{key}'{did_you_mean(str(key), kebab)}", path=display
            )
        out[name] = value
    return out


def _validate(data: dict[str, Any], display: str) -> FileConfig:
    values = _snake(data, list(FileConfig.model_fields), "", display)
    for section, model in _SECTIONS.items():
        if section in values:
            if not isinstance(values[section], dict):
                raise UsageError(f"'{section}' must be a table", path=display)
            values[section] = _snake(
                values[section], list(model.model_fields), f"{section}.", display
            )
    try:
        return FileConfig.model_validate(values)
    except ValidationError as err:
        detail = err.errors()[0]
        key = ".".join(str(part).replace("_", "-") for part in detail["loc"])
        raise UsageError(
            f"'{key}': {detail['msg']} (got {detail.get('input')!r})", path=display
        ) from None


def resolve(config_path: Path | None, isolated: bool, cwd: Path) -> LoadedConfig:
    """The configuration in force: ``--config FILE``, else the nearest file, else defaults."""
    if isolated:
        return LoadedConfig()
    if config_path is not None:
        if not config_path.is_file():
            raise UsageError("no such configuration file", path=str(config_path))
        return load(config_path)
    found = discover(cwd)
    return load(found) if found is not None else LoadedConfig()
