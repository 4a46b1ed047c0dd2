"""Gitignore-style patterns (``.gitignore`` files, ``exclude``, ``per-file-ignores``) compiled
one line at a time, so that a line the matcher refuses is named instead of crashing the run.

git accepts any line: a pattern its matcher cannot use, such as ``[z-a]`` (an empty range) or
``foo\\`` (a trailing backslash), simply matches nothing
(https://git-scm.com/docs/gitignore#_pattern_format). pathspec raises on those instead; here
such a line is left out, which matches what git does, and reported.

Patterns that only name a file or folder (the default ``exclude``: ``.*``, ``node_modules/``...)
are matched here without pathspec, which a folder walk then never imports.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable
from typing import Any

import msgspec


class Refused(msgspec.Struct, frozen=True):
    """A pattern the matcher refused: its 1-based line and why."""

    line: int
    message: str


def compile_lines(lines: Iterable[str]) -> tuple[Any, list[Refused]]:
    """A ``pathspec.GitIgnoreSpec`` of the usable lines, and the refused ones."""
    import pathspec

    lines = list(lines)
    kept: list[Any] = []
    refused: list[Refused] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "possible nested set" warns about a valid pattern
        try:
            return pathspec.GitIgnoreSpec.from_lines(lines), refused
        except (ValueError, re.error):
            pass  # find the lines at fault, one by one
        for number, line in enumerate(lines, start=1):
            try:
                kept.extend(pathspec.GitIgnoreSpec.from_lines([line]).patterns)
            except (ValueError, re.error) as err:
                refused.append(Refused(number, pattern_problem(line, err)))
        return pathspec.GitIgnoreSpec(kept), refused


def pattern_problem(pattern: str, err: Exception) -> str:
    """Why the matcher refused a pattern, in one clause."""
    if isinstance(err, re.error):
        why = err.msg  # "bad character range z-a"
    elif pattern.rstrip(" ").endswith("\\"):
        why = "a trailing backslash escapes nothing"
    else:
        why = str(err)
    return f"{pattern!r} is not a gitignore pattern claimcheck can match ({why})"


class NamePatterns:
    """Patterns that each name a file or folder at any depth: without a slash but a trailing one
    (a folder only), without negation, escapes, ranges or ``**``, with ``*`` and ``?`` as the only
    wildcards. git matches such a pattern against every part of a path: the path is matched when
    one part is (a part before a slash is a folder), so a file below a matched folder is too
    (https://git-scm.com/docs/gitignore#_pattern_format). ``match_file`` answers as
    ``pathspec.GitIgnoreSpec.match_file`` does for these patterns."""

    __slots__ = ("_any", "_folders")

    def __init__(self, patterns: Iterable[str]) -> None:
        named = [p for p in patterns if not p.endswith("/")]
        folders = [p[:-1] for p in patterns if p.endswith("/")]
        self._any = _globs(named)
        self._folders = _globs(named + folders)

    @classmethod
    def of(cls, patterns: Iterable[str]) -> NamePatterns | None:
        """The matcher of ``patterns``, or ``None`` when one of them is not a plain name."""
        patterns = list(patterns)
        if not all(_NAME.fullmatch(p) and "**" not in p and p.strip("./") for p in patterns):
            return None
        return cls(patterns)

    def match_file(self, path: str) -> bool:
        """Is ``path`` (``/``-separated, ending with ``/`` for a folder) or a folder above it
        matched?"""
        parts = path.split("/")
        last = len(parts) - 1
        if parts[last] == "":  # a folder
            last -= 1
            return any(self._folders.fullmatch(part) for part in parts[: last + 1])
        if any(self._folders.fullmatch(part) for part in parts[:last]):
            return True
        return self._any.fullmatch(parts[last]) is not None


# A plain name, with * and ? for any characters but a slash, and a slash at the end for a folder
# (a name of dots alone is left to pathspec).
_NAME = re.compile(r"[\w.*?-]+/?", re.ASCII)


def _globs(patterns: list[str]) -> re.Pattern[str]:
    """One pattern matching a name any of ``patterns`` matches (nothing when there are none)."""
    if not patterns:
        return re.compile(r"(?!)")
    parts = ("".join(_GLOB.get(c, re.escape(c)) for c in p) for p in patterns)
    return re.compile("|".join(f"(?:{part})" for part in parts))


_GLOB = {"*": "[^/]*", "?": "[^/]"}
