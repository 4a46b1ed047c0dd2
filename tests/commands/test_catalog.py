"""``claimcheck catalog models|gpus|tiers`` as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimcheck.cli import app  # the application that ships, not a copy


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"NO_COLOR": "1"})
    return result.exit_code, result.stdout, result.stderr


def test_models_json_lists_kv_bytes_per_token() -> None:
    code, stdout, stderr = _run("catalog", "models", "--format", "json")
    assert (code, stderr) == (0, "")
    models = {entry["name"]: entry for entry in json.loads(stdout)}
    # docs/model.md §1: Llama-3.1-8B 32 × 2 × 8 × 128 × 2 = 131,072 B/token;
    # Qwen3-235B-A22B 94 × 2 × 4 × 128 × 2 = 192,512 B/token.
    assert models["llama-3.1-8b"]["kv_bytes_per_token"] == 131_072
    assert models["qwen3-235b-a22b"]["kv_bytes_per_token"] == 192_512
    assert "Llama-3.1-8B" in models["llama-3.1-8b"]["aliases"][0]


@pytest.mark.parametrize(("kind", "some_id"), [("gpus", "mi300x"), ("tiers", "rdma-400")])
def test_text_lists_each_kind(kind: str, some_id: str) -> None:
    code, stdout, stderr = _run("catalog", kind)
    assert (code, stderr) == (0, "")
    assert some_id in stdout and "source" in stdout
    assert "\x1b[" not in stdout


def test_a_user_catalog_is_merged(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        '[[tiers]]\nid = "our-raid"\nname = "Our RAID"\nkind = "nvme"\nbandwidth_gb_s = 26.0\n'
        'per_gpu = false\nlatency_ms = 0.5\nsource = "our gdsio run"\n',
        encoding="utf-8",
    )
    code, stdout, _ = _run("catalog", "tiers", "--catalog", str(path), "--format", "json")
    assert code == 0
    tiers = {entry["name"]: entry for entry in json.loads(stdout)}
    assert tiers["our-raid"]["bandwidth_gb_s"] == 26.0
    assert "nvme-gen4" in tiers  # the built-in entries stay


def test_an_unknown_kind_names_the_three_choices() -> None:
    code, stdout, stderr = _run("catalog", "modles")
    assert code == 2 and stdout == ""
    assert stderr == (
        "claimcheck: error: unknown catalog kind 'modles' (did you mean 'models'?); "
        "choose models, gpus or tiers\n"
    )


def test_a_bad_catalog_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[[gadgets]]\nid = "x"\n', encoding="utf-8")
    code, _, stderr = _run("catalog", "gpus", "--catalog", str(path))
    assert code == 2
    assert stderr.startswith(f"claimcheck: error: {path}: unknown table [[gadgets]]")
    assert stderr.count("\n") == 1
