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

import msgspec

from claimcheck.formats import RenderOptions
from claimcheck.report import ClaimReport, DecodedClaims, Finding, Records, Report

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
    """A ``report.ClaimStore`` of claims' JSON entries: each entry encoded as it comes and
    kept in ``report.Records`` (in memory up to a megabyte, then in a temporary file)."""

    def __init__(self) -> None:
        self.records = Records()

    def add(self, claim: ClaimReport) -> None:
        self.records.append(_entry(claim))

    def finish(self, order: Sequence[int], added: Mapping[int, Sequence[Finding]]) -> EncodedClaims:
        return EncodedClaims(self.records, order, added, _decoder().decode)


class EncodedClaims(DecodedClaims):
    """A report's claims, in order, as ``ClaimEntries`` keeps them, with the findings
    ``added`` to each (by its number in the store). ``entries`` gives each claim's JSON entry;
    reading a claim decodes its entry (without the ``spans`` JSON leaves out)."""

    def entries(self) -> Iterator[bytes]:
        """Each claim's JSON entry, in order; an entry with findings added is written again."""
        for n in self.order:
            yield _entry(self.claim(n)) if n in self.added else self.records[n]
