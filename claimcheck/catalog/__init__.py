"""The built-in catalog of models, GPUs and storage tiers, user overrides, and name lookup."""

from __future__ import annotations

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
