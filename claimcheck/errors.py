"""The one error family claimcheck raises on purpose, and the exit codes.

Core modules raise these; only the CLI catches them, prints one line and picks the exit code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from difflib import get_close_matches
from enum import IntEnum


class ExitCode(IntEnum):
    """Process exit codes: a documented contract (README "Exit codes")."""

    OK = 0
    FINDINGS = 1
    ERROR = 2
    INTERRUPTED = 130


class ClaimcheckError(Exception):
    """An expected failure with a message meant for the user.

    ``location`` is where the problem is (a path, optionally with ``:line:column``), so the
    printed line reads like a compiler diagnostic: ``claims/x.yaml:3:1: unknown field …``.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column

    @property
    def location(self) -> str | None:
        """``path[:line[:column]]``, or ``None`` when the error is not about a file."""
        if self.path is None:
            return None
        parts = [self.path]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        where = self.location
        return f"{where}: {self.message}" if where else self.message


class InputError(ClaimcheckError):
    """One input (a file, stdin, a text argument) could not be read or is invalid.

    The run goes on with the other inputs and exits 2.
    """


class UsageError(ClaimcheckError):
    """A bad option, configuration value or catalog entry: no trustworthy result is possible."""


def did_you_mean(word: str, choices: list[str] | tuple[str, ...], *, limit: int = 3) -> str:
    """A ``" (did you mean 'x'?)"`` suffix naming the closest choices, or ``""`` if none is close."""
    close = get_close_matches(word, choices, n=limit, cutoff=0.6)
    if not close:
        return ""
    quoted = " or ".join(f"'{c}'" for c in close)
    return f" (did you mean {quoted}?)"


# What a value had to be, by the error type that refused it (pydantic's types,
# https://docs.pydantic.dev/latest/errors/validation_errors/), in claimcheck's own words: no
# message ever shows pydantic's wording ("Input should be a valid integer").
_WANTED = {
    "list_type": "a list",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "string_type": "a string",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
    "float_type": "a number",
    "float_parsing": "a number",
    "finite_number": "a finite number",
}
_LIMITS = {
    "greater_than": ("gt", "above"),
    "greater_than_equal": ("ge", "of at least"),
    "less_than": ("lt", "below"),
    "less_than_equal": ("le", "of at most"),
}
_CHOICE_TYPES = frozenset({"literal_error", "enum"})


def wanted(kind: str, context: Mapping[str, object] | None = None) -> str | None:
    """What a value refused with the validation error type ``kind`` had to be: ``a whole
    number``, ``a number of at most 1``, ``one of bf16, fp8`` (``context`` is the error's
    ``ctx``), or ``None`` for a type this does not know."""
    context = context or {}
    if kind in _WANTED:
        return _WANTED[kind]
    if kind in _LIMITS:
        key, relation = _LIMITS[kind]
        return f"a number {relation} {_figure(context.get(key))}"
    if kind in _CHOICE_TYPES and (options := choices_of(context)):
        return f"one of {', '.join(options)}"
    return None


def _figure(value: object) -> str:
    """A limit as a person writes it: ``1`` for 1.0, ``1,000,000``, ``0.25``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:g}"


def choices_of(context: Mapping[str, object] | None) -> list[str]:
    """The values a literal or enum error says were expected (its ``ctx["expected"]``,
    ``"'bf16' or 'fp8'"``), in order; ``[]`` when it names none."""
    expected = (context or {}).get("expected")
    return re.findall(r"'([^']*)'", expected) if isinstance(expected, str) else []


def printable(text: str) -> str:
    """``text`` with each byte that was not UTF-8 written as ``\\xff``.

    Python keeps such bytes of file names and arguments as lone surrogates (PEP 383,
    https://peps.python.org/pep-0383/), which no UTF-8 report can hold.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:  # a surrogate no byte stands for
            return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def shown(value: object) -> str:
    """``repr(value)``, but an integer too long to print whole (Python refuses past 4,300
    digits) as its size: ``an integer of about 6,021 digits``."""
    if isinstance(value, int) and value.bit_length() > 128:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"an integer of about {digits:,} digits"
    return repr(value)
