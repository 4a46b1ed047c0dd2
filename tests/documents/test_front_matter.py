"""A page's title from its front matter (Hugo, Jekyll, Docusaurus pages), and what it tells the
extractor about the page."""

from __future__ import annotations

from claimcheck.documents.front_matter import front_matter_title
from claimcheck.sources.document import read_document

# https://github.com/hao-ai-lab/hao-ai-lab.github.io (content/blogs/fastafd/index.md): Hugo's
# TOML front matter, and no "#" heading on the page
FASTAFD_HEAD = (
    "+++\n"
    'title = "FastAFD: Open-Source Large-Scale Attention-FFN Disaggregation on Blackwell NVL72"\n'
    "date = 2026-07-06T12:00:00-07:00\n"
    "math = true\n"
    "[cover]\n"
    '    image = "img/afd-token-flow.gif"\n'
    "+++\n\n"
)


def test_a_toml_title_is_read() -> None:
    assert front_matter_title(FASTAFD_HEAD) == (
        "FastAFD: Open-Source Large-Scale Attention-FFN Disaggregation on Blackwell NVL72"
    )


def test_a_yaml_title_is_read_with_its_spaces_folded() -> None:
    page = (
        "---\r\ntitle: >\r\n  Prefix caching\r\n  in depth\r\nsidebar_position: 5\r\n---\r\n# x\r\n"
    )
    assert front_matter_title(page) == "Prefix caching in depth"


def test_no_title_when_there_is_none_or_it_is_not_text() -> None:
    assert front_matter_title("# Prefix caching\n\ntitle: not front matter\n") == ""
    assert front_matter_title("---\nsidebar_position: 5\n---\n") == ""
    assert front_matter_title("---\ntitle: [1, 2]\n---\n") == ""
    assert front_matter_title("---\ntitle: x\n") == ""  # never closed
    assert front_matter_title("---\ntitle: a: b\n---\n") == ""  # no YAML
    assert front_matter_title('+++\ntitle = "x\n+++\n') == ""  # no TOML
    # a front matter that closes past the characters looked at is not read
    assert front_matter_title("---\n" + "k: v\n" * 3000 + "title: x\n---\n") == ""


def test_a_front_matter_title_is_the_page_topic() -> None:
    # the table of FastAFD's predicted speedups: the page's opening names the KV cache, but the
    # page is about disaggregating attention and FFN
    page = FASTAFD_HEAD + (
        "FastAFD runs attention workers over the KV cache and FFN workers apart.\n\n"
        "### Predicting the GB200 speedup\n\n"
        "| Workload | Measured speedup | Predicted speedup |\n"
        "| --- | --- | --- |\n"
        "| MiniMax-M2.5 8K | 1.45x | 1.45x (+0.0%) |\n"
    )
    assert read_document(page, "markdown", "p.md").records == []
    # the same table on a page titled for prefix caching is its claim
    cached = page.replace(
        "FastAFD: Open-Source Large-Scale Attention-FFN Disaggregation on Blackwell NVL72",
        "Prefix caching on Blackwell NVL72",
    )
    assert [r.claim.speedup for r in read_document(cached, "markdown", "p.md").records] == [1.45]
