"""``--format json``: the Report as a schema_version 1 JSON document (README "Output and exit codes")."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from claimcheck.formats import RenderOptions
from claimcheck.formats.json_writer import dumps
from claimcheck.report import ClaimReport, Report

if TYPE_CHECKING:
    from pydantic import TypeAdapter


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
            for start in range(0, len(value), _GROUP):
                # Under a "claims" key, as in the report, each claim comes out indented as the
                # whole document indents it: '{\n  "claims": [\n    {…},\n    {…}\n  ]\n}'.
                group = {"claims": value[start : start + _GROUP]}
                yield _claims().dump_json(group, indent=2)[_HEAD:-_TAIL].decode()
                yield ",\n" if start + _GROUP < len(value) else "\n"
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


# Claims are dumped this many at a time: one call per claim costs more than its dumping, and
# the whole list at once would hold a large batch's text in memory.
_GROUP = 256
_HEAD = len('{\n  "claims": [\n')
_TAIL = len("\n  ]\n}")


@cache
def _claims() -> TypeAdapter[dict[str, list[ClaimReport]]]:
    from pydantic import TypeAdapter  # only a report too large for json_writer needs it

    return TypeAdapter(dict[str, list[ClaimReport]])
