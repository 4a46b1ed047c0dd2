"""What a run would read (``check --show-files``): each file the arguments select, with its
kind, or why it is passed over, without auditing anything (ruff's ``--show-files``,
https://docs.astral.sh/ruff/settings/ and ``ruff check --help``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import msgspec

from claimcheck.errors import InputError
from claimcheck.sources.inputs import DOCUMENT_KINDS, FileInput, Input


class Shown(msgspec.Struct, frozen=True):
    """One selected file: its path as reports show it, its kind, and, when it is passed over,
    why."""

    path: str
    kind: str
    passed_over: str | None = None


def shown_files(
    items: Iterable[Input | InputError], max_bytes: int
) -> Iterator[Shown | InputError]:
    """Each file among ``items`` (standard input and text are not files), with what a run does
    with it. A YAML, TOML or JSON file is read and parsed to tell a claim file from other
    configuration, as a run does; a file that cannot be read or parsed is its error."""
    for item in items:
        if isinstance(item, InputError):
            yield item
        elif isinstance(item, FileInput):
            try:
                yield _shown(item, max_bytes)
            except InputError as err:
                yield err


def _shown(item: FileInput, max_bytes: int) -> Shown:
    if item.kind in DOCUMENT_KINDS:
        return Shown(item.display, item.kind)
    from claimcheck.sources.claimfile import read_as_claim_file
    from claimcheck.sources.reading import read_text
    from claimcheck.sources.reports import PEEK, is_report
    from claimcheck.sources.structured import Format, parse_structured

    text = read_text(item.path, item.display, max_bytes=max_bytes)
    if is_report(text[:PEEK], text[-PEEK:]):
        return Shown(item.display, item.kind, "a claimcheck report")
    if not text.strip():
        raise InputError("empty file: expected one claim or a list of claims", path=item.display)
    kind: Format = "json" if item.kind == "json" else "toml" if item.kind == "toml" else "yaml"
    parsed = parse_structured(text, kind, item.display)
    if not read_as_claim_file(parsed, kind, item.display, named=item.named):
        return Shown(item.display, item.kind, 'not a claim file (README "Claim files")')
    return Shown(item.display, item.kind)
