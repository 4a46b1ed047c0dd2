"""Name resolution: ids and aliases to catalog entries, case-insensitive, with suggestions."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from difflib import get_close_matches
from typing import Generic, TypeVar

from claimcheck.catalog.specs import CatalogEntry, GpuSpec, ModelSpec, TierSpec
from claimcheck.errors import UsageError

Entry = TypeVar("Entry", bound=CatalogEntry)

_SEPARATORS = re.compile(r"[\s_.:\-]+")
# Publisher prefixes and release suffixes that do not change the architecture.
_MODEL_PREFIX = re.compile(r"^(?:.*/)?(?:meta[\s_\-]+(?=llama))?")
_MODEL_SUFFIX = re.compile(r"[\s_\-](?:instruct|chat|hf|it|thinking|fp8|bf16|\d{4})$")
_GPU_PREFIX = re.compile(r"^(?:nvidia|amd)[\s_\-]+(?:instinct[\s_\-]+)?")


def model_key(name: str) -> str:
    """Lookup key of a model name: lower case, no org prefix or release suffix, no separators."""
    key = _MODEL_PREFIX.sub("", name.strip().lower(), count=1)
    while (suffix := _MODEL_SUFFIX.search(key)) is not None:
        key = key[: suffix.start()]
    return _SEPARATORS.sub("", key)


def gpu_key(name: str) -> str:
    """Lookup key of a GPU or system name: lower case, no vendor prefix, no separators."""
    return _SEPARATORS.sub("", _GPU_PREFIX.sub("", name.strip().lower(), count=1))


def tier_key(name: str) -> str:
    """Lookup key of a tier name: lower case, no separators."""
    return _SEPARATORS.sub("", name.strip().lower())


class NameIndex(Generic[Entry]):
    """Entries of one kind, found by any of their names.

    Aliases are indexed first and ids last, so an id always names its own entry; among
    aliases a later entry (an override) wins.
    """

    def __init__(
        self, label: str, key: Callable[[str], str], named: Iterable[tuple[str, Entry]]
    ) -> None:
        self.label = label
        self._key = key
        self._by_key: dict[str, Entry] = {}
        pairs = list(named)
        for name, entry in pairs:
            self._by_key[key(name)] = entry
        for _, entry in pairs:
            self._by_key[key(entry.id)] = entry

    def get(self, name: str) -> Entry | None:
        """The entry with this id or alias, or ``None``."""
        return self._by_key.get(self._key(name))

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """Ids of the entries whose names are closest to ``name``, best first."""
        close = get_close_matches(self._key(name), self._by_key, n=4 * limit, cutoff=0.6)
        ids = dict.fromkeys(self._by_key[key].id for key in close)
        return list(ids)[:limit]

    def require(self, name: str) -> Entry:
        """The entry with this id or alias; raises ``UsageError`` with suggestions if unknown."""
        entry = self.get(name)
        if entry is None:
            close = self.suggest(name)
            hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            raise UsageError(f"unknown {self.label} {name!r}{hint}")
        return entry


def _names(entries: Iterable[Entry]) -> list[tuple[str, Entry]]:
    return [(name, entry) for entry in entries for name in (entry.name, *entry.aliases)]


def _replace_by_id(old: tuple[Entry, ...], new: Iterable[Entry]) -> tuple[Entry, ...]:
    merged = {entry.id: entry for entry in old}
    merged.update((entry.id, entry) for entry in new)
    return tuple(merged.values())


class Catalog:
    """The models, GPUs and storage tiers claimcheck knows, found by id or alias.

    Tier lookup also accepts a tier kind ("nvme", "dram", ...), which names the default
    tier of that kind; GPU lookup also accepts system names ("DGX H100"), whose GPU count
    ``gpu_count`` returns.
    """

    def __init__(
        self,
        models: Iterable[ModelSpec],
        gpus: Iterable[GpuSpec],
        tiers: Iterable[TierSpec],
    ) -> None:
        self.models = tuple(models)
        self.gpus = tuple(gpus)
        self.tiers = tuple(tiers)
        systems = [(system, gpu) for gpu in self.gpus for system in gpu.systems]
        self._system_counts = {
            gpu_key(system): count for gpu in self.gpus for system, count in gpu.systems.items()
        }
        # A later default (an override) takes the kind over.
        self._default_tiers: dict[str, TierSpec] = {
            tier.kind: tier for tier in self.tiers if tier.default_for_kind
        }
        self._model_index = NameIndex("model", model_key, _names(self.models))
        self._gpu_index = NameIndex("GPU", gpu_key, [*_names(self.gpus), *systems])
        kinds = list(self._default_tiers.items())
        self._tier_index = NameIndex("storage tier", tier_key, [*kinds, *_names(self.tiers)])

    def merged(
        self,
        models: Iterable[ModelSpec] = (),
        gpus: Iterable[GpuSpec] = (),
        tiers: Iterable[TierSpec] = (),
    ) -> Catalog:
        """A new catalog where entries with an existing id replace it and new ids are added."""
        return Catalog(
            _replace_by_id(self.models, models),
            _replace_by_id(self.gpus, gpus),
            _replace_by_id(self.tiers, tiers),
        )

    def model(self, name: str) -> ModelSpec | None:
        """The model with this id or alias, or ``None``."""
        return self._model_index.get(name)

    def gpu(self, name: str) -> GpuSpec | None:
        """The GPU with this id, alias or system name, or ``None``."""
        return self._gpu_index.get(name)

    def tier(self, name: str) -> TierSpec | None:
        """The tier with this id or alias, or the default tier of a kind name, or ``None``."""
        return self._tier_index.get(name)

    def gpu_count(self, name: str) -> int | None:
        """GPUs implied by a system name ("DGX H100" → 8), or ``None`` for a plain GPU name."""
        return self._system_counts.get(gpu_key(name))

    def default_tier(self, kind: str) -> TierSpec | None:
        """The default tier of a kind (``TIER_KINDS``), or ``None``."""
        return self._default_tiers.get(kind)

    def suggest_model(self, name: str) -> list[str]:
        """Ids of the models whose names are closest to ``name``."""
        return self._model_index.suggest(name)

    def suggest_gpu(self, name: str) -> list[str]:
        """Ids of the GPUs whose names are closest to ``name``."""
        return self._gpu_index.suggest(name)

    def suggest_tier(self, name: str) -> list[str]:
        """Ids of the tiers whose names are closest to ``name``."""
        return self._tier_index.suggest(name)

    def require_model(self, name: str) -> ModelSpec:
        """The model named ``name``; raises ``UsageError`` with suggestions if unknown."""
        return self._model_index.require(name)

    def require_gpu(self, name: str) -> GpuSpec:
        """The GPU named ``name``; raises ``UsageError`` with suggestions if unknown."""
        return self._gpu_index.require(name)

    def require_tier(self, name: str) -> TierSpec:
        """The tier named ``name``; raises ``UsageError`` with suggestions if unknown."""
        return self._tier_index.require(name)
