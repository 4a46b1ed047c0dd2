"""The work on each input of an audit, under the settings of the configuration nearest to it:
read it and, for a file, resolve, analyse and judge its claims by their own rules. The same
work runs here or in worker processes (``sources/parallel.py``), so the report is the same
with any number of workers."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from claimcheck.catalog.source import CatalogSource
from claimcheck.errors import InputError
from claimcheck.judge import Judge, Judged, unique_fingerprints
from claimcheck.prepare import Prepared, prepare
from claimcheck.record import ClaimRecord, Placed
from claimcheck.report import ClaimReport, Finding, with_findings
from claimcheck.rules import enabled
from claimcheck.settings import Settings
from claimcheck.sources.inputs import FileInput, Input
from claimcheck.sources.load import Loaded, load_bytes, load_input
from claimcheck.sources.parallel import document_kinds
from claimcheck.vendor_fit import sentence_points

if TYPE_CHECKING:
    from claimcheck.result_cache import Key, ResultCache
    from claimcheck.sources.document import ReadDocument


class Taken(msgspec.Struct, frozen=True):
    """What the work on one input gave: what reading it gave and, for a file, its claims
    judged by their own rules (``judged``; on their way from a worker, ``sent``)."""

    outcome: Loaded | InputError
    judged: list[Judged] | None = None
    sent: bytes | None = None


class SettingsGroup:
    """The claims and documents judged under one ``Settings``: its rules, catalogs and skips.

    Claims ``hold``-ed (those of documents with suppression comments, of standard input and of
    text) stay here until ``judged``; the others are only ``note``-d, and their reports kept by
    the caller."""

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
        self.judge = Judge(self.rules, settings.thresholds, skip, spans=charts)
        self.documents: dict[str, ReadDocument] = {}
        self.added: Mapping[int, list[Finding]] = {}
        self._held: list[tuple[int, ClaimReport]] = []

    @cached_property
    def fingerprint(self) -> bytes:
        """What a file's result depends on in this group's settings (``result_cache``): all of
        them, the bytes of the catalog file they name (read as every file is, so a pipe is
        never opened), and whether analyses carry their charts."""
        digest = hashlib.blake2b(self.settings.model_dump_json().encode(), digest_size=16)
        digest.update(b"charts" if self.charts else b"")
        if self.settings.assume.catalog:
            from claimcheck.sources.reading import SETTINGS_MAX_BYTES, read_bytes

            catalog = self.settings.assume.catalog
            try:
                digest.update(read_bytes(catalog, catalog, max_bytes=SETTINGS_MAX_BYTES))
            except InputError:
                digest.update(b"unreadable")  # the run reports it; the built-in catalog stands in
        return digest.digest()

    def prepared(self, records: Iterable[ClaimRecord]) -> list[Prepared]:
        """Claims resolved and analysed under this group's assumptions."""
        assume, thresholds = self.settings.assume, self.settings.thresholds
        return [
            prepare(record, self.catalogs, assume, thresholds, charts=self.charts)
            for record in records
        ]

    def judged_file(self, prepared: Sequence[Prepared]) -> list[Judged]:
        """One file's claims judged by their own rules, in the report's order, with their
        fingerprints numbered as the report numbers them."""
        judged = sorted((self.judge.judged(p) for p in prepared), key=lambda j: j.kept.key)
        reports = unique_fingerprints(j.report for j in judged)
        return [Judged(r, j.kept) for r, j in zip(reports, judged, strict=True)]

    def add(self, prepared: Sequence[Prepared]) -> None:
        """Judge one input's claims under this group's rules and hold them."""
        for judged in self.judged_file(prepared):
            self.hold(judged)

    def hold(self, judged: Judged) -> None:
        """Keep a claim's report here until ``judged``."""
        self._held.append((self.note(judged), judged.report))

    def note(self, judged: Judged) -> int:
        """Let the rules that compare claims see a claim; its number in ``added``."""
        return self.judge.note(judged.kept)

    def judged(self) -> tuple[list[ClaimReport], list[Finding]]:
        """The claim reports held, with the findings the rules that compare claims add to
        them and their suppression comments applied, and the findings about documents
        (unused suppressions). The additions to every claim noted are in ``added``."""
        self.added = self.judge.additions()
        held, self._held = self._held, []
        claims = [
            with_findings(report, self.added[n]) if n in self.added else report
            for n, report in held
        ]
        if not self.documents:
            return claims, []
        from claimcheck import suppress

        unused_rule = next((r for r in self.rules if r.code == "KV900"), None)
        claims, found = suppress.apply(claims, self.documents, unused_rule)
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
    """The work on one input under its group's settings (``groups``, by number). A file's
    claims are judged by their own rules; standard input and command-line text are only read
    (the caller prepares and judges their claims)."""

    def __init__(
        self,
        groups: Sequence[SettingsGroup],
        max_bytes: int,
        read_stdin: Callable[[], str],
        cache: ResultCache | None = None,
    ) -> None:
        self.groups = list(groups)
        self.max_bytes = max_bytes
        self.read_stdin = read_stdin
        self.cache = cache

    def __call__(self, item: Input | InputError, group: int) -> Taken:
        if isinstance(item, InputError):
            return Taken(item)
        settings = self.groups[group]
        key = None
        if self.cache is not None and isinstance(item, FileInput):
            key = self.cache.key(item, settings.fingerprint, self.max_bytes)
            kept = self._kept(key) if key is not None else None
            if kept is not None:
                return kept
        try:
            if key is not None and isinstance(item, FileInput):
                outcome = load_bytes(item, key.data, settings.names)  # read once, for the key
            else:
                outcome = load_input(item, self.max_bytes, self.read_stdin, settings.names)
        except InputError as err:
            return Taken(err)
        document = outcome.document
        if document is not None and not document.directives and not document.problems:
            # A page without suppression comments has nothing for them to decide.
            outcome = msgspec.structs.replace(outcome, document=None)
        if not isinstance(item, FileInput):
            return Taken(outcome)
        prepared = settings.prepared(sentence_points(outcome.records))
        rest = msgspec.structs.replace(outcome, records=[])  # they travel as their reports
        taken = Taken(rest, judged=settings.judged_file(prepared))
        if key is not None and self.cache is not None and not rest.problems and not rest.document:
            self.cache.put(key, _encode_kept(taken))
        return taken

    def _kept(self, key: Key) -> Taken | None:
        """The result the cache keeps under ``key``; a damaged one is dropped (the file is
        read, and its result kept anew)."""
        assert self.cache is not None
        kept = self.cache.get(key)
        if kept is None:
            return None
        try:
            return _decode_kept(kept)
        except (msgspec.DecodeError, msgspec.ValidationError):
            self.cache.forget(key)
            return None

    def before_workers(self, items: Sequence[Input | InputError]) -> None:
        """Load here, before the workers are started from this process, what the work will
        load in each of them: the catalogs and the claim's validator (built on first use);
        for documents, their reader and, for Markdown, the parser and the names prose may
        mention. Each worker then starts with them instead of making them again."""
        from claimcheck.claim import Claim

        if self.cache is not None:
            _ = self.cache.code
            self.cache.close()  # each worker opens its own connection
        for group in self.groups:
            group.catalogs.get()
        Claim.model_validate({"speedup": 2.0})
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
        """``result`` as a worker sends it: its judged claims as MessagePack (about a fifth
        of the time pickle takes to read them back), and nothing else when the file was read
        without a problem (the usual case)."""
        if result.judged is None:
            return result
        data = msgspec.msgpack.encode(result.judged)
        return data if result.outcome == _PLAIN else Taken(result.outcome, sent=data)

    def unpacked(self, result: object) -> Taken:
        """What a worker sent, as the work here gives it."""
        if isinstance(result, bytes):
            return Taken(_PLAIN, judged=_received(result))
        assert isinstance(result, Taken)
        if result.sent is None:
            return result
        return Taken(result.outcome, judged=_received(result.sent))

    def __getstate__(self) -> dict[str, object]:
        # A worker started afresh (not forked) reads no standard input.
        return {**self.__dict__, "read_stdin": _no_stdin}


_PLAIN = Loaded(counted=1)
"""What reading a claim file without a problem gives once its claims are taken out."""


@cache
def _decoder() -> msgspec.msgpack.Decoder[list[Judged]]:
    return msgspec.msgpack.Decoder(list[Judged])


def _received(data: bytes) -> list[Judged]:
    """Judged claims as a worker sent them; what a rule keeps of a claim comes back with its
    tuples as tuples (``rules.base.Compare``)."""
    return _restored(_decoder().decode(data))


def _restored(judged: list[Judged]) -> list[Judged]:
    return [
        Judged(j.report, msgspec.structs.replace(j.kept, values=_tupled(j.kept.values)))
        for j in judged
    ]


def _tupled(value: Any) -> Any:
    """``value`` with every list in it a tuple, as it was before MessagePack."""
    if isinstance(value, (list, tuple)):
        return tuple(_tupled(v) for v in value)
    return value


class _Kept(msgspec.Struct, frozen=True, array_like=True):
    """A file's result as the cache keeps it: what the file counts for, the numbers the
    extractor weighed (``--explain``) and its claims judged."""

    counted: int
    decisions: tuple[Placed, ...]
    judged: list[Judged]


def _encode_kept(taken: Taken) -> bytes:
    outcome = taken.outcome
    assert isinstance(outcome, Loaded)
    kept = _Kept(outcome.counted, outcome.decisions, taken.judged or [])
    return msgspec.msgpack.encode(kept)


def _decode_kept(data: bytes) -> Taken:
    kept = _kept_decoder().decode(data)
    return Taken(
        Loaded(counted=kept.counted, decisions=kept.decisions), judged=_restored(kept.judged)
    )


@cache
def _kept_decoder() -> msgspec.msgpack.Decoder[_Kept]:
    return msgspec.msgpack.Decoder(_Kept)


def _no_stdin() -> str:
    raise AssertionError("a worker never reads standard input")
