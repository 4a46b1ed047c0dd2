"""Regular expressions compiled once per Python version, then kept beside the byte code.

Python compiles a regular expression in two steps written in Python (``re._parser`` parses the
source, ``re._compiler`` turns the tree into the matcher's code) and hands that code to the C
matcher. For claimcheck's ~160 patterns those two steps were a tenth of a one-line run, so the
code they produce is kept (``claimcheck/bytecache.py``, keyed by the matcher's format
``_sre.MAGIC``, the source and the flags) and handed to the C matcher directly next time.

Nothing here changes what a pattern matches: a cached pattern equals the one ``re.compile``
gives (``re.Pattern`` equality compares the source, the flags and the matcher's code), which
``tests/test_regexes.py`` checks for every pattern in the package. An entry the matcher
refuses (it validates the code it is given) is compiled again. On an interpreter without these
internals (not CPython, or a future release that moves them) every pattern is compiled by
``re.compile``.
"""

from __future__ import annotations

import importlib
import re
from array import array
from typing import Any

from claimcheck import bytecache

_sre: Any
try:  # CPython's own steps of re.compile (Lib/re/_compiler.py, compile())
    _sre = importlib.import_module("_sre")
    _parser: Any = importlib.import_module("re._parser")
    _compiler: Any = importlib.import_module("re._compiler")
    _sre.MAGIC, _sre.compile, _parser.parse, _compiler._code  # noqa: B018 - all four must exist
except (ImportError, AttributeError):  # pragma: no cover - other interpreters
    _sre = None

_Args = tuple[str, int, list[int], int, dict[str, int], tuple[str | None, ...]]
# The array type whose items are the matcher's code words (SRE_CODE: 4 bytes wherever CPython
# builds); on an interpreter where none fits, nothing is cached.
_WORD = next((t for t in "IL" if _sre is not None and array(t).itemsize == _sre.CODESIZE), "")


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


def _packed(args: _Args) -> tuple[object, ...]:
    """The arguments as kept: the code as the matcher's own words in one bytes object, which
    reads back many times faster than a list of integers."""
    return (*args[:2], array(_WORD, args[2]).tobytes(), *args[3:])


def _unpacked(kept: tuple[Any, ...]) -> _Args:
    source, flags, code, groups, groupindex, indexgroup = kept
    return (source, flags, array(_WORD, code).tolist(), groups, groupindex, indexgroup)


def compiled(source: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, from the cache when an earlier run compiled it."""
    flags = int(flags)
    store = bytecache.STORE
    if not _WORD or store.path is None or flags & re.DEBUG:
        return re.compile(source, flags)
    key = ("re", _sre.MAGIC, source, flags)
    kept = store.get(key)
    if kept is not None:
        try:
            pattern: re.Pattern[str] = _sre.compile(*_unpacked(kept))
            return pattern
        except Exception:  # a damaged entry (the matcher checks the code): compile it again
            pass
    args = _arguments(source, flags)
    store.put(key, _packed(args))
    made: re.Pattern[str] = _sre.compile(*args)
    return made
