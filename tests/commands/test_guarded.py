"""The commands' one catch-all: a failure of the system is one plain line naming what could
not be written, and exit 2; anything else unexpected is an internal error."""

from __future__ import annotations

import errno
import io
import tempfile

import pytest
import typer

from claimcheck.commands import guarded, system_error


def _line_and_code(err: Exception, capsys: pytest.CaptureFixture[str]) -> tuple[str, int]:
    with pytest.raises(typer.Exit) as exited, guarded(debug=False):
        raise err
    return capsys.readouterr().err, exited.value.exit_code


def test_a_full_temporary_folder_is_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A temporary file written without a name (a large JSON report's spool) on a full disk.
    monkeypatch.setattr(tempfile, "tempdir", "/scratch/tmp")
    err = OSError(errno.ENOSPC, "No space left on device")
    assert _line_and_code(err, capsys) == (
        "claimcheck: error: cannot write to a temporary file in /scratch/tmp: No space left "
        "on device (TMPDIR names the folder for temporary files)\n",
        2,
    )


@pytest.mark.parametrize(
    ("err", "line"),
    [
        (
            OSError(errno.EROFS, "Read-only file system", "out/x.json"),
            "cannot write to out/x.json: Read-only file system",
        ),
        (
            OSError(errno.EDQUOT, "Disk quota exceeded", b"q"),
            "cannot write to q: Disk quota exceeded",
        ),
        (OSError(errno.EACCES, "Permission denied", "x"), "x: Permission denied"),
        (OSError(errno.ENOMEM, "Cannot allocate memory"), "Cannot allocate memory"),
    ],
    ids=["read-only", "quota, a name in bytes", "not a write", "no name"],
)
def test_a_failure_of_the_system_is_one_plain_line(
    capsys: pytest.CaptureFixture[str], err: OSError, line: str
) -> None:
    assert _line_and_code(err, capsys) == (f"claimcheck: error: {line}\n", 2)


@pytest.mark.parametrize(
    "err",
    [OSError("no error number"), io.UnsupportedOperation("fileno"), ValueError("bug")],
    ids=["no error number", "unsupported operation", "not an OSError"],
)
def test_a_bug_is_still_an_internal_error(
    capsys: pytest.CaptureFixture[str], err: Exception
) -> None:
    line, code = _line_and_code(err, capsys)
    assert code == 2
    assert line.startswith(f"claimcheck: internal error: {type(err).__name__}: ")
    if isinstance(err, OSError):
        assert system_error(err) is None


def test_debug_keeps_the_traceback() -> None:
    with pytest.raises(OSError, match="No space"), guarded(debug=True):
        raise OSError(errno.ENOSPC, "No space left on device")
