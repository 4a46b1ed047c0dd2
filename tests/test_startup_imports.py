"""A one-liner loads only what reading one sentence and writing its report needs: modules it
never uses stay unimported, so its start-up is not paid for them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SENTENCE = "Loading the KV cache gives 27x faster TTFT at 112K tokens."


def imported_by(*args: str, cwd: Path) -> set[str]:
    """The modules a run of ``claimcheck ARGS`` imports (from ``python -X importtime``)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "claimcheck", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


@pytest.fixture(scope="module")
def one_liner(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    return imported_by("check", SENTENCE, "--format", "json", cwd=tmp_path_factory.mktemp("run"))


@pytest.mark.parametrize(
    "module",
    [
        "claimcheck.physics",  # no model or GPU named: no physics
        "claimcheck.catalog.specs",  # no name resolved: the catalog's models are never built
        "claimcheck.catalog.load",
        "multiprocessing",  # one input: no worker processes
        "json",  # the report is encoded by msgspec (formats/json_format.py)
        "html",  # no character reference in the sentence: no entity table
        "pickle",  # no worker processes to send results from
        "sqlite3",  # no file whose result the cache could keep (claimcheck/result_cache.py)
        "claimcheck.commands.completion",  # no shell asking to complete
        "claimcheck.sources.show",  # not --show-files
        "claimcheck.commands.breakeven",  # the other commands are loaded when named (cli.py)
        "claimcheck.commands.catalog",
        "claimcheck.commands.crawl",
        "claimcheck.commands.ledger",
        "claimcheck.commands.rules",
    ],
)
def test_a_one_liner_does_not_import(one_liner: set[str], module: str) -> None:
    assert "claimcheck.extract" in one_liner  # the run did read its sentence
    assert module not in one_liner


def test_naming_a_model_imports_the_physics(tmp_path: Path) -> None:
    modules = imported_by(
        "check", SENTENCE, "--model", "Llama 3.1 8B", "--gpu", "H100", "-f", "json", cwd=tmp_path
    )
    assert {"claimcheck.physics", "claimcheck.catalog.specs"} <= modules


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    return subprocess.run(
        [sys.executable, "-m", "claimcheck", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )


def test_version_loads_no_command(tmp_path: Path) -> None:
    modules = imported_by("--version", cwd=tmp_path)
    assert not {name for name in modules if name.startswith("claimcheck.commands.")} - {
        "claimcheck.commands.help_layout",  # the group's class
        "claimcheck.commands.interrupts",
        "claimcheck.commands.streams",
    }


def test_every_command_line_sees_every_command(tmp_path: Path) -> None:
    """``check`` loads only its own command; every command line sees them all."""
    assert "--per-file-ignores" in run("check", "--help", cwd=tmp_path).stdout
    listing = run("--help", cwd=tmp_path).stdout
    assert all(name in listing for name in ("check", "breakeven", "catalog", "rules", "schema"))
    assert "KV101" in run("rules", cwd=tmp_path).stdout
    assert run("breakeven", "--help", cwd=tmp_path).returncode == 0


BUILT = """
import contextlib, io, sys
sys.argv = ["claimcheck", "check", sys.argv[1], "--format", "json"]
from claimcheck.cli import main
with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):
    main()
from claimcheck.config import FileConfig
print(FileConfig.__pydantic_complete__)
"""


def test_a_run_without_a_configuration_file_builds_no_validator_for_one(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", BUILT, SENTENCE],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.stdout.strip() == "False", done.stderr[-2000:]


def test_every_command_runs_after_a_check(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from claimcheck import cli

    monkeypatch.chdir(tmp_path)
    for arguments in (["check", SENTENCE, "--format", "json", "--quiet"], ["rules"]):
        monkeypatch.setattr(sys, "argv", ["claimcheck", *arguments])
        with pytest.raises(SystemExit) as done:
            cli.main()
        assert done.value.code in (0, 1, None)
    assert "KV101" in capsys.readouterr().out
