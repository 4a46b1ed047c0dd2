"""The stand-in for pydantic's plugin loader answers as pydantic's own does, and hands over to
it whenever plugins may load. Each case runs in a fresh interpreter: this one has long
imported pydantic's loader."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

BUILD_A_VALIDATOR = """
import os, sys
from claimcheck import plugin_loader
plugin_loader.install()
from pydantic import TypeAdapter
assert TypeAdapter(int).validate_python("7") == 7
loader = sys.modules["pydantic.plugin._loader"]
print("metadata" if "importlib.metadata" in sys.modules else "no-metadata")
print("real" if hasattr(loader, "__file__") else "stand-in")
"""


def _run(source: str, disabled: str | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if disabled is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = disabled
    done = subprocess.run(
        [sys.executable, "-c", source], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split()


@pytest.mark.parametrize("disabled", ["__all__", "1", "true"])
def test_with_plugins_off_no_package_metadata_is_imported(disabled: str) -> None:
    assert _run(BUILD_A_VALIDATOR, disabled) == ["no-metadata", "stand-in"]


@pytest.mark.parametrize("disabled", [None, "some-plugin"])
def test_with_plugins_that_may_load_pydantic_loads_its_own(disabled: str | None) -> None:
    """Unset, or naming only some plugins to leave out: pydantic's loader reads the entry
    points, as it would without claimcheck."""
    assert _run(BUILD_A_VALIDATOR, disabled) == ["metadata", "real"]


def test_any_other_name_is_read_from_pydantics_own_loader() -> None:
    source = """
import sys
from claimcheck import plugin_loader
plugin_loader.install()
stand_in = sys.modules["pydantic.plugin._loader"]
print(stand_in.PYDANTIC_ENTRY_POINT_GROUP)
print(sys.modules["pydantic.plugin._loader"] is not stand_in)
"""
    assert _run(source, "__all__") == ["pydantic", "True"]


def test_a_loader_already_imported_is_left_alone() -> None:
    source = """
import sys
import pydantic.plugin._loader as real
from claimcheck import plugin_loader
plugin_loader.install()
print(sys.modules["pydantic.plugin._loader"] is real)
"""
    assert _run(source, "__all__") == ["True"]
