"""The compiled-pattern cache gives exactly what ``re.compile`` gives, and survives bad files."""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import claimcheck
from claimcheck import regexes
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


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> regexes._Cache:
    made = regexes._Cache(tmp_path / "regexes.bin", writable=True)
    monkeypatch.setattr(regexes, "_CACHE", made)
    return made


def _fresh(path: Path, monkeypatch: pytest.MonkeyPatch) -> regexes._Cache:
    made = regexes._Cache(path, writable=True)
    monkeypatch.setattr(regexes, "_CACHE", made)
    return made


def test_the_package_has_its_patterns_to_check() -> None:
    assert len(PATTERNS) > 100  # module constants and the lexicon's rows


def test_every_package_pattern_equals_re_compile_fresh_and_from_the_cache(
    cache: regexes._Cache, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = [regexes.compiled(p.pattern, p.flags) for p in PATTERNS]
    cache.save()
    reloaded = _fresh(cache.path or Path(), monkeypatch)
    again = [regexes.compiled(p.pattern, p.flags) for p in PATTERNS]
    assert not reloaded.grew  # every one came from the file
    for pattern, first, second in zip(PATTERNS, fresh, again, strict=True):
        # re.Pattern equality compares source, flags and the matcher's code
        assert first == second == re.compile(pattern.pattern, pattern.flags)
        assert second.groupindex == pattern.groupindex and second.groups == pattern.groups


def test_a_cached_pattern_matches_as_the_original() -> None:
    speed = regexes.compiled(r"(?P<factor>\d+(?:\.\d+)?)\s?[x×]\s+faster", re.IGNORECASE)
    found = speed.search("Loading is 27.5X faster than recompute")
    assert found is not None and found.group("factor") == "27.5"
    assert found.span() == (11, 23)  # 11 characters before, 12 matched


def test_nothing_is_written_when_nothing_was_compiled(cache: regexes._Cache) -> None:
    cache.save()
    assert cache.path is not None and not cache.path.exists()


def test_a_damaged_file_is_ignored_and_rewritten(
    cache: regexes._Cache, monkeypatch: pytest.MonkeyPatch
) -> None:
    regexes.compiled(r"\b(?:kv|prefix)\s?cache\b", re.IGNORECASE)
    cache.save()
    assert cache.path is not None
    data = bytearray(cache.path.read_bytes())
    data[-10] ^= 0xFF  # one flipped byte: the checksum no longer matches
    cache.path.write_bytes(bytes(data))
    reread = _fresh(cache.path, monkeypatch)
    made = regexes.compiled(r"\b(?:kv|prefix)\s?cache\b", re.IGNORECASE)
    assert reread.grew and made == re.compile(r"\b(?:kv|prefix)\s?cache\b", re.IGNORECASE)
    reread.save()
    assert regexes._decode(cache.path.read_bytes()) is not None


@pytest.mark.parametrize("data", [b"", b"claimcheck-regexes-1\n", b"not a cache", b"\x00" * 64])
def test_files_that_are_not_caches_are_ignored(data: bytes, tmp_path: Path) -> None:
    assert regexes._decode(data) is None


def test_an_entry_the_matcher_refuses_is_compiled_again(
    cache: regexes._Cache,
) -> None:
    source = r"(\d+)\s?ms"
    cache.loaded = True
    cache.entries[source, 0] = (source, 32, [999, 999, 999], 0, {}, (None, None))
    made = regexes.compiled(source)
    assert made == re.compile(source)
    assert cache.grew and cache.entries[source, 0][2] != [999, 999, 999]


def test_no_file_is_written_where_byte_code_is_not(tmp_path: Path) -> None:
    made = regexes._Cache(tmp_path / "regexes.bin", writable=False)
    made.entries["x", 0] = ("x", 32, [1], 0, {}, (None,))
    made.grew = True
    made.save()
    assert not (tmp_path / "regexes.bin").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_not_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    made = regexes._Cache(folder / "regexes.bin", writable=True)
    made.entries["x", 0] = ("x", 32, [1], 0, {}, (None,))
    made.grew = True
    made.save()  # no exception
    assert list(folder.iterdir()) == []


def test_old_entries_are_dropped_once_the_file_is_full(cache: regexes._Cache) -> None:
    cache.loaded = True
    for index in range(regexes._MOST + 5):
        cache.entries[f"old{index}", 0] = (f"old{index}", 32, [1], 0, {}, (None,))
    regexes.compiled("now")
    cache.save()
    assert cache.path is not None
    kept = regexes._decode(cache.path.read_bytes())
    assert kept is not None and list(kept) == [("now", 0)]


def _run(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    sentence = "Loading the KV cache of a 112K-token context is 27x faster than recomputing it."
    command = [sys.executable, "-m", "claimcheck", "check", "--text", sentence, "--format", "json"]
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


def test_a_run_writes_the_cache_under_the_byte_code_prefix_and_the_next_reads_it(
    tmp_path: Path,
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path / "prefix")
    first = _run(env)
    written = list((tmp_path / "prefix").rglob("regexes.*.bin"))
    assert len(written) == 1 and written[0].parent.name == "claimcheck"
    stamp = written[0].stat().st_mtime_ns
    second = _run(env)
    assert first.returncode == second.returncode
    report = json.loads(first.stdout)
    assert report["claims"][0]["findings"]  # the claim was read and judged
    assert first.stdout == second.stdout
    assert written[0].stat().st_mtime_ns == stamp  # nothing new to add: not rewritten


def test_a_run_without_byte_code_writes_no_cache(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    assert _run(env).stdout
    assert not list(tmp_path.rglob("regexes.*.bin"))
