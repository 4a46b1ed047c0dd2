"""Ctrl-C at any moment of a run: exit 130, one line on stderr, never a traceback. And once the
command line is done, the objects left are frozen for the shutdown."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

GOOD = "speedup: 27\ncontext_tokens: 112000\nmetric: ttft\n"

# Runs the command with an import hook that sends SIGINT to the process itself at the N-th
# import made once claimcheck's handler is in place (N = 0: never, and report the count).
# Imports are spread over the whole run: start-up, reading, rendering and shutdown.
INTERRUPT_AT = """
import builtins, os, signal, sys
target = int(sys.argv.pop(1))
real = builtins.__import__
seen = {"imports": 0, "armed": False}
def hook(name, *args, **kwargs):
    if seen["armed"] or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        seen["armed"] = True
        seen["imports"] += 1
        if seen["imports"] == target:
            os.kill(os.getpid(), signal.SIGINT)
    return real(name, *args, **kwargs)
builtins.__import__ = hook
try:
    from claimcheck.__main__ import main
    main()
finally:
    if target == 0:
        sys.stderr.write(f"imports: {seen['imports']}\\n")
"""

MOMENTS = 16


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A repository root holding one good claim file (no configuration from above applies)."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    return tmp_path


def _run_interrupted_at(folder: Path, moment: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("GITHUB_ACTIONS", None)
    command = [sys.executable, "-c", INTERRUPT_AT, str(moment), "check", "good.yaml", "-f", "json"]
    return subprocess.run(
        command, cwd=folder, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_ctrl_c_at_any_import_exits_130_with_one_line(folder: Path) -> None:
    counted = _run_interrupted_at(folder, 0)
    assert counted.returncode == 0, counted.stderr
    imports = int(counted.stderr.rsplit("imports: ", 1)[1])
    assert imports > MOMENTS  # the run imports far more than the moments sampled
    moments = sorted({1 + i * (imports - 1) // (MOMENTS - 1) for i in range(MOMENTS)})
    for moment in moments:
        run = _run_interrupted_at(folder, moment)
        assert run.returncode == 130, (moment, run.stderr)
        assert run.stderr == "claimcheck: interrupted\n", (moment, run.stderr)


def test_ctrl_c_while_reading_stdin_exits_130(folder: Path) -> None:
    """Readiness without sleeping: a write larger than the pipe's buffer returns only once the
    program has started reading standard input, and then it waits for the rest."""
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("GITHUB_ACTIONS", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "claimcheck", "check", "-", "-f", "json"],
        cwd=folder,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdin is not None
    process.stdin.write(b"\n" * (1 << 20))  # 1 MiB: far more than a pipe holds
    process.stdin.flush()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert err == b"claimcheck: interrupted\n"
    assert out == b""


# A library that turns the KeyboardInterrupt raised inside it into an error of its own, as
# pydantic-core does when Ctrl-C interrupts an import it makes while building a validator;
# the error escapes the command, or reaches the command's catch-all for unexpected errors.
WRAPPED = """
import os, signal, sys
import claimcheck.cli as cli
from claimcheck.commands import run

def library():
    try:
        os.kill(os.getpid(), signal.SIGINT)
    except KeyboardInterrupt as err:
        raise RuntimeError("interrupted import") from err
    return "not reached"

cli.app = library if sys.argv[1] == "escapes" else lambda: run(library, debug=False)
from claimcheck.__main__ import main
main()
"""


@pytest.mark.parametrize("where", ["escapes", "caught"])
def test_ctrl_c_that_a_library_turned_into_an_error_exits_130(folder: Path, where: str) -> None:
    run = subprocess.run(
        [sys.executable, "-c", WRAPPED, where],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 130, run.stderr
    assert run.stderr == "claimcheck: interrupted\n"


# Reports, after the command and every exit handler registered before it, how many objects the
# garbage collector holds frozen.
FROZEN_AT_EXIT = """
import atexit, gc, sys
atexit.register(lambda: sys.stderr.write(f"frozen: {gc.get_freeze_count()}\\n"))
from claimcheck.__main__ import main
main()
"""


@pytest.mark.parametrize(("name", "code"), [("good.yaml", 0), ("missing.yaml", 2)])
def test_objects_left_are_frozen_once_the_command_is_done(
    folder: Path, name: str, code: int
) -> None:
    run = subprocess.run(
        [sys.executable, "-c", FROZEN_AT_EXIT, "check", name, "-f", "json"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == code, run.stderr
    assert "claims" in json.loads(run.stdout)  # the whole report was written before
    assert int(run.stderr.rsplit("frozen: ", 1)[1]) > 10_000  # the imports' objects at least
