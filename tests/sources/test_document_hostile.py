"""Pages of bracket runs and of thousands of short claim lines: read whole, each claim once,
at its own line."""

from __future__ import annotations

import pytest

from claimcheck.record import ClaimRecord
from claimcheck.sources.document import read_document


def placed(records: list[ClaimRecord]) -> list[tuple[float | None, int]]:
    """Each record's speedup and line."""
    out = []
    for record in records:
        assert record.position is not None
        out.append((record.claim.speedup, record.position.line))
    return out


HEAD = "# KV cache offload\n\nKV cache offload gives 27x faster TTFT.\n\n"
BRACKETS = {
    "[ run": "[" * 40_000,
    "![ run": "![" * 20_000,
    "[a]( run": "[a](" * 10_000,
    "nested": "[" * 20_000 + "]" * 20_000,
}


@pytest.mark.parametrize("name", list(BRACKETS))
def test_bracket_runs_yield_no_claim_of_their_own(name: str) -> None:
    read = read_document(HEAD + BRACKETS[name], "markdown", "page.md")
    assert placed(read.records) == [(27.0, 3)]


def test_a_figure_inside_nested_brackets_is_read_once() -> None:
    source = HEAD + "[" * 10_000 + "3x faster TTFT" + "]" * 10_000
    read = read_document(source, "markdown", "page.md")
    assert placed(read.records) == [(27.0, 3), (3.0, 5)]
    assert read.records[1].fields["speedup"].column == 10_001


@pytest.mark.parametrize(("kind", "display"), [("markdown", "page.md"), ("text", "page.txt")])
def test_thousands_of_one_line_paragraphs_are_each_a_claim(kind: str, display: str) -> None:
    count = 1_000
    read = read_document("KV cache 27x faster TTFT.\n\n" * count, kind, display)  # type: ignore[arg-type]
    assert placed(read.records) == [(27.0, 1 + 2 * index) for index in range(count)]


def test_thousands_of_short_claim_lines_in_one_paragraph_are_read() -> None:
    lines = 5_000
    source = HEAD + "27x faster TTFT\n" * lines
    read = read_document(source, "markdown", "page.md")
    assert read.records
    assert all(r.claim.speedup == 27.0 for r in read.records)
    assert all(1 <= line <= lines + 4 for _, line in placed(read.records))
