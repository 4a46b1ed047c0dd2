"""Work a run can skip because an earlier run did it, kept beside the byte code.

What every run derives from the package's own source and data, and that cost a one-line run
more than its own judging: the matcher code of its regular expressions
(``claimcheck/regexes.py``), the parsed catalog files (``claimcheck/extract/names.py``) and the
parsed configuration file (``claimcheck/config.py``). They are kept the way Python keeps a
module's byte code: in one file in the ``__pycache__`` folder beside this package (or under
``PYTHONPYCACHEPREFIX``), named for the interpreter
(``sys.implementation.cache_tag``), written when the process ends if it learnt something new,
and never written when byte code is not (``PYTHONDONTWRITEBYTECODE``, ``python -B``) or where
the folder is read-only. Every entry is keyed by its whole input (a pattern's source, a file's
SHA-256), so a changed pattern or file is simply a new entry; a file of earlier versions' entries
is trimmed once it holds ``MOST`` of them. A file that cannot be read or fails its checksum is
ignored and rewritten.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
import os
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

Key = tuple[str | int, ...]
FORMAT = b"claimcheck-cache-1\n"
MOST = 1000  # entries kept; a run of the package uses about 170


class Store:
    """The cached entries of this process: loaded from one file, saved back if it grew."""

    def __init__(self, path: Path | None, writable: bool) -> None:
        self.path = path
        self.writable = writable
        self.entries: dict[Key, Any] = {}
        self.used: set[Key] = set()
        self.loaded = False
        self.grew = False

    def get(self, key: Key) -> Any:
        """The value kept under ``key``, or None."""
        if not self.loaded:
            self.load()
        self.used.add(key)
        return self.entries.get(key)

    def put(self, key: Key, value: Any) -> None:
        """Keep ``value`` under ``key`` if marshal can write it (numbers, strings, bytes, tuples,
        lists, sets and dicts of them); anything else (a date, say) is simply not kept."""
        try:
            marshal.dumps(value)
        except ValueError:
            return
        self.used.add(key)
        self.entries[key] = value
        self.grew = True

    def load(self) -> None:
        self.loaded = True
        if self.path is None:
            return
        try:
            data = self.path.read_bytes()
        except OSError:
            return
        entries = decode(data)
        if entries is not None:
            self.entries = entries

    def save(self) -> None:
        """Write the file if this process added entries and byte code may be written."""
        if not (self.grew and self.writable and self.path is not None):
            return
        if len(self.entries) > MOST:  # entries of earlier versions of the code: drop them
            self.entries = {key: self.entries[key] for key in self.used if key in self.entries}
        payload = marshal.dumps(list(self.entries.items()), marshal.version)
        data = FORMAT + zlib.crc32(payload).to_bytes(4, "big") + payload
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(data)
            os.replace(temporary, self.path)
        except OSError:
            temporary.unlink(missing_ok=True)


def decode(data: bytes) -> dict[Key, Any] | None:
    """The entries of a cache file, or None when it is not one this code wrote intact."""
    head = len(FORMAT) + 4
    if not data.startswith(FORMAT) or len(data) < head:
        return None
    payload = data[head:]
    if zlib.crc32(payload) != int.from_bytes(data[len(FORMAT) : head], "big"):
        return None
    try:
        rows: Any = marshal.loads(payload)
        return {tuple(key): value for key, value in rows}
    except (EOFError, ValueError, TypeError):
        return None


def default_path() -> Path | None:
    """Where byte code for this package goes: ``__pycache__`` here, or the prefix's mirror."""
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    folder = Path(__file__).resolve().parent
    if sys.pycache_prefix:
        folder = Path(sys.pycache_prefix, *folder.parts[1:])
    else:
        folder = folder / "__pycache__"
    return folder / f"claimcheck-cache.{tag}.bin"


STORE = Store(default_path(), writable=not sys.dont_write_bytecode)
atexit.register(lambda: STORE.save())


def remembered(kind: str, text: str, compute: Callable[[], Any]) -> Any:
    """What ``compute()`` derives from ``text``, from the store when a run derived it before
    (keyed by ``kind`` and the text's SHA-256). The value is shared: do not change it."""
    key = (kind, hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())
    found = STORE.get(key)
    if found is None:
        found = compute()
        STORE.put(key, found)
    return found
