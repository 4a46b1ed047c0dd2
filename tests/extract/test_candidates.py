"""Candidates: every number form yields a candidate with its span and value, no veto."""

from __future__ import annotations

import pytest

from claimcheck.extract.candidates import Candidate, candidates, header_cell, header_cells
from claimcheck.extract.glossary import english


def found(text: str) -> list[Candidate]:
    return candidates(text, 0, len(text))


def only(text: str, form: str) -> Candidate:
    (hit,) = [c for c in found(text) if c.form == form]
    return hit


@pytest.mark.parametrize(
    ("text", "form", "value"),
    [
        ("27x faster", "multiplier", 27),
        ("throughput ×2", "sign_multiplier", 2),
        ("twenty-seven times faster", "word_multiplier", 27),
        ("a tenfold gain", "fold_word", 10),
        ("by a factor of 5", "factor_of", 5),
        ("by a factor of up to 20", "factor_of", 20),
        ("by a factor of ~3", "factor_of", 3),
        ("an order of magnitude faster", "magnitude", 10),
        ("two orders of magnitude faster", "magnitude", 100),
        ("in 1/40th of the time", "fraction", 40),
        ("a third of the time", "fraction", 3),
        ("cuts TTFT in half", "doubling", 2),
        ("triples throughput", "doubling", 3),
        ("up to 1.83 speedup", "bare_speedup", 1.83),
    ],
)
def test_number_forms(text: str, form: str, value: float) -> None:
    assert only(text, form).value == value


def test_a_range_keeps_both_ends() -> None:
    hit = only("3-10x faster", "range")
    assert (hit.low, hit.value) == (3, 10)


def test_an_arrow_is_a_change_and_the_later_figure_counts() -> None:
    hit = only("TTFT speedup: 9x -> 17x", "arrow")
    assert (hit.value, hit.reading) == (17, "change")


@pytest.mark.parametrize(
    ("text", "value", "reading"),
    [
        # 1 ÷ (1 − 0.85) = 6.666…, rounded to 6.67
        ("reduce latency by up to 85%", 6.67, "percent-reduction"),
        ("cuts TTFT by 90%", 10.0, "percent-reduction"),
        # 1 + 0.80
        ("80% faster time to first token", 1.8, "percent-faster"),
        ("a 50% speedup", 1.5, "percent-faster"),
        # a rate that rises by p is 1 + p
        ("handle 75% more requests", 1.75, "percent-increase"),
        ("TPS improved 372%", 4.72, "percent-increase"),
    ],
)
def test_percentages_are_read_by_their_wording(text: str, value: float, reading: str) -> None:
    hit = only(text, "percent")
    assert (hit.value, hit.reading) == (value, reading)


def test_an_improvement_percentage_of_a_time_is_ambiguous() -> None:
    hit = only("TTFT improved by 85%", "percent")
    assert (hit.value, hit.reading) == (None, "ambiguous-percent")


def test_a_percentage_with_no_speed_wording_has_no_reading() -> None:
    assert only("85% on the dashboard", "percent").reading is None


def test_a_percentage_of_something_is_a_share_with_no_value() -> None:
    share = only("85% of requests", "percent")
    assert (share.reading, share.value) == ("percent-share", None)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Prompt caching saves 90% of the time to first token", 10.0),  # 1 / (1 - 0.9)
        ("Cache hits save up to 75% of prefill time", 4.0),  # 1 / (1 - 0.75)
        ("the prompt cache cuts 80% of the latency", 5.0),
    ],
)
def test_a_share_of_a_time_taken_away_is_a_reduction(text: str, value: float) -> None:
    hit = only(text, "percent")
    assert (hit.reading, hit.value) == ("percent-reduction", value)


@pytest.mark.parametrize(
    "text",
    [
        # https://www.tencentcloud.com/document/product/1145 (Tendis): a share of a capacity
        "compress data once stored on disk, which saves up to 90% of the disk capacity",
        "Prefix caching saves 90% of the compute",
        "85% of the time to first token is spent in prefill",
    ],
)
def test_a_share_of_anything_else_or_with_no_verb_taking_it_stays_a_share(text: str) -> None:
    assert only(text, "percent").reading == "percent-share"


def test_a_percentage_in_british_spelling_is_read() -> None:
    hit = only("The prompt cache cut TTFT by 70 per cent", "percent")
    assert (hit.reading, hit.value) == ("percent-reduction", round(1 / 0.3, 2))


@pytest.mark.parametrize(
    ("text", "before", "after"),
    [
        ("from 57 to 2.1 seconds", 57, 2.1),
        ("1797 → 983 ms", 1.797, 0.983),
        ("From 900 milliseconds to 120 milliseconds", 0.9, 0.12),
        ("How I Cut Local LLM TTFT From 22 Seconds to 2 on a Mac Studio", 22, 2),
        # minutes before the seconds are part of the first time, as a CI log writes it
        ("TTFT fell from 1m 30s to 12s", 90, 12),
        ("1h 2m 5s → 300s", 3725, 300),
    ],
)
def test_time_pairs_share_a_unit(text: str, before: float, after: float) -> None:
    hit = only(text, "time_pair")
    assert (hit.before, hit.after) == pytest.approx((before, after))
    assert hit.value == round(before / after, 2)


def test_a_rate_pair_rises() -> None:
    hit = only("from 2,742 tok/s to 6,423 tok/s", "rate_pair")
    assert hit.value == round(6423 / 2742, 2)


@pytest.mark.parametrize("text", ["8x H100", "the KV cache is 4x larger", "35x (was 22x)"])
def test_nothing_is_vetoed_here(text: str) -> None:
    assert found(text), "a look-alike is still a candidate; the evidence decides"


def test_candidates_per_sentence_are_bounded() -> None:
    assert len(found("KV 8x " * 10_000)) == 64


def test_each_item_of_a_list_takes_the_rate_its_head_names() -> None:
    # https://github.com/natoscott/benchmarks/tree/main/llm-d-kvcache-offload-eval
    text = (
        "**Qwen3-14B** shows throughput above the no-offload baseline for all offload types at "
        "gmu=0.9: fs-offload +212.7%, cpu+fs-offload-20k +189.1%, native-offload-20k +14.5%, "
        "lmcache-local +7.3%."
    )
    found = candidates(text, 0, len(text))
    assert [c.reading for c in found] == ["percent-increase"] * 4
    # 1 + 2.127, 1 + 1.891, 1 + 0.145, 1 + 0.073
    assert [c.value for c in found] == pytest.approx([3.127, 2.891, 1.145, 1.073], rel=0.01)
    # a list after a sentence that ended names no rate of its own
    ended = text.replace(
        "for all offload types at gmu=0.9: fs-offload", "for all. Types: fs-offload"
    )
    assert all(c.reading != "percent-increase" for c in candidates(ended, 0, len(ended))[2:])


def test_header_cells_walks_a_row_to_the_cells_header_cell_finds_one_by_one() -> None:
    header = "Turn | Without cache (s) | With cache (s) | Speedup"
    row = "2 | 1.6 | 0.2 | 8x | extra"
    starts = [i for i, c in enumerate(row) if c.isdigit() or c == "e"]
    walked = list(header_cells(row, 0, starts, header))
    assert walked == [header_cell(row, 0, at, header) for at in starts]
    assert walked[:3] == ["Turn ", " Without cache (s) ", " Without cache (s) "]
    assert walked[-1] is None  # a cell beyond the header's


# https://github.com/google-gemini/gemini-cli/issues/4237
GCA = (
    "[Caching real-data impact latency report](https://docs.google.com/document/d/1dKS) "
    "estimates that context caching can reduce the latency for chat and code generation in "
    "Gemini Code Assist (GCA) by up to 30%."
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (GCA, 1.43),  # "reduce … by up to 30%": 1 / (1 - 0.3)
        # the verb ends its sentence before the figure's: no reading
        (GCA.replace("can reduce the latency", "can reduce the bill. The latency"), None),
        # another figure stands between the verb and this one: no reading either
        (GCA.replace("for chat", "for 2 chats"), None),
    ],
)
def test_a_percentage_after_by_takes_the_verb_of_its_clause(text: str, value: float | None) -> None:
    assert only(text, "percent").value == value


def _percent_reading_under(row: str, header: str) -> list[tuple[str | None, float | None]]:
    return [
        (c.reading, c.value) for c in candidates(row, 0, len(row), header) if c.form == "percent"
    ]


def test_a_percentage_takes_its_own_columns_reading_before_the_headers() -> None:
    # https://github.com/wenyuchen96/transformer (README): "Time Saved" is a cut of the time,
    # though another column of the header says "Speedup": 88.4 % less time is 1/(1-0.884)
    header = "Sequence Length | Baseline | With KV Cache | Speedup | Time Saved"
    row = "1024 tokens | 52.4 tok/s | 452.2 tok/s | **8.6x** | 88.4%"
    [(reading, value)] = _percent_reading_under(row, header)
    assert reading == "percent-reduction"
    assert value is not None and abs(value - 1 / (1 - 0.884)) < 0.01


def test_a_plus_percentage_under_a_speed_column_is_a_speed_gain() -> None:
    # mistral.rs notes (github.com/starpit/spnl): "Memory Reduction" before the figure's own
    # "Speed Improvement" column made "+50%" no speed at all
    header = "Optimization | Status | Memory Reduction | Speed Improvement | Quality Impact"
    row = "Prefix Caching | Implemented | Minimal | +50% (cached prompts) | None"
    assert _percent_reading_under(row, header) == [("percent-faster", 1.5)]
    memory = "PagedAttention | Implemented | ~40% | Minimal | None"
    assert _percent_reading_under(memory, header)[0][0] == "percent-reduction"


def test_a_percentage_after_a_plus_minus_sign_is_an_error_bar() -> None:
    # github.com/sairameshpv/lightserve (benchmarks/prefix_caching): mean +/- stdev of repeats
    for row in ("128 | 101.0 | 101.2 | -0.2% +/- 0.6%", "256 | 113.5 | 96.3 | 15.1% ± 0.2%"):
        percents = [c.percent for c in candidates(row, 0, len(row)) if c.form == "percent"]
        assert len(percents) == 1, row
        assert percents[0] is not None and percents[0][0] in {0.2, 15.1}


def test_a_product_of_named_terms_is_a_formula_not_a_factor() -> None:
    # a KV-cache explainer's size formula
    # (https://forgecascade.org/seo/capsule/ab022ac9-e52a-411e-b9e5-c1744bfaca90)
    text = (
        "KV cache grows linearly with sequence length and batch size: "
        "(2 × layers × heads × d_head × seq_len × batch) bytes."
    )
    assert [c for c in candidates(text, 0, len(text)) if c.value == 2.0] == []
    # a sign followed by a speed word is a factor, whatever comes after
    faster = "LMCache is 3× faster × fewer GPUs"
    assert [c.value for c in candidates(faster, 0, len(faster))] == [3.0]


def test_numbers_listed_before_a_sign_share_it() -> None:
    # yuzheng310.github.io py-kvcache post: "TTFT … 分别改善 1.30、1.18 和 1.08 倍"
    values = [c.value for c in found("TTFT improved 1.30, 1.18 and 1.08x at 10k, 40k and 80k")]
    assert values == [1.30, 1.18, 1.08]


@pytest.mark.parametrize(
    ("text", "signed"),
    [
        ("4.0x at r=0.75 and 10.0x at r=0.90", [4.0, 10.0]),  # a setting's value
        ("between 2 and 3x faster", [3.0]),  # a range, read as the "between" form
        ("0.5 and 2x", [2.0]),  # a share is no factor
    ],
)
def test_a_number_before_and_is_listed_only_in_a_list_of_factors(
    text: str, signed: list[float]
) -> None:
    assert [c.value for c in found(text) if c.form == "multiplier"] == signed


def test_raising_a_rate_by_a_percentage_is_an_increase() -> None:
    # https://github.com/DamnKuldeep/qwen2.5-1.5b-awq-vllm-rtx3050-4gb (benchmarks/
    # optimization_results.md): "… while raising throughput 33.8%"
    (hit,) = [c for c in found("while raising throughput 33.8%") if c.form == "percent"]
    assert (hit.reading, hit.value) == ("percent-increase", 1.34)


def test_a_bare_change_column_names_the_column_before_it() -> None:
    # https://github.com/X2939/vllm-inference-optimization-lab/blob/main/reports/gpu_prefix_cache_comparison/REPORT.md:
    # the first "Δ" is the change of Tokens/s: -12.4% is the rate falling, no cut of a time
    header = "Concurrency | Tokens/s OFF → ON | Δ | P95 TTFT OFF → ON | Δ"
    row = "1 | 75.66 → 66.28 | -12.4% | 57.7 → 38.6 ms | -33.2%"
    readings = {c.percent[0]: c.reading for c in candidates(row, 0, len(row), header) if c.percent}
    assert readings == {12.4: "percent-rate-reduction", 33.2: "percent-reduction"}


def test_a_column_of_shares_takes_no_reading_from_a_speedup_column_beside_it() -> None:
    # https://github.com/KR-LSB/kr-lsb.github.io/blob/0551ac80a3a6a7afa31b0b06fe03691ad6d7bf7b/content/posts/kv-cache-economics/index.md
    header = "Context | Cache OFF TTFT | Cache ON TTFT | **Speedup** | Cache OFF Prefill %"
    row = "~8k | 2,547 ms | 78 ms | **33x** | 38.3%"
    (share,) = [c for c in candidates(row, 0, len(row), header) if c.form == "percent"]
    assert share.reading is None
    # a change column still reads its own word
    header = header.replace("Cache OFF Prefill %", "TTFT reduction (%)")
    (cut,) = [c for c in candidates(row, 0, len(row), header) if c.form == "percent"]
    assert cut.reading == "percent-reduction"


def test_the_sign_glued_to_the_next_word_is_still_a_multiplier() -> None:
    # arXiv HTML abstracts repeat the sign as LaTeX and lose the space after it:
    # https://arxiv.org/html/2502.01960v2 (DroidSpeak), "up to 4×\times× throughput improvement"
    values = [c.value for c in found("DroidSpeak achieves up to 4×\\times× throughput improvement")]
    assert 4.0 in values
    assert [
        c.value for c in found("a range of 2.3×–27.5×in long contexts") if c.form == "range"
    ] == [27.5]
    # a letter x glued to a word is part of the word: an instance type, not 4 times
    assert [c for c in found("on a g5.4xlarge instance") if c.form == "multiplier"] == []


@pytest.mark.parametrize(
    "row",
    [
        # https://github.com/0h-n0/0h-n0.github.io/blob/6987ad62c2bf36034c6b0e13b13ad4007b720653/_posts/blog/2026-05-24-conf-prompt-cache-modular-attention-reuse.md
        "| CPU（DDR4） | AMD Ryzen 9 7950X | 最大20倍 |",
        "| CPU | Threadripper 7980X | up to 20x |",  # made up: the same family, in English
    ],
)
def test_a_processors_model_number_is_no_factor(row: str) -> None:
    text = english(row)  # "最大20倍" reads "up to 20x"
    assert [c.value for c in found(text) if c.form == "multiplier"] == [20.0]
    # a number with no processor family before it is still a factor
    bare = text.replace("Ryzen 9 ", "").replace("Threadripper ", "")
    assert any(c.value and c.value > 7000 for c in found(bare) if c.form == "multiplier")
