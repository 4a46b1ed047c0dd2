"""The command line: options → settings → audit → Report → formatter → exit code.

A thin adapter: no arithmetic and no rule logic here. Heavy modules are imported inside the
commands so that ``claimcheck --version`` and a one-liner start fast.
"""

from __future__ import annotations

import os
import shutil
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from claimcheck import __version__
from claimcheck.errors import ClaimcheckError, ExitCode

if TYPE_CHECKING:
    from claimcheck.formats import OutputFormat, RenderOptions
    from claimcheck.report import Report
    from claimcheck.settings import Assumptions

app = typer.Typer(
    name="claimcheck",
    help="Audit vendor claims about KV-cache offload speedups.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class FormatChoice(StrEnum):
    """``--format`` values (mirrors ``claimcheck.formats.OutputFormat``)."""

    TEXT = "text"
    CONCISE = "concise"
    JSON = "json"
    SARIF = "sarif"
    GITHUB = "github"
    GITLAB = "gitlab"
    JUNIT = "junit"
    MARKDOWN = "markdown"


class FailOn(StrEnum):
    """``--fail-on`` values."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"
    NEVER = "never"


class ColorChoice(StrEnum):
    """``--color`` values."""

    AUTO = "auto"
    ALWAYS = "always"
    NEVER = "never"


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


def _split(values: list[str] | None) -> tuple[str, ...]:
    """Repeated and comma-separated selectors → one tuple."""
    return tuple(
        part.strip() for value in values or [] for part in value.split(",") if part.strip()
    )


def _fail(err: ClaimcheckError) -> NoReturn:
    print(f"claimcheck: error: {err}", file=sys.stderr)
    raise typer.Exit(ExitCode.ERROR)


def _use_color(choice: ColorChoice, stream: object) -> bool:
    if choice is ColorChoice.ALWAYS:
        return True
    if choice is ColorChoice.NEVER or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _emit(report: Report, fmt: OutputFormat, options: RenderOptions, output: Path | None) -> None:
    from claimcheck.formats import render

    text = render(report, fmt, options)
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as err:
        raise ClaimcheckError(
            f"cannot write the report: {err.strerror or err}", path=str(output)
        ) from None


@app.command()
def check(
    inputs: Annotated[
        list[str] | None,
        typer.Argument(
            help="Claim files, folders, '-' for stdin, or claim text (a quoted sentence).",
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
        FormatChoice | None,
        typer.Option(
            "--format",
            "-f",
            help="Output format [default: text on a terminal, concise when piped].",
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
        FailOn,
        typer.Option("--fail-on", help="Exit 1 when a finding is at or above this severity."),
    ] = FailOn.ERROR,
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
            min=1,
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
    output_tokens: Annotated[
        int,
        typer.Option("--output-tokens", min=1, help="Output tokens for the end-to-end speedup."),
    ] = 500,
    catalog: Annotated[
        Path | None,
        typer.Option(
            "--catalog",
            help="TOML file of extra or replacement models, GPUs and tiers.",
            show_default=False,
        ),
    ] = None,
    max_file_size: Annotated[
        int,
        typer.Option(
            "--max-file-size", min=1, help="Refuse input files larger than this many bytes."
        ),
    ] = 10_000_000,
    color: Annotated[
        ColorChoice, typer.Option("--color", help="Colour in text output.")
    ] = ColorChoice.AUTO,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print nothing but errors; the exit code tells.")
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Show tracebacks of internal errors.")
    ] = False,
) -> None:
    """Audit claims: files, folders, stdin or text. Exit 0 clean, 1 findings, 2 bad input."""
    from claimcheck.audit import Request, audit, exit_code
    from claimcheck.formats import OutputFormat, RenderOptions
    from claimcheck.report import Severity
    from claimcheck.rules import check_selectors
    from claimcheck.settings import Settings

    try:
        selectors = {
            "--select": _split(select) or ("ALL",),
            "--ignore": _split(ignore),
            "--extend-select": _split(extend_select),
        }
        for option, values in selectors.items():
            check_selectors(values, option)
        if not inputs and not text:
            raise ClaimcheckError(
                "nothing to check: give files, folders, '-' for stdin, or claim text"
            )
        settings = Settings(
            select=selectors["--select"],
            ignore=selectors["--ignore"],
            extend_select=selectors["--extend-select"],
            fail_on=None if fail_on is FailOn.NEVER else Severity(fail_on.value),
            max_file_bytes=max_file_size,
            assume=_assumptions(model, gpu, gpus, tier, mfu, output_tokens, catalog),
        )
        request = Request(list(inputs or []), list(text or []), stdin_filename, settings)
        report = audit(request, read_stdin=sys.stdin.read)
        for problem in report.errors:
            where = ":".join(
                str(p) for p in (problem.path, problem.line, problem.column) if p is not None
            )
            print(
                f"claimcheck: error: {where}: {problem.message}"
                if where
                else f"claimcheck: error: {problem.message}",
                file=sys.stderr,
            )
        chosen = OutputFormat((fmt or _default_format()).value)
        options = RenderOptions(
            width=_width(), color=_use_color(color, sys.stdout) and output is None
        )
        if not quiet or output is not None:
            _emit(report, chosen, options, output)
    except ClaimcheckError as err:
        _fail(err)
    except Exception as err:  # the one place an unexpected failure becomes exit 2
        if debug:
            raise
        print(
            f"claimcheck: internal error: {type(err).__name__}: {err} (run with --debug for the traceback)",
            file=sys.stderr,
        )
        raise typer.Exit(ExitCode.ERROR) from None
    raise typer.Exit(exit_code(report, settings.fail_on, exit_zero))


def _assumptions(
    model: str | None,
    gpu: str | None,
    gpus: int | None,
    tier: str | None,
    mfu: float | None,
    output_tokens: int,
    catalog: Path | None,
) -> Assumptions:
    from pydantic import ValidationError

    from claimcheck.settings import Assumptions

    try:
        return Assumptions(
            model=model,
            gpu=gpu,
            gpus=gpus,
            tier=tier,
            mfu=mfu,
            output_tokens=output_tokens,
            catalog=str(catalog) if catalog else None,
        )
    except ValidationError as err:
        detail = err.errors()[0]
        raise ClaimcheckError(
            f"--{str(detail['loc'][0]).replace('_', '-')}: {detail['msg']}"
        ) from None


def _default_format() -> FormatChoice:
    return FormatChoice.TEXT if sys.stdout.isatty() else FormatChoice.CONCISE


def _width() -> int:
    if sys.stdout.isatty():
        return max(60, shutil.get_terminal_size().columns)
    return 100


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
    from claimcheck.rules import get

    try:
        rule = get(code)
    except ClaimcheckError as err:
        _fail(err)
    print(f"{rule.code} {rule.name} (default severity: {rule.severity.value})\n")
    print(_dedent_doc(rule.doc))


def _dedent_doc(doc: str) -> str:
    import inspect

    return inspect.cleandoc(doc) + "\n"


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
    """Console-script entry point."""
    app()
