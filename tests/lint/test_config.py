"""Configuration: discovery, precedence, validation, and `claimcheck config`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke

CLAIM = "Up to 27x faster TTFT at 128K tokens with KV cache offload.\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # the repository sits one level down, so a file "above the repository" stays inside
    # this test's own folder and no other test ever finds it
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "docs").mkdir()
    (root / "docs" / "page.md").write_text(CLAIM, encoding="utf-8")
    monkeypatch.chdir(root)
    return root


def _codes(cli: Invoke, *args: str) -> set[str]:
    report = cli("check", "docs", "-f", "json", *args).json()
    return {f["code"] for c in report["claims"] for f in c["findings"]}


def test_pyproject_table_is_used(cli: Invoke, project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.claimcheck]\nselect = ["KV1"]\nfail-on = "warning"\n'
    )
    assert _codes(cli) == {"KV101", "KV103"}
    assert cli("check", "docs", "-f", "json").code == 1


def test_command_line_wins_and_isolated_ignores_files(cli: Invoke, project: Path) -> None:
    (project / "claimcheck.toml").write_text('select = ["KV1"]\n')
    assert _codes(cli, "--select", "KV302") == {"KV302"}
    assert "KV302" in _codes(cli, "--isolated")


def test_nearest_file_wins_and_the_search_stops_at_the_repository(
    cli: Invoke, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (project.parent / "claimcheck.toml").write_text(
        'select = ["KV302"]\n'
    )  # outside the repository
    (project / "docs" / "claimcheck.toml").write_text('select = ["KV103"]\n')
    (project / "page.md").write_text(CLAIM, encoding="utf-8")
    report = cli("check", "page.md", "docs", "-f", "json").json()
    by_path = {c["source"]["path"]: {f["code"] for f in c["findings"]} for c in report["claims"]}
    assert "KV101" in by_path["page.md"]  # the file above the repository root is not read
    assert by_path[str(Path("docs", "page.md"))] == {"KV103"}  # the nearest file, per file
    monkeypatch.chdir(project / "docs")
    report = cli("check", "page.md", "-f", "json").json()
    assert {f["code"] for c in report["claims"] for f in c["findings"]} == {"KV103"}


def test_options_given_win_over_every_nearer_file(cli: Invoke, project: Path) -> None:
    (project / "claimcheck.toml").write_text('select = ["KV1"]\n')
    (project / "docs" / "claimcheck.toml").write_text(
        'select = ["KV103"]\n[thresholds]\nfilled-context-tokens = 200000\n'
    )
    assert _codes(cli) == set()  # docs/ raises the threshold of the only rule it selects
    assert _codes(cli, "--select", "KV101") == {"KV101"}
    assert "KV302" in _codes(cli, "--isolated")
    assert _codes(cli, "--config", "claimcheck.toml") == {"KV101", "KV103"}


def test_a_broken_nearer_file_fails_its_files_only(cli: Invoke, project: Path) -> None:
    (project / "notes").mkdir()
    (project / "notes" / "page.md").write_text(CLAIM, encoding="utf-8")
    (project / "docs" / "claimcheck.toml").write_text("select = [\n")
    run = cli("check", "docs", "notes", "-f", "json")
    assert run.code == 2
    report = run.json()
    assert [c["source"]["path"] for c in report["claims"]] == [str(Path("notes", "page.md"))]
    (error,) = report["errors"]
    assert error["path"] == str(Path("docs", "claimcheck.toml"))
    assert error["line"] == 2
    assert "TOML syntax error" in error["message"]


def test_thresholds_and_per_file_ignores(cli: Invoke, project: Path) -> None:
    (project / "claimcheck.toml").write_text(
        '[thresholds]\nfilled-context-tokens = 200000\n\n[per-file-ignores]\n"docs/*.md" = ["KV302"]\n'
    )
    found = _codes(cli)
    assert "KV103" not in found  # 128K is below the raised threshold
    assert "KV302" not in found


def test_unknown_key_is_an_error_with_a_suggestion(cli: Invoke, project: Path) -> None:
    (project / "claimcheck.toml").write_text('selcet = ["KV1"]\n')
    run = cli("check", "docs", "-f", "json")
    assert run.code == 2
    assert "unknown key 'selcet'" in run.stderr and "did you mean 'select'" in run.stderr
    (project / "claimcheck.toml").write_text("[thresholds]\nlarge-model = 30\n")
    run = cli("check", "docs")
    assert (
        run.code == 2
        and "'thresholds.large-model'" in run.stderr
        and "large-model-billions" in run.stderr
    )


def test_bad_value_is_an_error(cli: Invoke, project: Path) -> None:
    (project / "claimcheck.toml").write_text('fail-on = "sometimes"\n')
    run = cli("check", "docs")
    assert run.code == 2 and "'fail-on'" in run.stderr


def test_config_command_shows_sources(cli: Invoke, project: Path) -> None:
    (project / "claimcheck.toml").write_text('fail-on = "warning"\n')
    out = cli("config").stdout
    assert "configuration file:" in out and "claimcheck.toml" in out
    line = next(line for line in out.splitlines() if line.startswith("fail-on"))
    assert "warning" in line and "(claimcheck.toml)" in line
    select = next(line for line in out.splitlines() if line.startswith("select"))
    assert "(default)" in select


def test_config_as_json_gives_each_value_and_its_source(cli: Invoke, project: Path) -> None:
    (project / "claimcheck.toml").write_text(
        'select = ["KV1"]\n[thresholds]\nlow-mfu = 0.2\n', encoding="utf-8"
    )
    run = cli("config", "--format", "json")
    assert run.code == 0
    shown = run.json()
    assert shown["configuration_file"] == str(project / "claimcheck.toml")
    settings = shown["settings"]
    assert settings["select"] == {"value": ["KV1"], "source": "claimcheck.toml"}
    assert settings["fail-on"] == {"value": "error", "source": "default"}
    assert settings["thresholds"]["value"]["low_mfu"] == 0.2
    assert (
        cli("config", "--output-format", "json", "--isolated").json()["configuration_file"] is None
    )


@pytest.mark.parametrize(
    ("content", "where", "message"),
    [
        ('# rules\nselect = ["KV999"]\n', ":2:", "select: 'KV999' matches no rule"),
        ("select = []\n", ":1:", "select: an empty selection would run no rule"),
        ('[per-file-ignores]\n"docs/*.md" = ["KV9999"]\n', ":1:", "per-file-ignores: 'KV9999'"),
        ('extend-exclude = ["[z-a]"]\n', ":1:", "extend-exclude: '[z-a]' is not a gitignore"),
        (
            '[assumptions]\ngpu = "h100-sxm"\nmodel = "no-such-model"\n',
            ":3:",
            "'assumptions.model': unknown model 'no-such-model'",
        ),
    ],
)
def test_a_value_the_file_set_names_the_file_and_line(
    cli: Invoke, project: Path, content: str, where: str, message: str
) -> None:
    (project / "claimcheck.toml").write_text(content, encoding="utf-8")
    run = cli("check", "docs", "-f", "json")
    assert run.code == 2
    (line,) = run.stderr.splitlines()
    assert line.startswith(f"claimcheck: error: {project / 'claimcheck.toml'}{where} "), line
    assert message in line, line


def test_the_same_value_on_the_command_line_names_the_option(cli: Invoke, project: Path) -> None:
    (project / "claimcheck.toml").write_text('select = ["KV1"]\n', encoding="utf-8")
    run = cli("check", "docs", "--select", "KV999")
    assert run.stderr.splitlines() == [
        "claimcheck: error: select: 'KV999' matches no rule (did you mean 'KV900' or 'KV209'?)"
    ]
    run = cli("check", "docs", "--model", "no-such-model")
    assert "claimcheck.toml" not in run.stderr and "unknown model" in run.stderr


def test_discover_remembers_each_folder_it_passed(project: Path) -> None:
    from claimcheck.config import discover

    (project / "pyproject.toml").write_text('[tool.claimcheck]\nselect = ["KV1"]\n')
    deep = project / "docs" / "a" / "b"
    deep.mkdir(parents=True)
    known: dict[Path, Path | None] = {}
    assert discover(deep, known) == project.resolve() / "pyproject.toml"
    assert set(known) == {
        deep.resolve(),
        deep.resolve().parent,
        (project / "docs").resolve(),
        project.resolve(),
    }
    (project / "pyproject.toml").unlink()  # the answer is remembered, not looked up again
    assert discover(project / "docs", known) == project.resolve() / "pyproject.toml"
    assert discover(project / "docs") is None
