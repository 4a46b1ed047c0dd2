"""``--format json``: the Report as a schema_version 1 JSON document (README "Output and exit codes")."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from claimcheck.formats import RenderOptions
from claimcheck.formats.json_writer import dumps
from claimcheck.report import ClaimReport, Report
from claimcheck.spool import SpooledClaims, written_all


def render(report: Report, options: RenderOptions) -> str:
    """Stable key order, no timestamps, so the output diffs cleanly."""
    return "".join(p if isinstance(p, str) else p.decode("utf-8") for p in chunks(report, options))


SMALL = 200
"""Claims, findings and candidates up to which the report is written in Python
(``json_writer``): below it, that is cheaper than building pydantic's serializer."""


def chunks(report: Report, options: RenderOptions) -> Iterator[str | bytes]:
    """The same document piece by piece, a group of claims at a time, so that a run over
    thousands of files never holds the whole text in memory: text, and the claims of a large
    batch as UTF-8 bytes (``formats.render_chunks``). Byte-identical to dumping the Report at
    once."""
    claims = report.claims
    spooled = isinstance(claims, SpooledClaims)
    if not spooled and len(claims) + len(report.findings) + len(report.candidates) <= SMALL:
        text = dumps(report)
        if text.isascii() or _encodable(text):  # else pydantic's own error, as below
            yield text + "\n"
            return
    yield "{\n"
    fields = list(type(report).model_fields)
    for position, name in enumerate(fields):
        yield f'  "{name}": '
        if name == "claims" and claims:
            yield "[\n"
            entries = (
                claims.json_entries() if isinstance(claims, SpooledClaims) else _groups(claims)
            )
            for number, entry in enumerate(entries):
                if number:
                    yield ",\n"
                yield entry
            yield "\n  ]"
        else:
            dumped = report.model_dump_json(indent=2, include={name})
            inner = dumped[dumped.index(":") + 2 : dumped.rindex("}")].rstrip()
            yield inner
        yield ",\n" if position < len(fields) - 1 else "\n"
    yield "}\n"


def _groups(claims: Sequence[ClaimReport]) -> Iterator[bytes]:
    """The claims' entries, ``_GROUP`` at a time (one call per claim costs more than its
    dumping, and the whole list at once would hold a large batch's text in memory)."""
    for start in range(0, len(claims), _GROUP):
        yield written_all(list(claims[start : start + _GROUP]))


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return True


_GROUP = 256
