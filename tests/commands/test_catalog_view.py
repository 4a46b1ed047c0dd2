"""The catalog listing: tables with units and short sources; JSON with full sources and KV sizes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from claimcheck.commands.catalog_view import (
    KINDS,
    Kind,
    listing,
    render_json,
    render_text,
    short_source,
)
from claimcheck.formats import RenderOptions
from tests.setups import CATALOG


def _by_name(kind: Kind) -> dict[str, dict[str, Any]]:
    documents = json.loads(render_json(listing(CATALOG, kind)))
    return {document["name"]: document for document in documents}


@pytest.mark.parametrize(
    ("model", "bytes_per_token"),
    [
        # docs/model.md §1, "All layers (B/token)", written out by hand:
        ("llama-3.1-70b", 80 * 2 * 8 * 128 * 2),  # 327,680
        ("deepseek-v3", 61 * (512 + 64) * 2),  # 70,272: MLA latent, not 2·heads·dim
        ("gemma-3-27b", 62 * 2 * 16 * 128 * 2),  # 507,904: windowed layers at full length
    ],
)
def test_model_json_has_kv_bytes_per_token(model: str, bytes_per_token: int) -> None:
    assert _by_name("models")[model]["kv_bytes_per_token"] == bytes_per_token


def test_every_entry_has_name_aliases_and_full_source() -> None:
    for kind in KINDS:
        documents = json.loads(render_json(listing(CATALOG, kind)))
        assert len(documents) == len(getattr(CATALOG, kind))
        for document in documents:
            assert {"name", "display_name", "aliases", "source"} <= set(document)
            assert isinstance(document["aliases"], list)
    h100 = _by_name("gpus")["h100-sxm"]
    assert (h100["bf16_tflops"], h100["fp8_tflops"]) == (
        989,
        1979,
    )  # docs/model.md §7, vendor datasheets
    assert h100["source"].startswith("https://www.nvidia.com/en-us/data-center/h100/")
    nvme = _by_name("tiers")["nvme-gen4"]
    assert (nvme["bandwidth_gb_s"], nvme["latency_ms"], nvme["per_gpu"]) == (6.5, 1.0, True)


@pytest.mark.parametrize(
    ("kind", "headers"),
    [
        ("models", ["layers", "attention", "(tokens)", "(BF16)", "source"]),
        ("gpus", ["(TFLOPS)", "(GB)", "(TB/s)", "(GB/s)", "(W)", "source"]),
        ("tiers", ["kind", "(GB/s)", "shared", "(ms)", "assumption", "source"]),
    ],
)
def test_text_tables_have_units_in_headers_and_every_id(kind: Kind, headers: list[str]) -> None:
    text = render_text(listing(CATALOG, kind), RenderOptions(width=100))
    for header in headers:
        assert header in text
    for entry in getattr(CATALOG, kind):
        assert entry.id in text
    assert "https://" not in text  # sources in short
    assert max(len(line) for line in text.splitlines()) <= 100


def test_model_row_shows_its_figures() -> None:
    text = render_text(listing(CATALOG, "models"), RenderOptions(width=100))
    row = next(line for line in text.splitlines() if line.startswith("deepseek-v3 "))
    assert "61" in row and "512+64" in row and "MLA" in row and "671/37" in row
    assert "163,840" in row and "70,272" in row


def test_short_sources() -> None:
    model = CATALOG.require_model("llama-3.1-70b")
    assert short_source(model.source) == "HF config"
    assert short_source(CATALOG.require_gpu("mi300x").source) == "amd.com"
    assert short_source(CATALOG.require_tier("rdma-400").source) == "github.com, assumed"
    assert short_source(CATALOG.require_tier("nvme-gen4").source) == "assumed"
    assert short_source("our own gdsio run") == "our own gdsio run"
    assert short_source("x" * 100).endswith("…")
