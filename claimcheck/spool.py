"""Claims kept as their JSON report entries, so that a large batch's JSON report is never held.

A batch of thousands of claim files gives a JSON report of about 4 KB a claim. When the report
is written as JSON, each claim of such a batch is judged on its own as soon as it is read (in
a worker process or here), written to its entry of the report at once, and the entry goes to
a temporary file (``Spool``): the run keeps only an ``Entry`` per claim, a few fields of it
for the rules that compare claims (KV303) and the entry's place in that file. Those rules'
findings, known only once every claim is read, are written into the entries as the report
is written (``patched``). The report is the one the claims' objects give, byte for byte
(``tests/test_spool.py``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, BinaryIO, overload

import msgspec

from claimcheck.record import Position
from claimcheck.report import ClaimReport, Finding
from claimcheck.severity import Severity

if TYPE_CHECKING:
    from pydantic import TypeAdapter

SEVERITIES = (Severity.ERROR, Severity.WARNING, Severity.INFO)
"""The order of ``Entry.counts``."""


class Entry(msgspec.Struct, kw_only=True, array_like=True):
    """A claim judged on its own and written as its entry of the JSON report.

    ``path``, ``line``, ``column`` and ``id`` place it in the report (its ``source`` and
    ``id``). For each rule that compares claims (in the judge's order): what the rule keeps of
    it (``kept``), where its finding would point (``where``), how many of the claim's own
    findings come before that place (``slots``), where in the entry's text a finding there is
    written in (``cuts``, in bytes), and the finding's code, severity and fingerprint; the finding
    itself is written with a blank for its message (``BLANK``) after the entry's text in the
    spool, ``blanks`` bytes each. ``counts`` are its own findings by severity
    (``SEVERITIES``), ``findings`` how many it has. ``offset`` and ``size`` are where its
    entry stands in the spool, and ``added`` the comparisons' findings, as the number of
    their rule, their message and their fingerprint, written into the entry as the report is
    written.
    """

    path: str | None
    line: int | None
    column: int | None
    id: str
    kept: tuple[object, ...]
    where: tuple[Position | None, ...]
    slots: tuple[int, ...]
    cuts: tuple[int, ...]
    codes: tuple[str, ...]
    severities: tuple[str, ...]
    fingerprints: tuple[str, ...]
    blanks: tuple[int, ...]
    counts: tuple[int, int, int]
    findings: int
    offset: int = 0
    size: int = 0
    added: tuple[tuple[int, str, str], ...] = ()

    @property
    def key(self) -> tuple[str, int, int, str]:
        """The report's order: path, line, column, id."""
        return (self.path or "", self.line or 0, self.column or 0, self.id)


BLANK = "\0message\0"
"""The message of a finding written before it is known (no message holds a NUL)."""
_BLANK = b'"\\u0000message\\u0000"'  # how the JSON report writes it


def entry_of(
    report: ClaimReport,
    kept: Sequence[object],
    where: Sequence[Position | None],
    blanks: Sequence[Finding],
) -> tuple[bytes, Entry]:
    """``report`` written as its JSON entry, followed by the ``blanks`` (the finding each rule
    that compares claims would add, with ``BLANK`` for a message), and the ``Entry`` that
    stands for it. ``kept`` and ``where`` are what each such rule keeps of the claim and where
    its finding would point."""
    places = [(f.line or 0, f.column or 0, f.code) for f in report.findings]
    slots = tuple(
        bisect_left(places, (w.line if w else 0, w.column if w else 0, blank.code))
        for w, blank in zip(where, blanks, strict=True)
    )
    counted = Counter(finding.severity for finding in report.findings)
    source = report.source
    text = written(report)
    blank_texts = finding_texts(blanks)
    entry = Entry(
        path=source.path,
        line=source.line,
        column=source.column,
        id=report.id,
        kept=tuple(kept),
        where=tuple(where),
        slots=slots,
        cuts=_cuts(text, len(report.findings), slots),
        codes=tuple(blank.code for blank in blanks),
        severities=tuple(blank.severity.value for blank in blanks),
        fingerprints=tuple(blank.fingerprint for blank in blanks),
        blanks=tuple(len(blank) for blank in blank_texts),
        counts=(counted[Severity.ERROR], counted[Severity.WARNING], counted[Severity.INFO]),
        findings=len(report.findings),
        size=len(text),
    )
    return text + b"".join(blank_texts), entry


def filled(blank: bytes, message: str, fingerprint: str, blank_fingerprint: str) -> bytes:
    """A blank finding with its message, and its fingerprint if it is not the blank's."""
    from claimcheck.formats.json_writer import json_string

    text = blank.replace(_BLANK, json_string(message).encode("utf-8"), 1)
    if fingerprint != blank_fingerprint:
        old = f'"fingerprint": "{blank_fingerprint}"'.encode()
        text = text.replace(old, f'"fingerprint": "{fingerprint}"'.encode(), 1)
    return text


def written(report: ClaimReport) -> bytes:
    """One claim's entry as the JSON report has it: indented as an item of its ``claims``."""
    return written_all([report])


def warm_serializers() -> None:
    """Build the serializers entries are written with (pydantic builds each on first use)."""
    _claims()
    _findings()


@cache
def _claims() -> TypeAdapter[dict[str, list[ClaimReport]]]:
    from pydantic import TypeAdapter  # only a report written by pydantic's serializer needs it

    return TypeAdapter(dict[str, list[ClaimReport]])


# An entry is cut out of '{\n  "claims": [\n    {…}\n  ]\n}' (json_format writes claims in the
# same way), so it comes out indented as the whole document indents it.
_HEAD = len('{\n  "claims": [\n')
_TAIL = len("\n  ]\n}")
_FINDINGS = b'\n      "findings": '
_CLOSE = b"\n      ]"
# Findings hold no mapping or list, and no string a raw line break: the text between two
# findings of an entry is always this.
_BETWEEN = b"\n        },\n        {\n"
_NEXT = len(b"\n        },\n")  # from there to the next finding's first line


def _cuts(text: bytes, findings: int, slots: tuple[int, ...]) -> tuple[int, ...]:
    """Where a finding goes in ``text``, an entry with ``findings`` own findings, for each
    slot: at the entry's empty list, at the first line of the slot-th finding, or after the
    last."""
    start = text.rindex(_FINDINGS) + len(_FINDINGS)
    if findings == 0:
        return tuple(start for _ in slots)
    firsts = [start + 2]  # after '[\n'
    wanted = min(max(slots, default=0), findings - 1)
    while len(firsts) <= wanted:
        firsts.append(text.index(_BETWEEN, firsts[-1]) + _NEXT)
    end = text.rindex(_CLOSE)
    return tuple(firsts[slot] if slot < findings else end for slot in slots)


def patched(text: bytes, findings: int, added: Sequence[tuple[int, int, bytes]]) -> bytes:
    """An entry's ``text`` (with ``findings`` own findings) with findings written in: each
    ``(slot, cut, finding)`` (see ``Entry``; the finding written as an item of the entry's
    findings, ``finding_texts``) goes before the slot-th own finding, or after the last when
    ``slot`` is their count. Findings of one slot keep their order."""
    if not added:
        return text
    ordered = sorted(added, key=lambda one: one[0])  # stable
    if findings == 0:
        cut = ordered[0][1]
        items = b",\n".join(finding for _, _, finding in ordered)
        return text[:cut] + b"[\n" + items + _CLOSE + text[cut + 2 :]  # in place of '[]'
    pieces = []
    at = 0
    for slot, cut, finding in ordered:
        pieces.append(text[at:cut])
        pieces.append(b",\n" + finding if slot == findings else finding + b",\n")
        at = cut
    pieces.append(text[at:])
    return b"".join(pieces)


def finding_texts(findings: Sequence[Finding]) -> list[bytes]:
    """Each finding written as an item of its claim's ``findings`` in the JSON report, in one
    call to the serializer."""
    if not findings:
        return []
    body = _findings().dump_json(list(findings), indent=2)[2:-2]  # '[\n  {…},\n  {…}\n]'
    body = _PAD[:6] + body.replace(b"\n", b"\n" + _PAD[:6])  # from an indent of 2 to 8
    parts = body.split(_BETWEEN)
    last = len(parts) - 1
    return [
        (part if i == 0 else _PAD + b"{\n" + part) + (b"" if i == last else b"\n" + _PAD + b"}")
        for i, part in enumerate(parts)
    ]


_PAD = b" " * 8  # a finding's indent inside its claim's entry


@cache
def _findings() -> TypeAdapter[list[Finding]]:
    from pydantic import TypeAdapter

    return TypeAdapter(list[Finding])


class Spool:
    """Entries written to a temporary file as they come and read back by place, mostly in
    the order they were written; both a megabyte at a time."""

    BLOCK_BYTES = 1 << 20
    """Entries are written and read back this many bytes at a time."""

    def __init__(self) -> None:
        self._file: BinaryIO | None = None
        self._pending: list[bytes] = []
        self._pending_bytes = 0
        self._end = 0
        self._read = b""
        self._read_at = 0

    def add(self, text: bytes, entry: Entry) -> Entry:
        """Write ``text``, the entry of ``entry`` and its blank findings, and note where it
        stands."""
        entry.offset = self._end
        self._end += len(text)
        self._pending.append(text)
        self._pending_bytes += len(text)
        if self._pending_bytes >= self.BLOCK_BYTES:
            self._flush()
        return entry

    def read(self, entry: Entry) -> bytes:
        """The entry's text as it was written, with its comparisons' findings written in."""
        size = entry.size + sum(entry.blanks)
        start = entry.offset - self._read_at
        if start < 0 or start + size > len(self._read):
            self._flush()
            assert self._file is not None
            self._file.seek(entry.offset)
            self._read = self._file.read(max(size, self.BLOCK_BYTES))
            self._read_at, start = entry.offset, 0
        block = self._read[start : start + size]
        text = block[: entry.size]
        if not entry.added:
            return text
        blanks = []
        at = entry.size
        for length in entry.blanks:
            blanks.append(block[at : at + length])
            at += length
        added = [
            (
                entry.slots[n],
                entry.cuts[n],
                filled(blanks[n], message, print_, entry.fingerprints[n]),
            )
            for n, message, print_ in entry.added
        ]
        return patched(text, entry.findings, added)

    def _flush(self) -> None:
        if self._file is None:
            import tempfile  # only a batch large enough to spool loads it
            import weakref

            self._file = tempfile.TemporaryFile()  # noqa: SIM115 - closed with the spool
            # The file lives as long as the report that reads from it, and is deleted with it.
            weakref.finalize(self, self._file.close)
        self._file.seek(0, 2)
        self._file.write(b"".join(self._pending))
        self._pending.clear()
        self._pending_bytes = 0


@cache
def _decoder() -> msgspec.msgpack.Decoder[list[tuple[bytes, Entry]]]:
    return msgspec.msgpack.Decoder(list[tuple[bytes, Entry]])  # a one-liner sends nothing


def sent(entries: Sequence[tuple[bytes, Entry]]) -> bytes:
    """Entries and their texts encoded for the trip from a worker process (MessagePack: about
    a fifth of the time pickle takes to read them back)."""
    return msgspec.msgpack.encode(entries)


def received(data: bytes) -> list[tuple[bytes, Entry]]:
    """The entries ``sent`` encoded. What a rule keeps of a claim comes back with its tuples
    as tuples (``rules.base.Compare``). The run holds an entry for every claim: the values
    many entries share (codes, severities, counts) are held once, and a kept value that
    repeats the claim's id shares its text."""
    shared = _SHARED.setdefault
    entries = _decoder().decode(data)
    for _, e in entries:
        e.kept = tuple(_tupled(k, e.id) for k in e.kept)
        e.slots = shared(e.slots, e.slots)
        e.codes = shared(e.codes, e.codes)
        e.severities = shared(e.severities, e.severities)
        e.blanks = shared(e.blanks, e.blanks)
        e.counts = shared(e.counts, e.counts)
    return entries


_SHARED: dict[tuple[object, ...], tuple[Any, ...]] = {}
"""Small tuples many entries hold alike (a few hundred distinct ones in a batch)."""


def _tupled(value: object, name: str) -> object:
    """``value`` with every list in it a tuple, as it was before MessagePack, and ``name``'s
    own text where it repeats it."""
    if isinstance(value, list):
        return tuple(_tupled(v, name) for v in value)
    return name if value == name else value


class SpooledClaims(Sequence[ClaimReport]):
    """A report's claims in order, each a ``ClaimReport`` or an ``Entry`` in ``spool``.

    ``json_entries`` gives each claim's JSON entry (what ``--format json`` writes). Reading a
    claim by index or in a loop rebuilds its report from its entry, without the ``spans``
    the JSON report leaves out (only the HTML report draws them, and it never spools)."""

    def __init__(self, items: list[ClaimReport | Entry], spool: Spool) -> None:
        self._items = items
        self._spool = spool

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> ClaimReport: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ClaimReport]: ...

    def __getitem__(self, index: int | slice) -> ClaimReport | Sequence[ClaimReport]:
        if isinstance(index, slice):
            return [self._report(item) for item in self._items[index]]
        return self._report(self._items[index])

    def __iter__(self) -> Iterator[ClaimReport]:
        return (self._report(item) for item in self._items)

    def json_entries(self, group: int = 256) -> Iterator[bytes]:
        """Each claim's entry of the JSON report, in order, ``group`` claims at a time (one
        call to the serializer per claim costs more than writing what it writes)."""
        items = self._items
        for start in range(0, len(items), group):
            pieces: list[bytes] = []
            reports: list[ClaimReport] = []
            for item in items[start : start + group]:
                if isinstance(item, ClaimReport):
                    reports.append(item)
                    continue
                if reports:
                    pieces.append(written_all(reports))
                    reports = []
                pieces.append(self._spool.read(item))
            if reports:
                pieces.append(written_all(reports))
            yield b",\n".join(pieces)

    def _report(self, item: ClaimReport | Entry) -> ClaimReport:
        if isinstance(item, ClaimReport):
            return item
        return ClaimReport.model_validate_json(self._spool.read(item))


def written_all(reports: list[ClaimReport]) -> bytes:
    """Several claims' entries, separated as the report separates them (``,`` and a line
    break)."""
    return _claims().dump_json({"claims": reports}, indent=2)[_HEAD:-_TAIL]
