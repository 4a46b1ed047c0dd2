"""``python -m claimcheck`` and the ``claimcheck`` command.

Ctrl-C while the program loads (imports take most of a short run) ends it at once: exit 130
and one line, never a traceback. Once loaded, the command line handles Ctrl-C itself; after it
is done, Ctrl-C during shutdown again ends the process at once.
"""

from __future__ import annotations

import os
import signal
from types import FrameType


def main() -> None:
    """Run the command line."""
    signal.signal(signal.SIGINT, _interrupted)
    try:
        from claimcheck.cli import main as command_line

        command_line()
    finally:
        signal.signal(signal.SIGINT, _interrupted)


def _interrupted(signum: int, frame: FrameType | None) -> None:
    os.write(2, b"claimcheck: interrupted\n")
    os._exit(130)


if __name__ == "__main__":
    main()
