"""The open files of an editor session and their audits: each file audited by
``claimcheck.api.audit_document`` on one worker thread, the latest text first, the results
kept until the text changes. No pygls here: ``app`` feeds it texts and sends what it gives.

An audit re-reads only the paragraphs that changed since the file's last audit
(``claimcheck.sources.document.remembered_readings``); each file keeps the readings of its
current text alone, so the memory a file takes does not grow with its edits.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal

import msgspec
from lsprotocol import types

from claimcheck.errors import ClaimcheckError
from claimcheck.extract import Reading
from claimcheck.report import Report
from claimcheck.server.diagnostics import Placed, diagnostics, error_diagnostic, placed_findings
from claimcheck.server.positions import Encoding, Lines
from claimcheck.server.settings import ClientSettings
from claimcheck.server.suppression import Insertion, applied, insertions
from claimcheck.sources.document import ReadingKey, remembered_readings
from claimcheck.sources.reading import display_path

LOG = logging.getLogger("claimcheck.server")

Kind = Literal["markdown", "html", "text", "yaml", "toml", "json"]
LANGUAGES: dict[str, Kind] = {
    "markdown": "markdown",
    "html": "html",
    "plaintext": "text",
    "text": "text",
    "yaml": "yaml",
    "toml": "toml",
    "json": "json",
}
"""Editors' language identifiers → the kind of file claimcheck reads
("TextDocumentItem" in the LSP specification lists the usual identifiers)."""

Key = tuple[int, int]
"""What an audit was of: the text's version and the generation of the settings and files."""


class Text(msgspec.Struct, frozen=True):
    """An open file's text as the editor holds it, the path it is audited as, the kind it is
    read as when its name cannot say (a buffer never saved), and the editor's language."""

    uri: str
    text: str
    version: int
    path: Path
    kind: Kind | None = None
    language: str = ""


class Audited(msgspec.Struct, frozen=True):
    """An audit of one text: its report (``None`` when it could not run), the findings
    placed, the diagnostics to show, and what it was of."""

    key: Key
    source: Text
    lines: Lines
    report: Report | None
    placed: list[Placed]
    shown: list[types.Diagnostic]


class Session:
    """Open files → their audits, one at a time on a worker thread, each for the newest text."""

    def __init__(self) -> None:
        self.settings = ClientSettings()
        self.encoding: Encoding = "utf-16"
        self.generation = 0
        self.audited: dict[str, Audited] = {}
        self._running: dict[str, tuple[Key, asyncio.Future[Audited]]] = {}
        self._readings: dict[str, dict[ReadingKey, Reading]] = {}
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="claimcheck-audit")

    def changed_everything(self) -> None:
        """Settings or files every audit depends on changed (configuration, ``.gitignore``)."""
        self.generation += 1

    def forget(self, uri: str) -> None:
        """The file was closed."""
        self.audited.pop(uri, None)
        self._readings.pop(uri, None)

    def stop(self) -> None:
        """End the worker (an audit under way finishes; none waiting starts)."""
        self._worker.shutdown(wait=False, cancel_futures=True)

    async def audit(self, text: Text) -> Audited:
        """The audit of ``text``: the one kept, the one under way, or a new one."""
        key = (text.version, self.generation)
        done = self.audited.get(text.uri)
        if done is not None and done.key == key and done.source.text == text.text:
            return done
        running = self._running.get(text.uri)
        if running is not None and running[0] == key:
            return await asyncio.shield(running[1])
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._worker, self._audit, text, key)
        self._running[text.uri] = (key, future)
        try:
            result = await asyncio.shield(future)
        finally:
            if self._running.get(text.uri, (None, None))[1] is future:
                del self._running[text.uri]
        self.audited[text.uri] = result
        return result

    async def in_worker(self, work: Callable[[], Any]) -> Any:
        """Run ``work`` on the audit thread, after the audits already waiting."""
        return await asyncio.get_running_loop().run_in_executor(self._worker, work)

    def run_audit(self, text: Text, source: str, *, explain: bool = False) -> Report:
        """The report of ``source`` as the file of ``text`` (on the worker thread), reusing
        and keeping the file's readings. ``ClaimcheckError`` for bad settings."""
        from claimcheck.api import audit_document

        kept: dict[ReadingKey, Reading] = {}
        with remembered_readings(self._readings.get(text.uri, {}), kept):
            report = audit_document(
                source, text.path, kind=text.kind, explain=explain,
                **self.settings.keywords(),
            )  # fmt: skip
        self._readings[text.uri] = kept
        return report

    def _audit(self, text: Text, key: Key) -> Audited:
        lines = Lines(text.text, self.encoding)
        try:
            report: Report | None = self.run_audit(text, text.text)
            problem = None
        except ClaimcheckError as err:  # a bad setting, a broken configuration file
            report, problem = None, str(err)
        except Exception as err:  # never a crashed server: the file shows what went wrong
            LOG.exception("auditing %s failed", text.uri)
            report, problem = None, f"claimcheck could not audit this file: internal error: {err!r}"
        if report is None:
            shown = [error_diagnostic(problem or "", lines)]
            return Audited(key, text, lines, None, [], shown)
        placed = placed_findings(report, lines)
        shown = diagnostics(report, placed, display_path(text.path), lines)
        return Audited(key, text, lines, report, placed, shown)

    def suppression(self, audited: Audited, target: Placed) -> Insertion | None:
        """The first comment that silences ``target`` and changes nothing else, audited (on
        the worker thread); ``None`` when no place works (JSON has no comments)."""
        report = audited.report
        finding = target.finding
        if report is None or finding.line is None:
            return None
        claim_line = target.claim.source.line if target.claim is not None else None
        kind = _kind_of(audited.source)
        for insertion in insertions(audited.lines, kind, finding.code, finding.line, claim_line):
            try:
                after = self.run_audit(audited.source, applied(audited.source.text, insertion))
            except ClaimcheckError:
                return None
            if silences(report, after, finding.code, finding.message):
                return insertion
        return None


def silences(before: Report, after: Report, code: str, message: str) -> bool:
    """Whether ``after`` is ``before`` with one ``code`` finding saying ``message``
    suppressed, and nothing else changed (no finding gone or new, no unused comment)."""
    if after.errors != before.errors:
        return False
    live = Counter((f.code, f.message) for f in before.unsuppressed())
    if live[code, message] < 1:
        return False
    live[code, message] -= 1
    now = Counter((f.code, f.message) for f in after.unsuppressed())
    quiet = [f for f in after.all_findings() if f.suppressed]
    return +live == +now and any(f.code == code and f.message == message for f in quiet)


def _kind_of(text: Text) -> str:
    """The kind the file is read as: the one given, else the one its name gives (as
    ``check`` names kinds without configured extensions), else the editor's language."""
    if text.kind is not None:
        return text.kind
    from claimcheck.sources.inputs import Selection

    found = Selection().kind_of(text.path.name)
    if found is None and not text.path.suffix:
        found = "text"
    return found or str(LANGUAGES.get(text.language, ""))
