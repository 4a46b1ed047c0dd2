"""What ``claimcheck check`` does once its options are read: audit (``api.check``), say the
errors, write the report in the chosen format, and give the exit code; or, with
``--show-files``, list what a run would read."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from claimcheck.commands import Color, say, terminal_width, use_color
from claimcheck.errors import ClaimcheckError, ExitCode
from claimcheck.output_format import OutputFormat

if TYPE_CHECKING:
    from collections.abc import Iterable

    from claimcheck.formats import RenderOptions
    from claimcheck.options import Options
    from claimcheck.report import Report


class Invocation(msgspec.Struct, frozen=True, kw_only=True):
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
    cache_dir: Path | None = None
    no_cache: bool = False


def _default_format(configured: str | None) -> str:
    if configured:
        return configured
    if os.environ.get("GITHUB_ACTIONS") == "true":
        return "github"
    return "text" if sys.stdout.isatty() else "concise"


def show(options: Options, call: Invocation) -> int:
    """``--show-files``: each selected file, with its kind or why a run passes it over (ruff's
    ``--show-files``); exit 2 when an input is bad, else 0."""
    from claimcheck.api import show_files
    from claimcheck.errors import InputError
    from claimcheck.formats.visible import visible

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


def run(options: Options, call: Invocation) -> int:
    """Audit, say each input's error on stderr, write the report; the exit code."""
    from claimcheck.api import check
    from claimcheck.audit import exit_code
    from claimcheck.result_cache import cache_dir
    from claimcheck.sources.parallel import default_jobs
    from claimcheck.sources.reading import read_stream

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
                        baseline=call.baseline,
                        cache=cache_dir(call.cache_dir, call.no_cache))  # fmt: skip
    report, settled = checked.report, checked.run
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
    chosen = _default_format(settled.format)
    if not call.quiet or call.output is not None:
        from claimcheck.commands.source_files import SourceFiles
        from claimcheck.formats import RenderOptions
        from claimcheck.formats.checkout import Checkout

        look = RenderOptions(width=terminal_width(), color=use_color(call.color) and call.output is None,
                             fail_on=None if call.exit_zero else settled.fail_on,
                             checkout=Checkout.around(Path.cwd()), show_source=call.show_source,
                             sources=SourceFiles(stdin))  # fmt: skip
        _emit(report, chosen, look, call.output, statistics=call.statistics)
    return exit_code(report, settled.fail_on, call.exit_zero)


def _emit(
    report: Report, fmt: str, options: RenderOptions, output: Path | None, *, statistics: bool
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


def _progress(*, enabled: bool) -> Progress:
    return Progress(enabled and sys.stderr.isatty())


class Progress:
    """A progress line on stderr while inputs are read, only on a terminal (never when piped)."""

    def __init__(self, active: bool) -> None:
        self.active = active
        self._progress: object = None
        self._task: object = None

    def __enter__(self) -> Progress:
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
