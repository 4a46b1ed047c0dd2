"""``claimcheck server`` as an editor sees it: the time from a ``didChange`` (one character
typed in the middle of the page) to the ``publishDiagnostics`` of that version, on a 50 KB and
a 1 MB Markdown page made of the corpus's real pages (medians of several edits, each waited
for); and the server's resident memory after 10 and after 1,000 such edits.

    python bench/bench_server.py [--edits 15] [--long-edits 1000]

The time includes the server's wait for the typing to stop (``DELAY`` in
``claimcheck/server/app.py``), as an editor's user waits for it.
"""

from __future__ import annotations

import argparse
import json
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "extract"


def corpus_page(size: int) -> str:
    """Whole paragraphs of the corpus's pages, repeated, up to ``size`` characters."""
    pages = []
    for name in ("real_pages.yaml", "fresh_pages.yaml"):
        pages += yaml.safe_load((CORPUS / name).read_text(encoding="utf-8"))
    text = "\n\n".join(page["markdown"] for page in pages)
    whole = (text + "\n\n") * (size // len(text) + 1)
    return whole[: whole.rindex("\n\n", 0, size)] + "\n"


class Server:
    """The server over stdio, framed by hand; its process id for its memory."""

    def __init__(self, cwd: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "claimcheck", "server"], cwd=cwd,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.inbox: queue.Queue[tuple[float, dict[str, Any]]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.ids = 0

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
            message = json.loads(stream.read(length))
            self.inbox.put((time.perf_counter(), message))

    def send(self, method: str, params: Any, *, request: bool = False) -> float:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.ids += 1
            message["id"] = self.ids
        body = json.dumps(message).encode()
        assert self.process.stdin is not None
        sent = time.perf_counter()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return sent

    def until(self, wanted: Any) -> float:
        while True:
            at, message = self.inbox.get(timeout=300)
            if wanted(message):
                return at

    def published(self, uri: str, version: int) -> float:
        return self.until(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri
                and m["params"].get("version") == version
            )
        )

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.send("shutdown", None, request=True)
        self.until(lambda m: m.get("id") == self.ids and "method" not in m)
        self.send("exit", None)
        self.process.wait(timeout=60)


def edit(text: str, number: int) -> str:
    """``text`` with one character typed (or taken back) in its middle."""
    middle = text.index("\n", len(text) // 2)
    return text[:middle] + ("x" if number % 2 else "") + text[middle:]


def session(server: Server, uri: str, text: str, edits: int) -> list[float]:
    """Seconds from each change to its diagnostics, each edit waited for."""
    version = 1
    server.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown",
                                                          "version": version, "text": text}})  # fmt: skip
    server.published(uri, version)
    times = []
    for number in range(1, edits + 1):
        version += 1
        change = {"textDocument": {"uri": uri, "version": version},
                  "contentChanges": [{"text": edit(text, number)}]}  # fmt: skip
        sent = server.send("textDocument/didChange", change)
        times.append(server.published(uri, version) - sent)
    server.send("textDocument/didClose", {"textDocument": {"uri": uri}})
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=15, help="timed edits per page size")
    parser.add_argument("--long-edits", type=int, default=1000, help="edits before memory")
    args = parser.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / ".git").mkdir()
        server = Server(root)
        server.send("initialize", {"processId": None, "rootUri": root.as_uri(), "capabilities": {}},
                    request=True)  # fmt: skip
        server.until(lambda m: m.get("id") == 1)
        server.send("initialized", {})
        for size, edits in ((50_000, args.edits), (1_000_000, max(3, args.edits // 3))):
            text = corpus_page(size)
            times = session(server, (root / f"page-{size}.md").as_uri(), text, edits)
            print(f"{len(text.encode()):>9,} bytes: didChange → publishDiagnostics median "
                  f"{statistics.median(times) * 1000:.0f} ms (min {min(times) * 1000:.0f}, "
                  f"max {max(times) * 1000:.0f}; {edits} edits)")  # fmt: skip
        text = corpus_page(50_000)
        uri = (root / "memory.md").as_uri()
        session(server, uri, text, 10)
        after_10 = server.rss_mb()
        session(server, uri, text, args.long_edits)
        after_many = server.rss_mb()
        print(f"resident memory: {after_10:.1f} MB after 10 edits, {after_many:.1f} MB after "
              f"{args.long_edits:,} more ({after_many - after_10:+.1f} MB)")  # fmt: skip
        server.stop()


if __name__ == "__main__":
    main()
