"""CI formats through the command line: GitHub annotations and job summary, SARIF validity."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.conftest import Invoke

SCHEMA = Path(__file__).resolve().parents[1] / "data" / "sarif-schema-2.1.0.json"
CLAIM = "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT.\n"


def test_github_escapes_an_awkward_file_name(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a,b:c%d.md").write_text(CLAIM, encoding="utf-8")
    run = cli("check", "a,b:c%d.md", "-f", "github")
    lines = run.stdout.splitlines()
    assert lines[0].startswith("::error file=a%2Cb%3Ac%25d.md,line=1,")  # errors come first
    assert all(
        "file=a%2Cb%3Ac%25d.md" in line
        for line in lines
        if line.startswith("::") and "file=" in line
    )
    assert run.code == 1


def test_github_is_the_default_in_actions_and_writes_the_summary(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("page.md").write_text(CLAIM, encoding="utf-8")
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    run = cli("check", "page.md")
    assert run.stdout.startswith("::error ")
    written = summary.read_text(encoding="utf-8")
    assert written.startswith("earlier step\n")  # appended, not replaced
    assert "KV202" in written and "|" in written


def test_sarif_from_a_real_run_is_valid(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("page.md").write_text(
        "<!-- claimcheck: disable-next-line KV103 -- labelled demo -->\n" + CLAIM, encoding="utf-8"
    )
    Path("broken.yaml").write_text("speedup: [\n", encoding="utf-8")
    run = cli("check", "page.md", "broken.yaml", "-f", "sarif")
    assert run.code == 2
    log = json.loads(run.stdout)
    jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(log)
    results = log["runs"][0]["results"]
    assert any(r["ruleId"] == "KV103" and r.get("suppressions") for r in results)
    assert log["runs"][0]["invocations"][0]["executionSuccessful"] is False


WARNINGS_ONLY = "Up to 5x faster time to first token with KV cache offload to NVMe.\n"


@pytest.mark.parametrize(
    ("options", "code", "failures"),
    [
        ((), 0, 0),  # warnings are below the default threshold (error): reported, passing
        (("--fail-on", "warning"), 1, 2),
        (("--fail-on", "warning", "--exit-zero"), 0, 0),
        (("--fail-on", "never"), 0, 0),
    ],
)
def test_junit_fails_only_what_fails_the_run(
    cli: Invoke,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    options: tuple[str, ...],
    code: int,
    failures: int,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("page.md").write_text(WARNINGS_ONLY, encoding="utf-8")
    run = cli("check", "page.md", "-f", "junit", *options)
    assert run.code == code
    root = ET.fromstring(run.stdout.encode())
    assert root.get("failures") == str(failures)
    assert "KV101" in run.stdout  # the finding is reported either way


def test_sarif_from_a_subfolder_names_files_from_the_repository_root(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / ".git").mkdir()
    (repo / "docs" / "page.md").write_text("# Results\n\n" + CLAIM, encoding="utf-8")
    (repo / "README.md").write_text(CLAIM, encoding="utf-8")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))

    def sarif_from(folder: Path, *inputs: str) -> dict[str, Any]:
        monkeypatch.chdir(folder)
        run = cli("check", *inputs, "-f", "sarif")
        assert run.code == 1
        log: dict[str, Any] = json.loads(run.stdout)
        jsonschema.Draft4Validator(schema).validate(log)
        run_log: dict[str, Any] = log["runs"][0]
        return run_log

    from_docs = sarif_from(repo / "docs", "page.md", "../README.md")
    from_root = sarif_from(repo, "docs/page.md", "README.md")
    assert from_docs["originalUriBaseIds"] == {"%SRCROOT%": {"uri": repo.as_uri() + "/"}}

    def alerts(run: dict[str, Any]) -> set[tuple[str, str, str, int, str]]:
        return {
            (
                r["ruleId"],
                r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"],
                r["locations"][0]["physicalLocation"]["region"]["startLine"],
                r["partialFingerprints"]["primaryLocationLineHash"],
            )
            for r in run["results"]
        }

    assert {uri for _, uri, _, _, _ in alerts(from_docs)} == {"docs/page.md", "README.md"}
    assert {base for _, _, base, _, _ in alerts(from_docs)} == {"%SRCROOT%"}
    assert alerts(from_docs) == alerts(from_root)  # the same alerts wherever the run started
    assert len(alerts(from_docs)) == len(from_docs["results"])


def test_json_rules_keep_their_keys(cli: Invoke) -> None:
    rules = cli("check", "--text", CLAIM, "-f", "json").json()["rules"]
    assert rules
    assert all(
        set(r) == {"code", "name", "severity", "summary", "description", "help_uri"} for r in rules
    )
