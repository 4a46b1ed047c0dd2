"""``--help`` as a user reads it at 80 columns: every default shown, flags without a value,
list options saying how to repeat them, ``check`` grouped into panels; completion on."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from claimcheck.cli import app
from claimcheck.defaults import (
    DEFAULT_EXCLUDE,
    DEFAULT_MAX_BYTES,
    DEFAULT_MFU,
    DEFAULT_OUTPUT_TOKENS,
)

COMMAND: Any = typer.main.get_command(app)
TOP = typer.Context(COMMAND)


def subcommand(name: str) -> Any:
    """The command ``name``, as Click asks the group for it (built when first asked)."""
    return COMMAND.get_command(TOP, name)


CHECK = subcommand("check")

# What each option of ``check`` falls back to when not given (and no configuration says).
DEFAULTS = {
    "--format": "text on a terminal, concise when piped, github in GitHub Actions",
    "--fail-on": "error",
    "--select": "ALL",
    "--exclude": ", ".join(DEFAULT_EXCLUDE),
    "--respect-gitignore": "on",
    "--max-file-size": str(DEFAULT_MAX_BYTES),
    "--mfu": str(DEFAULT_MFU),
    "--kv-layout": "resumed",
    "--kv-dtype": "bf16",
    "--output-tokens": str(DEFAULT_OUTPUT_TOKENS),
    "--color": "auto",
    "--show-source": "on in text, off in concise",
    "--jobs": "one process, then the cores once the work is worth them",
    "--cache-dir": "none kept",
}
# Options whose absence means "none": nothing is assumed, ignored or written elsewhere.
WITHOUT_DEFAULT = {
    "--text", "--stdin-filename", "--config", "--extend-exclude", "--ignore", "--extend-select",
    "--per-file-ignores", "--model", "--gpu", "--gpus", "--tier", "--catalog", "--output",
    "--dtype", "--weights-dtype", "--baseline",
}  # fmt: skip


def help_of(*command: str, columns: int = 80) -> str:
    result = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


def rows(text: str) -> dict[str, str]:
    """Each option's row in the panels, its wrapped lines joined with single spaces."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if not line.startswith("│ "):
            current = None
            continue
        cell = line[2:].rstrip("│").strip()
        indent = len(line[2:]) - len(line[2:].lstrip())
        if cell.startswith("-") and indent < 6:  # an option's row, not help wrapped onto "--x"
            current = found.setdefault(cell.split()[0], [])
        if current is not None:
            current.append(cell)
    return {name: " ".join(" ".join(lines).split()) for name, lines in found.items()}


def option_names(command: Any) -> dict[str, typer.core.TyperOption]:
    return {
        param.opts[0]: param
        for param in command.params
        if isinstance(param, typer.core.TyperOption)
    }


def test_check_help_at_80_columns_shows_every_default() -> None:
    text = help_of("check")
    shown = rows(text)
    options = option_names(CHECK)
    flags = {name for name, param in options.items() if param.is_flag and not param.secondary_opts}
    assert set(options) == set(DEFAULTS) | WITHOUT_DEFAULT | flags  # each option is classified
    for name, value in DEFAULTS.items():
        assert f"[default: {value}]" in shown[name], name
    for name in WITHOUT_DEFAULT | flags:
        assert "[default:" not in shown[name], name
    assert max(len(line) for line in text.splitlines()) <= 80


def test_check_help_panels_in_reading_order() -> None:
    titles = re.findall(r"╭─ (.+?) ─", help_of("check"))
    assert titles == ["Arguments", "Inputs", "Selection", "Physics assumptions", "Output"]


@pytest.mark.parametrize(
    "command", [(), ("check",), ("breakeven",), ("catalog",), ("config",), ("rule",), ("rules",)]
)
def test_flags_show_no_value(command: tuple[str, ...]) -> None:
    text = help_of(*command, columns=120)
    assert "<bool>" not in text
    assert "--help" in text


def test_list_options_say_how_to_repeat_them() -> None:
    shown = rows(help_of("check", columns=120))
    repeated = [name for name, param in option_names(CHECK).items() if param.multiple]
    assert len(repeated) == 7
    for name in repeated:
        assert "Repeat" in shown[name], name
    assert "repeat for more" in rows(help_of("breakeven", columns=120))["--fit"]


def test_options_shared_by_commands_read_the_same() -> None:
    breakeven = option_names(subcommand("breakeven"))
    check = option_names(CHECK)
    shared = set(breakeven) & set(check)
    assert shared >= {"--model", "--gpu", "--gpus", "--tier", "--mfu", "--output-tokens",
                      "--catalog", "--kv-layout", "--color", "--debug", "--format", "--dtype",
                      "--weights-dtype", "--kv-dtype"}  # fmt: skip
    for name in shared - {"--format"}:  # each command has its own formats
        assert check[name].help == breakeven[name].help, name
        assert check[name].rich_help_panel == breakeven[name].rich_help_panel, name


def test_shell_completion_script_and_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    # Typer names the shell from the process's ancestors (shellingham), which a job started
    # in the background or by a service does not have: name it here.
    monkeypatch.setattr("typer.completion._get_shell_name", lambda: "bash")
    runner = CliRunner()
    script = runner.invoke(app, ["--show-completion", "bash"], prog_name="claimcheck")
    assert script.exit_code == 0
    assert "_CLAIMCHECK_COMPLETE=complete_bash" in script.output
    words = {"COMP_WORDS": "claimcheck check --format j", "COMP_CWORD": "3"}
    completed = runner.invoke(
        app, [], env={"_CLAIMCHECK_COMPLETE": "complete_bash", **words}, prog_name="claimcheck"
    )
    assert completed.output.split() == ["json", "junit"]


def test_completion_after_an_out_of_range_value_stays_quiet() -> None:
    words = {"COMP_WORDS": "claimcheck check --gpus 0 --format j", "COMP_CWORD": "5"}
    completed = CliRunner().invoke(
        app, [], env={"_CLAIMCHECK_COMPLETE": "complete_bash", **words}, prog_name="claimcheck"
    )
    assert (completed.stdout.split(), completed.stderr) == (["json", "junit"], "")


def test_completion_after_a_format_typo_stays_quiet() -> None:
    words = {"COMP_WORDS": "claimcheck check --format jsn --gp", "COMP_CWORD": "4"}
    completed = CliRunner().invoke(
        app, [], env={"_CLAIMCHECK_COMPLETE": "complete_bash", **words}, prog_name="claimcheck"
    )
    assert (completed.stdout.split(), completed.stderr) == (["--gpu", "--gpus"], "")


def every_command() -> list[tuple[str, Any]]:
    """Each command's name (``""`` for the top level) and its Click command."""
    return [("", COMMAND), *((name, subcommand(name)) for name in COMMAND.list_commands(TOP))]


# The metavar convention (help_layout): a fixed list shows its values, anything else what to
# give in capitals; --format is FORMAT in every command, its help listing the formats.
CHOICE = re.compile(r"<[a-z0-9]+(?:\|[a-z0-9]+)+>")
NOUN = re.compile(r"[A-Z][A-Z0-9]*(?:[:/][A-Z0-9]+)?")
# What Typer would show of a value's Python type, and its braces around a required argument.
TYPE_SHOWN = re.compile(r"<(?:str|int|float|bool|path|list\[.*?\])>|\{[a-z]")


@pytest.mark.parametrize("name", [name for name, _ in every_command()])
def test_every_value_follows_one_metavar_convention(name: str) -> None:
    command = dict(every_command())[name]
    ctx = command.make_context("claimcheck", [], resilient_parsing=True)
    for param in command.get_params(ctx):
        if getattr(param, "is_flag", False) or param.name == "help":
            continue
        shown = param.metavar
        assert shown is not None, (name, param.name)
        if param.opts[0] == "--format":
            assert shown == "FORMAT"
        else:
            assert CHOICE.fullmatch(shown) or NOUN.fullmatch(shown), (name, param.name, shown)
    text = help_of(*([name] if name else []), columns=120)
    assert not TYPE_SHOWN.search(text), TYPE_SHOWN.search(text)


@pytest.mark.parametrize(
    ("command", "option"),
    [("check", "--fail-on"), ("check", "--color"), ("check", "--kv-layout"),
     ("breakeven", "--dtype"), ("breakeven", "--weights-dtype"), ("breakeven", "--kv-dtype"),
     ("breakeven", "--kv-layout"), ("catalog", "--color")],
)  # fmt: skip
def test_a_choice_shows_the_values_it_takes(command: str, option: str) -> None:
    shown = option_names(subcommand(command))[option].metavar
    assert shown is not None and CHOICE.fullmatch(shown)
    args = {"breakeven": ["--model", "llama-3.1-8b", "--gpu", "h100-sxm"], "catalog": ["gpus"]}
    run = CliRunner().invoke(app, [command, *args.get(command, []), option, "?"])
    assert run.exit_code == 2
    values = shown.strip("<>").split("|")
    assert f"{option}: expected one of {', '.join(values)}, got '?'" in run.stderr


def test_arguments_show_their_metavar_alone() -> None:
    assert "Usage: claimcheck check [OPTIONS] [INPUTS]..." in help_of("check")
    assert "Usage: claimcheck rule [OPTIONS] CODE" in help_of("rule")
    assert "Usage: claimcheck catalog [OPTIONS] <models|gpus|tiers>" in help_of("catalog")
    (row,) = [line for line in help_of("rule").splitlines() if "CODE " in line and "│" in line]
    assert row.split()[1:4] == ["*", "CODE", "A"]  # no type between the name and its help


def test_brackets_in_help_texts_are_shown_as_written() -> None:
    assert "(claimcheck.toml, [tool.claimcheck])." in help_of("schema", columns=120)
    for name, command in every_command():
        text = " ".join(help_of(*([name] if name else []), columns=300).split())
        for param in command.params:
            for bracketed in re.findall(r"\[[^\]]*\]", param.help or ""):
                assert " ".join(bracketed.split()) in text, (name, bracketed)


def test_completion_options_take_a_shell() -> None:
    shown = rows(help_of(columns=120))
    assert shown["--install-completion"].startswith("--install-completion <bash|zsh|fish>")
    assert shown["--show-completion"].startswith("--show-completion <bash|zsh|fish>")
