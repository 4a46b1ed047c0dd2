"""Ctrl-C: remembered when it comes, and held back through the few steps that must not be cut.

Some libraries turn the ``KeyboardInterrupt`` raised inside them into an error of their own
(pydantic-core builds a model's validator in Rust and reports an interrupted import in it as
a ``SchemaError``). The handler below remembers the Ctrl-C, so that whatever exception it
became, the command line still ends the run as interrupted.

pydantic-core imports a handful of modules (decimal, uuid, ipaddress, …) the first time it
serialises anything, and it does so from Rust code that panics when that import raises: a
Ctrl-C at that moment would end the run with a Rust panic message and exit code 1 instead of
the documented one line and exit 130 (README "Output and exit codes"). Running that first
serialisation with SIGINT blocked delivers the Ctrl-C right after it, where the command line
handles it (https://docs.python.org/3/library/signal.html#signal.pthread_sigmask).
"""

from __future__ import annotations

import sys
from types import FrameType

from claimcheck.signals import sigint_blocked

_received: list[int] = []
_said: set[str] = set()


def raise_interrupt(signum: int, frame: FrameType | None) -> None:
    """The SIGINT handler while a command runs: remember the Ctrl-C, then raise
    ``KeyboardInterrupt`` as Python's own handler does."""
    _received.append(signum)
    raise KeyboardInterrupt


def announce() -> None:
    """Print the one line an interrupted run ends with (once, however many Ctrl-Cs came)."""
    if "announced" not in _said:
        _said.add("announced")
        print("claimcheck: interrupted", file=sys.stderr)


def announced() -> bool:
    """Has the interrupted run's line been printed?"""
    return "announced" in _said


def interrupted() -> bool:
    """Has a Ctrl-C come while a command ran?"""
    return bool(_received)


def prepare_serialiser() -> None:
    """Make pydantic-core's first serialisation now, with Ctrl-C held back (see above)."""
    with sigint_blocked():
        import pydantic_core

        pydantic_core.to_json(None)
