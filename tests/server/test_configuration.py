"""Configuration as ``check`` reads it (the file nearest each page, per-file ignores), the
editor's own settings over it, and changes to either applied without a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lsprotocol import types

from tests.server.editor import Editor, run

SENTENCE = "Loading the KV cache from NVMe gives 27x faster TTFT at 128K tokens."


def test_files_and_editor_settings_apply_and_changes_need_no_restart(tmp_path: Path) -> None:
    root = tmp_path / "site"
    (root / ".git").mkdir(parents=True)
    (root / "docs" / "research").mkdir(parents=True)
    (root / "pyproject.toml").write_text(
        '[tool.claimcheck.per-file-ignores]\n"docs/research/*.md" = ["KV103"]\n', encoding="utf-8"
    )
    text = f"# KV tier\n\n{SENTENCE}\n"
    page, research = root / "docs" / "page.md", root / "docs" / "research" / "page.md"
    settings: dict[str, Any] = {"ignore": ["KV201"]}

    async def scenario() -> None:
        editor = Editor(root, settings=settings)
        await editor.start()
        uri = await editor.open(page, text)
        other = await editor.open(research, text)

        # The editor's settings (pulled at start) and the per-file ignores of pyproject.toml.
        await editor.settled(uri, lambda codes: "KV103" in codes and "KV201" not in codes)
        await editor.settled(other, lambda codes: "KV103" not in codes and "KV101" in codes)
        # The editor's settings change: pulled again, every open page audited again.
        editor.settings = {
            "extendSelect": ["KV201"],
            "assumptions": {"model": "llama-3.1-70b", "gpu": "h100-sxm"},
        }
        editor.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings=None)
        )
        await editor.settled(uri, lambda codes: "KV201" in codes)
        # The configuration file changes on disk: the next keystroke reads it.
        (root / "claimcheck.toml").write_text('ignore = ["KV1"]\n', encoding="utf-8")
        editor.change(uri, text + "\nMore.\n")
        found = {str(d.code) for d in await editor.diagnostics(uri)}
        assert found and not any(code.startswith("KV1") for code in found)
        assert await editor.stop() == 0

    run(scenario)


def test_settings_of_the_wrong_type_are_said_and_left_out(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()

    async def scenario() -> list[str]:
        editor = Editor(tmp_path, settings={"select": "KV1", "colour": True})
        await editor.start()
        await editor.until(lambda: len(editor.messages) >= 2)
        assert await editor.stop() == 0
        return editor.messages

    messages = run(scenario)
    assert "claimcheck: setting 'select': expected a list of rule codes; left out" in messages
    assert any("setting 'colour'" in m for m in messages)
