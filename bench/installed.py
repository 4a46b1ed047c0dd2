"""Run the benchmarks' child processes as an installed claimcheck runs.

pip compiles a wheel's modules to byte code when it installs them, and claimcheck caches its
compiled regular expressions beside that byte code (``claimcheck/regexes.py``). A bench run
from an environment with ``PYTHONDONTWRITEBYTECODE`` set would instead compile every module and
pattern from source in every child: so children write their byte code under a temporary
prefix, and each bench warms it up before it times anything.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile


def use_cached_byte_code() -> None:
    """Make every child process of this bench read and write byte code under a temporary prefix."""
    prefix = tempfile.mkdtemp(prefix="claimcheck-bench-pycache-")
    atexit.register(shutil.rmtree, prefix, ignore_errors=True)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
