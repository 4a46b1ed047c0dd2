"""The pattern table: every row's examples match and its counter-examples do not; every
fact the evidence can name has a weight and a meaning."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from claimcheck.extract.lexicon import (
    ROWS,
    TOPICS,
    Gate,
    finditer,
    lowered_pattern,
    pattern,
    pattern_names,
    search,
)
from claimcheck.extract.scoring import MEANINGS, VETOES, WEIGHTS

EXAMPLES = [(row.name, text) for row in ROWS for text in row.examples]
COUNTERS = [(row.name, text) for row in ROWS for text in row.counter]


@pytest.mark.parametrize(("name", "text"), EXAMPLES, ids=[f"{n}:{t}" for n, t in EXAMPLES])
def test_example_matches(name: str, text: str) -> None:
    assert pattern(name).search(text) is not None


@pytest.mark.parametrize(("name", "text"), COUNTERS, ids=[f"{n}:{t}" for n, t in COUNTERS])
def test_counter_example_does_not_match(name: str, text: str) -> None:
    assert pattern(name).search(text) is None


def test_row_names_are_unique_and_forms_have_examples() -> None:
    names = [row.name for row in ROWS]
    assert len(names) == len(set(names))
    forms = [row for row in ROWS if row.kind == "form"]
    assert len(forms) >= 12
    assert all(row.examples and row.counter for row in forms)


def test_every_topic_has_a_row() -> None:
    assert {f"topic_{t}" for t in TOPICS} <= {row.name for row in ROWS}


def test_every_weighed_fact_is_explained_and_every_form_is_priced() -> None:
    assert set(WEIGHTS) | VETOES | {"explicit"} == set(MEANINGS)
    assert not set(WEIGHTS) & VETOES
    # "from 22 s to 2" and "TTFT −40%" are read as a time pair and a percentage
    forms = {row.name for row in ROWS if row.kind == "form"} - {"time_pair_from", "minus_percent"}
    assert {f"form-{name}" for name in forms} <= set(WEIGHTS)


def test_hyphen_variants_read_alike() -> None:
    # Typeset pages write "time‑to‑first‑token" with non-breaking hyphens (U+2011).
    assert pattern("metric_ttft").search("time\u2011to\u2011first\u2011token") is not None


def test_the_page_prefilter_patterns_read_lowered_text() -> None:
    # page_may_hold_claims lower-cases a page once and matches case-sensitively: a capital
    # letter in one of these patterns would silently never match.
    import re

    from claimcheck.extract.lexicon import source
    from claimcheck.extract.prefilter import _CANDIDATE, _CUES

    for text in (_CANDIDATE, *(source(name) for name in _CUES)):
        assert not re.findall(r"(?<!\\)[A-Z]", text)


def test_a_lowered_pattern_finds_what_the_pattern_finds() -> None:
    corpus = Path(__file__).with_name("real_dev.yaml").read_text(encoding="utf-8")
    text = "\n".join(entry["text"] for entry in yaml.safe_load(corpus))
    low = text.lower()
    assert len(low) == len(text)
    for name in pattern_names():
        compiled = lowered_pattern(name)
        if compiled is None:
            continue
        assert [m.span() for m in compiled.finditer(low)] == [
            m.span() for m in pattern(name).finditer(text)
        ], name
    assert lowered_pattern("words") is None  # it spells a capital of its own


def test_search_finds_on_the_lower_case_text_what_the_pattern_finds() -> None:
    text = "Tiered to NVMe SSDs and CPU DRAM, 4x faster TTFT."
    for name in ("tier_nvme", "tier_dram", "metric_ttft"):
        found, expected = search(name, text, 0, len(text)), pattern(name).search(text)
        assert found is not None and expected is not None
        assert found.span() == expected.span()
    assert search("tier_nvme", text, 0, 9) is None  # within the bounds given
    spans = [m.span() for m in finditer("tier_any", text, 0, len(text))]
    assert spans == [m.span() for m in pattern("tier_any").finditer(text)]
    assert len(spans) == 3  # "NVMe", "SSDs", "CPU DRAM"


def test_a_gate_is_case_blind_whatever_the_text_lowers_to() -> None:
    gate = Gate(r"h100|power")
    assert gate.found("8x H100 GPUs", 0, 12)
    assert gate.found("8x H100 GPUs", 3, 12)  # "H100" starts at 3
    assert not gate.found("8x H100 GPUs", 4, 12)
    # "İ" is two characters in lower case: the offsets would move, the case-blind test runs.
    assert gate.found("İ POWER cap", 0, 11)
    assert not gate.found("İ POWER cap", 3, 11)
    assert gate.names("Power")
