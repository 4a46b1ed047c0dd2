"""Source snippets: the line, a caret under the span, whatever the line holds."""

from __future__ import annotations

from msgspec.structs import replace

from claimcheck.formats.snippet import finding_snippets, snippet
from claimcheck.report import ClaimReport, SourceRef
from claimcheck.severity import Severity
from tests.formats.sample import claim, finding, report

PAGE = "# Title\n\nUp to 27x faster TTFT at 128K tokens.\n"


def test_the_caret_sits_under_the_span() -> None:
    assert snippet(PAGE, 3, 7, end_line=3, end_column=10) == [
        "  |",
        "3 | Up to 27x faster TTFT at 128K tokens.",
        "  |       ^^^",
    ]


def test_without_an_end_the_caret_covers_the_word_or_the_key() -> None:
    assert snippet(PAGE, 3, 7)[2] == "  |       ^^^"
    assert snippet("speedup: 45\n", 1, 1)[2] == "  | ^^^^^^^"
    assert snippet("speedup = 45\n", 1, 1)[2] == "  | ^^^^^^^"


def test_a_span_over_several_lines_runs_to_the_end_of_the_first() -> None:
    assert snippet("ab cd\nef\n", 1, 4, end_line=2, end_column=2)[2] == "  |    ^^"


def test_tabs_wide_characters_and_controls_keep_the_caret_in_place() -> None:
    lines = snippet("\t速い 27x\x1b faster\n", 1, 5, end_line=1, end_column=8)
    assert lines[1] == "1 |     速い 27x\\x1b faster"
    assert lines[2] == "  |          ^^^"


def test_crlf_lines_count_as_lines() -> None:
    assert snippet("a\r\nb 27x\r\n", 2, 3, end_line=2, end_column=6)[1:] == [
        "2 | b 27x",
        "  |   ^^^",
    ]


def test_a_long_line_is_cut_around_the_span() -> None:
    line = "x" * 300 + " 27x faster " + "y" * 300
    source, caret = snippet(line, 1, 302, end_line=1, end_column=305, width=80)[1:]
    assert source.startswith("1 | …") and source.endswith("…")
    assert len(source) <= 80
    assert source[caret.index("^")] == "2"
    assert source[caret.index("^") : caret.rindex("^") + 1] == "27x"


def test_a_line_outside_the_text_gives_nothing() -> None:
    assert snippet(PAGE, 9, 1) == []
    assert snippet(PAGE, 0, 1) == []


def test_findings_read_files_and_command_line_text() -> None:
    in_file = finding("KV101", Severity.WARNING, 3, 7)
    in_text = replace(
        finding("KV103", Severity.WARNING, 1, 40), **{"path": None, "end_line": 1, "end_column": 44}
    )
    sentence = replace(
        claim("text-1", [in_text]),
        **{
            "text": "Up to 27x faster TTFT at 128K tokens.",
            "source": SourceRef(line=1, column=23),
        },
    )
    assert isinstance(sentence, ClaimReport)
    sample = report([claim("a", [in_file]), sentence])
    read: list[str] = []

    def sources(path: str) -> str | None:
        read.append(path)
        return PAGE

    found = finding_snippets(sample, sources, 100)
    assert found[id(in_file)][2] == "  |       ^^^"
    # the text "Our product is great. Up to 27x…": the claim's sentence starts at column 23
    assert found[id(in_text)][1:] == [
        "1 | Up to 27x faster TTFT at 128K tokens.",
        "  |                  ^^^^",
    ]
    assert read == ["docs/page.md"]
    assert finding_snippets(sample, None, 100).keys() == {id(in_text)}
