from __future__ import annotations

from claimcheck.extract import extract_claims
from claimcheck.settings import Thresholds
from tests.rules.helpers import findings


def test_a_factor_above_ten_thousand_is_flagged() -> None:
    found = findings(speedup=100_000, metric="ttft")
    assert "KV209" in found
    assert "100,000x" in found["KV209"].message
    assert found["KV209"].severity.value == "warning"


def test_ordinary_and_boundary_factors_are_not() -> None:
    assert "KV209" not in findings(speedup=27, metric="ttft")
    assert "KV209" not in findings(speedup=10_000, metric="ttft")
    assert "KV209" not in findings(metric="ttft", baseline_seconds=57, cached_seconds=2.1)


def test_the_bound_is_configurable() -> None:
    assert "KV209" in findings(speedup=1_500, thresholds=Thresholds(implausible_factor=1_000))


def test_the_extractor_reads_an_implausible_factor_instead_of_dropping_it() -> None:
    (claim,) = extract_claims("KV cache offload makes TTFT 100,000x faster.")
    assert claim.values["speedup"] == 100_000
    assert extract_claims("KV cache offload makes TTFT 0.5x faster.") == []
