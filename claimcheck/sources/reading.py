"""Reading untrusted input files into text: size limit, encodings, binary detection."""

from __future__ import annotations

import codecs
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from claimcheck.defaults import DEFAULT_MAX_BYTES
from claimcheck.errors import InputError

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_SPECIAL = {
    stat.S_IFIFO: "named pipe (FIFO)",
    stat.S_IFSOCK: "socket",
    stat.S_IFCHR: "character device",
    stat.S_IFBLK: "block device",
}

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def read_text(path: Path | str, display: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """Read ``path`` as text, or raise ``InputError`` with one clear message.

    ``display`` is the path as reports show it. UTF-8 is expected; a byte-order mark selects
    UTF-8, UTF-16 or UTF-32 instead. NUL bytes outside a UTF-16/32 file mean a binary file.
    The bytes are read by ``read_bytes``: a regular file only, within ``max_bytes``.
    """
    return decode(read_bytes(path, display, max_bytes=max_bytes), display)


SETTINGS_MAX_BYTES = 4_000_000
"""The largest configuration, catalog or ignore file read (an input has its own limit)."""
_INPUT_LIMIT_HINT = " (raise it with --max-file-size)"


def read_bytes(
    path: Path | str,
    display: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    hint: str = _INPUT_LIMIT_HINT,
) -> bytes:
    """The bytes of the regular file at ``path``, or ``InputError`` with one clear message.

    Every file claimcheck opens is read here: inputs, configuration, catalogs, ignore files,
    and files read again for snippets. Only regular files are read: a named pipe, socket or
    device (also behind a link) is refused before it is opened (opening a pipe waits for a
    writer; ``/dev/zero`` never ends), and the file is opened without blocking, so one swapped
    in between the two checks is refused too. A file above ``max_bytes`` is refused, with
    ``hint`` saying how to raise the limit.
    """
    with reading_errors(display):
        handle = open_regular(path, display)
        try:
            size = _size_within(handle, display, max_bytes, hint)
            # Sized to the file, not to the limit: a 10 MB buffer per small file costs more
            # than reading it. One byte more shows a file that grew while being read.
            data = _read_up_to(handle, size + 1)
            if len(data) > size:
                data += _read_up_to(handle, max_bytes + 1 - len(data))
        finally:
            os.close(handle)
    if len(data) > max_bytes:  # the file grew while we read it
        raise InputError(f"file is above the {max_bytes:,}-byte limit", path=display)
    return data


def read_chunks(path: Path | str, display: str, *, max_bytes: int, size: int) -> Iterator[bytes]:
    """The bytes of the file at ``path`` as ``read_bytes`` reads them, ``size`` bytes at a
    time (the last chunk shorter; a smaller file in one chunk sized to it, as ``read_bytes``
    reads it), with the same checks and errors: a file that grew past ``max_bytes`` while
    being read is refused after its last chunk, before the end of the chunks."""
    read = 0
    with reading_errors(display):
        handle = open_regular(path, display)
        try:
            wanted = min(size, _size_within(handle, display, max_bytes, _INPUT_LIMIT_HINT) + 1)
            while read <= max_bytes:
                chunk = _read_up_to(handle, wanted)
                if chunk:
                    read += len(chunk)
                    yield chunk
                if len(chunk) < wanted:  # the file's end
                    break
                wanted = size
        finally:
            os.close(handle)
    if read > max_bytes:
        raise InputError(f"file is above the {max_bytes:,}-byte limit", path=display)


@contextmanager
def reading_errors(display: str) -> Iterator[None]:
    """An ``OSError`` raised within, as the ``InputError`` that says what it means."""
    try:
        yield
    except PermissionError:
        raise InputError("permission denied", path=display) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a file", path=display) from None
    except FileNotFoundError:
        raise InputError("no such file (a dangling link?)", path=display) from None
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror or err}", path=display) from None


def _size_within(handle: int, display: str, max_bytes: int, hint: str) -> int:
    """The size of the open file ``handle``, or ``InputError`` when it is above ``max_bytes``."""
    size = os.fstat(handle).st_size
    if size > max_bytes:
        raise InputError(
            f"file is {size:,} bytes, above the {max_bytes:,}-byte limit{hint}", path=display
        )
    return size


def open_regular(path: Path | str, display: str) -> int:
    """A read-only descriptor of the regular file at ``path`` (see ``read_bytes``); the caller
    closes it. ``InputError`` for a special file, ``OSError`` as ``os.open`` raises it."""
    refuse_special(os.stat(path).st_mode, display)
    handle = os.open(path, os.O_RDONLY | _NONBLOCK | _NOCTTY)
    try:
        refuse_special(os.fstat(handle).st_mode, display)
    except InputError:
        os.close(handle)
        raise
    return handle


def _read_up_to(handle: int, size: int) -> bytes:
    """Up to ``size`` bytes from the open file ``handle``, fewer only at its end (a raw read,
    without a buffered file object around it: one system call for a small file)."""
    parts = []
    while size > 0:
        part = os.read(handle, size)
        if not part:
            break
        parts.append(part)
        size -= len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def read_stream(stream: BinaryIO | None, display: str, *, max_bytes: int) -> str:
    """Read standard input (``stream``, ``None`` when it is closed) under the same rules as a
    file: at most ``max_bytes`` bytes, text only."""
    if stream is None:
        raise InputError("standard input is closed", path=display)
    try:
        data = stream.read(max_bytes + 1)
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror or err}", path=display) from None
    if len(data) > max_bytes:
        raise InputError(
            f"standard input is above the {max_bytes:,}-byte limit (raise it with --max-file-size)",
            path=display,
        )
    return decode(data, display)


def refuse_special(mode: int, display: str) -> None:
    """Raise ``InputError`` unless ``mode`` is a regular file's (or a folder's: reading it
    gives the usual message)."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return
    kind = _SPECIAL.get(stat.S_IFMT(mode), "special file")
    advice = " (for standard input use '-')" if stat.S_ISFIFO(mode) else ""
    raise InputError(f"is a {kind}, not a regular file; not read{advice}", path=display)


def has_bom(data: bytes) -> bool:
    """Does ``data`` start with a byte-order mark (UTF-8, UTF-16 or UTF-32)?"""
    return data.startswith(tuple(bom for bom, _ in _BOMS))


def decode(data: bytes, display: str) -> str:
    """Decode bytes read from ``display``; see ``read_text`` for the rules."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding).lstrip("\ufeff")
            except UnicodeDecodeError as err:
                raise InputError(
                    f"invalid {encoding.upper()} at byte offset {err.start}", path=display
                ) from None
    if b"\x00" in data:
        offset = data.index(b"\x00")
        raise InputError(
            f"binary file (NUL byte at byte offset {offset}), expected text", path=display
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InputError(
            f"invalid UTF-8 at byte offset {err.start} (line {line}); expected UTF-8 text",
            path=display,
        ) from None


def display_path(path: Path) -> str:
    """``path`` relative to the working directory (``../`` when outside it), with ``/``
    separators: reports never carry absolute paths."""
    try:
        return unmistakable(Path(os.path.relpath(path)).as_posix())
    except ValueError:  # another drive on Windows
        return unmistakable(path.as_posix())


def unmistakable(shown: str) -> str:
    """A file's shown path that no label of another input can be: command-line text is shown
    as ``<text>`` and standard input as ``-``, so a file named ``<p>.md`` or ``-`` is shown as
    ``./<p>.md`` or ``./-``."""
    return f"./{shown}" if shown.startswith("<") or shown == "-" else shown
