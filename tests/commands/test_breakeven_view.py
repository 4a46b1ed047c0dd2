"""The calculator's text and JSON: sentences, marked rows, a log-log chart that fits 80 columns."""

from __future__ import annotations

import json
import math
from itertools import pairwise

import pytest

from claimcheck.commands.breakeven_view import ChartLine, chart, render_json, render_text
from claimcheck.formats import RenderOptions
from claimcheck.physics import Setup
from claimcheck.physics.sweep import Sweep, sweep
from tests.setups import CATALOG


@pytest.fixture(scope="module")
def anchor() -> Sweep:
    """docs/model.md §4: Llama-3.1-70B, 8 × H100, 52 GB/s aggregate, 1 ms: N* ≈ 35."""
    setup = Setup(
        model=CATALOG.require_model("llama-3.1-70b"),
        gpu=CATALOG.require_gpu("h100-sxm"),
        gpu_count=8,
        bandwidth_gb_s=52.0,
        latency_s=0.001,
    )
    return sweep(setup)


def _plain(lines: list[ChartLine]) -> list[str]:
    return ["".join(text for text, _ in line) for line in lines]


def test_text_states_setup_breakeven_knee_and_assumptions(anchor: Sweep) -> None:
    text = render_text(anchor, RenderOptions(width=100))
    assert text.startswith("Llama 3.1 70B on 8 × NVIDIA H100 SXM5 80GB")
    assert "Loading beats recomputing from ≈ 36 tokens." in text
    assert "effective breakeven is at least ≈ 152 tokens" in " ".join(text.split())
    assert "B* ≈ 9.47 GB/s aggregate (1.18 GB/s per GPU)" in " ".join(text.split())
    assert "Assumptions" in text and "K = 1,000 tokens" in text
    assert "\x1b[" not in text


def test_rows_below_one_are_marked(anchor: Sweep) -> None:
    lines = render_text(anchor, RenderOptions(width=100)).splitlines()

    def row(prefix: str) -> str:
        return next(line for line in lines if line.split() and line.split()[0] == prefix)

    # 16 tokens: 0.55 ms recompute vs 1 ms + 16 × 327,680 B / 52 GB/s = 1.10 ms load: 0.50×
    assert "0.50×" in row("16") and "recompute wins" in row("16")
    assert "recompute wins" in row("32")
    assert "recompute wins" not in row("36") and "breakeven" in row("36")
    assert "recompute wins" not in row("1,024")
    assert "window" in row("131,072")


def test_chart_fits_80_columns_with_log_axes(anchor: Sweep) -> None:
    lines = _plain(chart(anchor, 80))
    assert max(len(line) for line in lines) <= 80
    ticks = next(line for line in lines if line.split()[:2] == ["10", "100"])
    assert ticks.split() == ["10", "100", "1K", "10K", "100K", "1M"]
    positions = [ticks.index(f" {label}") + 1 for label in ("10", "100", "1K", "10K", "100K")]
    gaps = [b - a for a, b in pairwise(positions)]
    assert max(gaps) - min(gaps) <= 2  # equal decades: a log scale
    assert any(line.strip().startswith("1×") and "╌" in line for line in lines)
    assert any(line.strip().startswith("0.1×") for line in lines)
    assert "prefix length (tokens, log scale)" in "\n".join(lines)
    assert "speedup (recompute ÷ load, log scale)" in lines[0]


def test_breakeven_marker_sits_at_36_tokens_between_10_and_100(anchor: Sweep) -> None:
    lines = _plain(chart(anchor, 80))
    axis = next(line for line in lines if "└" in line)
    ten, hundred = _ticks(axis)
    marker = next(line for line in lines if "┊" in line).index("┊")
    expected = ten + (math.log10(36) - 1) * (hundred - ten)
    assert abs(marker - expected) <= 1
    assert "breakeven ≈ 36 tokens" in lines[-1]


def _ticks(axis: str) -> tuple[int, int]:
    ticks = [i for i, ch in enumerate(axis) if ch == "┬"]
    return ticks[0], ticks[1]


def test_curve_is_below_one_only_left_of_the_breakeven(anchor: Sweep) -> None:
    lines = _plain(chart(anchor, 80))
    unity = next(i for i, line in enumerate(lines) if line.strip().startswith("1×"))
    axis_row = next(i for i, line in enumerate(lines) if "└" in line)
    marker = next(line for line in lines if "┊" in line).index("┊")
    below = lines[unity + 1 : axis_row]
    assert any("•" in line[:marker] for line in below)
    assert not any("•" in line[marker:] for line in below)
    above = lines[1:unity]
    assert any("•" in line[marker:] for line in above)  # 12× at the window: up two rows


def test_chart_narrows_to_the_width_given(anchor: Sweep) -> None:
    assert max(len(line) for line in _plain(chart(anchor, 60))) <= 60
    text = render_text(anchor, RenderOptions(width=200))
    chart_lines = text[text.index("speedup (recompute") : text.index("Assumptions")]
    assert max(len(line) for line in chart_lines.splitlines()) <= 80


def test_colour_only_when_asked(anchor: Sweep) -> None:
    assert "\x1b[" in render_text(anchor, RenderOptions(width=100, color=True))


def test_names_from_a_user_catalog_are_printed_literally(anchor: Sweep) -> None:
    setup = anchor.setup.model_copy(update={"description": "[bold red]evil[/]"})
    text = render_text(anchor.model_copy(update={"setup": setup}), RenderOptions(width=100))
    assert "[bold red]evil[/]" in text


def test_json_has_the_contract_keys_first_and_is_deterministic(anchor: Sweep) -> None:
    text = render_json(anchor)
    document = json.loads(text)
    assert next(iter(document)) == "breakeven_tokens"
    assert {
        "breakeven_tokens",
        "breakeven_bandwidth_gb_s",
        "setup",
        "rows",
        "knee_tokens",
        "end_to_end_speedup",
        "output_tokens",
        "assumptions",
    } <= set(document)
    assert document["breakeven_tokens"] == 36
    assert set(document["rows"][0]) == {
        "prefix_tokens",
        "recompute_seconds",
        "load_seconds",
        "speedup",
    }
    assert text == render_json(anchor)
    assert "\x1b[" not in text
