"""Configuration read as TOML: every spelling of the table, strict types, a byte-order mark,
paths from the configuration's folder, and ``.gitignore`` files only where git applies them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import PAGE_CLAIM as CLAIM
from tests.conftest import Invoke


def _codes(cli: Invoke) -> set[str]:
    run = cli("check", "docs", "-f", "json")
    assert run.code in (0, 1), run.stderr
    return {f["code"] for c in run.json()["claims"] for f in c["findings"]}


@pytest.mark.parametrize(
    "pyproject",
    [
        '[tool.claimcheck]\nselect = ["KV1"]\n',
        '[ tool . claimcheck ]\nselect = ["KV1"]\n',
        '[tool."claimcheck"]\nselect = ["KV1"]\n',
        "[tool.'claimcheck']\nselect = ['KV1']\n",
        'tool.claimcheck.select = ["KV1"]\n',
        'tool = { claimcheck = { select = ["KV1"] } }\n',
        '[tool]\nclaimcheck = { select = ["KV1"] }\n',
        '[project]\nname = "x"\n\n[tool.claimcheck]\nselect = ["KV1"] # KV only\n',
        '[tool."\\u0063laimcheck"]\nselect = ["KV1"]\n',
    ],
    ids=["plain", "spaces", "double quotes", "single quotes", "dotted keys", "inline",
         "inline under [tool]", "after another table", "an escape in a quoted key"],
)  # fmt: skip
def test_every_spelling_of_the_table_is_found(cli: Invoke, project: Path, pyproject: str) -> None:
    (project / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    assert _codes(cli) == {"KV101", "KV103"}
    assert str(project / "pyproject.toml") in cli("config").stdout


@pytest.mark.parametrize(
    "pyproject",
    [
        "# [tool.claimcheck]\n[tool.ruff]\nline-length = 100\n",
        'notes = """\n[tool.claimcheck]\nselect = ["KV1"]\n"""\n',
        '[tool.claimcheckers]\nselect = ["KV1"]\n',
    ],
    ids=["a comment", "inside a string", "a longer name"],
)
def test_text_that_only_looks_like_the_table_is_not_it(
    cli: Invoke, project: Path, pyproject: str
) -> None:
    (project / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    assert "configuration file: (none)" in cli("config").stdout
    assert "KV302" in _codes(cli)  # every rule ran


@pytest.mark.parametrize("name", ["claimcheck.toml", "pyproject.toml"])
def test_a_byte_order_mark_is_accepted(cli: Invoke, project: Path, name: str) -> None:
    table = "" if name == "claimcheck.toml" else "[tool.claimcheck]\n"
    (project / name).write_bytes(b"\xef\xbb\xbf" + f'{table}select = ["KV1"]\n'.encode())
    assert _codes(cli) == {"KV101", "KV103"}


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("max-file-size = true", "'max-file-size': expected a whole number, got a boolean True"),
        ("max-file-size = 1.5", "'max-file-size': expected a whole number, got a number 1.5"),
        ('select = "KV101"', "'select': expected a list of strings, got a string 'KV101'"),
        ("exclude = 3", "'exclude': expected a list of strings, got an integer 3"),
        ('extend-exclude = ["a", 3]', "'extend-exclude.1': expected a string, got an integer 3"),
        ('respect-gitignore = "yes"', "'respect-gitignore': expected true or false, got a string 'yes'"),
        ("fail-on = 3", "'fail-on': expected one of info, warning, error, never, got an integer 3"),
        ('fail-on = "warn"', "'fail-on': expected one of info, warning, error, never, got a string 'warn' (did you mean 'warning'?)"),
        ('format = "jsn"', "'format': expected one of text, concise, json, sarif, github, gitlab, junit, markdown, html, got a string 'jsn' (did you mean 'json'?)"),
        ('[assumptions]\nkv-dtype = "bf8"', "'assumptions.kv-dtype': expected one of bf16, fp8, got a string 'bf8' (did you mean 'fp8'?)"),
        ('[assumptions]\nkv-layout = "sliding"', "'assumptions.kv-layout': expected one of resumed, full, got a string 'sliding'"),
        ('[extensions]\n".mdx" = "mdown"', "expected one of markdown, html, text, yaml, toml, json, got a string 'mdown' (did you mean 'markdown'?)"),
        ("[thresholds]\nlow-mfu = 2", "'thresholds.low-mfu': expected a number of at most 1, got an integer 2"),
        ("[thresholds]\nimplausible-factor = 1", "'thresholds.implausible-factor': expected a number above 1, got an integer 1"),
        ('[per-file-ignores]\n"docs/*" = "KV101"', "'per-file-ignores.docs/*': expected a list of strings, got a string 'KV101'"),
        ("[thresholds]\nfilled-context-tokens = true", "'thresholds.filled-context-tokens': expected a whole number, got a boolean True"),
        ("[assumptions]\ngpus = 1.0e300", "'assumptions.gpus': expected a whole number, got a number 1e+300"),
        ("[assumptions]\nmfu = 1.0e-300", "expected an MFU (fraction of dense peak) from 0.0001 to 1, got 1e-300"),
        ("max-file-size = 99999999999999999999", "expected a file size limit from 1 to 1,000,000,000,000 bytes, got 99,999,999,999,999,999,999"),
        ("max-file-size = " + "9" * 5_000, "claimcheck.toml:1:17: 'max-file-size': expected a number, got a whole number of 5,000 digits"),
        ("select = 0x" + "f" * 5_000, "'select': expected a list of strings, got an integer of about 6,021 digits"),
        ('exclude = ["[z-a]"]', "exclude: '[z-a]' is not a gitignore pattern claimcheck can match (bad character range z-a)"),
        ('[per-file-ignores]\n"docs\\\\" = ["KV101"]', "per-file-ignores: 'docs\\\\' is not a gitignore pattern claimcheck can match (a trailing backslash escapes nothing)"),
    ],
)  # fmt: skip
def test_a_wrong_type_or_value_names_the_file_the_key_and_what_was_expected(
    cli: Invoke, project: Path, setting: str, message: str
) -> None:
    (project / "claimcheck.toml").write_text(setting + "\n", encoding="utf-8")
    run = cli("check", "docs", "-f", "json")
    assert run.code == 2
    (line,) = run.stderr.splitlines()
    assert line.startswith("claimcheck: error: "), line
    assert message in line, line
    if not line.startswith(("claimcheck: error: exclude", "claimcheck: error: per-file")):
        assert f"{project / 'claimcheck.toml'}:" in line  # the file and the key's line
    assert "Traceback" not in run.stderr
    assert not any(words in line for words in PYDANTIC_WORDING), line


# How pydantic words its errors (https://docs.pydantic.dev/latest/errors/validation_errors/):
# never shown to a user, who wrote TOML, not a model.
PYDANTIC_WORDING = ("Input should", "String should", "should match pattern", "Value error")


def test_a_value_the_configuration_refuses_names_its_line(cli: Invoke, project: Path) -> None:
    (project / "claimcheck.toml").write_text(
        '# rules\nselect = ["KV1"]\n\n[assumptions]\nkv-layout = "ful"\n', encoding="utf-8"
    )
    run = cli("check", "docs")
    assert (run.code, run.stdout) == (2, "")
    assert run.stderr == (
        f"claimcheck: error: {project / 'claimcheck.toml'}:5: 'assumptions.kv-layout': "
        "expected one of resumed, full, got a string 'ful' (did you mean 'full'?)\n"
    )


def test_paths_in_the_configuration_are_read_from_its_folder(
    cli: Invoke, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run from a subfolder: exclude, per-file-ignores and the catalog still mean the paths
    the configuration names, not paths below the working directory."""
    docs = project / "docs"
    (docs / "old").mkdir()
    (docs / "old" / "page.md").write_text(CLAIM, encoding="utf-8")
    (docs / "mine.yaml").write_text(
        "speedup: 27\ncontext_tokens: 128000\nmetric: ttft\nmodel: llama-3.1-8b\ngpu: mine-gpu\n",
        encoding="utf-8",
    )
    (project / "extra.toml").write_text(
        '[[gpus]]\nid = "mine-gpu"\nname = "Mine GPU"\nsource = "a test"\nbf16_tflops = 989\n'
        'hbm_gb = 80\nhbm_tb_s = 3.35\nhost_link = "PCIe"\nhost_link_gb_s = 12.5\n',
        encoding="utf-8",
    )
    (project / "claimcheck.toml").write_text(
        'extend-exclude = ["docs/old/"]\n'
        '[per-file-ignores]\n"docs/page.md" = ["KV103"]\n'
        '[assumptions]\ncatalog = "extra.toml"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(docs)
    run = cli("check", ".", "-f", "json")
    assert run.code in (0, 1), run.stderr
    claims = {c["source"]["path"]: c for c in run.json()["claims"]}
    assert set(claims) == {"page.md", "mine.yaml"}  # docs/old/ excluded from a subfolder
    assert "KV103" not in {f["code"] for f in claims["page.md"]["findings"]}
    assert "KV103" in {f["code"] for f in claims["mine.yaml"]["findings"]}
    assert claims["mine.yaml"]["analysis"]["load_ceiling_gb_s"] == 12.5  # the config's catalog


def test_outside_a_repository_no_parent_gitignore_applies(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git applies no .gitignore outside a repository; claimcheck applies only those of the
    folder it walks and below, never one above it."""
    outer = tmp_path / "outer"
    (outer / "walked" / "sub").mkdir(parents=True)
    (outer / ".gitignore").write_text("page.md\n", encoding="utf-8")
    (outer / "walked" / ".gitignore").write_text("skipped.md\n", encoding="utf-8")
    for name in ("page.md", "skipped.md", "sub/skipped.md"):
        (outer / "walked" / name).write_text(CLAIM, encoding="utf-8")
    monkeypatch.chdir(outer)
    run = cli("check", "walked", "-f", "json")
    paths = {c["source"]["path"] for c in run.json()["claims"]}
    assert paths == {"walked/page.md"}
    (outer / ".git").mkdir()  # now a repository: the outer .gitignore applies too
    run = cli("check", "walked", "-f", "json", "--allow-empty")
    assert run.json()["claims"] == []


def test_a_pyproject_that_is_not_toml_is_named(cli: Invoke, project: Path) -> None:
    """Whether it holds a claimcheck table cannot be told: say so rather than guess."""
    (project / "pyproject.toml").write_text('[tool.claimcheck\nselect = ["KV1"]\n')
    run = cli("check", "docs", "-f", "json")
    assert run.code == 2
    assert run.stderr.splitlines() == [
        f"claimcheck: error: {project / 'pyproject.toml'}:1:17: TOML syntax error: "
        "Expected ']' at the end of a table declaration"
    ]


def test_a_pyproject_that_cannot_name_claimcheck_is_not_read(cli: Invoke, project: Path) -> None:
    """Not TOML, but no spelling of ``claimcheck`` in it: it cannot hold the table, so it is
    passed over like any other project's file (and a run pays nothing to parse it)."""
    (project / "pyproject.toml").write_text("[tool.ruff\nline-length = 100\n")
    run = cli("check", "docs", "-f", "json")
    assert run.code in (0, 1) and run.stderr == ""
    assert run.json()["claims"] and not run.json()["errors"]
    assert "configuration file: (none)" in cli("config").stdout


def test_a_syntax_error_at_the_end_of_the_file_has_a_line_too(cli: Invoke, project: Path) -> None:
    """tomllib says only "at end of document": the end is a place, the last line's end."""
    (project / "claimcheck.toml").write_text('select = ["KV1"]\nignore = [\n')
    run = cli("check", "docs", "-f", "json")
    assert run.code == 2
    assert run.stderr.splitlines() == [
        f"claimcheck: error: {project / 'claimcheck.toml'}:3:1: TOML syntax error: Invalid value"
    ]


def test_a_configuration_read_from_the_cache_is_the_file(cli: Invoke, project: Path) -> None:
    """The second run of the same file takes its parse from the cache; an edit is read anew."""
    (project / "claimcheck.toml").write_text('select = ["KV1"]\n', encoding="utf-8")
    assert _codes(cli) == _codes(cli) == {"KV101", "KV103"}
    (project / "claimcheck.toml").write_text('select = ["KV3"]\n', encoding="utf-8")
    edited = _codes(cli)
    assert edited and all(code.startswith("KV3") for code in edited)
