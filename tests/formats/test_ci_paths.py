"""One rule for file names in every CI format: from the repository root (``GITHUB_WORKSPACE``,
``CI_PROJECT_DIR``, else the git root), whatever folder the run started in."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from claimcheck.formats import OutputFormat, RenderOptions, render
from claimcheck.formats.checkout import ROOT_VARIABLES, Checkout, ci_path
from tests.conftest import Invoke
from tests.formats.ci_sample import build, hit, problem

CLAIM = "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT.\n"
CI_FORMATS = ("github", "gitlab", "sarif", "junit")
_PROPERTIES = re.compile(r"::(?:error|warning|notice) ([^:]*)::")


def names(fmt: str, stdout: str) -> set[str]:
    """Every file name a report in ``fmt`` gives its findings and input errors."""
    if fmt == "github":
        found = set()
        for line in stdout.splitlines():
            if match := _PROPERTIES.match(line):
                properties = dict(p.split("=", 1) for p in match.group(1).split(","))
                if "file" in properties:
                    found.add(properties["file"])
        return found
    if fmt == "gitlab":
        return {issue["location"]["path"] for issue in json.loads(stdout)}
    if fmt == "sarif":
        run = json.loads(stdout)["runs"][0]
        located = run["results"] + run["invocations"][0].get("toolExecutionNotifications", [])
        artifacts = [
            item["locations"][0]["physicalLocation"]["artifactLocation"] for item in located
        ]
        assert all(a.get("uriBaseId") == "%SRCROOT%" for a in artifacts), artifacts
        return {a["uri"] for a in artifacts}
    assert fmt == "junit"
    root = ET.fromstring(stdout.encode())
    suites = {s.get("name", "").removeprefix("claimcheck: ") for s in root.iter("testsuite")}
    classes = {case.get("classname", "") for case in root.iter("testcase")}
    assert suites == classes, (suites, classes)
    return suites


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A clone (it has ``.git``) holding ``docs/page.md`` with a failing claim; no CI variable
    names a root."""
    for name in ROOT_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / ".git").mkdir()
    (repo / "docs" / "page.md").write_text(CLAIM, encoding="utf-8")
    return repo


def test_from_a_subfolder_every_ci_format_names_the_file_from_the_git_root(
    cli: Invoke, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(repo / "docs")  # working-directory: docs
    for fmt in CI_FORMATS:
        run = cli("check", ".", "--format", fmt)
        assert run.code == 1, (fmt, run.stderr)
        assert names(fmt, run.stdout) == {"docs/page.md"}, fmt


def test_from_a_subfolder_input_errors_are_named_from_the_root_too(
    cli: Invoke, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo / "docs" / "broken.yaml").write_text("speedup: [\n", encoding="utf-8")
    monkeypatch.chdir(repo / "docs")
    for fmt in CI_FORMATS:
        run = cli("check", "page.md", "broken.yaml", "--format", fmt)
        assert run.code == 2, (fmt, run.stderr)
        assert names(fmt, run.stdout) == {"docs/page.md", "docs/broken.yaml"}, fmt


@pytest.mark.parametrize("variable", ROOT_VARIABLES)
def test_the_ci_variable_names_the_root(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variable: str
) -> None:
    # The workspace has no .git of its own and sits in a clone: only the variable makes
    # "docs/page.md" (the clone would say "workspace/docs/page.md", the folder "page.md").
    for name in ROOT_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".git").mkdir()
    workspace = tmp_path / "workspace"
    (workspace / "docs" / "guide").mkdir(parents=True)
    (workspace / "docs" / "page.md").write_text(CLAIM, encoding="utf-8")
    monkeypatch.setenv(variable, str(workspace))
    monkeypatch.chdir(workspace / "docs" / "guide")
    for fmt in CI_FORMATS:
        run = cli("check", "../page.md", "--format", fmt)
        assert run.code == 1, (fmt, run.stderr)
        assert names(fmt, run.stdout) == {"docs/page.md"}, fmt


def test_a_file_outside_the_root_keeps_the_name_it_was_given(
    cli: Invoke, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo.parent / "outside.md").write_text(CLAIM, encoding="utf-8")
    monkeypatch.chdir(repo / "docs")
    for fmt in ("github", "gitlab", "junit"):  # SARIF names such a file by its file: URI
        run = cli("check", "page.md", "../../outside.md", "--format", fmt)
        assert run.code == 1, (fmt, run.stderr)
        assert names(fmt, run.stdout) == {"docs/page.md", "../../outside.md"}, fmt


# ---- the rule itself ---------------------------------------------------------------------


def test_ci_path_names_files_from_the_root(tmp_path: Path) -> None:
    checkout = Checkout(tmp_path, tmp_path / "docs")
    assert ci_path("page.md", checkout) == "docs/page.md"
    assert ci_path("./guide/../page.md", checkout) == "docs/page.md"
    assert ci_path("../README.md", checkout) == "README.md"
    assert ci_path(str(tmp_path / "docs" / "page.md"), checkout) == "docs/page.md"
    assert ci_path("../../elsewhere.md", checkout) == "../../elsewhere.md"
    assert ci_path("/elsewhere/x.md", checkout) == "/elsewhere/x.md"
    assert ci_path("-", checkout) == "-"  # standard input is no file
    assert ci_path("page.md", None) == "page.md"  # no checkout: names taken as they are


def test_the_ci_variables_come_before_the_git_root(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    workspace, project = tmp_path / "workspace", tmp_path / "workspace" / "project"
    deep = project / "docs"
    deep.mkdir(parents=True)
    assert Checkout.around(deep, {}) == Checkout(tmp_path, deep)
    assert Checkout.around(deep, {"CI_PROJECT_DIR": str(project)}) == Checkout(project, deep)
    both = {"GITHUB_WORKSPACE": str(workspace), "CI_PROJECT_DIR": str(project)}
    assert Checkout.around(deep, both) == Checkout(workspace, deep)
    assert Checkout.around(deep, {"GITHUB_WORKSPACE": ""}) == Checkout(tmp_path, deep)  # unset
    assert Checkout.around(deep, {"CI_PROJECT_DIR": ".."}) == Checkout(project, deep)


def test_a_variable_naming_a_folder_the_run_is_not_in_is_passed_over(tmp_path: Path) -> None:
    repo, elsewhere = tmp_path / "repo", tmp_path / "elsewhere"
    deep = repo / "docs"
    deep.mkdir(parents=True)
    elsewhere.mkdir()
    (repo / ".git").mkdir()
    environ = {"GITHUB_WORKSPACE": str(elsewhere)}
    assert Checkout.around(deep, environ) == Checkout(repo, deep)
    assert Checkout.around(deep, {"CI_PROJECT_DIR": str(deep / "sub")}) == Checkout(repo, deep)


def test_a_variable_may_name_the_root_through_a_symbolic_link(tmp_path: Path) -> None:
    real = tmp_path / "real"
    (real / "docs").mkdir(parents=True)
    link = tmp_path / "link"
    try:
        link.symlink_to(real, target_is_directory=True)
    except OSError:
        pytest.skip("cannot make a symbolic link here")
    checkout = Checkout.around(real / "docs", {"GITHUB_WORKSPACE": str(link)})
    assert checkout == Checkout(real.resolve(), (real / "docs").resolve())
    assert ci_path("page.md", checkout) == "docs/page.md"


@pytest.mark.parametrize("fmt", [OutputFormat.GITHUB, OutputFormat.GITLAB, OutputFormat.JUNIT])
def test_each_format_names_findings_and_input_errors_from_the_root(
    tmp_path: Path, fmt: OutputFormat
) -> None:
    report = build(
        [hit(path="page.md"), hit("KV202", path="../outside.md")],
        [problem("claims/bad.yaml", line=2), problem(None, "stdin is empty")],
    )
    checkout = Checkout(tmp_path, tmp_path / "docs")
    given = names(fmt.value, render(report, fmt))
    named = names(fmt.value, render(report, fmt, RenderOptions(checkout=checkout)))
    assert "page.md" in given and "claims/bad.yaml" in given  # no checkout: as the report has it
    assert named - {"<text>"} == {"docs/page.md", "outside.md", "docs/claims/bad.yaml"}


def test_junit_says_the_root_name_in_each_message(tmp_path: Path) -> None:
    report = build([hit("KV202", path="page.md", line=3, column=5)], [problem("bad.yaml", line=2)])
    checkout = Checkout(tmp_path, tmp_path / "docs")
    xml = ET.fromstring(render(report, OutputFormat.JUNIT, RenderOptions(checkout=checkout)))
    texts = {e.text for e in xml.iter() if e.tag in ("failure", "system-out", "error")}
    assert texts == {
        "docs/page.md:3:5: KV202 [warning] message of KV202",
        "docs/bad.yaml:2: bad input",
    }


def test_the_job_summary_names_places_from_the_root(
    cli: Invoke, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The annotations and the summary table name the same file (docs/page.md from docs/).
    summary = repo / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.chdir(repo / "docs")
    run = cli("check", ".", "--format", "github")
    assert run.code == 1
    table = summary.read_text(encoding="utf-8")
    assert "docs/page.md:1:" in table and "| page.md:" not in table
