"""The built-in catalog of models, GPUs and storage tiers, user overrides, and name lookup.

The names below are loaded on first use: a run that resolves no model, GPU or tier (most
one-liners) never imports the catalog's models or its TOML reader.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claimcheck.catalog.load import builtin_catalog, load_catalog
    from claimcheck.catalog.lookup import Catalog, gpu_key, model_key, tier_key
    from claimcheck.catalog.specs import (
        TIER_KINDS,
        CatalogEntry,
        GpuSpec,
        ModelSpec,
        TierKind,
        TierSpec,
    )

_HOME = {
    "builtin_catalog": "load",
    "load_catalog": "load",
    "Catalog": "lookup",
    "gpu_key": "lookup",
    "model_key": "lookup",
    "tier_key": "lookup",
    "TIER_KINDS": "specs",
    "CatalogEntry": "specs",
    "GpuSpec": "specs",
    "ModelSpec": "specs",
    "TierKind": "specs",
    "TierSpec": "specs",
}

__all__ = [
    "TIER_KINDS",
    "Catalog",
    "CatalogEntry",
    "GpuSpec",
    "ModelSpec",
    "TierKind",
    "TierSpec",
    "builtin_catalog",
    "gpu_key",
    "load_catalog",
    "model_key",
    "tier_key",
]


def __getattr__(name: str) -> object:
    """``claimcheck.catalog.<name>``, imported from its module on first use (PEP 562)."""
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"claimcheck.catalog.{_HOME[name]}"), name)
    globals()[name] = value
    return value
