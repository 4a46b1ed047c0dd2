"""Markdown: units hold exactly the prose, and every character maps to its source position."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimcheck.documents import scan_markdown

from .helpers import all_positions, expected, find, found, texts

PAGE = """---
title: Up to 99x faster
---
# LMCache 🚀 27× faster TTFT

Our offload loads 112K tokens in 2.1 s instead of 57 s, a **27x** speedup.
Run `bench --speedup 50x` to see 31× gains &times; 2 on *Llama 3.1 70B*.

| Model | Context | Speedup |
|-------|---------|---------|
| Llama 3.1 70B | 128K | 27x faster |

- Prefill of a 64K prefix drops to 3.2 s
- Decode is 2x faster with [offload](https://example.com/40x "60x")

<!-- this comment says 80x faster -->

```text
fenced 70x faster
```

    indented 90x faster
"""


def test_units_hold_exactly_the_prose() -> None:
    assert texts(scan_markdown(PAGE)) == [
        ("heading", "LMCache 🚀 27× faster TTFT"),
        (
            "paragraph",
            "Our offload loads 112K tokens in 2.1 s instead of 57 s, a 27x speedup. "
            "Run to see 31× gains × 2 on Llama 3.1 70B.",
        ),
        ("table_row", "Model | Context | Speedup"),
        ("table_row", "Llama 3.1 70B | 128K | 27x faster"),
        ("list_item", "Prefill of a 64K prefix drops to 3.2 s"),
        ("list_item", "Decode is 2x faster with offload"),
        ("attribute", "60x"),  # a link title, shown on hover
    ]


@pytest.mark.parametrize(
    ("needle", "line", "in_source"),
    [
        ("27× faster", 4, "27× faster"),  # after an emoji: one column for 🚀
        ("TTFT", 4, "TTFT"),
        ("27x speedup", 6, "27x**"),  # inside strong emphasis
        ("to see", 7, "to see"),  # after an inline code span
        ("2 on", 7, "2 on"),  # after &times;
        ("Llama 3.1 70B.", 7, "Llama"),
        ("Context", 9, "Context"),
        ("27x faster", 11, "27x faster"),  # the third cell of a row
        ("128K", 11, "128K"),
        ("3.2 s", 13, "3.2 s"),
        ("with offload", 14, "with [offload"),
    ],
)
def test_positions_of_chosen_words(needle: str, line: int, in_source: str) -> None:
    assert found(scan_markdown(PAGE), needle) == expected(PAGE, line, in_source)


def test_crlf_page_gives_identical_positions() -> None:
    lf, crlf = scan_markdown(PAGE), scan_markdown(PAGE.replace("\n", "\r\n"))
    assert texts(crlf) == texts(lf)
    assert all_positions(crlf) == all_positions(lf)
    assert found(crlf, "27x faster") == expected(PAGE, 11, "27x faster")


def test_decoded_entity_and_separators_are_marked() -> None:
    document = scan_markdown(PAGE)
    unit, index = find(document, "× 2")
    assert not unit.is_verbatim(index)
    assert document.position(unit.source_offset(index)) == expected(PAGE, 7, "&times;")
    assert unit.source_span(index, index + 1)[1] - unit.source_offset(index) == len("&times;")
    row, bar = find(document, " | 128K")
    assert not row.is_verbatim(bar)
    assert document.position(row.source_offset(bar)) == expected(PAGE, 11, "| 128K")


def test_soft_break_is_a_space_at_the_line_end() -> None:
    document = scan_markdown(PAGE)
    unit, index = find(document, " Run")
    line = PAGE.splitlines()[5]
    assert document.position(unit.source_offset(index)) == (6, len(line) + 1)
    assert not unit.is_verbatim(index)


def test_escapes_links_images_and_autolinks() -> None:
    source = (
        "A \\*27x\\* claim, see [the **report**][ref] and <https://x.example/5x>.\n"
        '![Chart: 27× TTFT](chart.png "40x") then 3x after.\n'
        "\n"
        "[ref]: https://example.com/99x\n"
    )
    document = scan_markdown(source)
    assert texts(document) == [
        ("paragraph", "A *27x* claim, see the report and . then 3x after."),
        ("alt", "Chart: 27× TTFT"),
        ("attribute", "40x"),  # an image title, shown on hover
    ]
    assert found(document, "*27x*") == expected(source, 1, "*27x")
    assert found(document, "report") == expected(source, 1, "report")
    line, column = expected(source, 1, ">.")
    assert found(document, ". then") == (line, column + 1)
    assert found(document, "then 3x") == expected(source, 2, "then 3x")
    assert found(document, "TTFT") == expected(source, 2, "TTFT")


def test_a_backslash_before_a_character_it_cannot_escape_is_kept() -> None:
    # CommonMark 0.31.2, https://spec.commonmark.org/0.31.2/#backslash-escapes: "\\t" is a
    # backslash and a t. The KVCOMM README writes its speedup in LaTeX,
    # https://github.com/HankYe/KVCOMM/blob/main/README.md
    source = "KVCOMM achieves up to $7.8\\times$ speedup, \\% and \\\\ are escapes.\n"
    document = scan_markdown(source)
    assert texts(document) == [
        ("paragraph", "KVCOMM achieves up to $7.8\\times$ speedup, % and \\ are escapes.")
    ]
    assert found(document, "\\times") == expected(source, 1, "\\times")
    assert found(document, "% and") == expected(source, 1, "% and")


def test_comments_and_inline_tags_are_not_prose() -> None:
    source = "Text <span>7x</span> here <!-- 9x -->.\n"
    assert texts(scan_markdown(source)) == [("paragraph", "Text 7x here .")]


HTML_BLOCKS = """Intro.

<div align="center">
  <p>Our tier gives <b>27x faster</b> TTFT
  at 112K tokens.</p>
  <img alt="Chart: 20x TTFT" src="c.png">
</div>

> <p>Quoted: 9x faster
> with offload.</p>

<script>var claim = "50x faster";</script>
<!-- 80x in a comment -->
"""


def test_html_blocks_are_read_as_html() -> None:
    # GitHub renders an HTML block's text: its paragraphs and alt text are prose, a script is not.
    assert texts(scan_markdown(HTML_BLOCKS)) == [
        ("paragraph", "Intro."),
        ("paragraph", "Our tier gives 27x faster TTFT at 112K tokens."),
        ("alt", "Chart: 20x TTFT"),
        ("paragraph", "Quoted: 9x faster with offload."),
    ]


@pytest.mark.parametrize(
    ("needle", "line", "in_source"),
    [
        ("Our tier", 4, "Our tier"),
        ("27x faster", 4, "27x faster"),  # past the <b>
        ("112K", 5, "112K"),  # the block's second line
        ("20x TTFT", 6, "20x TTFT"),
        ("with offload", 10, "with offload"),  # past the blockquote marker
    ],
)
def test_html_block_positions(needle: str, line: int, in_source: str) -> None:
    assert found(scan_markdown(HTML_BLOCKS), needle) == expected(HTML_BLOCKS, line, in_source)


def test_containers_tables_and_headings() -> None:
    source = (
        "> Quoted 27x claim\n"
        "> | a | b \\| c |\n"
        "> |---|---|\n"
        "> | 2.1 s | 57 s |\n"
        "\n"
        "Setext 5x\n"
        "=========\n"
        "\n"
        "## Closed 6x ##\n"
        "\n"
        "\tcode | 8x\n"
        "\n"
        "1. one 3x\n"
        "   - nested 4x\n"
    )
    document = scan_markdown(source)
    assert texts(document) == [
        ("blockquote", "Quoted 27x claim"),
        ("table_row", "a | b | c"),
        ("table_row", "2.1 s | 57 s"),
        ("heading", "Setext 5x"),
        ("heading", "Closed 6x"),
        ("list_item", "one 3x"),
        ("list_item", "nested 4x"),
    ]
    assert found(document, "| c") == expected(source, 2, "| c")  # the escaped pipe itself
    row, index = find(document, "b | c")
    assert document.position(row.source_offset(index + 4)) == expected(source, 2, "c |")
    assert found(document, "57 s") == expected(source, 4, "57 s")
    assert found(document, "Closed") == expected(source, 9, "Closed")
    assert found(document, "nested") == expected(source, 14, "nested")


def test_table_without_outer_pipes() -> None:
    source = "Model | Speedup\n--- | ---\nLlama 3.1 70B | 27x\n"
    document = scan_markdown(source)
    assert texts(document) == [
        ("table_row", "Model | Speedup"),
        ("table_row", "Llama 3.1 70B | 27x"),
    ]
    assert found(document, "27x") == expected(source, 3, "27x")
    assert found(document, "Llama") == (3, 1)


def test_toml_front_matter_and_unclosed_front_matter() -> None:
    assert texts(scan_markdown("+++\ntitle = '9x'\n+++\nBody 2x\n")) == [("paragraph", "Body 2x")]
    # Never closed, so not front matter: a thematic break and a setext heading.
    assert texts(scan_markdown("---\ntitle: 9x\n---x\n")) == [("paragraph", "title: 9x ---x")]


def test_bom_is_not_a_column() -> None:
    document = scan_markdown("\ufeff# 27x faster\n")
    assert found(document, "27x") == (1, 3)


def test_nul_becomes_replacement_character_without_shifting() -> None:
    document = scan_markdown("a\0b 27x\n")
    assert texts(document) == [("paragraph", "a\ufffdb 27x")]
    assert found(document, "27x") == (1, 5)


def test_reference_links_end_where_markdown_it_ends_them() -> None:
    source = "See [a][[a] and [b][] then [a][ x ] 2x.\n\n[a]: /x\n[b]: /y\n"
    document = scan_markdown(source)
    assert texts(document) == [("paragraph", "See a[a and b then [a][ x ] 2x.")]
    unit, index = find(document, "[a and")
    assert document.position(unit.source_offset(index + 1)) == (1, source.index("a] and") + 1)
    assert found(document, "2x") == expected(source, 1, "2x")


def test_a_block_of_more_brackets_than_prose_has_is_read_as_plain_text() -> None:
    from claimcheck.documents.markdown import BRACKET_LIMIT

    run = "![" * (BRACKET_LIMIT + 1)
    source = f"# KV\n\n{run} 27x faster TTFT with **KV** cache\n\nA [link](https://x.example) 3x.\n"
    document = scan_markdown(source)
    texts_ = [unit.text for unit in document.units]
    assert texts_[1] == f"{run} 27x faster TTFT with **KV** cache"  # marks kept as text
    assert texts_[2] == "A link 3x."  # an ordinary block is still parsed
    assert found(document, "27x faster") == expected(source, 3, "27x faster")


# Every ASCII character, a few others and what each inline rule reads, so that each rule's first
# character is drawn often and often starts something: a shortcut that misses one of them
# parses some content wrongly.
_INLINE_PIECES = st.sampled_from(
    [chr(c) for c in range(32, 127)]
    + ["\n", "\t", "×", "é", "\u00a0", "🚀", "\0", "&amp;", "&#215;", "\\*", "`a`", "**b**"]
    + ["_c_", "~~d~~", "[e](f)", "![g](h)", "<i>", "<https://j.k>", "  \n", " 27x "]
)


@settings(max_examples=600, deadline=None)
@example("_c_ and a *d*", 0)
@example("one line\nand the next", 0)
@given(st.lists(_INLINE_PIECES, max_size=12).map("".join), st.integers(0, 40))
def test_content_is_read_as_the_parser_and_walker_read_it(content: str, origin: int) -> None:
    """Content read without the inline parser and walker (no rule can start in it) gives the
    unit they give: the same text, each character at the same place in the source (each line
    of the content three columns further in, as in a list item)."""
    from markdown_it.token import Token

    from claimcheck.documents.inline import InlineWalker, SourceMap
    from claimcheck.documents.markdown import _MarkdownReader, _parser
    from claimcheck.documents.units import UnitBuilder

    md = _parser()
    reader = _MarkdownReader(md, {}, [content], [0])
    starts = [0] + [index + 1 for index, char in enumerate(content) if char == "\n"]
    origins = [origin + 3 * line + start for line, start in enumerate(starts)]
    read, walked = UnitBuilder(), UnitBuilder()
    reader.walk(Token("inline", "", 0, content=content), SourceMap(starts, origins), read)
    parsed: list[Token] = []
    md.inline.parse(content, md, {}, parsed)
    walker = InlineWalker(md, {}, content, SourceMap(starts, origins), [], [])
    walker.walk(parsed, walked)
    assert read.build("paragraph") == walked.build("paragraph")


def test_an_item_that_is_one_code_span_is_read_as_its_words() -> None:
    # https://github.com/kvcache-ai/kvcache-blog (openclaw-mooncake-tail-latency)
    page = "# Mooncake\n\n- `turn1 p95: 5295ms -> 339ms`\n\n`turn2+ p95: 4909ms -> 770ms`\n"
    assert texts(scan_markdown(page))[1:] == [
        ("list_item", "turn1 p95: 5295ms -> 339ms"),
        ("paragraph", "turn2+ p95: 4909ms -> 770ms"),
    ]
    assert found(scan_markdown(page), "5295ms") == expected(page, 3, "5295ms")
    assert found(scan_markdown(page), "4909ms") == expected(page, 5, "4909ms")


def test_a_code_span_inside_prose_or_a_heading_stays_unread() -> None:
    page = (
        "# Run `bench 50x`\n\nRun `bench --speedup 50x` to see.\n\n| `bench 40x` | 2 |\n|---|---|\n"
    )
    assert texts(scan_markdown(page)) == [
        ("heading", "Run"),
        ("paragraph", "Run to see."),
        ("table_row", "| 2"),  # the code cell keeps its column
    ]


def test_a_code_span_of_one_figure_is_a_value_and_is_read() -> None:
    # github.com/xiyou-linuxer/xiyoulinux-kvcache-optimizer (README.md): results set in code
    # type, "约 `9.32×` 加速", "冷启动约 `3806 ms`"
    page = "# KV\n\n- `~30k` 上下文：约 `9.32×` 加速；\n\n冷启动约 `3806 ms`，`run --x 3` 后约 `408 ms`。\n"
    assert texts(scan_markdown(page))[1:] == [
        ("list_item", "上下文：约 9.32× 加速；"),  # "~30k" is no figure of a speed or a time
        ("paragraph", "冷启动约 3806 ms， 后约 408 ms。"),  # the command stays unread
    ]
    assert found(scan_markdown(page), "9.32×") == expected(page, 3, "9.32×")
    assert found(scan_markdown(page), "408 ms") == expected(page, 5, "408 ms")


def test_a_code_span_of_one_name_is_read_as_its_words() -> None:
    # github.com/harleyszhang/llm_note (5-framework/llm推理服务框架总结.md): the compiler a
    # figure is credited to; github.com/d-run/drun-docs (blogs/2025/kvcache-wins-you-can-see.md):
    # the two scheduling policies compared
    page = (
        "# 引擎\n\n- 使用 `torch.compile` 技术优化 Latency，在基准测试中产生高达 1.5 倍的加速效果。\n"
        "- `precise-scheduling` 比 `approximate-scheduling` 快 57 倍。\n"
    )
    assert texts(scan_markdown(page))[1:] == [
        (
            "list_item",
            "使用 torch.compile 技术优化 Latency，在基准测试中产生高达 1.5 倍的加速效果。",
        ),
        ("list_item", "precise-scheduling 比 approximate-scheduling 快 57 倍。"),
    ]
    assert found(scan_markdown(page), "torch.compile") == expected(page, 3, "torch.compile")


def test_a_nested_list_item_carries_the_label_of_the_item_it_sits_in() -> None:
    # github.com/openinfer-project/openinfer (docs/benchmarks): an engine comparison's figures
    # sit in items nested under "PegaInfer vs vLLM no-prefix:"
    page = (
        "# Log\n\n- **PegaInfer** vs `vLLM` no-prefix:\n  - TTFT median: 177 ms vs 198 ms\n"
        "    - p99: 180 ms\n- Next item\n\nAfter the list.\n"
    )
    units = scan_markdown(page).units
    assert [(u.text, u.parent) for u in units[1:]] == [
        ("PegaInfer vs vLLM no-prefix:", ""),
        ("TTFT median: 177 ms vs 198 ms", "PegaInfer vs vLLM no-prefix:"),
        ("p99: 180 ms", "TTFT median: 177 ms vs 198 ms"),
        ("Next item", ""),
        ("After the list.", ""),
    ]


def test_empty_and_code_only_cells_keep_every_cell_under_its_header() -> None:
    # A row whose model name is in backticks (https://github.com/YuriGochi/poc-prompt-caching-,
    # README.md: "| `gpt-4o-mini` | ~30–80ms | …") or that leaves a cell empty: each cell is
    # still counted from the row's start as its header is.
    page = (
        "| Model | TTFT off | TTFT on | Speedup |\n|---|---|---|---|\n"
        "| `gpt-4o-mini` | 2.0 s | 0.5 s | 4x |\n"
        "| A | | 0.5 s | 4x |\n"
        "| | | | 4x |\n"
    )
    rows = [text for kind, text in texts(scan_markdown(page)) if kind == "table_row"]
    header = rows[0].split("|")
    for row in rows[1:]:
        cells = row.split("|")
        assert len(cells) == len(header), row
        assert cells[-1].strip() == "4x"
    assert rows[1:] == ["gpt-4o-mini | 2.0 s | 0.5 s | 4x", "A | | 0.5 s | 4x", "| | | 4x"]
