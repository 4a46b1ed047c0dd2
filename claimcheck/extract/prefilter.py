"""Cheap tests that let most text skip the extractor (and most pages skip the parser).

A claim needs a speed-factor-like number (``candidate``) and a KV-cache / prefill / TTFT /
context / tier / metric word (``cue``) in the same unit of prose. Both tests are single linear
regex scans; neither may say "no" to text the extractor would read a claim from.
"""

from __future__ import annotations

import re
from functools import cache

from claimcheck.extract.lexicon import pattern


@cache
def _candidate() -> re.Pattern[str]:
    # A digit beside x, ×, fold, times, % or a time unit; a word multiplier or fraction. The
    # look-ahead lets the scan skip most positions at once.
    return re.compile(
        r"(?=[\dtdhpmfqrx×])(?:(?<![\w.])[x×]\s?\d|\d\s?(?:[x×](?![^\W¹²³⁴⁵⁶⁷⁸⁹⁰])|%|-?fold|-?\s?times\b|\s?percent|\s?speed-?ups?\b|"
        r"\s?-?(?:ms|msec|milli\w*|µs|us|micro\w*|s|secs?|seconds?|mins?|minutes?|h|hours?|hrs?)\b|\s?/\s?\d)|"
        r"\b(?:twice|doubl|tripl|quadrupl|halv|half\b|percent\b|magnitude|factor\sof|third|quarter|tenth|times\b)|fold\b|"
        r"(?:(?<=\d)|(?<=\d\s))(?:tok(?:en)?s?/s|tokens?\sper\ssecond|req(?:uest)?s?/s|qps|rps)\b)",
        re.IGNORECASE,
    )


def candidate(text: str, lo: int = 0, hi: int | None = None) -> bool:
    """Could ``text[lo:hi]`` hold a speed factor or a time? ``False`` means no claim is in it."""
    return _candidate().search(text, lo, len(text) if hi is None else hi) is not None


def cue(text: str) -> bool:
    """Does ``text`` name anything that makes a factor a KV-cache claim (or frame one)?"""
    return any(
        pattern(name).search(text) is not None
        for name in ("cue_strong", "cue_weak", "kv_product", "metric_ttft", "metric_throughput",
                     "metric_end_to_end", "metric_decode", "metric_latency",
                     *(f"tier_{kind}" for kind in ("object", "network", "cxl", "nvme", "dram")))
    )  # fmt: skip


def page_may_hold_claims(source: str, *, by_block: bool = True) -> bool:
    """Does the raw ``source`` hold a candidate and a cue: in one blank-line separated block
    (Markdown and text, whose units never span a blank line), or anywhere (``by_block`` false:
    HTML, where one table or paragraph may). Markup only removes words, so a page that fails
    this holds no claim."""
    if not candidate(source):
        return False
    if not by_block or topic_cue(source):
        return cue(source)  # a page about KV caching lends its topic to every paragraph
    return any(candidate(block) and cue(block) for block in _BLOCKS.split(source))


def topic_cue(text: str) -> bool:
    """Does ``text`` (a page title or heading) say the page is about KV or prefix caching, or
    name a known KV product?"""
    return bool(text) and (
        pattern("cue_strong").search(text) is not None
        or pattern("kv_product").search(text) is not None
    )


_BLOCKS = re.compile(r"\n[ \t]*\r?\n")
