"""Code actions: a suppression comment in the file's own syntax that silences the finding and
nothing else (``check`` agrees once the file is saved), eagerly or resolved on demand; and
"explain", the ``--explain`` candidates of the lines chosen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from tests.server.editor import Editor, checked, run, shown

REASON = "say here why this finding does not apply"
SENTENCE = "Loading the KV cache from NVMe gives 27x faster TTFT at 128K tokens."

FILES = {
    # A Markdown paragraph whose claim is on its second line: the comment goes at the line's end.
    "page.md": f"# Our KV tier\n\nWe built it for long chats.\n{SENTENCE}\n",
    "page.html": f"<html><body>\n<h1>KV tier</h1>\n<p>{SENTENCE}</p>\n</body></html>\n",
    "notes.txt": f"Our KV tier.\n\n{SENTENCE}\n",
    "claims.yaml": "- text: " + SENTENCE + "\n  speedup: 27\n  context_tokens: 128000\n",
    "claims.toml": f'[[claims]]\ntext = "{SENTENCE}"\nspeedup = 27\ncontext_tokens = 128000\n',
}
LANGUAGES = {
    ".md": "markdown",
    ".html": "html",
    ".txt": "plaintext",
    ".yaml": "yaml",
    ".toml": "toml",
}


@pytest.mark.parametrize("resolve", [False, True], ids=["eager", "resolved"])
def test_each_kind_of_file_gets_a_comment_that_suppresses(tmp_path: Path, resolve: bool) -> None:
    root = tmp_path / "site"
    (root / ".git").mkdir(parents=True)

    async def scenario() -> dict[str, tuple[list[Any], list[Any], str]]:
        editor = Editor(root, resolve=resolve)
        await editor.start()
        done = {}
        for name, text in FILES.items():
            path = root / name
            path.write_text(text, encoding="utf-8")
            uri = await editor.open(path, text, LANGUAGES[path.suffix])
            found = await editor.diagnostics(uri)
            target = next(d for d in found if d.code == "KV103")
            actions = await editor.actions(uri, target.range)
            suppress = next(
                a for a in actions if isinstance(a, types.CodeAction) and "KV103" in a.title
            )
            if resolve:
                assert suppress.edit is None and suppress.data
                suppress = await editor.resolved(suppress)
            assert suppress.edit is not None, name
            assert suppress.kind == types.CodeActionKind.QuickFix
            editor.apply(uri, suppress.edit)
            after = await editor.diagnostics(uri)
            editor.save(uri, path)
            done[name] = (
                shown(FILES[name], found, "utf-16"),
                shown(editor.texts[uri], after, "utf-16"),
                editor.texts[uri],
            )
        assert await editor.stop() == 0
        return done

    for name, (before, after, text) in run(scenario).items():
        assert [f[:3] for f in after] == [f[:3] for f in before if f[0] != "KV103"], name
        expected, report = checked(root, name)
        assert after == expected, name
        quiet = [f for c in report["claims"] for f in c["findings"] if f["suppressed"]]
        assert [(f["code"], f["suppression_reason"]) for f in quiet] == [("KV103", REASON)], name
        comment = "#" if name.endswith((".yaml", ".toml")) else "<!--"
        assert f"{comment} claimcheck: disable" in text, name
    assert "27x faster TTFT at 128K tokens. <!-- claimcheck: disable-line KV103" in run_text(
        root, "page.md"
    )


def run_text(root: Path, name: str) -> str:
    return (root / name).read_text(encoding="utf-8")


def test_explain_shows_the_numbers_weighed_on_the_lines(tmp_path: Path) -> None:
    root = tmp_path / "site"
    (root / ".git").mkdir(parents=True)
    text = "# Prompt caching\n\nPrompt caching can reduce costs by up to 90% and latency by up to 85% for long prompts.\n"

    async def scenario() -> tuple[Any, list[str], list[Any]]:
        editor = Editor(root)
        await editor.start()
        uri = await editor.open(root / "p.md", text)
        await editor.diagnostics(uri)
        line = types.Range(
            start=types.Position(line=2, character=0), end=types.Position(line=2, character=5)
        )
        actions = await editor.actions(uri, line)
        command = next(a for a in actions if "Explain" in a.title)
        assert isinstance(command, types.Command)
        answer = await editor.command(command.command, list(command.arguments or []))
        await editor.until(lambda: bool(editor.messages))
        assert await editor.stop() == 0
        return answer, editor.messages, actions

    answer, messages, actions = run(scenario)
    assert "line 3" in answer and "'90%'" in answer and "score" in answer
    assert messages == [answer]
    assert [a.command for a in actions if isinstance(a, types.Command)] == ["claimcheck.explain"]
