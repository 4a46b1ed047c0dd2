"""The benchmarks' child processes: run as an installed claimcheck runs, and timed.

pip compiles a wheel's modules to byte code when it installs them. A bench run from an
environment with ``PYTHONDONTWRITEBYTECODE`` set would instead compile every module from
source in every child: so children write their byte code under a temporary prefix, and each
bench warms it up before it times anything.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
import time


def use_cached_byte_code() -> None:
    """Make every child process of this bench read and write byte code under a temporary prefix."""
    prefix = tempfile.mkdtemp(prefix="claimcheck-bench-pycache-")
    atexit.register(shutil.rmtree, prefix, ignore_errors=True)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = prefix


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of ``command`` (on a shared machine the CPU time,
    user and system, varies less than the wall clock); a run that fails ends the bench."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        _pid, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            errors.seek(0)
            raise SystemExit(f"{command[:4]} failed: {errors.read().decode()[-500:]}")
    return elapsed, usage.ru_utime + usage.ru_stime
