"""The text of the files a report names, for source snippets (``--show-source``)."""

from __future__ import annotations

from collections.abc import Mapping

from claimcheck.errors import InputError
from claimcheck.sources.reading import read_bytes


class SourceFiles:
    """``files(path)``: the text of the file a report shows as ``path`` (relative to the
    working directory), or of standard input under its name; ``None`` when it cannot be read.

    Files are read again after the audit, with undecodable bytes replaced: a snippet is a
    view, never evidence; a file changed in between shows its new text.
    """

    def __init__(self, stdin: Mapping[str, str]) -> None:
        self._stdin = stdin

    def __call__(self, path: str) -> str | None:
        if path in self._stdin:
            return self._stdin[path]
        try:
            return read_bytes(path, path).decode("utf-8-sig", errors="replace")
        except InputError:
            return None
