"""Command-line inputs → a sorted stream of things to read: files, folders, stdin, text.

Folders are walked recursively in sorted order; ``.gitignore`` files and the ``exclude``
patterns apply there (and to named files too with ``--force-exclude``, as pre-commit needs).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from claimcheck.errors import InputError
from claimcheck.sources.reading import display_path

CLAIM_SUFFIXES: dict[str, str] = {".yaml": "yaml", ".yml": "yaml", ".toml": "toml", ".json": "json"}
DOCUMENT_SUFFIXES: dict[str, str] = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".txt": "text",
}
DOCUMENT_KINDS = frozenset(DOCUMENT_SUFFIXES.values())
DEFAULT_EXCLUDE: tuple[str, ...] = (
    ".*",
    "node_modules/",
    "__pycache__/",
    "venv/",
    "site-packages/",
    "build/",
    "dist/",
)


@dataclass(frozen=True, slots=True)
class FileInput:
    """A file to read. ``named`` is true when the user named it (not found in a folder)."""

    path: Path
    display: str
    kind: str
    named: bool


@dataclass(frozen=True, slots=True)
class TextInput:
    """Claim text given on the command line (``explicit`` for ``--text``)."""

    text: str
    display: str
    explicit: bool


@dataclass(frozen=True, slots=True)
class StdinInput:
    """Standard input; ``kind`` comes from ``--stdin-filename`` or is guessed from the content."""

    display: str
    kind: str | None


Input = FileInput | TextInput | StdinInput


@dataclass(frozen=True)
class Selection:
    """Which files count as inputs: suffix → kind, exclude patterns (gitignore syntax, relative
    to ``base``), whether ``.gitignore`` applies, and whether excludes apply to named files."""

    extensions: Mapping[str, str] = field(default_factory=dict)
    exclude: Sequence[str] = DEFAULT_EXCLUDE
    base: Path = field(default_factory=Path.cwd)
    respect_gitignore: bool = True
    force_exclude: bool = False

    def kind_of(self, name: str) -> str | None:
        """The input kind a file name implies, or ``None``."""
        suffix = Path(name).suffix.lower()
        custom = {
            k.lower() if k.startswith(".") else f".{k.lower()}": v
            for k, v in self.extensions.items()
        }
        return custom.get(suffix) or CLAIM_SUFFIXES.get(suffix) or DOCUMENT_SUFFIXES.get(suffix)


def expand(
    arguments: list[str],
    texts: list[str],
    stdin_filename: str | None,
    selection: Selection | None = None,
) -> Iterator[Input | InputError]:
    """Classify each argument (README "Three ways in"): ``-`` is stdin; an existing path is a file or folder;
    an argument with whitespace that is not a path is claim text; anything else is a missing
    path, never silently taken as text."""
    selection = selection or Selection()
    ignored = _Ignored(selection)  # compiles its patterns on first use
    for number, argument in enumerate(arguments, start=1):
        if argument == "-":
            name = stdin_filename or "-"
            yield StdinInput(display=name, kind=selection.kind_of(name) if stdin_filename else None)
            continue
        path = Path(argument)
        if path.is_dir():
            if selection.force_exclude and ignored.excluded(path, is_dir=True):
                continue
            yield from _walk(path, selection, ignored)
        elif path.exists() or path.is_symlink():
            if selection.force_exclude and ignored.excluded(path, is_dir=False):
                continue
            yield _named_file(path, selection)
        elif any(ch.isspace() for ch in argument):
            label = f"<text {number}>" if len(arguments) > 1 else "<text>"
            yield TextInput(argument, display=label, explicit=False)
        else:
            yield InputError(
                "no such file or directory (to audit a sentence, quote it or pass it with --text)",
                path=argument,
            )
    for number, text in enumerate(texts, start=1):
        yield TextInput(
            text, display=f"<text {number}>" if len(texts) > 1 else "<text>", explicit=True
        )
    yield from ignored.problems


def _named_file(path: Path, selection: Selection) -> FileInput | InputError:
    display = display_path(path)
    # A named file without a suffix (README, LICENSE: pre-commit's "plain-text") is read as text.
    kind = selection.kind_of(path.name) or ("text" if not path.suffix else None)
    if kind is None:
        known = " ".join(sorted({*CLAIM_SUFFIXES, *DOCUMENT_SUFFIXES}))
        return InputError(
            f"unsupported file type '{path.suffix or path.name}' (expected {known}; map others "
            "with --stdin-filename or the 'extensions' setting)",
            path=display,
        )
    return FileInput(path, display, kind, named=True)


def _walk(folder: Path, selection: Selection, ignored: _Ignored) -> Iterator[FileInput]:
    """Every input file below ``folder``, sorted by path. Links to folders are not followed, so
    a link loop cannot trap the walk; a dangling link is yielded and reported when read."""
    found: list[FileInput] = []
    for root, dirs, files in os.walk(folder, followlinks=False):
        here = Path(root)
        real = here.resolve()  # once per folder: resolving every file costs more than reading it
        ignored.enter(here)
        dirs[:] = sorted(d for d in dirs if not ignored.excluded_in(real, d, is_dir=True))
        shown = display_path(here)
        for name in files:
            kind = selection.kind_of(name)
            if kind is None or ignored.excluded_in(real, name, is_dir=False):
                continue
            display = name if shown == "." else f"{shown}/{name}"
            found.append(FileInput(here / name, display, kind, named=False))
    found.sort(key=lambda item: item.display)
    yield from found


class _Ignored:
    """Exclude patterns and ``.gitignore`` files, matched the way git matches them.

    Inside a git repository the ``.gitignore`` files from the repository root down apply.
    Outside any repository git applies none; claimcheck applies those of each folder it is
    asked to walk and below it, never those of the folders above. A ``.gitignore`` line the
    matcher cannot use (git matches nothing with it) is left out and reported in ``problems``.
    """

    def __init__(self, selection: Selection) -> None:
        self.selection = selection
        self.respect_gitignore = selection.respect_gitignore
        self.gitignores: dict[Path, Any] = {}
        self._loaded: set[Path] = set()
        self.problems: list[InputError] = []

    @cached_property
    def base(self) -> Path:
        return self.selection.base.resolve()

    @cached_property
    def exclude(self) -> Any:
        from claimcheck.sources.patterns import compile_lines

        return compile_lines(self.selection.exclude)[0]  # the options were checked already

    def enter(self, folder: Path) -> None:
        """Load the ``.gitignore`` files that apply in ``folder``: its own and those of its
        parents up to the repository root, or only its own outside a repository."""
        if not self.respect_gitignore or folder in self._loaded:
            return
        resolved = folder.resolve()
        chain: list[Path] = []
        for current in (resolved, *resolved.parents):
            if current in self._loaded:
                break
            chain.append(current)
            if (current / ".git").exists():
                break
        else:  # no repository above, and no folder entered before
            chain = chain[:1]
        for current in chain:
            self._loaded.add(current)
            self._load(current / ".gitignore", current)

    def _load(self, ignore_file: Path, folder: Path) -> None:
        from claimcheck.sources.patterns import compile_lines

        if not ignore_file.is_file():
            return
        try:
            lines = ignore_file.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            lines = []
        spec, refused = compile_lines(lines)
        self.gitignores[folder] = spec
        shown = display_path(ignore_file)
        self.problems.extend(
            InputError(
                f"{r.message}; left out, as git matches nothing with it", path=shown, line=r.line
            )
            for r in refused
        )

    def excluded(self, path: Path, *, is_dir: bool) -> bool:
        """Is ``path`` excluded by the patterns or by a ``.gitignore``?"""
        parent = path.parent.resolve()
        if path.name in ("", ".", ".."):
            return False
        return self.excluded_in(parent, path.name, is_dir=is_dir)

    def excluded_in(self, parent: Path, name: str, *, is_dir: bool) -> bool:
        """Is ``name`` in the (resolved) folder ``parent`` excluded?"""
        suffix = "/" if is_dir else ""
        if self.exclude.match_file(name + suffix):
            return True
        relative = _relative(parent, self.base)
        if relative is not None and self.exclude.match_file(f"{relative}{name}{suffix}"):
            return True
        if not self.respect_gitignore:
            return False
        self.enter(parent)
        for folder, spec in self.gitignores.items():
            inside = _relative(parent, folder)
            if inside is not None and spec.match_file(f"{inside}{name}{suffix}"):
                return True
        return False


def _relative(folder: Path, base: Path) -> str | None:
    """``folder`` relative to ``base`` as a prefix ("" or "a/b/"), or ``None`` if outside it."""
    if folder == base:
        return ""
    if base in folder.parents:
        return folder.relative_to(base).as_posix() + "/"
    return None
