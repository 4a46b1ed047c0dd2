"""A run writes only the report it is asked for: no cache of a user's files beside the
package's byte code or in the user's folders, and nothing to fail on where folders are read-only.
(An earlier cache kept every parsed ``pyproject.toml`` inside the installed package.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import claimcheck

SECRET = "token-abc-7f3e91"


def _files_under(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.is_file()]


def test_a_run_keeps_nothing_of_the_users_files(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        f'[tool.other]\nsecret = "{SECRET}"\n\n[tool.claimcheck]\nselect = ["KV1"]\n',
        encoding="utf-8",
    )
    (project / "page.md").write_text("KV cache offload gives 27x faster TTFT.\n", "utf-8")
    home, cache = tmp_path / "home", tmp_path / "cache"
    home.mkdir()
    cache.mkdir()
    package = Path(claimcheck.__file__).parent
    before = {path: path.stat().st_mtime_ns for path in _files_under(package)}
    environment = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(cache)}
    for arguments in (["check", "."], ["check", "KV cache offload gives 27x faster TTFT"]):
        run = subprocess.run(
            [sys.executable, "-m", "claimcheck", *arguments],
            cwd=project,
            env=environment,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert run.returncode in (0, 1), run.stderr
    assert _files_under(home) == [] and _files_under(cache) == []
    assert sorted(path.name for path in project.iterdir()) == [".git", "page.md", "pyproject.toml"]
    for path in _files_under(package):
        if path not in before or path.stat().st_mtime_ns != before[path]:
            # Python's own byte code may be written on a first import; never a user's data.
            assert path.suffix == ".pyc", path
            assert SECRET.encode() not in path.read_bytes(), path


def test_a_read_only_project_and_home_are_no_problem(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "page.md").write_text("KV cache offload gives 27x faster TTFT.\n", "utf-8")
    home = tmp_path / "home"
    home.mkdir()
    for folder in (project, home):
        folder.chmod(0o555)
    try:
        run = subprocess.run(
            [sys.executable, "-m", "claimcheck", "check", "."],
            cwd=project,
            env={**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache")},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        for folder in (project, home):
            folder.chmod(0o755)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
