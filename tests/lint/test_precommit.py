"""The pre-commit hook, run by the real pre-commit (``try-repo``) in a temporary git repository."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_hook_manifest() -> None:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "claimcheck"
    assert hook["types_or"] == ["markdown", "mdx", "html", "plain-text", "yaml", "toml", "json"]
    assert hook["require_serial"] is True
    assert "--force-exclude" in hook["entry"]


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (ROOT / ".git").exists():
        pytest.skip("the project is not a git checkout, so pre-commit cannot try it")
    return tmp_path_factory.mktemp("pre-commit-home")


def _try_repo(repo: Path, home: Path, *files: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    env.pop("GITHUB_ACTIONS", None)
    command = [
        sys.executable,
        "-m",
        "pre_commit",
        "try-repo",
        str(ROOT),
        "claimcheck",
        "--files",
        *files,
    ]
    return subprocess.run(
        command, cwd=repo, env=env, capture_output=True, text=True, timeout=900, check=False
    )


def test_pre_commit_passes_and_fails(tmp_path: Path, pre_commit_home: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / "good.md").write_text(
        "KV cache offload cuts end-to-end latency by 1.1x for a 16K-token shared prompt on Llama 3.1 8B.\n",
        encoding="utf-8",
    )
    (tmp_path / "bad.md").write_text(
        "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT.\n",
        encoding="utf-8",
    )
    subprocess.run(["git", "add", "."], cwd=tmp_path, check=True)

    passing = _try_repo(tmp_path, pre_commit_home, "good.md")
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "Passed" in passing.stdout

    failing = _try_repo(tmp_path, pre_commit_home, "bad.md")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "bad.md:1:73: KV202 [error]" in failing.stdout


def test_pre_commit_reads_mdx_and_claim_files_and_passes_over_other_yaml(
    tmp_path: Path, pre_commit_home: Path
) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / "page.mdx").write_text(
        "import Chart from './chart'\n\n"
        "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT.\n",
        encoding="utf-8",
    )
    (tmp_path / "claim.toml").write_text(
        "speedup = 40\ncontext_tokens = 100000\nbaseline_seconds = 30\ncached_seconds = 2\n",
        encoding="utf-8",
    )
    (tmp_path / "ci.yml").write_text("on: push\njobs: {}\n", encoding="utf-8")
    (tmp_path / "package.json").write_text('{"name": "site"}\n', encoding="utf-8")
    # A serving config, a training config and a catalog written by `claimcheck catalog`: their
    # `model` or `gpus` keys are no claim (README "Claim files").
    (tmp_path / "vllm.yaml").write_text(
        "model: meta-llama/Llama-3.1-70B-Instruct\ntensor-parallel-size: 8\n", encoding="utf-8"
    )
    (tmp_path / "train.yaml").write_text("model:\n  name: llama-3.1-8b\n", encoding="utf-8")
    (tmp_path / "gpus.toml").write_text(
        '[[gpus]]\nid = "h100-sxm"\nname = "NVIDIA H100"\n', encoding="utf-8"
    )
    subprocess.run(["git", "add", "."], cwd=tmp_path, check=True)

    others = _try_repo(
        tmp_path, pre_commit_home, "ci.yml", "package.json", "vllm.yaml", "train.yaml", "gpus.toml"
    )
    assert others.returncode == 0, others.stdout + others.stderr

    failing = _try_repo(tmp_path, pre_commit_home, "page.mdx", "claim.toml", "ci.yml")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "page.mdx:3:73: KV202 [error]" in failing.stdout
    assert "claim.toml:" in failing.stdout
    assert "ci.yml" not in failing.stdout
