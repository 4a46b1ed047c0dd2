"""docs/contributing.md: every path it names exists, and its catalog example works as written."""

from __future__ import annotations

import re
from pathlib import Path

from claimcheck.catalog import load_catalog
from tests.conftest import Invoke

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")


def test_every_path_the_guide_names_exists() -> None:
    named = set(re.findall(r"`((?:claimcheck|tests|docs|bench)/[\w/.]+?)`", GUIDE))
    named |= set(re.findall(r"\b((?:claimcheck|tests|docs)/[\w/]+\.(?:py|md|yaml|toml))\b", GUIDE))
    concrete = {p for p in named if "<" not in p and "{" not in p}
    assert len(concrete) > 30
    missing = sorted(p for p in concrete if not (ROOT / p).exists())
    assert not missing, missing


def test_the_catalog_example_adds_a_model(cli: Invoke, tmp_path: Path) -> None:
    example = GUIDE.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "my.toml"
    path.write_text(example, encoding="utf-8")
    model = load_catalog(path).require_model("MyModel-8B")
    assert (model.id, model.layers, model.kv_heads) == ("my-model-8b", 32, 8)
    run = cli("catalog", "models", "--catalog", str(path), "--format", "json")
    assert run.code == 0, run.stderr
    assert "my-model-8b" in run.stdout
