"""Shared fixtures: run the CLI in-process with stdout and stderr kept apart."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from claimcheck.cli import app

# A developer's result cache never reaches the tests' runs, in this process or its children.
os.environ.pop("CLAIMCHECK_CACHE_DIR", None)


@dataclass(frozen=True)
class Run:
    """The outcome of one CLI invocation."""

    code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        """stdout parsed as JSON."""
        return json.loads(self.stdout)


Invoke = Callable[..., Run]


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """``cli("check", "claims/")`` → Run. Colour off, no CI environment leaking in."""
    for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "FORCE_COLOR", "CLAIMCHECK_CACHE_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_COLOR", "1")

    def invoke(*args: str, input: str | None = None) -> Run:
        result = CliRunner().invoke(app, list(args), input=input, catch_exceptions=False)
        return Run(result.exit_code, result.stdout, result.stderr)

    return invoke


def codes(report: dict[str, Any], claim: int = 0) -> set[str]:
    """The finding codes of one claim of a JSON report."""
    return {f["code"] for f in report["claims"][claim]["findings"]}


PAGE_CLAIM = "Up to 27x faster TTFT at 128K tokens with KV cache offload.\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository root (it has ``.git``) holding ``docs/page.md`` with one claim, made the
    working directory."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(PAGE_CLAIM, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path
