"""``claimcheck check``: the audit. Its options become ``Options`` (what the configuration may
also say) and an ``Invocation`` (inputs, where the report goes); ``check_run`` runs them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from claimcheck import bounds
from claimcheck.commands import Color, DtypeChoice, KvLayout, WeightsDtypeChoice, guarded
from claimcheck.commands.help_layout import INPUTS, OUTPUT, SELECTION, default
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
    choice_option,
    complete_ignored,
    complete_rules,
    format_option,
    in_range,
)
from claimcheck.defaults import DEFAULT_EXCLUDE, DEFAULT_MAX_BYTES
from claimcheck.output_format import OutputFormat
from claimcheck.severity import FailOn


def _split(values: list[str] | None) -> tuple[str, ...] | None:
    """Repeated and comma-separated values → one tuple (``None`` when not given)."""
    if values is None:
        return None
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


_FORMAT_DEFAULT = "text on a terminal, concise when piped, github in GitHub Actions"
_REPEAT_CODES = " Repeat, or separate with commas: KV1,KV203."


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
            "number." + default("one process, then the cores once the work is worth them"),
            show_default=False,
            rich_help_panel=INPUTS,
        ),
    ] = None,
    cache_dir: Annotated[
        Path | None,
        typer.Option(
            "--cache-dir",
            metavar="DIR",
            help="Keep each file's results in DIR and reuse them while the file, the settings "
            "and claimcheck are unchanged (the environment may name DIR: docs/usage.md)."
            + default("none kept"),
            show_default=False,
            rich_help_panel=INPUTS,
        ),
    ] = None,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Neither read nor keep results, even with --cache-dir or its environment "
            "variable.",
            rich_help_panel=INPUTS,
        ),
    ] = False,
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
    from claimcheck.commands.check_run import Invocation, run, show
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
    call = Invocation(
        inputs=list(inputs or []), texts=list(text or []), stdin_filename=stdin_filename,
        config=config, isolated=isolated, output=output, exit_zero=exit_zero,
        allow_empty=allow_empty, color=Color(color), quiet=quiet, explain=explain,
        follow_links=follow_links, show_source=show_source, statistics=statistics, jobs=jobs,
        baseline=baseline, cache_dir=cache_dir, no_cache=no_cache,
    )  # fmt: skip
    with guarded(debug=debug):
        code = show(options, call) if show_files else run(options, call)
    raise typer.Exit(code)
