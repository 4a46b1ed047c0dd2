"""Gitignore-style patterns (``.gitignore`` files, ``exclude``, ``per-file-ignores``) compiled
one line at a time, so that a line the matcher refuses is named instead of crashing the run.

git accepts any line: a pattern its matcher cannot use, such as ``[z-a]`` (an empty range) or
``foo\\`` (a trailing backslash), simply matches nothing
(https://git-scm.com/docs/gitignore#_pattern_format). pathspec raises on those instead; here
such a line is left out, which matches what git does, and reported.
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
