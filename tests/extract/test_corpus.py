"""The extractor against labelled corpora: field-level precision and recall.

``corpus.yaml`` covers every form the extractor reads and every kind of look-alike (at least
0.95 required). ``holdout.yaml`` is a second, harder set written separately in the style of
real pages (bullets, tables flattened to text, footnotes, tweets); it guards against fitting
the first one (at least 0.90 required).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.extract.scoring import load_corpus, score

HOLDOUT = Path(__file__).with_name("holdout.yaml")


def test_corpus_is_large_and_covers_both_kinds() -> None:
    entries = load_corpus()
    assert len(entries) >= 100
    assert sum(e["claim"] for e in entries) >= 60
    assert sum(not e["claim"] for e in entries) >= 40


@pytest.mark.parametrize(
    ("entries", "floor"),
    [(load_corpus(), 0.95), (yaml.safe_load(HOLDOUT.read_text(encoding="utf-8")), 0.90)],
    ids=["corpus", "holdout"],
)
def test_field_precision_and_recall(entries: list[dict[str, object]], floor: float) -> None:
    result = score(entries)
    report = "\n".join(result.misses)
    assert result.precision >= floor, f"precision {result.precision:.3f}\n{report}"
    assert result.recall >= floor, f"recall {result.recall:.3f}\n{report}"
