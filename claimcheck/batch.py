"""The work on each input of an audit, under the settings of the configuration nearest to it:
read it and, as far as the run asks, resolve and analyse its claims, then judge them and write
their JSON report entries. The same work runs here or in worker processes
(``sources/parallel.py``), so the report is the same with any number of workers."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from claimcheck.catalog.source import CatalogSource
from claimcheck.errors import InputError
from claimcheck.judge import Judge, report_order, unique_fingerprints
from claimcheck.prepare import Prepared, prepare
from claimcheck.record import ClaimRecord
from claimcheck.report import ClaimReport, Finding
from claimcheck.rules import enabled
from claimcheck.settings import Settings
from claimcheck.sources.inputs import FileInput, Input
from claimcheck.sources.load import Loaded, load_input
from claimcheck.sources.parallel import document_kinds
from claimcheck.spool import Entry, entry_of, received, sent, warm_serializers
from claimcheck.vendor_fit import sentence_points

if TYPE_CHECKING:
    from claimcheck.sources.document import ReadDocument

Mode = Literal["read", "prepare", "write"]
"""How far the work on a file goes: reading it (its claim records), preparing its claims for
the rules too (resolved and analysed), or judging them and writing their JSON entries."""

SPOOL_FROM_FILES = 200
"""A JSON report of at least this many files is written from its claims' entries, each
written as its claim is judged (``spool.py``); a smaller one is written from the report
whole, which costs less than building the serializer each entry needs."""


class Taken(msgspec.Struct, frozen=True):
    """What the work on one input gave: what reading it gave and, when the work went that far,
    its claims ready for the rules (``prepared``) or judged and written (``entries``; on
    their way from a worker, ``sent``)."""

    outcome: Loaded | InputError
    prepared: list[Prepared] | None = None
    entries: list[tuple[bytes, Entry]] | None = None
    sent: bytes | None = None


class SettingsGroup:
    """The claims and documents judged under one ``Settings``: its rules, catalogs and skips."""

    def __init__(self, settings: Settings, charts: bool = False) -> None:
        self.settings = settings
        self.charts = charts
        self.rules = enabled(settings.select, settings.ignore, settings.extend_select)
        self.catalogs = CatalogSource(settings.assume)
        self.catalogs.check_assumptions()
        # Prose names models and GPUs from the run's catalog; the built-in one loads if needed.
        self.names = self.catalogs.get() if settings.assume.catalog else None
        self.skip = PerFileIgnores(settings.per_file_ignores, settings.base or Path.cwd())
        skip = self.skip.codes if settings.per_file_ignores else None
        self.judge = Judge(self.rules, settings.thresholds, skip)
        self.documents: dict[str, ReadDocument] = {}

    def prepared(self, records: Iterable[ClaimRecord]) -> list[Prepared]:
        """Claims resolved and analysed under this group's assumptions."""
        assume, thresholds = self.settings.assume, self.settings.thresholds
        return [
            prepare(record, self.catalogs, assume, thresholds, charts=self.charts)
            for record in records
        ]

    def add(self, prepared: Iterable[Prepared]) -> None:
        """Judge claims under this group's rules."""
        for p in prepared:
            self.judge.add(p)

    def written(self, prepared: Sequence[Prepared]) -> list[tuple[bytes, Entry]]:
        """One file's claims judged on their own and written as their JSON report entries, in
        the report's order, with their fingerprints numbered as the report numbers them."""
        judge = self.judge
        judged = sorted(
            ((judge.own(p), p, *judge.kept(p)) for p in prepared), key=lambda j: report_order(j[0])
        )
        reports = unique_fingerprints([report for report, *_ in judged])
        return [
            entry_of(report, kept, where, judge.blanks(p, report, where))
            for report, (_, p, kept, where) in zip(reports, judged, strict=True)
        ]

    def judged(self) -> tuple[list[ClaimReport | Entry], list[Finding]]:
        """The claim reports, and the findings about documents (unused suppressions)."""
        claims = self.judge.reports()
        if not self.documents:
            return claims, []
        from claimcheck import suppress

        # A file with suppression comments is never written as entries (``FileWork``).
        held = [i for i, claim in enumerate(claims) if isinstance(claim, ClaimReport)]
        unused_rule = next((r for r in self.rules if r.code == "KV900"), None)
        reports = [claim for claim in claims if isinstance(claim, ClaimReport)]  # those ``held``
        reports, found = suppress.apply(reports, self.documents, unused_rule)
        for index, report in zip(held, reports, strict=True):
            claims[index] = report
        kept = [f for f in found if not f.code.startswith(self.judge.ignored(f.path or ""))]
        return claims, kept


class PerFileIgnores:
    """``per-file-ignores``: gitignore-style patterns, relative to ``base`` (the configuration
    file's folder, else the working directory), → rule codes or prefixes."""

    def __init__(self, table: Mapping[str, Sequence[str]], base: Path) -> None:
        self._specs: list[tuple[Any, tuple[str, ...]]] = []
        self._base = base.resolve()
        if table:
            import pathspec

            self._specs = [
                (pathspec.GitIgnoreSpec.from_lines([p]), tuple(c)) for p, c in table.items()
            ]

    def codes(self, path: str) -> tuple[str, ...]:
        """The codes that do not apply to ``path`` (as reports show it: relative to the
        working directory)."""
        if not self._specs or not path or path.startswith("<"):
            return ()
        inside = os.path.relpath(os.path.abspath(path), self._base)
        shown = Path(inside).as_posix() if not inside.startswith("..") else path
        found: list[str] = []
        for spec, codes in self._specs:
            if spec.match_file(shown):
                found.extend(codes)
        return tuple(found)


class FileWork:
    """The work on one input under its group's settings (``groups``, by number), as far as
    ``mode`` goes for files. Standard input and command-line text are only read (their claims
    are prepared and judged by the caller), and so is a file whose suppression comments
    decide its findings only once every claim is judged: its claims are prepared, not
    written."""

    def __init__(
        self,
        groups: Sequence[SettingsGroup],
        max_bytes: int,
        read_stdin: Callable[[], str],
        mode: Mode = "read",
    ) -> None:
        self.groups = list(groups)
        self.max_bytes = max_bytes
        self.read_stdin = read_stdin
        self.mode: Mode = mode

    def __call__(self, item: Input | InputError, group: int) -> Taken:
        if isinstance(item, InputError):
            return Taken(item)
        settings = self.groups[group]
        try:
            outcome = load_input(item, self.max_bytes, self.read_stdin, settings.names)
        except InputError as err:
            return Taken(err)
        document = outcome.document
        if document is not None and not document.directives and not document.problems:
            # A page without suppression comments has nothing for them to decide.
            outcome = msgspec.structs.replace(outcome, document=None)
        if self.mode == "read" or not isinstance(item, FileInput):
            return Taken(outcome)
        prepared = settings.prepared(sentence_points(outcome.records))
        rest = msgspec.structs.replace(outcome, records=[])  # they travel in what was made of them
        if self.mode == "prepare" or outcome.document is not None:
            return Taken(rest, prepared=prepared)
        return Taken(rest, entries=settings.written(prepared))

    def before_workers(self, items: Sequence[Input | InputError]) -> None:
        """Load here, before the workers are started from this process, what the work will
        load in each of them: the catalogs, the claim's validator and, when the work writes
        entries, the report's serializers (both built on first use); for documents, their
        reader and, for Markdown, the parser and the names prose may mention. Each worker then
        starts with them instead of making them again (about a tenth of the workers' time for
        1,000 pages; a run whose pages all fail the prefilter loads the parser for nothing,
        once)."""
        if self.mode != "read":
            from claimcheck.claim import Claim

            for group in self.groups:
                group.catalogs.get()
            Claim.model_validate({"speedup": 2.0})
            if self.mode == "write":
                warm_serializers()
        kinds = document_kinds(items)
        if not kinds:
            return
        from claimcheck.extract.names import names_of
        from claimcheck.sources.document import read_document  # noqa: F401 - loaded, not called

        if "markdown" in kinds:
            from claimcheck.documents.markdown import load_parser

            load_parser()
        for group in self.groups:
            names_of(group.names)

    def packed(self, result: Taken) -> Taken | bytes:
        """``result`` as a worker sends it: its entries encoded (``spool.sent``), and nothing
        else when the file was read without a problem (the usual case)."""
        if result.entries is None:
            return result
        if result.outcome == _PLAIN:
            return sent(result.entries)
        return Taken(result.outcome, result.prepared, sent=sent(result.entries))

    def unpacked(self, result: object) -> Taken:
        """What a worker sent, as the work here gives it."""
        if isinstance(result, bytes):
            return Taken(_PLAIN, entries=received(result))
        assert isinstance(result, Taken)
        if result.sent is None:
            return result
        return Taken(result.outcome, result.prepared, received(result.sent))

    def __getstate__(self) -> dict[str, object]:
        # A worker started afresh (not forked) reads no standard input.
        return {**self.__dict__, "read_stdin": _no_stdin}


_PLAIN = Loaded(counted=1)
"""What reading a claim file without a problem gives once its claims are taken out."""


def _no_stdin() -> str:
    raise AssertionError("a worker never reads standard input")
