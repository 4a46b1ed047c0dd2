"""Ctrl-C held back through the few steps that must not be cut (see
``claimcheck.commands.interrupts`` for the command line's handling of it)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread inside the block, and delivered on leaving it (a process
    started inside starts with it blocked). Where signals cannot be blocked (Windows), the
    block runs as is (https://docs.python.org/3/library/signal.html#signal.pthread_sigmask)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
