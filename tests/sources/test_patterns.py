"""Gitignore-style patterns compiled line by line: a line the matcher refuses is named, and
every other line still matches as git would."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.defaults import DEFAULT_EXCLUDE
from claimcheck.sources.patterns import NamePatterns, compile_lines


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


_PIECES = st.sampled_from(["a", "b", ".", "-", "_", "*", "?", "ab", ".a", "a.", "*.md", "/"])
# Parts of paths as a walk makes them (never "." or ".."); a folder's path ends with "/".
_PARTS = st.sampled_from(["a", "b", ".a", "ab", "a.md", "b.md", "..b", "-", "_b", "a.b"])


@settings(max_examples=600)
@given(
    st.lists(st.lists(_PIECES, min_size=1, max_size=4).map("".join), min_size=1, max_size=4),
    st.lists(_PARTS, min_size=1, max_size=4),
    st.booleans(),
)
def test_plain_names_match_as_pathspec_matches_them(
    patterns: list[str], parts: list[str], folder: bool
) -> None:
    import pathspec

    names = NamePatterns.of(patterns)
    if names is None:  # not only plain names: left to pathspec
        assert any("/" in p[:-1] or "**" in p or not p.strip("./") for p in patterns)
        return
    path = "/".join(parts) + ("/" if folder else "")
    assert names.match_file(path) == pathspec.GitIgnoreSpec.from_lines(patterns).match_file(path)


def test_the_default_excludes_are_plain_names() -> None:
    names = NamePatterns.of(DEFAULT_EXCLUDE)
    assert names is not None
    assert names.match_file(".git/") and names.match_file("docs/.hidden.md")
    assert names.match_file("a/node_modules/x.md") and not names.match_file("a/node_modules")
    assert not names.match_file("docs/guide.md") and not names.match_file("builder/x.md")
