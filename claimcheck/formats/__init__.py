"""Output formats. Each is a pure ``render(report, options) -> str``; the CLI owns the stream."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from importlib import import_module
from typing import TYPE_CHECKING

import msgspec

from claimcheck.output_format import OutputFormat as OutputFormat
from claimcheck.severity import Severity

if TYPE_CHECKING:
    from claimcheck.formats.checkout import Checkout
    from claimcheck.report import ClaimStore, Report


# The registry: each --format choice (``claimcheck/output_format.py``) and the module that
# renders it, loaded on first use. A new format is a member there, a module, and a line here.
FORMATTERS: dict[OutputFormat, str] = {
    OutputFormat.TEXT: "claimcheck.formats.text_format",
    OutputFormat.CONCISE: "claimcheck.formats.concise_format",
    OutputFormat.JSON: "claimcheck.formats.json_format",
    OutputFormat.SARIF: "claimcheck.formats.sarif_format",
    OutputFormat.GITHUB: "claimcheck.formats.github_format",
    OutputFormat.GITLAB: "claimcheck.formats.gitlab_format",
    OutputFormat.JUNIT: "claimcheck.formats.junit_format",
    OutputFormat.MARKDOWN: "claimcheck.formats.markdown_format",
    OutputFormat.HTML: "claimcheck.formats.html_format",
}


class RenderOptions(msgspec.Struct, frozen=True):
    """Presentation settings for the human formats, and what the machine formats need to know
    about the run: the ``--fail-on`` threshold (JUnit fails only what fails the run) and the
    checkout the file names are in (SARIF names them from the repository root).

    ``show_source``: a snippet of the source under each finding shown in full (``None``: the
    format's default, on in ``text``, off in ``concise``). ``sources`` gives a file's text by
    the path the report shows (``None`` when it cannot be read).
    """

    width: int = 100
    color: bool = False
    fail_on: Severity | None = Severity.ERROR
    checkout: Checkout | None = None
    show_source: bool | None = None
    sources: Callable[[str], str | None] | None = None


def claim_store(fmt: OutputFormat) -> ClaimStore:
    """Where an audit whose report is written in ``fmt`` keeps each claim's report until the
    report is written: the formats written as they go keep them encoded, the JSON format as
    its entries (``json_format.ClaimEntries``), SARIF as MessagePack
    (``report.EncodedReports``); every other format holds them."""
    if fmt is OutputFormat.JSON:
        from claimcheck.formats.json_format import ClaimEntries

        return ClaimEntries()
    from claimcheck.report import EncodedReports, HeldClaims

    return EncodedReports() if fmt is OutputFormat.SARIF else HeldClaims()


def render_chunks(
    report: Report, fmt: OutputFormat, options: RenderOptions | None = None
) -> Iterator[str | bytes]:
    """The rendering in pieces, for writing large reports without holding them whole; formats
    without a ``chunks`` function give their whole text as one piece. A piece is text, or text
    already encoded as UTF-8 (the JSON format's pieces: ``commands.streams.write_pieces``
    writes them as they are)."""
    module = import_module(FORMATTERS[fmt])
    produce = getattr(module, "chunks", None)
    if produce is None:
        yield render(report, fmt, options)
    else:
        yield from produce(report, options or RenderOptions())


def render(report: Report, fmt: OutputFormat, options: RenderOptions | None = None) -> str:
    """Render ``report`` in ``fmt``. Formatter modules load lazily: start-up stays fast."""
    module = import_module(FORMATTERS[fmt])
    text: str = module.render(report, options or RenderOptions())
    return text
