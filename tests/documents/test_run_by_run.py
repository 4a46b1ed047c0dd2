"""A long Markdown page is parsed and read a run of whole blocks at a time: what it gives is
what the page parsed whole gives, unit for unit, comment for comment, claim for claim."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from unittest import mock

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimcheck.documents import markdown
from claimcheck.documents.markdown import markdown_runs, scan_markdown
from claimcheck.documents.page_text import PageText, narrow_pieces
from claimcheck.extract.prefilter import paragraph_may_hold_candidate
from claimcheck.sources.document import ReadDocument, read_document

if TYPE_CHECKING:
    from markdown_it.token import Token

CLAIM = "Loading the KV cache gives 27x faster TTFT at 128K tokens."
WHOLE = 1 << 60


@contextmanager
def runs_of(size: int) -> Iterator[None]:
    """Pages parsed in runs of about ``size`` characters (1: a run at every cut)."""
    with mock.patch.object(markdown, "RUN_SIZE", size):
        yield


def readings(page: str) -> tuple[object, ...]:
    """Everything a page gives: its scan with every paragraph read and with only those that
    may hold a candidate, and its claims, decisions and suppressions."""
    document = read_document(page, "markdown", "page.md")
    return (
        scan_markdown(page),
        scan_markdown(page, paragraph_may_hold_candidate),
        document.records,
        document.decisions,
        document.directives,
        document.problems,
    )


def assert_read_alike(page: str) -> None:
    with runs_of(WHOLE):
        whole = readings(page)
    with runs_of(1):
        cut = readings(page)
        # A long page read in pieces (documents.page_text), each line a piece.
        pieces = read_document(PageText(re.split(r"(?<=\n)", page)), "markdown", "page.md")
    assert cut == whole
    assert (pieces.records, pieces.decisions, pieces.directives, pieces.problems) == whole[2:]


def run_count(page: str) -> int:
    with runs_of(1):
        return len(list(markdown_runs(page).parts))


def _corpus() -> list[str]:
    here = Path(__file__).parents[1] / "extract"
    pages = []
    for name in ("real_pages.yaml", "fresh_pages.yaml"):
        pages += [p["markdown"] for p in yaml.safe_load((here / name).read_text("utf-8"))]
    return pages


@pytest.mark.parametrize("page", _corpus())
def test_a_real_page_reads_the_same_run_by_run(page: str) -> None:
    assert_read_alike(page)


def test_nearly_every_real_page_is_cut_into_runs() -> None:
    # what the test above reads run by run is cut: all but about a page in a hundred (rounded
    # up), since a run never starts at a list item ("## Updates" over one long list of
    # releases is one run) and a web page's text copied without its markup has no heading
    pages = _corpus()
    uncut = [page[:60] for page in pages if run_count(page) == 1]
    assert len(uncut) <= -(-len(pages) // 100), uncut


def test_the_real_pages_together_give_their_claims_run_by_run() -> None:
    page = "\n\n".join(_corpus())
    with runs_of(WHOLE):
        whole = read_document(page, "markdown", "page.md")
    with runs_of(4_000):
        cut = read_document(page, "markdown", "page.md")
        pieces = read_document(PageText(narrow_pieces(page)), "markdown", "page.md")
    assert len(whole.records) > 50
    assert cut == whole
    assert pieces == whole


FAR_REFERENCE = (
    f"See [the results][bench] and [bench].\n\n{CLAIM}\n\n" + "Filler words.\n\n" * 5
    + '> [bench]: https://example.com/bench "27x faster TTFT with the KV cache"\n'
)  # fmt: skip

EDGE_PAGES = {
    # A fence holding blank lines and lines that would start a run, a fence indented, one
    # closed by a longer mark, one never closed.
    "fences": f"Intro.\n\n```\n\nNot a claim 27x\n\n# not a heading\n```\n\n{CLAIM}\n\n"
    f"  ```\n\nKV cache 27x faster TTFT\n\n  ```\n\n~~~~\n\n~~~\n\n{CLAIM}\n~~~~\n\n"
    f"# KV cache\n\n27x faster\n\n```\n\n{CLAIM}\n",
    "fence in a list": f"- item\n\n  ```\n\n  {CLAIM}\n\nAfter.\n```\n\n{CLAIM}\n\n```\n",
    "table": f"| Setup | TTFT |\n|---|---|\n| KV cache | 27x faster |\n| baseline | 1x |\n\n"
    f"Between.\n\n| Input length | Full Compute(s) | Disk80%(s) | Speedup |\n|---|---|---|---|\n"
    f"| 128K | 27 | 1 | 27x |\n\n{CLAIM}\n",
    "lists": f"- one\n- two\n\n  still two, {CLAIM}\n\n1. first\n2. second 27x faster TTFT\n\n"
    f"Loose:\n\n- a\n\n- b {CLAIM}\n\n* c\n\nEnd.\n",
    "html blocks": f"<!--\n\n{CLAIM}\n\n-->\n\nText.\n\n<pre>\n\n{CLAIM}\n\n</pre>\n\n"
    f"<div>\n{CLAIM}\n</div>\n\n<details>\n\n{CLAIM}\n\n</details>\n\n<!-- open\n\n{CLAIM}\n",
    "far references": FAR_REFERENCE,
    "references before use": "[a]: https://a.example\n\n" + "Words.\n\n" * 4 + f"[{CLAIM}][a]\n",
    "setext": f"KV cache offload\n================\n\n{CLAIM}\n\n27x faster TTFT\n---\n\nText\n\n---\n",
    "lazy continuation": f"> Quoted {CLAIM[:20]}\n{CLAIM[20:]}\n\n- item 27x\nlazy KV cache TTFT\n\n"
    f"Paragraph\ncontinued 27x faster TTFT with the KV cache\n\nEnd.\n",
    "suppressions across runs": f"<!-- claimcheck: disable KV1 -->\n\n{CLAIM}\n\nMore.\n\n"
    f"<!-- claimcheck: enable KV1 -->\n\n<!-- claimcheck: disable-next-line KV103 -->\n\n"
    f"Words.\n\n{CLAIM}\n\n<!-- claimcheck: enable KV9 -->\n\n<!-- claimcheck: disable-line -->\n",
    "front matter": f"---\ntitle: KV cache\n\nx: 1\n---\n\n{CLAIM}\n\nEnd.\n",
    "deep nesting": ">" * 130 + f" {CLAIM}\n\n" + "- " * 80 + f"{CLAIM}\n\n{CLAIM}\n",
    "line ends": f"# KV cache\r\n\r\n27x faster TTFT\r\n\r\n{CLAIM}\r\rMore.\r\n",
    # An attribute read once: its text said by a unit in another run, after it or before it,
    # and between table rows (read, it starts a table again).
    "attribute said after": f'[guide](https://a.example "{CLAIM}")\n\nWords.\n\n{CLAIM}\n',
    "attribute said before": f'{CLAIM}\n\nWords.\n\n[guide](https://a.example "{CLAIM}")\n',
    "attribute in a table": f"| a | b |\n|---|---|\n| 27x | [x](https://a.example \"{CLAIM}\") |\n"
    f"| KV cache | 27x faster TTFT |\n\n{CLAIM}\n",
    "attribute once": f'[a](https://a.example "{CLAIM}")\n\n[b](https://b.example "{CLAIM}")\n',
}  # fmt: skip


@pytest.mark.parametrize("page", EDGE_PAGES.values(), ids=EDGE_PAGES.keys())
def test_an_edge_case_reads_the_same_run_by_run(page: str) -> None:
    assert run_count(page) > 1
    assert_read_alike(page)


def test_a_reference_defined_runs_after_its_use_makes_a_link() -> None:
    with runs_of(1):
        units = scan_markdown(FAR_REFERENCE).units
    assert units[0].text == "See the results and bench."  # links, their marks not read


def test_an_attribute_said_in_another_run_is_read_once() -> None:
    page = EDGE_PAGES["attribute said after"]
    with runs_of(1):
        document = read_document(page, "markdown", "page.md")
    assert [r.id for r in document.records] == ["page.md:5"]


def test_a_long_page_is_parsed_a_run_at_a_time() -> None:
    page = "\n".join(f"Paragraph {n} with some words in it.\n" for n in range(20_000))
    parsed: list[int] = []
    parse = markdown._parser().parse

    def counting(text: str, env: dict[str, Any] | None = None) -> list[Token]:
        parsed.append(len(text))
        return parse(text, env)

    with mock.patch.object(markdown._parser(), "parse", counting):
        scan_markdown(page)
    assert len(parsed) > 3
    assert max(parsed) < 2 * markdown.RUN_SIZE
    assert sum(parsed) == len(page)  # each line parsed once


# Lines of every block kind and what opens one across blank lines (fences, HTML blocks), with
# text to read, references, comments and attributes.
_LINES = st.sampled_from(
    ["", "", "", CLAIM, "27x faster TTFT with KV cache offload", "Plain words.", "```", "~~~",
     " ```", "- ```", "- item 27x TTFT", "1. first", "  indented 27x", "    code 27x",
     "> quote 27x KV cache", "# KV cache", "Heading", "===", "---", "| a | b |", "|---|---|",
     "| 27x | KV cache |", "<div>", "<pre>", "</pre>", "<!--", "-->", "<!-- c -->", "[a]: /x",
     "[a]: /y 'KV cache 27x faster TTFT'", "[a]", "[t][a]", '[g](/g "27x faster TTFT")',
     "27x faster TTFT", "<!-- claimcheck: disable KV1 -->", "<!-- claimcheck: enable KV1 -->",
     "<!-- claimcheck: disable-next-line KV103 -->", "lazy 27x line", "\t27x tab"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(_LINES, min_size=1, max_size=30).map("\n".join))
@example(f"<!--\n\n{CLAIM}\n\n-->\n\n{CLAIM}")
@example(f'[g](/g "{CLAIM}")\n\n{CLAIM}')
def test_any_page_reads_the_same_run_by_run(page: str) -> None:
    assert_read_alike(page)


def test_a_page_without_claims_read_run_by_run_is_empty() -> None:
    with runs_of(1):
        assert read_document("Words.\n\nMore words.\n", "markdown", "p.md") == ReadDocument([])
