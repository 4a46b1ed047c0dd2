"""Pieces shared by the CI formats: places, severity order and Markdown table rows."""

from __future__ import annotations

import html
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


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell: pipes escaped, line breaks as ``<br>``, HTML
    escaped (GitHub would drop ``<text>`` as an unknown tag) and other control characters shown
    as escapes."""
    text = html.escape(visible(text, breaks=True), quote=False).replace("|", "\\|")
    return _LINE_BREAK.sub("<br>", text)


def row(cells: Iterable[str]) -> str:
    """One Markdown table row."""
    return "| " + " | ".join(cell(text) for text in cells) + " |"


def header(names: Iterable[str]) -> list[str]:
    """The two header lines of a Markdown table."""
    names = list(names)
    return [row(names), "|" + "---|" * len(names)]
