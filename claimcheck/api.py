"""The Python API: audit claim text or files as ``claimcheck check`` does and get the typed
``Report`` (README "Python API"). The command line is a thin adapter over ``check`` below.

Options left at ``None`` come from the nearest configuration file, else from the same defaults
as the command line; ``isolated=True`` ignores configuration files, ``config`` names one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypedDict, Unpack

import msgspec
from msgspec.structs import replace

from claimcheck.audit import Inputs, audit
from claimcheck.errors import InputError, UsageError
from claimcheck.options import Nearest, Options, RunSettings, settle
from claimcheck.report import Report

if TYPE_CHECKING:
    from claimcheck.batch import SettingsGroup
    from claimcheck.settings import Settings
    from claimcheck.sources.show import Shown

StrPath = str | os.PathLike[str]
DocumentKind = Literal["markdown", "html", "text"]


class Assume(TypedDict, total=False):
    """What to assume where a claim is silent, as ``check``'s ``--model``, ``--gpu``, ``--gpus``,
    ``--tier``, ``--mfu``, ``--kv-layout``, ``--output-tokens`` and ``--catalog``: keyword
    options of ``audit_text`` and ``audit_paths`` (a claim's own figures always win)."""

    model: str | None
    gpu: str | None
    gpus: int | None
    tier: str | None
    mfu: float | None
    kv_layout: Literal["resumed", "full"] | None
    output_tokens: int | None
    catalog: StrPath | None


class Checked(msgspec.Struct, frozen=True):
    """A run's report and the settings it ran with (the format and ``fail-on`` among them)."""

    report: Report
    run: RunSettings


def check(
    arguments: Sequence[str],
    options: Options,
    *,
    texts: Sequence[str] = (),
    config: Path | None = None,
    isolated: bool = False,
    stdin_filename: str | None = None,
    read_stdin: Callable[[int], str] | None = None,
    output: Path | None = None,
    follow_links: bool = False,
    explain: bool = False,
    progress: Callable[[str], None] | None = None,
    jobs: int = 1,
    streamed: bool = False,
    baseline: Path | None = None,
    cache: Path | None = None,
) -> Checked:
    """Settle the options with the configuration in force and audit the inputs.

    Paths are relative to the working directory, where the configuration search starts. Each
    file is judged with the settings of the configuration file nearest to it, unless ``config``
    or ``isolated`` fixes one for the run. ``read_stdin`` reads ``-`` given the size limit in
    bytes (without it, naming ``-`` is an input error). ``jobs`` worker processes may read the
    files (the report is the same with any number). ``streamed``: the report will be written
    in the run's format piece by piece (``formats.render_chunks``), so its claims may be kept
    as that format chooses (``formats.claim_store``). ``UsageError`` for bad
    options, a bad configuration file or a report file (``output``) that is also an input.
    ``baseline``: a JSON report of an earlier run whose findings are reported as suppressed
    (``claimcheck.baseline``). ``cache``: the folder where files' results are kept between
    runs (``claimcheck.result_cache``; ``None``, the default: none).
    """
    from claimcheck import config as configuration
    from claimcheck.sources.inputs import output_clash

    if not arguments and not texts:
        raise UsageError("nothing to check: give files, folders, '-' for stdin, or claim text")
    here = Path.cwd()
    loaded = configuration.resolve(config, isolated, here)
    run = settle(options, loaded, here)
    selection = replace(run.selection, follow_links=follow_links)
    if output is not None and (clash := output_clash(output, list(arguments), selection)):
        raise UsageError("is an input: the report (-o) must go to another file", path=clash)
    inputs = Inputs(arguments=arguments, texts=texts, stdin_filename=stdin_filename,
                    selection=selection, max_file_bytes=run.max_file_bytes, output=output,
                    jobs=jobs, cache=cache)  # fmt: skip
    nearest = None if config is not None or isolated else Nearest(options, run, loaded, here)

    def stdin() -> str:
        if read_stdin is None:
            raise InputError(
                "standard input is not read here: pass its text to audit_text", path="-"
            )
        return read_stdin(run.max_file_bytes)

    known = None
    if baseline is not None:
        from claimcheck.baseline import read_baseline

        known = read_baseline(baseline)
    store = None
    if streamed and run.format is not None and known is None:  # a baseline rewrites findings
        from claimcheck.formats import OutputFormat, claim_store

        store = claim_store(OutputFormat(run.format))
    report = audit(inputs, run.settings, read_stdin=stdin, progress=progress, explain=explain,
                   charts=run.format == "html", settings_for=nearest, store=store)  # fmt: skip
    if known is not None:
        from claimcheck.baseline import apply_baseline

        report = apply_baseline(report, known)
    return Checked(report, run)


def show_files(
    arguments: Sequence[str],
    options: Options,
    *,
    config: Path | None = None,
    isolated: bool = False,
    follow_links: bool = False,
) -> list[Shown | InputError]:
    """The files ``check`` would read for ``arguments`` under the settled ``options``, each
    with its kind or why it is passed over, or an error (``check --show-files``). Nothing is
    audited; standard input and text are no files and are left out."""
    from claimcheck import config as configuration
    from claimcheck.sources.inputs import expand
    from claimcheck.sources.show import shown_files

    here = Path.cwd()
    run = settle(options, configuration.resolve(config, isolated, here), here)
    selection = replace(run.selection, follow_links=follow_links)
    items = expand([a for a in arguments if a != "-"], [], None, selection)
    return list(shown_files(items, run.max_file_bytes))


def audit_text(
    text: str,
    *,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    extend_select: Iterable[str] | None = None,
    config: StrPath | None = None,
    isolated: bool = False,
    explain: bool = False,
    **assume: Unpack[Assume],
) -> Report:
    """Audit one claim sentence, as ``claimcheck check --text TEXT`` does: it is read as a claim
    even without a KV-cache cue. A text with no speed figure gives a report whose ``errors``
    say what was missing. ``assume``: see ``Assume``."""
    options = _options(select, ignore, extend_select, None, assume)
    return check(
        [], options, texts=[text], config=_path(config), isolated=isolated, explain=explain
    ).report


def audit_paths(
    paths: StrPath | Iterable[StrPath],
    *,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    extend_select: Iterable[str] | None = None,
    per_file_ignores: Mapping[str, Iterable[str]] | None = None,
    exclude: Iterable[str] | None = None,
    extend_exclude: Iterable[str] | None = None,
    respect_gitignore: bool | None = None,
    follow_links: bool = False,
    max_file_size: int | None = None,
    config: StrPath | None = None,
    isolated: bool = False,
    explain: bool = False,
    **assume: Unpack[Assume],
) -> Report:
    """Audit claim files, documents and folders, as ``claimcheck check PATH…`` does. A path
    that cannot be read is an entry of the report's ``errors``; the others are still audited.
    ``assume``: see ``Assume``."""
    chosen = _options(select, ignore, extend_select, per_file_ignores, assume)
    options = replace(
        chosen,
        exclude=_tuple(exclude),
        extend_exclude=_tuple(extend_exclude),
        respect_gitignore=respect_gitignore,
        max_file_size=max_file_size,
    )
    if isinstance(paths, str | os.PathLike):
        paths = [paths]  # one path, not the characters of its name
    arguments = [os.fspath(path) for path in paths]
    if not arguments:
        raise UsageError("nothing to check: give files or folders")
    return check(
        arguments,
        options,
        config=_path(config),
        isolated=isolated,
        follow_links=follow_links,
        explain=explain,
    ).report


def audit_document(
    text: str,
    path: StrPath,
    *,
    kind: Literal["markdown", "html", "text", "yaml", "toml", "json"] | None = None,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    extend_select: Iterable[str] | None = None,
    config: StrPath | None = None,
    isolated: bool = False,
    explain: bool = False,
    **assume: Unpack[Assume],
) -> Report:
    """Audit ``text``, the content of the file at ``path`` held in memory (an editor's unsaved
    buffer), as ``claimcheck check --force-exclude PATH`` audits that file: under the
    configuration nearest to ``path``, its per-file ignores and the text's suppression
    comments. Nothing is read but configuration and ignore files; ``path`` need not exist.
    ``kind`` overrides the kind the name gives (a buffer without a file name).

    A file the configuration excludes, or a YAML, TOML or JSON file that names no claim field,
    gives an empty report (``summary.files`` is 0). A text that cannot be read or parsed, or is
    above the size limit, and a broken configuration file nearest to ``path``, are entries of
    ``errors``; bad options, or a broken configuration file where the search starts (the
    working directory, or ``config``), raise ``UsageError``. ``assume``: see ``Assume``."""
    from claimcheck import config as configuration
    from claimcheck.audit import build_report
    from claimcheck.buffer import audit_buffer, buffer_file
    from claimcheck.sources.reading import display_path

    options = _options(select, ignore, extend_select, None, assume)
    here = Path.cwd()
    loaded = configuration.resolve(_path(config), isolated, here)
    run = settle(options, loaded, here)
    item, problems = buffer_file(Path(path), replace(run.selection, force_exclude=True), kind)
    if item is None:
        return build_report([], problems, 0)
    settings = run.settings
    if config is None and not isolated:
        try:
            settings = Nearest(options, run, loaded, here)(item.display)
        except UsageError as err:  # the configuration file nearest to the file is broken
            where = display_path(Path(err.path)) if err.path else item.display
            problems.append(InputError(err.message, path=where, line=err.line, column=err.column))
            return build_report([], problems, 1)
    return audit_buffer(text, item, settings, max_bytes=run.max_file_bytes, explain=explain,
                        problems=problems)  # fmt: skip


class DocumentAuditor:
    """Audits documents held in memory one after another, as ``audit_document`` audits one,
    under settings settled once (``document_auditor``): the configuration is read and the
    options checked once, not per document. For many pages (a web crawl, docs/crawl.md).

    Every document is audited on its own: KV303, which compares the claims of one run, only
    compares claims within a document. ``path`` is the name reports give the document (a URL
    will do; it need not exist) and the configuration's per-file ignores match it. The
    reports leave ``rules`` (the rule descriptions) empty: they are the same for every page."""

    def __init__(self, settings: Settings, max_bytes: int) -> None:
        from claimcheck.batch import SettingsGroup

        self.settings = settings
        self.max_bytes = max_bytes
        # The rules, catalogs (a --catalog file read once) and per-file ignores of the settings,
        # kept for the next document; bad assumptions raise UsageError here, once.
        self._group: SettingsGroup | None = SettingsGroup(settings)
        self._uses = 0

    def audit(self, text: str, path: str, kind: DocumentKind) -> Report:
        """The report ``claimcheck check`` gives for a file named ``path`` of ``kind`` holding
        ``text``. A text above the size limit or one that cannot be read is an entry of the
        report's ``errors``, never an exception."""
        from claimcheck.audit import build_report
        from claimcheck.sources.inputs import FileInput
        from claimcheck.sources.load import load_text
        from claimcheck.vendor_fit import sentence_points

        # A code point is at most 4 bytes of UTF-8: most texts need not be encoded to know.
        size = len(text.encode("utf-8", "surrogatepass")) if 4 * len(text) > self.max_bytes else 0
        if size > self.max_bytes:
            message = f"file is {size:,} bytes, above the {self.max_bytes:,}-byte limit"
            return build_report([], [InputError(message, path=path)], 1)
        item = FileInput(path, path, kind, named=False)
        group = self._take_group()
        try:
            loaded = load_text(text, item, group.names)
        except InputError as err:
            self._group = group
            return build_report([], [err], 1)
        group.add(group.prepared(sentence_points(loaded.records)))
        if loaded.document is not None:
            group.documents[path] = loaded.document
        claims, document_findings = group.judged()
        problems = [*group.catalogs.problems, *loaded.problems]
        self._group = group
        return build_report(claims, problems, loaded.counted, (), document_findings)

    def _take_group(self) -> SettingsGroup:
        """The group to judge the next document with: the last one (it forgets a document's
        claims once they are judged), or a new one when that one raised, or, with per-file
        ignores, has judged ``_GROUP_USES`` documents (its judge keeps an entry per path)."""
        from claimcheck.batch import SettingsGroup

        group, self._group = self._group, None
        self._uses += 1
        if group is None or (self.settings.per_file_ignores and self._uses > _GROUP_USES):
            group, self._uses = SettingsGroup(self.settings), 1
        group.documents.clear()
        return group


_GROUP_USES = 10_000


def document_auditor(
    *,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    extend_select: Iterable[str] | None = None,
    max_file_size: int | None = None,
    config: StrPath | None = None,
    isolated: bool = False,
    **assume: Unpack[Assume],
) -> DocumentAuditor:
    """A ``DocumentAuditor`` under the options given and the configuration in force where the
    search starts (the working directory, or ``config``; none with ``isolated``), settled as
    ``check`` settles them. ``max_file_size``: the size limit of one document, in bytes.
    Bad options or a broken configuration file raise ``UsageError``. ``assume``: see
    ``Assume``."""
    from claimcheck import config as configuration

    options = replace(
        _options(select, ignore, extend_select, None, assume), max_file_size=max_file_size
    )
    here = Path.cwd()
    run = settle(options, configuration.resolve(_path(config), isolated, here), here)
    return DocumentAuditor(run.settings, run.max_file_bytes)


def _options(
    select: Iterable[str] | None,
    ignore: Iterable[str] | None,
    extend_select: Iterable[str] | None,
    per_file_ignores: Mapping[str, Iterable[str]] | None,
    assume: Assume,
) -> Options:
    unknown = set(assume) - set(Assume.__annotations__)
    if unknown:
        raise TypeError(f"unexpected keyword argument {sorted(unknown)[0]!r}")
    per_file = (
        tuple(f"{pattern}:{','.join(codes)}" for pattern, codes in per_file_ignores.items())
        if per_file_ignores is not None
        else None
    )
    catalog = assume.get("catalog")
    values = {**{name: assume.get(name) for name in Assume.__annotations__},
              "catalog": os.fspath(catalog) if catalog is not None else None}  # fmt: skip
    return Options(select=_tuple(select), ignore=_tuple(ignore),
                   extend_select=_tuple(extend_select), per_file_ignores=per_file, assume=values)  # fmt: skip


def _tuple(values: Iterable[str] | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    if isinstance(values, str):
        return (values,)
    return tuple(values)


def _path(value: StrPath | None) -> Path | None:
    return Path(value) if value is not None else None


__all__ = [
    "Assume",
    "Checked",
    "DocumentAuditor",
    "DocumentKind",
    "audit_document",
    "audit_paths",
    "audit_text",
    "check",
    "document_auditor",
    "show_files",
]
