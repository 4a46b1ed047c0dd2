"""Options shared by commands: ``--format`` in any case with the closest name on a typo, and
ranges refused on one line in the words of ``claimcheck.bounds``."""

from __future__ import annotations

import pytest

from claimcheck import bounds
from tests.conftest import Invoke

TEXT = "27x faster TTFT at 128K tokens"
BREAKEVEN = ("breakeven", "--model", "llama-3.1-70b", "--gpu", "h100-sxm")


@pytest.mark.parametrize("written", ["JSON", "Json", " json"])
def test_format_is_case_insensitive(cli: Invoke, written: str) -> None:
    run = cli("check", "--text", TEXT, "--format", written)
    assert run.stdout.startswith("{")
    assert cli(*BREAKEVEN, "-f", written.upper()).json()["breakeven_tokens"] > 0
    assert cli("catalog", "gpus", "-f", written).stdout.startswith("[")


def test_every_choice_is_case_insensitive(cli: Invoke) -> None:
    lower = cli(
        "check", "--text", TEXT, "-f", "json", "--fail-on", "warning", "--kv-layout", "full"
    )
    upper = cli("check", "--text", TEXT, "-f", "JSON", "--fail-on", "WARNING", "--kv-layout", "FULL",
                "--color", "NEVER")  # fmt: skip
    assert lower.code == 1  # the claim's warnings fail the run at --fail-on warning
    assert (upper.code, upper.stdout) == (lower.code, lower.stdout)
    fp8 = cli(*BREAKEVEN, "-f", "json", "--dtype", "FP8", "--kv-dtype", "Fp8").json()
    assert fp8 == cli(*BREAKEVEN, "-f", "json", "--dtype", "fp8", "--kv-dtype", "fp8").json()


@pytest.mark.parametrize(
    ("command", "written", "closest"),
    [(("check", "--text", TEXT), "jsno", "json"), (BREAKEVEN, "svgg", "svg"),
     (("catalog", "gpus"), "tex", "text"), (("check", "--text", TEXT), "SARIF2", "sarif")],
)  # fmt: skip
def test_a_format_typo_names_the_closest(
    cli: Invoke, command: tuple[str, ...], written: str, closest: str
) -> None:
    run = cli(*command, "--format", written)
    assert run.code == 2
    assert run.stdout == ""
    assert run.stderr.startswith("claimcheck: error: --format: expected one of text, ")
    assert run.stderr.endswith(f", got {written!r} (did you mean '{closest}'?)\n")


def test_a_format_far_from_any_gets_no_guess(cli: Invoke) -> None:
    run = cli("check", "--text", TEXT, "--format", "xyzzy")
    assert run.code == 2
    assert "did you mean" not in run.stderr
    assert run.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("option", "value", "bound"),
    [("--gpus", "0", bounds.GPUS), ("--mfu", "2", bounds.MFU),
     ("--output-tokens", "-5", bounds.OUTPUT_TOKENS)],
)  # fmt: skip
def test_a_range_reads_the_same_in_every_command(
    cli: Invoke, option: str, value: str, bound: bounds.Bound
) -> None:
    expected = f"claimcheck: error: {option}: {bound.problem(float(value))}\n"
    for command in (("check", "--text", TEXT), BREAKEVEN):
        run = cli(*command, option, value)
        assert (run.code, run.stdout, run.stderr) == (2, "", expected), command


def test_an_option_of_one_command_is_refused_in_the_same_form(cli: Invoke) -> None:
    run = cli("check", "--text", TEXT, "--max-file-size", "0")
    assert (run.code, run.stdout) == (2, "")
    assert run.stderr == f"claimcheck: error: --max-file-size: {bounds.MAX_FILE_BYTES.problem(0)}\n"
