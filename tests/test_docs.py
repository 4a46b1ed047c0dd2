"""The README and the pages in docs/ are tested like code: their generated blocks match the
live tool.

Run with ``CLAIMCHECK_UPDATE_README=1`` to rewrite the blocks, then review the diff.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from claimcheck.claim import Claim
from claimcheck.rules import RULES
from tests.conftest import Invoke

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
RULES_PAGE = DOCS / "rules.md"
CONFIGURATION = DOCS / "configuration.md"
CI_PAGE = DOCS / "ci.md"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
"""Every page of the documentation: the README and docs/*.md."""


def _block(name: str, body: str) -> tuple[re.Pattern[str], str]:
    pattern = re.compile(rf"(<!-- {name} -->\n)(.*?)(<!-- /{name} -->)", re.DOTALL)
    return pattern, body


def _rules_table() -> str:
    rows = ["| code | name | default | flags |", "|---|---|---|---|"]
    rows += [f"| {r.code} | {r.name} | {r.severity.value} | {r.summary} |" for r in RULES]
    return "\n".join(rows) + "\n"


def _fields_table() -> str:
    rows = ["| field | meaning |", "|---|---|"]
    rows += [f"| `{name}` | {info.description} |" for name, info in Claim.model_fields.items()]
    return "\n".join(rows) + "\n"


def _rule_reference() -> str:
    import inspect

    parts = []
    for rule in RULES:
        body = inspect.cleandoc(rule.doc)
        summary, _, rest = body.partition("\n")
        rest = rest.replace("Flags:\n", "**Flags:**\n\n").replace(
            "Does not flag:\n", "**Does not flag:**\n\n"
        )
        parts.append(
            f"### {rule.code} {rule.name}\n\n*{rule.severity.value}* — {summary}\n{rest}\n"
        )
    return "\n".join(parts)


def _check_output(cli: Invoke) -> str:
    run = cli("check", "claims/", "--format", "text")
    return "```text\n" + run.stdout + "```\n"


def _page_with(name: str) -> Path:
    """The one page of the documentation that holds the ``<!-- name -->`` block."""
    holding = [p for p in PAGES if f"<!-- {name} -->\n" in p.read_text(encoding="utf-8")]
    assert len(holding) == 1, f"<!-- {name} --> is in {[p.name for p in holding]}, not one page"
    return holding[0]


def check_block(name: str, make: Callable[[], str], path: Path | None = None) -> None:
    """The ``<!-- name -->`` block of ``path`` (default: the one page that holds it) is what
    ``make`` gives today (or is rewritten with it when CLAIMCHECK_UPDATE_README is set)."""
    path = path or _page_with(name)
    text = path.read_text(encoding="utf-8")
    pattern, body = _block(name, make())
    match = pattern.search(text)
    assert match, f"{path.name} has no <!-- {name} --> block"
    if os.environ.get("CLAIMCHECK_UPDATE_README"):
        path.write_text(
            pattern.sub(lambda m: m.group(1) + body + m.group(3), text), encoding="utf-8"
        )
        return
    assert match.group(2) == body, (
        f"{path.name} block '{name}' is stale: rerun with CLAIMCHECK_UPDATE_README=1"
    )


def test_rules_table() -> None:
    check_block("rules", _rules_table, RULES_PAGE)


def test_fields_table() -> None:
    check_block("fields", _fields_table, DOCS / "claim-files.md")


def test_rule_reference() -> None:
    check_block("rule-reference", _rule_reference, RULES_PAGE)


def test_rule_sections_are_where_findings_point() -> None:
    from claimcheck import RULES_URL
    from claimcheck.audit import build_report

    assert RULES_URL.endswith("/blob/main/" + RULES_PAGE.relative_to(ROOT).as_posix())
    text = RULES_PAGE.read_text(encoding="utf-8")
    headings = re.findall(r"^### (KV\d{3} [\w-]+)$", text, flags=re.MULTILINE)
    # GitHub's anchor for a heading: lower case, spaces to hyphens.
    anchors = {f"{RULES_URL}#{h.lower().replace(' ', '-')}" for h in headings}
    report = build_report([], [], 0, RULES)
    assert len(report.rules) == len(RULES)
    for info in report.rules:
        assert info.help_uri in anchors, info.help_uri


def test_output_of_the_main_command(cli: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "100")
    check_block("output:check-claims", lambda: _check_output(cli))


def test_first_screen_commands() -> None:
    first_screen = "\n".join(README.read_text(encoding="utf-8").splitlines()[:15])
    assert "pip install . && claimcheck check claims/" in first_screen
    assert "pip install '.[test]' && python -m pytest" in first_screen


def test_every_rule_has_a_section_anchor() -> None:
    text = RULES_PAGE.read_text(encoding="utf-8")
    for rule in RULES:
        assert f"| {rule.code} | {rule.name} |" in text
        assert f"\n### {rule.code} {rule.name}\n" in text


@pytest.mark.parametrize("page", [README, CONFIGURATION], ids=lambda p: p.name)
def test_configuration_example_is_valid(page: Path, tmp_path: Path) -> None:
    from claimcheck.config import load

    text = page.read_text(encoding="utf-8")
    example = text.split("```toml\n[tool.claimcheck]\n", 1)[1].split("```", 1)[0]
    project = tmp_path / "pyproject.toml"
    project.write_text("[tool.claimcheck]\n" + example, encoding="utf-8")
    loaded = load(project).values
    assert loaded.fail_on == "warning"
    assert loaded.per_file_ignores == {"docs/research/*.md": ["KV103"]}
    assert loaded.assumptions is not None and loaded.assumptions.gpu == "h100-sxm"


def test_ci_snippets_are_valid_yaml() -> None:
    import yaml

    text = CI_PAGE.read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in text.split("```yaml\n")[1:]]
    assert len(blocks) >= 3
    for block in blocks:
        assert yaml.safe_load(block) is not None


def test_the_readme_recipes_are_those_of_the_ci_page() -> None:
    """The README shows some CI recipes; each is the one docs/ci.md gives (and
    tests/test_recipes.py runs), word for word."""
    recipe = re.compile(r"<!-- recipe: ([\w-]+) -->\n(```\w+\n.*?```\n)", re.DOTALL)
    shown = dict(recipe.findall(README.read_text(encoding="utf-8")))
    given = dict(recipe.findall(CI_PAGE.read_text(encoding="utf-8")))
    assert shown, "the README shows no CI recipe"
    assert set(given) >= {"github-actions", "gitlab-ci", "pre-commit", "shell"}
    for name, block in shown.items():
        assert block == given.get(name), f"README recipe '{name}' differs from docs/ci.md's"


def test_the_readme_is_short_and_links_every_page() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    for page in sorted(DOCS.glob("*.md")):
        assert f"](docs/{page.name})" in text, f"the README does not link docs/{page.name}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_relative_links_lead_to_files(page: Path) -> None:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    targets = re.findall(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", text)
    relative = [t for t in targets if not re.match(r"[a-z]+:", t)]
    missing = [t for t in relative if not (page.parent / t).exists()]
    assert not missing, missing


def test_the_readme_exit_codes_are_those_of_the_usage_page() -> None:
    def table(page: Path) -> str:
        text = page.read_text(encoding="utf-8")
        match = re.search(r"^\| exit code \| meaning \|\n(?:\|.*\n)+", text, flags=re.MULTILINE)
        assert match, f"{page.name} has no exit code table"
        return match.group(0)

    assert table(README) == table(DOCS / "usage.md")
    assert "| 2 |" in table(README)
