"""The result cache (``claimcheck.result_cache``): kept only where asked, the same report warm
as cold, and never a result kept under other code, settings or content."""

from __future__ import annotations

import os
import re
import sqlite3
import time
from pathlib import Path

import pytest

import claimcheck
from claimcheck import result_cache
from claimcheck.batch import SettingsGroup
from claimcheck.result_cache import ResultCache, cache_dir
from claimcheck.settings import Assumptions, Settings
from claimcheck.sources.inputs import FileInput
from tests.conftest import Invoke

CLAIM = "text: KV cache offload cuts TTFT from 40 s to 2 s at 128K tokens on Llama 3.1 70B.\n"
PAGE = "# Offload\n\nLMCache gives 27x faster TTFT at 128K tokens on an H100.\n"
SUPPRESSED = PAGE.replace(
    "LMCache", "<!-- claimcheck: disable-next-line KV103 -- 128K -->\nLMCache"
)


def _rows(folder: Path) -> int:
    databases = list(folder.glob("results-*.sqlite3"))
    if not databases:
        return 0
    with sqlite3.connect(databases[0]) as db:
        count: int = db.execute("SELECT count(*) FROM results").fetchone()[0]
    return count


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory holding a claim file and a page."""
    work = tmp_path / "work"
    work.mkdir()
    (work / "claim.yaml").write_text(CLAIM, encoding="utf-8")
    (work / "page.md").write_text(PAGE, encoding="utf-8")
    monkeypatch.chdir(work)
    return work


def test_nothing_is_kept_unless_asked(
    cli: Invoke, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cli("check", ".", "-f", "json").code == 0
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "home").exists()
    assert cache_dir() is None


def test_the_option_and_the_variable_choose_the_folder_and_no_cache_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(tmp_path / "env"))
    assert cache_dir() == tmp_path / "env"
    assert cache_dir(tmp_path / "flag") == tmp_path / "flag"
    assert cache_dir(tmp_path / "flag", no_cache=True) is None


@pytest.mark.parametrize("explain", [[], ["--explain"]])
@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_a_warm_run_reports_what_a_cold_one_does_without_reading_again(
    cli: Invoke,
    folder: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
    explain: list[str],
) -> None:
    cache = tmp_path / "cache"
    plain = cli("check", ".", "-f", fmt, *explain)
    cold = cli("check", ".", "-f", fmt, *explain, "--cache-dir", str(cache))
    assert _rows(cache) == 2

    def no_reading(*args: object, **kwargs: object) -> None:
        raise AssertionError("a file was read again")

    monkeypatch.setattr("claimcheck.batch.load_input", no_reading)
    warm = cli("check", ".", "-f", fmt, *explain, "--cache-dir", str(cache))
    assert plain.code == cold.code == warm.code == 0
    assert plain.stdout == cold.stdout == warm.stdout
    if explain and fmt == "json":
        assert warm.json()["candidates"]  # what the extractor weighed comes back too


def test_a_changed_file_is_read_again(cli: Invoke, folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = cli("check", "page.md", "-f", "json", "--cache-dir", str(cache)).json()
    assert first["claims"][0]["claim"]["speedup"] == 27
    (folder / "page.md").write_text(PAGE.replace("27x", "12x"), encoding="utf-8")
    second = cli("check", "page.md", "-f", "json", "--cache-dir", str(cache)).json()
    assert second["claims"][0]["claim"]["speedup"] == 12
    assert _rows(cache) == 2


def test_other_settings_are_other_results(cli: Invoke, folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    every = cli("check", "page.md", "-f", "json", "--cache-dir", str(cache)).json()
    assert "KV103" in {f["code"] for f in every["claims"][0]["findings"]}
    fewer = cli("check", "page.md", "-f", "json", "--ignore", "KV103", "--cache-dir", str(cache))
    assert "KV103" not in {f["code"] for f in fewer.json()["claims"][0]["findings"]}
    assumed = cli("check", "page.md", "-f", "json", "--model", "llama-3.1-8b",
                  "--cache-dir", str(cache)).json()  # fmt: skip
    assert assumed["claims"][0]["analysis"] != every["claims"][0]["analysis"]
    assert _rows(cache) == 3


def test_no_cache_reads_and_writes_nothing(
    cli: Invoke, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(tmp_path / "env"))
    assert cli("check", ".", "--no-cache").code == 0
    assert not (tmp_path / "env").exists()
    assert cli("check", ".").code == 0  # the variable alone asks for it
    assert _rows(tmp_path / "env") == 2


def test_suppression_comments_and_bad_files_are_never_kept(
    cli: Invoke, folder: Path, tmp_path: Path
) -> None:
    (folder / "page.md").write_text(SUPPRESSED, encoding="utf-8")
    (folder / "bad.yaml").write_text("speedup: fast\n", encoding="utf-8")
    cache = tmp_path / "cache"
    for _ in range(2):
        run = cli("check", ".", "-f", "json", "--cache-dir", str(cache))
        assert run.code == 2 and "bad.yaml" in run.stderr
        assert run.json()["summary"]["suppressed"] == 1
    assert _rows(cache) == 1  # the claim file alone


@pytest.mark.parametrize("damage", ["a file in its place", "not a database"])
def test_a_cache_that_cannot_be_used_is_left_alone(
    cli: Invoke, folder: Path, tmp_path: Path, damage: str
) -> None:
    cache = tmp_path / "cache"
    if damage == "a file in its place":
        cache.write_text("", encoding="utf-8")
    else:
        cache.mkdir()
        for name in ("results-0.sqlite3", f"results-{claimcheck.__version__}.sqlite3"):
            (cache / name).write_bytes(b"\x00not sqlite\x00" * 100)
    plain = cli("check", ".", "-f", "json")
    damaged = cli("check", ".", "-f", "json", "--cache-dir", str(cache))
    assert damaged.code == plain.code == 0
    assert damaged.stdout == plain.stdout and damaged.stderr == ""
    if damage == "not a database":
        assert _rows(cache) == 2  # started afresh


def test_a_damaged_result_is_read_again_and_kept_anew(
    cli: Invoke, folder: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    plain = cli("check", ".", "-f", "json", "--cache-dir", str(cache))
    (database,) = cache.glob("results-*.sqlite3")
    with sqlite3.connect(database) as db:
        db.execute("UPDATE results SET value = x'93'")  # a truncated MessagePack array
    again = cli("check", ".", "-f", "json", "--cache-dir", str(cache))
    assert again.code == 0 and again.stdout == plain.stdout and again.stderr == ""
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM results WHERE value = x'93'").fetchone() == (0,)


def test_the_cache_is_the_owners_alone_ignored_by_git_and_folded_after_a_run(
    cli: Invoke, folder: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    assert cli("check", ".", "--cache-dir", str(cache)).code == 0
    (database,) = cache.glob("results-*.sqlite3")
    assert database.stat().st_mode & 0o077 == 0 and cache.stat().st_mode & 0o077 == 0
    assert (cache / ".gitignore").read_text(encoding="utf-8").splitlines()[-1] == "*"
    assert not database.with_name(database.name + "-wal").exists()


def test_a_folder_that_was_there_gets_no_gitignore(cli: Invoke, folder: Path) -> None:
    assert cli("check", "claim.yaml", "--cache-dir", ".").code == 0
    assert not (folder / ".gitignore").exists()
    assert list(folder.glob("results-*.sqlite3"))


def test_the_dependencies_hashed_are_the_projects() -> None:
    import tomllib

    project = tomllib.loads(
        (Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    )["project"]
    named = {
        re.split(r"[<>=!~\[ ;]", spec, maxsplit=1)[0].lower() for spec in project["dependencies"]
    }
    assert named <= set(result_cache.DEPENDENCIES)


def _group(settings: Settings) -> SettingsGroup:
    """A group with its settings alone (its fingerprint reads nothing else)."""
    group = SettingsGroup.__new__(SettingsGroup)
    group.settings, group.charts = settings, False
    return group


def test_a_catalog_edited_in_place_gives_other_keys(tmp_path: Path) -> None:

    catalog = tmp_path / "catalog.toml"
    catalog.write_text("[models.tiny]\nparams_billions = 0.001\n", encoding="utf-8")
    times = (catalog.stat().st_atime_ns, catalog.stat().st_mtime_ns)
    settings = Settings(assume=Assumptions(catalog=str(catalog)))
    before = _group(settings).fingerprint
    catalog.write_text("[models.tiny]\nparams_billions = 0.009\n", encoding="utf-8")  # same size
    os.utime(catalog, ns=times)
    assert _group(settings).fingerprint != before


def test_workers_keep_and_read_the_same_results(cli: Invoke, folder: Path, tmp_path: Path) -> None:
    for number in range(240):  # enough for two workers (parallel.MIN_FILES_PER_WORKER)
        (folder / f"c{number:03}.yaml").write_text(
            CLAIM.replace("40 s", f"{40 + number} s"), encoding="utf-8"
        )
    cache = tmp_path / "cache"
    plain = cli("check", ".", "-f", "json", "-j", "1")
    cold = cli("check", ".", "-f", "json", "-j", "2", "--cache-dir", str(cache))
    warm = cli("check", ".", "-f", "json", "-j", "2", "--cache-dir", str(cache))
    assert plain.stdout == cold.stdout == warm.stdout
    assert _rows(cache) == 242


def test_a_key_holds_the_code_the_settings_the_name_and_the_bytes(folder: Path) -> None:
    cache = ResultCache(folder / "cache")
    item = FileInput(path="page.md", display="page.md", kind="markdown", named=True)
    key = cache.key(item, b"settings", 10_000)
    assert key is not None and key == cache.key(item, b"settings", 10_000)
    assert cache.key(item, b"other settings", 10_000) != key
    renamed = FileInput(path="page.md", display="docs/page.md", kind="markdown", named=True)
    assert cache.key(renamed, b"settings", 10_000) != key
    assert cache.key(item, b"settings", 10) is None  # larger than the run reads
    other_code = ResultCache(folder / "cache")
    other_code._code = b"another build"
    assert other_code.key(item, b"settings", 10_000) != key
    (folder / "page.md").write_text(PAGE + "\n", encoding="utf-8")
    assert cache.key(item, b"settings", 10_000) != key


def test_an_installed_file_that_changes_changes_the_code_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "claimcheck"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "rule.py").write_text("A = 1\n", encoding="utf-8")
    monkeypatch.setattr("claimcheck.__file__", str(package / "__init__.py"))
    before = result_cache.code_fingerprint()
    (package / "rule.py").write_text("A = 22\n", encoding="utf-8")
    assert result_cache.code_fingerprint() != before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_never_opened_for_its_key(
    cli: Invoke, folder: Path, tmp_path: Path
) -> None:
    os.mkfifo(folder / "pipe.yaml")  # opening it for reading would wait for a writer forever
    run = cli("check", "pipe.yaml", "claim.yaml", "-f", "json", "--cache-dir", str(tmp_path / "c"))
    assert run.code == 2 and "named pipe" in run.stderr
    assert len(run.json()["claims"]) == 1


def test_a_file_is_read_once_and_its_result_is_of_the_bytes_of_its_key(
    cli: Invoke, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_second_read(*args: object, **kwargs: object) -> None:
        raise AssertionError("a file was read twice")

    cache = tmp_path / "cache"
    with monkeypatch.context() as patched:
        patched.setattr("claimcheck.batch.load_input", no_second_read)
        cold = cli("check", ".", "-f", "json", "--cache-dir", str(cache))
    assert cold.code == 0 and cold.stdout == cli("check", ".", "-f", "json").stdout
    assert _rows(cache) == 2


def test_another_versions_database_unused_for_a_month_is_removed(
    cli: Invoke, folder: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    old, recent = cache / "results-0.0.1.sqlite3", cache / "results-0.0.2.sqlite3"
    for database in (old, recent):
        database.write_bytes(b"")
    month_ago = time.time() - result_cache.STALE_SECONDS - 60
    os.utime(old, (month_ago, month_ago))
    assert cli("check", ".", "--cache-dir", str(cache)).code == 0
    assert not old.exists() and recent.exists()
