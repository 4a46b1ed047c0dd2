"""About 1 MB of hostile markup per case: every scanner finishes with sane units."""

from __future__ import annotations

import pytest

from claimcheck.documents import apply_suppressions, scan
from claimcheck.extract.sentences import sentence_spans

MEGABYTE = 1_000_000
HOSTILE = {
    # The four the brief names, about 1 MB in all.
    "nested lists": "".join("  " * depth + "- 27x\n" for depth in range(700)),
    "100k stars": "*" * 100_000 + " 27x " + "*a " * 20_000,
    "unclosed divs": "<div>" * 10_000 + " 27x",
    "single line": "Up to 27x faster. " * (MEGABYTE // 2 // 18),
    # Inputs that are quadratic for Python 3.11's html.parser, or that strain markdown-it.
    "unclosed tags": "<a " * 100_000,
    "unclosed comments": "<!-- a " * 40_000,
    "cut end tags": "</a" * 100_000,
    "marked sections": "<![foo[ 2x ]]>" * 20_000,
    "nested quotes": "> " * 150_000 + "27x",
    "wide table": "|a" * 20_000 + "\n" + "|-" * 20_000 + "\n" + "|b\\|c" * 10_000,
    "entities": "&times;&#215;&amp" * 15_000,
    "nul bytes": "\0" * 300_000,
    "short lines": "27x\n" * 25_000,
    "directives": "<!-- claimcheck: disable KV103 -->\n27x\n\n" * 5_000,
    "brackets": "[" * 30_000 + "](u)" * 12_000,
    "backticks": "`a`` " * 50_000,
}
# Finishing is the test: quadratic behaviour on these inputs takes hours (bench/ measures speed).


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_input_finishes(name: str) -> None:
    source = HOSTILE[name]
    assert len(source) >= 50_000
    for kind in ("markdown", "html", "text"):
        document = scan(source, kind)
        for unit in document.units:
            sentence_spans(unit.text, 0, len(unit.text))
        findings = [("KV103", line) for line in range(1, len(document.line_starts), 3)]
        apply_suppressions(document.directives, findings)
        assert all(0 <= unit.start < unit.end <= len(source) for unit in document.units)


def test_single_line_keeps_every_word() -> None:
    source = HOSTILE["single line"]
    (unit,) = scan(source, "text").units
    assert unit.text == source.strip()
    assert len(sentence_spans(unit.text, 0, len(unit.text))) == source.count(".")


CLAIM = "KV cache offload gives 27x faster TTFT."
DEEP = {
    # markdown-it's commonmark preset stops reading at nesting level 20: these hid the claim.
    "list 10 deep": "".join("  " * depth + "- item\n" for depth in range(10)),
    "quotes 20 deep": ">" * 20 + " quoted\n",
    # Deeper than any parser limit, or a recursion limit, would allow.
    "quotes 3000 deep": ">" * 3_000 + " quoted\n",
    "list 600 deep": "".join("  " * depth + "- item\n" for depth in range(600)),
    "tab list 300 deep": "".join("\t" * depth + "- item\n" for depth in range(300)),
    "markers on one line": "- " * 1_000 + "item\n",
    "numbered on one line": "1. " * 700 + "item\n",
}


@pytest.mark.parametrize("name", list(DEEP))
def test_deep_nesting_keeps_the_rest_of_the_page(name: str) -> None:
    source = DEEP[name] + "\n" + CLAIM + "\n"
    texts = [unit.text for unit in scan(source, "markdown").units]
    assert CLAIM in texts
    unit = next(u for u in scan(source, "markdown").units if u.text == CLAIM)
    assert source[unit.start : unit.end] == CLAIM


@pytest.mark.parametrize("name", list(DEEP))
def test_a_claim_inside_deep_nesting_is_read_where_it_stands(name: str) -> None:
    # The innermost line carries the claim: it is read, at its own columns in the source.
    source = DEEP[name].rstrip("\n").removesuffix("item").removesuffix("quoted") + CLAIM + "\n"
    units = [u for u in scan(source, "markdown").units if CLAIM in u.text]
    assert units, name
    start = units[0].start + units[0].text.index(CLAIM)
    assert source[start : start + len(CLAIM)] == CLAIM
