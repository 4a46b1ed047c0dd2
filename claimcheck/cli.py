"""The command line: options → settings → audit → Report → formatter → exit code.

A thin adapter: no arithmetic and no rule logic here. Heavy modules are imported inside the
commands so that ``claimcheck --version`` and a one-liner start fast.
"""

import os
import signal
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import msgspec

# Pydantic scans every installed package's entry points for plugins the first time a model is
# built (about 30 ms); a command-line run needs none of them, nor the import that scan needs.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import typer

from claimcheck import __version__, bounds
from claimcheck.commands import (
    Color,
    DtypeChoice,
    KvLayout,
    TextOrJson,
    WeightsDtypeChoice,
    fail,
    guarded,
    say,
    terminal_width,
    use_color,
)
from claimcheck.commands.help_layout import (
    INPUTS,
    OUTPUT,
    SELECTION,
    Command,
    Group,
    SentenceCommand,
    default,
)
from claimcheck.commands.shared_options import (
    CATALOG,
    CONFIG,
    DTYPE,
    GPU,
    GPUS,
    ISOLATED,
    KV_DTYPE,
    KV_LAYOUT,
    MFU,
    MODEL,
    OUTPUT_FILE,
    OUTPUT_TOKENS,
    TIER,
    WEIGHTS_DTYPE,
    ColorOption,
    DebugOption,
    TextOrJsonFormat,
    choice_option,
    complete_ignored,
    complete_rule,
    complete_rules,
    format_option,
    in_range,
)
from claimcheck.defaults import DEFAULT_EXCLUDE, DEFAULT_MAX_BYTES
from claimcheck.errors import ClaimcheckError, ExitCode
from claimcheck.formats import OutputFormat
from claimcheck.severity import FailOn

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from claimcheck.formats import RenderOptions
    from claimcheck.report import Report

app = typer.Typer(
    name="claimcheck",
    help="Audit vendor claims about KV-cache offload speedups.",
    cls=Group,
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"claimcheck {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Audit vendor claims about KV-cache offload speedups."""
    from claimcheck.commands.interrupts import prepare_serialiser

    prepare_serialiser()  # before any model is built: Ctrl-C there must not panic pydantic-core


def _split(values: list[str] | None) -> tuple[str, ...] | None:
    """Repeated and comma-separated values → one tuple (``None`` when not given)."""
    if values is None:
        return None
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


def _default_format(configured: str | None) -> str:
    if configured:
        return configured
    if os.environ.get("GITHUB_ACTIONS") == "true":
        return "github"
    return "text" if sys.stdout.isatty() else "concise"


_FORMAT_DEFAULT = "text on a terminal, concise when piped, github in GitHub Actions"
_REPEAT_CODES = " Repeat, or separate with commas: KV1,KV203."


@app.command(cls=SentenceCommand)
def check(
    inputs: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="INPUTS",
            help="Claim files, documents, folders, '-' for stdin, or claim text (a quoted sentence).",
            show_default=False,
        ),
    ] = None,
    text: Annotated[
        list[str] | None,
        typer.Option(
            "--text",
            "-t",
            metavar="TEXT",
            help="Claim text, read as a claim even without a KV-cache cue. Repeat for more: -t A -t B.",
            show_default=False,
            rich_help_panel=INPUTS,
        ),
    ] = None,
    stdin_filename: Annotated[
        str | None,
        typer.Option(
            "--stdin-filename",
            metavar="NAME",
            help="File name for stdin input (picks its format).",
            show_default=False,
            rich_help_panel=INPUTS,
        ),
    ] = None,
    config: Annotated[Path | None, CONFIG] = None,
    isolated: Annotated[bool, ISOLATED] = False,
    exclude: Annotated[
        list[str] | None,
        typer.Option(
            "--exclude",
            metavar="PATTERNS",
            help="Paths to skip in folders (gitignore patterns); replaces the defaults. "
            "Repeat, or separate with commas." + default(", ".join(DEFAULT_EXCLUDE)),
            show_default=False,
            rich_help_panel=INPUTS,
        ),
    ] = None,
    extend_exclude: Annotated[
        list[str] | None,
        typer.Option(
            "--extend-exclude",
            metavar="PATTERNS",
            help="Paths to skip, added to the defaults. Repeat, or separate with commas.",
            show_default=False,
            rich_help_panel=INPUTS,
        ),
    ] = None,
    force_exclude: Annotated[
        bool,
        typer.Option(
            "--force-exclude",
            help="Take named files as a folder walk would: excludes apply, YAML/TOML/JSON "
            "without claim fields is passed over (for pre-commit).",
            rich_help_panel=INPUTS,
        ),
    ] = False,
    respect_gitignore: Annotated[
        bool | None,
        typer.Option(
            "--respect-gitignore/--no-respect-gitignore",
            help="Skip files .gitignore ignores." + default("on"),
            show_default=False,
            rich_help_panel=INPUTS,
        ),
    ] = None,
    follow_links: Annotated[
        bool,
        typer.Option(
            "--follow-links",
            help="In folders, follow links to folders and to files outside the folder.",
            rich_help_panel=INPUTS,
        ),
    ] = False,
    allow_empty: Annotated[
        bool,
        typer.Option(
            "--allow-empty",
            help="A folder with no input files is not an error.",
            rich_help_panel=INPUTS,
        ),
    ] = False,
    show_files: Annotated[
        bool,
        typer.Option(
            "--show-files",
            help="List the files a run would read, each with its kind or why it is passed "
            "over; audit nothing.",
            rich_help_panel=INPUTS,
        ),
    ] = False,
    baseline: Annotated[
        Path | None,
        typer.Option(
            "--baseline",
            metavar="FILE",
            help="A JSON report of an earlier run (-f json -o FILE): its findings are reported "
            "as suppressed, so only new ones fail the run.",
            show_default=False,
            rich_help_panel=SELECTION,
        ),
    ] = None,
    max_file_size: Annotated[
        int | None,
        typer.Option(
            "--max-file-size",
            metavar="BYTES",
            help="Refuse input files larger than this many bytes." + default(DEFAULT_MAX_BYTES),
            callback=in_range("--max-file-size", bounds.MAX_FILE_BYTES),
            show_default=False,
            rich_help_panel=INPUTS,
        ),
    ] = None,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select",
            metavar="CODES",
            autocompletion=complete_rules,
            help="Rule codes, prefixes (KV1) or names to run." + _REPEAT_CODES + default("ALL"),
            show_default=False,
            rich_help_panel=SELECTION,
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option(
            "--ignore",
            metavar="CODES",
            autocompletion=complete_ignored,
            help="Rule codes, prefixes or names to skip." + _REPEAT_CODES,
            show_default=False,
            rich_help_panel=SELECTION,
        ),
    ] = None,
    extend_select: Annotated[
        list[str] | None,
        typer.Option(
            "--extend-select",
            metavar="CODES",
            autocompletion=complete_rules,
            help="Rules to add to the selection." + _REPEAT_CODES,
            show_default=False,
            rich_help_panel=SELECTION,
        ),
    ] = None,
    per_file_ignores: Annotated[
        list[str] | None,
        typer.Option(
            "--per-file-ignores",
            metavar="PATTERN:CODES",
            help="Rules that do not apply to matching files. Repeat for more patterns: "
            "'docs/old/*:KV103,KV104'.",
            show_default=False,
            rich_help_panel=SELECTION,
        ),
    ] = None,
    model: Annotated[str | None, MODEL] = None,
    gpu: Annotated[str | None, GPU] = None,
    gpus: Annotated[int | None, GPUS] = None,
    tier: Annotated[str | None, TIER] = None,
    mfu: Annotated[float | None, MFU] = None,
    dtype: Annotated[str | None, DTYPE] = None,
    weights_dtype: Annotated[str | None, WEIGHTS_DTYPE] = None,
    kv_dtype: Annotated[str | None, KV_DTYPE] = None,
    kv_layout: Annotated[str | None, KV_LAYOUT] = None,
    output_tokens: Annotated[int | None, OUTPUT_TOKENS] = None,
    catalog: Annotated[Path | None, CATALOG] = None,
    fmt: Annotated[
        str | None, format_option(OutputFormat, "Output format", _FORMAT_DEFAULT)
    ] = None,
    output: Annotated[Path | None, OUTPUT_FILE] = None,
    fail_on: Annotated[
        str | None,
        choice_option(
            FailOn,
            "--fail-on",
            "Exit 1 when a finding is at or above this severity." + default(FailOn.ERROR.value),
            OUTPUT,
            show_default=False,
        ),
    ] = None,
    exit_zero: Annotated[
        bool,
        typer.Option(
            "--exit-zero",
            help="Exit 0 even when findings fail the run (errors still exit 2).",
            rich_help_panel=OUTPUT,
        ),
    ] = False,
    show_source: Annotated[
        bool | None,
        typer.Option(
            "--show-source/--no-show-source",
            help="Show the source line under each finding, a caret under its span."
            + default("on in text, off in concise"),
            show_default=False,
            rich_help_panel=OUTPUT,
        ),
    ] = None,
    statistics: Annotated[
        bool,
        typer.Option(
            "--statistics",
            help="Show how many findings each rule gave instead of the findings (JSON with --format json).",
            rich_help_panel=OUTPUT,
        ),
    ] = False,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Show every number weighed as a possible speed factor, its evidence and score (text and json formats).",
            rich_help_panel=OUTPUT,
        ),
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            metavar="N",
            callback=in_range("--jobs", bounds.JOBS),
            help="Worker processes that read files in large runs; the report is the same with any "
            "number." + default("the number of cores"),
            show_default=False,
            rich_help_panel=INPUTS,
        ),
    ] = None,
    color: ColorOption = Color.AUTO,
    quiet: Annotated[
        bool,
        typer.Option(
            "--quiet",
            "-q",
            help="Print nothing but errors and no progress; the exit code tells.",
            rich_help_panel=OUTPUT,
        ),
    ] = False,
    debug: DebugOption = False,
) -> None:
    """Audit claims: files, documents, folders, stdin or text. Exit 0 clean, 1 findings, 2 bad input.

    The physics assumptions apply only where a claim is silent: a claim's own figures win."""
    from claimcheck.options import Options

    options = Options(
        select=_split(select), ignore=_split(ignore), extend_select=_split(extend_select),
        per_file_ignores=tuple(per_file_ignores) if per_file_ignores else None,
        fail_on=FailOn(fail_on).value if fail_on else None, format=fmt,
        exclude=_split(exclude), extend_exclude=_split(extend_exclude), force_exclude=force_exclude,
        respect_gitignore=respect_gitignore, max_file_size=max_file_size,
        assume={"model": model, "gpu": gpu, "gpus": gpus, "tier": tier, "mfu": mfu,
                "output_tokens": output_tokens, "catalog": str(catalog) if catalog else None,
                "kv_layout": KvLayout(kv_layout).value if kv_layout else None,
                "dtype": DtypeChoice(dtype).value if dtype else None,
                "weights_dtype": WeightsDtypeChoice(weights_dtype).value if weights_dtype else None,
                "kv_dtype": DtypeChoice(kv_dtype).value if kv_dtype else None},
    )  # fmt: skip
    call = _Invocation(
        inputs=list(inputs or []), texts=list(text or []), stdin_filename=stdin_filename,
        config=config, isolated=isolated, output=output, exit_zero=exit_zero,
        allow_empty=allow_empty, color=Color(color), quiet=quiet, explain=explain,
        follow_links=follow_links, show_source=show_source, statistics=statistics, jobs=jobs,
        baseline=baseline,
    )  # fmt: skip
    with guarded(debug=debug):
        code = _show_files(options, call) if show_files else _run(options, call)
    raise typer.Exit(code)


class _Invocation(msgspec.Struct, frozen=True, kw_only=True):
    """What ``check`` was asked besides the settings: inputs, where output goes, and how."""

    inputs: list[str]
    texts: list[str]
    stdin_filename: str | None
    config: Path | None
    isolated: bool
    output: Path | None
    exit_zero: bool
    allow_empty: bool
    color: Color
    quiet: bool
    explain: bool
    follow_links: bool
    show_source: bool | None = None
    statistics: bool = False
    jobs: int | None = None
    baseline: Path | None = None


def _show_files(options: object, call: _Invocation) -> int:
    """``--show-files``: each selected file, with its kind or why a run passes it over (ruff's
    ``--show-files``); exit 2 when an input is bad, else 0."""
    from claimcheck.api import show_files
    from claimcheck.errors import InputError
    from claimcheck.formats.visible import visible
    from claimcheck.options import Options

    assert isinstance(options, Options)
    shown = show_files(call.inputs, options, config=call.config, isolated=call.isolated,
                       follow_links=call.follow_links)  # fmt: skip
    failed = False
    for item in shown:
        if isinstance(item, InputError):
            say("error", str(item))
            failed = True
        elif item.passed_over:
            print(f"{visible(item.path)}  ({item.kind}; passed over: {item.passed_over})")
        else:
            print(f"{visible(item.path)}  ({item.kind})")
    return ExitCode.ERROR if failed else ExitCode.OK


def _run(options: object, call: _Invocation) -> int:
    from claimcheck.api import check
    from claimcheck.audit import exit_code
    from claimcheck.options import Options
    from claimcheck.sources.parallel import default_jobs
    from claimcheck.sources.reading import read_stream

    assert isinstance(options, Options)

    stdin: dict[str, str] = {}

    def read_stdin(max_bytes: int) -> str:
        stream = sys.stdin.buffer if sys.stdin else None
        name = call.stdin_filename or "-"
        stdin[name] = read_stream(stream, name, max_bytes=max_bytes)
        return stdin[name]

    with _progress(enabled=not call.quiet) as progress:
        checked = check(call.inputs, options, texts=call.texts, config=call.config,
                        isolated=call.isolated, stdin_filename=call.stdin_filename,
                        read_stdin=read_stdin, output=call.output, follow_links=call.follow_links,
                        explain=call.explain, progress=progress,
                        jobs=call.jobs or default_jobs(), streamed=not call.statistics,
                        baseline=call.baseline)  # fmt: skip
    report, run = checked.report, checked.run
    for problem in report.errors:
        where = ":".join(
            str(p) for p in (problem.path, problem.line, problem.column) if p is not None
        )
        say("error", f"{where}: {problem.message}" if where else problem.message)
    folders = [name for name in call.inputs if os.path.isdir(name)]
    if (
        folders
        and not call.allow_empty
        and report.summary.files == 0
        and not report.claims
        and not report.errors
    ):
        print(
            f"claimcheck: error: no claim files or documents found in {', '.join(folders)} (use --allow-empty if that is expected)",
            file=sys.stderr,
        )
        return ExitCode.ERROR
    chosen = _default_format(run.format)
    if not call.quiet or call.output is not None:
        from claimcheck.commands.source_files import SourceFiles
        from claimcheck.formats import RenderOptions
        from claimcheck.formats.checkout import Checkout

        look = RenderOptions(width=terminal_width(), color=use_color(call.color) and call.output is None,
                             fail_on=None if call.exit_zero else run.fail_on,
                             checkout=Checkout.around(Path.cwd()), show_source=call.show_source,
                             sources=SourceFiles(stdin))  # fmt: skip
        _emit(report, chosen, look, call.output, statistics=call.statistics)
    return exit_code(report, run.fail_on, call.exit_zero)


def _emit(
    report: "Report", fmt: str, options: "RenderOptions", output: Path | None, *, statistics: bool
) -> None:
    """Write the report piece by piece (a large JSON report is never held whole)."""
    from claimcheck.commands.streams import append_whole, write_pieces, write_whole
    from claimcheck.formats import render_chunks

    if statistics:
        from claimcheck.formats.statistics import render

        pieces: Iterable[str | bytes] = [render(report, as_json=fmt == OutputFormat.JSON)]
    else:
        pieces = render_chunks(report, OutputFormat(fmt), options)
    if output is None:
        write_pieces(sys.stdout, pieces)
        sys.stdout.flush()
    else:
        try:
            write_whole(output, pieces)
        except OSError as err:
            raise ClaimcheckError(
                f"cannot write the report: {err.strerror or err}", path=str(output)
            ) from None
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if fmt == "github" and summary_file:
        from claimcheck.formats.github_format import step_summary

        try:
            append_whole(summary_file, step_summary(report, options.checkout))
        except OSError as err:  # the annotations are out; a missing summary fails no run
            say("warning", f"{summary_file}: cannot write the job summary: {err.strerror or err}")


def _progress(*, enabled: bool) -> "_Progress":
    return _Progress(enabled and sys.stderr.isatty())


class _Progress:
    """A progress line on stderr while inputs are read, only on a terminal (never when piped)."""

    def __init__(self, active: bool) -> None:
        self.active = active
        self._progress: object = None
        self._task: object = None

    def __enter__(self) -> "_Progress":
        if self.active:
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn

            progress = Progress(SpinnerColumn(), TextColumn("{task.completed:,} inputs"),
                                TextColumn("[dim]{task.description}"), console=Console(stderr=True), transient=True)  # fmt: skip
            progress.start()
            self._progress, self._task = progress, progress.add_task("", total=None)
        return self

    def __call__(self, name: str) -> None:
        if self._progress is not None:
            from rich.markup import escape

            from claimcheck.formats.visible import visible

            shown = escape(visible(name[-60:]))  # a file name is neither markup nor a control
            self._progress.update(self._task, advance=1, description=shown)  # type: ignore[attr-defined]

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()  # type: ignore[attr-defined]


@app.command("rules", cls=Command)
def list_rules() -> None:
    """List every rule: code, name, default severity, summary."""
    from claimcheck.rules import RULES

    for rule in RULES:
        print(f"{rule.code}  {rule.name:<22} {rule.severity.value:<8} {rule.summary}")


@app.command("rule", cls=Command)
def explain_rule(
    code: Annotated[
        str,
        typer.Argument(
            metavar="CODE",
            autocompletion=complete_rule,
            help="A rule code (KV101) or name (prefill-only).",
        ),
    ],
) -> None:
    """Explain one rule: what it flags, why, and an example that flags and one that does not."""
    import inspect

    from claimcheck.rules import get

    try:
        rule = get(code)
    except ClaimcheckError as err:
        fail(err.message)
    print(f"{rule.code} {rule.name} (default severity: {rule.severity.value})\n")
    print(inspect.cleandoc(rule.doc))


@app.command("config", cls=Command)
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


@app.command(cls=Command)
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


def _register() -> None:
    from claimcheck.commands.breakeven import breakeven
    from claimcheck.commands.catalog import catalog
    from claimcheck.commands.crawl import crawl
    from claimcheck.commands.ledger import ledger
    from claimcheck.commands.server import server

    app.command("breakeven", cls=Command)(breakeven)
    app.command("catalog", cls=Command)(catalog)
    app.command("server", cls=Command)(server)
    app.command("crawl", cls=Command)(crawl)
    app.add_typer(ledger, name="ledger")


_register()


@contextmanager
def _only_check_when_run(arguments: list[str]) -> "Iterator[None]":
    """When the command line starts with ``check``, Typer builds only that command: building
    the other commands' options cost about as much again as ``check``'s own, and neither the
    run, its errors nor ``check --help`` show the other commands. Every command is declared
    again afterwards."""
    if arguments[:1] != ["check"]:
        yield
        return
    every = app.registered_commands
    app.registered_commands = [c for c in every if c.callback is check]
    try:
        yield
    finally:
        app.registered_commands = every


def main() -> None:
    """Console-script entry point (``claimcheck.__main__`` handles Ctrl-C while this module
    loads). Ctrl-C exits 130 without a traceback, even before a command starts (Typer handles
    it once one runs); a reader that closes the pipe early ends the output quietly, with exit code 0."""
    from claimcheck.commands.interrupts import announce, interrupted, raise_interrupt

    try:
        signal.signal(signal.SIGINT, raise_interrupt)
        from claimcheck.commands.streams import GuardedStdout, guard_stdout, settle_stdout

        guard_stdout()
        try:
            with _only_check_when_run(sys.argv[1:]):
                app()
            settle_stdout()
        except SystemExit as done:
            settle_stdout()  # a full standard output: one error line, exit 2
            if isinstance(sys.stdout, GuardedStdout) and sys.stdout.reader_left:
                raise SystemExit(0) from None  # "| head -1": the reader had all it wanted
            if done.code == ExitCode.INTERRUPTED or interrupted():  # Typer: Ctrl-C → 130
                raise KeyboardInterrupt from None
            raise done from None
    except KeyboardInterrupt:
        announce()
        raise SystemExit(ExitCode.INTERRUPTED) from None
    except ClaimcheckError as err:  # standard output closed under --help, --version, rules
        say("error", str(err))
        raise SystemExit(ExitCode.ERROR) from None
    except BaseException:
        if interrupted():  # a library turned the KeyboardInterrupt into an error of its own
            announce()
            raise SystemExit(ExitCode.INTERRUPTED) from None
        raise
