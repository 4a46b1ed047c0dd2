"""The JSON report keeps its contract (README "Output and exit codes"): keys present, types right, stable
output."""

from __future__ import annotations

import json

import pytest

from claimcheck.formats import OutputFormat, render
from claimcheck.severity import Severity
from tests.formats.sample import claim, finding, report


def test_contract_keys() -> None:
    doc = json.loads(
        render(report([claim("a", [finding("KV101", Severity.WARNING, 3, 5)])]), OutputFormat.JSON)
    )
    assert doc["schema_version"] == 1
    assert doc["tool"]["name"] == "claimcheck"
    entry = doc["claims"][0]
    assert {"id", "source", "text", "claim", "analysis", "findings"} <= set(entry)
    assert set(entry["source"]) == {"path", "line", "column"}
    assert {
        "naive_breakeven_tokens",
        "physical_breakeven_tokens",
        "implied_mfu",
        "implied_load_gb_s",
        "end_to_end_speedup",
        "assumptions",
    } <= set(entry["analysis"])
    assert {"code", "name", "severity", "message", "path", "line", "column", "suppressed"} <= set(
        entry["findings"][0]
    )
    assert set(doc["summary"]["findings"]) == {"error", "warning", "info"}
    assert doc["errors"] == []


def test_streamed_rendering_equals_the_model_dump() -> None:
    # The JSON formatter writes in chunks; Pydantic's own dump of the same report is the reference.
    sample = report([claim("a", [finding("KV101", Severity.WARNING, 3, 5)])])
    assert json.loads(render(sample, OutputFormat.JSON)) == json.loads(sample.model_dump_json())


@pytest.mark.parametrize("count", [0, 1, 2, 256, 257, 600])
def test_claims_dumped_in_groups_read_as_the_whole_dump(count: int) -> None:
    # Claims are dumped several at a time; the text is byte for byte pydantic's dump of the
    # whole report, across the groups' boundaries.
    claims = [claim(f"c{i}", [finding("KV101", Severity.WARNING, i + 1, 5)]) for i in range(count)]
    sample = report(claims)
    assert render(sample, OutputFormat.JSON) == sample.model_dump_json(indent=2) + "\n"
