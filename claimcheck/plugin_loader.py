"""Pydantic's plugin loader, imported only when plugins may load.

Every validator pydantic builds (Typer builds one per option) first asks
``pydantic.plugin._loader.get_plugins()`` for plugins. That module imports
``importlib.metadata`` on its first lines, with ``email``, ``zipfile``, ``csv`` and more: 43 M
of the 860 M instructions a one-line run executed. Its ``get_plugins`` returns no plugins,
before reading any package's metadata, when ``PYDANTIC_DISABLE_PLUGINS`` is ``__all__``, ``1``
or ``true`` (https://docs.pydantic.dev/latest/api/plugin/, added in
https://github.com/pydantic/pydantic/pull/8767), as the command line sets it unless the user
set it. While that holds, the stand-in below answers the same without the import; otherwise,
and for any other name of that module, it loads the real one and hands over to it (so a
pydantic release that asks it for more still gets the real module).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable
from importlib.machinery import ModuleSpec
from types import ModuleType

NAME = "pydantic.plugin._loader"
_OFF = ("__all__", "1", "true")  # the values pydantic's own get_plugins reads as "none"


def install() -> None:
    """Stand in for pydantic's plugin loader until a run may need its plugins (nothing is done
    when pydantic has loaded it already)."""
    if NAME not in sys.modules:
        sys.modules[NAME] = _STAND_IN


def _get_plugins() -> Iterable[object]:
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") in _OFF:
        return ()
    plugins: Iterable[object] = _real().get_plugins()
    return plugins


def _real_attribute(name: str) -> object:
    if name.startswith("__"):  # what the import system asks of every module ("__path__")
        raise AttributeError(name)
    return getattr(_real(), name)


def _real() -> ModuleType:
    """Pydantic's own loader, imported in place of the stand-in."""
    if sys.modules.get(NAME) is _STAND_IN:
        del sys.modules[NAME]
    return importlib.import_module(NAME)


_STAND_IN = ModuleType(NAME, __doc__)
_STAND_IN.__spec__ = ModuleSpec(NAME, None)
_STAND_IN.__dict__.update(get_plugins=_get_plugins, __getattr__=_real_attribute)
