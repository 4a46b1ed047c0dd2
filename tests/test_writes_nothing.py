"""A run writes only the report it is asked for: nothing of a user's files beside the package's
byte code, in the user's cache or home folder, in the temporary folder or in any report, and
nothing to fail on where folders are read-only. (An earlier cache kept every parsed
``pyproject.toml`` inside the installed package.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import claimcheck

SECRET = "token-abc-7f3e91"


def _files_under(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.is_file()]


# A secret beside claimcheck's table (pyproject.toml), or in a comment and a value of
# claimcheck's own file: each file is read whole, and none of it may be kept.
CONFIGURATIONS = {
    "pyproject.toml": f'[tool.other]\nsecret = "{SECRET}"\n\n[tool.claimcheck]\nselect = ["KV1"]\n',
    "claimcheck.toml": f'# secret = "{SECRET}"\nselect = ["KV1"]\nextend-exclude = ["{SECRET}/"]\n',
}
PAGE = "KV cache offload gives 27x faster TTFT at 128K tokens on Llama 3.1 70B and an H100.\n"
BREAKEVEN = ["breakeven", "--model", "llama-3.1-70b", "--gpu", "h100-sxm"]


def _runs(out: Path) -> list[list[str]]:
    """Every format of ``check`` and of ``breakeven``; a sentence; a report file."""
    from claimcheck.commands.breakeven import BreakevenFormat
    from claimcheck.output_format import OutputFormat

    runs = [["check", ".", "--format", fmt.value] for fmt in OutputFormat]
    runs += [[*BREAKEVEN, "--format", fmt.value] for fmt in BreakevenFormat]
    runs += [["check", PAGE.strip(), "-f", "json"], ["check", ".", "-f", "json", "-o", str(out)]]
    return runs


@pytest.mark.parametrize("configuration", sorted(CONFIGURATIONS))
def test_a_secret_in_the_configuration_is_written_nowhere(
    configuration: str, tmp_path: Path
) -> None:
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / configuration).write_text(CONFIGURATIONS[configuration], encoding="utf-8")
    (project / "page.md").write_text(PAGE, encoding="utf-8")
    home, cache, temp, out = (tmp_path / name for name in ("home", "cache", "temp", "out"))
    for folder in (home, cache, temp, out):
        folder.mkdir()
    package = Path(claimcheck.__file__).parent
    before = {path: path.stat().st_mtime_ns for path in _files_under(package)}
    environment = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(cache),
                   "TMPDIR": str(temp), "COLUMNS": "100"}  # fmt: skip
    for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY"):
        environment.pop(name, None)
    report = out / "report.json"
    for arguments in _runs(report):
        run = subprocess.run(
            [sys.executable, "-m", "claimcheck", *arguments],
            cwd=project,
            env=environment,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert run.returncode in (0, 1), (arguments, run.stderr)
        assert SECRET not in run.stdout + run.stderr, arguments
    assert report.is_file() and SECRET.encode() not in report.read_bytes()
    codes = {f["code"] for c in json.loads(report.read_bytes())["claims"] for f in c["findings"]}
    assert codes and all(code.startswith("KV1") for code in codes), codes  # the file was read
    assert _files_under(home) == [] and _files_under(cache) == [] and _files_under(temp) == []
    assert sorted(path.name for path in project.iterdir()) == sorted(
        [".git", configuration, "page.md"]
    )
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
