"""Plain text: paragraphs separated by blank lines; directive comments on lines of their own."""

from __future__ import annotations

from claimcheck.documents import scan, scan_plain

from .helpers import all_positions, expected, found, texts

SOURCE = """Our cache gives 27× faster TTFT,
  loading 112K tokens in 2.1 s.

<!-- claimcheck: disable-next-line KV103 -- vendor quote -->
Up to 10x <!-- not a directive --> at 128K.
\t
Last 3x paragraph"""


def test_paragraphs_are_units() -> None:
    assert texts(scan_plain(SOURCE)) == [
        ("paragraph", "Our cache gives 27× faster TTFT, loading 112K tokens in 2.1 s."),
        ("paragraph", "Up to 10x <!-- not a directive --> at 128K."),
        ("paragraph", "Last 3x paragraph"),
    ]
    assert scan(SOURCE, "text") == scan_plain(SOURCE)


def test_positions() -> None:
    document = scan_plain(SOURCE)
    assert found(document, "27×") == expected(SOURCE, 1, "27×")
    assert found(document, "loading") == expected(SOURCE, 2, "loading")
    assert found(document, "128K") == expected(SOURCE, 5, "128K")
    assert found(document, "3x") == expected(SOURCE, 7, "3x")


def test_directive_on_its_own_line() -> None:
    (directive,) = scan_plain(SOURCE).directives
    assert (directive.kind, directive.codes, directive.reason) == (
        "disable-next-line",
        ("KV103",),
        "vendor quote",
    )
    assert (directive.line, directive.column, directive.first_line) == (4, 1, 5)


def test_cr_only_line_endings_match_lf() -> None:
    assert all_positions(scan_plain(SOURCE.replace("\n", "\r"))) == all_positions(
        scan_plain(SOURCE)
    )
