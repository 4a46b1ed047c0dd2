"""Colour on a terminal: ``--color``, ``NO_COLOR``, ``FORCE_COLOR`` and ``TERM=dumb``."""

from __future__ import annotations

import io
import sys

import pytest

from claimcheck.commands import Color, use_color


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """Standard output is a terminal (set in the test: capturing replaces it after setup)."""
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    return monkeypatch


def test_a_terminal_gets_colour(terminal: pytest.MonkeyPatch) -> None:
    terminal.setattr(sys, "stdout", _Terminal())
    assert use_color(Color.AUTO)
    assert not use_color(Color.NEVER)


def test_a_dumb_terminal_gets_none_unless_asked(terminal: pytest.MonkeyPatch) -> None:
    terminal.setattr(sys, "stdout", _Terminal())
    terminal.setenv("TERM", "dumb")
    assert not use_color(Color.AUTO)
    assert use_color(Color.ALWAYS)
    terminal.setenv("FORCE_COLOR", "1")
    assert use_color(Color.AUTO)


def test_no_color_is_respected(terminal: pytest.MonkeyPatch) -> None:
    terminal.setattr(sys, "stdout", _Terminal())
    terminal.setenv("NO_COLOR", "1")
    assert not use_color(Color.AUTO)


def test_a_pipe_gets_no_colour(terminal: pytest.MonkeyPatch) -> None:
    terminal.setattr(sys, "stdout", io.StringIO())
    assert not use_color(Color.AUTO)
