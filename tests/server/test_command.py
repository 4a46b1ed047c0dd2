"""``claimcheck server`` as a command: pygls loads only when it runs, and without pygls the
command says how to install it (exit 2)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.test_startup_imports import SENTENCE, imported_by


def test_a_one_liner_loads_no_language_server(tmp_path: Path) -> None:
    modules = imported_by("check", SENTENCE, "--format", "json", cwd=tmp_path)
    assert not {"pygls", "lsprotocol", "claimcheck.server"} & modules
    assert "claimcheck.commands.server" not in modules  # loaded only when named (cli.py)


def test_without_pygls_one_clear_message_and_exit_2(tmp_path: Path) -> None:
    hide = "import sys; sys.modules['pygls'] = None; from claimcheck.__main__ import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", hide, "server"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "claimcheck: error: claimcheck server needs pygls, which is not installed: "
        "pip install 'claimcheck-kv[server]' (docs/editors.md)\n"
    )
