"""A page is lower-cased once, and every page-level scan reads that copy: the answers are those
of each scan reading the page itself."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from claimcheck.extract.lexicon import source
from claimcheck.extract.prefilter import page_may_hold_claims, page_names_kv
from claimcheck.sources.document import read_document

_WORDS = st.sampled_from([
    "KV", "Kv cache", "Prefix Caching", "PROMPT-caching", "recomputation", "LMCache",
    "Mooncake", "cache hit", "when the prompt is Cached", "**KV**", "K*V*", "k`v`",
    "27x", "**27**x", "faster", "TTFT", "throughput", "Speedup", "| a | Speedup |", "# Title",
    "\n\n", "\n", " ", "  ", "&amp;", "<b>", "İ", "ß", "\u200b", "x", "12",
])  # fmt: skip
_PAGES = st.lists(st.one_of(_WORDS, st.text(max_size=8)), max_size=40).map(" ".join)
_CASE_INSENSITIVE = re.compile(f"(?:{source('cue_kv')})|(?:{source('kv_product')})", re.IGNORECASE)


@given(_PAGES)
def test_names_kv_reads_the_lower_case_copy_as_the_page(page: str) -> None:
    assert page_names_kv(page.lower(), lowered=True) == page_names_kv(page)


@given(st.lists(_WORDS, max_size=30).map(" ".join))
def test_names_kv_finds_what_a_case_insensitive_scan_finds(page: str) -> None:
    if _CASE_INSENSITIVE.search(page):
        assert page_names_kv(page)


@given(_PAGES, st.booleans())
def test_may_hold_claims_reads_the_lower_case_copy_as_the_page(page: str, by_block: bool) -> None:
    expected = page_may_hold_claims(page, by_block=by_block)
    assert page_may_hold_claims(page, by_block=by_block, lower=page.lower()) == expected


def test_an_html_page_is_scanned_without_its_scripts_whatever_copy_is_given() -> None:
    page = "<script>var kv = '27x faster TTFT';</script><p>Nothing here.</p>"
    assert not page_may_hold_claims(page, by_block=False, lower=page.lower())
    assert not page_may_hold_claims(page, by_block=False)


def test_a_page_in_upper_case_is_read_as_in_lower_case() -> None:
    page = "# Offload\n\nLoading the KV cache from NVMe gives 27x faster TTFT at 128K tokens.\n"
    shouted = "# OFFLOAD\n\nLOADING THE KV CACHE FROM NVME GIVES 27X FASTER TTFT AT 128K TOKENS.\n"
    read = [record.claim.speedup for record in read_document(page, "markdown", "a.md").records]
    assert read == [27]
    assert [r.claim.speedup for r in read_document(shouted, "markdown", "a.md").records] == read


_ENGINE_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Inference engine benchmarks</title>
<script>
  window.__CONFIG__ = {{features: {{kvCache: "prefix caching", offload: "LMCache"}}}};
</script>
<style>.kv-cache-badge {{ color: #333; }}</style>
</head>
<body>
<h1>Inference engine benchmarks</h1>
<p>Offloading to NVMe gives 3.2x faster TTFT at 128K tokens.</p>
<svg viewBox="0 0 10 10"><title>KV cache offload</title><path d="M0 0h10"/></svg>
{extra}
</body>
</html>
"""


def test_an_html_page_is_about_kv_only_from_what_the_reader_reads() -> None:
    """Words in a script, a style sheet or an SVG image (never read) do not make a page about
    KV caching; the same words in its prose do."""
    quiet = _ENGINE_PAGE.format(extra="")
    assert page_names_kv(quiet)  # the page as it is names KV caching in its script
    assert read_document(quiet, "html", "bench.html").records == []
    said = _ENGINE_PAGE.format(extra="<p>Both runs keep the KV cache on the same NVMe tier.</p>")
    records = read_document(said, "html", "bench.html").records
    assert [record.claim.speedup for record in records] == [3.2]
