"""``python -m claimcheck`` and the ``claimcheck`` command.

Ctrl-C at any moment ends the run with exit 130 and one line, never a traceback. The handler
is installed by this module's first statements, so it covers every import that follows
(imports take most of a short run); once loaded, the command line handles Ctrl-C itself; after
it is done, Ctrl-C during shutdown again ends the process at once. Only the interpreter's own
start-up, before any line of claimcheck runs, is outside its reach.
"""

import os
import signal


def _interrupted(signum: int, frame: object) -> None:
    os.write(2, b"claimcheck: interrupted\n")
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted)


def main() -> None:
    """Run the command line."""
    signal.signal(signal.SIGINT, _interrupted)
    try:
        from claimcheck.cli import main as command_line

        command_line()
    finally:
        signal.signal(signal.SIGINT, _interrupted)


if __name__ == "__main__":
    main()
