"""Hidden and struck-out text is read as a browser shows it: not as text. The claim a reader
sees is read; a figure hidden inside it or struck out beside it is not."""

from __future__ import annotations

import pytest

from claimcheck.documents import scan
from claimcheck.extract import extract_claims
from claimcheck.sources.document import DocumentKind, read_document

SHOWN = "KV cache offload gives 27x faster TTFT."

HIDING = {
    "hidden attribute": "KV cache offload gives 2<span hidden>0</span>7x faster TTFT.",
    "hidden, nested same name": "KV cache offload gives 2<span hidden>0<span>1</span>9</span>7x faster TTFT.",
    "display none": "KV cache offload gives 2<span style='display: none'>0</span>7x faster TTFT.",
    "visibility hidden": 'KV cache offload gives 2<b style="color:red;visibility:hidden">0</b>7x faster TTFT.',
    "del": "KV cache offload gives <del>99x</del> 27x faster TTFT.",
    "s": "KV cache offload gives <s>99x</s> 27x faster TTFT.",
    "strike, upper case": "KV cache offload gives <STRIKE>99x</STRIKE> 27x faster TTFT.",
}  # fmt: skip


def _claims(page: str, kind: DocumentKind) -> list[float | None]:
    return [record.claim.speedup for record in read_document(page, kind, "page").records]


@pytest.mark.parametrize("kind", ["markdown", "html"])
@pytest.mark.parametrize("name", list(HIDING))
def test_hidden_text_is_not_read(kind: DocumentKind, name: str) -> None:
    page = f"<p>{HIDING[name]}</p>\n" if kind == "html" else HIDING[name] + "\n"
    assert _claims(page, kind) == [27.0]


@pytest.mark.parametrize("name", list(HIDING))
def test_hidden_text_is_not_read_in_a_sentence_given_directly(name: str) -> None:
    (claim,) = extract_claims(HIDING[name])
    assert claim.values["speedup"] == 27


def test_markdown_strikethrough_is_not_read() -> None:
    page = "KV cache offload gives ~~99x~~ 27x faster TTFT.\n"
    assert _claims(page, "markdown") == [27.0]
    (claim,) = extract_claims("KV cache offload gives ~~99x~~ 27x faster TTFT.")
    assert claim.values["speedup"] == 27


def test_aria_hidden_text_is_shown() -> None:
    # aria-hidden hides from a screen reader only: a sighted reader sees "207x".
    page = "<p>KV cache offload gives 2<span aria-hidden='true'>0</span>7x faster TTFT.</p>"
    assert _claims(page, "html") == [207.0]


def test_a_hidden_block_hides_its_paragraphs() -> None:
    page = "<div hidden><p>KV cache offload gives 99x faster TTFT.</p></div><p>" + SHOWN + "</p>"
    assert [unit.text for unit in scan(page, "html").units] == [SHOWN]


def test_text_after_a_hidden_element_keeps_its_place() -> None:
    page = "<p>" + HIDING["hidden attribute"] + "</p>"
    (unit,) = scan(page, "html").units
    assert unit.text == SHOWN
    at = unit.text.index("7x")
    assert page[unit.source_offset(at) : unit.source_offset(at) + 2] == "7x"


def test_struck_emphasis_and_links_inside_strikethrough_are_not_read() -> None:
    page = "KV cache ~~offload **99x** [faster](u)~~ reuse: 27x faster TTFT.\n"
    (unit,) = scan(page, "markdown").units
    assert unit.text == "KV cache reuse: 27x faster TTFT."


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (
            "KV cache offload gives ~99x~ 27x faster TTFT.",
            "KV cache offload gives 27x faster TTFT.",
        ),
        # A tilde for "about" strikes nothing: one after a space closes nothing.
        ("KV cache gives ~2x to ~3x faster TTFT.", "KV cache gives ~2x to ~3x faster TTFT."),
        ("KV cache: ~3x faster TTFT (vs ~1.5x).", "KV cache: ~3x faster TTFT (vs ~1.5x)."),
    ],
)
def test_single_tildes_strike_out_as_on_github(page: str, text: str) -> None:
    (unit,) = scan(page + "\n", "markdown").units
    assert unit.text == text
    at = unit.text.index("3x") if "3x" in unit.text else unit.text.index("27x")
    assert page[unit.source_offset(at)] == unit.text[at]
