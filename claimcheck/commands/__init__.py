"""The commands: plain Typer functions (``ledger``: a Typer app of its own), one module each,
which ``claimcheck/cli.py`` registers and imports when a command line names them.

Shared here: the ``--format``, ``--color`` and ``--kv-layout`` choices, the terminal settings
and the one-line error exit (the options themselves are declared in ``shared_options``). Kept
free of heavy imports: the commands import what they need when they run.
"""

from __future__ import annotations

import errno
import io
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
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


class DtypeChoice(StrEnum):
    """``--dtype`` and ``--kv-dtype`` values: compute and KV-cache formats."""

    BF16 = "bf16"
    FP8 = "fp8"


class WeightsDtypeChoice(StrEnum):
    """``--weights-dtype`` values."""

    BF16 = "bf16"
    FP8 = "fp8"
    FP4 = "fp4"


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


def run(work: Callable[[], str], *, debug: bool, output: Path | None = None) -> None:
    """Write what ``work`` returns to stdout, or whole to the file ``output`` (``-o FILE``);
    any failure becomes one line on stderr and exit 2."""
    with guarded(debug=debug):
        text = work()
        if output is None:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        from claimcheck.commands.streams import write_whole

        try:
            write_whole(output, [text])
        except OSError as err:
            raise ClaimcheckError(
                f"cannot write the report: {err.strerror or err}", path=str(output)
            ) from None


@contextmanager
def guarded(*, debug: bool) -> Iterator[None]:
    """The one catch-all of every command: a ``ClaimcheckError`` is one line on stderr and
    exit 2, and so is any unexpected failure (its traceback with ``--debug``; a Ctrl-C a
    library turned into another error stays a Ctrl-C). A failure of the system (an
    ``OSError`` with an error number: a full disk, a read-only folder) is one plain error line
    naming what could not be written (``system_error``); any other is an internal error."""
    try:
        yield
    except ClaimcheckError as err:
        fail(str(err))
    except Exception as err:
        from claimcheck.commands.interrupts import interrupted

        if debug or interrupted():
            raise
        if isinstance(err, OSError) and (message := system_error(err)) is not None:
            fail(message)
        print(
            f"claimcheck: internal error: {type(err).__name__}: {err} "
            "(run with --debug for the traceback)",
            file=sys.stderr,
        )
        raise typer.Exit(ExitCode.ERROR) from None


# Error numbers that only a write gives (https://man7.org/linux/man-pages/man2/write.2.html,
# https://man7.org/linux/man-pages/man2/open.2.html for EROFS).
_WRITE_ERRORS = frozenset(
    getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EROFS") if hasattr(errno, name)
)


def system_error(err: OSError) -> str | None:
    """The one line for an ``OSError`` that no command turned into a message of its own, or
    ``None`` when it is no failure of the system (no error number: a bug).

    It names the file when the error does (``cannot write to out/x: Read-only file system``).
    Standard output and report files name themselves where they are written
    (``streams.GuardedStdout``, ``--output``); what a run writes without a name is its
    temporary files (a large JSON report's claims, in ``TMPDIR``), so a full disk without a
    name is said to be the temporary folder's."""
    if err.errno is None or isinstance(err, io.UnsupportedOperation):
        return None
    reason = err.strerror or str(err)
    if err.filename is not None:
        name = (
            os.fsdecode(err.filename)
            if isinstance(err.filename, str | bytes | os.PathLike)
            else str(err.filename)
        )
        return (
            f"cannot write to {name}: {reason}"
            if err.errno in _WRITE_ERRORS
            else f"{name}: {reason}"
        )
    if err.errno in _WRITE_ERRORS:
        import tempfile

        return (
            f"cannot write to a temporary file in {tempfile.gettempdir()}: {reason} "
            "(TMPDIR names the folder for temporary files)"
        )
    return reason
