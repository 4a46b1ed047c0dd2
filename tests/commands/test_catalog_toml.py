"""``catalog --format toml`` prints tables that ``--catalog`` reads back unchanged."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from claimcheck.catalog import TierSpec, load_catalog
from claimcheck.catalog.load import builtin_catalog
from claimcheck.commands.catalog_view import Listing, render_toml
from tests.conftest import Invoke

KINDS = ("models", "gpus", "tiers")


@pytest.mark.parametrize("kind", KINDS)
def test_toml_round_trips_through_catalog(cli: Invoke, tmp_path: Path, kind: str) -> None:
    run = cli("catalog", kind, "--format", "toml")
    assert run.code == 0, run.stderr
    assert list(tomllib.loads(run.stdout)) == [kind]
    path = tmp_path / f"{kind}.toml"
    path.write_text(run.stdout, encoding="utf-8")
    assert getattr(load_catalog(path), kind) == getattr(builtin_catalog(), kind)
    again = cli("catalog", kind, "--format", "json", "--catalog", str(path))
    assert again.stdout == cli("catalog", kind, "--format", "json").stdout


def test_awkward_text_round_trips(tmp_path: Path) -> None:
    entry = TierSpec(
        id="odd-tier",
        name='A "quoted" tier\\ with\ttabs,\nlines and \x7f',
        aliases=("ünïcode", "a = b"),
        source="https://example.com/x?y=1#z",
        kind="nvme",
        bandwidth_gb_s=12.5,
        per_gpu=True,
        latency_ms=0.05,
    )
    path = tmp_path / "odd.toml"
    path.write_text(render_toml(Listing("tiers", (entry,))), encoding="utf-8")
    assert load_catalog(path).tiers[-1] == entry


def test_the_catalog_runs_with_an_edited_entry(cli: Invoke, tmp_path: Path) -> None:
    text = cli("catalog", "tiers", "--format", "toml").stdout
    edited = text.replace('id = "nvme-gen5"', 'id = "my-nvme"', 1)
    assert edited != text
    path = tmp_path / "mine.toml"
    path.write_text(edited, encoding="utf-8")
    run = cli("catalog", "tiers", "--format", "json", "--catalog", str(path))
    assert "my-nvme" in {entry["name"] for entry in run.json()}
