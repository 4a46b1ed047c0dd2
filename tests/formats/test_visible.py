"""Escaping untrusted text for terminal formats: nothing that steers a terminal survives, and
safe text is left exactly as it was."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

from claimcheck.formats import OutputFormat, render
from claimcheck.formats.visible import visible, visible_model
from claimcheck.severity import Severity
from tests.formats.sample import claim, finding, report

STEERING = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
HOSTILE = st.text(
    st.one_of(
        st.characters(),
        st.sampled_from(["\x1b", "\r", "\n", "\x07", "\x85", "\u202e", "\u2066", "\u2028", "\t"]),
    )
)


@given(HOSTILE)
def test_nothing_that_steers_a_terminal_survives(text: str) -> None:
    shown = visible(text)
    assert STEERING.search(shown) is None
    assert len(shown) >= len(text)


@given(HOSTILE)
def test_with_breaks_only_line_breaks_survive(text: str) -> None:
    shown = visible(text, breaks=True)
    assert {c for c in shown if STEERING.match(c)} <= {"\n", "\r"}
    assert shown.count("\n") == text.count("\n")


@given(st.text(st.characters(blacklist_categories=("Cc", "Cf", "Zl", "Zp"))))
def test_safe_text_is_returned_as_it_is(text: str) -> None:
    assert visible(text) is text


def test_escapes_are_readable() -> None:
    assert visible("a\x1b[2Jb\rc\nd\te\x07f\x85g\u202eh") == (
        "a\\x1b[2Jb\\rc\\nd\\te\\x07f\\x85g\\u202eh"
    )


def test_every_string_in_a_model_is_escaped_and_clean_models_are_not_copied() -> None:
    hostile = claim("x\x1b[31m", [finding("KV101", Severity.WARNING, 1, 1)])
    hostile = replace(
        hostile, **{"claim": {**hostile.claim, "model": "m\u202e"}, "text": "27x\nfaster"}
    )
    shown = visible_model(report([hostile]))
    assert shown.claims[0].id == "x\\x1b[31m"
    assert shown.claims[0].claim["model"] == "m\\u202e"
    assert shown.claims[0].text == "27x\\nfaster"
    clean = report([claim("good", [])])
    assert visible_model(clean) is clean


def test_the_text_format_shows_no_raw_control_character() -> None:
    hostile = claim("id\x1b]0;title\x07", [finding("KV101", Severity.WARNING, 1, 1)])
    hostile = replace(hostile, **{"text": "27x\u202e faster\r"})
    for fmt in (OutputFormat.TEXT, OutputFormat.CONCISE, OutputFormat.MARKDOWN):
        out = render(report([hostile, claim("b\x9b2J", [])]), fmt)
        assert STEERING.search(out.replace("\n", "")) is None, fmt
