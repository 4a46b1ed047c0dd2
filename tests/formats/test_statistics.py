"""``--statistics``: counts per rule."""

from __future__ import annotations

import json

from claimcheck.formats.statistics import render
from claimcheck.severity import Severity
from tests.formats.sample import claim, finding, report


def test_counts_per_rule_most_first_suppressed_left_out() -> None:
    findings = [
        finding("KV103", Severity.WARNING, 1, 1),
        finding("KV202", Severity.ERROR, 2, 1),
        finding("KV103", Severity.WARNING, 3, 1),
        finding("KV101", Severity.WARNING, 4, 1, suppressed=True),
        finding("KV201", Severity.INFO, 5, 1),
    ]
    sample = report([claim("a", findings)])
    assert render(sample).splitlines() == [
        "2  KV103  [warning]  name-kv103",
        "1  KV201  [info]     name-kv201",
        "1  KV202  [error]    name-kv202",
        "1 claim in 1 file: 1 error, 2 warnings, 1 info",
    ]
    assert json.loads(render(sample, as_json=True))[0] == {
        "code": "KV103",
        "name": "name-kv103",
        "severity": "warning",
        "count": 2,
    }


def test_no_findings_gives_the_summary_alone() -> None:
    assert render(report([claim("a", [])])).splitlines() == [
        "1 claim in 1 file: 0 errors, 0 warnings, 0 info"
    ]
    assert json.loads(render(report([]), as_json=True)) == []
