"""Clauses: hard boundaries always split; soft ones only between two figures."""

from __future__ import annotations

from claimcheck.extract.candidates import candidates
from claimcheck.extract.clauses import clause_spans


def clauses(text: str) -> list[str]:
    figures = [c.span for c in candidates(text, 0, len(text))]
    return [text[s.start : s.end] for s in clause_spans(text, 0, len(text), figures)]


def test_and_between_two_figures_splits() -> None:
    assert clauses("14x on H100 and 28x on GH200") == ["14x on H100", "28x on GH200"]


def test_and_with_a_figure_on_one_side_does_not() -> None:
    assert clauses("3x faster TTFT and throughput") == ["3x faster TTFT and throughput"]


def test_semicolons_and_dashes_always_split() -> None:
    text = "Recompute takes 57 s; loading takes 2.1 s — 27x faster"
    assert clauses(text) == ["Recompute takes 57 s", "loading takes 2.1 s", "27x faster"]


def test_a_boundary_inside_a_figure_is_not_one() -> None:
    assert clauses("between 3 and 10 times faster") == ["between 3 and 10 times faster"]


def test_a_spaced_slash_between_two_figures_splits() -> None:
    # subconscious-systems/TIMRUN.cpp-Example BENCHMARK.md: "2.7× TTFT / 1.9× total"
    assert clauses("2.7× TTFT / 1.9× total") == ["2.7× TTFT", "1.9× total"]


def test_a_slash_between_two_metric_names_does_not() -> None:
    assert clauses("TTFT / ITL improved 2x") == ["TTFT / ITL improved 2x"]


def test_a_list_sharing_one_sign_is_one_clause() -> None:
    assert clauses("improved 1.30, 1.18 and 1.08x") == ["improved 1.30, 1.18 and 1.08x"]


def test_and_between_two_signed_figures_with_short_words_still_splits() -> None:
    # M0-AR/kv-prefix-cache-working-set-study README: "4.0x at r=0.75 and 10.0x at r=0.90"
    assert clauses("4.0x at r=0.75 and 10.0x at r=0.90") == ["4.0x at r=0.75", "10.0x at r=0.90"]
