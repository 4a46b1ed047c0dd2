"""Where output goes: report files appear whole, a closed pipe is silence, a closed or full
stdout is one error."""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from claimcheck.commands.streams import (
    CLOSED,
    GuardedStdout,
    append_whole,
    settle_stdout,
    write_whole,
)
from claimcheck.errors import ClaimcheckError


def test_readers_see_the_old_file_until_the_new_one_is_complete(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old", encoding="utf-8")
    seen: list[str] = []

    def pieces() -> Iterator[str]:
        for n in range(5):
            yield f"piece {n}\n" * 10_000
            seen.append(target.read_text(encoding="utf-8"))

    write_whole(target, pieces())
    assert seen == ["old"] * 5
    assert target.read_text(encoding="utf-8").count("piece") == 50_000
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old", encoding="utf-8")

    def pieces() -> Iterator[str]:
        yield "new"
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        write_whole(target, pieces())
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_a_new_file_gets_the_usual_mode(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        write_whole(tmp_path / "new.txt", ["x"])
    finally:
        os.umask(mask)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o644


def test_a_folder_in_the_way_is_an_os_error(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    with pytest.raises(OSError):
        write_whole(tmp_path / "out", ["x"])
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_append_whole_adds_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "summary.md"
    append_whole(str(path), "one\n")
    append_whole(str(path), "two ✓\n")
    assert path.read_text(encoding="utf-8") == "one\ntwo ✓\n"


class _Broken(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def fileno(self) -> int:
        return self._fd

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd


def test_a_closed_pipe_sends_the_rest_to_the_null_device(tmp_path: Path) -> None:
    spare = os.open(tmp_path / "stand-in", os.O_WRONLY | os.O_CREAT)
    try:
        guarded = GuardedStdout(_Broken(spare))
        assert guarded.write("lost") == 4  # no exception
        os.write(spare, b"after")  # the descriptor now points at the null device
    finally:
        os.close(spare)
    assert (tmp_path / "stand-in").read_bytes() == b""


def test_a_closed_stdout_is_an_error_only_when_written() -> None:
    guarded = GuardedStdout(None)
    assert guarded.isatty() is False
    guarded.flush()
    with pytest.raises(ClaimcheckError, match="standard output: it is closed") as caught:
        guarded.write("x")
    assert str(caught.value) == CLOSED


class _Full(io.StringIO):
    """A stream on a real descriptor that takes nothing: as ``> /dev/full`` does."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def fileno(self) -> int:
        return self._fd


FULL = "cannot write to standard output: No space left on device"


def test_a_full_stdout_stops_the_writer_once_and_drops_the_rest(tmp_path: Path) -> None:
    spare = os.open(tmp_path / "stand-in", os.O_WRONLY | os.O_CREAT)
    try:
        guarded = GuardedStdout(_Full(spare))
        with pytest.raises(ClaimcheckError) as caught:
            guarded.write("lost")
        os.write(spare, b"after")  # the descriptor now points at the null device
    finally:
        os.close(spare)
    assert str(caught.value) == FULL
    assert guarded.failure is caught.value
    assert guarded.told is True
    assert guarded.reader_left is False  # not a reader that left: the exit code is 2
    assert (tmp_path / "stand-in").read_bytes() == b""


def test_a_full_stdout_found_by_a_flush_is_kept_for_the_exit(tmp_path: Path) -> None:
    # The interpreter's own flush after a script drops what it raises: a flush keeps it.
    spare = os.open(tmp_path / "stand-in", os.O_WRONLY | os.O_CREAT)
    try:
        guarded = GuardedStdout(_Full(spare))
        guarded.flush()
    finally:
        os.close(spare)
    assert guarded.failure is not None and str(guarded.failure) == FULL
    assert guarded.told is False


@pytest.mark.parametrize("told", [False, True])
def test_a_failure_no_command_was_told_of_is_raised_as_the_command_line_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, told: bool
) -> None:
    spare = os.open(tmp_path / "stand-in", os.O_WRONLY | os.O_CREAT)
    try:
        guarded = GuardedStdout(_Full(spare))
        if told:
            with pytest.raises(ClaimcheckError):
                guarded.write("x")  # raised to a command, which printed its error line
        else:
            guarded.flush()
        monkeypatch.setattr(sys, "stdout", guarded)
        if told:
            settle_stdout()  # nothing more to say: the exit code is already 2
        else:
            with pytest.raises(ClaimcheckError, match="No space left on device"):
                settle_stdout()
            settle_stdout()  # told once
    finally:
        os.close(spare)
