"""The language server on pygls 2 (https://pygls.readthedocs.io/): the LSP messages
(https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/)
wired to a ``Session``. Set-up for editors: docs/editors.md.

- Documents are synchronised whole (``TextDocumentSyncKind.Full``): the text audited is
  exactly the editor's, whatever line breaks or characters it holds.
- Diagnostics are published on open and save at once, and on change once the text has been
  still for ``DELAY`` seconds; audits run one at a time on a worker thread, the newest text
  first, so the connection keeps answering while a large file is audited.
- Hover and code actions answer from the audit of the current text (made first if needed).
- The server runs from the first workspace folder, as ``claimcheck check`` runs from a
  repository's root, and re-reads configuration files at every audit: a changed
  ``claimcheck.toml`` applies at the next keystroke, and at once when the editor reports it.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from claimcheck import __version__
from claimcheck.server.diagnostics import Placed
from claimcheck.server.explain import EXPLAIN, explained_lines
from claimcheck.server.hover import hover_text
from claimcheck.server.session import LANGUAGES, LOG, Audited, Session, Text
from claimcheck.server.settings import read_settings

DELAY = 0.03
"""Seconds a changed text must stay still before it is audited (a typing burst is audited
once, at its end)."""

WATCHED = ("**/claimcheck.toml", "**/pyproject.toml", "**/.gitignore")
"""The files whose change changes audits: configuration and ignore files."""
_SETTINGS_WAIT = 10.0


class ClaimcheckServer(LanguageServer):
    """pygls's server with the session of open files, and whether shutdown came before exit."""

    def __init__(self) -> None:
        super().__init__(
            "claimcheck", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full
        )
        self.session = Session()
        self.shut_down = False
        self.waiting: dict[str, asyncio.Task[None]] = {}
        self.open: set[str] = set()  # the open files' URIs, as the client spells them


def build() -> ClaimcheckServer:
    """The server with every feature registered."""
    server = ClaimcheckServer()
    session = server.session

    def text_of(uri: str) -> Text | None:
        if uri not in server.open:
            return None
        document = server.workspace.get_text_document(uri)
        language = document.language_id or ""
        if uri.startswith("file:"):
            path, kind = Path(to_fs_path(uri) or document.path), None
        else:  # a buffer never saved: named in the workspace, read as its language says
            path, kind = Path.cwd() / Path(document.path).name, LANGUAGES.get(language, "text")
        return Text(uri, document.source, document.version or 0, path, kind, language)

    async def refresh(uri: str, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        text = text_of(uri)
        if text is None:
            return
        audited = await session.audit(text)
        current = text_of(uri)
        if current is None or current.version != text.version or current.text != text.text:
            return  # a newer text is on its way
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=audited.shown, version=text.version)
        )

    def schedule(uri: str, delay: float = 0.0) -> None:
        waiting = server.waiting.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        task = asyncio.ensure_future(refresh(uri, delay))
        server.waiting[uri] = task
        task.add_done_callback(lambda done: _finished(server, uri, done))

    def refresh_all() -> None:
        session.changed_everything()
        for uri in sorted(server.open):
            schedule(uri)

    async def pull_settings() -> None:
        if not _capable(server, "workspace", "configuration"):
            return
        item = types.ConfigurationItem(section="claimcheck")
        try:
            answer = await asyncio.wait_for(
                server.workspace_configuration_async(types.ConfigurationParams(items=[item])),
                _SETTINGS_WAIT,
            )
        except Exception:  # no answer, or an error: the settings stay as they are
            return
        if answer:
            use_settings(answer[0])

    def use_settings(raw: object) -> None:
        settings, problems = read_settings(raw)
        for problem in problems:
            server.window_show_message(
                types.ShowMessageParams(
                    type=types.MessageType.Warning, message=f"claimcheck: {problem}"
                )
            )
        session.settings = settings
        refresh_all()

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        encoding = str(server.workspace.position_encoding or "utf-16")
        session.encoding = (
            "utf-8" if encoding == "utf-8" else "utf-32" if encoding == "utf-32" else "utf-16"
        )
        folders = params.workspace_folders or []
        root = folders[0].uri if folders else params.root_uri
        where = to_fs_path(root) if root else params.root_path
        if where and os.path.isdir(where):
            os.chdir(where)
        if params.initialization_options is not None:
            settings, _ = read_settings(params.initialization_options)
            session.settings = settings

    @server.feature(types.INITIALIZED)
    async def initialized(params: types.InitializedParams) -> None:
        if _capable(server, "workspace", "did_change_watched_files", "dynamic_registration"):
            watchers = [types.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED]
            registration = types.Registration(
                id="claimcheck-configuration-files",
                method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
            )
            server.client_register_capability(
                types.RegistrationParams(registrations=[registration])
            )
        await pull_settings()

    @server.feature(types.SHUTDOWN)
    def shutdown(params: None) -> None:
        server.shut_down = True
        for task in server.waiting.values():
            task.cancel()
        session.stop()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        server.open.add(params.text_document.uri)
        schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        schedule(params.text_document.uri, DELAY)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        if _watched(uri):
            refresh_all()
        session.audited.pop(uri, None)  # audited again, its configuration read again
        schedule(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        server.open.discard(uri)
        waiting = server.waiting.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        session.forget(uri)
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(params: types.DidChangeWatchedFilesParams) -> None:
        refresh_all()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def configuration(params: types.DidChangeConfigurationParams) -> None:
        given = params.settings
        if isinstance(given, dict) and "claimcheck" in given:
            use_settings(given["claimcheck"])
        elif _capable(server, "workspace", "configuration"):
            await pull_settings()
        else:
            refresh_all()

    async def current(uri: str) -> Audited | None:
        text = text_of(uri)
        return None if text is None else await session.audit(text)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(params: types.HoverParams) -> types.Hover | None:
        audited = await current(params.text_document.uri)
        if audited is None or audited.report is None:
            return None
        where = params.position
        found = [p for p in audited.placed if p.covers(where.line, where.character)]
        if not found:
            return None
        rules = {rule.code: rule for rule in audited.report.rules}
        first = min(found, key=lambda p: p.start)
        last = max(found, key=lambda p: p.end)
        return types.Hover(
            contents=types.MarkupContent(
                kind=types.MarkupKind.Markdown, value=hover_text(found, rules)
            ),
            range=_range(first.start, last.end),
        )

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix],
            resolve_provider=True,
        ),
    )
    async def code_action(
        params: types.CodeActionParams,
    ) -> list[types.CodeAction | types.Command] | None:
        uri = params.text_document.uri
        audited = await current(uri)
        if audited is None:
            return None
        start = (params.range.start.line, params.range.start.character)
        end = (params.range.end.line, params.range.end.character)
        actions: list[types.CodeAction | types.Command] = []
        seen: set[tuple[str, int]] = set()
        for placed in audited.placed:
            finding = placed.finding
            if not placed.overlaps(start, end) or (finding.code, finding.line or 0) in seen:
                continue
            seen.add((finding.code, finding.line or 0))
            action = _suppress_action(uri, audited, placed)
            if not _capable(server, "text_document", "code_action", "resolve_support"):
                action = await resolve(action)
                if action.edit is None:
                    continue
            actions.append(action)
        first, last = start[0], max(end[0], start[0])
        title = (
            f"Explain how claimcheck read line {first + 1}"
            if first == last
            else (f"Explain how claimcheck read lines {first + 1}–{last + 1}")
        )
        # A bare command: an action that runs one, valid in every client ("CodeAction" in the
        # LSP specification: the result is ``(Command | CodeAction)[]``).
        actions.append(
            types.Command(
                title=f"{title} (--explain)", command=EXPLAIN, arguments=[uri, first, last]
            )
        )
        return actions

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def resolve(action: types.CodeAction) -> types.CodeAction:
        data = action.data if isinstance(action.data, dict) else {}
        uri = str(data.get("uri", ""))
        audited = await current(uri)
        if audited is None or audited.source.version != data.get("version"):
            return action
        target = next(
            (p for p in audited.placed if [p.finding.code, p.finding.line, p.finding.message]
             == [data.get("code"), data.get("line"), data.get("message")]),
            None,
        )  # fmt: skip
        if target is None:
            return action
        insertion = await session.in_worker(lambda: session.suppression(audited, target))
        if insertion is None:
            return action
        at = audited.lines.position(insertion.offset)
        edit = types.TextEdit(range=_range(at, at), new_text=insertion.text)
        action.title = f"Suppress {target.finding.code} ({target.finding.name}) {insertion.where}"
        if _capable(server, "workspace", "workspace_edit", "document_changes"):
            document = types.OptionalVersionedTextDocumentIdentifier(
                uri=uri, version=audited.source.version
            )
            action.edit = types.WorkspaceEdit(
                document_changes=[types.TextDocumentEdit(text_document=document, edits=[edit])]
            )
        else:
            action.edit = types.WorkspaceEdit(changes={uri: [edit]})
        return action

    @server.command(EXPLAIN)
    async def explain(*arguments: Any) -> str:
        uri, first, last = _explain_arguments(arguments)
        text = text_of(uri)
        if text is None:
            return f"claimcheck: {uri} is not open"

        def work() -> str:
            report = session.run_audit(text, text.text, explain=True)
            return explained_lines(report, first + 1, last + 1)

        try:
            message = await session.in_worker(work)
        except Exception as err:  # a bad setting: said, not raised
            message = f"claimcheck: {err}"
        server.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Info, message=message)
        )
        return str(message)

    return server


def _suppress_action(uri: str, audited: Audited, placed: Placed) -> types.CodeAction:
    finding = placed.finding
    match = [
        d
        for d in audited.shown
        if d.code == finding.code and _range(placed.start, placed.end) == d.range
    ]
    return types.CodeAction(
        title=f"Suppress {finding.code} ({finding.name}) with a comment",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=match[:1] or None,
        data={"uri": uri, "version": audited.source.version, "code": finding.code,
              "line": finding.line, "message": finding.message},
    )  # fmt: skip


def _explain_arguments(arguments: tuple[Any, ...]) -> tuple[str, int, int]:
    if len(arguments) == 1 and isinstance(arguments[0], list | tuple):
        arguments = tuple(arguments[0])
    uri = str(arguments[0]) if arguments else ""
    first = int(arguments[1]) if len(arguments) > 1 else 0
    last = int(arguments[2]) if len(arguments) > 2 else first
    return uri, first, max(first, last)


def _finished(server: ClaimcheckServer, uri: str, task: asyncio.Task[None]) -> None:
    if server.waiting.get(uri) is task:
        del server.waiting[uri]
    if not task.cancelled() and task.exception() is not None and not server.shut_down:
        LOG.error("publishing the diagnostics of %s failed", uri, exc_info=task.exception())


def _capable(server: LanguageServer, *path: str) -> bool:
    """Whether the client's capabilities set the field at ``path`` (truthy)."""
    value: Any = server.client_capabilities
    for name in path:
        value = getattr(value, name, None)
        if value is None:
            return False
    return bool(value)


def _watched(uri: str) -> bool:
    name = uri.rsplit("/", 1)[-1]
    return name in ("claimcheck.toml", "pyproject.toml", ".gitignore")


def _range(start: tuple[int, int], end: tuple[int, int]) -> types.Range:
    return types.Range(
        start=types.Position(line=start[0], character=start[1]),
        end=types.Position(line=end[0], character=end[1]),
    )


def run() -> int:
    """Serve over standard input and output until the client says exit: 0 when shutdown came
    first, else 1 (the LSP specification's "exit"). Anything printed goes to standard error,
    never into the protocol's stream."""
    server = build()
    stream = sys.__stdout__ or sys.stdout
    sys.stdout = sys.stderr
    server.start_io(sys.stdin.buffer, stream.buffer)
    return 0 if server.shut_down else 1
