"""Command-line options + configuration file → the settings of one run, and where each came from."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec
from msgspec import field
from pydantic import ValidationError

from claimcheck.bounds import MAX_FILE_BYTES
from claimcheck.config import LoadedConfig
from claimcheck.defaults import DEFAULT_EXCLUDE, DEFAULT_MAX_BYTES
from claimcheck.errors import UsageError, shown, wanted
from claimcheck.rules import check_selectors, enabled
from claimcheck.settings import ASSUMPTION_BOUNDS, Assumptions, Settings, Thresholds
from claimcheck.severity import Severity
from claimcheck.sources.inputs import Selection

_OUT_OF_RANGE = {"greater_than_equal", "less_than_equal", "finite_number"}


class Options(msgspec.Struct, frozen=True):
    """What the caller chose (``check``'s options, the API's keywords); ``None`` means "not
    given": the configuration file may say, else the default applies."""

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] | None = None
    per_file_ignores: tuple[str, ...] | None = None
    fail_on: str | None = None
    format: str | None = None
    exclude: tuple[str, ...] | None = None
    extend_exclude: tuple[str, ...] | None = None
    force_exclude: bool = False
    respect_gitignore: bool | None = None
    max_file_size: int | None = None
    assume: dict[str, Any] = field(default_factory=dict)


class RunSettings(msgspec.Struct, frozen=True):
    """A run's settings by stage: what judging needs (``settings``), which files are read
    (``selection``, ``max_file_bytes``), when the run fails, the format; and the source of each."""

    settings: Settings
    selection: Selection
    max_file_bytes: int
    fail_on: Severity | None
    format: str | None
    sources: dict[str, tuple[object, str]]


def settle(cli: Options, config: LoadedConfig, cwd: Path) -> RunSettings:
    """Command line over configuration file over defaults; validate the result."""
    file = config.values
    sources: dict[str, tuple[object, str]] = {}

    def pick(key: str, given: Any, from_file: Any, default: Any) -> Any:
        if given is not None:
            sources[key] = (given, "command line")
            return given
        if from_file is not None:
            sources[key] = (from_file, config.label)
            return from_file
        sources[key] = (default, "default")
        return default

    select = tuple(pick("select", cli.select, file.select, ["ALL"]))
    ignore = tuple(pick("ignore", cli.ignore, file.ignore, []))
    extend = tuple(pick("extend-select", cli.extend_select, file.extend_select, []))
    blame = _Blame(config, sources)
    with blame("select"):
        if not select:
            raise UsageError(
                "select: an empty selection would run no rule (use ALL, codes or prefixes)"
            )
    for option, values in (("select", select), ("ignore", ignore), ("extend-select", extend)):
        with blame(option):
            check_selectors(values, option)
    with blame("ignore"):
        if not enabled(select, ignore, extend):
            # A run that checks nothing would pass: refused, as an empty select is.
            dropped = ", ".join(repr(selector) for selector in ignore)
            raise UsageError(
                f"ignore: {dropped} leaves no rule to run (ignore fewer, or select the rules to run)"
            )
    per_file = _per_file(cli.per_file_ignores)
    per_file_ignores = pick("per-file-ignores", per_file, file.per_file_ignores, {})
    with blame("per-file-ignores"):
        for codes in per_file_ignores.values():
            check_selectors(tuple(codes), "per-file-ignores")
        check_patterns(list(per_file_ignores), "per-file-ignores")
    fail_on = pick("fail-on", cli.fail_on, file.fail_on, "error")
    fmt = pick("format", cli.format, file.format, None)
    exclude = list(pick("exclude", cli.exclude, file.exclude, list(DEFAULT_EXCLUDE)))
    with blame("exclude"):
        check_patterns([p for p in exclude if p not in DEFAULT_EXCLUDE], "exclude")
    extend_exclude = pick("extend-exclude", cli.extend_exclude, file.extend_exclude, [])
    with blame("extend-exclude"):
        check_patterns(list(extend_exclude), "extend-exclude")
    exclude += extend_exclude
    gitignore = pick("respect-gitignore", cli.respect_gitignore, file.respect_gitignore, True)
    max_bytes = pick("max-file-size", cli.max_file_size, file.max_file_size, DEFAULT_MAX_BYTES)
    if (problem := MAX_FILE_BYTES.problem(max_bytes)) is not None:
        raise UsageError(f"--max-file-size: {problem}")
    extensions = pick("extensions", None, file.extensions, {})
    thresholds = pick("thresholds", None, file.thresholds, Thresholds.model_construct())
    base = config.path.parent if config.path else cwd
    assume = _assumptions(cli.assume, file.assumptions, config.label, sources, base)
    _check_names(assume, blame)
    # Every part was checked above (or by the configuration's model): no validator to build.
    settings = Settings.model_construct(
        select=tuple(select),
        ignore=tuple(ignore),
        extend_select=tuple(extend),
        per_file_ignores={pattern: tuple(codes) for pattern, codes in per_file_ignores.items()},
        base=base,
        thresholds=thresholds,
        assume=assume,
    )
    selection = Selection(
        extensions=extensions,
        exclude=tuple(exclude),
        base=base,
        respect_gitignore=gitignore,
        force_exclude=cli.force_exclude,
    )
    failing = None if fail_on == "never" else Severity(fail_on)
    return RunSettings(settings, selection, max_bytes, failing, fmt, sources)


class Nearest:
    """Each file's settings from the configuration file nearest to it, as ruff does: a
    ``docs/claimcheck.toml`` applies to the files under ``docs/``. The options given win over
    every file. Which files are read, the format and ``fail-on`` stay the run's."""

    def __init__(self, cli: Options, run: RunSettings, config: LoadedConfig, cwd: Path) -> None:
        self._cli = cli
        self._run = run
        self._cwd = cwd
        self._found: dict[Path, Path | None] = {}
        self._folders: dict[str, Path | None] = {}
        self._settings: dict[Path, Settings] = {}
        self._broken: dict[Path, UsageError] = {}
        if config.path is not None:
            self._settings[config.path.resolve()] = run.settings

    def __call__(self, display: str) -> Settings:
        """The settings for the file shown as ``display``."""
        from claimcheck.config import discover, load

        folder = os.path.dirname(display)
        if folder not in self._folders:  # resolving a path costs system calls: once a folder
            self._folders[folder] = discover(self._cwd / folder, self._found)
        found = self._folders[folder]
        if found is None:
            return self._run.settings
        key = found.resolve()
        if key in self._broken:
            raise self._broken[key]
        if key not in self._settings:
            try:
                self._settings[key] = settle(self._cli, load(found), self._cwd).settings
            except UsageError as err:  # read once: every file under it gets the same error
                self._broken[key] = err
                raise
        return self._settings[key]


class _Blame:
    """``with blame("select"):`` a usage error about a value the configuration file set names
    the file and the key's line, as the file's other errors do."""

    def __init__(self, config: LoadedConfig, sources: dict[str, tuple[object, str]]) -> None:
        self._config = config
        self._sources = sources
        self._key = ""

    def __call__(self, key: str) -> _Blame:
        self._key = key
        return self

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, err: BaseException | None, trace: object) -> None:
        path = self._config.path
        if not isinstance(err, UsageError) or err.path is not None or path is None:
            return
        if not self.from_file(self._key):
            return
        from claimcheck.config import key_line

        line = key_line(path, self._key)
        message = err.message
        if not message.startswith(self._key.rpartition(".")[2]):
            message = f"'{self._key}': {message}"
        raise UsageError(message, path=str(path), line=line) from None

    def from_file(self, key: str) -> bool:
        """Whether the configuration file set ``key``."""
        return self._sources.get(key, (None, ""))[1] == self._config.label


def _check_names(assume: Assumptions, blame: _Blame) -> None:
    """A model, GPU or tier the configuration file assumes must be in the catalog (the command
    line's are checked when the audit starts; a broken catalog file is the audit's to report)."""
    keys = [k for k in ("model", "gpu", "tier") if blame.from_file(f"assumptions.{k}")]
    if not keys:
        return
    from claimcheck.catalog.source import CatalogSource

    source = CatalogSource(assume)
    catalog = source.get()
    if source.problems:
        return
    for key in keys:
        with blame(f"assumptions.{key}"):
            getattr(catalog, f"require_{key}")(getattr(assume, key))


def _per_file(entries: tuple[str, ...] | None) -> dict[str, list[str]] | None:
    """``--per-file-ignores "docs/legacy/*:KV103,KV104"`` (repeatable) → a table."""
    if entries is None:
        return None
    table: dict[str, list[str]] = {}
    for entry in entries:
        pattern, sep, codes = entry.rpartition(":")
        if not sep or not pattern or not codes.strip():
            raise UsageError(f"--per-file-ignores: expected PATTERN:CODES, got {entry!r}")
        table.setdefault(pattern, []).extend(c.strip() for c in codes.split(",") if c.strip())
    return table


def check_patterns(patterns: list[str], option: str) -> None:
    """Refuse a gitignore-style pattern the matcher cannot compile, naming the option."""
    if not patterns:
        return
    from claimcheck.sources.patterns import compile_lines

    _spec, refused = compile_lines(patterns)
    if refused:
        raise UsageError(f"{option}: {refused[0].message}")


def _assumptions(
    given: dict[str, Any],
    from_file: Assumptions | None,
    label: str,
    sources: dict[str, tuple[object, str]],
    base: Path,
) -> Assumptions:
    """The command line's assumptions over the file's; a catalog path in the file is
    relative to the file's folder."""
    merged: dict[str, Any] = {}
    if from_file is not None:
        for key, value in from_file.model_dump(exclude_unset=True).items():
            if key == "catalog" and value is not None:
                value = str(base / value)
            merged[key] = value
            sources[f"assumptions.{key}"] = (value, label)
    for key, value in given.items():
        if value is not None:
            merged[key] = value
            sources[f"assumptions.{key}"] = (value, "command line")
    if not merged:  # nothing assumed: the defaults, without building the validator
        return Assumptions.model_construct()
    try:
        return Assumptions(**merged)
    except ValidationError as err:
        detail = err.errors()[0]
        name = str(detail["loc"][0])
        option = "--" + name.replace("_", "-")
        bound = ASSUMPTION_BOUNDS.get(name)
        if bound is not None and detail["type"] in _OUT_OF_RANGE:
            raise UsageError(f"{option}: {bound.problem(detail['input'])}") from None
        what = wanted(detail["type"], detail.get("ctx")) or "a valid value"
        raise UsageError(f"{option}: expected {what}, got {shown(detail.get('input'))}") from None
