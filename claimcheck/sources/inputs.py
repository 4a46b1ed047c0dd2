"""Command-line inputs → a sorted stream of things to read: files, folders, stdin, text."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from claimcheck.errors import InputError
from claimcheck.sources.reading import display_path

CLAIM_SUFFIXES: dict[str, str] = {".yaml": "yaml", ".yml": "yaml", ".toml": "toml", ".json": "json"}


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


def kind_of(path: str) -> str | None:
    """The input kind a file name implies, or ``None``."""
    return CLAIM_SUFFIXES.get(Path(path).suffix.lower())


def expand(
    arguments: list[str], texts: list[str], stdin_filename: str | None
) -> Iterator[Input | InputError]:
    """Classify each argument (design.md): ``-`` is stdin; an existing path is a file or folder;
    an argument with whitespace that is not a path is claim text; anything else is a missing
    path, never silently taken as text."""
    for number, argument in enumerate(arguments, start=1):
        if argument == "-":
            name = stdin_filename or "-"
            yield StdinInput(display=name, kind=kind_of(name) if stdin_filename else None)
            continue
        path = Path(argument)
        if path.is_dir():
            yield from _walk(path)
        elif path.exists() or path.is_symlink():
            yield _named_file(path)
        elif any(ch.isspace() for ch in argument):
            yield TextInput(
                argument,
                display=f"<text {number}>" if len(arguments) > 1 else "<text>",
                explicit=False,
            )
        else:
            yield InputError(
                "no such file or directory (to audit a sentence, quote it or pass it with --text)",
                path=argument,
            )
    for number, text in enumerate(texts, start=1):
        yield TextInput(
            text, display=f"<text {number}>" if len(texts) > 1 else "<text>", explicit=True
        )


def _named_file(path: Path) -> FileInput | InputError:
    display = display_path(path)
    kind = kind_of(path.name)
    if kind is None:
        known = " ".join(sorted(CLAIM_SUFFIXES))
        return InputError(
            f"unsupported file type '{path.suffix or path.name}' (expected {known})", path=display
        )
    return FileInput(path, display, kind, named=True)


def _walk(folder: Path) -> Iterator[FileInput]:
    """Every input file below ``folder``, sorted by path; hidden folders and files are skipped,
    and links to folders are not followed (so a link loop cannot trap the walk)."""
    found: list[FileInput] = []
    for root, dirs, files in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in files:
            kind = kind_of(name)
            if kind is None or name.startswith("."):
                continue
            path = Path(root, name)
            found.append(FileInput(path, display_path(path), kind, named=False))
    found.sort(key=lambda item: item.display)
    yield from found
