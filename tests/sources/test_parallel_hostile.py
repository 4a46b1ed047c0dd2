"""Hostile conditions for the worker pool (issue 29): a worker killed in the middle of a run (as
the out-of-memory killer does) and Ctrl-C while workers run. Each run is bounded in time, so
that a hang fails the test instead of stalling the suite."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

from claimcheck.errors import InputError
from claimcheck.sources import parallel
from claimcheck.sources.inputs import FileInput, Input, TextInput

pytestmark = pytest.mark.skipif(
    not hasattr(os, "fork"), reason="workers are killed and interrupted with POSIX signals"
)

BOUND = 60
"""Seconds any one run may take here: the runs take well under a second, a hang forever."""


class Killing:
    """Work that kills the worker process taking one of ``victims`` (SIGKILL, as the
    out-of-memory killer does), ends it (``exits``) or fails there with ``ValueError``
    (``fails``); in the run's own process it works as usual. At module level, so that spawned
    workers can load it."""

    def __init__(
        self, victims: Sequence[str] = (), fails: Sequence[str] = (), exits: Sequence[str] = ()
    ) -> None:
        self.parent = os.getpid()
        self.victims = frozenset(victims)
        self.fails = frozenset(fails)
        self.exits = frozenset(exits)

    def __call__(self, item: Input | InputError, group: int) -> str:
        name = item.display if isinstance(item, (FileInput, TextInput)) else str(item)
        if os.getpid() != self.parent:
            if name in self.victims:
                os.kill(os.getpid(), signal.SIGKILL)
            if name in self.exits:
                os._exit(3)  # as a library that ends the process would
            if name in self.fails:
                raise ValueError(name)
        return f"{name} {group} {'worker' if os.getpid() != self.parent else 'here'}"

    def before_workers(self, items: Sequence[Input | InputError]) -> None:
        pass

    def packed(self, result: str) -> object:
        return result.encode()

    def unpacked(self, sent: object) -> str:
        assert isinstance(sent, bytes)
        return sent.decode()


def _items(files: int) -> list[tuple[Input | InputError, int]]:
    """``files`` files (never opened), with a text, a missing path and a second settings group
    among them."""
    items: list[tuple[Input | InputError, int]] = [
        (FileInput(f"f{n:04d}.yaml", f"f{n:04d}.yaml", "yaml", named=False), n % 2)
        for n in range(files)
    ]
    items.insert(files // 3, (TextInput("27x faster", "<text 1>", explicit=True), 0))
    items.insert(files // 2, (InputError("no such file", path="gone.yaml"), 0))
    return items


@contextmanager
def _within(seconds: int) -> Iterator[None]:
    """Fail with ``TimeoutError`` if the block takes longer than ``seconds``."""

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _names(results: list[str]) -> list[str]:
    """The results without where they were made."""
    return [result.rsplit(" ", 1)[0] for result in results]


def _files_here(results: list[str]) -> set[str]:
    """The files taken in the run's own process."""
    return {result.split(" ")[0] for result in results
            if result.endswith(" here") and re.fullmatch(r"f\d{4}\.yaml .*", result)}  # fmt: skip


@pytest.fixture(params=["fork", "spawn"])
def start(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test under both ways of starting workers: forked (Linux) and spawned (elsewhere)."""
    if request.param == "fork" and sys.platform != "linux":
        pytest.skip("workers are forked on Linux only")
    monkeypatch.setattr(parallel, "_FORK", request.param == "fork")
    return str(request.param)


def test_a_killed_worker_is_noticed_and_its_files_read_here(
    start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    items = _items(600)
    work = Killing(victims=["f0300.yaml"])
    alone = list(parallel.run(items, work, jobs=1))
    with _within(BOUND):
        results = list(parallel.run(items, work, jobs=2))
    assert _names(results) == _names(alone)
    assert any(result.endswith(" worker") for result in results)  # the workers did take files
    assert "f0300.yaml" in _files_here(results)  # the victim's chunks
    assert "<text 1> 0 here" in results  # as always
    assert capsys.readouterr().err == (
        "claimcheck: warning: a worker process ended (SIGKILL); "
        f"the run's own process read its {len(_files_here(results))} files again\n"
    )


def test_when_every_worker_is_killed_this_process_reads_every_file(
    start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    items = _items(400)
    everything = [item.display for item, _ in items if isinstance(item, FileInput)]
    work = Killing(victims=everything)
    with _within(BOUND):
        results = list(parallel.run(items, work, jobs=2))
    assert _names(results) == _names(list(parallel.run(items, work, jobs=1)))
    assert all(result.endswith(" here") for result in results)
    assert capsys.readouterr().err == (
        "claimcheck: warning: 2 worker processes ended (SIGKILL); "
        "the run's own process read their 400 files again\n"
    )


def test_a_worker_that_exits_is_noticed_too(capsys: pytest.CaptureFixture[str]) -> None:
    items = _items(400)
    work = Killing(exits=["f0001.yaml"])
    with _within(BOUND):
        results = list(parallel.run(items, work, jobs=2))
    assert _names(results) == _names(list(parallel.run(items, work, jobs=1)))
    assert capsys.readouterr().err == (
        "claimcheck: warning: a worker process ended (exit code 3); "
        f"the run's own process read its {len(_files_here(results))} files again\n"
    )


def test_results_left_unread_end_the_workers() -> None:
    # A consumer that stops (a Ctrl-C in its own code, an error) closes the run: no worker
    # is left behind, at work or waiting.
    import multiprocessing

    results = parallel.run(_items(1000), Killing(), jobs=2)
    with _within(BOUND):
        assert next(results) == "f0000.yaml 0 worker"
        assert len(multiprocessing.active_children()) == 2
        results.close()
    assert multiprocessing.active_children() == []


def test_a_chunk_that_fails_in_a_worker_is_taken_here_without_a_warning(
    start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Here it succeeds: the report is the one a single process writes.
    items = _items(400)
    work = Killing(fails=["f0123.yaml"])
    with _within(BOUND):
        results = list(parallel.run(items, work, jobs=2))
    assert _names(results) == _names(list(parallel.run(items, work, jobs=1)))
    assert results[123].endswith(" here")
    assert capsys.readouterr().err == ""


class Failing(Killing):
    """Work that fails on one input wherever it is taken."""

    def __call__(self, item: Input | InputError, group: int) -> str:
        if isinstance(item, FileInput) and item.display == "f0250.yaml":
            raise ValueError(item.display)
        return super().__call__(item, group)


def test_a_failure_everywhere_is_raised_as_in_one_process(start: str) -> None:
    with _within(BOUND), pytest.raises(ValueError, match=r"f0250\.yaml"):
        list(parallel.run(_items(400), Failing(), jobs=2))


# The command line, Ctrl-C and a killed worker included.


@pytest.fixture(scope="module")
def claims(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1,200 small claim files, a tenth naming a model and GPU (so that their physics runs)."""
    folder = tmp_path_factory.mktemp("claims")
    for n in range(1200):
        speedup = 3 + n % 40
        setup = "model: llama-3.1-70b\ngpu: h100-sxm\n" if n % 10 == 1 else ""
        (folder / f"c{n:04d}.yaml").write_text(
            f"id: c{n}\ntext: Up to {speedup}x faster TTFT at {n % 5 + 1}K tokens\n"
            f"speedup: {speedup}\nmetric: ttft\ncontext_tokens: {(n % 5 + 1) * 1000}\n{setup}",
            encoding="utf-8",
        )
    return folder


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    if Path("/proc/self/stat").exists():
        found = []
        for entry in Path("/proc").iterdir():
            try:
                stat = (entry / "stat").read_text()
            except (OSError, ValueError):  # not a process, or gone meanwhile
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
        return found
    listing = subprocess.run(["ps", "-A", "-o", "pid=,ppid="], capture_output=True, text=True)
    pairs = [line.split() for line in listing.stdout.splitlines()]
    return [int(child) for child, parent in pairs if int(parent) == pid]


def _alive(pid: int) -> bool:
    """Is ``pid`` a process still running (not gone, nor a zombie)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return not stat.parent.parent.exists()


def _started(arguments: list[str]) -> tuple[subprocess.Popen[str], list[int]]:
    """The command line, started in a session of its own (as a terminal's job is), and its
    worker processes once they exist."""
    command = subprocess.Popen(
        [sys.executable, "-m", "claimcheck", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + BOUND
    while not (workers := _children(command.pid)):
        if command.poll() is not None or time.monotonic() > deadline:
            err = command.communicate()[1]
            pytest.fail(f"no worker started (exit {command.returncode}): {err}")
        time.sleep(0.002)
    return command, workers


def _finished(command: subprocess.Popen[str]) -> tuple[str, str]:
    try:
        return command.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        os.killpg(command.pid, signal.SIGKILL)
        command.communicate()
        pytest.fail(f"the command line did not exit within {BOUND} s")


@pytest.mark.parametrize("attempt", range(6))
def test_ctrl_c_with_workers_exits_130_with_one_line(claims: Path, attempt: int) -> None:
    # A terminal sends Ctrl-C to every process of the job (the workers too); "kill -INT" to
    # the run's process alone. Right as the workers start, and a little later.
    fmt = ["json", "text"][attempt % 2]
    command, workers = _started(["check", str(claims), "--jobs", "2", "--format", fmt])
    time.sleep(random.uniform(0, 0.05) if attempt > 1 else 0)
    began = time.monotonic()
    if attempt % 3 == 2:
        os.kill(command.pid, signal.SIGINT)
    else:
        os.killpg(command.pid, signal.SIGINT)
    err = _finished(command)[1]
    took = time.monotonic() - began
    assert (command.returncode, err) == (130, "claimcheck: interrupted\n")
    assert not [worker for worker in workers if _alive(worker)]
    assert took < 5, f"{took:.2f} s from Ctrl-C to exit"


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_a_worker_killed_under_the_command_line_leaves_the_report_whole(
    claims: Path, fmt: str
) -> None:
    arguments = ["check", str(claims), "--format", fmt]
    alone = subprocess.run(
        [sys.executable, "-m", "claimcheck", *arguments, "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=BOUND,
    )
    command, workers = _started([*arguments, "--jobs", "2"])
    os.kill(workers[0], signal.SIGKILL)
    out, err = _finished(command)
    assert (command.returncode, out) == (alone.returncode, alone.stdout)
    assert re.fullmatch(
        r"claimcheck: warning: a worker process ended \(SIGKILL\)"
        r"(; the run's own process read its [1-9]\d* files again| before taking a file)\n",
        err,
    ), err
