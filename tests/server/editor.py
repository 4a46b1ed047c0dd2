"""A scripted editor: pygls's ``LanguageClient`` driving ``python -m claimcheck server`` over
stdio as an editor does (initialize, open, change, save, hover, code actions, shutdown, exit).

Every wait has a timeout, so a server that hangs fails its test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

WAIT = 60.0
"""Seconds any one answer may take (the machine may be busy; a hung server fails)."""

T = TypeVar("T")


def run(scenario: Callable[[], Awaitable[T]], limit: float = 240.0) -> T:
    """Run an async scenario to its end, failing after ``limit`` seconds."""

    async def bounded() -> T:
        return await asyncio.wait_for(scenario(), limit)

    return asyncio.run(bounded())


class ScriptedClient(LanguageClient):
    """pygls's client, keeping the server's exit code (its ``server_exit`` hook)."""

    def __init__(self) -> None:
        super().__init__("scripted-editor", "1")
        self.exited = asyncio.Event()
        self.returncode: int | None = None

    async def server_exit(self, server: asyncio.subprocess.Process) -> None:
        self.returncode = server.returncode
        self.exited.set()


def uri_of(path: Path) -> str:
    uri = from_fs_path(str(path))
    assert uri is not None
    return str(uri)


class Editor:
    """One editor session with a claimcheck server started in ``root``."""

    def __init__(
        self,
        root: Path,
        *,
        encoding: str = "utf-16",
        settings: dict[str, Any] | None = None,
        resolve: bool = False,
        python: tuple[str, ...] = (),
    ) -> None:
        self.root = root
        self.encoding = encoding
        self.settings = settings
        self.resolve = resolve
        self.python = python
        self.client = ScriptedClient()
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.messages: list[str] = []
        self.versions: dict[str, int] = {}
        self.texts: dict[str, str] = {}
        self._news = asyncio.Event()
        self.initialized: types.InitializeResult | None = None

        feature: Callable[[str], Callable[[Callable[..., Any]], Any]] = self.client.feature

        @feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            self.published.setdefault(params.uri, []).append(params)
            self._news.set()

        @feature(types.WINDOW_SHOW_MESSAGE)
        def shown(params: types.ShowMessageParams) -> None:
            self.messages.append(params.message)
            self._news.set()

        @feature(types.WORKSPACE_CONFIGURATION)
        def configuration(params: types.ConfigurationParams) -> list[Any]:
            return [self.settings for _ in params.items]

        @feature(types.CLIENT_REGISTER_CAPABILITY)
        def register(params: types.RegistrationParams) -> None:
            return None

    async def start(self) -> types.InitializeResult:
        await self.client.start_io(sys.executable, *self.python, "-m", "claimcheck", "server",
                                   cwd=str(self.root))  # fmt: skip
        code_action = types.CodeActionClientCapabilities(
            resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"])
            if self.resolve
            else None
        )
        capabilities = types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=[self.encoding]),
            text_document=types.TextDocumentClientCapabilities(code_action=code_action),
            workspace=types.WorkspaceClientCapabilities(
                configuration=self.settings is not None,
                did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                    dynamic_registration=True
                ),
            ),
        )
        params = types.InitializeParams(
            capabilities=capabilities,
            root_uri=uri_of(self.root),
            workspace_folders=[types.WorkspaceFolder(uri=uri_of(self.root), name="root")],
        )
        self.initialized = await asyncio.wait_for(self.client.initialize_async(params), WAIT)
        self.client.initialized(types.InitializedParams())
        return self.initialized

    async def stop(self) -> int | None:
        """Shutdown, exit, and the server's exit code."""
        await asyncio.wait_for(self.client.shutdown_async(None), WAIT)
        self.client.exit(None)
        stop: Callable[[], Awaitable[None]] = self.client.stop
        await asyncio.wait_for(stop(), WAIT)
        return await self.exit_code()

    async def exit_code(self) -> int | None:
        await asyncio.wait_for(self.client.exited.wait(), WAIT)
        return self.client.returncode

    def count(self, uri: str) -> int:
        return len(self.published.get(uri, []))

    async def open(self, path: Path, text: str, language: str = "markdown") -> str:
        uri = uri_of(path)
        self.versions[uri], self.texts[uri] = 1, text
        item = types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
        return uri

    def change(self, uri: str, text: str) -> int:
        """Replace the text (the server synchronises whole documents); the new version."""
        self.versions[uri] += 1
        self.texts[uri] = text
        document = types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri])
        change = types.TextDocumentContentChangeWholeDocument(text=text)
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(text_document=document, content_changes=[change])
        )
        return self.versions[uri]

    def save(self, uri: str, path: Path) -> None:
        path.write_text(self.texts[uri], encoding="utf-8", newline="")
        document = types.TextDocumentIdentifier(uri=uri)
        self.client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=document))

    def close(self, uri: str) -> None:
        document = types.TextDocumentIdentifier(uri=uri)
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=document)
        )

    async def until(self, ready: Callable[[], bool]) -> None:
        """Wait until ``ready()``, as messages arrive."""

        async def waiting() -> None:
            while not ready():
                self._news.clear()
                await self._news.wait()

        await asyncio.wait_for(waiting(), WAIT)

    async def diagnostics(self, uri: str, after: int = 0) -> list[types.Diagnostic]:
        """The diagnostics of the current version, published after the ``after``-th publish."""

        def latest() -> types.PublishDiagnosticsParams | None:
            done = self.published.get(uri, [])[after:]
            current = [p for p in done if p.version in (None, self.versions.get(uri))]
            return current[-1] if current else None

        await self.until(lambda: latest() is not None)
        found = latest()
        assert found is not None
        return list(found.diagnostics)

    async def settled(self, uri: str, ready: Callable[[set[str]], bool]) -> set[str]:
        """Wait until the latest diagnostics of ``uri`` have codes that make ``ready`` true."""

        def codes() -> set[str] | None:
            done = self.published.get(uri)
            return {str(d.code) for d in done[-1].diagnostics} if done else None

        await self.until(lambda: (found := codes()) is not None and ready(found))
        return codes() or set()

    async def hover(self, uri: str, line: int, character: int) -> types.Hover | None:
        params = types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=character),
        )
        return await asyncio.wait_for(self.client.text_document_hover_async(params), WAIT)

    async def actions(self, uri: str, where: types.Range) -> list[Any]:
        params = types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=where,
            context=types.CodeActionContext(diagnostics=[]),
        )
        found = await asyncio.wait_for(self.client.text_document_code_action_async(params), WAIT)
        return list(found or [])

    async def resolved(self, action: types.CodeAction) -> types.CodeAction:
        return await asyncio.wait_for(self.client.code_action_resolve_async(action), WAIT)

    async def command(self, name: str, arguments: list[Any]) -> Any:
        params = types.ExecuteCommandParams(command=name, arguments=arguments)
        return await asyncio.wait_for(self.client.workspace_execute_command_async(params), WAIT)

    def apply(self, uri: str, edit: types.WorkspaceEdit) -> int:
        """Apply a workspace edit to the open text, as the editor does; the new version."""
        edits = list((edit.changes or {}).get(uri, []))
        for change in edit.document_changes or []:
            assert isinstance(change, types.TextDocumentEdit)
            edits += [e for e in change.edits if isinstance(e, types.TextEdit)]
        text = self.texts[uri]
        for one in sorted(
            edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True
        ):
            start = offset(text, one.range.start, self.encoding)
            end = offset(text, one.range.end, self.encoding)
            text = text[:start] + one.new_text + text[end:]
        return self.change(uri, text)


LINE = re.compile(r"\r\n|\r|\n")


def line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in LINE.finditer(text))]


def offset(text: str, position: types.Position, encoding: str) -> int:
    """The code-point offset of an LSP position, counted here afresh (not with the server's
    code): each character's size in the encoding's code units."""
    start = line_starts(text)[position.line]
    counted, index = 0, start
    while counted < position.character:
        ch = text[index]
        counted += len(ch.encode("utf-16-le")) // 2 if encoding == "utf-16" else len(ch.encode())
        index += 1
    assert counted == position.character, "a position inside a character"
    return index


def place(text: str, position: types.Position, encoding: str) -> tuple[int, int]:
    """claimcheck's 1-based (line, column in code points) of an LSP position."""
    index = offset(text, position, encoding)
    start = line_starts(text)[position.line]
    column = index - start + 1
    if position.line == 0 and text.startswith("\ufeff"):
        column -= 1
    return position.line + 1, column


def shown(text: str, found: list[types.Diagnostic], encoding: str) -> list[tuple[Any, ...]]:
    """The diagnostics as claimcheck's findings: code, severity, message and place."""
    names = {1: "error", 2: "warning", 3: "info"}
    return sorted(
        (d.code, names[int(d.severity or 1)], d.message,
         *place(text, d.range.start, encoding), *place(text, d.range.end, encoding))
        for d in found
    )  # fmt: skip


def checked(root: Path, name: str, *options: str) -> tuple[list[tuple[Any, ...]], dict[str, Any]]:
    """``claimcheck check --format json NAME`` run in ``root``: its unsuppressed findings as
    ``shown`` gives diagnostics, and the whole report."""
    done = subprocess.run(
        [sys.executable, "-m", "claimcheck", "check", "--format", "json", *options, name],
        capture_output=True, text=True, cwd=root, timeout=120,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)
    findings = [f for claim in report["claims"] for f in claim["findings"]] + report["findings"]
    lines = LINE.split((root / name).read_text(encoding="utf-8"))

    def end(f: dict[str, Any]) -> tuple[int, int]:
        if f["end_line"] is None:  # a place without an end: the editor shows the rest of its line
            return f["line"], len(lines[f["line"] - 1]) + 1
        return f["end_line"], f["end_column"]

    return sorted(
        (f["code"], f["severity"], f["message"], f["line"], f["column"], *end(f))
        for f in findings
        if not f["suppressed"]
    ), report  # fmt: skip
