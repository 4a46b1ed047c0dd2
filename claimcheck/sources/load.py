"""One input → its claim records (and, for documents, its suppression comments)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import msgspec
from msgspec import field

from claimcheck.claim import Claim
from claimcheck.documents.lines import text_position
from claimcheck.errors import InputError, printable
from claimcheck.extract import Extraction, Reading, Span, read
from claimcheck.extract.scoring import OVERLAPPED, THRESHOLD
from claimcheck.record import (
    ClaimRecord,
    Placed,
    Position,
    placed,
    record_from_extraction,
)
from claimcheck.sources.inputs import DOCUMENT_KINDS, FileInput, Input, StdinInput, TextInput
from claimcheck.sources.reading import decode, read_text
from claimcheck.sources.reports import PEEK, is_report

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog
    from claimcheck.documents.page_text import Text
    from claimcheck.sources.document import DocumentKind, ReadDocument
    from claimcheck.sources.structured import Format


class Loaded(msgspec.Struct, frozen=True):
    """What one input gave: claims, problems of invalid claims, whether it counts as a file,
    and the suppression comments of a document or claim file."""

    records: list[ClaimRecord] = field(default_factory=list)
    problems: list[InputError] = field(default_factory=list)
    counted: int = 0
    document: ReadDocument | None = None
    decisions: tuple[Placed, ...] = ()


def load_input(
    item: Input, max_bytes: int, read_stdin: Callable[[], str], catalog: Catalog | None = None
) -> Loaded:
    """Read one input. ``InputError`` when the input as a whole cannot be read. ``catalog``
    names the models and GPUs prose may mention (default: the built-in catalog)."""
    if isinstance(item, TextInput):
        return from_text(
            _utf8(item.text, item.display, "text"), item.display, item.explicit, catalog
        )
    if isinstance(item, StdinInput):
        text = _utf8(read_stdin(), item.display, "standard input")
        if not text.strip():
            raise InputError("standard input is empty", path=item.display)
        kind = item.kind or _guess_kind(text)
        return _from_source(text, kind, item.display, "stdin", named=True, catalog=catalog)
    _check_name(item)
    if item.kind == "markdown":  # a long page is held in pieces
        from claimcheck.sources.long_page import read_page

        page = read_page(item.path, item.display, max_bytes=max_bytes)
        return _from_file_text(page, item, catalog)
    return _from_file_text(read_text(item.path, item.display, max_bytes=max_bytes), item, catalog)


def load_bytes(item: FileInput, data: bytes, catalog: Catalog | None = None) -> Loaded:
    """Read the file ``item`` from ``data``, its bytes as ``reading.read_bytes`` read them
    (the result cache hashes them first), as ``load_input`` reads it from disk: the same text,
    the same errors."""
    _check_name(item)
    if item.kind == "markdown":
        from claimcheck.sources.long_page import decode_page

        return _from_file_text(decode_page((data,), item.display), item, catalog)
    return _from_file_text(decode(data, item.display), item, catalog)


def _check_name(item: FileInput) -> None:
    if not _is_utf8(item.display):
        raise InputError(
            "the file name is not valid UTF-8 (expected a UTF-8 name: rename the file)",
            path=printable(item.display),
        )


def load_text(text: str, item: FileInput, catalog: Catalog | None = None) -> Loaded:
    """Read the file ``item`` from ``text``, its content held in memory (an editor's unsaved
    buffer), as ``load_input`` reads it from disk. ``InputError`` as there, and for text that
    holds lone surrogates (JSON-RPC may carry them; a file read from disk never does)."""
    return _from_file_text(_utf8(text, item.display, "file"), item, catalog)


def _from_file_text(text: Text, item: FileInput, catalog: Catalog | None) -> Loaded:
    if is_report(text[:PEEK], text[-PEEK:]):
        return Loaded()  # a report of an earlier run (README "Three ways in")
    return _from_source(text, item.kind, item.display, item.stem, named=item.named, catalog=catalog)


def _is_utf8(text: str) -> bool:
    """False when ``text`` holds lone surrogates: bytes that were not UTF-8, which Python
    keeps as U+DC80–U+DCFF in file names, arguments and a C-locale stdin (PEP 383)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _utf8(text: str, display: str, what: str) -> str:
    """``text`` unchanged, or ``InputError`` at the first byte that was not UTF-8."""
    if _is_utf8(text):
        return text
    bad = next(i for i, ch in enumerate(text) if "\ud800" <= ch <= "\udfff")
    offset = len(text[:bad].encode("utf-8", "surrogateescape"))
    line = text.count("\n", 0, bad) + 1
    raise InputError(
        f"invalid UTF-8 in the {what} at byte offset {offset} (line {line}); expected UTF-8 text",
        path=display,
    )


def _from_source(
    text: Text, kind: str, display: str, stem: str, *, named: bool, catalog: Catalog | None
) -> Loaded:
    # Parsers load on first use: a one-liner never pays for YAML or Markdown.
    if kind in DOCUMENT_KINDS:
        from claimcheck.sources.document import read_document

        document = read_document(text, cast("DocumentKind", kind), display, catalog)
        return Loaded(document.records, counted=1, document=document, decisions=document.decisions)
    from claimcheck.sources.claimfile import load_claims

    loaded = load_claims(
        str(text), cast("Format", kind), display, stem, named=named, catalog=catalog
    )
    if loaded is None:
        return Loaded()  # a YAML/TOML/JSON file in a folder that holds no claim fields
    comments = None
    if loaded.directives or loaded.directive_problems:
        from claimcheck.sources.document import ReadDocument

        comments = ReadDocument(loaded.records, loaded.directives, loaded.directive_problems)
    return Loaded(loaded.records, loaded.problems, counted=1, document=comments)


def _guess_kind(text: str) -> str:
    """Standard input without ``--stdin-filename``: JSON, a YAML claim mapping, an HTML or
    Markdown page (read as documents: code blocks and scripts skipped), or prose."""
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        return "json"
    first = next((ln for ln in stripped.splitlines() if ln.strip() and not ln.startswith("#")), "")
    key = first.split(":", 1)[0].strip().lstrip("- ")
    if ":" in first and key in Claim.model_fields:
        return "yaml"
    if _HTML_START.match(stripped):
        return "html"
    return "markdown" if _MARKDOWN_SIGN.search(text) else "text"


# A page that opens with a doctype, a comment or a common element is HTML.
_HTML_START = re.compile(
    r"<(?:!doctype\s+html|!--|(?:html|head|body|meta|title|div|p|section|article|main|header|"
    r"nav|h[1-6]|ul|ol|table|span|a|img|script|style|pre|template|noscript)\b)",
    re.IGNORECASE,
)
# Lines only Markdown writes: a fence (``` or ~~~), an ATX heading, front matter, a setext
# underline, or a link or image with its address (https://spec.commonmark.org/0.31.2/).
_MARKDOWN_SIGN = re.compile(
    r"^ {0,3}(?:```|~~~)|^ {0,3}#{1,6} \S|\A---\r?\n|^ {0,3}(?:=+|-{2,}) *\r?$|!?\[[^\]\n]+\]\([^)\s]+",
    re.MULTILINE,
)


def from_text(text: str, display: str, explicit: bool, catalog: Catalog | None = None) -> Loaded:
    """The claims of command-line text; none found is an input error that says what was
    missing, with every candidate the extractor weighed (for ``--explain``)."""
    reading = read(text, explicit=explicit, catalog=catalog)
    decisions = tuple(
        placed(
            d,
            text[d.candidate.span.start : d.candidate.span.end],
            display,
            _at(text, d.candidate.span),
        )
        for d in reading.decisions
    )
    if not reading.claims:
        return Loaded(
            problems=[InputError(_nothing_read(reading, text), path=display)],
            decisions=decisions,
        )
    records = [_text_record(text, display, n, ex) for n, ex in enumerate(reading.claims, start=1)]
    return Loaded(records, decisions=decisions)


def _nothing_read(reading: Reading, text: str) -> str:
    """Why a text gave no claim: no figure at all, or the best figure and what held it back."""
    if not reading.decisions:
        return (
            "no KV-cache speedup claim found: no speed figure in the text "
            "(expected a factor such as '27x', a percentage such as '90% lower TTFT', "
            "or before and after times such as 'from 57 s to 2.1 s')"
        )
    # A figure inside another's reading ("2.2x" in "1.2x–2.2x") stands or falls with it.
    standing = [d for d in reading.decisions if d.reason != OVERLAPPED]  # never all of them
    vetoed = [d for d in standing if d.reason.startswith(_VETOED)]
    if len(vetoed) == len(standing):
        # Every figure is something else: say what, not a score that decided nothing.
        first = vetoed[0]
        figure = text[first.candidate.span.start : first.candidate.span.end]
        return (
            f"no KV-cache speedup claim found: '{figure}' is not a KV-cache speedup: "
            f"{first.reason.removeprefix(_VETOED)}"
        )
    best = max((d for d in standing if d not in vetoed), key=lambda d: d.score)
    return (
        f"no KV-cache speedup claim found: the best candidate, a {best.candidate.quoted}, "
        f"scored {best.score:g} (a claim needs {THRESHOLD:g}); what weighed most: {best.reason}"
    )


_VETOED = "not a KV-cache speedup: "


def _at(text: str, span: Span) -> Position:
    return Position(*text_position(text, span.start), *text_position(text, span.end))


def _text_record(text: str, display: str, number: int, extraction: Extraction) -> ClaimRecord:
    return record_from_extraction(
        extraction, text, record_id=f"text-{number}", path=display, at=lambda s: _at(text, s)
    )
