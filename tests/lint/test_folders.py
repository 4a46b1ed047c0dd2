"""Folder walks: sorted, .gitignore and excludes honoured, --force-exclude for named files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke

CLAIM = "27x faster TTFT at 128K tokens with KV cache offload.\n"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    for name in (
        "docs/b.md",
        "docs/a.md",
        "docs/build/gen.md",
        "docs/private/p.md",
        "node_modules/x/readme.md",
        ".hidden/h.md",
    ):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(CLAIM, encoding="utf-8")
    (tmp_path / ".gitignore").write_text("private/\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _paths(cli: Invoke, *args: str) -> list[str]:
    report = cli("check", *args, "-f", "json").json()
    return [c["source"]["path"] for c in report["claims"]]


def test_walk_is_sorted_and_skips_ignored(cli: Invoke, tree: Path) -> None:
    assert _paths(cli, ".") == ["docs/a.md", "docs/b.md"]


def test_gitignore_can_be_turned_off(cli: Invoke, tree: Path) -> None:
    assert "docs/private/p.md" in _paths(cli, ".", "--no-respect-gitignore")


def test_exclude_and_force_exclude(cli: Invoke, tree: Path) -> None:
    assert _paths(cli, ".", "--extend-exclude", "docs/b.md") == ["docs/a.md"]
    assert _paths(cli, "docs/private/p.md") == ["docs/private/p.md"]  # named files are checked
    run = cli("check", "docs/private/p.md", "--force-exclude", "-f", "json", "--allow-empty")
    assert run.json()["claims"] == []


def test_folder_without_inputs(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "notes.rst").write_text("nothing here", encoding="utf-8")
    run = cli("check", str(tmp_path), "-f", "json")
    assert run.code == 2 and "no claim files or documents found" in run.stderr
    assert cli("check", str(tmp_path), "-f", "json", "--allow-empty").code == 0


def test_force_exclude_passes_over_named_files_without_claim_fields(
    cli: Invoke, tree: Path
) -> None:
    """pre-commit names every YAML, TOML and JSON file of a commit: only claim files count."""
    (tree / "mkdocs.yml").write_text("site_name: docs\n", encoding="utf-8")
    (tree / "claim.yaml").write_text("speedup: 27\ncontext_tokens: 128000\n", encoding="utf-8")
    named = cli("check", "mkdocs.yml", "-f", "json")
    assert named.code == 2 and "mkdocs.yml" in named.stderr  # named on its own: reported
    run = cli("check", "mkdocs.yml", "claim.yaml", "--force-exclude", "-f", "json")
    assert run.code == 0, run.stderr
    assert [c["source"]["path"] for c in run.json()["claims"]] == ["claim.yaml"]
    assert run.json()["summary"]["files"] == 1


def test_mdx_is_read_as_markdown(cli: Invoke, tree: Path) -> None:
    (tree / "docs" / "page.mdx").write_text("import X from './x'\n\n" + CLAIM, encoding="utf-8")
    report = cli("check", "docs/page.mdx", "-f", "json").json()
    assert [(c["source"]["path"], c["source"]["line"]) for c in report["claims"]] == [
        ("docs/page.mdx", 3)
    ]


def test_a_docs_folder_with_ordinary_configuration_exits_by_its_pages(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A serving config, a training config and a catalog from `claimcheck catalog gpus
    # --format toml` beside a page: only the page's findings decide the exit code.
    monkeypatch.chdir(tmp_path)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "vllm.yaml").write_text(
        "model: meta-llama/Llama-3.1-70B-Instruct\ntensor-parallel-size: 8\n", encoding="utf-8"
    )
    (docs / "train.yaml").write_text("model:\n  name: llama-3.1-8b\n", encoding="utf-8")
    (docs / "gpus.toml").write_text(cli("catalog", "gpus", "--format", "toml").stdout, "utf-8")
    (docs / "page.md").write_text("KV cache offload gives 27x faster TTFT.\n", encoding="utf-8")
    clean = cli("check", ".", "--format", "json")
    assert clean.code == 0, clean.stderr
    assert clean.json()["summary"]["files"] == 1
    (docs / "page.md").write_text(
        "Recomputing a 100K-token prompt takes 30 s, loading its KV 2 s: 40x faster TTFT.\n",
        encoding="utf-8",
    )
    assert cli("check", ".").code == 1  # KV202: the page alone fails the run
