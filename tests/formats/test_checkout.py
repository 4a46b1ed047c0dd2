"""The checkout a run is in: the repository root found by walking up for ``.git``."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimcheck.errors import InputError
from claimcheck.formats.checkout import Checkout, decoded


@pytest.mark.parametrize("git", ["folder", "file"])  # a clone, or a worktree or submodule
def test_the_root_is_the_nearest_folder_with_git(tmp_path: Path, git: str) -> None:
    repo = tmp_path / "repo"
    deep = repo / "docs" / "guide"
    deep.mkdir(parents=True)
    if git == "folder":
        (repo / ".git").mkdir()
    else:
        (repo / ".git").write_text("gitdir: elsewhere\n", encoding="utf-8")
    checkout = Checkout.around(deep)
    assert checkout == Checkout(repo, deep)


def test_without_git_the_root_is_the_working_directory(tmp_path: Path) -> None:
    assert Checkout.around(tmp_path) == Checkout(tmp_path, tmp_path)


def test_names_from_the_root(tmp_path: Path) -> None:
    checkout = Checkout(tmp_path, tmp_path / "docs")
    assert checkout.from_root("page.md") == "docs/page.md"
    assert checkout.from_root("./sub/../page.md") == "docs/page.md"
    assert checkout.from_root("../README.md") == "README.md"
    assert checkout.from_root(str(tmp_path / "claims" / "a.yaml")) == "claims/a.yaml"
    assert checkout.from_root("../../elsewhere.md") is None
    assert checkout.from_root("/") is None


def test_text_of_a_file_and_of_none(tmp_path: Path) -> None:
    (tmp_path / "page.md").write_bytes(b"caf\xc3\xa9 \xff\n")
    checkout = Checkout(tmp_path, tmp_path)
    assert "".join(checkout.text_parts("page.md")) == "café \ufffd\n"
    for unreadable in ("missing.md", "."):  # a folder too
        with pytest.raises(InputError):
            "".join(checkout.text_parts(unreadable))


# Characters of one to four bytes, and bytes that are not UTF-8: one no character starts with,
# a character cut short, an encoded surrogate, an overlong form.
_BYTES = st.sampled_from(
    [b"a", b"\n", "é".encode(), "—".encode(), "🚀".encode(), b"\xff", b"\xe2\x82", b"\xf0\x9f",
     b"\xed\xa0\x80", b"\xc0\xaf", b"\x80"]
)  # fmt: skip


@given(st.lists(_BYTES, max_size=40).map(b"".join), st.lists(st.integers(0, 200), max_size=8))
def test_a_file_decoded_a_chunk_at_a_time_is_the_file_decoded_whole(
    data: bytes, cuts: list[int]
) -> None:
    edges = sorted({0, len(data), *(cut % (len(data) + 1) for cut in cuts)})
    chunks = [data[lo:hi] for lo, hi in pairwise(edges)]
    assert "".join(decoded(chunks)) == data.decode("utf-8", "replace")
