"""The README's CI recipes, run as written, and the GitHub Action in ``action.yml``.

Each recipe's shell steps are taken from the README (never copied here) and run with bash in
a scratch git repository holding a page of claims. They install this project from its
repository URL at the release tag they name: git's ``url.<base>.insteadOf`` points that URL at
a clone of this checkout with its HEAD tagged as that release, so the text runs unchanged and
offline. pip installs without the package index: the dependencies come from the test
environment (every package but this project's, on ``PYTHONPATH``), this project is built from
the clone (``--no-deps``, no build isolation) into an environment of its own.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
REPOSITORY = "https://github.com/claimcheck/claimcheck"
DISTRIBUTION = "claimcheck-kv"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
RELEASE = f"v{VERSION}"

CLAIM = "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT."
PAGE = f"# Our KV tier\n\n{CLAIM}\n\n```text\n{CLAIM}\n```\n"
"""Line 3 holds a claim (KV202, an error: 30 s ÷ 2 s is 15x, not 40x); the code block none."""


def recipe(name: str) -> str:
    """The fenced block that follows ``<!-- recipe: name -->`` in the README."""
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"<!-- recipe: {re.escape(name)} -->\n```\w+\n(.*?)```\n", text, re.DOTALL)
    assert match, f"README has no recipe '{name}'"
    return match.group(1)


# ---- what the recipes install -----------------------------------------------------------


def test_the_distribution_is_ours_and_the_command_is_claimcheck() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == DISTRIBUTION
    assert project["scripts"] == {"claimcheck": "claimcheck.__main__:main"}
    assert project["urls"]["Source"] == REPOSITORY  # where the recipes install from


@pytest.mark.parametrize("name", ["github-actions", "gitlab-ci", "pre-commit", "shell"])
def test_every_recipe_names_this_repository_at_this_release(name: str) -> None:
    text = recipe(name)
    assert not re.search(r"pip install\s+[\"']?claimcheck\b(?!-kv @)", text)  # not PyPI's
    pins = re.findall(r"(?:claimcheck/claimcheck@|rev: )(v[\w.]+)", text)
    assert pins and set(pins) == {RELEASE}, pins
    installs = re.findall(r"pip install (.*)", text)
    for install in installs:
        assert install == f'"{DISTRIBUTION} @ git+{REPOSITORY}@{RELEASE}"'


# ---- a scratch runner ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This repository's committed state, cloned, its HEAD tagged as the release."""
    if not (ROOT / ".git").exists():
        pytest.skip("the project is not a git checkout, so it cannot stand in for its URL")
    clone = tmp_path_factory.mktemp("release") / "claimcheck"
    _git("clone", "--quiet", str(ROOT), str(clone))
    _git("-C", str(clone), "tag", "--force", RELEASE, "HEAD")
    return clone


@pytest.fixture(scope="module")
def dependencies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test environment's packages but this project: links in one folder for PYTHONPATH."""
    folder = tmp_path_factory.mktemp("dependencies")
    ours = re.compile(r"claimcheck|__editable__", re.IGNORECASE)
    for where in {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}:
        for entry in Path(where).iterdir():
            if not ours.search(entry.name) and not (folder / entry.name).exists():
                (folder / entry.name).symlink_to(entry)
    return folder


@dataclass
class Runner:
    """A CI machine in miniature: a workspace, a Python of its own and the environment."""

    workspace: Path
    python: Path
    temp: Path
    env: dict[str, str] = field(default_factory=dict)

    def bash(self, script: str, extra: Mapping[str, str] | None = None) -> Completed:
        """Run ``script`` as GitHub runs a ``run:`` step (bash -e -o pipefail)."""
        run = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=self.workspace,
            env={**self.env, **(extra or {})},
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        return Completed(run.returncode, run.stdout, run.stderr)

    def installed(self, prefix: Path) -> dict[str, Any]:
        """pip's record of where the environment at ``prefix`` got this project from."""
        (record,) = prefix.glob("lib/python3*/site-packages/claimcheck_kv-*.dist-info")
        found: dict[str, Any] = json.loads((record / "direct_url.json").read_text())
        return found


@dataclass(frozen=True)
class Completed:
    code: int
    stdout: str
    stderr: str


@pytest.fixture
def runner(tmp_path: Path, release: Path, dependencies: Path) -> Runner:
    workspace = tmp_path / "workspace"
    (workspace / "docs").mkdir(parents=True)
    (workspace / "docs" / "claims.md").write_text(PAGE, encoding="utf-8")
    _git("init", "--quiet", str(workspace))
    python = tmp_path / "python"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(python)], check=True)
    for name in ("pip", "pip3"):  # the runner's pip (pip itself comes with the dependencies)
        shim = python / "bin" / name
        shim.write_text(
            f"#!{python}/bin/python\nimport sys\nfrom pip._internal.cli.main import main\n"
            "sys.exit(main())\n",
            encoding="utf-8",
        )
        shim.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    inherited = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PIP_", "GITHUB_", "GIT_", "PYTHON", "VIRTUAL_ENV", "PRE_COMMIT"))
    }
    env = {
        **inherited,
        "HOME": str(home),
        "PATH": f"{python / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(dependencies),
        "NO_COLOR": "1",
        "PIP_CONFIG_FILE": os.devnull,
        "PIP_NO_INDEX": "1",
        "PIP_NO_DEPS": "1",
        "PIP_NO_BUILD_ISOLATION": "0",  # pip reads "0" here as: no build isolation
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": f"url.file://{release}.insteadOf",
        "GIT_CONFIG_VALUE_0": REPOSITORY,
    }
    temp = tmp_path / "runner-temp"
    temp.mkdir()
    return Runner(workspace, python, temp, env)


def _git(*args: str) -> None:
    subprocess.run(["git", *args], check=True, capture_output=True, timeout=120)


def _installed_from_the_release(record: Mapping[str, Any], release: Path) -> None:
    head = subprocess.run(
        ["git", "-C", str(release), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    assert record["url"] == REPOSITORY
    assert record["vcs_info"]["requested_revision"] == RELEASE
    assert record["vcs_info"]["commit_id"] == head


# ---- the recipes --------------------------------------------------------------------------


def test_shell_recipe(runner: Runner, release: Path) -> None:
    run = runner.bash(recipe("shell"))
    assert run.code == 1, run.stdout + run.stderr  # a finding at error severity
    _installed_from_the_release(runner.installed(runner.workspace / ".venv"), release)
    suites = ET.parse(runner.workspace / "claimcheck.xml").getroot()
    assert suites.get("name") == "claimcheck"
    assert "KV202" in ET.tostring(suites, encoding="unicode")


def test_gitlab_recipe(runner: Runner, release: Path) -> None:
    job = yaml.safe_load(recipe("gitlab-ci"))["claimcheck"]
    assert job["artifacts"]["when"] == "always"
    report_name = job["artifacts"]["reports"]["codequality"]
    run = runner.bash("\n".join(job["script"]))  # GitLab runs the lines in one shell, -e
    assert run.code == 1, run.stdout + run.stderr
    _installed_from_the_release(runner.installed(runner.python), release)
    issues = json.loads((runner.workspace / report_name).read_text(encoding="utf-8"))
    places = {
        (i["check_name"], i["location"]["path"], i["location"]["lines"]["begin"]) for i in issues
    }
    assert ("KV202", "docs/claims.md", 3) in places
    assert all(line == 3 for _, _, line in places)  # nothing from the code block


def test_pre_commit_recipe(runner: Runner, release: Path) -> None:
    config = recipe("pre-commit")
    (runner.workspace / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    _git("-C", str(runner.workspace), "add", "--all")
    home = {"PRE_COMMIT_HOME": str(runner.temp / "pre-commit")}
    run = runner.bash(f"{sys.executable} -m pre_commit run --all-files", home)
    assert run.code == 1, run.stdout + run.stderr
    assert re.search(r"^claimcheck\.+Failed$", run.stdout, re.MULTILINE), run.stdout
    assert "docs/claims.md:3:" in run.stdout and "KV202 [error]" in run.stdout
    assert "docs/claims.md:7:" not in run.stdout


# ---- GitHub: the workflow and the action ------------------------------------------------


@dataclass
class Action:
    """One run of the composite action: its outcome, outputs and what its steps printed."""

    code: int
    outputs: dict[str, str]
    stdout: str


def run_action(runner: Runner, folder: Path, given: Mapping[str, object]) -> Action:
    """Run ``folder/action.yml`` as GitHub runs a composite action: inputs from ``given`` or
    their defaults, expressions substituted in ``env`` and ``outputs`` (never in scripts),
    the step's files and variables as GitHub sets them."""
    action = yaml.safe_load((folder / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    assert set(given) <= set(action["inputs"]), set(given) - set(action["inputs"])
    context: dict[str, str] = {
        "github.action_path": str(folder),
        "github.workspace": str(runner.workspace),
        "runner.temp": str(runner.temp),
    }
    for name, spec in action["inputs"].items():
        context[f"inputs.{name}"] = str(given.get(name, spec.get("default", "")))
    printed = []
    for number, step in enumerate(action["runs"]["steps"]):
        assert step["shell"] == "bash" and "${{" not in step["run"]
        output = runner.temp / f"output-{number}"
        output.touch()
        env = {key: _substitute(str(value), context) for key, value in step.get("env", {}).items()}
        run = runner.bash(
            step["run"],
            {
                **env,
                "GITHUB_ACTIONS": "true",
                "CI": "true",
                "GITHUB_ACTION_PATH": str(folder),
                "GITHUB_WORKSPACE": str(runner.workspace),
                "GITHUB_OUTPUT": str(output),
                "GITHUB_STEP_SUMMARY": str(runner.temp / "summary.md"),
                "RUNNER_TEMP": str(runner.temp),
                "RUNNER_OS": "Linux",
            },
        )
        printed.append(run.stdout)
        for line in output.read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition("=")
            context[f"steps.{step.get('id', number)}.outputs.{key}"] = value
        if run.code != 0:
            code = run.code
            break
    else:
        code = 0
    outputs = {
        name: _substitute(spec["value"], context) for name, spec in action["outputs"].items()
    }
    return Action(code, outputs, "".join(printed))


def _substitute(text: str, context: Mapping[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        assert match.group(1) in context, f"unknown expression {match.group(1)}"
        return context[match.group(1)]

    return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", value, text)


def test_github_actions_recipe(runner: Runner, release: Path) -> None:
    workflow = yaml.safe_load(recipe("github-actions"))
    (job,) = workflow["jobs"].values()
    assert job["permissions"]["security-events"] == "write"  # upload-sarif needs it
    ran: list[str] = []
    failed = False
    action: Action | None = None
    for step in job["steps"]:
        condition = step.get("if", "success()")
        assert condition in ("success()", "always()")
        if failed and condition != "always()":
            continue
        uses = step["uses"]
        ran.append(uses.split("@")[0])
        if uses.startswith("actions/checkout@"):
            continue  # the workspace is the checked-out repository
        if uses.startswith("actions/setup-python@"):
            assert tuple(map(int, step["with"]["python-version"].split("."))) >= (3, 11)
            continue  # the runner's Python is on PATH
        if uses == f"claimcheck/claimcheck@{RELEASE}":
            action = run_action(runner, release, step.get("with", {}))
            failed = failed or action.code != 0
            continue
        assert uses.startswith("github/codeql-action/upload-sarif@"), f"unknown step {uses}"
        sarif = _valid_sarif(runner.workspace / step["with"]["sarif_file"])
        results = sarif["runs"][0]["results"]
        assert "KV202" in {r["ruleId"] for r in results}
    assert ran == [
        "actions/checkout",
        "actions/setup-python",
        "claimcheck/claimcheck",
        "github/codeql-action/upload-sarif",
    ]
    assert action is not None
    assert action.code == 1  # a finding at error severity fails the step
    assert action.outputs == {"exit-code": "1", "sarif-file": "claimcheck.sarif"}
    _installed_from_the_release_checkout(runner, release)
    assert re.search(r"^::error file=docs/claims\.md,line=3,.*KV202", action.stdout, re.M)
    assert "line=7" not in action.stdout  # the code block is not prose
    summary = (runner.temp / "summary.md").read_text(encoding="utf-8")
    assert "KV202" in summary


def test_the_action_passes_args_and_can_skip_sarif(runner: Runner, release: Path) -> None:
    action = run_action(
        runner, release, {"paths": "docs/", "args": "--ignore KV202", "sarif-file": ""}
    )
    assert action.code == 0, action.stdout  # what is left are warnings
    assert action.outputs == {"exit-code": "0", "sarif-file": ""}
    assert re.search(r"^::warning file=docs/claims\.md,line=3,", action.stdout, re.M)
    assert "KV202" not in action.stdout
    assert not (runner.workspace / "claimcheck.sarif").exists()


def _installed_from_the_release_checkout(runner: Runner, release: Path) -> None:
    record = runner.installed(runner.temp / "claimcheck-venv")
    assert Path(record["url"].removeprefix("file://")) == release  # the action's own checkout


def _valid_sarif(path: Path) -> dict[str, Any]:
    schema = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
    log: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(log, schema)
    return log
