"""Cached patterns are exactly what ``re.compile`` gives, for every pattern in the package."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import claimcheck
from claimcheck import bytecache, regexes
from claimcheck.extract import lexicon


def _package_patterns() -> list[re.Pattern[str]]:
    """Every compiled pattern the package holds: module globals and the lexicon's table."""
    found: dict[tuple[str, int], re.Pattern[str]] = {}
    for module in pkgutil.walk_packages(claimcheck.__path__, "claimcheck."):
        if module.name.endswith("__main__"):
            continue
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                found[value.pattern, value.flags] = value
    for name in lexicon._SOURCES:
        made = lexicon.pattern(name)
        found[made.pattern, made.flags] = made
    return list(found.values())


PATTERNS = _package_patterns()


def _fresh(path: Path, monkeypatch: pytest.MonkeyPatch) -> bytecache.Store:
    made = bytecache.Store(path, writable=True)
    monkeypatch.setattr(bytecache, "STORE", made)
    return made


def test_the_package_has_its_patterns_to_check() -> None:
    assert len(PATTERNS) > 100  # module constants and the lexicon's rows


def test_every_package_pattern_equals_re_compile_fresh_and_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_store = _fresh(tmp_path / "cache.bin", monkeypatch)
    fresh = [regexes.compiled(p.pattern, p.flags) for p in PATTERNS]
    first_store.save()
    reloaded = _fresh(tmp_path / "cache.bin", monkeypatch)
    again = [regexes.compiled(p.pattern, p.flags) for p in PATTERNS]
    assert not reloaded.grew  # every one came from the file
    for pattern, first, second in zip(PATTERNS, fresh, again, strict=True):
        # re.Pattern equality compares source, flags and the matcher's code
        assert first == second == re.compile(pattern.pattern, pattern.flags)
        assert second.groupindex == pattern.groupindex and second.groups == pattern.groups


def test_a_cached_pattern_matches_as_the_original(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = r"(?P<factor>\d+(?:\.\d+)?)\s?[x×]\s+faster"
    _fresh(tmp_path / "cache.bin", monkeypatch)
    regexes.compiled(source, re.IGNORECASE)
    bytecache.STORE.save()
    _fresh(tmp_path / "cache.bin", monkeypatch)
    speed = regexes.compiled(source, re.IGNORECASE)
    assert not bytecache.STORE.grew
    found = speed.search("Loading is 27.5X faster than recompute")
    assert found is not None and found.group("factor") == "27.5"
    assert found.span() == (11, 23)  # 11 characters before, 12 matched


def test_an_entry_the_matcher_refuses_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = _fresh(tmp_path / "cache.bin", monkeypatch)
    source = r"(\d+)\s?ms"
    key = ("re", regexes._sre.MAGIC, source, 0)
    store.loaded = True
    damaged = regexes._packed((source, 32, [999, 999, 999], 0, {}, (None, None)))
    store.entries[key] = damaged
    made = regexes.compiled(source)
    assert made == re.compile(source)
    assert store.grew and store.entries[key] != damaged
