"""Commands beside ``check``: plain Typer functions that the CLI registers.

Shared here: the ``--format``, ``--color`` and ``--kv-layout`` choices, the terminal settings
and the one-line error exit (the options themselves are declared in ``shared_options``). Kept
free of heavy imports: the commands import what they need when they run.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import NoReturn

import typer

from claimcheck.errors import ClaimcheckError, ExitCode


class TextOrJson(StrEnum):
    """``--format`` values of the calculator and the catalog."""

    TEXT = "text"
    JSON = "json"


class Color(StrEnum):
    """``--color`` values."""

    AUTO = "auto"
    ALWAYS = "always"
    NEVER = "never"


class KvLayout(StrEnum):
    """``--kv-layout`` values: what windowed (sliding or chunked) attention layers hold."""

    RESUMED = "resumed"
    FULL = "full"


def fail(message: str) -> NoReturn:
    """Print ``claimcheck: error: <message>`` to stderr and exit 2."""
    say("error", message)
    raise typer.Exit(ExitCode.ERROR)


def say(kind: str, message: str) -> None:
    """Print ``claimcheck: <kind>: <message>`` to stderr on one line: file names and texts in
    ``message`` come from inputs, so control characters are shown as escapes."""
    from claimcheck.formats.visible import visible

    print(f"claimcheck: {kind}: {visible(message)}", file=sys.stderr)


def use_color(choice: Color) -> bool:
    """Colour for stdout: forced, refused (also by ``NO_COLOR``, https://no-color.org), or on
    a terminal only, and not on one that declares itself ``TERM=dumb``."""
    if choice is Color.ALWAYS:
        return True
    if choice is Color.NEVER or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def terminal_width() -> int:
    """The terminal's width on a terminal (at least 60), else 100 columns."""
    if sys.stdout.isatty():
        return max(60, shutil.get_terminal_size().columns)
    return 100


def run(work: Callable[[], str], *, debug: bool) -> None:
    """Write what ``work`` returns to stdout; any failure becomes one line on stderr and exit 2."""
    with guarded(debug=debug):
        text = work()
        sys.stdout.write(text)
        sys.stdout.flush()


@contextmanager
def guarded(*, debug: bool) -> Iterator[None]:
    """The one catch-all of every command: a ``ClaimcheckError`` is one line on stderr and
    exit 2, and so is any unexpected failure (its traceback with ``--debug``; a Ctrl-C a
    library turned into another error stays a Ctrl-C)."""
    try:
        yield
    except ClaimcheckError as err:
        fail(str(err))
    except Exception as err:
        from claimcheck.commands.interrupts import interrupted

        if debug or interrupted():
            raise
        print(
            f"claimcheck: internal error: {type(err).__name__}: {err} "
            "(run with --debug for the traceback)",
            file=sys.stderr,
        )
        raise typer.Exit(ExitCode.ERROR) from None
