"""Decoding untrusted bytes: UTF-8 with or without BOM, UTF-16, binary, invalid UTF-8, size limit."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest

from claimcheck.errors import InputError
from claimcheck.sources.reading import decode, read_bytes, read_chunks, read_stream, read_text


def test_utf8_and_bom() -> None:
    assert decode("27× faster".encode(), "a") == "27× faster"
    assert decode(b"\xef\xbb\xbfspeedup: 2", "a") == "speedup: 2"


def test_utf16_with_bom_is_decoded() -> None:
    assert decode("speedup: 2\n".encode("utf-16"), "a") == "speedup: 2\n"


def test_binary_file_names_the_nul_offset() -> None:
    with pytest.raises(InputError, match=r"binary file \(NUL byte at byte offset 3\)"):
        decode(b"abc\x00def", "a")


def test_invalid_utf8_reports_the_byte_offset() -> None:
    with pytest.raises(InputError, match="invalid UTF-8 at byte offset 6 \\(line 3\\)"):
        decode(b"ab\ncd\n\xff", "a")


def test_size_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * 101)
    with pytest.raises(InputError, match="101 bytes, above the 100-byte limit"):
        read_text(big, "big.yaml", max_bytes=100)
    assert read_text(big, "big.yaml", max_bytes=101).startswith("#")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX special files")
def test_special_files_are_refused_before_opening(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.md"
    os.mkfifo(pipe)  # opening it for reading would wait for a writer forever
    with pytest.raises(InputError, match=r"is a named pipe \(FIFO\), not a regular file"):
        read_text(pipe, "pipe.md")
    with pytest.raises(InputError, match="is a character device"):
        read_text(Path("/dev/zero"), "zero")


def test_a_stream_obeys_the_limit_and_the_binary_check() -> None:
    assert read_stream(io.BytesIO(b"27x faster"), "-", max_bytes=10) == "27x faster"
    with pytest.raises(InputError, match="above the 10-byte limit"):
        read_stream(io.BytesIO(b"27x faster!"), "-", max_bytes=10)
    with pytest.raises(InputError, match="binary file"):
        read_stream(io.BytesIO(b"27x\x00"), "-", max_bytes=10)
    with pytest.raises(InputError, match="standard input is closed"):
        read_stream(None, "-", max_bytes=10)


def test_chunks_are_the_files_bytes_with_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    path.write_bytes(b"0123456789")
    assert list(read_chunks(path, "page.md", max_bytes=10, size=3)) == [
        b"012", b"345", b"678", b"9"
    ]  # fmt: skip
    assert list(read_chunks(path, "page.md", max_bytes=10, size=100)) == [b"0123456789"]
    assert b"".join(read_chunks(path, "page.md", max_bytes=10, size=5)) == read_bytes(
        path, "page.md", max_bytes=10
    )
    with pytest.raises(InputError, match=r"10 bytes, above the 9-byte limit \(raise it with"):
        list(read_chunks(path, "page.md", max_bytes=9, size=3))
    with pytest.raises(InputError, match="no such file"):
        list(read_chunks(tmp_path / "gone.md", "gone.md", max_bytes=10, size=3))
    for folder_limit in (10, 10**6):  # a folder's size, then its reading, refused
        with pytest.raises(InputError) as whole:
            read_bytes(tmp_path, "dir", max_bytes=folder_limit)
        with pytest.raises(InputError, match=re.escape(str(whole.value))):
            list(read_chunks(tmp_path, "dir", max_bytes=folder_limit, size=3))
