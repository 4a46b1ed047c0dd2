"""What a Markdown table's header says about its rows."""

from __future__ import annotations

import pytest

from claimcheck.documents.markdown import scan_markdown
from claimcheck.documents.tables import column_unit, timed_columns
from claimcheck.extract.prefilter import paragraph_may_hold_candidate


@pytest.mark.parametrize(
    "header",
    [
        "| KV TTFT (s) | Dir TTFT (s) |",  # https://github.com/MemTensor/MemOS (kv_cache_memory.md)
        "| mem tks | TTFT (without cache, ms) | TTFT (With cache, ms) |",
        "| Setup | Latency (SECONDS)",
        "Load time (sec) | Recompute (ms)",
    ],
)
def test_a_header_cell_that_ends_in_a_time_unit_times_its_column(header: str) -> None:
    assert timed_columns("", header)
    assert timed_columns(f"{header}\n| --- | --- |\n| a | 1.5 |", "")


@pytest.mark.parametrize(
    "header",
    [
        "| Speedup (%) | Size (GB) |",
        "| TTFT (s) is shown below",  # a unit in prose, not a cell's end
        "| Cost ($) | Tokens (K) |",
        "",
    ],
)
def test_other_units_or_a_unit_inside_prose_time_no_column(header: str) -> None:
    assert not timed_columns("", header)


def test_rows_of_bare_times_under_a_timed_header_are_read_not_passed_over() -> None:
    page = (
        "| Model | KV TTFT (s) | Dir TTFT (s) |\n| --- | --- | --- |\n"
        "| Qwen3-8B | 0.50 | 2.37 |\n\n"
        "| Model | Params | Layers |\n| --- | --- | --- |\n| Qwen3-8B | 8 | 36 |\n"
    )
    units = scan_markdown(page, paragraph_may_hold_candidate).units
    rows = [unit.text for unit in units if unit.kind == "table_row"]
    # the timed table's row keeps its text; the other table's row is left unread (empty)
    assert "Qwen3-8B | 0.50 | 2.37" in rows
    assert "Qwen3-8B | 8 | 36" not in rows


@pytest.mark.parametrize(
    ("cell", "unit"),
    [
        ("TTFT (without cache, ms)", "ms"),  # https://github.com/MemTensor/MemOS
        (" KV TTFT (s) ", "s"),
        ("Latency (SECONDS)", "seconds"),
        ("Speedup (%)", None),
        ("TTFT (s) measured", None),  # the unit does not end the cell
        ("TTFT", None),
    ],
)
def test_the_unit_a_header_cell_ends_in(cell: str, unit: str | None) -> None:
    assert column_unit(cell) == unit
