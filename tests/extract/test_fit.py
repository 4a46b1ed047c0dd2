"""The logistic fit of the evidence weights: reproducible, and sound on data with a known answer."""

from __future__ import annotations

import json
import math

from tests.extract.fit import REPORT, Sample, fit, predict, run, source_group


def test_the_stored_report_is_todays_fit() -> None:
    stored = json.loads(REPORT.read_text(encoding="utf-8"))
    assert run()["weights"] == stored["weights"], "re-run python -m tests.extract.fit"


def test_a_separating_feature_gets_the_sign_of_its_evidence() -> None:
    data = [Sample(frozenset({"good"}), True, "a") for _ in range(30)]
    data += [Sample(frozenset({"bad"}), False, "b") for _ in range(30)]
    data += [Sample(frozenset(), i % 2 == 0, "c") for i in range(40)]
    weights = fit(data, 1.0, ["bad", "good"])
    assert weights["good"] > 1 > -1 > weights["bad"]
    # half the featureless samples are positive: the bias sits near log-odds 0
    assert math.isclose(predict(weights, []), 0.5, abs_tol=0.05)


def test_sources_are_grouped_by_site_or_repository() -> None:
    assert source_group("https://github.com/vllm-project/vllm/blob/main/README.md") == (
        "github.com/vllm-project/vllm"
    )
    assert source_group("https://www.weka.io/blog/x") == "weka.io"
