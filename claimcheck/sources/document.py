"""Documents (Markdown, HTML, text) → ClaimRecords at exact source positions, plus their
suppression comments."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Literal

import msgspec

from claimcheck.documents import Directive, DirectiveProblem, Runs, TextUnit, scan_runs
from claimcheck.documents.front_matter import LOOKED_AT, front_matter_title
from claimcheck.documents.tables import timed_columns
from claimcheck.extract import Decision, Extraction, Reading, Span, read
from claimcheck.extract.evidence import (
    Page,
    about_another_technique,
    delta_row,
    lead_metric,
    names_kv_reuse,
    speed_header,
)
from claimcheck.extract.normalise import normalise
from claimcheck.extract.prefilter import (
    LARGE_PAGE,
    candidate,
    cue,
    page_may_hold_claims,
    page_names_cause,
    page_names_kv,
    paragraph_may_hold_candidate,
    topic_cue,
)
from claimcheck.record import ClaimRecord, Placed, Position, placed, record_from_extraction

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog
    from claimcheck.documents.page_text import Text

DocumentKind = Literal["markdown", "html", "text"]
_PROSE = frozenset({"paragraph", "list_item", "blockquote"})
_NEW_TABLE = re.compile(r"\n[ \t]*\r?\n|<table\b", re.IGNORECASE)

ReadingKey = tuple[str, str, str, str]
"""What a unit's reading depends on, with the built-in catalog: its text, hint, topic, page."""
_REMEMBERED: ContextVar[tuple[Mapping[ReadingKey, Reading], dict[ReadingKey, Reading]] | None] = (
    ContextVar("remembered_readings", default=None)
)


@contextmanager
def remembered_readings(
    earlier: Mapping[ReadingKey, Reading], kept: dict[ReadingKey, Reading]
) -> Iterator[None]:
    """Within the block, a unit read with the built-in catalog takes its reading from
    ``earlier`` when one was made for the same text, hint, topic and page (``read`` depends on
    nothing else), and every reading made or taken goes into ``kept``. An editor auditing a
    page again after each keystroke reads again only the paragraphs that changed; passing
    ``kept`` as the next ``earlier`` holds only the current page's readings."""
    token = _REMEMBERED.set((earlier, kept))
    try:
        yield
    finally:
        _REMEMBERED.reset(token)


class ReadDocument(msgspec.Struct, frozen=True):
    """The claims of one document and its suppression comments."""

    records: list[ClaimRecord]
    directives: tuple[Directive, ...] = ()
    problems: tuple[DirectiveProblem, ...] = ()
    decisions: tuple[Placed, ...] = ()


OPENING = 2000
"""A Markdown or text page is about KV caching when its first this many characters (its title,
front matter and opening paragraphs) name KV caching or a KV product: a blog post about a TPU
backend that lists prefix caching among its features further down is not, and its throughput
figures inherit no KV mechanism (docs/usage.md, "Lint marketing pages"). An HTML page, whose
opening is mostly markup, counts it anywhere."""


_ADDRESS = re.compile(r"\b(?:https?://|www\.)[^\s)\]>\"']*")


def read_document(
    source: Text, kind: DocumentKind, display: str, catalog: Catalog | None = None
) -> ReadDocument:
    """Every claim in the prose of ``source`` (a long Markdown page may come in pieces:
    ``documents.page_text``). Pages with no candidate number, or that name no KV cache,
    caching, prompt, prefix, TTFT or prefill (``page_names_cause``), and hold no
    ``claimcheck`` comment are passed over without parsing (the cheap prefilter).

    A table row is read with its table's header row as a hint; every unit is read with the
    page's topic (its title and the heading it sits under), so a paragraph under a heading
    about KV caching or a KV product needs no KV words of its own; on a page whose opening
    names KV caching (``OPENING``), a figure may inherit the mechanism."""
    commented = "claimcheck" in source
    scanned = _scanned(source, kind)
    # One lower-case copy of the page serves every scan of it for words; a large page is
    # scanned a part at a time instead, never copied whole.
    lower = scanned.lower() if isinstance(scanned, str) and len(scanned) <= LARGE_PAGE else None
    # A page that names no KV cache, caching, prompt, prefix, TTFT or prefill gives no claim.
    named = page_names_cause(scanned) if lower is None else page_names_cause(lower, lowered=True)
    if not commented and not (
        named and page_may_hold_claims(scanned, by_block=kind != "html", lower=lower)
    ):
        return ReadDocument([])
    names_kv = page_names_kv(scanned) if lower is None else page_names_kv(lower, lowered=True)
    if names_kv and kind != "html" and len(scanned) > OPENING:
        # its words, not its links' addresses ("github.com/kvcache-ai/…" names no KV cache),
        # and a KV cache reused, not one moved between machines or made room in
        opening = _ADDRESS.sub(" ", scanned[:OPENING].lower())
        names_kv = page_names_kv(opening, lowered=True) and names_kv_reuse(opening)
    if names_kv and kind == "markdown":
        # a page that opens on another technique ("PagedAttention is …") is about it
        names_kv = not about_another_technique(_lead(str(scanned[:OPENING])))
    page: Page = "kv" if names_kv else "other"
    title = front_matter_title(str(scanned[:LOOKED_AT])) if kind == "markdown" else ""
    del lower, scanned  # not held while the page is parsed
    # A paragraph that cannot hold a candidate is not parsed inline: the gate below would pass
    # it over. Where comments may place suppressions they need every paragraph's lines.
    wanted = None if commented else paragraph_may_hold_candidate
    runs = scan_runs(source, kind, _with_leads(wanted, page))
    if not named:  # parsed for its comments alone, which are read as its runs are
        for _run in runs:
            pass
        return ReadDocument([], runs.directives, runs.problems)
    reader = _PageReader(source, display, catalog, page, title)
    reader.read(runs)
    if reader.runs > 1 and reader.attribute_read:
        # Whether an attribute's text is on the page elsewhere was known only within its run:
        # read again, knowing which attribute texts are (``_PageReader``).
        runs = scan_runs(source, kind, _with_leads(wanted, page))
        reader = _PageReader(source, display, catalog, page, title, reader)
        reader.read(runs)
    decisions = tuple(reader.decisions)
    return ReadDocument(reader.records, runs.directives, runs.problems, decisions)


def _with_leads(wanted: Callable[[str], bool] | None, page: Page) -> Callable[[str], bool] | None:
    """``wanted``, but on a page about KV caching a paragraph that may name the metric the
    page's tables measure (``lead_metric``) is read too, whatever numbers it holds."""
    if wanted is None or page != "kv":
        return wanted

    def wanted_or_lead(content: str) -> bool:
        return wanted(content) or bool(lead_metric(content))

    return wanted_or_lead


def _scanned(source: Text, kind: DocumentKind) -> Text:
    """What the page-level scans read: an HTML page without the contents of its scripts,
    style sheets and SVG images, which the reader never reads (a page whose only KV words
    are in a script is not about KV caching)."""
    if kind != "html" or "<" not in source:
        return source
    from claimcheck.documents.html import without_unread_contents

    return without_unread_contents(str(source))


def _lead(opening: str) -> str:
    """A Markdown page's title (its first heading) and first paragraph, from its opening: the
    prose before any list, table, quote, code or image."""
    lines = [line.strip() for line in opening.splitlines()]
    title = next((line.lstrip("#").strip() for line in lines if line.startswith("#")), "")
    paragraph: list[str] = []
    for line in lines:
        if line and not line.startswith(_NOT_PROSE):
            paragraph.append(line)
        elif paragraph:
            break
    return f"{title}. {' '.join(paragraph)}"[:_LEAD]


_NOT_PROSE = ("#", ">", "|", "- ", "* ", "+ ", "!", "<", "```", "~~~", "---", "===", "[")
_LEAD = 600


def _each_column(header: str, metric: str) -> str:
    """``header`` with ``metric`` after each cell but the first (the rows' labels)."""
    cells = header.split("|")
    named = [i for i, cell in enumerate(cells) if cell.strip()]
    for i in named[1:]:
        cells[i] = f"{cells[i].rstrip()} {metric} "
    return "|".join(cells)


class _PageReader:
    """The claims of a page's units, read a run of them at a time.

    A table row is read with its table's header row as a hint; every unit is read with the
    page's topic (its title and the heading it sits under). An attribute that repeats text
    already on the page (a link titled with its own words, og:description beside description)
    is read once: it is passed over when another attribute before it or a unit other than an
    attribute anywhere on the page has its text. Reading one run at a time, a unit in another
    run is known only from an ``earlier`` reading of the page: the attribute texts it met, and
    those that a unit after an attribute of the same text has."""

    def __init__(
        self,
        source: Text,
        display: str,
        catalog: Catalog | None,
        page: Page,
        title: str = "",
        earlier: _PageReader | None = None,
    ) -> None:
        self.source = source
        self.display = display
        self.catalog = catalog
        self.page = page
        self.records: list[ClaimRecord] = []
        self.decisions: list[Placed] = []
        self.runs = 0
        self.attribute_read = False
        self.attributes: set[str] = set()  # every attribute text met
        self.later: set[str] = set()  # unit texts met after an attribute of the same text
        self.known = earlier.attributes if earlier else set()
        self.said = set(earlier.later) if earlier else set()
        self.header = ""
        self.previous_kind = ""
        self.previous_end = 0
        self.title = title  # the front matter's title, else the page's first heading
        self.section = ""
        self.lead: str | None = None  # the metric the page's opening paragraph names
        # What the gate found in each table header and topic of the page: every row of a
        # table has its header as a hint, every unit under a heading the same topic.
        self.framing: dict[str, bool] = {}
        self.topic_cues: dict[str, bool] = {}

    def read(self, runs: Runs) -> None:
        for units in runs:
            self.runs += 1
            # The texts of this run's units, and of the page's the earlier reading knows.
            said = {unit.text for unit in units if unit.kind != "attribute"}
            self.said.update(said & self.known)
            for unit in units:
                self._unit(runs, unit, said)

    def _unit(self, runs: Runs, unit: TextUnit, said: set[str]) -> None:
        if self.lead is None and unit.kind in _PROSE:
            # the page's opening block of prose: the metric it names for the KV mechanism
            self.lead = lead_metric(normalise(unit.text)[0]) if unit.text else ""
        if not unit.text:
            # A paragraph or table row left unread holds no candidate: only its kind counts. An
            # unread row follows a row of its table (no blank line or tag between), so the gap
            # from the row before it to the next row finds what the gap from it would.
            self.previous_kind = unit.kind
            return
        if unit.kind == "attribute":
            self.attributes.add(unit.text)
            if unit.text in said or unit.text in self.said:
                return
            self.said.add(unit.text)
            self.attribute_read = True
        elif unit.text in self.attributes:
            self.later.add(unit.text)
        # A table row is read with its table's header row as a hint (cue and metric); a row
        # after a blank line or a new <table> starts another table.
        if unit.kind == "table_row":
            gap = self.source[self.previous_end : unit.start]
            if self.previous_kind != "table_row" or _NEW_TABLE.search(gap) or _labels(unit.text):
                self.header = unit.text
            hint = _spelled(self.header) if unit.text is not self.header else ""
        else:
            hint = ""
        self.previous_kind = unit.kind
        self.previous_end = unit.end
        title, section = self.title, self.section
        topic = f"{title} | {section}" if section and section != title else title
        if unit.parent:  # a nested list item: the item it sits in is its context
            topic = f"{topic} | {unit.parent}"
        if unit.kind == "heading":
            self.title = title or unit.text
            self.section = unit.text
        # The gate reads the unit as the extractor will: without marks and invisible characters.
        plain = normalise(unit.text)[0]
        if hint and self.lead and delta_row(plain, hint):
            # "| Qwen3-0.6B | -8.3% | +9.5% |" on a page that opens "CPU KV-cache offload
            # provides throughput gains": the changes are of that metric
            hint = _each_column(hint, self.lead)
        page = self.page
        held = candidate(plain) or (hint != "" and timed_columns("", hint))  # "| KV TTFT (s) |"
        if not held or not (cue(plain) or self._framed(hint) or self._topic_cued(topic)):
            return
        reading = _read(unit.text, hint, topic, self.catalog, page)
        confident, held_back = _confident(reading.claims, reading.decisions)
        display = self.display
        self.records.extend(_record(runs, unit, ex, display) for ex in confident)
        self.decisions.extend(_placed(runs, unit, d, display) for d in held_back)

    def _framed(self, hint: str) -> bool:
        """Whether a table's header row ``hint`` frames its rows as KV claims: it names a cue,
        or a speedup column on a page about KV caching. Asked only of a unit that holds a
        candidate and no cue of its own, and once for each header (the answer depends on the
        header and the page alone)."""
        if not hint:
            return False
        framed = self.framing.get(hint)
        if framed is None:
            framed = cue(hint) or (self.page == "kv" and speed_header(hint))
            self.framing[hint] = framed
        return framed

    def _topic_cued(self, topic: str) -> bool:
        """``topic_cue(topic)``, once for each topic of the page."""
        cued = self.topic_cues.get(topic)
        if cued is None:
            cued = self.topic_cues[topic] = topic_cue(topic)
        return cued


_LABEL_WORD = re.compile(
    r"speed-?ups?|gains?|improvements?|ttft|latency|throughput|time|seconds|\(s\)|\(ms\)|tok/s|tps|"
    r"baseline|cached|hit|miss|recompute|compute|prefill",
    re.IGNORECASE,
)


_SNAKE = re.compile(r"(?<=[^\W_])_(?=[^\W_])")


def _spelled(header: str) -> str:
    """A header row with its column names' underscores read as spaces: "cache_on_ttft_ms" is
    "cache on ttft ms" to a reader (a benchmark script's CSV columns pasted as a table)."""
    return _SNAKE.sub(" ", header) if "_" in header else header


def _labels(row: str) -> bool:
    """Whether a table row is a row of column labels under the table's first ("Input length |
    Full Compute(s) | Disk80%(s) | Speedup" under a title row): every cell holds a word, none
    starts with a number ("2400ms", "**400ms**" are values) or holds a factor or a time ("TTFT
    7.24x (74198.4/1020.0ms)" is a value), and one names a speed or a side of the comparison."""
    cells = [cell.strip() for cell in row.removeprefix("| ").split("|")]  # an empty first cell
    return (
        len(cells) > 1
        and all(any(ch.isalpha() for ch in cell) for cell in cells)
        and not any(_VALUE_CELL.match(cell) for cell in cells)
        and _VALUE_INSIDE.search(row) is None
        and _LABEL_WORD.search(row) is not None
    )


_VALUE_CELL = re.compile(r"[*_~≈<>+\-−\s]*\d")
_VALUE_INSIDE = re.compile(r"\d\s?(?:[x×](?![^\W\d_])|m?s\b)")


def _read(text: str, hint: str, topic: str, catalog: Catalog | None, page: Page) -> Reading:
    remembered = _REMEMBERED.get() if catalog is None else None
    if remembered is None:
        return read(text, hint=hint, topic=topic, catalog=catalog, page=page)
    earlier, kept = remembered
    key = (text, hint, topic, page)
    reading = earlier.get(key)
    if reading is None:
        reading = read(text, hint=hint, topic=topic, page=page)
    kept[key] = reading
    return reading


DOCUMENT_CONFIDENCE = 0.55
"""The confidence a claim read from a page needs to be audited: a lint that accuses a
look-alike is a lint that gets turned off. Claims below it are listed by ``--explain``."""


def _confident(
    claims: list[Extraction], decisions: list[Decision]
) -> tuple[list[Extraction], list[Decision]]:
    """The claims confident enough for a document, and every decision, those behind a claim
    held back marked as dropped with the reason."""
    unsure = [c for c in claims if c.confidence < DOCUMENT_CONFIDENCE]
    if not unsure:
        return claims, decisions
    marked = []
    for decision in decisions:
        span = decision.candidate.span
        behind = next(
            (c for c in unsure if c.span.start <= span.start and span.end <= c.span.end), None
        )
        if decision.kept and behind is not None:
            reason = (
                f"read as a claim with confidence {behind.confidence:.2f}, below the "
                f"{DOCUMENT_CONFIDENCE:.2f} a page's claim needs (docs/extractor.md)"
            )
            decision = msgspec.structs.replace(decision, kept=False, reason=reason)
        marked.append(decision)
    return [c for c in claims if c.confidence >= DOCUMENT_CONFIDENCE], marked


def _at(runs: Runs, unit: TextUnit, span: Span) -> Position:
    start, end = unit.source_span(span.start, span.end)
    line, column = runs.position(start)
    end_line, end_column = runs.position(end)
    return Position(line, column, end_line, end_column)


def _placed(runs: Runs, unit: TextUnit, decision: Decision, display: str) -> Placed:
    span = decision.candidate.span
    return placed(decision, unit.text[span.start : span.end], display, _at(runs, unit, span))


def _record(runs: Runs, unit: TextUnit, extraction: Extraction, display: str) -> ClaimRecord:
    where = _at(runs, unit, extraction.span)
    return record_from_extraction(
        extraction,
        unit.text,
        record_id=f"{display}:{where.line}",
        path=display,
        at=lambda span: _at(runs, unit, span),
    )
