"""The JSON report keeps its contract (README "Output and exit codes"): keys present, types right, stable
output."""

from __future__ import annotations

import json

import msgspec
import pytest
from msgspec.structs import replace

from claimcheck.formats import OutputFormat, render
from claimcheck.formats.json_format import ClaimEntries
from claimcheck.report import with_findings
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


def _whole(value: object) -> str:
    """msgspec's own dump of a whole value, indented as the report is."""
    return msgspec.json.format(msgspec.json.encode(value), indent=2).decode() + "\n"


@pytest.mark.parametrize("count", [0, 1, 2, 256, 257, 600])
def test_claims_written_in_groups_read_as_the_whole_dump(count: int) -> None:
    # Claims are written several at a time; the text is byte for byte the serialiser's dump
    # of the whole report, across the groups' boundaries, held or encoded as they come.
    claims = [claim(f"c{i}", [finding("KV101", Severity.WARNING, i + 1, 5)]) for i in range(count)]
    sample = report(claims)
    assert render(sample, OutputFormat.JSON) == _whole(sample)
    store = ClaimEntries()
    store.records.BLOCK_BYTES = 4096  # some in the temporary file
    for one in reversed(claims):
        store.add(one)
    added = {0: [finding("KV303", Severity.INFO, 1, 1)]} if count else {}
    encoded = replace(sample, claims=store.finish(range(count - 1, -1, -1), added))
    expected = [with_findings(c, added[0]) if i == count - 1 and added else c
                for i, c in enumerate(claims)]  # fmt: skip
    assert render(encoded, OutputFormat.JSON) == _whole(replace(sample, claims=expected))
    assert list(encoded.claims) == expected
