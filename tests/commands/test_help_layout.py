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
CHECK = COMMAND.commands["check"]

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
    "--jobs": "the number of cores",
}
# Options whose absence means "none": nothing is assumed, ignored or written elsewhere.
WITHOUT_DEFAULT = {
    "--text", "--stdin-filename", "--config", "--extend-exclude", "--ignore", "--extend-select",
    "--per-file-ignores", "--model", "--gpu", "--gpus", "--tier", "--catalog", "--output",
    "--dtype", "--weights-dtype",
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
    breakeven = option_names(COMMAND.commands["breakeven"])
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
