"""Model and GPU name patterns built from the run's catalog (built-in plus ``--catalog``).

The extractor hard-codes no model family and no GPU: a family is the leading word of a catalog
model's id or alias ("llama", "qwen", "gpt-oss"), a GPU is the core token of a catalog GPU's
names ("h100", "mi300x") with the system prefixes of its systems ("dgx", "hgx"). A family or GPU
added with ``--catalog`` is read from prose like a built-in one.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING

import msgspec

from claimcheck.extract.lexicon import Gate
from claimcheck.extract.numbers import WORD_NUM

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog


class Named(msgspec.Struct, frozen=True):
    """The names of one catalog entry: id, display name, aliases and (GPUs) system names."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    systems: tuple[str, ...] = ()


class Names(msgspec.Struct, frozen=True, eq=False):
    """What the name patterns are built from: every model's and GPU's names. Compared and
    hashed by identity: one per catalog, the key of the compiled patterns."""

    models: tuple[Named, ...]
    gpus: tuple[Named, ...]


@cache
def builtin_names() -> Names:
    """The built-in catalog's names, read straight from its TOML files: a one-liner that names
    no model or GPU never pays for validating the whole catalog."""
    import tomllib

    data = files("claimcheck.catalog") / "data"
    sections = {
        section: tomllib.loads(data.joinpath(f"{section}.toml").read_text(encoding="utf-8"))[
            section
        ]
        for section in ("models", "gpus")
    }
    return Names(
        tuple(Named(m["id"], m["name"], tuple(m.get("aliases", ()))) for m in sections["models"]),
        tuple(
            Named(g["id"], g["name"], tuple(g.get("aliases", ())), tuple(g.get("systems", {})))
            for g in sections["gpus"]
        ),
    )


@lru_cache(maxsize=4)
def names_of(catalog: Catalog | None) -> Names:
    """The names of ``catalog`` (``None``: the built-in catalog)."""
    if catalog is None:
        return builtin_names()
    return Names(
        tuple(Named(m.id, m.name, m.aliases) for m in catalog.models),
        tuple(Named(g.id, g.name, g.aliases, tuple(g.systems)) for g in catalog.gpus),
    )


_TOKEN = re.compile(r"[\s_.:/-]+")

# Version and size shapes that may follow a family; release words come from the catalog's names
# plus these generic ones.
_VERSION = r"\d++(?:\.\d++)?(?:[bmk](?![a-z]))?|v\d++(?:\.\d++)?|[rk]\d|a\d++b|\d++x\d++b|\d++e"
_RELEASE = ("instruct", "chat", "it", "hf", "base", "distill", "preview", "vl", "coder")
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "on",
        "at",
        "in",
        "to",
        "by",
        "for",
        "and",
        "or",
        "with",
        "from",
        "gen",
        "top",
        "type",
        "level",
        "tier",
        "step",
        "phase",
        "version",
        "figure",
        "table",
        "section",
        "page",
        "chapter",
        "round",
        "class",
        "group",
        "model",
        "models",
        "series",
        "block",
        "layer",
        "day",
        "week",
        "year",
        "pcie",
        "nvme",
        "ddr",
        "ddr5",
        "gddr",
        "lpddr",
        "hbm",
        "gpu",
        "gpus",
        "node",
        "nodes",
        "rack",
        "racks",
        "x86",
        "arm",
        "up",
        "over",
    ]
)
_GPU_SUFFIX = r"(?:[-\s](?:sxm[45]?|pcie|nvl(?:\d+)?|\d+\s?gb|hbm3e?|superchip|oam{multi}))*"


def families(catalog: Names) -> list[str]:
    """Model families: the leading letters of each catalog model's id and aliases."""
    found: set[str] = set()
    for model in catalog.models:
        for name in (model.id, model.name, *model.aliases):
            words: list[str] = []
            for token in _TOKEN.split(name.lower()):
                stem = re.sub(r"\d[\w.]*$", "", token)
                if stem and (stem == token or not words):
                    words.append(stem)  # "qwen3" → "qwen"; "deepseek-v3" stops at "v3"
                if stem != token or not stem:
                    break
            family = "-".join(words).removeprefix("meta-")
            if len(family) >= 3:
                found.add(family)
    return sorted(found, key=lambda f: (-len(f), f))


def gpu_cores(catalog: Names) -> tuple[list[str], list[str]]:
    """GPU core names ("h100", "mi300x", "grace hopper") and system prefixes ("dgx", "hgx")."""
    cores: set[str] = set()
    prefixes: set[str] = set()
    for gpu in catalog.gpus:
        for name in (gpu.id, gpu.name, *gpu.aliases):
            tokens = [t for t in _TOKEN.split(name.lower()) if t]
            core = next((t for t in tokens if re.search(r"\d", t) and re.search(r"[a-z]", t)), None)
            if core is not None and not re.fullmatch(r"\d+gb|gen\d|sxm\d|nvl\d+", core):
                cores.add(core)
            elif core is None and len(tokens) >= 2:
                cores.add(" ".join(tokens[:2]))  # "grace hopper"
        for system in gpu.systems:
            tokens = [t for t in _TOKEN.split(system.lower()) if t]
            prefixes.update(t for t in tokens[:1] if not re.search(r"\d", t))
    prefixes -= cores
    return sorted(cores, key=lambda c: (-len(c), c)), sorted(prefixes)


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s").replace(r"\-", r"[-\s]?") for w in words)


def release_words(catalog: Names) -> list[str]:
    """Words that follow a family in catalog names ("scout", "maverick", "instruct")."""
    found = set(_RELEASE)
    stems = set(families(catalog))
    for model in catalog.models:
        for name in (model.id, model.name, *model.aliases):
            found.update(
                t
                for t in _TOKEN.split(name.lower())
                if t.isalpha() and len(t) >= 2 and t not in stems
            )
    found -= {"meta", "llama", "gpt", "oss"}
    return sorted(found, key=lambda w: (-len(w), w))


@lru_cache(maxsize=4)
def model_pattern(catalog: Names) -> re.Pattern[str]:
    """A model name: a catalog family, then up to six version or release words."""
    names = _alternation(families(catalog)) or r"(?!)"
    suffix = (
        r"(?:[-\s.:]?(?:" + _VERSION + "|" + _alternation(release_words(catalog)) + r")(?![a-z]))"
    )
    return re.compile(
        r"(?<![\w-])(?:meta[-\s])?(" + names + r")(" + suffix + r"{0,6})(?![\w])",
        re.IGNORECASE,
    )


_UNKNOWN_MODEL = re.compile(
    # A capitalised name with a version and a size ("Falcon 180B", "Nemotron-4 340B", "Yi-34B"),
    # or a hyphenated version alone ("Phi-4", "Grok-1"): the shape of a model name, whatever the family.
    r"(?<![\w-])([A-Z][A-Za-z]{1,15})(?:(-\d+(?:\.\d+)?)?[-\s](\d+(?:\.\d+)?[BT])|(-\d+(?:\.\d+)?))(?![\w.-])"
)


def unknown_models(text: str, lo: int, hi: int) -> list[re.Match[str]]:
    """Model-shaped names that no catalog family matches."""
    return [
        m for m in _UNKNOWN_MODEL.finditer(text, lo, hi) if m.group(1).lower() not in _STOPWORDS
    ]


@lru_cache(maxsize=4)
def model_gate(catalog: Names) -> Gate:
    """A cheap test: does the text name any catalog family at all? (Families are lower case.)"""
    return Gate(_alternation(families(catalog)) or r"(?!)")


@lru_cache(maxsize=4)
def gpu_pattern(catalog: Names) -> re.Pattern[str]:
    """A GPU with an optional count: "8x H100", "eight H200 GPUs", "a 4-GPU MI300X node",
    "DGX B200", "two DGX H100 nodes"."""
    cores, prefixes = gpu_cores(catalog)
    core = _alternation(cores) or r"(?!)"
    system = r"(?:(?:" + _alternation(prefixes) + r")\s?)?" if prefixes else ""
    return re.compile(
        r"(?<![\w-])(?:(?P<count>\d{1,4})\s?[x×]\s?|(?P<countword>"
        + WORD_NUM
        + r"|a\ssingle|single|an?|dual|quad)\s|"
        r"(?P<count2>\d{1,4})(?:\s|-gpu\s)"
        + (
            r"|(?P<nodes>\w+)\s(?=(?:nvidia\s)?(?:" + _alternation(prefixes) + r")\b)"
            if prefixes
            else ""
        )
        + r")?"
        r"(?P<name>(?:nvidia\s|amd\s(?:instinct\s)?)?"
        + system
        + r"(?:"
        + core
        + r")"
        + _GPU_SUFFIX.replace(
            "{multi}", "".join("|" + _alternation([c]) for c in cores if " " in c)
        )
        + r")"
        r"(?P<plural>s)?(?![\w])",
        re.IGNORECASE,
    )


@lru_cache(maxsize=4)
def gpu_gate(catalog: Names) -> Gate:
    """A cheap test: does the text name any catalog GPU at all? (Cores are lower case.)"""
    cores, _ = gpu_cores(catalog)
    return Gate(_alternation(cores) or r"(?!)")
