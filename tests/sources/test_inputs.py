"""Arguments → inputs: folder walks without recursion, each file once, the report file never
an input, and what ``-o`` may overwrite."""

from __future__ import annotations

import os
import sys
from pathlib import Path, PurePath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.errors import InputError
from claimcheck.sources.inputs import FileInput, Selection, _suffix, expand, output_clash

from ..conftest import Invoke

GOOD = "speedup: 27\n"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name in ("b.yaml", "a.md", "sub/c.yaml", "sub/notes.rst"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(GOOD, encoding="utf-8")
    return tmp_path


def _names(*arguments: str, output: Path | None = None) -> list[str]:
    selection = Selection(base=Path.cwd())
    return [
        item.display if isinstance(item, FileInput) else f"error: {item}"
        for item in expand(list(arguments), [], None, selection, output)
        if isinstance(item, FileInput | InputError)
    ]


def test_a_walk_is_sorted_and_keeps_input_kinds(tree: Path) -> None:
    assert _names(".") == ["a.md", "b.yaml", "sub/c.yaml"]


def test_the_walk_does_not_recurse(tree: Path) -> None:
    folder = tree / "deep"
    folder.mkdir()
    handle = os.open(folder, os.O_RDONLY)
    for _ in range(300):
        os.mkdir("d", dir_fd=handle)
        inner = os.open("d", os.O_RDONLY, dir_fd=handle)
        os.close(handle)
        handle = inner
    os.close(os.open("x.md", os.O_WRONLY | os.O_CREAT, dir_fd=handle))
    os.close(handle)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(150)  # a recursive walk of 300 levels would need more
    try:
        names = _names("deep")
    finally:
        sys.setrecursionlimit(limit)
    assert names == ["deep/" + "d/" * 300 + "x.md"]


def test_each_file_once_under_its_first_name_and_named_if_named_anywhere(tree: Path) -> None:
    items = list(expand(["sub", str(tree / "sub" / "c.yaml"), "./sub/c.yaml"], [], None))
    assert [(i.display, i.named) for i in items if isinstance(i, FileInput)] == [
        ("sub/c.yaml", True)
    ]


def test_the_report_file_is_not_an_input_of_a_folder(tree: Path) -> None:
    assert _names(".", output=Path("b.yaml")) == ["a.md", "sub/c.yaml"]
    assert _names(".", output=tree / "sub" / ".." / "sub" / "c.yaml") == ["a.md", "b.yaml"]


def test_output_clash(tree: Path) -> None:
    selection = Selection(base=tree)
    assert output_clash(Path("b.yaml"), ["b.yaml"], selection) == "b.yaml"
    assert output_clash(tree / "b.yaml", ["./b.yaml"], selection) == "b.yaml"
    assert output_clash(Path("sub/c.yaml"), ["."], selection) == "sub/c.yaml"
    assert output_clash(Path("sub/notes.rst"), ["."], selection) is None  # not an input kind
    assert output_clash(Path("new.json"), ["."], selection) is None  # nothing there yet
    assert output_clash(Path("b.yaml"), ["sub"], selection) is None  # outside the folder
    (tree / "old.md").write_text("## claimcheck\n\n0 claims in 0 files: 0 errors, 0 warnings, 0 info\n")  # fmt: skip
    assert output_clash(Path("old.md"), ["."], selection) is None  # an earlier report


def test_an_unlistable_folder_is_an_error(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_scandir = os.scandir

    def refuse(path: str) -> object:
        if path.endswith("sub"):
            raise OSError(36, "File name too long", path)
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", refuse)
    assert _names(".") == [
        "a.md",
        "b.yaml",
        "error: sub: cannot list this folder: File name too long",
    ]


@given(st.text(st.sampled_from("ab./Y\\"), max_size=10))
def test_suffix_is_the_paths_suffix(name: str) -> None:
    assert _suffix(name) == PurePath(name).suffix


@pytest.mark.parametrize("name", ["<p>.md", "<text>.md", "<text 1>.md"])
def test_a_file_named_like_a_label_is_shown_as_a_file(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # Shown as "<…>", its findings had no path and its suppression comments did not apply.
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(
        "<!-- claimcheck: disable-next-line KV101 -->\nKV cache offload gives 20x faster TTFT.\n",
        encoding="utf-8",
    )
    for argument in (name, "."):
        run = cli("check", argument, "--format", "json")
        report = run.json()
        (claim,) = report["claims"]
        assert claim["source"]["path"] == f"./{name}"
        shown = {f["code"] for f in claim["findings"] if not f["suppressed"]}
        assert shown == {"KV301"}, shown  # KV101 suppressed, no KV900 for the comment
        assert all(f["path"] == f"./{name}" for f in claim["findings"])
        assert report["summary"]["suppressed"] == 1


def test_a_file_named_dash_in_a_walk_is_not_standard_input(tree: Path) -> None:
    (tree / "-.md").write_text(GOOD, encoding="utf-8")
    assert _names(".")[0] == "-.md"
    assert _names("./-.md") == ["-.md"]


@pytest.mark.parametrize("empty", ["", "   ", "\t"])
def test_an_empty_argument_is_an_error_not_the_current_folder(
    cli: Invoke, tree: Path, empty: str
) -> None:
    # `claimcheck check "$DOCS"` with DOCS unset: one error naming the argument, exit 2.
    run = cli("check", "a.md", empty, "--format", "concise")
    assert run.code == 2
    assert "argument 2 is empty" in run.stderr and "unset shell variable" in run.stderr
    assert _names(empty) == ["error: argument 1 is empty: expected a file, a folder or a "
                             "quoted sentence (an unset shell variable?)"]  # fmt: skip
