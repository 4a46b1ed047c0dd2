"""``--format json``: the Report as a schema_version 1 JSON document (README "Output and exit codes").

One serialiser writes it: msgspec's JSON encoder, indented by ``msgspec.json.format``
(https://jcristharif.com/msgspec/api.html#msgspec.json.format). This format also decides how
the claims of a large batch wait for the report to be written (``EncodedClaims``): each
claim's entry is encoded as the claim is judged and kept in a temporary file, and the entries
are copied out in the report's order at the end.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import BinaryIO, overload

import msgspec

from claimcheck.formats import RenderOptions
from claimcheck.report import ClaimReport, Finding, Report, with_findings

_INDENT = 2
_CLAIMS = b'\n  "claims": []'  # where the claims go in the document written without them
_ENTRY_PAD = b"\n    "  # a claim's entry is indented as an item of the report's ``claims``
_GROUP = 256  # entries written at a time


def render(report: Report, options: RenderOptions) -> str:
    """Stable key order, no timestamps, so the output diffs cleanly."""
    return "".join(p if isinstance(p, str) else p.decode("utf-8") for p in chunks(report, options))


def chunks(report: Report, options: RenderOptions) -> Iterator[str | bytes]:
    """The document piece by piece (``formats.render_chunks``), the claims a group at a time,
    so that a run over thousands of files never holds the whole text in memory."""
    claims = report.claims
    document = _encoded(msgspec.structs.replace(report, claims=[]))
    if not claims:
        yield document + b"\n"
        return
    before, after = document.split(_CLAIMS, 1)
    yield before + _CLAIMS[:-1] + b"\n"
    entries = claims.entries() if isinstance(claims, EncodedClaims) else map(_entry, claims)
    group: list[bytes] = []
    separator = b""
    for entry in entries:
        group.append(entry)
        if len(group) == _GROUP:
            yield separator + b",\n".join(group)
            group, separator = [], b",\n"
    if group:
        yield separator + b",\n".join(group)
    yield b"\n  ]" + after + b"\n"


def _encoded(value: object) -> bytes:
    return msgspec.json.format(_encoder().encode(value), indent=_INDENT)


@cache
def _encoder() -> msgspec.json.Encoder:
    return msgspec.json.Encoder()


@cache
def _decoder() -> msgspec.json.Decoder[ClaimReport]:
    return msgspec.json.Decoder(ClaimReport)


def _entry(claim: ClaimReport) -> bytes:
    """One claim's entry, indented as an item of the report's ``claims``."""
    return _ENTRY_PAD[1:] + _encoded(claim).replace(b"\n", _ENTRY_PAD)


class ClaimEntries:
    """A ``report.ClaimStore`` of claims' JSON entries: each entry encoded as it comes, kept
    in memory up to a megabyte and then in a temporary file, a megabyte at a time."""

    BLOCK_BYTES = 1 << 20

    def __init__(self) -> None:
        self._places: list[tuple[int, int]] = []  # each entry's offset and size
        self._pending: list[bytes] = []
        self._pending_bytes = 0
        self._end = 0
        self._file: BinaryIO | None = None
        self._read = b""
        self._read_at = 0

    def add(self, claim: ClaimReport) -> None:
        entry = _entry(claim)
        self._places.append((self._end, len(entry)))
        self._end += len(entry)
        self._pending.append(entry)
        self._pending_bytes += len(entry)
        if self._pending_bytes >= self.BLOCK_BYTES:
            self._flush()

    def finish(self, order: Sequence[int], added: Mapping[int, Sequence[Finding]]) -> EncodedClaims:
        if self._file is None:  # every entry is still here
            self._read, self._read_at = b"".join(self._pending), 0
            self._pending.clear()
        else:
            self._flush()
        return EncodedClaims(self, list(order), added)

    def entry(self, number: int) -> bytes:
        """The ``number``-th entry added, as it was written (once the store is finished)."""
        offset, size = self._places[number]
        start = offset - self._read_at
        if start < 0 or start + size > len(self._read):
            assert self._file is not None
            self._file.seek(offset)
            self._read = self._file.read(max(size, self.BLOCK_BYTES))
            self._read_at, start = offset, 0
        return self._read[start : start + size]

    def _flush(self) -> None:
        if self._file is None:
            import tempfile  # only a report of more than a megabyte of claims needs it
            import weakref

            self._file = tempfile.TemporaryFile()  # noqa: SIM115 - closed with the store
            # The file lives as long as the report that reads from it, and is deleted with it.
            weakref.finalize(self, self._file.close)
        self._file.seek(0, 2)
        self._file.write(b"".join(self._pending))
        self._pending.clear()
        self._pending_bytes = 0


class EncodedClaims(Sequence[ClaimReport]):
    """A report's claims, in order, as ``ClaimEntries`` keeps them, with the findings
    ``added`` to each (by its number in the store). ``entries`` gives each claim's JSON entry;
    reading a claim decodes its entry (without the ``spans`` JSON leaves out)."""

    def __init__(
        self, store: ClaimEntries, order: list[int], added: Mapping[int, Sequence[Finding]]
    ) -> None:
        self._store = store
        self._order = order
        self._added = added

    def __len__(self) -> int:
        return len(self._order)

    @overload
    def __getitem__(self, index: int) -> ClaimReport: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ClaimReport]: ...

    def __getitem__(self, index: int | slice) -> ClaimReport | Sequence[ClaimReport]:
        if isinstance(index, slice):
            return [self._claim(n) for n in self._order[index]]
        return self._claim(self._order[index])

    def __iter__(self) -> Iterator[ClaimReport]:
        return (self._claim(n) for n in self._order)

    def entries(self) -> Iterator[bytes]:
        """Each claim's JSON entry, in order; an entry with findings added is written again."""
        for n in self._order:
            if n in self._added:
                yield _entry(self._claim(n))
            else:
                yield self._store.entry(n)

    def _claim(self, n: int) -> ClaimReport:
        claim = _decoder().decode(self._store.entry(n))
        return with_findings(claim, self._added[n]) if n in self._added else claim
