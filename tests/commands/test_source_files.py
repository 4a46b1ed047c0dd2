"""The text of the files a report names, for snippets."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.commands.source_files import SourceFiles


def test_files_stdin_and_missing_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "page.md").write_bytes(b"\xef\xbb\xbf27x \xff faster\n")
    (tmp_path / "named.md").write_text("on disk\n", encoding="utf-8")
    files = SourceFiles({"named.md": "from stdin\n"})
    assert files("page.md") == "27x \ufffd faster\n"  # no byte-order mark, bad bytes replaced
    assert files("named.md") == "from stdin\n"  # --stdin-filename names stdin, not the file
    assert files("gone.md") is None
