"""The command line: options → settings → audit → Report → formatter → exit code.

A thin adapter: no arithmetic and no rule logic here. Heavy modules are imported inside the
commands so that ``claimcheck --version`` and a one-liner start fast.
"""

import gc
import os
import signal
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

# Pydantic scans every installed package's entry points for plugins the first time a model is
# built (about 30 ms); a command-line run needs none of them.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import typer

from claimcheck import __version__
from claimcheck.commands import (
    KV_LAYOUT_HELP,
    Color,
    ColorOption,
    DebugOption,
    KvLayout,
    fail,
    say,
    terminal_width,
    use_color,
)
from claimcheck.errors import ClaimcheckError, ExitCode
from claimcheck.formats import OutputFormat
from claimcheck.severity import FailOn

if TYPE_CHECKING:
    from claimcheck.report import Report

app = typer.Typer(
    name="claimcheck",
    help="Audit vendor claims about KV-cache offload speedups.",
    no_args_is_help=True,
    add_completion=False,
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


@app.command()
def check(
    inputs: Annotated[
        list[str] | None,
        typer.Argument(
            help="Claim files, documents, folders, '-' for stdin, or claim text (a quoted sentence).",
            show_default=False,
        ),
    ] = None,
    text: Annotated[
        list[str] | None,
        typer.Option(
            "--text",
            "-t",
            help="Claim text, read as a claim even without a KV-cache cue.",
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[
        OutputFormat | None,
        typer.Option(
            "--format",
            "-f",
            help="Output format [default: text on a terminal, concise when piped, github in GitHub Actions].",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="Write the report to FILE instead of stdout.", show_default=False
        ),
    ] = None,
    fail_on: Annotated[
        FailOn | None,
        typer.Option(
            "--fail-on",
            help="Exit 1 when a finding is at or above this severity [default: error].",
            show_default=False,
        ),
    ] = None,
    exit_zero: Annotated[
        bool,
        typer.Option(
            "--exit-zero", help="Exit 0 even when findings fail the run (errors still exit 2)."
        ),
    ] = False,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select",
            help="Rule codes, prefixes (KV1) or names to run [default: ALL].",
            show_default=False,
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", help="Rule codes, prefixes or names to skip.", show_default=False),
    ] = None,
    extend_select: Annotated[
        list[str] | None,
        typer.Option("--extend-select", help="Rules to add to the selection.", show_default=False),
    ] = None,
    per_file_ignores: Annotated[
        list[str] | None,
        typer.Option(
            "--per-file-ignores",
            help="PATTERN:CODES, rules that do not apply to matching files.",
            show_default=False,
        ),
    ] = None,
    exclude: Annotated[
        list[str] | None,
        typer.Option(
            "--exclude",
            help="Paths to skip in folders (gitignore patterns); replaces the defaults.",
            show_default=False,
        ),
    ] = None,
    extend_exclude: Annotated[
        list[str] | None,
        typer.Option(
            "--extend-exclude", help="Paths to skip, added to the defaults.", show_default=False
        ),
    ] = None,
    force_exclude: Annotated[
        bool,
        typer.Option(
            "--force-exclude",
            help="Apply excludes to files named on the command line too (for pre-commit).",
        ),
    ] = False,
    respect_gitignore: Annotated[
        bool | None,
        typer.Option(
            "--respect-gitignore/--no-respect-gitignore",
            help="Skip files .gitignore ignores [default: on].",
            show_default=False,
        ),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option(
            "--config",
            help="Use this configuration file instead of the nearest one.",
            show_default=False,
        ),
    ] = None,
    isolated: Annotated[
        bool, typer.Option("--isolated", help="Ignore every configuration file.")
    ] = False,
    stdin_filename: Annotated[
        str | None,
        typer.Option(
            "--stdin-filename",
            help="File name for stdin input (picks its format).",
            show_default=False,
        ),
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            help="Model to assume where a claim names none (e.g. llama-3.1-70b).",
            show_default=False,
        ),
    ] = None,
    gpu: Annotated[
        str | None,
        typer.Option(
            "--gpu",
            help="GPU to assume where a claim names none (e.g. h100-sxm).",
            show_default=False,
        ),
    ] = None,
    gpus: Annotated[
        int | None,
        typer.Option(
            "--gpus",
            help="GPU count to assume where a claim gives none.",
            show_default=False,
        ),
    ] = None,
    tier: Annotated[
        str | None,
        typer.Option(
            "--tier",
            help="KV tier to assume: a catalog id or a kind (nvme, dram, network, object, cxl).",
            show_default=False,
        ),
    ] = None,
    mfu: Annotated[
        float | None,
        typer.Option(
            "--mfu",
            help="Recompute MFU to assume where a claim gives no baseline time (0 < MFU ≤ 1) [default: 0.5].",
            show_default=False,
        ),
    ] = None,
    kv_layout: Annotated[
        KvLayout | None,
        typer.Option(
            "--kv-layout", help=KV_LAYOUT_HELP + " [default: resumed].", show_default=False
        ),
    ] = None,
    output_tokens: Annotated[
        int | None,
        typer.Option(
            "--output-tokens",
            help="Output tokens for the end-to-end speedup [default: 500].",
            show_default=False,
        ),
    ] = None,
    catalog: Annotated[
        Path | None,
        typer.Option(
            "--catalog",
            help="TOML file of extra or replacement models, GPUs and tiers.",
            show_default=False,
        ),
    ] = None,
    max_file_size: Annotated[
        int | None,
        typer.Option(
            "--max-file-size",
            help="Refuse input files larger than this many bytes [default: 10000000].",
            show_default=False,
        ),
    ] = None,
    follow_links: Annotated[
        bool,
        typer.Option(
            "--follow-links",
            help="In folders, follow links to folders and to files outside the folder.",
        ),
    ] = False,
    allow_empty: Annotated[
        bool, typer.Option("--allow-empty", help="A folder with no input files is not an error.")
    ] = False,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Show every number weighed as a possible speed factor, its evidence and score (text and json formats).",
        ),
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Worker processes that read files in large runs [default: the number of cores]; the report is the same with any number.",
            show_default=False,
        ),
    ] = None,
    color: ColorOption = Color.AUTO,
    quiet: Annotated[
        bool,
        typer.Option(
            "--quiet", "-q", help="Print nothing but errors and no progress; the exit code tells."
        ),
    ] = False,
    debug: DebugOption = False,
) -> None:
    """Audit claims: files, documents, folders, stdin or text. Exit 0 clean, 1 findings, 2 bad input."""
    from claimcheck.options import CliOptions

    options = CliOptions(
        select=_split(select), ignore=_split(ignore), extend_select=_split(extend_select),
        per_file_ignores=tuple(per_file_ignores) if per_file_ignores else None,
        fail_on=fail_on.value if fail_on else None, format=fmt.value if fmt else None,
        exclude=_split(exclude), extend_exclude=_split(extend_exclude), force_exclude=force_exclude,
        respect_gitignore=respect_gitignore, max_file_size=max_file_size,
        assume={"model": model, "gpu": gpu, "gpus": gpus, "tier": tier, "mfu": mfu,
                "output_tokens": output_tokens, "catalog": str(catalog) if catalog else None,
                "kv_layout": kv_layout.value if kv_layout else None},
    )  # fmt: skip
    try:
        code = _run(
            options,
            _Invocation(
                inputs=list(inputs or []), texts=list(text or []), stdin_filename=stdin_filename,
                config=config, isolated=isolated, output=output, exit_zero=exit_zero,
                allow_empty=allow_empty, color=color, quiet=quiet, explain=explain,
                follow_links=follow_links, jobs=jobs,
            ),
        )  # fmt: skip
    except ClaimcheckError as err:
        fail(str(err))
    except Exception as err:  # the one place an unexpected failure becomes exit 2
        if debug:
            raise
        print(
            f"claimcheck: internal error: {type(err).__name__}: {err} (run with --debug for the traceback)",
            file=sys.stderr,
        )
        raise typer.Exit(ExitCode.ERROR) from None
    raise typer.Exit(code)


@dataclass(frozen=True, kw_only=True)
class _Invocation:
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
    jobs: int | None = None


def _run(options: object, call: _Invocation) -> int:
    from claimcheck import config as configuration
    from claimcheck.audit import Request, audit, exit_code
    from claimcheck.options import CliOptions, settle
    from claimcheck.sources.inputs import output_clash
    from claimcheck.sources.parallel import default_jobs
    from claimcheck.sources.reading import read_stream

    assert isinstance(options, CliOptions)
    if not call.inputs and not call.texts:
        raise ClaimcheckError("nothing to check: give files, folders, '-' for stdin, or claim text")
    run = settle(options, configuration.resolve(call.config, call.isolated, Path.cwd()), Path.cwd())
    selection = replace(run.selection, follow_links=call.follow_links)
    if call.output is not None and (clash := output_clash(call.output, call.inputs, selection)):
        raise ClaimcheckError("is an input: the report (-o) must go to another file", path=clash)
    request = Request(call.inputs, call.texts, call.stdin_filename, run.settings, selection,
                      run.per_file_ignores, call.explain, call.output,
                      call.jobs or default_jobs())  # fmt: skip
    max_bytes = run.settings.max_file_bytes

    def read_stdin() -> str:
        return read_stream(
            sys.stdin.buffer if sys.stdin else None, call.stdin_filename or "-", max_bytes=max_bytes
        )

    # A batch creates many small objects and few cycles: collect less often (about 15 % faster).
    gc.set_threshold(100_000, 50, 50)
    with _progress(enabled=not call.quiet) as progress:
        report = audit(request, read_stdin=read_stdin, progress=progress)
    for problem in report.errors:
        where = ":".join(
            str(p) for p in (problem.path, problem.line, problem.column) if p is not None
        )
        say("error", f"{where}: {problem.message}" if where else problem.message)
    folders = [name for name in call.inputs if Path(name).is_dir()]
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
        _emit(report, chosen, use_color(call.color) and call.output is None, call.output)
    return exit_code(report, run.settings.fail_on, call.exit_zero)


def _emit(report: "Report", fmt: str, color: bool, output: Path | None) -> None:
    """Write the report piece by piece (a large JSON report is never held whole)."""
    from claimcheck.commands.streams import append_whole, write_whole
    from claimcheck.formats import RenderOptions, render_chunks

    pieces = render_chunks(
        report, OutputFormat(fmt), RenderOptions(width=terminal_width(), color=color)
    )
    if output is None:
        for piece in pieces:
            sys.stdout.write(piece)
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
            append_whole(summary_file, step_summary(report))
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


@app.command("rules")
def list_rules() -> None:
    """List every rule: code, name, default severity, summary."""
    from claimcheck.rules import RULES

    for rule in RULES:
        print(f"{rule.code}  {rule.name:<22} {rule.severity.value:<8} {rule.summary}")


@app.command("rule")
def explain_rule(
    code: Annotated[str, typer.Argument(help="A rule code (KV101) or name (prefill-only).")],
) -> None:
    """Explain one rule: what it flags, why, and an example that flags and one that does not."""
    import inspect

    from claimcheck.rules import get

    try:
        rule = get(code)
    except ClaimcheckError as err:
        fail(str(err))
    print(f"{rule.code} {rule.name} (default severity: {rule.severity.value})\n")
    print(inspect.cleandoc(rule.doc))


@app.command("config")
def show_config(
    config: Annotated[
        Path | None,
        typer.Option(
            "--config",
            help="Use this configuration file instead of the nearest one.",
            show_default=False,
        ),
    ] = None,
    isolated: Annotated[
        bool, typer.Option("--isolated", help="Ignore every configuration file.")
    ] = False,
) -> None:
    """Show the settings in force and where each came from (default, a file, the command line)."""
    from claimcheck import config as configuration
    from claimcheck.options import CliOptions, settle

    try:
        loaded = configuration.resolve(config, isolated, Path.cwd())
        run = settle(CliOptions(), loaded, Path.cwd())
    except ClaimcheckError as err:
        fail(str(err))
    print(f"configuration file: {loaded.path if loaded.path else '(none)'}")
    for key, (value, source) in sorted(run.sources.items()):
        shown = value.model_dump() if hasattr(value, "model_dump") else value
        print(f"{key:<28} {shown!s:<44} ({source})")


@app.command()
def schema() -> None:
    """Print the JSON Schema of claim files (for editors and CI validation)."""
    import json

    from claimcheck.claim import Claim

    document = Claim.model_json_schema()
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    document["title"] = "claimcheck claim"
    print(json.dumps(document, indent=2))


def _register() -> None:
    from claimcheck.commands.breakeven import breakeven
    from claimcheck.commands.catalog import catalog

    app.command("breakeven")(breakeven)
    app.command("catalog")(catalog)


_register()


def main() -> None:
    """Console-script entry point (``claimcheck.__main__`` handles Ctrl-C while this module
    loads). Ctrl-C exits 130 without a traceback, even before a command starts (Typer handles
    it once one runs); a reader that closes the pipe early ends the output quietly, with exit code 0."""
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from claimcheck.commands.streams import GuardedStdout, guard_stdout

        guard_stdout()
        try:
            app()
        except SystemExit as done:
            if isinstance(sys.stdout, GuardedStdout) and sys.stdout.reader_left:
                raise SystemExit(0) from None  # "| head -1": the reader had all it wanted
            raise done from None
    except KeyboardInterrupt:
        print("claimcheck: interrupted", file=sys.stderr)
        raise SystemExit(ExitCode.INTERRUPTED) from None
    except ClaimcheckError as err:  # standard output closed under --help, --version, rules
        say("error", str(err))
        raise SystemExit(ExitCode.ERROR) from None
