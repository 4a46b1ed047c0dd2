"""The same inputs give byte-identical JSON and SARIF, run after run and whatever the hash seed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "page.md").write_text(
        "# Launch\n\n<!-- claimcheck: disable-next-line KV103 -- labelled demo -->\n"
        "Up to 27x faster TTFT at 128K tokens with KV cache offload on Llama 3.1 70B and 8x H100.\n\n"
        "| Model | Context | TTFT speedup |\n|---|---|---|\n| Llama 3.1 8B | 32K | 6.5x |\n",
        encoding="utf-8",
    )
    return folder


def _run(fmt: str, seed: str, inputs: Path) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed, "NO_COLOR": "1"}
    env.pop("GITHUB_ACTIONS", None)
    command = [sys.executable, "-m", "claimcheck", "check", "claims", str(inputs), "-f", fmt]
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, check=False, timeout=300
    ).stdout


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_byte_identical_across_runs_and_hash_seeds(fmt: str, inputs: Path) -> None:
    outputs = {_run(fmt, seed, inputs) for seed in ("0", "1", "4242", "random")}
    assert len(outputs) == 1
    (only,) = outputs
    assert b'"claims"' in only or b'"runs"' in only
