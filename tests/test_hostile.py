"""Hostile and broken inputs, one row each: one clear line, the documented exit code, and every
other input still audited and reported."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Invoke

GOOD = "speedup: 27\ncontext_tokens: 112000\nmetric: ttft\n"


def _alias_bomb() -> str:
    rows = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    rows += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 12)]
    return "\n".join(rows) + "\n"


# name → (file name, content, message expected on stderr)
ROWS: dict[str, tuple[str, bytes, str]] = {
    "empty file": ("empty.yaml", b"", "empty file"),
    "binary file": (
        "blob.yaml",
        b"speedup: 2\x00\x01\x02",
        "binary file (NUL byte at byte offset 10)",
    ),
    "invalid UTF-8": (
        "page.md",
        b"# Title\n\nabc \xff\xfe def\n",
        "invalid UTF-8 at byte offset 13 (line 3)",
    ),
    "python tag": ("evil.yaml", b"!!python/object/apply:os.system ['touch pwned']\n", "is refused"),
    "alias bomb": ("bomb.yaml", _alias_bomb().encode(), "anchors and aliases are not allowed"),
    "deep YAML": (
        "deep.yaml",
        b"a: " + b"[" * 50_000 + b"]" * 50_000,
        "deep.yaml:1:1003: YAML syntax error: exceeded maximum nesting depth",
    ),
    "deep JSON": ("deep.json", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "TOML syntax": (
        "bad.toml",
        b"speedup = 2\ncontext_tokens = = 3\n",
        "bad.toml:2:18: TOML syntax error",
    ),
    "JSON syntax": (
        "bad.json",
        b'{"speedup": 2,\n "metric": }',
        "bad.json:2:12: JSON syntax error",
    ),
    "YAML syntax": ("bad.yaml", b"speedup: 2\nmetric: [ttft\n", "bad.yaml:3:1: YAML syntax error"),
    "infinite number": ("inf.yaml", b"speedup: 1.0e+400\n", "expected a finite number"),
}


@pytest.mark.parametrize("row", list(ROWS), ids=list(ROWS))
def test_matrix(cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, row: str) -> None:
    name, content, message = ROWS[row]
    monkeypatch.chdir(tmp_path)
    Path("good.yaml").write_text(GOOD, encoding="utf-8")
    Path(name).write_bytes(content)
    run = cli("check", ".", "-f", "json")
    assert run.code == 2
    errors = [line for line in run.stderr.splitlines() if line.startswith("claimcheck: error:")]
    assert len(errors) == 1, run.stderr
    assert message in errors[0], errors[0]
    assert "Traceback" not in run.stderr
    assert [c["id"] for c in run.json()["claims"]] == ["good"]  # the other input still audited
    assert not Path("pwned").exists()  # nothing in a claim file is ever executed


def test_utf16_with_bom_is_read(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "u16.yaml").write_bytes(GOOD.encode("utf-16"))
    run = cli("check", str(tmp_path), "-f", "json")
    assert run.code == 0
    assert run.json()["claims"][0]["claim"]["speedup"] == 27


def test_size_limit(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "big.md").write_text("x" * 2_000, encoding="utf-8")
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    run = cli("check", str(tmp_path), "-f", "json", "--max-file-size", "1000")
    assert run.code == 2
    assert "2,000 bytes, above the 1,000-byte limit" in run.stderr
    assert len(run.json()["claims"]) == 1


def test_permission_denied(cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked.yaml"
    locked.write_text(GOOD, encoding="utf-8")
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    real_open: Callable[..., int] = os.open

    def guarded(path: str | Path, *args: int, **kwargs: object) -> int:
        if Path(path).name == "locked.yaml":  # chmod does not bite when the tests run as root
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded)
    run = cli("check", str(tmp_path), "-f", "json")
    assert run.code == 2
    assert "locked.yaml: permission denied" in run.stderr
    assert len(run.json()["claims"]) == 1


def test_dangling_link_and_link_loop(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "missing.yaml")
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    run = cli("check", str(tmp_path), "-f", "json")
    assert run.code == 2
    assert "gone.yaml: no such file (a dangling link?)" in run.stderr
    assert len(run.json()["claims"]) == 1  # the loop was not followed, nothing counted twice


def test_symlink_loop_alone_does_not_hang(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    run = cli("check", str(tmp_path), "-f", "json")
    assert run.code == 0


def test_unwritable_output_still_reports_the_error(cli: Invoke, tmp_path: Path) -> None:
    run = cli("check", "--text", "27x faster TTFT", "-o", str(tmp_path / "missing" / "out.json"))
    assert run.code == 2
    assert "cannot write the report" in run.stderr


def test_exponent_numbers_are_not_claims(cli: Invoke) -> None:
    run = cli("check", "1e400x faster TTFT with KV cache offload", "-f", "json")
    assert run.code == 2
    assert "no KV-cache speedup claim found" in run.stderr


def test_hostile_markup_is_linted(cli: Invoke, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        "<div>" * 20_000 + "<p>27x faster TTFT with KV cache offload" + "<![foo[" + "<a " * 5_000,
        encoding="utf-8",
    )
    run = cli("check", str(page), "-f", "json")
    assert run.code in (0, 1)
    assert [c["claim"]["speedup"] for c in run.json()["claims"]] == [27]


def test_json_report_is_valid_even_with_errors(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    run = cli("check", str(tmp_path), "-f", "json")
    report = json.loads(run.stdout)
    assert report["errors"][0]["path"].endswith("bad.json")
