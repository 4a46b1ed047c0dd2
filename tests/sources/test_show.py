"""``check --show-files``: what a run reads, and why it passes over the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.api import show_files
from claimcheck.errors import InputError
from claimcheck.options import Options
from claimcheck.sources.show import Shown


@pytest.fixture
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs").mkdir()
    files = {
        "docs/page.md": "KV cache offload gives 27x faster TTFT.\n",
        "docs/vllm.yaml": "model: meta-llama/Llama-3.1-70B-Instruct\ntensor-parallel-size: 8\n",
        "docs/claim.yaml": "speedup: 20\nmetric: ttft\n",
        "docs/broken.json": "{not json",
        "docs/notes.rst": "not a kind claimcheck reads\n",
        ".hidden/page.md": "KV cache offload gives 27x faster TTFT.\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_files_a_run_reads_and_why_others_are_passed_over(docs: Path) -> None:
    shown = show_files(["."], Options())
    files = {item.path: item for item in shown if isinstance(item, Shown)}
    assert files["docs/page.md"] == Shown("docs/page.md", "markdown")
    assert files["docs/claim.yaml"] == Shown("docs/claim.yaml", "yaml")
    assert files["docs/vllm.yaml"].passed_over is not None
    assert "not a claim file" in files["docs/vllm.yaml"].passed_over
    assert "docs/notes.rst" not in files and ".hidden/page.md" not in files  # never selected
    (error,) = [item for item in shown if isinstance(item, InputError)]
    assert error.path == "docs/broken.json"


def test_a_named_file_that_is_no_claim_file_is_its_error(docs: Path) -> None:
    (error,) = show_files(["docs/vllm.yaml"], Options())
    assert isinstance(error, InputError) and "not a claim file" in error.message


def test_standard_input_and_a_missing_path(docs: Path) -> None:
    shown = show_files(["-", "missing.md"], Options())
    assert [type(item) for item in shown] == [InputError]


def test_the_command_line_shows_the_files(docs: Path) -> None:
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "claimcheck", "check", ".", "--show-files"],
        cwd=docs, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 2  # docs/broken.json does not parse
    lines = run.stdout.splitlines()
    assert "docs/page.md  (markdown)" in lines and "docs/claim.yaml  (yaml)" in lines
    assert any(
        line.startswith("docs/vllm.yaml  (yaml; passed over: not a claim file") for line in lines
    )
    assert "docs/broken.json" in run.stderr and "KV" not in run.stdout  # nothing audited
