"""From a document's source text to prose units with exact source positions, and suppressions."""

from __future__ import annotations

from typing import Literal

from claimcheck.documents.document import Document
from claimcheck.documents.html import scan_html
from claimcheck.documents.markdown import scan_markdown
from claimcheck.documents.plain import scan_plain
from claimcheck.documents.suppressions import (
    Directive,
    DirectiveProblem,
    SuppressionResult,
    Unused,
    apply_suppressions,
)
from claimcheck.documents.units import SourceRun, TextUnit

__all__ = [
    "Directive",
    "DirectiveProblem",
    "Document",
    "SourceRun",
    "SuppressionResult",
    "TextUnit",
    "Unused",
    "apply_suppressions",
    "scan",
    "scan_html",
    "scan_markdown",
    "scan_plain",
]


def scan(source: str, kind: Literal["markdown", "html", "text"]) -> Document:
    """Scan ``source`` as Markdown, HTML or plain text. Never raises on any text."""
    if kind == "markdown":
        return scan_markdown(source)
    if kind == "html":
        return scan_html(source)
    return scan_plain(source)
