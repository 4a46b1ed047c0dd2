"""Every file claimcheck opens is a regular file, also when reached indirectly: a committed
``.gitignore``, a catalog named by ``--catalog`` or by the configuration, the configuration
itself. A link to ``/dev/zero`` used to read until memory ran out, and a named pipe to hang:
now each is one message naming the file, exit 2, and the other inputs are still audited.

Each case runs the real command in a subprocess with a timeout, so a hang fails the test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")

CLAIM = "KV cache offload gives 27x faster TTFT.\n"
TIMEOUT_S = 60


def _special(path: Path, kind: str) -> None:
    if kind == "/dev/zero link":
        path.symlink_to("/dev/zero")
    else:
        os.mkfifo(path)


def _run(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "NO_COLOR": "1"}
    environment.pop("GITHUB_ACTIONS", None)
    return subprocess.run(
        [sys.executable, "-m", "claimcheck", "check", *arguments, "--format", "concise"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        env=environment,
        check=False,
    )


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(CLAIM, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("kind", ["/dev/zero link", "named pipe"])
def test_a_special_gitignore_is_named_and_the_walk_goes_on(repository: Path, kind: str) -> None:
    _special(repository / "docs" / ".gitignore", kind)
    run = _run(repository, ".")
    assert run.returncode == 2, run.stderr
    assert "docs/.gitignore" in run.stderr and "not a regular file" in run.stderr
    assert "Traceback" not in run.stderr
    assert "docs/page.md:1:" in run.stdout  # the page is still audited


@pytest.mark.parametrize("kind", ["/dev/zero link", "named pipe"])
def test_a_special_catalog_is_one_error(repository: Path, kind: str) -> None:
    _special(repository / "gpus.toml", kind)
    run = _run(repository, ".", "--catalog", "gpus.toml")
    assert run.returncode == 2
    assert "gpus.toml" in run.stderr and "not a regular file" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("kind", ["/dev/zero link", "named pipe"])
def test_a_special_catalog_named_by_the_configuration_is_one_error(
    repository: Path, kind: str
) -> None:
    _special(repository / "gpus.toml", kind)
    (repository / "claimcheck.toml").write_text(
        '[assumptions]\ncatalog = "gpus.toml"\n', encoding="utf-8"
    )
    run = _run(repository, ".")
    assert run.returncode == 2
    assert "gpus.toml" in run.stderr and "not a regular file" in run.stderr


@pytest.mark.parametrize("kind", ["/dev/zero link", "named pipe"])
def test_a_special_configuration_is_one_error(repository: Path, kind: str) -> None:
    _special(repository / "settings.toml", kind)
    run = _run(repository, ".", "--config", "settings.toml")
    assert run.returncode == 2
    assert "settings.toml" in run.stderr
    assert "Traceback" not in run.stderr


def test_an_oversized_configuration_is_one_error(repository: Path) -> None:
    padding = "# " + "x" * 998 + "\n"
    (repository / "claimcheck.toml").write_text(padding * 5_000, encoding="utf-8")
    run = _run(repository, ".")
    assert run.returncode == 2
    assert "claimcheck.toml" in run.stderr and "byte limit" in run.stderr
    assert "--max-file-size" not in run.stderr  # that option is for inputs
