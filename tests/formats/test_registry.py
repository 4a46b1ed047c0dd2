"""The format registry: every --format choice has a module with a pure render, and nothing
else is registered."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from claimcheck.formats import FORMATTERS, OutputFormat, render
from claimcheck.severity import Severity
from tests.formats.sample import claim, finding, report


def test_every_choice_is_registered_and_nothing_else() -> None:
    assert set(FORMATTERS) == set(OutputFormat)
    modules = {
        p.stem for p in Path(import_module("claimcheck.formats").__path__[0]).glob("*_format.py")
    }
    assert {name.rsplit(".", 1)[1] for name in FORMATTERS.values()} == modules


def test_each_module_renders_a_report() -> None:
    sample = report([claim("c1", [finding("KV101", Severity.WARNING, 3, 1)])])
    for fmt in OutputFormat:
        assert "KV101" in render(sample, fmt), fmt
