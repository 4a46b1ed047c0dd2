"""Configuration: ``[tool.claimcheck]`` in ``pyproject.toml`` or a ``claimcheck.toml``.

The nearest file wins (``claimcheck.toml`` before ``pyproject.toml`` in the same folder); the
search stops at the repository root. The file nearest the working directory sets the run; each
file is judged with the rules, thresholds and assumptions of the file nearest to it. A ``pyproject.toml`` counts when
its parsed TOML has a ``tool.claimcheck`` table, however it is spelled (``[tool.claimcheck]``,
``[ tool . "claimcheck" ]``, dotted keys, an inline table). Keys mirror the command line
(``select``, ``ignore``, ``extend-select``, ``per-file-ignores``, ``fail-on``, ``format``,
``exclude``, …) plus ``[thresholds]`` and ``[assumptions]`` tables. Paths in the file
(``exclude``, ``per-file-ignores``, ``assumptions.catalog``) are relative to the file's folder.
Command-line options win over the file; the file wins over the defaults. Unknown keys and
values of the wrong type are errors naming the file, the key and what was expected.
"""

import re
from pathlib import Path
from typing import Any, Literal

import msgspec
from msgspec import field
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails

from claimcheck.bounds import MAX_FILE_BYTES, Bound
from claimcheck.errors import InputError, UsageError, choices_of, did_you_mean, shown, wanted
from claimcheck.output_format import OutputFormat
from claimcheck.settings import ASSUMPTION_BOUNDS, Assumptions, Thresholds
from claimcheck.severity import FailOn
from claimcheck.sources.reading import SETTINGS_MAX_BYTES, read_bytes

Kind = Literal["markdown", "html", "text", "yaml", "toml", "json"]
FORMATS = tuple(fmt.value for fmt in OutputFormat)
FAIL_ON = tuple(value.value for value in FailOn)


class FileConfig(BaseModel):
    """What a configuration file may say. Every key is optional."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)

    select: list[str] | None = None
    ignore: list[str] | None = None
    extend_select: list[str] | None = None
    per_file_ignores: dict[str, list[str]] | None = Field(None, description="glob → rule codes")
    fail_on: str | None = Field(None, pattern="^(" + "|".join(FAIL_ON) + ")$")
    format: str | None = Field(None, pattern="^(" + "|".join(FORMATS) + ")$")
    exclude: list[str] | None = None
    extend_exclude: list[str] | None = None
    respect_gitignore: bool | None = None
    max_file_size: int | None = Field(None, ge=MAX_FILE_BYTES.low, le=MAX_FILE_BYTES.high)
    extensions: dict[str, Kind] | None = Field(
        None, description="file suffix → markdown, html, text, …"
    )
    thresholds: Thresholds | None = None
    assumptions: Assumptions | None = None


_SECTIONS: dict[str, type[BaseModel]] = {"thresholds": Thresholds, "assumptions": Assumptions}


class LoadedConfig(msgspec.Struct, frozen=True):
    """A configuration file's values, where it was found, and the folder its paths are relative to."""

    # Every key unset needs no validation: a run without a configuration file never builds
    # the file model's validator.
    values: FileConfig = field(default_factory=FileConfig.model_construct)
    path: Path | None = None

    @property
    def label(self) -> str:
        """How ``claimcheck config`` names the source of a value."""
        return self.path.name if self.path else "default"


def discover(start: Path, known: dict[Path, Path | None] | None = None) -> Path | None:
    """The nearest ``claimcheck.toml``, or ``pyproject.toml`` with a ``tool.claimcheck`` table,
    from ``start`` upward, stopping at the repository root (a folder holding ``.git``).

    ``known`` remembers the answer for every folder passed (callers asking for many folders
    of one tree read each ``pyproject.toml`` once)."""
    memo: dict[Path, Path | None] = {} if known is None else known
    passed: list[Path] = []
    found: Path | None = None
    for folder in (start.resolve(), *start.resolve().parents):
        if folder in memo:
            found = memo[folder]
            break
        passed.append(folder)
        own = folder / "claimcheck.toml"
        if own.is_file():
            found = own
            break
        project = folder / "pyproject.toml"
        if project.is_file() and _names_us(project) is not None:
            found = project
            break
        if (folder / ".git").exists():
            break
    for folder in passed:
        memo[folder] = found
    return found


def _tool_table(data: dict[str, Any], display: str) -> object:
    """``tool.claimcheck`` of a parsed ``pyproject.toml``, in whatever TOML spelling it was
    written (``[tool.claimcheck]``, dotted keys, an inline table), or ``None``."""
    tool = data.get("tool")
    if tool is None:
        return None
    if not isinstance(tool, dict):
        raise UsageError("'tool' must be a table", path=display)
    return tool.get("claimcheck")


def _names_us(project: Path) -> object:
    """``tool.claimcheck`` of a ``pyproject.toml``, or ``None``. A file whose text cannot spell
    that table (no ``claimcheck`` in it, and no escape that could write it in a quoted key) is
    not parsed: most projects' files are not about claimcheck."""
    text = _text(project)
    if "claimcheck" not in text and "\\" not in text:
        return None
    return _tool_table(_parse(text, project), str(project))


def _read(path: Path) -> dict[str, Any]:
    """A configuration file parsed; a UTF-8 byte-order mark is allowed, as editors write one."""
    return _parse(_text(path), path)


def _text(path: Path) -> str:
    display = str(path)
    try:
        text = read_bytes(path, display, max_bytes=SETTINGS_MAX_BYTES, hint="").decode("utf-8-sig")
    except InputError as err:
        raise UsageError(f"cannot read the configuration: {err.message}", path=display) from None
    except UnicodeDecodeError as err:
        raise UsageError(
            f"the configuration is not UTF-8 (invalid byte at offset {err.start})", path=display
        ) from None
    return text


def _parse(text: str, path: Path) -> dict[str, Any]:
    """The file parsed; ``UsageError`` names the file, line and column of a TOML error."""
    from claimcheck.tomlfile import parse_toml

    return parse_toml(text, str(path), UsageError)


def load(path: Path) -> LoadedConfig:
    """Read and validate one configuration file; ``UsageError`` names the file and the key."""
    display = str(path)
    data: object = _read(path)
    if path.name == "pyproject.toml":
        assert isinstance(data, dict)
        data = _tool_table(data, display) or {}
        if not isinstance(data, dict):
            raise UsageError("'tool.claimcheck' must be a table", path=display)
    assert isinstance(data, dict)
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
        return FileConfig.model_validate(values, strict=True)
    except ValidationError as err:
        detail = err.errors()[0]
        loc = detail["loc"]
        key = ".".join(str(part).replace("_", "-") for part in loc)
        # The line of the key, or of its table's key: a list item or a table entry has none.
        named = loc[: 2 if loc and loc[0] in _SECTIONS else 1]
        setting = ".".join(str(part).replace("_", "-") for part in named)
        line = key_line(Path(display), setting) if setting else None
        raise UsageError(f"'{key}': {_expected(detail)}", path=display, line=line) from None


_OUT_OF_RANGE = {"greater_than_equal", "less_than_equal", "finite_number"}
_BOUNDS: dict[str, Bound] = {"max_file_size": MAX_FILE_BYTES, **ASSUMPTION_BOUNDS}
# Keys whose string must be one of a list (checked by a pattern, which names no values).
_CHOICES: dict[str, tuple[str, ...]] = {"fail_on": FAIL_ON, "format": FORMATS}


def _expected(detail: ErrorDetails) -> str:
    """``expected a list of strings, got a string 'KV101'``, ``expected one of info, warning,
    error, never, got a string 'warn' (did you mean 'warning'?)``: what the key had to be, in
    the configuration's terms, never pydantic's."""
    kind = detail["type"]
    value = detail.get("input")
    field = str(detail["loc"][0]) if detail["loc"] else ""
    bound = _BOUNDS.get(str(detail["loc"][-1])) if detail["loc"] else None
    if bound is not None and kind in _OUT_OF_RANGE:
        return str(bound.problem(value))
    described = shown(value)
    long = described.startswith("an integer of about")
    got = f"got {described}" if long else f"got {_type_name(value)} {described}"
    if kind in {"string_pattern_mismatch", "string_type"}:
        options = list(_CHOICES.get(field, ()))
    else:
        options = choices_of(detail.get("ctx"))
    if options:
        hint = did_you_mean(value, options) if isinstance(value, str) else ""
        return f"expected one of {', '.join(options)}, {got}{hint}"
    if kind == "list_type":
        return f"expected a list of strings, {got}"
    what = wanted(kind, detail.get("ctx"))
    return f"expected {what}, {got}" if what else f"not a valid value, {got}"


def _type_name(value: object) -> str:
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
             list: "a list", dict: "a table"}  # fmt: skip
    return names.get(type(value), type(value).__name__)


def key_line(path: Path, key: str) -> int | None:
    """The line of ``path`` that sets ``key`` (``select``, ``per-file-ignores``,
    ``assumptions.model``), in kebab or snake case, under its table when it has one; ``None``
    when it cannot be told. Only for messages: the parsed TOML has no positions."""
    try:
        text = read_bytes(path, str(path), max_bytes=SETTINGS_MAX_BYTES).decode("utf-8-sig")
    except (InputError, UnicodeDecodeError):
        return None
    *tables, name = key.split(".")
    spelled = "|".join(re.escape(n) for n in {name, name.replace("-", "_"), name.replace("_", "-")})
    assigned = re.compile(
        rf"""^[ \t]*(?:{spelled}|"(?:{spelled})"|'(?:{spelled})')[ \t]*[=.]""", re.M
    )
    start = 0
    if tables:
        header = re.compile(rf"^[ \t]*\[[^\]\n]*\b{re.escape(tables[-1])}[ \t]*\]", re.M)
        found = header.search(text)
        if found is None:
            dotted = re.compile(
                rf"^[ \t]*{re.escape(tables[-1])}[ \t]*\.[ \t]*(?:{spelled})[ \t]*=", re.M
            )
            match = dotted.search(text)
            return text.count("\n", 0, match.start()) + 1 if match else None
        start = found.end()
    match = assigned.search(text, start)
    if match is None and not tables:
        table = re.compile(rf"^[ \t]*\[[^\]\n]*\b(?:{spelled})[ \t]*\]", re.M)
        match = table.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else None


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
