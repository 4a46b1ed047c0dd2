"""``--format json``: the Report as a schema_version 1 JSON document (README "Output and exit codes")."""

from __future__ import annotations

from collections.abc import Iterator

from claimcheck.formats import RenderOptions
from claimcheck.formats.json_writer import dumps
from claimcheck.report import Report


def render(report: Report, options: RenderOptions) -> str:
    """Stable key order, no timestamps, so the output diffs cleanly."""
    return "".join(chunks(report, options))


SMALL = 200
"""Claims, findings and candidates up to which the report is written in Python
(``json_writer``): below it, that is cheaper than building pydantic's serializer."""


def chunks(report: Report, options: RenderOptions) -> Iterator[str]:
    """The same document piece by piece, one claim at a time, so that a run over thousands of
    files never holds the whole text in memory. Byte-identical to dumping the Report at once."""
    if len(report.claims) + len(report.findings) + len(report.candidates) <= SMALL:
        text = dumps(report)
        if text.isascii() or _encodable(text):  # else pydantic's own error, as below
            yield text + "\n"
            return
    yield "{\n"
    fields = list(type(report).model_fields)
    for position, name in enumerate(fields):
        value = getattr(report, name)
        yield f'  "{name}": '
        if name == "claims" and value:
            yield "[\n"
            for index, claim in enumerate(value):
                yield _indent(claim.model_dump_json(indent=2), 4, first=True)
                yield ",\n" if index < len(value) - 1 else "\n"
            yield "  ]"
        else:
            dumped = report.model_dump_json(indent=2, include={name})
            inner = dumped[dumped.index(":") + 2 : dumped.rindex("}")].rstrip()
            yield inner
        yield ",\n" if position < len(fields) - 1 else "\n"
    yield "}\n"


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return True


def _indent(text: str, spaces: int, *, first: bool) -> str:
    pad = " " * spaces
    return (pad if first else "") + text.replace("\n", "\n" + pad)
