"""Suppression directives: every form, malformed ones, open ranges and unused ones."""

from __future__ import annotations

import pytest

from claimcheck.documents import (
    Directive,
    Unused,
    apply_suppressions,
    scan_html,
    scan_markdown,
)

PAGE = """<!-- claimcheck: disable-file KV101 -- whole page quotes a vendor -->
# Title 27x

<!-- claimcheck: disable-next-line KV103, KV2 -- measured at 128K -->

Our cache is 27x faster at 128K. <!-- claimcheck: disable-line KV104 -->

<!-- claimcheck: disable KV105 -- vendor table -->
| a | b |
|---|---|
| 1 | 2 |
<!-- claimcheck: enable KV105 -->

<!-- claimcheck: disable KV302 -->
Up to 10x.

```
<!-- claimcheck: disable-line KV999 -->
```
"""
LAST_LINE = 20  # the empty line after the final newline


def test_every_form_with_its_range() -> None:
    document = scan_markdown(PAGE)
    assert document.problems == ()
    assert len(document.line_starts) == LAST_LINE
    inline_column = PAGE.splitlines()[5].index("<!--") + 1
    assert document.directives == (
        Directive("disable-file", ("KV101",), "whole page quotes a vendor", 1, 1, 1, LAST_LINE),
        Directive("disable-next-line", ("KV103", "KV2"), "measured at 128K", 4, 1, 6, 6),
        Directive("disable-line", ("KV104",), None, 6, inline_column, 6, 6),
        Directive("disable", ("KV105",), "vendor table", 8, 1, 8, 12),
        Directive("disable", ("KV302",), None, 14, 1, 14, LAST_LINE),
    )


def test_directives_in_html_and_partial_enable() -> None:
    source = (
        "<p>one</p>\n"
        "<!-- claimcheck: disable KV103, KV101 -->\n"
        "<p>two</p>\n"
        "<!-- claimcheck: enable KV103 -->\n"
        "<p>three <!-- claimcheck: disable-next-line KV1 --></p>\n"
        "\n"
        "<p>four</p>"
    )
    document = scan_html(source)
    assert document.problems == ()
    assert document.directives == (
        Directive("disable", ("KV103",), None, 2, 1, 2, 4),
        Directive("disable", ("KV101",), None, 2, 1, 2, 7),
        Directive("disable-next-line", ("KV1",), None, 5, 10, 7, 7),
    )


def test_next_line_without_prose_after_covers_nothing() -> None:
    (directive,) = scan_markdown(
        "Text 2x\n\n<!-- claimcheck: disable-next-line KV103 -->\n"
    ).directives
    assert directive.first_line > directive.last_line
    result = apply_suppressions([directive], [("KV103", 3), ("KV103", 4)])
    assert result.suppressed_by == (None, None)
    assert result.unused == (Unused(directive, ("KV103",)),)


@pytest.mark.parametrize(
    ("comment", "message"),
    [
        ("claimcheck: disable-line", "'disable-line' needs at least one rule code"),
        ("claimcheck: disable-lines KV103", "unknown directive 'disable-lines' (did you mean"),
        ("claimcheck: disable-line ALL", "blanket suppression is not allowed"),
        ("claimcheck: disable-line KV103 - reason", "'-' is not a rule code"),
        ("claimcheck:", "expected a directive after 'claimcheck:'"),
        ("claimcheck-disable-line KV103", "write 'claimcheck:' with a colon"),
        ("claimcheck: enable KV103", "'enable KV103' has no open 'disable KV103' before it"),
    ],
)
def test_malformed_directives_are_problems(comment: str, message: str) -> None:
    source = f"Text 27x\n\nmore <!-- {comment} --> text\n"
    for document in (scan_markdown(source), scan_html(source)):
        assert document.directives == ()
        (problem,) = document.problems
        assert (problem.line, problem.column) == (3, 6)
        assert message in problem.message


def test_unclosed_directive_comment_is_a_problem() -> None:
    (problem,) = scan_html("<p>x</p>\n<!-- claimcheck: disable-line KV103").problems
    assert (problem.line, problem.column) == (2, 1)
    assert "not closed" in problem.message


def test_other_comments_are_ignored() -> None:
    document = scan_markdown("<!-- claimcheck is great -->\n<!-- TODO: 27x -->\nText\n")
    assert (document.directives, document.problems) == ((), ())


def test_apply_suppressions() -> None:
    directives = scan_markdown(PAGE).directives
    by_file, next_line, same_line, table, open_range = directives
    findings = [
        ("KV103", 6),  # next-line
        ("KV201", 6),  # next-line, by the prefix KV2
        ("KV101", 2),  # the whole file
        ("KV104", 6),  # same line
        ("KV104", 7),  # not covered
        ("KV302", 15),  # the range that is never closed
        ("KV105", 13),  # just after the closed range
    ]
    result = apply_suppressions(directives, findings)
    assert result.suppressed_by == (
        next_line,
        next_line,
        by_file,
        same_line,
        None,
        open_range,
        None,
    )
    measured, quoted = "measured at 128K", "whole page quotes a vendor"
    assert result.reasons == (measured, measured, quoted, None, None, None, None)
    assert result.unused == (Unused(table, ("KV105",)),)


def test_narrowest_directive_wins_and_the_other_is_unused() -> None:
    wide = Directive("disable-file", ("KV1",), "file", 1, 1, 1, 9)
    span = Directive("disable", ("KV103",), "range", 2, 1, 2, 9)
    narrow = Directive("disable-line", ("KV103", "KV101"), "line", 5, 20, 5, 5)
    result = apply_suppressions([wide, span, narrow], [("KV103", 5), ("KV103", 6)])
    assert result.suppressed_by == (narrow, span)
    assert result.unused == (Unused(wide, ("KV1",)), Unused(narrow, ("KV101",)))


def test_first_of_overlapping_ranges_wins() -> None:
    later = Directive("disable", ("KV103",), None, 4, 1, 4, 8)
    earlier = Directive("disable", ("KV1",), None, 2, 1, 2, 3)
    enclosing = Directive("disable", ("KV103",), None, 1, 1, 1, 20)
    result = apply_suppressions([later, earlier, enclosing], [("KV103", 2), ("KV103", 5)])
    assert result.suppressed_by == (enclosing, enclosing)
    assert result.unused == (Unused(later, ("KV103",)), Unused(earlier, ("KV1",)))


def test_codes_are_case_insensitive() -> None:
    (directive,) = scan_markdown("<!-- claimcheck: disable-line kv103, Kv2 -->\n").directives
    assert directive.codes == ("KV103", "KV2")


def test_a_disable_line_over_many_lines_and_codes_suppresses_exactly_those() -> None:
    codes = [f"KV{code}" for code in range(100, 1000)]
    lines = 4_000
    body = "\n".join(codes + [""] * (lines - len(codes)))
    source = f"27x faster TTFT.\n<!-- claimcheck: disable-line {body} -->\nKV cache 3x.\n"
    (directive,) = scan_markdown(source).directives
    assert (directive.first_line, directive.last_line) == (2, lines + 1)
    assert len(directive.codes) == len(codes)
    findings = [
        (code, line)
        for code in ("KV103", "KV999", "KV1000", "KV99")
        for line in (1, 2, 3_000, lines + 1, lines + 2)
    ]
    result = apply_suppressions([directive], findings)
    covered = {
        (code, line)
        for code, line in findings
        if code in {"KV103", "KV999", "KV1000"} and 2 <= line <= lines + 1
    }
    # KV1000 is suppressed by the code KV100, a prefix of it; KV99 is named by no code.
    assert [d is not None for d in result.suppressed_by] == [f in covered for f in findings]
    (unused,) = result.unused
    assert unused.directive is directive
    assert set(unused.codes) == set(codes) - {"KV103", "KV999", "KV100"}


def test_a_disable_of_many_codes_ends_for_each_code_at_its_own_enable() -> None:
    codes = [f"KV{code}" for code in range(100, 1000)]
    enables = "".join(f"<!-- claimcheck: enable {code} -->\n" for code in codes)
    source = f"<!-- claimcheck: disable {' '.join(codes)} -->\n27x\n{enables}"
    document = scan_markdown(source)
    assert document.problems == ()
    ranges = {d.codes: (d.first_line, d.last_line) for d in document.directives}
    assert ranges == {(code,): (1, 3 + index) for index, code in enumerate(codes)}
    result = apply_suppressions(document.directives, [("KV500", 403), ("KV500", 404)])
    assert [d is not None for d in result.suppressed_by] == [True, False]
