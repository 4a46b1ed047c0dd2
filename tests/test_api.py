"""The Python API: ``claimcheck.audit_text`` and ``claimcheck.audit_paths``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

import claimcheck
from claimcheck.errors import UsageError
from claimcheck.report import Report
from tests.conftest import PAGE_CLAIM as CLAIM
from tests.conftest import Invoke


def _codes(report: Report) -> set[str]:
    return {f.code for f in report.all_findings()}


def test_audit_text_returns_the_typed_report(project: Path) -> None:
    report = claimcheck.audit_text("27x faster TTFT at 128K tokens, recompute baseline")
    assert isinstance(report, Report)
    (claim,) = report.claims
    assert claim.claim["speedup"] == 27
    assert claim.claim["context_tokens"] == 128_000
    assert {"KV101", "KV103"} <= _codes(report)
    assert report.summary.claims == 1


def test_keyword_options_act_as_the_command_line_options(project: Path) -> None:
    text = "27x faster TTFT at 128K tokens with KV cache offload"
    assert _codes(claimcheck.audit_text(text, select=["KV103"])) == {"KV103"}
    assert "KV103" not in _codes(claimcheck.audit_text(text, ignore=["KV1"]))
    (claim,) = claimcheck.audit_text(text, model="llama-3.1-70b", gpu="h100-sxm").claims
    assert claim.analysis.physical_breakeven_tokens is not None
    assert any("llama-3.1-70b" in a for a in claim.analysis.assumptions)
    (bare,) = claimcheck.audit_text(text).claims
    assert bare.analysis.physical_breakeven_tokens is None


def test_a_text_without_a_figure_is_an_error_entry(project: Path) -> None:
    report = claimcheck.audit_text("KV caching is nice")
    assert report.claims == []
    (error,) = report.errors
    assert "no KV-cache speedup claim found" in error.message


def test_bad_options_raise_the_usage_error(project: Path) -> None:
    with pytest.raises(UsageError, match="--gpus"):
        claimcheck.audit_text(CLAIM, gpus=0)
    with pytest.raises(UsageError, match="nothing to check"):
        claimcheck.audit_paths([])


def test_audit_paths_reads_folders_and_reports_bad_paths(project: Path) -> None:
    report = claimcheck.audit_paths([Path("docs"), "missing.md"])
    assert [c.source.path for c in report.claims] == ["docs/page.md"]
    (error,) = report.errors
    assert error.path == "missing.md"
    assert claimcheck.audit_paths("docs") == claimcheck.audit_paths(Path("docs"))
    assert claimcheck.audit_paths("docs").summary.claims == 1


def test_configuration_applies_unless_isolated(project: Path) -> None:
    (project / "docs" / "claimcheck.toml").write_text('select = ["KV103"]\n', encoding="utf-8")
    assert _codes(claimcheck.audit_paths(["docs"])) == {"KV103"}
    assert _codes(claimcheck.audit_paths(["docs"], isolated=True)) > {"KV103"}
    assert _codes(claimcheck.audit_paths(["docs"], select=["KV101"])) == {"KV101"}


def test_per_file_ignores_take_a_mapping(project: Path) -> None:
    report = claimcheck.audit_paths(["docs"], per_file_ignores={"docs/*.md": ["KV1"]})
    assert not any(code.startswith("KV1") for code in _codes(report))


def test_the_command_line_gives_the_same_report(cli: Invoke, project: Path) -> None:
    """``check`` is an adapter over the API: same inputs and options, the same JSON."""
    (project / "claims.yaml").write_text(
        "speedup: 40\ncontext_tokens: 100000\nbaseline_seconds: 30\ncached_seconds: 2\n",
        encoding="utf-8",
    )
    options = ["--model", "llama-3.1-8b", "--output-tokens", "100"]
    run = cli("check", "docs", "claims.yaml", "-f", "json", *options)
    report = claimcheck.audit_paths(
        ["docs", "claims.yaml"], model="llama-3.1-8b", output_tokens=100
    )
    assert run.json() == json.loads(msgspec.json.encode(report))


def test_importing_the_package_loads_no_pipeline() -> None:
    script = (
        "import sys, claimcheck\n"
        "heavy = [m for m in ('claimcheck.audit', 'claimcheck.api', 'pydantic') if m in sys.modules]\n"
        "print(heavy)\n"
        "claimcheck.audit_text\n"
        "print('claimcheck.api' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == ["[]", "True"]


def test_unknown_attributes_are_attribute_errors() -> None:
    with pytest.raises(AttributeError, match="audit_everything"):
        _ = claimcheck.audit_everything
    assert {"audit_text", "audit_paths", "Report"} <= set(dir(claimcheck))


def test_the_readme_example_runs(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Python API", 1)[1].split("\n## ", 1)[0]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("KV")
    assert printed[-1] == "1 []"


def test_assumptions_are_keywords_and_a_misspelt_one_is_refused(project: Path) -> None:
    with_gpu = claimcheck.audit_text(CLAIM, model="llama-3.1-70b", gpu="h100-sxm", gpus=8)
    assert with_gpu.claims[0].analysis.physical_breakeven_tokens is not None
    assert claimcheck.audit_text(CLAIM).claims[0].analysis.physical_breakeven_tokens is None
    with pytest.raises(TypeError, match="'modle'"):
        claimcheck.audit_text(CLAIM, modle="llama-3.1-70b")  # type: ignore[call-arg]
