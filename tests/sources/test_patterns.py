"""Gitignore-style patterns compiled line by line: a line the matcher refuses is named, and
every other line still matches as git would."""

from __future__ import annotations

from claimcheck.sources.patterns import compile_lines


def test_refused_lines_are_named_and_the_others_still_match() -> None:
    spec, refused = compile_lines(["*.tmp", "foo\\", "build/", "[z-a]", "!keep.tmp"])
    assert [(r.line, r.message) for r in refused] == [
        (2, "'foo\\\\' is not a gitignore pattern claimcheck can match (a trailing backslash escapes nothing)"),
        (4, "'[z-a]' is not a gitignore pattern claimcheck can match (bad character range z-a)"),
    ]  # fmt: skip
    assert spec.match_file("a.tmp") and spec.match_file("build/x.md")
    assert not spec.match_file("keep.tmp")  # the negation after a refused line still applies


def test_a_character_class_git_accepts_compiles_without_a_warning() -> None:
    """pathspec warns "possible nested set" about ``[[:alpha:]]``; tests turn warnings into errors."""
    spec, refused = compile_lines(["[[:alpha:]]*.md"])
    assert refused == []
    assert spec is not None
