"""``claimcheck.api.audit_document``: a file's text held in memory audited as ``check`` audits
the file on disk (``--force-exclude``, what editors and pre-commit need)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from claimcheck.api import audit_document, audit_paths

CLAIMS = Path(__file__).resolve().parents[2] / "claims"


@pytest.mark.parametrize("name", sorted(p.name for p in CLAIMS.iterdir() if p.is_file()))
def test_the_report_of_check_on_the_file(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(CLAIMS / name, tmp_path / name)
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    text = (tmp_path / name).read_text(encoding="utf-8")
    assert audit_document(text, name) == audit_paths([name])


def test_excluded_unsaved_and_named_kinds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "claimcheck.toml").write_text('extend-exclude = ["archive/"]\n', encoding="utf-8")
    (tmp_path / "archive").mkdir()
    (tmp_path / "archive" / "old.md").write_text("x", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    sentence = "Loading the KV cache gives 27x faster TTFT at 128K tokens."
    assert audit_document(sentence, "archive/old.md").summary.files == 0
    assert audit_document("model: llama\nreplicas: 2\n", "serve.yaml").summary.files == 0
    unsaved = audit_document(sentence, "never/saved.md")
    assert unsaved.summary.claims == 1 and unsaved.claims[0].source.path == "never/saved.md"
    assert audit_document(sentence, "Untitled-1", kind="markdown").summary.claims == 1
    (odd,) = audit_document(sentence, "page.rst").errors
    assert odd.message.startswith("unsupported file type '.rst'")


def test_text_that_cannot_be_audited_is_an_error_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (lone,) = audit_document("# KV\n\n27x \udc80 faster\n", "p.md").errors
    assert (
        lone.message == "invalid UTF-8 in the file at byte offset 10 (line 3); expected UTF-8 text"
    )
    (large,) = audit_document("x" * 10_000_001, "p.md").errors
    assert large.message == (
        "file is 10,000,001 bytes, above the 10,000,000-byte limit (raise it with --max-file-size)"
    )
    (unknown,) = audit_document("27x faster TTFT", "p.md", model="no-such-model").errors
    assert "no-such-model" in unknown.message
