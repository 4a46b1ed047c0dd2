"""Hostile files, folders, streams and signals: each case gives one clear line (or none), the
documented exit code, and the good input beside it is still audited and reported."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import Invoke, Run

GOOD = "speedup: 27\ncontext_tokens: 112000\nmetric: ttft\n"
ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False
root_ignores_modes = pytest.mark.skipif(ROOT, reason="file modes do not bind root")
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files and signals")
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")  # fmt: skip


def _errors(run: Run | subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in run.stderr.splitlines() if line.startswith("claimcheck: error:")]


def _ids(run: Run) -> list[str]:
    return [claim["id"] for claim in run.json()["claims"]]


def _nest(top: Path, depth: int) -> None:
    """``top/d/d/…/d/leaf.yaml`` (``depth`` levels), each made relative to its parent so that
    no system call ever sees the whole path."""
    top.mkdir()
    handle = os.open(top, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir("d", dir_fd=handle)
            inner = os.open("d", os.O_RDONLY, dir_fd=handle)
            os.close(handle)
            handle = inner
        leaf = os.open("leaf.yaml", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=handle)
        os.write(leaf, GOOD.replace("27", "30").encode())
        os.close(leaf)
    finally:
        os.close(handle)


def _unnest(top: Path) -> None:
    """Remove a tree of any depth one folder at a time (``shutil.rmtree`` recurses in
    Python 3.11 and fails on it, and then so would pytest's clean-up of old temp folders)."""
    handle = os.open(top, os.O_RDONLY)
    below: list[str] = []
    try:
        while True:
            with os.scandir(handle) as listing:
                entries = [(e.name, e.is_dir(follow_symlinks=False)) for e in listing]
            for name, is_dir in entries:
                if not is_dir:
                    os.unlink(name, dir_fd=handle)
            inner = next((name for name, is_dir in entries if is_dir), None)
            step = inner if inner is not None else ".."
            if inner is None and not below:
                break
            moved = os.open(step, os.O_RDONLY, dir_fd=handle)
            os.close(handle)
            handle = moved
            if inner is not None:
                below.append(inner)
            else:
                os.rmdir(below.pop(), dir_fd=handle)
    finally:
        os.close(handle)
    top.rmdir()


@pytest.fixture
def deep(good: Path) -> Iterator[Callable[[int], None]]:
    """Make ``deep/d/…/leaf.yaml`` in the working folder; removed again afterwards."""
    made: list[Path] = []

    def make(depth: int) -> None:
        made.append(good / "deep")
        _nest(good / "deep", depth)

    yield make
    for top in made:
        _unnest(top)


@pytest.fixture
def good(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder holding ``good.yaml``, one good claim; the root of a repository, so
    that no configuration file from a folder above applies."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    return tmp_path


# ---- §2: never block, never eat the machine -------------------------------------------------


def _fifo(folder: Path) -> str:
    os.mkfifo(folder / "pipe.yaml")
    return "pipe.yaml: is a named pipe (FIFO), not a regular file; not read"


def _socket(folder: Path) -> str:
    server = socket.socket(socket.AF_UNIX)
    server.bind("sock.md")  # relative: a socket path is limited to about 100 bytes
    server.close()
    return "sock.md: is a socket, not a regular file; not read"


def _device_link(folder: Path) -> str:
    (folder / "zero.md").symlink_to("/dev/zero")
    return "zero.md: is a character device, not a regular file; not read"


# name → (make the hostile entry in the folder and return the expected message, extra args)
SPECIALS: dict[str, tuple[Callable[[Path], str], tuple[str, ...]]] = {
    "FIFO in a folder": (_fifo, (".",)),
    "FIFO named": (_fifo, ("pipe.yaml", "good.yaml")),
    "socket in a folder": (_socket, (".",)),
    "device named": (lambda _: "zero: is a character device", ("zero", "good.yaml")),
    "device link, followed": (_device_link, (".", "--follow-links")),
}


@posix_only
@pytest.mark.parametrize("row", list(SPECIALS), ids=list(SPECIALS))
def test_special_files_are_refused_without_blocking(cli: Invoke, good: Path, row: str) -> None:
    make, args = SPECIALS[row]
    if row == "device named":
        (good / "zero").symlink_to("/dev/zero")
    message = make(good)
    run = cli("check", *args, "-f", "json")
    assert run.code == 2
    errors = _errors(run)
    assert len(errors) == 1 and message in errors[0], run.stderr
    assert message.split(":")[0] in {e["path"] for e in run.json()["errors"]}
    assert _ids(run) == ["good"]


@posix_only
def test_a_link_to_a_device_outside_the_folder_is_not_followed(cli: Invoke, good: Path) -> None:
    (good / "zero.yaml").symlink_to("/dev/zero")
    run = cli("check", ".", "-f", "json")
    assert run.code == 0, run.stderr
    assert _ids(run) == ["good"]


def test_stdin_obeys_the_size_limit(cli: Invoke, good: Path) -> None:
    run = cli("check", "-", "good.yaml", "-f", "json", "--max-file-size", "100",
              input="27x faster TTFT with KV cache offload. " * 10)  # fmt: skip
    assert run.code == 2
    (error,) = _errors(run)
    assert error == (
        "claimcheck: error: -: standard input is above the 100-byte limit "
        "(raise it with --max-file-size)"
    )
    assert _ids(run) == ["good"]


def test_binary_stdin_is_refused(cli: Invoke, good: Path) -> None:
    run = cli("check", "-", "good.yaml", "-f", "json", input="27x faster TTFT\x00\x01")
    assert run.code == 2
    (error,) = _errors(run)
    assert error == "claimcheck: error: -: binary file (NUL byte at byte offset 15), expected text"
    assert _ids(run) == ["good"]


def _claimcheck(
    *args: str, cwd: Path, close: int | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The real program in a child process; ``close`` is a standard descriptor it starts
    without (the shell's ``<&-`` or ``>&-``)."""
    return subprocess.run(
        [sys.executable, "-m", "claimcheck", *args],
        cwd=cwd,
        capture_output=close is None,
        stdout=subprocess.PIPE if close is not None and close != 1 else None,
        stderr=subprocess.PIPE if close is not None else None,
        preexec_fn=(lambda: os.close(close)) if close is not None else None,
        text=True,
        env={**os.environ, "NO_COLOR": "1", **(env or {})},
        timeout=120,
        check=False,
    )


@posix_only
def test_closed_stdin_is_one_error_and_the_rest_is_reported(good: Path) -> None:
    run = _claimcheck("check", "-", "good.yaml", "-f", "json", cwd=good, close=0)
    assert run.returncode == 2
    assert run.stderr == "claimcheck: error: -: standard input is closed\n"
    assert [c["id"] for c in json.loads(run.stdout)["claims"]] == ["good"]


@posix_only
@pytest.mark.parametrize(
    "args", [("check", "good.yaml"), ("--version",), ("rules",), ("catalog", "gpus")]
)
def test_closed_stdout_is_one_error(good: Path, args: tuple[str, ...]) -> None:
    run = _claimcheck(*args, cwd=good, close=1)
    assert run.returncode == 2
    assert run.stderr == (
        "claimcheck: error: cannot write to standard output: it is closed "
        "(write the report with -o FILE)\n"
    )


@posix_only
def test_closed_stdout_does_not_stop_a_report_file(good: Path) -> None:
    run = _claimcheck("check", "good.yaml", "-f", "json", "-o", "out.json", cwd=good, close=1)
    assert run.returncode == 0, run.stderr
    assert [c["id"] for c in json.loads((good / "out.json").read_text())["claims"]] == ["good"]


def test_a_tree_1200_folders_deep_is_walked(
    cli: Invoke, good: Path, deep: Callable[[int], None]
) -> None:
    deep(1200)
    run = cli("check", ".", "-f", "json")
    assert run.code == 0, run.stderr
    assert sorted(_ids(run)) == ["good", "leaf"]


@posix_only
def test_a_path_too_long_to_name_is_one_error(
    cli: Invoke, good: Path, deep: Callable[[int], None]
) -> None:
    deep(2100)  # 4,200 bytes of path: more than PATH_MAX (4,096) on Linux
    run = cli("check", ".", "-f", "json")
    assert run.code == 2
    (error,) = _errors(run)
    assert re.fullmatch(r"claimcheck: error: deep(/d)+: cannot list this folder: .+", error)
    assert _ids(run) == ["good"]


# ---- §5: files and output -------------------------------------------------------------------


@pytest.mark.parametrize(
    "spellings",
    [
        ("sub", "sub/good.yaml"),
        ("sub/good.yaml", "sub"),
        ("sub/good.yaml", "./sub/good.yaml", "sub/../sub/good.yaml"),
        ("sub", "ABSOLUTE"),
        ("sub", "sub"),
        ("sub", "link.yaml"),
    ],
    ids=[
        "folder then file",
        "file then folder",
        "relative spellings",
        "absolute",
        "folder twice",
        "through a link",
    ],
)
def test_a_file_named_twice_is_audited_once(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spellings: tuple[str, ...]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "sub" / "good.yaml")
    args = [str(tmp_path / "sub" / "good.yaml") if s == "ABSOLUTE" else s for s in spellings]
    run = cli("check", *args, "-f", "json")
    assert run.code == 0, run.stderr
    report = run.json()
    assert _ids(run) == ["good"]
    assert report["summary"]["files"] == 1
    assert report["claims"][0]["source"]["path"] == (
        "link.yaml" if args[0] == "link.yaml" else "sub/good.yaml"
    )


def test_standard_input_named_twice_is_read_once(cli: Invoke) -> None:
    run = cli("check", "-", "-", "-f", "json", input="27x faster TTFT with KV cache offload.")
    assert run.code == 0, run.stderr
    assert len(run.json()["claims"]) == 1


@pytest.mark.parametrize(
    ("args", "output", "clash"),
    [
        (("sub/good.yaml",), "sub/good.yaml", "sub/good.yaml"),
        (("./sub/good.yaml",), "ABSOLUTE", "sub/good.yaml"),
        (("sub",), "sub/good.yaml", "sub/good.yaml"),
        (("sub",), "sub/page.md", "sub/page.md"),
    ],
    ids=["named", "another spelling", "in a folder", "a document in a folder"],
)
def test_output_never_overwrites_an_input(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...], output: str, clash: str,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "sub" / "page.md").write_text("27x faster TTFT with KV offload.\n", "utf-8")
    target = str(tmp_path / "sub" / "good.yaml") if output == "ABSOLUTE" else output
    run = cli("check", *args, "-f", "json", "-o", target)
    assert run.code == 2
    assert run.stderr == (
        f"claimcheck: error: {clash}: is an input: the report (-o) must go to another file\n"
    )
    assert (tmp_path / "sub" / "good.yaml").read_text(encoding="utf-8") == GOOD
    assert (tmp_path / "sub" / "page.md").read_text(encoding="utf-8").startswith("27x")


FORMAT_FILES = {
    "text": "report.txt",
    "concise": "report.txt",
    "json": "report.json",
    "sarif": "report.sarif.json",
    "github": "report.txt",
    "gitlab": "report.json",
    "markdown": "report.md",
}


@pytest.mark.parametrize("fmt", list(FORMAT_FILES))
def test_a_report_written_into_the_folder_is_not_read_back(
    cli: Invoke, good: Path, fmt: str
) -> None:
    (good / "page.md").write_text("27x faster TTFT with KV cache offload.\n", encoding="utf-8")
    name = FORMAT_FILES[fmt]
    first = cli("check", ".", "-f", fmt, "-o", name)
    assert first.code == 0, first.stderr
    assert "27x" in (good / name).read_text(encoding="utf-8")
    # Again with the same -o (replaced, not refused), then a run that does not name it.
    again = cli("check", ".", "-f", fmt, "-o", name)
    assert again.code == 0, again.stderr
    later = cli("check", ".", "-f", "json")
    assert later.code == 0, later.stderr
    assert sorted(_ids(later)) == ["good", "page.md:1"]
    assert later.json()["summary"]["files"] == 2


def test_a_report_named_as_an_input_is_not_read(cli: Invoke, good: Path) -> None:
    assert cli("check", "good.yaml", "-f", "markdown", "-o", "report.md").code == 0
    run = cli("check", "good.yaml", "report.md", "-f", "json")
    assert _ids(run) == ["good"]


def test_report_file_appears_whole_and_keeps_its_mode(cli: Invoke, good: Path) -> None:
    out = good / "out.json"
    out.write_text("old", encoding="utf-8")
    out.chmod(0o640)
    run = cli("check", "good.yaml", "-f", "json", "-o", "out.json")
    assert run.code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["claims"][0]["id"] == "good"
    assert out.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in good.iterdir()) == [
        ".git",
        "good.yaml",
        "out.json",
    ]  # no temp left


@posix_only
def test_concurrent_runs_never_interleave(good: Path) -> None:
    """Four runs write different reports to one file at once: it ends as one of them, whole."""
    names = [f"c{n}.yaml" for n in range(4)]
    for n, name in enumerate(names):
        (good / name).write_text(GOOD.replace("27", str(20 + n)), encoding="utf-8")
    expected = {_claimcheck("check", name, "-f", "json", cwd=good).stdout for name in names}
    assert len(expected) == 4
    for _ in range(3):
        runs = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "claimcheck",
                    "check",
                    name,
                    "-f",
                    "json",
                    "-o",
                    "same.json",
                ],
                cwd=good,
            )
            for name in names
        ]
        assert [run.wait(timeout=120) for run in runs] == [0] * 4
        assert (good / "same.json").read_text(encoding="utf-8") in expected


@posix_only
def test_a_report_sent_to_a_pipe_is_written_into_it(cli: Invoke, good: Path) -> None:
    os.mkfifo(good / "pipe")
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append((good / "pipe").read_bytes()))
    reader.start()
    run = cli("check", "good.yaml", "-f", "json", "-o", "pipe")
    reader.join(timeout=60)
    assert run.code == 0
    assert json.loads(received[0])["claims"][0]["id"] == "good"
    assert (good / "pipe").is_fifo()  # written into, never replaced by a file


@posix_only
def test_a_report_sent_to_dev_stderr_reaches_it(good: Path) -> None:
    run = _claimcheck("check", "good.yaml", "-f", "json", "-o", "/dev/stderr", cwd=good)
    assert run.returncode == 0
    assert json.loads(run.stderr)["claims"][0]["id"] == "good"
    assert run.stdout == ""


def test_a_report_written_through_a_link_keeps_the_link(cli: Invoke, good: Path) -> None:
    (good / "reports").mkdir()
    (good / "latest.json").symlink_to(good / "reports" / "r.json")
    assert cli("check", "good.yaml", "-f", "json", "-o", "latest.json").code == 0
    assert (good / "latest.json").is_symlink()
    assert json.loads((good / "reports" / "r.json").read_text())["claims"][0]["id"] == "good"


@root_ignores_modes
def test_an_unreadable_subfolder_is_reported(cli: Invoke, good: Path) -> None:
    locked = good / "locked"
    locked.mkdir()
    (locked / "hidden.yaml").write_text(GOOD, encoding="utf-8")
    locked.chmod(0)
    try:
        run = cli("check", ".", "-f", "json")
    finally:
        locked.chmod(0o755)
    assert run.code == 2
    assert _errors(run) == ["claimcheck: error: locked: permission denied: cannot list this folder"]
    assert _ids(run) == ["good"]


def test_an_unlistable_subfolder_is_reported_even_as_root(
    cli: Invoke, good: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (good / "locked").mkdir()
    (good / "locked" / "hidden.yaml").write_text(GOOD, encoding="utf-8")
    real_scandir = os.scandir

    def refuse(path: str) -> object:
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", refuse)
    run = cli("check", ".", "-f", "json")
    assert run.code == 2
    assert _errors(run) == ["claimcheck: error: locked: permission denied: cannot list this folder"]
    assert _ids(run) == ["good"]


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the audited one, with a claim the audited folder links to."""
    folder = tmp_path / "outside"
    (folder / "nested").mkdir(parents=True)
    (folder / "secret.yaml").write_text(GOOD.replace("27", "31"), encoding="utf-8")
    (folder / "nested" / "deep.yaml").write_text(GOOD.replace("27", "32"), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("follow", "expected"), [((), ["good"]),
                         (("--follow-links",), ["deep", "good", "secret"])])  # fmt: skip
def test_links_out_of_the_tree_are_followed_only_when_asked(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, outside: Path,
    follow: tuple[str, ...], expected: list[str],
) -> None:  # fmt: skip
    tree = tmp_path / "tree"
    tree.mkdir()
    monkeypatch.chdir(tree)
    (tree / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tree / "secret.yaml").symlink_to(outside / "secret.yaml")
    (tree / "elsewhere").symlink_to(outside / "nested", target_is_directory=True)
    (tree / "loop").symlink_to(tree, target_is_directory=True)  # followed, still walked once
    run = cli("check", ".", *follow, "-f", "json")
    assert run.code == 0, run.stderr
    assert sorted(_ids(run)) == expected


def test_links_inside_the_tree_are_read_once(cli: Invoke, good: Path) -> None:
    (good / "sub").mkdir()
    (good / "sub" / "alias.yaml").symlink_to(good / "good.yaml")
    (good / "other.yaml").write_text(GOOD.replace("27", "28"), encoding="utf-8")
    (good / "sub" / "other-link.yaml").symlink_to(good / "other.yaml")
    run = cli("check", "sub", "-f", "json")
    assert run.code == 2  # both targets lie outside "sub": not followed, so nothing to read
    run = cli("check", ".", "-f", "json")
    assert sorted(_ids(run)) == ["good", "other"]  # each once, under its first name


HOSTILE_NAME = "a\x1b[2J\x07\r\u202e\x85\nforged.md:1:1: KV101 [error] fake.md"
HOSTILE_TEXT = "27x faster TTFT\x1b]0;pwned\x07 with KV cache offload\u202e.\n"


@posix_only
@pytest.mark.parametrize("fmt", ["text", "concise", "github", "markdown"])
def test_terminal_formats_escape_names_ids_and_text(cli: Invoke, good: Path, fmt: str) -> None:
    (good / HOSTILE_NAME).write_text(HOSTILE_TEXT, encoding="utf-8")
    (good / "id.yaml").write_text('id: "x\\e[31my\\u2066"\n' + GOOD, encoding="utf-8")
    run = cli("check", ".", "-f", fmt)
    assert run.code == 0, run.stderr
    assert UNSAFE.search(run.stdout) is None, [ln for ln in run.stdout.splitlines() if UNSAFE.search(ln)]  # fmt: skip
    if fmt == "markdown":  # Markdown escapes the escapes' backslashes: it renders \x1b[2J
        assert "\\\\x1b\\[2J" in run.stdout and "\\\\u202e" in run.stdout
    else:
        assert "\\x1b[2J" in run.stdout and "\\u202e" in run.stdout
    if fmt == "concise":
        finding = re.compile(r"[^\n]+:\d+:\d+: KV\d{3} \[(error|warning|info)\] [^\n]*")
        *lines, summary = run.stdout.splitlines()
        assert all(finding.fullmatch(line) for line in lines)
        assert not any(line.startswith("forged.md") for line in lines)
        assert summary.startswith("3 claims in 3 files")


def test_the_progress_line_shows_file_names_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from claimcheck.commands.check_run import Progress

    monkeypatch.setenv("FORCE_COLOR", "1")  # draw it as on a terminal
    monkeypatch.delenv("NO_COLOR", raising=False)
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stderr", screen)
    with Progress(True) as progress:
        progress("a[/]b[bold]c\x1b[2J.md")
    drawn = screen.getvalue()
    assert "a[/]b[bold]c\\x1b[2J.md" in drawn
    assert "\x1b[2J" not in drawn


def test_error_lines_escape_file_names(cli: Invoke, good: Path) -> None:
    (good / "bad\x1b[2J\n.json").write_text("{", encoding="utf-8")
    run = cli("check", ".", "-f", "json")
    assert run.code == 2
    assert UNSAFE.search(run.stderr) is None
    (error,) = _errors(run)
    assert error.startswith("claimcheck: error: bad\\x1b[2J\\n.json:")
    assert "JSON syntax error" in error
    assert _ids(run) == ["good"]


# ---- §7: pipes (Ctrl-C: tests/test_main.py) -------------------------------------------------

PIPED = {
    "check json": ("check", "good.yaml", "-f", "json"),
    "check text": ("check", "good.yaml", "-f", "text"),
    "check concise": ("check", "good.yaml", "-f", "concise"),
    "breakeven": ("breakeven", "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--tier", "nvme"),
    "breakeven json": ("breakeven", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "-f", "json"),
    "catalog": ("catalog", "models"),
    "catalog json": ("catalog", "gpus", "-f", "json"),
    "help": ("--help",),
    "check help": ("check", "--help"),
    "version": ("--version",),
    "rules": ("rules",),
    "rule": ("rule", "KV101"),
    "schema": ("schema",),
    "config": ("config",),
}


@posix_only
@pytest.mark.parametrize("name", list(PIPED), ids=list(PIPED))
def test_a_closed_pipe_ends_every_command_quietly(good: Path, name: str) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone, as after "| head -1"
    try:
        run = subprocess.run(
            [sys.executable, "-m", "claimcheck", *PIPED[name]],
            cwd=good,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "NO_COLOR": "1"},
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert run.returncode == 0
    assert run.stderr == ""


@posix_only
def test_a_closed_pipe_exits_0_even_when_the_run_has_errors(good: Path) -> None:
    # KV202: 45x against times that give 27x; without the pipe closed this run exits 1
    (good / "bad.yaml").write_text(
        "speedup: 45\ncontext_tokens: 128000\nbaseline_seconds: 57\ncached_seconds: 2.1\n",
        encoding="utf-8",
    )
    unpiped = subprocess.run(
        [sys.executable, "-m", "claimcheck", "check", ".", "-f", "concise"],
        cwd=good,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert unpiped.returncode == 1
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        closed = subprocess.run(
            [sys.executable, "-m", "claimcheck", "check", ".", "-f", "concise"],
            cwd=good,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert (closed.returncode, closed.stderr) == (0, "")


@posix_only
def test_head_of_a_long_report(good: Path) -> None:
    for n in range(200):
        (good / f"c{n}.yaml").write_text(GOOD, encoding="utf-8")
    run = subprocess.run(
        ["/bin/sh", "-c", f'"{sys.executable}" -m claimcheck check . -f concise | head -1'],
        cwd=good,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.stdout.count("\n") == 1
    assert run.stderr == ""


@pytest.mark.parametrize("where", ["missing/summary.md", "folder"])
def test_an_unwritable_job_summary_is_a_warning(
    cli: Invoke, good: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    (good / "folder").mkdir()
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(good / where))
    run = cli("check", "good.yaml", "-f", "github")
    assert run.code == 0
    (line,) = run.stderr.splitlines()
    assert line.startswith(f"claimcheck: warning: {good / where}: cannot write the job summary: ")
    assert "file=good.yaml" in run.stdout  # the annotations are out all the same


@root_ignores_modes
def test_a_read_only_job_summary_is_a_warning(
    cli: Invoke, good: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = good / "summary.md"
    summary.write_text("", encoding="utf-8")
    summary.chmod(0o444)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    run = cli("check", "good.yaml", "-f", "github")
    assert run.code == 0
    assert run.stderr == (
        f"claimcheck: warning: {summary}: cannot write the job summary: Permission denied\n"
    )


def test_a_refused_job_summary_is_a_warning_even_as_root(
    cli: Invoke, good: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = good / "summary.md"
    summary.write_text("", encoding="utf-8")
    real_open = os.open

    def read_only(
        path: str | Path, flags: int, mode: int = 0o777, *, dir_fd: int | None = None
    ) -> int:
        if Path(path) == summary and flags & os.O_WRONLY:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, mode, dir_fd=dir_fd)

    monkeypatch.setattr(os, "open", read_only)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    run = cli("check", "good.yaml", "-f", "github")
    assert run.code == 0
    assert run.stderr == (
        f"claimcheck: warning: {summary}: cannot write the job summary: Permission denied\n"
    )
    assert "file=good.yaml" in run.stdout


def test_the_job_summary_is_appended(
    cli: Invoke, good: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = good / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    assert cli("check", "good.yaml", "-f", "github").code == 0
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## claimcheck\n")


# ---- a full disk: one line naming what could not be written, exit 2 -------------------------

has_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
FULL_STDOUT = "claimcheck: error: cannot write to standard output: No space left on device\n"
# The installed command is a script calling main(). After a script the interpreter flushes
# standard output itself and drops what that raises: a short output (--version) fails only
# there. With PYTHONUNBUFFERED every write fails at once instead.
SCRIPT = "import sys\nfrom claimcheck.__main__ import main\nsys.exit(main())\n"
WAYS = {"script, buffered": False, "module, unbuffered": True}


@posix_only
@has_dev_full
@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize(
    "args",
    [
        ("check", "good.yaml", "-f", "concise"),
        ("check", "good.yaml", "-f", "json"),
        ("--version",),
        ("rules",),
    ],
    ids=["check", "check json", "version", "rules"],
)
def test_a_full_stdout_is_one_error(
    good: Path, tmp_path_factory: pytest.TempPathFactory, way: str, args: tuple[str, ...]
) -> None:
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    env["NO_COLOR"] = "1"
    if WAYS[way]:
        env["PYTHONUNBUFFERED"] = "1"
        command = [sys.executable, "-m", "claimcheck"]
    else:
        script = tmp_path_factory.mktemp("bin") / "claimcheck"
        script.write_text(SCRIPT, encoding="utf-8")
        command = [sys.executable, str(script)]
    with open("/dev/full", "w", encoding="utf-8") as full:
        run = subprocess.run(
            [*command, *args],
            cwd=good,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
    assert (run.returncode, run.stderr) == (2, FULL_STDOUT)


@has_dev_full
def test_a_report_on_a_full_device_is_one_error(cli: Invoke, good: Path) -> None:
    run = cli("check", "good.yaml", "-f", "json", "-o", "/dev/full")
    assert run.code == 2
    assert _errors(run) == [
        "claimcheck: error: /dev/full: cannot write the report: No space left on device"
    ]


def test_a_full_temporary_folder_is_one_error(
    cli: Invoke,
    good: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import errno
    import io
    import tempfile

    class Full(io.BytesIO):
        def write(self, data: object) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    folder = tmp_path_factory.mktemp("tmp")
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    monkeypatch.setattr(tempfile, "TemporaryFile", lambda *args, **kwargs: Full())
    for n in range(400):  # enough files for a JSON report to keep its entries in a file
        (good / f"c{n}.yaml").write_text(GOOD, encoding="utf-8")
    run = cli("check", ".", "-f", "json", "--jobs", "1")
    assert run.code == 2
    assert run.stderr == (
        f"claimcheck: error: cannot write to a temporary file in {folder}: No space left on "
        "device (TMPDIR names the folder for temporary files)\n"
    )


def test_a_report_on_a_full_disk_is_one_error_naming_it(
    cli: Invoke, good: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import tempfile

    def full(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(errno.ENOSPC, "No space left on device")

    (good / "out.json").write_text("old", encoding="utf-8")
    monkeypatch.setattr(tempfile, "mkstemp", full)  # the report's temporary file, beside it
    run = cli("check", "good.yaml", "-f", "json", "-o", "out.json")
    assert run.code == 2
    assert (
        run.stderr
        == "claimcheck: error: out.json: cannot write the report: No space left on device\n"
    )
    assert (good / "out.json").read_text(encoding="utf-8") == "old"
