"""Results of earlier runs, by file content: a file audited before, byte for byte the same,
under the same settings and by the same claimcheck, gives back its claims' reports instead of
being read, extracted and judged again (as ruff keeps its results,
https://docs.astral.sh/ruff/configuration/#cache).

The cache is kept only where the user asks: ``--cache-dir DIR`` or ``CLAIMCHECK_CACHE_DIR``
(``--no-cache`` overrides both). A run asked for nothing writes nothing but its report: the
results quote the audited text, which stays where its owner put it. A key holds everything a
file's result depends on: claimcheck's version and the files of its installed code (their
sizes and times, so that an edited install never reads a stale result), the file's settings
(rules, thresholds, assumptions, the catalog file's content), the working directory, the
file's name and kind, and its bytes. Each version keeps its own SQLite database; one above
``MAX_CACHE_BYTES`` starts afresh. Only files up to ``MAX_FILE_BYTES`` are kept, read without
a problem and without suppression comments (those decide with the whole run). A cache that
cannot be opened or written is left alone: the run goes on without it
(docs/performance.md, "The result cache").
"""

from __future__ import annotations

import hashlib
import os
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from claimcheck import __version__
from claimcheck.errors import InputError
from claimcheck.sources.reading import read_bytes

if TYPE_CHECKING:
    import sqlite3

    from claimcheck.sources.inputs import FileInput

MAX_FILE_BYTES = 1 << 20
"""Larger files are read every time: they are rare, and hashing them would hold their bytes
beside the page read from them."""
MAX_CACHE_BYTES = 1 << 30
"""A database above this size is emptied when a run opens it (a file's result takes about
3.4 KB: 100,000 claim files fit)."""


def cache_dir(chosen: Path | None = None, no_cache: bool = False) -> Path | None:
    """Where results are kept (``None``: not kept, the default): ``chosen`` (``--cache-dir``),
    else ``CLAIMCHECK_CACHE_DIR``; never with ``no_cache``."""
    if no_cache:
        return None
    if chosen is not None:
        return chosen
    named = os.environ.get("CLAIMCHECK_CACHE_DIR", "").strip()
    return Path(named) if named else None


def code_fingerprint() -> bytes:
    """claimcheck's version and the name, size and modification time of every file of its
    installed package: any change to the code or its data gives other keys."""
    import claimcheck

    root = os.path.dirname(os.path.abspath(claimcheck.__file__))
    digest = hashlib.blake2b(__version__.encode(), digest_size=16)
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(files):
            path = os.path.join(folder, name)
            stat = os.stat(path)
            relative = os.path.relpath(path, root)
            digest.update(f"{relative}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.digest()


class Key(NamedTuple):
    """A file's key, and the bytes it was taken of: the reader reads these, not the file
    again, so a result is always of the bytes of its key."""

    digest: bytes
    data: bytes


class ResultCache:
    """One process's handle on the cache in ``folder``: each process (the run's, a worker)
    opens the database on its first use."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._code: bytes | None = None
        self._cwd = os.getcwd().encode("utf-8", "surrogateescape")
        self._db: sqlite3.Connection | None = None
        self._pid = 0
        self._broken = False

    def __getstate__(self) -> dict[str, object]:
        # A worker started afresh (not forked) opens its own connection.
        return {**self.__dict__, "_db": None, "_pid": 0}

    @property
    def code(self) -> bytes:
        """``code_fingerprint()``, taken on first use (a run of text alone never needs it)."""
        if self._code is None:
            self._code = code_fingerprint()
        return self._code

    def key(self, item: FileInput, settings: bytes, max_bytes: int) -> Key | None:
        """The key of ``item``'s result under settings of fingerprint ``settings``, with the
        file's bytes, read once for the key and the reader (``None``: not kept: no regular
        file, too large, unreadable, or the cache is off)."""
        if self._broken:
            return None
        try:
            data = read_bytes(item.path, item.display, max_bytes=min(max_bytes, MAX_FILE_BYTES))
        except InputError:
            return None  # read again by the reader, which says why, under the run's own limit
        digest = hashlib.blake2b(self.code, digest_size=32)
        digest.update(settings)
        digest.update(self._cwd + b"\0")
        for part in (item.path, item.display, item.kind, str(item.named)):
            digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
        digest.update(data)
        return Key(digest.digest(), data)

    def get(self, key: Key) -> bytes | None:
        """The result kept under ``key``, if any."""
        db = self._open()
        if db is None:
            return None
        import sqlite3

        try:
            row = db.execute("SELECT value FROM results WHERE key = ?", (key.digest,)).fetchone()
        except sqlite3.Error:
            self._close()
            return None
        return None if row is None else bytes(row[0])

    def put(self, key: Key, value: bytes) -> None:
        """Keep ``value`` under ``key`` (a write that fails is given up)."""
        db = self._open()
        if db is None:
            return
        import sqlite3

        try:
            db.execute(
                "INSERT OR REPLACE INTO results (key, value) VALUES (?, ?)", (key.digest, value)
            )
        except sqlite3.Error:
            self._close()

    def _open(self) -> sqlite3.Connection | None:
        if self._broken:
            return None
        if self._db is not None and self._pid == os.getpid():
            return self._db
        import sqlite3  # here: a run of text alone never loads it

        path = self.folder / f"results-{__version__}.sqlite3"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if path.exists() and path.stat().st_size > MAX_CACHE_BYTES:
                path.unlink()
            db = sqlite3.connect(path, timeout=0.5, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=OFF")
            db.execute(
                "CREATE TABLE IF NOT EXISTS results (key BLOB PRIMARY KEY, value BLOB NOT NULL)"
            )
        except (OSError, sqlite3.Error):
            self._broken = True
            return None
        self._db, self._pid = db, os.getpid()
        return db

    def _close(self) -> None:
        """Give up the cache for the rest of this process (a locked or broken database)."""
        import sqlite3

        self._broken = True
        if self._db is not None and self._pid == os.getpid():
            with suppress(sqlite3.Error):
                self._db.close()
        self._db = None
