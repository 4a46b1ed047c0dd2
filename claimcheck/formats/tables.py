"""Pieces shared by the CI formats: places, severity order and Markdown table rows."""

from __future__ import annotations

import re
from collections.abc import Iterable

from claimcheck.formats.visible import visible
from claimcheck.report import Finding, InputProblem

TEXT_PATH = "<text>"
"""The artifact name of claim text given on the command line (it has no file)."""

_LINE_BREAK = re.compile(r"\r\n?|\n")


def place(finding: Finding) -> str:
    """``path:line:col``, with ``<text>`` for command-line text and 1 for a missing number."""
    return f"{finding.path or TEXT_PATH}:{finding.line or 1}:{finding.column or 1}"


def problem_place(problem: InputProblem) -> str:
    """``path``, ``path:line`` or ``path:line:col``: only as precise as the problem is."""
    where = problem.path or TEXT_PATH
    if problem.line is not None:
        where += f":{problem.line}"
        if problem.column is not None:
            where += f":{problem.column}"
    return where


def most_severe_first(findings: Iterable[Finding]) -> list[Finding]:
    """Errors, then warnings, then info; report order (path, line, column, code) within each."""
    return sorted(findings, key=lambda f: -f.severity.rank)


# What GitHub links after the Markdown is rendered, where a backslash escape no longer shows:
# @mentions (and e-mail addresses) and issue references (#12, GH-12), see
# https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/autolinked-references-and-urls.
_REFERENCE = r"@[0-9A-Za-z][0-9A-Za-z-]*|#[0-9]+|\b[Gg][Hh]-[0-9]+"
# Characters that start or end an inline construct anywhere: escapes, code, emphasis,
# strikethrough, links and images, autolinks and raw HTML, entities, table cells, and GitHub's
# math, which a backslash escapes too
# (https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/writing-mathematical-expressions).
_ANYWHERE = "\\`*_[]<&|~$"
_LITERAL = re.compile(
    f"(?P<reference>{_REFERENCE})"
    # A block can start only where the value does (a list item's first words): a heading,
    # a quote, a bullet, a setext line, an ordered list ("1." or "1)").
    r"|(?P<block>^[ \t]*(?:[#>+=-]|[0-9]{1,9}[.)]))"
    # GFM's autolinks: "https://…" (and ftp) by their "://", "www.…" by its dot.
    r"|(?P<autolink>:(?=//)|(?<=[Ww]{3})\.)"
    f"|(?P<anywhere>[{re.escape(_ANYWHERE)}])"
)


def markdown_text(text: str) -> str:
    """``text`` as Markdown that GitHub renders as the same literal text, on one line: the one
    escaping of every value a Markdown report takes from its inputs (ids, paths, messages and
    the text they quote), in a table cell or at the start of a list item.

    Markdown-active punctuation is backslash-escaped where it is active: CommonMark lets any
    ASCII punctuation be escaped, and an escaped character "is treated as a regular character"
    (CommonMark 0.31, §2.4, https://spec.commonmark.org/0.31.2/#backslash-escapes), so
    ``![x](http://e/i.png)`` is no image and ``https\\://`` no link (GFM's autolinks,
    https://github.github.com/gfm/#autolinks-extension-). A pipe escaped as ``\\|`` stays in
    its cell (https://github.github.com/gfm/#tables-extension-). GitHub finds @mentions and
    issue references in the rendered text, after the escapes are gone, so ``\\@name`` still
    notifies (https://github.com/github/markup/issues/1168,
    https://github.com/github/cmark-gfm/issues/181); in a code span it does not: ``@name``,
    ``#12`` and ``GH-12`` are written as code spans (their characters hold no backtick, so one
    backtick fences them). Line breaks become ``<br>``; other control characters are shown as
    escapes (``visible``).
    """
    lines = _LINE_BREAK.split(visible(text, breaks=True))
    return "<br>".join(_LITERAL.sub(_literal, line) for line in lines)


def _literal(match: re.Match[str]) -> str:
    found = match.group()
    if match.group("reference") is not None:
        return f"`{found}`"
    return f"{found[:-1]}\\{found[-1]}"  # the active character is the match's last


def row(cells: Iterable[str]) -> str:
    """One Markdown table row."""
    return "| " + " | ".join(markdown_text(text) for text in cells) + " |"


def header(names: Iterable[str]) -> list[str]:
    """The two header lines of a Markdown table."""
    names = list(names)
    return [row(names), "|" + "---|" * len(names)]
