"""Documents (Markdown, HTML, text) → ClaimRecords at exact source positions, plus their
suppression comments."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from claimcheck.claim import claim_from_reading
from claimcheck.documents import Directive, DirectiveProblem, Document, TextUnit, scan
from claimcheck.extract import Extraction, Span, extract_claims
from claimcheck.extract.prefilter import candidate, cue, page_may_hold_claims
from claimcheck.record import ClaimRecord, Position

DocumentKind = Literal["markdown", "html", "text"]


@dataclass(frozen=True, slots=True)
class ReadDocument:
    """The claims of one document and its suppression comments."""

    records: list[ClaimRecord]
    directives: tuple[Directive, ...] = ()
    problems: tuple[DirectiveProblem, ...] = ()


def read_document(source: str, kind: DocumentKind, display: str) -> ReadDocument:
    """Every claim in the prose of ``source``. Pages with no candidate number and no
    ``claimcheck`` comment are passed over without parsing (the cheap prefilter)."""
    if "claimcheck" not in source and not page_may_hold_claims(source, by_block=kind != "html"):
        return ReadDocument([])
    document = scan(source, kind)
    records: list[ClaimRecord] = []
    header = ""
    previous_kind = ""
    for unit in document.units:
        # A table row is read with its table's header row as a hint (cue and metric).
        if unit.kind == "table_row":
            header = unit.text if previous_kind != "table_row" else header
            hint = header if unit.text is not header else ""
        else:
            hint = ""
        previous_kind = unit.kind
        if not candidate(unit.text) or not (cue(unit.text) or (hint and cue(hint))):
            continue
        records.extend(
            _record(document, unit, ex, display) for ex in extract_claims(unit.text, hint=hint)
        )
    return ReadDocument(records, document.directives, document.problems)


def _record(
    document: Document, unit: TextUnit, extraction: Extraction, display: str
) -> ClaimRecord:
    def at(span: Span) -> Position:
        start, end = unit.source_span(span.start, span.end)
        line, column = document.position(start)
        end_line, end_column = document.position(end)
        return Position(line, column, end_line, end_column)

    sentence = unit.text[extraction.span.start : extraction.span.end].strip()
    claim = claim_from_reading(extraction.values, sentence)
    where = at(extraction.span)
    return ClaimRecord(
        claim=claim,
        id=f"{display}:{where.line}",
        path=display,
        position=where,
        fields={name: at(span) for name, span in extraction.spans.items()},
        cues={name: at(span) for name, span in extraction.cues.items()},
        readings=extraction.readings,
        confidence=extraction.confidence,
    )
