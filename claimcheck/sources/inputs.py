"""Command-line inputs → a sorted stream of things to read: files, folders, stdin, text.

Folders are walked recursively in sorted order; ``.gitignore`` files and the ``exclude``
patterns apply there. With ``--force-exclude`` (what pre-commit passes) files named on the
command line are taken as a folder walk finds them: excludes apply, and a YAML, TOML or JSON
file that names no claim field is passed over, so a hook may be given every such file.
"""

from __future__ import annotations

import os
import re
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from copy import copy
from functools import cached_property
from pathlib import Path
from typing import Any, overload

import msgspec
from msgspec import field
from msgspec.structs import replace

from claimcheck.defaults import DEFAULT_EXCLUDE
from claimcheck.errors import InputError
from claimcheck.sources.reading import SETTINGS_MAX_BYTES, display_path, read_bytes, unmistakable

CLAIM_SUFFIXES: dict[str, str] = {".yaml": "yaml", ".yml": "yaml", ".toml": "toml", ".json": "json"}
DOCUMENT_SUFFIXES: dict[str, str] = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdx": "markdown",
    ".html": "html",
    ".htm": "html",
    ".txt": "text",
}
DOCUMENT_KINDS = frozenset(DOCUMENT_SUFFIXES.values())


class FileInput(msgspec.Struct, frozen=True):
    """A file to read. ``named`` is true when the user named it (not found in a folder).
    ``path`` is the file's path as given or found (text: a folder walk names thousands of
    files, and a ``Path`` costs more to make than the rest of a file's entry)."""

    path: str
    display: str
    kind: str
    named: bool

    @property
    def stem(self) -> str:
        """The file's name without its suffix, as ``Path.stem`` gives it."""
        name = os.path.basename(self.path)
        suffix = _suffix(name)
        return name[: -len(suffix)] if suffix else name


class TextInput(msgspec.Struct, frozen=True):
    """Claim text given on the command line (``explicit`` for ``--text``)."""

    text: str
    display: str
    explicit: bool


class StdinInput(msgspec.Struct, frozen=True):
    """Standard input; ``kind`` comes from ``--stdin-filename`` or is guessed from the content."""

    display: str
    kind: str | None


Input = FileInput | TextInput | StdinInput


class InputList(Sequence[tuple[Input | InputError, int]]):
    """A run's inputs in order, each with a number of the caller's (its settings group), held
    compactly: a file as its path and, when it differs, its shown name in one shared buffer,
    with its kind and whether it was named in a byte each; any other input as itself. A
    ``FileInput`` is made again each time one is read. A slice is a view of the same list."""

    def __init__(self) -> None:
        self._text = bytearray()  # each file's path, NUL, and its name unless the same
        self._ends = array("q")  # where each input's text ends
        self._kinds = bytearray()  # each input's kind, by its number in ``_kind_names``
        self._kind_names: list[str] = []
        self._named = bytearray()
        self._groups = array("i")
        self._others: dict[int, Input | InputError] = {}  # inputs that are not files
        self._window = range(0)

    def append(self, item: Input | InputError, group: int) -> None:
        """Add ``item`` at the end (only to a list that is no slice of another)."""
        number = len(self._groups)
        kind = self._kind(item.kind) if isinstance(item, FileInput) else _NOT_A_FILE
        if isinstance(item, FileInput) and kind != _NOT_A_FILE:
            shown = "" if item.display == item.path else item.display
            self._text += f"{item.path}\0{shown}".encode("utf-8", "surrogatepass")
            self._kinds.append(kind)
            self._named.append(item.named)
        else:
            self._others[number] = item
            self._kinds.append(_NOT_A_FILE)
            self._named.append(0)
        self._ends.append(len(self._text))
        self._groups.append(group)
        self._window = range(number + 1)

    def __len__(self) -> int:
        return len(self._window)

    @overload
    def __getitem__(self, index: int) -> tuple[Input | InputError, int]: ...

    @overload
    def __getitem__(self, index: slice) -> InputList: ...

    def __getitem__(self, index: int | slice) -> tuple[Input | InputError, int] | InputList:
        if isinstance(index, slice):
            view = copy(self)
            view._window = self._window[index]
            return view
        return self._input(self._window[index])

    def __iter__(self) -> Iterator[tuple[Input | InputError, int]]:
        return map(self._input, self._window)

    def _input(self, number: int) -> tuple[Input | InputError, int]:
        kind = self._kinds[number]
        if kind == _NOT_A_FILE:
            return self._others[number], self._groups[number]
        start = self._ends[number - 1] if number else 0
        text = self._text[start : self._ends[number]].decode("utf-8", "surrogatepass")
        path, shown = text.split("\0")
        named = bool(self._named[number])
        item = FileInput(path, shown or path, self._kind_names[kind], named)
        return item, self._groups[number]

    def _kind(self, kind: str) -> int:
        """The number of ``kind`` (``_NOT_A_FILE`` once there are too many to number)."""
        if kind not in self._kind_names:
            if len(self._kind_names) == _NOT_A_FILE:
                return _NOT_A_FILE
            self._kind_names.append(kind)
        return self._kind_names.index(kind)


_NOT_A_FILE = 255  # the kind of an input held as itself


class Selection(msgspec.Struct, frozen=True):
    """Which files count as inputs: suffix → kind, exclude patterns (gitignore syntax, relative
    to ``base``), whether ``.gitignore`` applies, whether excludes apply to named files, and
    whether a folder walk follows links to folders and out of the folder."""

    extensions: Mapping[str, str] = field(default_factory=dict)
    exclude: Sequence[str] = DEFAULT_EXCLUDE
    base: Path = field(default_factory=Path.cwd)
    respect_gitignore: bool = True
    force_exclude: bool = False
    follow_links: bool = False

    def kind_of(self, name: str) -> str | None:
        """The input kind a file name implies, or ``None``."""
        suffix = _suffix(name).lower()
        if self.extensions:
            custom = {
                k.lower() if k.startswith(".") else f".{k.lower()}": v
                for k, v in self.extensions.items()
            }
            found = custom.get(suffix)
            if found:
                return found
        return CLAIM_SUFFIXES.get(suffix) or DOCUMENT_SUFFIXES.get(suffix)


def _suffix(name: str) -> str:
    """``Path(name).suffix`` without building a path for a plain name (a folder walk asks
    for every file's)."""
    if "/" in name or os.sep in name or (os.altsep and os.altsep in name):
        return Path(name).suffix
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


_EMPTY_ARGUMENT = (
    "argument {number} is empty: expected a file, a folder or a quoted sentence (an unset "
    "shell variable?)"
)


def expand(
    arguments: list[str],
    texts: list[str],
    stdin_filename: str | None,
    selection: Selection | None = None,
    output: Path | None = None,
) -> Iterator[Input | InputError]:
    """Classify each argument (README "Three ways in"): ``-`` is stdin; an existing path is a file or folder;
    an argument with whitespace, or a Chinese or Japanese sentence, that is not a path is claim
    text (``_unspaced_sentence``); anything else is a missing path, never silently taken as
    text.

    A file reached twice (named and in a named folder, by two spellings, or through a link)
    is read once, under its first name. The report file ``output`` is never an input of a folder.
    """
    selection = selection or Selection()
    ignored = _Ignored(selection)  # compiles its patterns on first use
    skipped = _real(output) if output is not None else None
    found: list[tuple[str | None, Input | InputError]] = []
    for number, argument in enumerate(arguments, start=1):
        if not argument.strip():
            found.append((None, InputError(_EMPTY_ARGUMENT.format(number=number))))
            continue
        if argument == "-":
            if any(isinstance(item, StdinInput) for _, item in found):
                continue  # standard input can be read only once
            name = stdin_filename or "-"
            if (
                stdin_filename
                and selection.force_exclude
                and ignored.excluded(Path(stdin_filename), is_dir=False)
            ):
                continue  # excluded like the file it stands for (pre-commit, editors)
            kind = selection.kind_of(name) if stdin_filename else None
            found.append((None, StdinInput(display=name, kind=kind)))
            continue
        # os.path's tests answer False for any name the system refuses (a 300-character
        # sentence is too long to be a file name), where Path's raise OSError.
        path = Path(argument)
        if os.path.isdir(argument):
            if selection.force_exclude and ignored.excluded(path, is_dir=True):
                continue
            found += [
                pair
                for pair in _walk(path, selection, ignored)
                if skipped is None or pair[0] != skipped
            ]
        elif os.path.lexists(argument):
            if selection.force_exclude and ignored.excluded(path, is_dir=False):
                continue
            found.append((_real(path), _named_file(path, selection)))
        elif any(ch.isspace() for ch in argument) or _unspaced_sentence(argument, selection):
            label = f"<text {number}>" if len(arguments) > 1 else "<text>"
            found.append((None, TextInput(argument, display=label, explicit=False)))
        else:
            error = InputError(
                "no such file or directory (to audit a sentence, quote it or pass it with --text)",
                path=argument,
            )
            found.append((None, error))
    yield from _once(found)
    for number, text in enumerate(texts, start=1):
        yield TextInput(
            text, display=f"<text {number}>" if len(texts) > 1 else "<text>", explicit=True
        )
    yield from ignored.problems


# Kana, CJK ideographs and Hangul: scripts whose sentences may hold no space at all.
_UNSPACED_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_SENTENCE_MARK = re.compile(r"[，。！？；：、]")  # full-width punctuation no file name needs


def _unspaced_sentence(argument: str, selection: Selection) -> bool:
    """Whether an argument that is no path and holds no whitespace is a sentence all the same:
    Chinese and Japanese are written without spaces ("请求吞吐量比vLLM高1.8倍。"). It holds
    their characters and no suffix of an input kind ("报告.md" stays a missing file), and no
    path separator unless it holds their sentence punctuation too ("docs/LightLLM.md中的图片
    表明lightllm的吞吐是vllm的2-3x，…")."""
    separated = "/" in argument or os.sep in argument or bool(os.altsep and os.altsep in argument)
    return (
        _UNSPACED_SCRIPT.search(argument) is not None
        and selection.kind_of(argument) is None
        and (not separated or _SENTENCE_MARK.search(argument) is not None)
    )


def output_clash(output: Path, arguments: list[str], selection: Selection) -> str | None:
    """The input that writing the report to ``output`` would destroy, or ``None``.

    A file named as an argument is an input. A file inside a named folder is one when its name
    makes it an input, unless it is a report of an earlier run (recognised by its content),
    which may be replaced.
    """
    target = _real(output)
    if not os.path.lexists(output):
        return None
    for argument in arguments:
        path = Path(argument)
        if argument != "-" and os.path.lexists(path) and _real(path) == target:
            return display_path(path)
    if not os.path.isfile(target) or selection.kind_of(output.name) is None:
        return None
    from claimcheck.sources.reports import is_report_file

    for argument in arguments:
        if argument != "-" and os.path.isdir(argument) and _inside(target, _real(argument)):
            return None if is_report_file(Path(target)) else display_path(output)
    return None


def _once(found: list[tuple[str | None, Input | InputError]]) -> Iterator[Input | InputError]:
    """Each file once, at its first place and name; named if any of its mentions was named.
    ``found`` is emptied as it is given out: a large folder's inputs are not all held to the
    end of the run."""
    named = {key for key, item in found if isinstance(item, FileInput) and item.named}
    seen: set[str] = set()
    found.reverse()
    while found:
        key, item = found.pop()
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
            if isinstance(item, FileInput) and not item.named and key in named:
                item = replace(item, named=True)
        yield item


def _real(path: Path | str) -> str:
    """The file's real path: the same for every spelling of it and every link to it."""
    return os.path.realpath(path)


def _inside(path: str, folder: str) -> bool:
    """Is the real path ``path`` the real folder ``folder`` or below it?"""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


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
    return FileInput(str(path), display, kind, named=not selection.force_exclude)


def _walk(
    folder: Path, selection: Selection, ignored: _Ignored
) -> list[tuple[str | None, FileInput | InputError]]:
    """Every input file below ``folder`` with its real path, sorted by name; a folder that
    cannot be listed is an error.

    The walk keeps its own stack (no recursion, so any depth is fine). Links are followed only
    inside the tree, and only to files: a link to a folder could make a loop, and a link
    leaving the tree could read files the folder's owner never meant to publish. With
    ``follow_links`` both are followed, each real folder walked once. A dangling link is
    kept and reported when read; a pipe, socket or device is refused when read.
    """
    root = Path(_real(folder))
    shown = display_path(folder)
    stack: list[tuple[str, Path, str]] = [(str(folder), root, shown)]
    walked = {str(root)}
    found: list[tuple[str | None, FileInput | InputError]] = []
    while stack:
        here, real, shown = stack.pop()
        ignored.enter(real)
        try:
            with os.scandir(here) as listing:
                entries = list(listing)
        except OSError as err:
            found.append((None, _unlisted(err, shown)))
            continue
        inside = str(real)
        excluded = ignored.matcher(real)
        for entry in entries:
            name = entry.name
            display = unmistakable(name) if shown == "." else f"{shown}/{name}"
            target, is_dir = _follow(entry, inside, str(root), selection.follow_links)
            if target is None or excluded(name, is_dir):
                continue
            if is_dir:
                if target not in walked:
                    walked.add(target)
                    stack.append((entry.path, Path(target), display))
                continue
            kind = selection.kind_of(name)
            if kind is not None:
                path = entry.path
                # The same text once when the name shown is the path (a folder of thousands).
                shown_path = path if display == path else display
                found.append((target, FileInput(path, shown_path, kind, named=False)))
    found.sort(
        key=lambda pair: pair[1].display if isinstance(pair[1], FileInput) else pair[1].path or ""
    )
    return found


def _follow(entry: os.DirEntry[str], real: str, root: str, follow: bool) -> tuple[str | None, bool]:
    """``entry``'s real path and whether it is a folder (``real`` is the real path of its
    folder); ``None`` when the walk does not go there (a link to a folder, or out of the tree,
    unless links are followed)."""
    try:
        if not entry.is_symlink():
            return os.path.join(real, entry.name), entry.is_dir(follow_symlinks=False)
    except OSError:
        return os.path.join(real, entry.name), False
    target = _real(entry.path)
    is_dir = os.path.isdir(target)
    if follow:
        return target, is_dir
    if is_dir or not _inside(target, root):
        return None, is_dir
    return target, False


def _unlisted(err: OSError, shown: str) -> InputError:
    if isinstance(err, PermissionError):
        return InputError("permission denied: cannot list this folder", path=shown)
    return InputError(f"cannot list this folder: {err.strerror or err}", path=shown)


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
        from claimcheck.sources.patterns import NamePatterns, compile_lines

        names = NamePatterns.of(self.selection.exclude)
        if names is not None:
            return names
        return compile_lines(self.selection.exclude)[0]  # the options were checked already

    def enter(self, folder: Path) -> None:
        """Load the ``.gitignore`` files that apply in the (resolved) ``folder``: its own and
        those of its parents up to the repository root, or only its own outside a repository."""
        if not self.respect_gitignore or folder in self._loaded:
            return
        chain: list[Path] = []
        current = folder
        while current not in self._loaded:
            chain.append(current)
            if _exists(current / ".git"):
                break
            if current.parent == current:  # no repository above: git applies no .gitignore
                chain = chain[:1]
                break
            current = current.parent
        for current in chain:
            self._loaded.add(current)
            self._load(current / ".gitignore", current)

    def _load(self, ignore_file: Path, folder: Path) -> None:
        from claimcheck.sources.patterns import compile_lines

        if not os.path.lexists(ignore_file):  # none, or a path too long to name (the walk says so)
            return
        try:
            data = read_bytes(ignore_file, display_path(ignore_file), max_bytes=SETTINGS_MAX_BYTES)
        except InputError as err:  # a device, a pipe, a dangling link, too large, unreadable
            self.problems.append(
                InputError(f"{err.message}; its patterns are not applied", path=err.path)
            )
            return
        text = data.decode("utf-8", "replace")
        spec, refused = compile_lines(text.splitlines())
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
        return self.matcher(parent)(name, is_dir)

    def matcher(self, parent: Path) -> Callable[[str, bool], bool]:
        """``excluded_in`` for the names of the (resolved) folder ``parent``: what depends on
        the folder alone (its place under the base, the ``.gitignore`` files above it) is
        worked out once, not for each of its files."""
        exclude = self.exclude
        relative = _relative(parent, self.base)
        specs: list[tuple[Any, str]] = []
        if self.respect_gitignore:
            self.enter(parent)
            for folder, spec in self.gitignores.items():
                inside = _relative(parent, folder)
                if inside is not None:
                    specs.append((spec, inside))

        def excluded(name: str, is_dir: bool) -> bool:
            suffix = "/" if is_dir else ""
            if exclude.match_file(name + suffix):
                return True
            if relative is not None and exclude.match_file(f"{relative}{name}{suffix}"):
                return True
            return any(spec.match_file(f"{inside}{name}{suffix}") for spec, inside in specs)

        return excluded


def _exists(path: Path) -> bool:
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def _relative(folder: Path, base: Path) -> str | None:
    """``folder`` relative to ``base`` as a prefix ("" or "a/b/"), or ``None`` if outside it."""
    if folder == base:
        return ""
    inner, outer = str(folder), str(base).rstrip(os.sep) + os.sep
    if inner.startswith(outer):
        return inner[len(outer) :].replace(os.sep, "/") + "/"
    return None
