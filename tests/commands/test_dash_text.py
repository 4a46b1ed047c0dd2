"""Sentences on the command line: any length, and those that start with "-"."""

from __future__ import annotations

import pytest

from claimcheck.commands.dash_text import (
    OptionNames,
    arranged,
    may_be_sentence,
)
from tests.conftest import Invoke

NAMES = OptionNames(
    valued=frozenset({"--text", "-t", "--format", "--output-format"}),
    flags=frozenset({"--quiet", "-q", "--explain"}),
)

# Real sentences, each as its source wrote it.
OFFLOAD = (  # https://app.daily.dev/posts/inside-vllm-s-new-kv-offloading-connector-smarter-memory-transfer-for-maximizing-inference-throughp-6u1hcazvw
    "vLLM 0.11.0 introduced KV cache offloading to CPU memory, significantly improving LLM "
    "inference throughput by avoiding expensive recomputation. The feature uses an asynchronous "
    "connector API with DMA-based transfers, achieving 2-22x faster time-to-first-token for "
    "cached prompts and up to 9x throughput gains for concurrent requests."
)
LIST_ITEM = "- **Turn-2 TTFT** (2.4K-token conversation, 16GB bolt): **13.9s → 543ms (~26x)**."
# https://github.com/penta2himajin/qwisp/pull/106


def test_a_sentence_that_starts_with_a_dash_goes_after_the_separator() -> None:
    assert arranged(["a.md", "- 27x faster TTFT", "-q"], NAMES) == (
        ["a.md", "-q", "--", "- 27x faster TTFT"],
        None,
    )


def test_an_option_value_stays_where_it_is() -> None:
    args = ["-t", "- 27x faster TTFT", "--format", "json"]
    assert arranged(args, NAMES) == (args, None)


def test_attached_values_and_equals_forms_are_options() -> None:
    args = ["--text=- 27x faster", "-t- 5x faster TTFT", "--format=json"]
    assert arranged(args, NAMES) == (args, None)


def test_moved_sentences_join_an_existing_separator_in_order() -> None:
    args = ["-67 % TTFT", "--", "b.md", "- 3x"]
    assert arranged(args, NAMES) == (["--", "-67 % TTFT", "b.md", "- 3x"], None)


@pytest.mark.parametrize(
    ("argument", "expected"),
    [("-67%", True), ("-5x", True), ("--formt", False), ("-z", False), ("-", False), ("--", False)],
)
def test_what_may_be_a_sentence(argument: str, expected: bool) -> None:
    assert may_be_sentence(argument) is expected


def test_an_unknown_dash_figure_is_found_but_not_an_option_value() -> None:
    assert arranged(["a.md", "-67%"], NAMES)[1] == "-67%"
    assert arranged(["-t", "-67%"], NAMES)[1] is None
    assert arranged(["--", "-67%"], NAMES)[1] is None
    assert arranged(["--formt", "json"], NAMES)[1] is None  # Click suggests --format


def test_a_sentence_longer_than_a_file_name_is_read(cli: Invoke) -> None:
    assert len(OFFLOAD.encode()) > 255  # NAME_MAX on Linux: stat() fails with ENAMETOOLONG
    run = cli("check", OFFLOAD, "--format", "json")
    assert run.code == 0, run.stderr
    assert run.json()["claims"][0]["claim"]["speedup"] == 22


def test_a_sentence_without_spaces_in_chinese_is_read(cli: Invoke) -> None:
    # Chinese is written without spaces; a Chinese file name with a suffix is still a path
    run = cli("check", "前缀缓存使首字延迟降低了90%。", "--format", "json")
    assert run.code == 0, run.stderr
    assert run.json()["claims"][0]["claim"]["speedup"] == 10
    for name in ("报告.md", "文档/报告"):
        missing = cli("check", name)
        assert missing.code == 2
        assert "no such file or directory" in missing.stderr, name
    # a path inside the sentence, and its punctuation: https://github.com/ModelTC/LightLLM/issues/114
    sentence = "docs/LightLLM.md中的图片表明lightllm的吞吐是vllm的2-3x，请问是否是笔误呢？"
    assert "no such file" not in cli("check", sentence).stderr


def test_a_missing_long_name_is_a_missing_path_not_a_crash(cli: Invoke) -> None:
    run = cli("check", "x" * 300)
    assert run.code == 2
    assert "no such file or directory" in run.stderr
    assert "internal error" not in run.stderr


def test_a_markdown_list_item_is_read_as_text(cli: Invoke) -> None:
    run = cli("check", LIST_ITEM, "--format", "json")
    assert run.code == 0, run.stderr
    fields = run.json()["claims"][0]["claim"]
    assert (fields["baseline_seconds"], fields["cached_seconds"]) == (13.9, 0.543)


def test_a_dash_figure_without_a_space_says_how_to_pass_it(cli: Invoke) -> None:
    run = cli("check", "-67%")
    assert (run.code, run.stdout) == (2, "")
    assert run.stderr == (
        'claimcheck: error: no such option: -67%; to audit a sentence that starts with "-", '
        'pass it with -t "…" or after --: claimcheck check -- "- 27x …"\n'
    )


def test_a_misspelt_option_still_gets_clicks_suggestion(cli: Invoke) -> None:
    run = cli("check", "--formt", "json")
    assert run.code == 2
    assert "--format" in run.stderr
    assert "sentence" not in run.stderr
