"""The cache beside the byte code: written like byte code, and never trusted when damaged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from claimcheck import bytecache


def _store(path: Path, *entries: tuple[bytecache.Key, object]) -> bytecache.Store:
    made = bytecache.Store(path, writable=True)
    for key, value in entries:
        made.put(key, value)
    return made


def test_entries_survive_a_save_and_a_load(tmp_path: Path) -> None:
    value = {"models": [{"id": "llama-3.1-70b", "params_b": 70.6}], "n": (1, 2.5, None, True)}
    _store(tmp_path / "c.bin", (("toml", "abc"), value)).save()
    again = bytecache.Store(tmp_path / "c.bin", writable=True)
    assert again.get(("toml", "abc")) == value and not again.grew
    assert again.get(("toml", "other")) is None


def test_nothing_is_written_when_nothing_was_added(tmp_path: Path) -> None:
    store = bytecache.Store(tmp_path / "c.bin", writable=True)
    assert store.get(("x",)) is None
    store.save()
    assert not (tmp_path / "c.bin").exists()


def test_a_damaged_file_is_ignored_and_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "c.bin"
    _store(path, (("k",), "value " * 50)).save()
    data = bytearray(path.read_bytes())
    data[-10] ^= 0xFF  # one flipped byte: the checksum no longer matches
    path.write_bytes(bytes(data))
    reread = bytecache.Store(path, writable=True)
    assert reread.get(("k",)) is None
    reread.put(("k",), "again")
    reread.save()
    assert bytecache.decode(path.read_bytes()) == {("k",): "again"}


@pytest.mark.parametrize("data", [b"", b"claimcheck-cache-1\n", b"not a cache", b"\x00" * 64])
def test_files_that_are_not_caches_are_ignored(data: bytes) -> None:
    assert bytecache.decode(data) is None


def test_a_checksummed_payload_of_the_wrong_shape_is_ignored() -> None:
    import marshal
    import zlib

    payload = marshal.dumps([1, 2, 3])
    data = bytecache.FORMAT + zlib.crc32(payload).to_bytes(4, "big") + payload
    assert bytecache.decode(data) is None


def test_no_file_is_written_where_byte_code_is_not(tmp_path: Path) -> None:
    store = bytecache.Store(tmp_path / "c.bin", writable=False)
    store.put(("x",), 1)
    store.save()
    assert not (tmp_path / "c.bin").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_not_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    _store(folder / "c.bin", (("x",), 1)).save()  # no exception
    assert list(folder.iterdir()) == []


def test_a_value_marshal_cannot_write_is_not_kept_and_the_others_are(tmp_path: Path) -> None:
    from datetime import date

    _store(tmp_path / "c.bin", (("x",), date(2026, 1, 1)), (("y",), [1.5])).save()
    assert bytecache.decode((tmp_path / "c.bin").read_bytes()) == {("y",): [1.5]}


def test_old_entries_are_dropped_once_the_file_is_full(tmp_path: Path) -> None:
    store = bytecache.Store(tmp_path / "c.bin", writable=True)
    store.loaded = True
    for index in range(bytecache.MOST + 5):
        store.entries["old", index] = index
    store.put(("now",), 1)
    store.save()
    assert bytecache.decode((tmp_path / "c.bin").read_bytes()) == {("now",): 1}


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
    written = list((tmp_path / "prefix").rglob("claimcheck-cache.*.bin"))
    assert len(written) == 1 and written[0].parent.name == "claimcheck"
    stamp = written[0].stat().st_mtime_ns
    second = _run(env)
    assert first.returncode == second.returncode
    assert json.loads(first.stdout)["claims"][0]["findings"]  # the claim was read and judged
    assert first.stdout == second.stdout
    assert written[0].stat().st_mtime_ns == stamp  # nothing new to add: not rewritten


def test_a_run_without_byte_code_writes_no_cache(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    assert _run(env).stdout
    assert not list(tmp_path.rglob("claimcheck-cache.*.bin"))


def test_remembered_computes_once_per_text_and_keeps_no_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bytecache, "STORE", bytecache.Store(tmp_path / "c.bin", writable=True))
    calls: list[str] = []

    def parse(text: str) -> object:
        calls.append(text)
        if "bad" in text:
            raise ValueError(text)
        return {"length": len(text)}

    assert bytecache.remembered("t", "abc", lambda: parse("abc")) == {"length": 3}
    assert bytecache.remembered("t", "abc", lambda: parse("abc")) == {"length": 3}
    assert bytecache.remembered("t", "abcd", lambda: parse("abcd")) == {"length": 4}
    for _ in range(2):
        with pytest.raises(ValueError, match="bad"):
            bytecache.remembered("t", "bad", lambda: parse("bad"))
    assert calls == ["abc", "abcd", "bad", "bad"]
