"""Where output goes: standard output that a closed pipe cannot crash, report files written
whole or not at all, and the GitHub job summary appended in one write.

Standard output that cannot take the output (a full disk, ``> /dev/full``) is one error line
and exit 2, never a traceback: ``claimcheck: error: cannot write to standard output: No space
left on device``."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from claimcheck.errors import ClaimcheckError

CLOSED = "cannot write to standard output: it is closed (write the report with -o FILE)"


class GuardedStdout:
    """``sys.stdout`` for a command-line run.

    When the reader goes away (``claimcheck … | head -1``), the rest of the output goes to the
    null device: no ``BrokenPipeError``, no "Exception ignored" at exit, and the run ends with
    exit code 0, as for any reader that has read all it wanted. When standard output was
    closed before the run (``>&-``), writing to it raises ``ClaimcheckError`` (``-o FILE``
    still works).

    Any other failed write (``ENOSPC``: a full disk, ``> /dev/full``) is kept in ``failure``
    and the rest of the output goes to the null device. A ``write`` raises it (the command
    stops and its error line says so); a ``flush`` does not: after a script ends, the
    interpreter flushes standard output itself and drops what that raises ("flush_io" in
    CPython's Python/pythonrun.c, https://github.com/python/cpython/blob/3.11/Python/pythonrun.c),
    so the command line flushes it first and tells a failure found there (``settle_stdout``).
    """

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream
        self.reader_left = False
        self.failure: ClaimcheckError | None = None
        self.told = False

    def write(self, text: str) -> int:
        stream = self._open()
        try:
            return stream.write(text)
        except BrokenPipeError:
            self._to_null(stream)
            return len(text)
        except OSError as err:
            raise self._failed(stream, err, told=True) from None

    def write_bytes(self, data: bytes) -> None:
        """Write UTF-8 ``data`` as it is, after what was written as text (``write_pieces``),
        or as text to a stream of text only."""
        stream = self._open()
        try:
            raw = getattr(stream, "buffer", None)
            if raw is None:
                stream.write(data.decode("utf-8"))
                return
            stream.flush()
            raw.write(data)
        except BrokenPipeError:
            self._to_null(stream)
        except OSError as err:
            raise self._failed(stream, err, told=True) from None

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._to_null(self._stream)
        except OSError as err:
            self._failed(self._stream, err, told=False)

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._open(), name)

    def _open(self) -> TextIO:
        if self._stream is None:
            raise ClaimcheckError(CLOSED)
        return self._stream

    def _to_null(self, stream: TextIO, *, reader_left: bool = True) -> None:
        self.reader_left = reader_left
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)

    def _failed(self, stream: TextIO, err: OSError, *, told: bool) -> ClaimcheckError:
        """The error for a write that failed, kept with whether it was raised to a command
        (``told``: its error line is printed there); the rest of the output is dropped."""
        failure = ClaimcheckError(f"cannot write to standard output: {err.strerror or err}")
        if self.failure is None:
            self.failure = failure
        self.told = self.told or told
        with contextlib.suppress(OSError, ValueError):  # no descriptor: nothing is left to drop
            self._to_null(stream, reader_left=False)
        return failure


def guard_stdout() -> None:
    """Put ``GuardedStdout`` in place of ``sys.stdout``. A closed standard error becomes the
    null device (``print(file=None)`` would write to standard output)."""
    if not isinstance(sys.stdout, GuardedStdout):
        sys.stdout = GuardedStdout(sys.stdout)
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the whole run


def settle_stdout() -> None:
    """Flush standard output as a command ends, and raise the failure of a write no command
    was told of (``ClaimcheckError``: one error line and exit 2). A command that prints a few
    lines and ends (``--version``, ``rules``) finds out only here that they could not be
    written; left to the interpreter's own last flush, the failure would print "Exception
    ignored" and exit 120 (https://docs.python.org/3/library/sys.html#sys.exit)."""
    stdout = sys.stdout
    if not isinstance(stdout, GuardedStdout):
        return
    stdout.flush()
    if stdout.failure is not None and not stdout.told:
        stdout.told = True
        raise stdout.failure


def write_pieces(stream: TextIO | GuardedStdout, pieces: Iterable[str | bytes]) -> None:
    """Write a rendering's pieces to ``stream``: text as text, UTF-8 bytes (a large JSON
    report's claim entries) as they are, without decoding and encoding them again, where the
    platform writes a line break as ``\\n`` (elsewhere they are written as text, so that line
    breaks come out as the stream writes them)."""
    raw = getattr(stream, "buffer", None) if os.linesep == "\n" else None
    for piece in pieces:
        if isinstance(piece, str):
            stream.write(piece)
        elif isinstance(stream, GuardedStdout) and raw is not None:
            stream.write_bytes(piece)
        elif raw is not None:
            stream.flush()
            raw.write(piece)
        else:
            stream.write(piece.decode("utf-8"))


def write_whole(path: Path, pieces: Iterable[str | bytes]) -> None:
    """Write ``pieces`` to ``path`` so that no reader, and no other run writing the same file,
    ever sees a part of it: into a temporary file in the same folder, then renamed over
    ``path`` (``os.replace`` is atomic, https://docs.python.org/3/library/os.html#os.replace).

    A link is kept and its target replaced; the file keeps its permissions (a new one gets the
    usual ones). A device or pipe (``-o /dev/stderr``) is written directly. ``OSError`` when
    the file cannot be written; the old file is then left as it was.
    """
    try:
        mode: int | None = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        with path.open("w", encoding="utf-8") as stream:
            write_pieces(stream, pieces)
        return
    import tempfile  # only when a report file is written: start-up stays fast

    target = Path(os.path.realpath(path))
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            write_pieces(stream, pieces)
        os.chmod(temporary, stat.S_IMODE(mode) if mode is not None else 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def append_whole(path: str, text: str) -> None:
    """Append ``text`` to the file ``path`` (created if missing) in one ``O_APPEND`` write, so
    that steps writing the same job summary do not interleave. ``OSError`` when it cannot."""
    data = memoryview(text.encode("utf-8"))
    handle = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    try:
        while data:
            data = data[os.write(handle, data) :]
    finally:
        os.close(handle)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
