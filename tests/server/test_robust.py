"""What must not bring the server down: a file deleted while open, bytes that are not UTF-8,
a 10 MB line, a file that cannot be parsed, a broken configuration file. Each gives at most
one diagnostic, and the server keeps answering."""

from __future__ import annotations

import json
import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from lsprotocol import types

from tests.server.editor import WAIT, Editor, run, uri_of

SENTENCE = "Loading the KV cache from NVMe gives 27x faster TTFT at 128K tokens."


def test_a_file_deleted_with_its_folder_keeps_being_audited(tmp_path: Path) -> None:
    root = tmp_path / "site"
    (root / ".git").mkdir(parents=True)
    folder = root / "docs" / "drafts"
    folder.mkdir(parents=True)
    path = folder / "page.md"
    path.write_text(f"# KV tier\n\n{SENTENCE}\n", encoding="utf-8")

    async def scenario() -> None:
        editor = Editor(root)
        await editor.start()
        uri = await editor.open(path, path.read_text(encoding="utf-8"))
        assert {d.code for d in await editor.diagnostics(uri)} >= {"KV103"}
        shutil.rmtree(root / "docs")
        editor.change(uri, f"# KV tier\n\nIntro.\n\n{SENTENCE}\n")
        found = await editor.diagnostics(uri)
        assert {d.code for d in found} >= {"KV103"}
        assert all(d.range.start.line == 4 for d in found)
        count = editor.count(uri)
        document = types.TextDocumentIdentifier(uri=uri)
        editor.client.text_document_did_save(
            types.DidSaveTextDocumentParams(text_document=document)
        )
        assert {d.code for d in await editor.diagnostics(uri, after=count)} >= {"KV103"}
        assert await editor.hover(uri, 4, 40) is not None
        assert await editor.stop() == 0

    run(scenario)


def test_unparsable_files_and_broken_configuration_give_one_diagnostic(tmp_path: Path) -> None:
    root = tmp_path / "site"
    (root / ".git").mkdir(parents=True)
    (root / "docs").mkdir()
    claims = root / "claims.yaml"
    claims.write_text("speedup: 27\ncontext_tokens: [128000\n", encoding="utf-8")
    config = root / "docs" / "claimcheck.toml"
    config.write_text('fail-on = "warning"\nselectt = ["KV1"]\n', encoding="utf-8")
    page = root / "docs" / "page.md"
    page.write_text(f"# KV tier\n\n{SENTENCE}\n", encoding="utf-8")

    async def scenario() -> None:
        editor = Editor(root)
        await editor.start()
        uri = await editor.open(claims, claims.read_text(encoding="utf-8"), "yaml")
        (broken,) = await editor.diagnostics(uri)
        assert broken.severity == types.DiagnosticSeverity.Error
        assert broken.range.start.line >= 1  # at the error, not the top of the file
        page_uri = await editor.open(page, page.read_text(encoding="utf-8"))
        (refused,) = await editor.diagnostics(page_uri)
        assert refused.message.startswith("docs/claimcheck.toml: unknown key 'selectt'")
        config.write_text('ignore = ["KV103"]\n', encoding="utf-8")  # fixed on disk
        count = editor.count(page_uri)
        change = types.FileEvent(uri=uri_of(config), type=types.FileChangeType.Changed)
        editor.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(changes=[change])
        )
        fixed = await editor.diagnostics(page_uri, after=count)
        assert fixed and "KV103" not in {d.code for d in fixed}
        assert await editor.stop() == 0

    run(scenario)


def test_a_10_mb_line_is_one_diagnostic_and_the_server_answers(tmp_path: Path) -> None:
    root = tmp_path / "site"
    (root / ".git").mkdir(parents=True)
    line = (SENTENCE + " ") * (10 * 1024 * 1024 // (len(SENTENCE) + 1) + 1)

    async def scenario() -> None:
        editor = Editor(root)
        await editor.start()
        uri = await editor.open(root / "huge.md", line)
        (too_large,) = await editor.diagnostics(uri)
        assert "above the 10,000,000-byte limit" in too_large.message
        assert await editor.hover(uri, 0, 5_000_000) is None
        editor.change(uri, SENTENCE)
        assert {d.code for d in await editor.diagnostics(uri)} >= {"KV103"}
        assert await editor.stop() == 0

    run(scenario)


class RawClient:
    """JSON-RPC over the server's stdio, framed by hand (Content-Length headers), so that a
    message may carry bytes no JSON library would write."""

    def __init__(self, cwd: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "claimcheck", "server"], cwd=cwd,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.ids = 0

    def close(self) -> int:
        """End the server if it still runs; its exit code."""
        if self.process.poll() is None:
            self.process.kill()
        code = self.process.wait(timeout=WAIT)
        self.reader.join(timeout=WAIT)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None and not stream.closed:
                stream.close()
        return code

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while (header := stream.readline()) not in (b"\r\n", b""):
                if header.lower().startswith(b"content-length:"):
                    length = int(header.split(b":")[1])
            if length is None:
                return
            self.messages.put(json.loads(stream.read(length)))

    def send_bytes(self, body: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def send(self, method: str, params: Any, *, request: bool = False) -> int | None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.ids += 1
            message["id"] = self.ids
        self.send_bytes(json.dumps(message).encode())
        return self.ids if request else None

    def wait(self, matches: Any) -> dict[str, Any]:
        while True:
            message = self.messages.get(timeout=WAIT)
            if matches(message):
                return message

    def answer(self, number: int | None) -> dict[str, Any]:
        return self.wait(lambda m: m.get("id") == number and "method" not in m)


def test_bytes_that_are_not_utf8_leave_the_server_answering(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    client = RawClient(tmp_path)
    try:
        first = client.send("initialize", {"processId": None, "rootUri": uri_of(tmp_path),
                                           "capabilities": {}}, request=True)  # fmt: skip
        assert "capabilities" in client.answer(first)["result"]
        client.send("initialized", {})
        uri = uri_of(tmp_path / "bad.md")
        opened = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": "X"}}})  # fmt: skip
        client.send_bytes(opened.encode().replace(b'"X"', b'"27x \xff\xfe faster \xc3"'))
        client.send_bytes(b"\xff\xfe not even JSON \x80")
        # Lone surrogates are valid JSON escapes, and no text: one diagnostic says so.
        text = "# KV\n\n" + SENTENCE + " \udc80 and more.\n"
        client.send("textDocument/didOpen", {"textDocument": {
            "uri": uri_of(tmp_path / "lone.md"), "languageId": "markdown", "version": 1, "text": text}})  # fmt: skip
        published = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                and m["params"]["uri"].endswith("lone.md"))  # fmt: skip
        (only,) = published["params"]["diagnostics"]
        assert "invalid UTF-8" in only["message"] and "line 3" in only["message"]
        asked = client.send("textDocument/hover", {"textDocument": {"uri": uri_of(tmp_path / "lone.md")},
                                                   "position": {"line": 2, "character": 3}}, request=True)  # fmt: skip
        assert client.answer(asked).get("result") is None
        done = client.send("shutdown", None, request=True)
        assert "error" not in client.answer(done)
        client.send("exit", None)
        assert client.process.wait(timeout=WAIT) == 0
    finally:
        client.close()


def test_exit_without_shutdown_and_a_closed_input_end_the_server(tmp_path: Path) -> None:
    client = RawClient(tmp_path)
    first = client.send(
        "initialize", {"processId": None, "rootUri": None, "capabilities": {}}, request=True
    )
    client.answer(first)
    client.send("exit", None)
    assert client.process.wait(timeout=WAIT) == 1  # exit before shutdown (the LSP specification)
    client.close()
    again = RawClient(tmp_path)
    assert again.process.stdin is not None
    again.process.stdin.close()
    assert again.process.wait(timeout=WAIT) in (0, 1)
    again.close()
