"""A selection that leaves no rule to run is refused, however it is spelled: a run that checks
nothing would pass, so ``ignore = ["ALL"]`` is refused as ``select = []`` is (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke

NOTHING_LEFT = "leaves no rule to run (ignore fewer, or select the rules to run)"


@pytest.mark.parametrize(
    ("args", "ignored"),
    [
        (("--ignore", "ALL"), "'ALL'"),
        (("--ignore", "all"), "'all'"),
        (("--select", "KV1", "--ignore", "KV1"), "'KV1'"),
        (("--select", "KV101", "--ignore", "prefill-only"), "'prefill-only'"),
        (("--ignore", "KV1,KV2,KV3,KV9"), "'KV1', 'KV2', 'KV3', 'KV9'"),
    ],
    ids=["ALL", "all", "a prefix", "a code by its name", "every family"],
)
def test_options_that_leave_no_rule_are_refused(
    cli: Invoke, project: Path, args: tuple[str, ...], ignored: str
) -> None:
    run = cli("check", "docs", "-f", "json", *args)
    assert run.code == 2
    assert run.stdout == ""
    assert run.stderr == f"claimcheck: error: ignore: {ignored} {NOTHING_LEFT}\n"


@pytest.mark.parametrize(
    ("name", "content", "line"),
    [
        ("claimcheck.toml", '# nothing\nignore = ["ALL"]\n', 2),
        ("pyproject.toml", '[project]\nname = "x"\n\n[tool.claimcheck]\nignore = ["ALL"]\n', 5),
        ("claimcheck.toml", 'select = ["KV3"]\nignore = ["KV3"]\n', 2),
    ],
    ids=["claimcheck.toml", "pyproject.toml", "select and ignore"],
)
def test_a_file_that_leaves_no_rule_is_refused_at_its_line(
    cli: Invoke, project: Path, name: str, content: str, line: int
) -> None:
    (project / name).write_text(content, encoding="utf-8")
    run = cli("check", "docs", "-f", "json")
    assert run.code == 2
    ignored = "'KV3'" if "KV3" in content else "'ALL'"
    assert run.stderr == (
        f"claimcheck: error: {project / name}:{line}: ignore: {ignored} {NOTHING_LEFT}\n"
    )


def test_the_command_line_can_pick_rules_back(cli: Invoke, project: Path) -> None:
    # The most specific selector wins: a rule selected by name or code runs despite ALL.
    (project / "claimcheck.toml").write_text('ignore = ["ALL"]\n', encoding="utf-8")
    run = cli("check", "docs", "-f", "json", "--extend-select", "KV101")
    assert run.code == 0, run.stderr
    assert [rule["code"] for rule in run.json()["rules"]] == ["KV101"]


def test_an_empty_select_keeps_its_message(cli: Invoke, project: Path) -> None:
    run = cli("check", "docs", "--select", "")
    assert run.code == 2
    assert run.stderr == (
        "claimcheck: error: select: an empty selection would run no rule "
        "(use ALL, codes or prefixes)\n"
    )
