"""From a document's source text to prose units with exact source positions, and suppressions.

The scanners load on first use: importing ``claimcheck.documents.lines`` (which a one-liner
needs) does not load the Markdown and HTML parsers or the suppression comments."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from claimcheck.documents.document import Document, Runs
    from claimcheck.documents.html import scan_html
    from claimcheck.documents.markdown import scan_markdown
    from claimcheck.documents.page_text import Text
    from claimcheck.documents.plain import scan_plain
    from claimcheck.documents.suppressions import (
        Directive,
        DirectiveProblem,
        SuppressionResult,
        Unused,
        apply_suppressions,
    )
    from claimcheck.documents.units import SourceRun, TextUnit

_HOMES = {
    "Directive": "suppressions",
    "DirectiveProblem": "suppressions",
    "Document": "document",
    "Runs": "document",
    "SourceRun": "units",
    "SuppressionResult": "suppressions",
    "TextUnit": "units",
    "Unused": "suppressions",
    "apply_suppressions": "suppressions",
    "scan_html": "html",
    "scan_markdown": "markdown",
    "scan_plain": "plain",
}

__all__ = [
    "Directive",
    "DirectiveProblem",
    "Document",
    "Runs",
    "SourceRun",
    "SuppressionResult",
    "TextUnit",
    "Unused",
    "apply_suppressions",
    "scan",
    "scan_html",
    "scan_markdown",
    "scan_plain",
    "scan_runs",
]


def __getattr__(name: str) -> Any:
    """A name of the package, from its module, loaded the first time it is asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def scan(
    source: str,
    kind: Literal["markdown", "html", "text"],
    wanted: Callable[[str], bool] | None = None,
) -> Document:
    """Scan ``source`` as Markdown, HTML or plain text. Never raises on any text. ``wanted``:
    which Markdown paragraphs to read (see ``scan_markdown``); HTML and text read them all."""
    if kind == "markdown":
        from claimcheck.documents.markdown import scan_markdown

        return scan_markdown(source, wanted)
    if kind == "html":
        from claimcheck.documents.html import scan_html

        return scan_html(source)
    from claimcheck.documents.plain import scan_plain

    return scan_plain(source)


def scan_runs(
    source: Text,
    kind: Literal["markdown", "html", "text"],
    wanted: Callable[[str], bool] | None = None,
) -> Runs:
    """``scan``, a run of whole blocks at a time where the page is long Markdown
    (``claimcheck.documents.markdown.markdown_runs``, which reads a page in pieces as it
    reads the string: ``claimcheck.documents.page_text``); HTML and text in one run."""
    if kind == "markdown":
        from claimcheck.documents.markdown import markdown_runs

        return markdown_runs(source, wanted)
    from claimcheck.documents.document import Runs

    return Runs.of(scan(str(source), kind, wanted))
