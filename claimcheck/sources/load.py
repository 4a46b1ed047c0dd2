"""One input → its claim records (and, for documents, its suppression comments)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

from claimcheck.claim import Claim, claim_from_reading
from claimcheck.errors import InputError
from claimcheck.extract import Extraction, extract_claims
from claimcheck.record import ClaimRecord, Position
from claimcheck.sources.inputs import DOCUMENT_KINDS, Input, StdinInput, TextInput
from claimcheck.sources.reading import read_text

if TYPE_CHECKING:
    from claimcheck.sources.document import DocumentKind, ReadDocument
    from claimcheck.sources.structured import Format


@dataclass(frozen=True)
class Loaded:
    """What one input gave: claims, problems of invalid claims, whether it counts as a file,
    and a document's suppression comments."""

    records: list[ClaimRecord] = field(default_factory=list)
    problems: list[InputError] = field(default_factory=list)
    counted: int = 0
    document: ReadDocument | None = None


def load_input(item: Input, max_bytes: int, read_stdin: Callable[[], str]) -> Loaded:
    """Read one input. ``InputError`` when the input as a whole cannot be read."""
    if isinstance(item, TextInput):
        return Loaded(from_text(item.text, item.display, item.explicit))
    if isinstance(item, StdinInput):
        text = read_stdin()
        if not text.strip():
            raise InputError("standard input is empty", path=item.display)
        kind = item.kind or _guess_kind(text)
        return _from_source(text, kind, item.display, "stdin", named=True)
    text = read_text(item.path, item.display, max_bytes=max_bytes)
    return _from_source(text, item.kind, item.display, Path(item.path).stem, named=item.named)


def _from_source(text: str, kind: str, display: str, stem: str, *, named: bool) -> Loaded:
    # Parsers load on first use: a one-liner never pays for YAML or Markdown.
    if kind in DOCUMENT_KINDS:
        from claimcheck.sources.document import read_document

        document = read_document(text, cast("DocumentKind", kind), display)
        return Loaded(document.records, counted=1, document=document)
    from claimcheck.sources.claimfile import load_claims

    loaded = load_claims(text, cast("Format", kind), display, stem, named=named)
    if loaded is None:
        return Loaded()  # a YAML/TOML/JSON file in a folder that holds no claim fields
    return Loaded(loaded.records, loaded.problems, counted=1)


def _guess_kind(text: str) -> str:
    """Standard input without ``--stdin-filename``: JSON, a YAML claim mapping, or prose."""
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        return "json"
    first = next((ln for ln in stripped.splitlines() if ln.strip() and not ln.startswith("#")), "")
    key = first.split(":", 1)[0].strip().lstrip("- ")
    return "yaml" if ":" in first and key in Claim.model_fields else "text"


def from_text(text: str, display: str, explicit: bool) -> list[ClaimRecord]:
    """The claims of command-line text; none found is an input error."""
    extractions = extract_claims(text, explicit=explicit)
    if not extractions:
        raise InputError(
            "no KV-cache speedup claim found in the text (pass it with --text to audit it anyway)",
            path=display,
        )
    return [_text_record(text, display, n, ex) for n, ex in enumerate(extractions, start=1)]


def _text_record(text: str, display: str, number: int, extraction: Extraction) -> ClaimRecord:
    def at(offset: int, end: int) -> Position:
        line = text.count("\n", 0, offset) + 1
        start_col = offset - (text.rfind("\n", 0, offset) + 1) + 1
        end_line = text.count("\n", 0, end) + 1
        end_col = end - (text.rfind("\n", 0, end) + 1) + 1
        return Position(line, start_col, end_line, end_col)

    sentence = text[extraction.span.start : extraction.span.end].strip()
    claim = claim_from_reading(extraction.values, sentence)
    return ClaimRecord(
        claim=claim,
        id=f"text-{number}",
        path=display,
        position=at(extraction.span.start, extraction.span.end),
        fields={name: at(span.start, span.end) for name, span in extraction.spans.items()},
        cues={name: at(span.start, span.end) for name, span in extraction.cues.items()},
        readings=extraction.readings,
        confidence=extraction.confidence,
    )
