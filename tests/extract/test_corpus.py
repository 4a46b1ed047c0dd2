"""The extractor against the labelled corpus: field-level precision and recall of at least 0.95."""

from __future__ import annotations

from tests.extract.scoring import load_corpus, score


def test_corpus_is_large_and_covers_both_kinds() -> None:
    entries = load_corpus()
    assert len(entries) >= 100
    assert sum(e["claim"] for e in entries) >= 60
    assert sum(not e["claim"] for e in entries) >= 40


def test_field_precision_and_recall() -> None:
    result = score(load_corpus())
    report = "\n".join(result.misses)
    assert result.precision >= 0.95, f"precision {result.precision:.3f}\n{report}"
    assert result.recall >= 0.95, f"recall {result.recall:.3f}\n{report}"
