"""``python -m claimcheck`` and the ``claimcheck`` command.

Ctrl-C at any moment ends the run with exit 130 and one line, never a traceback. The handler
is installed by this module's first statements, so it covers every import that follows
(imports take most of a short run); once loaded, the command line handles Ctrl-C itself; after
it is done, Ctrl-C during shutdown again ends the process at once. Only the interpreter's own
start-up, before any line of claimcheck runs, is outside its reach.

When the command line is done, every object left is moved out of the garbage collector's
reach (``gc.freeze``): the process is ending, and the collections of the interpreter's shutdown
would only walk them (see ``bench/README.md``, "Shutdown").
"""

import gc
import os
import signal


def _interrupted(signum: int, frame: object) -> None:
    os.write(2, b"claimcheck: interrupted\n")
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted)


def main() -> None:
    """Run the command line."""
    signal.signal(signal.SIGINT, _interrupted)
    # Start-up and a batch create many objects and few cycles: collect less often. Set before
    # the imports, which otherwise run many collections, and kept for the run (bench/README.md
    # has the figures).
    gc.set_threshold(100_000, 50, 50)
    try:
        try:
            from claimcheck.cli import main as command_line

            command_line()
        finally:
            signal.signal(signal.SIGINT, _interrupted)
            # The run is done and the interpreter's shutdown clears what is left: its
            # collections there would walk every object the imports made (bench/README.md,
            # "Shutdown"). Frozen, they are freed as their modules are cleared, unwalked.
            gc.freeze()
    except KeyboardInterrupt:
        # A Ctrl-C between the command line's own handling and the line above: still one
        # line and exit 130, not Python's death by SIGINT.
        from claimcheck.commands.interrupts import announced

        if not announced():
            os.write(2, b"claimcheck: interrupted\n")
        os._exit(130)


if __name__ == "__main__":
    main()
