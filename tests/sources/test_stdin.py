"""Standard input read like a file: Markdown and HTML pages are documents (code and scripts
skipped), whether named by ``--stdin-filename`` or recognised by their content, and
``--force-exclude`` applies to the name standard input stands for."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke

CLAIM = "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT."
MARKDOWN_CODE_ONLY = f"# Our KV cache\n\nAn introduction.\n\n```text\n{CLAIM}\n```\n"
MARKDOWN_PROSE = f"# Our KV cache\n\n    indented, so code: 3x faster TTFT\n\n{CLAIM}\n"
HTML_SCRIPT_ONLY = (
    f"<!doctype html>\n<html><body><p>Hello.</p>\n<script>// {CLAIM}\n</script></body></html>\n"
)
HTML_PROSE = f"<html><body>\n<pre>{CLAIM}</pre>\n<p>{CLAIM}</p></body></html>\n"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty repository root as the working folder: no configuration from above applies."""
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("named", [None, "docs/page.md"])
def test_markdown_with_a_claim_only_in_code_gives_no_claim(
    cli: Invoke, repo: Path, named: str | None
) -> None:
    name = ["--stdin-filename", named] if named else []
    run = cli("check", "-", *name, "-f", "json", input=MARKDOWN_CODE_ONLY)
    assert run.code == 0, run.stderr
    report = run.json()
    assert report["claims"] == []
    assert report["summary"]["files"] == 1


def test_markdown_prose_on_stdin_is_read_at_its_line(cli: Invoke, repo: Path) -> None:
    run = cli("check", "-", "-f", "json", input=MARKDOWN_PROSE)
    (claim,) = run.json()["claims"]
    assert claim["claim"]["speedup"] == 40  # the indented 3x is a code block, not a claim
    assert claim["source"]["line"] == 5


@pytest.mark.parametrize("named", [None, "page.html"])
def test_html_with_a_claim_only_in_a_script_gives_no_claim(
    cli: Invoke, repo: Path, named: str | None
) -> None:
    name = ["--stdin-filename", named] if named else []
    run = cli("check", "-", *name, "-f", "json", input=HTML_SCRIPT_ONLY)
    assert run.code == 0, run.stderr
    assert run.json()["claims"] == []


def test_html_prose_on_stdin_skips_pre(cli: Invoke, repo: Path) -> None:
    run = cli("check", "-", "-f", "json", input=HTML_PROSE)
    (claim,) = run.json()["claims"]
    assert claim["source"]["line"] == 3


def test_prose_without_markup_is_still_text(cli: Invoke, repo: Path) -> None:
    run = cli("check", "-", "-f", "json", input=f"    {CLAIM}\n")
    assert [c["claim"]["speedup"] for c in run.json()["claims"]] == [40]


def test_force_exclude_applies_to_the_stdin_filename(cli: Invoke, repo: Path) -> None:
    options = ("--stdin-filename", "archive/page.md", "--extend-exclude", "archive/", "-f", "json")
    kept = cli("check", "-", *options, input=f"{CLAIM}\n")
    assert [c["source"]["path"] for c in kept.json()["claims"]] == ["archive/page.md"]
    skipped = cli("check", "-", *options, "--force-exclude", input=f"{CLAIM}\n")
    assert skipped.code == 0, skipped.stderr
    assert skipped.json()["claims"] == []
    assert skipped.json()["summary"]["files"] == 0


def test_force_exclude_keeps_a_stdin_filename_not_excluded(cli: Invoke, repo: Path) -> None:
    options = ("--stdin-filename", "docs/page.md", "--extend-exclude", "archive/")
    run = cli("check", "-", *options, "--force-exclude", "-f", "json", input=f"{CLAIM}\n")
    assert len(run.json()["claims"]) == 1
