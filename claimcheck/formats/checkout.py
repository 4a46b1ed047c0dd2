"""Where a run's files are: the repository root and the working directory, so that a report can
name each file from the root wherever the run started.

One rule names a file in every CI format (``github``, ``gitlab``, ``junit`` and ``sarif``): from
the repository root, with ``/`` separators, whatever the working directory (``working-directory:``
in a workflow, ``cd docs`` in a job script). The root is

- the folder ``GITHUB_WORKSPACE`` names, on GitHub Actions: "The default working directory on the
  runner for steps, and the default location of your repository when using the checkout action"
  (https://docs.github.com/en/actions/learn-github-actions/variables#default-environment-variables);
- else the folder ``CI_PROJECT_DIR`` names, on GitLab CI/CD: "The full path the repository is
  cloned to, and where the job runs"
  (https://docs.gitlab.com/ci/variables/predefined_variables/);
- else the nearest folder at or above the working directory that holds ``.git``;
- else the working directory itself, when the run is in no repository.

A variable counts only when it names a folder that holds the working directory: a run outside the
checkout (a test in a temporary folder on a CI runner) finds its root by ``.git``. A file outside
the root keeps the name the report gives it (from the working directory, or absolute); SARIF
names it by its ``file:`` URI.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import msgspec

from claimcheck.defaults import DEFAULT_MAX_BYTES
from claimcheck.sources.reading import read_chunks

ROOT_VARIABLES = ("GITHUB_WORKSPACE", "CI_PROJECT_DIR")
"""The CI variables naming the repository root, in the order they are read."""

STDIN = "-"
"""The name of standard input read without ``--stdin-filename``: no file, never named from the
root."""


class Checkout(msgspec.Struct, frozen=True):
    """The repository ``root`` and the working directory ``cwd``, both absolute."""

    root: Path
    cwd: Path

    @classmethod
    def around(cls, cwd: Path, environ: Mapping[str, str] | None = None) -> Checkout:
        """The checkout of a run in ``cwd``: its root is the folder ``GITHUB_WORKSPACE`` or
        ``CI_PROJECT_DIR`` names in ``environ`` (``os.environ`` when ``None``) if it holds
        ``cwd``, else the nearest folder at or above ``cwd`` that holds ``.git`` (a folder, or a
        file in a worktree or submodule), else ``cwd`` itself."""
        cwd = cwd.absolute()
        variables = os.environ if environ is None else environ
        for name in ROOT_VARIABLES:
            value = variables.get(name, "")
            if value and (found := cls._holding(Path(os.path.normpath(cwd / value)), cwd)):
                return found
        for folder in (cwd, *cwd.parents):
            if (folder / ".git").exists():
                return cls(folder, cwd)
        return cls(cwd, cwd)

    @classmethod
    def _holding(cls, root: Path, cwd: Path) -> Checkout | None:
        """The checkout of ``root`` if it holds ``cwd``, as written or once symbolic links are
        resolved (the working directory is a real path; a variable may name a link to it)."""
        if cwd.is_relative_to(root):
            return cls(root, cwd)
        real_root, real_cwd = Path(os.path.realpath(root)), Path(os.path.realpath(cwd))
        if real_cwd.is_relative_to(real_root):
            return cls(real_root, real_cwd)
        return None

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

    def text_parts(self, path: str) -> Iterator[str]:
        """The file's text (undecodable bytes replaced) a part at a time, never held whole;
        ``InputError`` (raised as the parts are read) if it cannot be read."""
        return decoded(
            read_chunks(self.absolute(path), path, max_bytes=DEFAULT_MAX_BYTES, size=CHUNK)
        )


CHUNK = 1 << 20
"""Bytes of a file read and decoded at a time."""


def decoded(chunks: Iterable[bytes]) -> Iterator[str]:
    """The text of ``chunks`` of UTF-8, each undecodable sequence replaced by U+FFFD, a part at
    a time: ``b"".join(chunks).decode("utf-8", "replace")`` cut into parts. The incremental
    decoder holds back a character cut between two chunks
    (https://docs.python.org/3/library/codecs.html#incremental-decoding)."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    for chunk in chunks:
        yield decoder.decode(chunk)
    yield decoder.decode(b"", final=True)


def ci_path(path: str, checkout: Checkout | None) -> str:
    """The name every CI format gives the file a report names ``path``: from the repository root
    with ``/`` separators (``page.md`` read in ``docs/`` is ``docs/page.md``). Standard input,
    a file outside the root, and any path when the checkout is unknown (``None``: the report's
    names are taken as already from the root) keep the name the report gives them."""
    if checkout is None or path == STDIN:
        return path
    inside = checkout.from_root(path)
    return path if inside is None else inside
