"""Shell completion for bash, zsh and fish: installed for the shell named (not the one
claimcheck runs in), and offering catalog models, GPUs and tiers and rule codes and names,
through the protocol the installed scripts use (an environment variable naming the shell,
the words typed so far in ``COMP_WORDS`` or ``_TYPER_COMPLETE_ARGS``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimcheck.cli import app

VARIABLE = "_CLAIMCHECK_COMPLETE"


@pytest.fixture(autouse=True)
def _runs_in_bash(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """claimcheck runs in bash (as shellingham sees its parent processes), with a home of its
    own for the files an installation writes."""
    monkeypatch.setattr("shellingham.detect_shell", lambda *_: ("bash", "/bin/bash"))
    monkeypatch.setenv("HOME", str(tmp_path))


def complete(shell: str, typed: str) -> list[str]:
    """What ``shell`` gets for the command line ``typed`` (the word being typed last, or ""
    after a space), one entry a line as the shell reads it."""
    if shell == "bash":
        words = typed.split()
        current = len(words) - (0 if typed.endswith(" ") else 1)
        env = {"COMP_WORDS": typed, "COMP_CWORD": str(current)}
    else:
        env = {"_TYPER_COMPLETE_ARGS": typed, "_TYPER_COMPLETE_FISH_ACTION": "get-args"}
    run = CliRunner().invoke(
        app, [], env={VARIABLE: f"complete_{shell}", **env}, prog_name="claimcheck"
    )
    assert run.exit_code == 0, run.output
    assert run.stderr == ""
    return run.stdout.splitlines()


def values(shell: str, typed: str) -> list[str]:
    """The values offered, without the descriptions zsh and fish show beside them."""
    lines = complete(shell, typed)
    if shell == "zsh":  # _arguments '*: :(("value":"help" …))', or _files when none
        text = "\n".join(lines).removeprefix("_arguments '*: :((").removesuffix("))'")
        lines = [line.split('":"', 1)[0].strip('"') for line in text.splitlines()]
        return [] if lines == ["_files"] else lines
    return [line.split("\t", 1)[0] for line in lines if line]


SHELLS = ["bash", "zsh", "fish"]


@pytest.mark.parametrize("shell", SHELLS)
def test_models_gpus_and_tiers_complete(shell: str) -> None:
    assert values(shell, "claimcheck check --model llama-3.1-7") == ["llama-3.1-70b"]
    assert values(shell, "claimcheck breakeven --gpu h100-s")[0] == "h100-sxm"
    assert "dgx-h100" in values(shell, "claimcheck check --gpu dgx")  # a system, hyphenated
    tiers = values(shell, "claimcheck breakeven --tier nv")
    assert tiers[0] == "nvme"  # a kind names its default tier
    assert {"nvme-gen4", "nvme-gen5"} <= set(tiers)


@pytest.mark.parametrize("shell", SHELLS)
def test_rule_codes_and_names_complete(shell: str) -> None:
    assert values(shell, "claimcheck check --select KV10")[:2] == ["KV101", "KV102"]
    assert values(shell, "claimcheck check --ignore KV101,prefill") == ["KV101,prefill-only"]
    assert values(shell, "claimcheck check --extend-select AL") == ["ALL"]
    assert values(shell, "claimcheck check --ignore AL") == []  # ALL would leave no rule
    assert values(shell, "claimcheck rule prefill") == ["prefill-only"]


def test_zsh_and_fish_describe_each_value() -> None:
    zsh = complete("zsh", "claimcheck check --gpu h100-sx")
    assert zsh[0] == '_arguments \'*: :(("h100-sxm":"NVIDIA H100 SXM5 80GB"', zsh
    fish = complete("fish", "claimcheck check --model llama-3.1-8")
    assert fish == ["llama-3.1-8b\tLlama 3.1 8B"]


def test_a_name_typed_in_lower_case_is_completed_in_lower_case() -> None:
    assert values("bash", "claimcheck check --gpu DGX-H1") == ["DGX-H100"]
    assert values("bash", "claimcheck check --gpu dgx-h1") == ["dgx-h100"]


def test_the_catalog_file_given_is_completed_from(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(
        '[[tiers]]\nid = "mytier-1"\nname = "My tier"\nkind = "nvme"\nbandwidth_gb_s = 5.0\n'
        'per_gpu = true\nlatency_ms = 0.1\nsource = "me"\n',
        encoding="utf-8",
    )
    typed = f"claimcheck check --catalog {mine} --tier my"
    assert values("bash", typed) == ["mytier-1"]
    broken = tmp_path / "broken.toml"
    broken.write_text("[[tiers]\n", encoding="utf-8")  # the built-in catalog, quietly
    assert "nvme" in values("bash", f"claimcheck check --catalog {broken} --tier n")


@pytest.mark.parametrize(
    ("shell", "marker"),
    [("bash", "complete -o default -F _claimcheck_completion claimcheck"),
     ("zsh", "compdef _claimcheck_completion claimcheck"),
     ("fish", "complete --command claimcheck")],
)  # fmt: skip
def test_the_script_shown_is_the_named_shells(shell: str, marker: str) -> None:
    for args in (["--show-completion", shell], [f"--show-completion={shell}"]):
        run = CliRunner().invoke(app, args, prog_name="claimcheck")
        assert run.exit_code == 0, run.output
        assert marker in run.stdout
        assert f"{VARIABLE}=complete_{shell}" in run.stdout


@pytest.mark.parametrize(
    ("shell", "installed", "sourced_by"),
    [("bash", ".bash_completions/claimcheck.sh", ".bashrc"),
     ("zsh", ".zfunc/_claimcheck", ".zshrc"),
     ("fish", ".config/fish/completions/claimcheck.fish", None)],
)  # fmt: skip
def test_completion_is_installed_for_the_named_shell(
    tmp_path: Path, shell: str, installed: str, sourced_by: str | None
) -> None:
    run = CliRunner().invoke(app, ["--install-completion", shell], prog_name="claimcheck")
    assert run.exit_code == 0, run.output
    assert run.stdout.startswith(f"{shell} completion installed in {tmp_path / installed}\n")
    assert f"{VARIABLE}=complete_{shell}" in (tmp_path / installed).read_text(encoding="utf-8")
    written = {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()}
    assert written == {installed, *([sourced_by] if sourced_by else [])}


def test_without_a_shell_the_current_one_is_used(tmp_path: Path) -> None:
    run = CliRunner().invoke(app, ["--install-completion"], prog_name="claimcheck")
    assert run.exit_code == 0, run.output
    assert (tmp_path / ".bash_completions" / "claimcheck.sh").is_file()
    shown = CliRunner().invoke(app, ["--show-completion", "check"], prog_name="claimcheck")
    assert "complete_bash" in shown.stdout  # a command after the option is not a shell


def test_a_shell_that_cannot_be_told_must_be_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import shellingham  # type: ignore[import-untyped]  # Typer's dependency; no type hints

    def undetected(*_: object) -> tuple[str, str]:
        raise shellingham.ShellDetectionFailure()

    monkeypatch.setattr("shellingham.detect_shell", undetected)
    run = CliRunner().invoke(app, ["--install-completion"], prog_name="claimcheck")
    assert (run.exit_code, run.stdout) == (2, "")
    assert run.stderr == (
        "claimcheck: error: --install-completion: cannot tell which shell this is; "
        "name it: --install-completion bash, zsh or fish\n"
    )


def test_an_unknown_shell_gets_the_closest(tmp_path: Path) -> None:
    run = CliRunner().invoke(app, ["--install-completion", "zhs"], prog_name="claimcheck")
    assert (run.exit_code, run.stdout) == (2, "")
    assert run.stderr == (
        "claimcheck: error: --install-completion: expected one of bash, zsh, fish, powershell, "
        "pwsh, got 'zhs' (did you mean 'zsh'?)\n"
    )
    assert not any(tmp_path.iterdir())
