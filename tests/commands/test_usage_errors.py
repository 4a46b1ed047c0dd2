"""Every usage error in one style: ``claimcheck: error: <what>`` on one line of stderr, with
the closest name where there is a list to pick from, nothing on stdout, exit code 2; never
Click's box, never pydantic's wording, whoever finds the error (Click while parsing, a value
Typer converts, a callback, a command, the configuration file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke

TEXT = "27x faster TTFT at 128K tokens"
CHECK = ("check", "--text", TEXT)
BREAKEVEN = ("breakeven", "--model", "llama-3.1-70b", "--gpu", "h100-sxm")

# Click's box, its usage lines, and pydantic's wording of a refused value.
FOREIGN = (
    "╭",
    "│",
    "Usage:",
    "Try '",
    "Input should",
    "String should",
    "Value error",
    "Invalid value",
)


def one_error(cli: Invoke, *args: str) -> str:
    """The error line of a run that must fail with exactly one."""
    run = cli(*args)
    assert (run.code, run.stdout) == (2, ""), run
    (line,) = run.stderr.splitlines()
    assert line.startswith("claimcheck: error: "), line
    assert not any(foreign in line for foreign in FOREIGN), line
    return line.removeprefix("claimcheck: error: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((*CHECK, "--fail-on", "warn"),
         "--fail-on: expected one of info, warning, error, never, got 'warn' (did you mean 'warning'?)"),
        ((*CHECK, "--color", "nevr"),
         "--color: expected one of auto, always, never, got 'nevr' (did you mean 'never'?)"),
        ((*CHECK, "--kv-layout", "ful"),
         "--kv-layout: expected one of resumed, full, got 'ful' (did you mean 'full'?)"),
        ((*BREAKEVEN, "--dtype", "bf61"),
         "--dtype: expected one of bf16, fp8, got 'bf61' (did you mean 'bf16'?)"),
        ((*BREAKEVEN, "--weights-dtype", "fp5"),
         "--weights-dtype: expected one of bf16, fp8, fp4, got 'fp5' (did you mean 'fp8' or 'fp4'?)"),
        ((*BREAKEVEN, "--kv-dtype", "FP9"),
         "--kv-dtype: expected one of bf16, fp8, got 'FP9' (did you mean 'fp8'?)"),
        (("catalog", "gpus", "--format", "tomll"),
         "--format: expected one of text, json, toml, got 'tomll' (did you mean 'toml'?)"),
    ],
)  # fmt: skip
def test_a_bad_choice_names_the_values_and_the_closest(
    cli: Invoke, args: tuple[str, ...], message: str
) -> None:
    assert one_error(cli, *args) == message


def test_a_choice_far_from_every_value_gets_no_guess(cli: Invoke) -> None:
    assert one_error(cli, *CHECK, "--fail-on", "xyzzy") == (
        "--fail-on: expected one of info, warning, error, never, got 'xyzzy'"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("check", "--model"), "--model: expected a value"),
        (("breakeven", "--gpu", "h100-sxm", "--model"), "--model: expected a value"),
        (("breakeven", "--gpu", "h100-sxm"), "missing option --model"),
        (("rule",), "missing argument CODE"),
        (("catalog",), "missing argument <models|gpus|tiers>"),
    ],
)
def test_a_missing_value_is_one_line(cli: Invoke, args: tuple[str, ...], message: str) -> None:
    assert one_error(cli, *args) == message


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((*BREAKEVEN, "--gpus", "two"), "--gpus: expected a whole number, got 'two'"),
        ((*BREAKEVEN, "--mfu", "half"), "--mfu: expected a number, got 'half'"),
        ((*CHECK, "--max-file-size", "1.5"), "--max-file-size: expected a whole number, got '1.5'"),
        ((*CHECK, "--quiet=yes"), "--quiet: takes no value"),
    ],
)
def test_a_value_of_the_wrong_type_is_said_in_our_words(
    cli: Invoke, args: tuple[str, ...], message: str
) -> None:
    assert one_error(cli, *args) == message


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("check", "--formt", "json"), "no such option: --formt (did you mean '--format'?)"),
        (("breakeven", "--modle", "x"), "no such option: --modle (did you mean '--model'?)"),
        (("chekc",), "no such command 'chekc' (did you mean 'check'?)"),
        (("catalog", "modles"),
         "unknown catalog kind 'modles' (did you mean 'models'?); choose models, gpus or tiers"),
        (("rule", "prefil-only"), "unknown rule 'prefil-only' (did you mean 'prefill-only'?)"),
    ],
)  # fmt: skip
def test_an_unknown_name_gets_the_closest(cli: Invoke, args: tuple[str, ...], message: str) -> None:
    assert one_error(cli, *args) == message


def test_a_bad_value_in_the_configuration_is_said_in_our_words(cli: Invoke, project: Path) -> None:
    config = project / "claimcheck.toml"
    config.write_text('select = ["KV1"]\nfail-on = "warn"\n', encoding="utf-8")
    assert one_error(cli, "check", "docs") == (
        f"{config}:2: 'fail-on': expected one of info, warning, error, never, "
        "got a string 'warn' (did you mean 'warning'?)"
    )


def test_no_arguments_still_show_the_help(cli: Invoke) -> None:
    run = cli()
    assert run.code == 2
    assert "Usage: claimcheck" in run.stdout and "check" in run.stdout
    assert run.stderr == ""
