"""docs/extractor.md is tested like code: its facts table is the live weights table, and its
figures are those the real corpus gives today.

Run with ``CLAIMCHECK_UPDATE_README=1`` to rewrite the blocks, then review the diff.
"""

from __future__ import annotations

from pathlib import Path

from claimcheck.extract.scoring import MEANINGS, THRESHOLD, WEIGHTS
from tests.extract.real_scoring import SPLITS, document_negatives, evaluate, load, page_recall
from tests.test_docs import check_block

DOC = Path(__file__).resolve().parent.parent / "docs" / "extractor.md"


def _facts() -> str:
    rows = ["| fact | weight | meaning |", "|---|---|---|"]
    rows += [f"| `{name}` | {weight:+g} | {MEANINGS[name]} |" for name, weight in WEIGHTS.items()]
    return "\n".join(rows) + "\n"


def _figures() -> str:
    rows = [
        "| split | sentences | claims | right speedup | right speedup, passed with --text | right speedup, sentence names a KV mechanism | context (where stated) | metric | look-alikes kept out | look-alikes read in documents |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for split in SPLITS:
        entries = load(split)
        figures = evaluate(entries)
        forced = evaluate([e for e in entries if e["claim"]], explicit=True)
        rates = [
            figures._rate("speedup"),
            forced._rate("speedup"),
            figures.named_rate(),
            figures._rate("context"),
            figures._rate("metric"),
            figures._rate("negative"),
        ]
        cells = [f"{good}/{total} ({good / max(total, 1):.0%})" for good, total in rates]
        read, negatives = document_negatives(split)
        cells.append(f"{read}/{negatives} ({read / max(negatives, 1):.0%})")
        rows.append(
            f"| {split} | {len(entries)} | {sum(e['claim'] for e in entries)} | "
            + " | ".join(cells)
            + " |"
        )
    found, total, _ = page_recall()
    return (
        "\n".join(rows)
        + f"\n\nDocument mode on the page excerpts: {found} of {total} headline figures found.\n"
    )


def test_the_facts_table_is_the_weights_table() -> None:
    check_block("facts", _facts, DOC)
    assert f"at or above **{THRESHOLD:g}**" in DOC.read_text(encoding="utf-8")


def test_the_figures_are_todays() -> None:
    check_block("figures", _figures, DOC)
