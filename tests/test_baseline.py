"""A baseline: findings a repository had when it adopted claimcheck are reported as
suppressed, so that a run fails only on new ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimcheck.api import check
from claimcheck.baseline import BASELINE_REASON
from claimcheck.errors import UsageError
from claimcheck.options import Options

OLD = "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT.\n"
NEW = "Loading a 64K-token KV cache in 1 s instead of recomputing it in 9 s: 30x faster TTFT.\n"


@pytest.fixture
def repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(f"# Launch\n\n{OLD}", encoding="utf-8")
    return tmp_path


def _baseline(repository: Path) -> Path:
    from claimcheck.formats import OutputFormat, RenderOptions, render

    report = check(["docs"], Options()).report
    path = repository / "claimcheck-baseline.json"
    path.write_text(render(report, OutputFormat.JSON, RenderOptions()), encoding="utf-8")
    return path


def test_known_findings_are_suppressed_and_new_ones_count(repository: Path) -> None:
    baseline = _baseline(repository)
    before = check(["docs"], Options()).report
    assert before.summary.findings["error"] == 1  # KV202: 30 s ÷ 2 s is 15x, not 40x
    # The page moves on: a heading above the old claim, and a new claim below it.
    (repository / "docs" / "page.md").write_text(
        f"# Launch\n\nSome words first.\n\n{OLD}\n{NEW}", encoding="utf-8"
    )
    after = check(["docs"], Options(), baseline=baseline).report
    old = [f for f in after.all_findings() if f.line == 5]
    new = [f for f in after.all_findings() if f.line == 7]
    assert old and all(f.suppressed and f.suppression_reason == BASELINE_REASON for f in old)
    assert new and not any(f.suppressed for f in new)
    assert after.summary.suppressed == len(old)
    assert after.summary.findings["error"] == 1  # the new claim's KV202 (9 ÷ 1 is 9x)
    total = sum(after.summary.findings.values()) + after.summary.suppressed
    assert total == len(after.all_findings())


def test_a_changed_claim_is_new_again(repository: Path) -> None:
    baseline = _baseline(repository)
    (repository / "docs" / "page.md").write_text(
        f"# Launch\n\n{OLD.replace('40x', '45x')}", encoding="utf-8"
    )
    after = check(["docs"], Options(), baseline=baseline).report
    assert after.summary.suppressed == 0 and after.summary.findings["error"] == 1


@pytest.mark.parametrize("text", ["not json", json.dumps({"claims": "x"}), json.dumps([1])])
def test_a_baseline_that_is_no_report_is_one_usage_error(repository: Path, text: str) -> None:
    bad = repository / "bad.json"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(UsageError, match="is not a claimcheck JSON report"):
        check(["docs"], Options(), baseline=bad)
    with pytest.raises(UsageError, match="cannot read the baseline"):
        check(["docs"], Options(), baseline=repository / "missing.json")


def test_the_command_line_takes_a_baseline(repository: Path) -> None:
    import subprocess
    import sys

    def run(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "claimcheck", "check", *arguments],
            cwd=repository, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip

    assert run("docs", "-f", "json", "-o", "baseline.json").returncode == 1  # KV202 fails it
    known = run("docs", "--baseline", "baseline.json", "-f", "concise")
    assert known.returncode == 0, known.stdout + known.stderr
    assert "suppressed" in known.stdout
    (repository / "docs" / "page.md").write_text(f"{OLD}\n{NEW}", encoding="utf-8")
    assert run("docs", "--baseline", "baseline.json").returncode == 1  # the new claim's KV202
    bad = run("docs", "--baseline", "docs/page.md")
    assert bad.returncode == 2 and "is not a claimcheck JSON report" in bad.stderr
