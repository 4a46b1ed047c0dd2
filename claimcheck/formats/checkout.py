"""Where a run's files are: the repository root and the working directory, so that a report can
name each file from the root (as GitHub code scanning expects) wherever the run started."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from claimcheck.errors import InputError
from claimcheck.sources.reading import read_bytes


class Checkout(msgspec.Struct, frozen=True):
    """The repository ``root`` and the working directory ``cwd``, both absolute."""

    root: Path
    cwd: Path

    @classmethod
    def around(cls, cwd: Path) -> Checkout:
        """The nearest folder at or above ``cwd`` that holds ``.git`` (a folder, or a file in a
        worktree or submodule), else ``cwd`` itself."""
        cwd = cwd.absolute()
        for folder in (cwd, *cwd.parents):
            if (folder / ".git").exists():
                return cls(folder, cwd)
        return cls(cwd, cwd)

    def from_root(self, path: str) -> str | None:
        """``path`` as a report names it (from the working directory, or absolute) relative to
        the root with ``/`` separators; ``None`` for a file outside the root."""
        full = Path(os.path.normpath(self.cwd / path))
        try:
            return full.relative_to(self.root).as_posix()
        except ValueError:
            return None

    def absolute(self, path: str) -> Path:
        """``path`` as an absolute, normalised path."""
        return Path(os.path.normpath(self.cwd / path))

    def text(self, path: str) -> str | None:
        """The file's text (undecodable bytes replaced), or ``None`` if it cannot be read."""
        try:
            return read_bytes(self.absolute(path), path).decode("utf-8", "replace")
        except InputError:
            return None
