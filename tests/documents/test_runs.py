"""Runs of a Markdown page left unparsed: the page reads as it reads whole, and a run left out
held no unit the reader would read."""

from __future__ import annotations

from unittest import mock

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimcheck.documents import markdown
from claimcheck.documents.markdown import scan_markdown
from claimcheck.documents.runs import skipped_lines
from claimcheck.extract.normalise import normalise
from claimcheck.extract.prefilter import candidate, paragraph_may_hold_candidate
from claimcheck.sources.document import read_document

CLAIM = "Loading the KV cache gives 27x faster TTFT at 128K tokens."


def _whole() -> mock._patch[object]:
    """The page read without leaving out any run."""
    return mock.patch.object(markdown, "skipped_lines", lambda *_: [])


def _skipped(page: str) -> list[int]:
    ranges = skipped_lines(page.split("\n"), paragraph_may_hold_candidate)
    return [line for start, stop in ranges for line in range(start, stop)]


# Lines of every block kind, and what ends, opens or hides one: fences (closed, unclosed,
# indented, with a backtick in their info), lists, quotes, tables, headings of both kinds, HTML,
# reference definitions, indented code, and text with figures and KV words to read.
_LINES = st.sampled_from(
    ["", "", "", CLAIM, "27x faster TTFT with KV cache offload", "Plain words here.", "27",
     "x faster", "KV cache", "TTFT", "2[7](u)x", "[guide](https://a.b/c) says 4", "- item 27x TTFT",
     "- item", "* item", "+ 2", "1. first 27x", "2) second", "  indented 27x TTFT", "    code 27x",
     "```", "```py", "~~~", "````", "``` a`b", " ```", "  ```", "- ```", "> quote 27x KV cache",
     ">", "# KV cache", "Heading", "===", "---", "***", "___", "| a | b |", "|---|---|",
     "| 27x | KV cache |", "a | b", "--|--", "<div>", "<!-- c -->", "[a]: http://x", "[a]",
     "\t27x tab", "  - nested 27x", "Version 2.4 adds logging.", "$2.50 per million tokens",
     "tw*ice* as fast with KV cache", "**27**x faster TTFT", "27 \\", "éclair 27x", "27x faster",
     "# KV cache offload", "KV cache offload\n---", "<!--", "-->", "<pre>", "</pre>", "~~~",
     "~~~\n\n27x faster TTFT with KV cache\n~~~", "<!--\n\nplain\n\n-->"]
)  # fmt: skip


@settings(max_examples=1500, deadline=None)
@given(st.lists(_LINES, min_size=1, max_size=24).map("\n".join))
# A heading lends its topic to a claim below it; a fence of tildes holds a blank line and a
# claim-like line; an HTML comment holds blank lines.
@example("# KV cache offload\n\n27x faster\n")
@example(f"Intro.\n\n~~~\n\n{CLAIM}\n~~~\n")
@example("Intro.\n\n<!--\n\nplain\n\n-->\n\n# KV cache\n\n27x faster\n")
def test_a_page_cut_into_runs_reads_as_the_whole_page(page: str) -> None:
    cut = scan_markdown(page, paragraph_may_hold_candidate).units
    with _whole():
        whole = scan_markdown(page, paragraph_may_hold_candidate).units
        read_whole = read_document(page, "markdown", "page")
    # The units of the runs read are the page's own, in order; each unit of a run left out
    # has no text the reader would look at.
    remaining = iter(cut)
    expected = next(remaining, None)
    for unit in whole:
        if unit == expected:
            expected = next(remaining, None)
        else:
            assert not candidate(normalise(unit.text)[0]), unit.text
    assert expected is None
    read_cut = read_document(page, "markdown", "page")
    assert read_cut.records == read_whole.records
    assert read_cut.decisions == read_whole.decisions


def test_a_run_without_a_figure_is_left_out_and_one_with_a_claim_is_read() -> None:
    page = f"Plain words here.\n\n- item one\n- item two\n\n# Notes\n\n{CLAIM}\n"
    # Lines: 0 a paragraph, 2-3 a list (a list item starts no run: it might continue a list
    # before it), 5 a heading (always read), 7 the claim.
    assert _skipped(page) == [0, 1, 2, 3, 4]
    assert [r.claim.speedup for r in read_document(page, "markdown", "page").records] == [27]


def test_a_fence_with_blank_lines_is_one_run() -> None:
    """Inside a fence a blank line and a line at the first column start no run: the claim-like
    line there is code, and stays code."""
    page = f"Intro.\n\n```\ncode\n\n{CLAIM}\n```\n\nPlain words here.\n"
    assert _skipped(page) == [0, 1, 8, 9]  # the intro, the last paragraph: the fence is read
    assert read_document(page, "markdown", "page").records == []


def test_a_page_that_might_not_end_its_blocks_at_blank_lines_is_not_cut() -> None:
    for page in (
        "Plain words.\n\n[a]: http://x\n\nMore words.\n",  # a reference definition
        "Plain words.\n\n<div>\n\nMore words.\n\n</div>\n",  # an HTML block
        "- item\n\n  ```\n  code\n\nMore words.\n",  # a fence in a list item
    ):
        assert _skipped(page) == [], page


def test_a_list_continued_after_a_blank_line_is_one_run() -> None:
    """A list item after a blank line continues the list: the two items are one run, read
    because the second holds a figure."""
    page = "- item one\n\n- item 27x faster TTFT with KV cache\n"
    assert _skipped(page) == []
