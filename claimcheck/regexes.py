"""Regular expressions compiled once per Python version, then kept beside the byte code.

Python compiles a regular expression in two steps written in Python (``re._parser`` parses the
source, ``re._compiler`` turns the tree into the matcher's code) and hands that code to the C
matcher. For claimcheck's ~150 patterns those two steps are a tenth of a one-line run. So the
code they produce is cached, the way Python caches a module's byte code: in the ``__pycache__``
folder beside this package (or under ``PYTHONPYCACHEPREFIX``), in a file named for the
interpreter (``sys.implementation.cache_tag``) and the matcher's format (``_sre.MAGIC``), never
written when byte code is not (``PYTHONDONTWRITEBYTECODE``, ``-B``) or when the folder is
read-only. A pattern missing from the cache is compiled as ``re.compile`` does and added when
the process ends.

Nothing here changes what a pattern matches: a cached pattern equals the one ``re.compile``
gives (``re.Pattern`` equality compares the source, the flags and the matcher's code), which
``tests/test_regexes.py`` checks for every pattern in the package. A cache file that cannot be
read, fails its checksum, or holds code the matcher refuses (it validates the code it is
given) is ignored and rewritten. On an interpreter without these internals (not CPython, or a
future release that moves them) every pattern is compiled by ``re.compile``.
"""

from __future__ import annotations

import atexit
import importlib
import marshal
import os
import re
import sys
import zlib
from pathlib import Path
from typing import Any

_sre: Any
try:  # CPython's own steps of re.compile (Lib/re/_compiler.py, compile())
    _sre = importlib.import_module("_sre")
    _parser: Any = importlib.import_module("re._parser")
    _compiler: Any = importlib.import_module("re._compiler")
    _sre.MAGIC, _sre.compile, _parser.parse, _compiler._code  # noqa: B018 - all four must exist
except (ImportError, AttributeError):  # pragma: no cover - other interpreters
    _sre = None

_Args = tuple[str, int, list[int], int, dict[str, int], tuple[str | None, ...]]
_FORMAT = b"claimcheck-regexes-1\n"
_MOST = 1000  # entries kept; the package has about 160 patterns


class _Cache:
    """The compiled patterns of this process: loaded from one file, saved back if it grew."""

    def __init__(self, path: Path | None, writable: bool) -> None:
        self.path = path
        self.writable = writable
        self.entries: dict[tuple[str, int], _Args] = {}
        self.used: set[tuple[str, int]] = set()
        self.loaded = False
        self.grew = False

    def load(self) -> None:
        self.loaded = True
        if self.path is None:
            return
        try:
            data = self.path.read_bytes()
        except OSError:
            return
        entries = _decode(data)
        if entries is not None:
            self.entries = entries

    def save(self) -> None:
        if not (self.grew and self.writable and self.path is not None):
            return
        if len(self.entries) > _MOST:  # patterns of earlier versions of the code: drop them
            self.entries = {key: self.entries[key] for key in self.used}
        payload = marshal.dumps(
            [(key[0], key[1], args) for key, args in self.entries.items()], marshal.version
        )
        data = _FORMAT + zlib.crc32(payload).to_bytes(4, "big") + payload
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(data)
            os.replace(temporary, self.path)
        except OSError:
            temporary.unlink(missing_ok=True)


def _decode(data: bytes) -> dict[tuple[str, int], _Args] | None:
    """The entries of a cache file, or None when it is not one this code wrote intact."""
    head = len(_FORMAT) + 4
    if not data.startswith(_FORMAT) or len(data) < head:
        return None
    payload = data[head:]
    if zlib.crc32(payload) != int.from_bytes(data[len(_FORMAT) : head], "big"):
        return None
    try:
        rows: Any = marshal.loads(payload)
        return {(source, flags): args for source, flags, args in rows}
    except (EOFError, ValueError, TypeError):
        return None


def _cache_path() -> Path | None:
    """Where the cache lives, as byte code would: ``__pycache__`` here, or the prefix's mirror."""
    if _sre is None:
        return None
    folder = Path(__file__).resolve().parent
    if sys.pycache_prefix:
        folder = Path(sys.pycache_prefix, *folder.parts[1:])
    else:
        folder = folder / "__pycache__"
    tag = sys.implementation.cache_tag
    return folder / f"regexes.{tag}.{_sre.MAGIC}.bin" if tag else None


_CACHE = _Cache(_cache_path(), writable=not sys.dont_write_bytecode)
atexit.register(_CACHE.save)


def _arguments(source: str, flags: int) -> _Args:
    """What ``re._compiler.compile`` passes to the C matcher for ``source``."""
    tree = _parser.parse(source, flags)
    code = [int(op) for op in _compiler._code(tree, flags)]
    groupindex = dict(tree.state.groupdict)
    indexgroup: list[str | None] = [None] * tree.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    flags = int(flags | tree.state.flags)
    return (source, flags, code, tree.state.groups - 1, groupindex, tuple(indexgroup))


def compiled(source: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, from the cache when an earlier run compiled it."""
    flags = int(flags)
    if _sre is None or _CACHE.path is None or flags & re.DEBUG:
        return re.compile(source, flags)
    if not _CACHE.loaded:
        _CACHE.load()
    key = (source, flags)
    _CACHE.used.add(key)
    args = _CACHE.entries.get(key)
    if args is not None:
        try:
            pattern: re.Pattern[str] = _sre.compile(*args)
            return pattern
        except Exception:  # a damaged entry: compile it again below
            pass
    args = _arguments(source, flags)
    _CACHE.entries[key] = args
    _CACHE.grew = True
    made: re.Pattern[str] = _sre.compile(*args)
    return made
