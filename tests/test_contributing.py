"""docs/contributing.md: every path it names exists, and its catalog example works as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from claimcheck.catalog import load_catalog
from tests.conftest import Invoke

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")


def test_every_path_the_guide_names_exists() -> None:
    named = set(re.findall(r"`((?:claimcheck|tests|docs|bench)/[\w/.]+?)`", GUIDE))
    named |= set(re.findall(r"\b((?:claimcheck|tests|docs)/[\w/]+\.(?:py|md|yaml|toml))\b", GUIDE))
    examples = {"no_context", "tsv_format"}  # the files the guide's examples create
    concrete = {
        p for p in named if "<" not in p and "{" not in p and not any(e in p for e in examples)
    }
    assert len(concrete) > 30
    missing = sorted(p for p in concrete if not (ROOT / p).exists())
    assert not missing, missing


def test_the_catalog_example_adds_a_model(cli: Invoke, tmp_path: Path) -> None:
    example = GUIDE.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "my.toml"
    path.write_text(example, encoding="utf-8")
    model = load_catalog(path).require_model("MyModel-8B")
    assert (model.id, model.layers, model.kv_heads) == ("my-model-8b", 32, 8)
    run = cli("catalog", "models", "--catalog", str(path), "--format", "json")
    assert run.code == 0, run.stderr
    assert "my-model-8b" in run.stdout


def _examples() -> list[str]:
    """The guide's Python examples, in order (rule module, format module), unindented."""
    blocks = re.findall(r"\n( *)```python\n(.*?)\n\1```", GUIDE, re.S)
    return ["\n".join(line[len(indent) :] for line in body.split("\n")) for indent, body in blocks]


def _follow_the_guide(copy: Path) -> None:
    """Do what the guide's "Add a rule" and "Add an output format" steps say, in ``copy``."""
    rule, fmt = _examples()
    package = copy / "claimcheck"
    (package / "rules" / "no_context.py").write_text(rule + "\n", encoding="utf-8")
    registry = package / "rules" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    text = text.replace("    missing_setup,\n", "    missing_setup,\n    no_context,\n", 1)
    text = text.replace(
        "    unused_suppression.RULE,\n)", "    unused_suppression.RULE,\n    no_context.RULE,\n)"
    )
    registry.write_text(text, encoding="utf-8")

    (package / "formats" / "tsv_format.py").write_text(fmt + "\n", encoding="utf-8")
    choices = package / "output_format.py"
    text = choices.read_text(encoding="utf-8")
    text = text.replace('    HTML = "html"\n', '    HTML = "html"\n    TSV = "tsv"\n', 1)
    choices.write_text(text, encoding="utf-8")
    formats = package / "formats" / "__init__.py"
    text = formats.read_text(encoding="utf-8")
    text = text.replace(
        '    OutputFormat.HTML: "claimcheck.formats.html_format",\n',
        '    OutputFormat.HTML: "claimcheck.formats.html_format",\n'
        '    OutputFormat.TSV: "claimcheck.formats.tsv_format",\n',
        1,
    )
    formats.write_text(text, encoding="utf-8")
    reports = package / "sources" / "reports.py"
    text = reports.read_text(encoding="utf-8")
    heads = "_HEADS = (\n"
    assert heads in text
    reports.write_text(
        text.replace(heads, heads + '    re.compile(r"# claimcheck findings\\t"),\n', 1),
        encoding="utf-8",
    )


def test_the_guides_rule_and_format_work_in_a_copy_of_the_package(tmp_path: Path) -> None:
    import shutil
    import subprocess
    import sys

    copy = tmp_path / "repo"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "test-artifacts")
    for part in ("claimcheck", "tests"):
        shutil.copytree(ROOT / part, copy / part, ignore=skip)
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    _follow_the_guide(copy)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *args], cwd=copy, capture_output=True, text=True, timeout=600
        )

    where = run("-c", "import claimcheck; print(claimcheck.__file__)")
    assert Path(where.stdout.strip()).is_relative_to(copy), where
    tests = run(
        "-m",
        "pytest",
        "-rA",
        "-p",
        "no:cacheprovider",
        "tests/rules/test_registry.py",
        "tests/formats/test_registry.py",
        "tests/sources/test_reports.py",
        "-k",
        "KV399 or registered or each_module or recognised",
    )
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-3000:]
    assert (
        "PASSED tests/rules/test_registry.py::test_docstring_examples_flag_and_do_not_flag[KV399]"
        in tests.stdout
    )
    recognised = (
        r"PASSED tests/sources/test_reports\.py::test_every_format_is_recognised\[\d+-tsv\]"
    )
    assert re.search(recognised, tests.stdout), tests.stdout[-3000:]
    said = "KV cache offload gives 27x faster time to first token."
    audit = run("-m", "claimcheck", "check", "--text", said, "--format", "tsv")
    lines = audit.stdout.splitlines()
    assert lines[0].startswith("# claimcheck findings\tpath"), audit.stderr
    assert any(line.split("\t")[2:4] == ["KV399", "info"] for line in lines[1:]), lines


BLOCKED = """
import sys
import pytest
if sys.argv[1] == "playwright":
    sys.modules["playwright"] = None  # as if it were not installed
else:
    import shutil
    shutil.which = lambda *args, **kwargs: None  # no chromium on PATH
sys.exit(pytest.main(["-p", "no:cacheprovider", "-rs", "-m", "browser", "tests/formats"]))
"""


@pytest.mark.parametrize("missing", ["playwright", "chromium"])
def test_the_browser_tests_skip_cleanly_without_a_browser(missing: str) -> None:
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-c", BLOCKED, missing],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    # 5: nothing collected, as when the whole module is skipped (Playwright missing).
    assert run.returncode in (0, 5), run.stdout[-3000:] + run.stderr[-3000:]
    assert "skipped" in run.stdout and "failed" not in run.stdout and "error" not in run.stdout
