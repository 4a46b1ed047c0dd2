"""Results of earlier runs, by file content: a file audited before, byte for byte the same,
under the same settings and by the same claimcheck, gives back its claims' reports instead of
being read, extracted and judged again (as ruff keeps its results,
https://docs.astral.sh/ruff/configuration/#cache).

The cache is kept only where the user asks: ``--cache-dir DIR`` or ``CLAIMCHECK_CACHE_DIR``
(``--no-cache`` overrides both). A run asked for nothing writes nothing but its report: the
results quote the audited text, which stays where its owner put it, readable by the owner
alone, in a folder with a ``.gitignore`` that ignores it. A key holds everything a file's
result depends on: claimcheck's version, the files of its installed code (their sizes and
times, so that an edited install never reads a stale result), the versions of Python and of
the libraries it runs on, the file's settings (rules, thresholds, assumptions, the catalog
file's bytes), the working directory, the file's name and kind, and its bytes, read once for
the key and the reader. Each version keeps its own SQLite database; one above
``MAX_CACHE_BYTES`` starts afresh, and so does one that is damaged. Only regular files up to
``MAX_FILE_BYTES`` are kept, read without a problem and without suppression comments (those
decide with the whole run). A cache that cannot be opened or written is left alone: the run
goes on without it (docs/performance.md, "The result cache").
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
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


DEPENDENCIES = (
    "typer",
    "rich",
    "pydantic",
    "pydantic-core",
    "pyyaml",
    "markdown-it-py",
    "mdurl",
    "pathspec",
    "jinja2",
    "msgspec",
)
"""The libraries a file's result may depend on (``pyproject.toml``'s dependencies and what
pydantic and markdown-it-py parse with): an upgrade of one gives other keys."""


def code_fingerprint() -> bytes:
    """claimcheck's version, the name, size and modification time of every file of its
    installed package, and the versions of Python and of ``DEPENDENCIES``: any change to the
    code that reads a file gives other keys."""
    from importlib.metadata import PackageNotFoundError, version

    import claimcheck

    root = os.path.dirname(os.path.abspath(claimcheck.__file__))
    digest = hashlib.blake2b(__version__.encode(), digest_size=16)
    digest.update(f"{sys.implementation.name} {sys.version}\n".encode())
    for name in DEPENDENCIES:
        try:
            digest.update(f"{name} {version(name)}\n".encode())
        except PackageNotFoundError:
            digest.update(f"{name} -\n".encode())
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(files):
            path = os.path.join(folder, name)
            status = os.stat(path)
            relative = os.path.relpath(path, root)
            digest.update(f"{relative}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())
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

    def forget(self, key: Key) -> None:
        """Drop what is kept under ``key`` (a result that cannot be read back)."""
        self._execute("DELETE FROM results WHERE key = ?", (key.digest,))

    def get(self, key: Key) -> bytes | None:
        """The result kept under ``key``, if any."""
        rows = self._execute("SELECT value FROM results WHERE key = ?", (key.digest,))
        return bytes(rows[0][0]) if rows else None

    def put(self, key: Key, value: bytes) -> None:
        """Keep ``value`` under ``key`` (a write that fails is given up)."""
        self._execute(
            "INSERT OR REPLACE INTO results (key, value) VALUES (?, ?)", (key.digest, value)
        )

    def close(self) -> None:
        """Close this process's connection (what is kept stays kept): before workers are
        forked, which must not share it (https://www.sqlite.org/howtocorrupt.html#fork), and
        at the end of a run, which folds the write-ahead log back into the database."""
        if self._db is None:
            return
        import sqlite3

        if self._pid == os.getpid():
            with suppress(sqlite3.Error):
                self._db.close()
        self._db = None

    def _execute(self, sql: str, parameters: tuple[bytes, ...]) -> list[tuple[bytes, ...]] | None:
        """The rows of one statement (``None``: the cache is off, or gave up on this error)."""
        db = self._open()
        if db is None:
            return None
        import sqlite3

        try:
            return db.execute(sql, parameters).fetchall()
        except sqlite3.Error:
            self._close()
            return None

    def _open(self) -> sqlite3.Connection | None:
        if self._broken:
            return None
        if self._db is not None and self._pid == os.getpid():
            return self._db
        import sqlite3  # here: a run of text alone never loads it

        path = self.folder / f"results-{__version__}.sqlite3"
        try:
            _make_folder(self.folder)
            _remove_stale(self.folder, path)
            if path.exists() and path.stat().st_size > MAX_CACHE_BYTES:
                _remove(path)
            try:
                db = _connect(path)
            except sqlite3.DatabaseError:  # damaged: start afresh
                _remove(path)
                db = _connect(path)
        except (OSError, sqlite3.Error):
            self._broken = True
            return None
        self._db, self._pid = db, os.getpid()
        return db

    def _close(self) -> None:
        """Give up the cache for the rest of this process (a locked or broken database)."""
        self.close()
        self._broken = True


def _make_folder(folder: Path) -> None:
    """The cache folder, the owner's alone; one made here gets a ``.gitignore`` that ignores
    it all (a cache folder inside a repository is never committed), and a folder that was
    there (``--cache-dir .``) is left as it was."""
    if folder.is_dir():
        return
    folder.mkdir(mode=0o700, parents=True)
    ignore = folder / ".gitignore"
    ignore.write_text("# written by claimcheck: its result cache\n*\n", encoding="utf-8")


def _connect(path: Path) -> sqlite3.Connection:
    import sqlite3

    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))  # the owner's alone
    db = sqlite3.connect(path, timeout=0.5, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=OFF")
        db.execute("CREATE TABLE IF NOT EXISTS results (key BLOB PRIMARY KEY, value BLOB NOT NULL)")
    except sqlite3.Error:
        db.close()
        raise
    return db


STALE_SECONDS = 30 * 24 * 3600
"""Another version's database unused this long is removed (one still in use is kept: two
installs may share a folder)."""


def _remove_stale(folder: Path, current: Path) -> None:
    """Remove the databases of other versions untouched for ``STALE_SECONDS``."""
    now = time.time()
    for other in folder.glob("results-*.sqlite3"):
        if other.name == current.name:
            continue
        with suppress(OSError):
            if now - other.stat().st_mtime > STALE_SECONDS:
                _remove(other)


def _remove(path: Path) -> None:
    """A database and its write-ahead log and shared memory, gone."""
    for name in (path.name, f"{path.name}-wal", f"{path.name}-shm"):
        with suppress(FileNotFoundError):
            (path.parent / name).unlink()
