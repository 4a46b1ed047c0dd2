"""The Report: the one object formatters see (the JSON report, schema_version 1; README "Output and exit codes").

Every model here is a plain frozen value (a msgspec ``Struct``): the report is made of values
already valid, so nothing here validates. A field whose value is ``UNSET`` is left out of the
JSON report (https://jcristharif.com/msgspec/supported-types.html#unset): the spans the HTML
report highlights are set only for it.
"""

from __future__ import annotations

import hashlib
import heapq
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any, BinaryIO, Protocol, overload

import msgspec
from msgspec import UNSET, UnsetType

from claimcheck import __version__
from claimcheck.implied import Analysis
from claimcheck.severity import Severity

SCHEMA_VERSION = 1


class Finding(msgspec.Struct, frozen=True, kw_only=True):
    """One rule's verdict on one claim, at a place in the source."""

    code: str
    name: str
    severity: Severity
    message: str
    path: str | None
    line: int | None
    column: int | None
    end_line: int | None = None
    end_column: int | None = None
    suppressed: bool = False
    suppression_reason: str | None = None
    fingerprint: str = ""


class SourceRef(msgspec.Struct, frozen=True, kw_only=True):
    """Where a claim was read."""

    path: str | None = None
    line: int | None = None
    column: int | None = None


class ClaimReport(msgspec.Struct, frozen=True, kw_only=True):
    """One audited claim: what was understood, what it implies, what was flagged.

    ``spans`` maps a claim field to the ``[start, end)`` code-point offsets in ``text`` it was
    read from; set only for the HTML report, which highlights them, so never written to JSON.
    """

    id: str
    source: SourceRef
    text: str | None
    claim: dict[str, Any]
    confidence: float = 1.0
    readings: list[str] = []
    analysis: Analysis
    findings: list[Finding]
    spans: dict[str, tuple[int, int]] | UnsetType = UNSET


class InputProblem(msgspec.Struct, frozen=True, kw_only=True):
    """An input that could not be audited (exit code 2)."""

    path: str | None
    message: str
    line: int | None = None
    column: int | None = None


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """Counts for the summary line. ``findings`` counts unsuppressed findings by severity."""

    files: int
    claims: int
    findings: dict[str, int]
    suppressed: int = 0
    errors: int = 0


class RuleInfo(msgspec.Struct, frozen=True, kw_only=True):
    """An enabled rule, as formats describe it (SARIF rule descriptors, the text legend).

    ``description`` is the rule's documentation (its module docstring, dedented) and
    ``help_uri`` the address of its section in docs/rules.md.
    """

    code: str
    name: str
    severity: Severity
    summary: str
    description: str = ""
    help_uri: str | None = None


class Tool(msgspec.Struct, frozen=True, kw_only=True):
    """The producing tool."""

    name: str = "claimcheck"
    version: str = __version__


class Evidence(msgspec.Struct, frozen=True, kw_only=True):
    """One fact about a candidate number and its weight in the score (docs/extractor.md)."""

    fact: str
    weight: float
    words: str


class WeighedNumber(msgspec.Struct, frozen=True, kw_only=True):
    """A number the extractor weighed as a possible speed factor (``--explain``): where it is,
    how it was read, its score and whether it passed the threshold."""

    path: str | None
    line: int | None
    column: int | None
    text: str
    form: str
    value: float | None
    score: float
    kept: bool
    reason: str
    evidence: list[Evidence]


class Report(msgspec.Struct, frozen=True, kw_only=True):
    """Everything one run found, sorted, with no timestamps (it diffs cleanly)."""

    schema_version: int = SCHEMA_VERSION
    tool: Tool = Tool()
    claims: Sequence[ClaimReport]  # in order; held as the format chose (``ClaimStore``)
    errors: list[InputProblem]
    summary: Summary
    findings: list[Finding] = []
    rules: list[RuleInfo] = []
    candidates: list[WeighedNumber] = []

    def all_findings(self) -> list[Finding]:
        """Every finding: those of claims and those about documents (e.g. unused suppressions),
        sorted by path, line, column and code."""
        return [finding for finding, _ in self.ordered_findings()]

    def ordered_findings(self) -> Iterator[tuple[Finding, ClaimReport | None]]:
        """``all_findings`` one at a time, each with its claim (``None`` for a finding about a
        document), holding the findings of one file at a time: the claims come sorted by
        path, and a claim's findings are about its own file (or, if not, one after it)."""
        return heapq.merge(
            _claims_findings(self.claims),
            ((finding, None) for finding in sorted(self.findings, key=finding_order)),
            key=lambda pair: finding_order(pair[0]),
        )

    def unsuppressed(self) -> list[Finding]:
        """Every finding that counts toward the exit code."""
        return [f for f in self.all_findings() if not f.suppressed]


def finding_order(finding: Finding) -> tuple[str, int, int, str]:
    """The report's order of findings: path, line, column, code."""
    return (finding.path or "", finding.line or 0, finding.column or 0, finding.code)


def _claims_findings(
    claims: Iterable[ClaimReport],
) -> Iterator[tuple[Finding, ClaimReport | None]]:
    """The findings of ``claims`` (in the report's order) in the order of findings, those of
    one place in the order of their claims."""
    waiting: list[tuple[tuple[str, int, int, str], int, Finding, ClaimReport]] = []
    count = 0
    for claim in claims:
        path = claim.source.path or ""
        while waiting and waiting[0][0][0] < path:
            _, _, finding, owner = heapq.heappop(waiting)
            yield finding, owner
        for finding in claim.findings:
            heapq.heappush(waiting, (finding_order(finding), count, finding, claim))
            count += 1
    while waiting:
        _, _, finding, owner = heapq.heappop(waiting)
        yield finding, owner


def fingerprint(code: str, text: str | None, path: str | None) -> str:
    """A stable identity for a finding across edits: the rule code, the claim's text with
    whitespace and case folded, and the path — never line numbers (SARIF, GitLab, baselines)."""
    return fingerprint_of(code, normalise(text), path)


def normalise(text: str | None) -> str:
    """Case and whitespace folded: the part of a fingerprint that survives reflowing a line."""
    return " ".join((text or "").lower().split())


def fingerprint_of(code: str, normal: str, path: str | None) -> str:
    """``fingerprint`` for text already passed through ``normalise``."""
    return hashlib.sha256(f"{code}\0{normal}\0{path or ''}".encode()).hexdigest()[:32]


def report_order(claim: ClaimReport) -> tuple[str, int, int, str]:
    """The report's order of claims: path, line, column, id."""
    source = claim.source
    return (source.path or "", source.line or 0, source.column or 0, claim.id)


def place(finding: Finding) -> tuple[int, int, str]:
    """A finding's order within its claim: line, column, code."""
    return (finding.line or 0, finding.column or 0, finding.code)


def with_findings(claim: ClaimReport, added: Iterable[Finding]) -> ClaimReport:
    """``claim`` with ``added`` among its findings, all in the order of their place."""
    findings = sorted([*claim.findings, *added], key=place)
    return msgspec.structs.replace(claim, findings=findings)


class ClaimStore(Protocol):
    """Where an audit puts each claim's report as it is judged, and how the report reads them
    back. The output format chooses it (``formats.claim_store``): a format that writes its
    report as it goes keeps the claims encoded (``EncodedReports``, or the JSON format's own
    entries), every other format in a list."""

    def add(self, claim: ClaimReport) -> None:
        """Keep one claim's report (the ``n``-th added is claim ``n``)."""
        ...

    def finish(
        self, order: Sequence[int], added: Mapping[int, Sequence[Finding]]
    ) -> Sequence[ClaimReport]:
        """The claims kept, in ``order`` (claim numbers), each with the findings ``added``
        to it by number (``with_findings``)."""
        ...


class HeldClaims:
    """A ``ClaimStore`` that holds the reports in a list."""

    def __init__(self) -> None:
        self._claims: list[ClaimReport] = []

    def add(self, claim: ClaimReport) -> None:
        self._claims.append(claim)

    def finish(
        self, order: Sequence[int], added: Mapping[int, Sequence[Finding]]
    ) -> list[ClaimReport]:
        claims, self._claims = self._claims, []
        return [with_findings(claims[n], added[n]) if n in added else claims[n] for n in order]


class Records(Sequence[bytes]):
    """Byte strings appended one after another and read back by number: held in memory up to
    ``BLOCK_BYTES``, then in a temporary file, so that what stays in memory is one offset
    (eight bytes) a record. Reading in the order they were appended reads the file a block
    at a time; ``run`` reads a stretch of them with a buffer of its own."""

    BLOCK_BYTES = 1 << 20

    def __init__(self) -> None:
        self._starts = array("q")
        self._end = 0
        self._pending: list[bytes] = []
        self._pending_bytes = 0
        self._written = 0  # bytes in the file
        self._file: BinaryIO | None = None
        self._read = b""
        self._read_at = 0

    def append(self, data: bytes) -> None:
        """Keep ``data`` as the next record."""
        self._starts.append(self._end)
        self._end += len(data)
        self._pending.append(data)
        self._pending_bytes += len(data)
        if self._pending_bytes >= self.BLOCK_BYTES:
            self._flush()

    def __len__(self) -> int:
        return len(self._starts)

    def held_bytes(self) -> int:
        """The bytes of records held in memory: those not yet in the file, and the block last
        read from it."""
        return self._pending_bytes + len(self._read)

    def size(self, number: int) -> int:
        """The length of record ``number``."""
        following = number + 1
        stop = self._starts[following] if following < len(self._starts) else self._end
        return stop - self._starts[number]

    @overload
    def __getitem__(self, index: int) -> bytes: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[bytes]: ...

    def __getitem__(self, index: int | slice) -> bytes | Sequence[bytes]:
        if isinstance(index, slice):
            return [self[n] for n in range(*index.indices(len(self)))]
        offset, size = self._starts[index], self.size(index)
        start = offset - self._read_at
        if start < 0 or start + size > len(self._read):
            self._read = self._bytes(offset, max(size, self.BLOCK_BYTES))
            self._read_at, start = offset, 0
        return self._read[start : start + size]

    def run(self, start: int, stop: int) -> Iterator[bytes]:
        """Records ``start`` to ``stop`` in order, read with a buffer of their own (several
        stretches read side by side do not take turns at one buffer)."""
        buffer, at = b"", 0
        for number in range(start, stop):
            offset, size = self._starts[number], self.size(number)
            begin = offset - at
            if begin < 0 or begin + size > len(buffer):
                buffer, at, begin = self._bytes(offset, max(size, 1 << 16)), offset, 0
            yield buffer[begin : begin + size]

    def _bytes(self, offset: int, size: int) -> bytes:
        """Up to ``size`` bytes from ``offset``, from the file or what waits to go there."""
        if self._file is None or offset >= self._written:
            if self._pending and len(self._pending) > 1:
                self._pending = [b"".join(self._pending)]
            held = self._pending[0] if self._pending else b""
            start = offset - self._written
            return held[start : start + size]
        self._file.seek(offset)
        found = self._file.read(size)
        if offset + size > self._written:  # the rest waits in memory
            found += self._bytes(self._written, offset + size - self._written)
        return found

    def _flush(self) -> None:
        if self._file is None:
            import tempfile  # only more than a block of records needs it
            import weakref

            self._file = tempfile.TemporaryFile()  # noqa: SIM115 - closed with the records
            # The file lives as long as these records, and is deleted with them.
            weakref.finalize(self, self._file.close)
        data = b"".join(self._pending)
        self._file.seek(self._written)
        self._file.write(data)
        self._written += len(data)
        self._pending.clear()
        self._pending_bytes = 0


class EncodedReports:
    """A ``ClaimStore`` that keeps each claim's report as MessagePack in ``Records`` (a few
    bytes of memory a claim, whatever the run's size), for the formats that write their
    report as they go; the report's claims are decoded one at a time as they are read."""

    def __init__(self) -> None:
        self._records = Records()

    def add(self, claim: ClaimReport) -> None:
        self._records.append(_msgpack_encoder().encode(claim))

    def finish(
        self, order: Sequence[int], added: Mapping[int, Sequence[Finding]]
    ) -> Sequence[ClaimReport]:
        return DecodedClaims(self._records, order, added, _decoded)


class DecodedClaims(Sequence[ClaimReport]):
    """A report's claims, in ``order``, read from ``records`` (each decoded by ``decode``)
    with the findings ``added`` to each by its number."""

    def __init__(
        self,
        records: Records,
        order: Sequence[int],
        added: Mapping[int, Sequence[Finding]],
        decode: Callable[[bytes], ClaimReport],
    ) -> None:
        self.records = records
        self.order = order
        self.added = added
        self._decode = decode

    def __len__(self) -> int:
        return len(self.order)

    @overload
    def __getitem__(self, index: int) -> ClaimReport: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ClaimReport]: ...

    def __getitem__(self, index: int | slice) -> ClaimReport | Sequence[ClaimReport]:
        if isinstance(index, slice):
            return [self.claim(n) for n in self.order[index]]
        return self.claim(self.order[index])

    def __iter__(self) -> Iterator[ClaimReport]:
        return (self.claim(n) for n in self.order)

    def claim(self, number: int) -> ClaimReport:
        """Claim ``number`` (in the order the store was given them), with its additions."""
        claim = self._decode(self.records[number])
        return with_findings(claim, self.added[number]) if number in self.added else claim


@cache
def _msgpack_encoder() -> msgspec.msgpack.Encoder:
    return msgspec.msgpack.Encoder()


@cache
def _msgpack_decoder() -> msgspec.msgpack.Decoder[ClaimReport]:
    return msgspec.msgpack.Decoder(ClaimReport)


def _decoded(data: bytes) -> ClaimReport:
    return _msgpack_decoder().decode(data)
