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
