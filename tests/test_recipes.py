"""The CI recipes of docs/ci.md, run as written, and the GitHub Action in ``action.yml``.

Each recipe's shell steps are taken from docs/ci.md (never copied here) and run with bash in
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
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import jsonschema
import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
CI_PAGE = ROOT / "docs" / "ci.md"
"""The page the recipes are on (the README shows some of them, word for word: tests/test_docs.py)."""
REPOSITORY = "https://github.com/claimcheck/claimcheck"
DISTRIBUTION = "claimcheck-kv"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
RELEASE = f"v{VERSION}"
CONSTRAINTS = ROOT / "action-constraints.txt"
"""The exact versions the action installs the runtime dependencies at."""

CLAIM = "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT."
PAGE = f"# Our KV tier\n\n{CLAIM}\n\n```text\n{CLAIM}\n```\n"
"""Line 3 holds a claim (KV202, an error: 30 s ÷ 2 s is 15x, not 40x); the code block none."""


def recipe(name: str) -> str:
    """The fenced block that follows ``<!-- recipe: name -->`` in docs/ci.md."""
    text = CI_PAGE.read_text(encoding="utf-8")
    match = re.search(rf"<!-- recipe: {re.escape(name)} -->\n```\w+\n(.*?)```\n", text, re.DOTALL)
    assert match, f"docs/ci.md has no recipe '{name}'"
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


def run_action(
    runner: Runner,
    folder: Path,
    given: Mapping[str, object],
    steps: Collection[str] | None = None,
) -> Action:
    """Run ``folder/action.yml`` as GitHub runs a composite action: inputs from ``given`` or
    their defaults, expressions substituted in ``env`` and ``outputs`` (never in scripts),
    the step's files and variables as GitHub sets them; only the steps named in ``steps``
    when given."""
    action = yaml.safe_load((folder / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    assert set(given) <= set(action["inputs"]), set(given) - set(action["inputs"])
    names = {step["name"] for step in action["runs"]["steps"]}
    assert steps is None or set(steps) <= names, set(steps or ()) - names
    context: dict[str, str] = {
        "github.action_path": str(folder),
        "github.workspace": str(runner.workspace),
        "runner.temp": str(runner.temp),
    }
    for name, spec in action["inputs"].items():
        context[f"inputs.{name}"] = str(given.get(name, spec.get("default", "")))
    printed = []
    for number, step in enumerate(action["runs"]["steps"]):
        if steps is not None and step["name"] not in steps:
            continue
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
        if match.group(1).startswith("steps."):  # a step that did not run or set it: empty
            return context.get(match.group(1), "")
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


def test_the_action_passes_args_and_can_skip_sarif(runner: Runner, action_checkout: Path) -> None:
    action = run_action(
        runner, action_checkout, {"paths": "docs/", "args": "--ignore KV202", "sarif-file": ""}
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


# ---- the action's inputs: words as a shell splits them, nothing expanded or run ------------


@pytest.fixture(scope="module")
def action_checkout(release: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The release checkout with the action's files as they stand in this working tree."""
    folder = tmp_path_factory.mktemp("action") / "claimcheck"
    shutil.copytree(release, folder, ignore=shutil.ignore_patterns(".git"))
    for name in ("action.yml", CONSTRAINTS.name):
        shutil.copy2(ROOT / name, folder / name)
    return folder


@pytest.fixture
def recorded(tmp_path: Path) -> Runner:
    """A runner with a stand-in for the installed action: its Python is this one, and its
    claimcheck writes the arguments it is given (a JSON list a line) and exits 1."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    temp = tmp_path / "runner-temp"
    bin_ = temp / "claimcheck-venv" / "bin"
    bin_.mkdir(parents=True)
    (bin_ / "python").symlink_to(sys.executable)
    claimcheck = bin_ / "claimcheck"
    claimcheck.write_text(
        f"#!{sys.executable}\n"
        "import json, os, sys\n"
        "log = os.path.join(os.environ['RUNNER_TEMP'], 'argv.jsonl')\n"
        "with open(log, 'a', encoding='utf-8') as out:\n"
        "    out.write(json.dumps(sys.argv[1:]) + '\\n')\n"
        "sys.exit(1)\n",
        encoding="utf-8",
    )
    claimcheck.chmod(0o755)
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "LC_ALL": "C.UTF-8"}
    return Runner(workspace, Path(sys.executable), temp, env)


def _argv(runner: Runner) -> list[list[str]]:
    """The arguments each run of the stand-in claimcheck was given, in order."""
    log = runner.temp / "argv.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def _both_passes(args: list[str], paths: list[str]) -> list[list[str]]:
    sarif = ["--format", "sarif", "--output", "claimcheck.sarif", "--exit-zero", "--quiet"]
    return [
        ["check", "--format", "github", *args, "--", *paths],
        ["check", *sarif, *args, "--", *paths],
    ]


SPLITS = [
    pytest.param(
        "docs/ README.md",
        "--fail-on warning  --ignore KV302",
        ["docs/", "README.md"],
        ["--fail-on", "warning", "--ignore", "KV302"],
        id="separated-by-spaces-as-before",
    ),
    pytest.param(
        ".",
        "--per-file-ignores 'docs/sub/*:KV205'",
        ["."],
        ["--per-file-ignores", "docs/sub/*:KV205"],
        id="single-quotes",
    ),
    pytest.param(
        '"docs/my page.md" docs',
        '--ignore "KV301,KV302" --text ""',
        ["docs/my page.md", "docs"],
        ["--ignore", "KV301,KV302", "--text", ""],
        id="double-quotes",
    ),
    pytest.param(
        "'it\"s/a b.md'",
        '--text "it\'s 40x"',
        ['it"s/a b.md'],
        ["--text", "it's 40x"],
        id="quotes-inside-quotes",
    ),
    pytest.param(
        r"docs/my\ page.md",
        r"--text 40\"x\'s",
        ["docs/my page.md"],
        ["--text", "40\"x's"],
        id="backslash-escapes",
    ),
    pytest.param(
        "docs/'my page'.md",
        "--ignore=KV'20'\"2\"",
        ["docs/my page.md"],
        ["--ignore=KV202"],
        id="adjacent-parts-make-one-word",
    ),
    pytest.param(
        "docs\n'docs/über page.md'\nREADME.md\n",
        "--fail-on warning\n--ignore KV302\n",
        ["docs", "docs/über page.md", "README.md"],
        ["--fail-on", "warning", "--ignore", "KV302"],
        id="one-a-line",
    ),
    pytest.param("", "", [], [], id="empty"),
]


@pytest.mark.parametrize(("paths", "args", "want_paths", "want_args"), SPLITS)
def test_the_action_splits_its_inputs_as_a_shell_would(
    recorded: Runner, paths: str, args: str, want_paths: list[str], want_args: list[str]
) -> None:
    given = {"paths": paths, "args": args}
    action = run_action(recorded, ROOT, given, steps={"Audit claims"})
    assert action.code == 1, action.stdout
    assert action.outputs == {"exit-code": "1", "sarif-file": "claimcheck.sarif"}
    assert _argv(recorded) == _both_passes(want_args, want_paths)


def test_the_action_expands_and_runs_nothing_in_its_inputs(recorded: Runner) -> None:
    (recorded.workspace / "top.md").touch()
    paths = "*.md ~ $HOME ${HOME} 'docs/$(touch ran)'"
    args = "$(touch ran) `touch ran` ; touch ran && touch ran || touch ran | tee ran > ran"
    action = run_action(recorded, ROOT, {"paths": paths, "args": args}, steps={"Audit claims"})
    assert action.code == 1, action.stdout
    want_paths = ["*.md", "~", "$HOME", "${HOME}", "docs/$(touch ran)"]
    want_args = ["$(touch", "ran)", "`touch", "ran`", ";", "touch", "ran", "&&", "touch", "ran"]
    want_args += ["||", "touch", "ran", "|", "tee", "ran", ">", "ran"]
    assert _argv(recorded) == _both_passes(want_args, want_paths)
    assert sorted(p.name for p in recorded.workspace.iterdir()) == ["top.md"]


@pytest.mark.parametrize(
    ("name", "given"),
    [
        pytest.param("args", {"args": "--ignore 'KV202"}, id="unclosed-single-quote"),
        pytest.param("paths", {"paths": '"docs/my page.md'}, id="unclosed-double-quote"),
        pytest.param("args", {"args": "--text 40x\\"}, id="backslash-at-the-end"),
    ],
)
def test_an_input_that_cannot_be_split_is_bad_input(
    recorded: Runner, name: str, given: Mapping[str, str]
) -> None:
    action = run_action(recorded, ROOT, given, steps={"Audit claims"})
    assert action.code == 2
    assert action.outputs == {"exit-code": "2", "sarif-file": ""}
    assert re.search(
        rf"^::error title=claimcheck::the {name} input cannot be split", action.stdout, re.M
    )
    assert _argv(recorded) == []  # claimcheck never ran


def test_the_action_takes_quoted_options_and_paths_with_spaces(
    runner: Runner, action_checkout: Path
) -> None:
    docs = runner.workspace / "docs"
    (docs / "sub").mkdir()
    (docs / "sub" / "old.md").write_text(PAGE, encoding="utf-8")
    (docs / "my page.md").write_text(PAGE, encoding="utf-8")
    given = {
        "paths": "\"docs/my page.md\" 'docs/sub'",
        "args": "--per-file-ignores 'docs/sub/*:KV202' --ignore \"KV303\"",
    }
    action = run_action(runner, action_checkout, given)
    assert action.code == 1, action.stdout  # not 2: no option or path with quotes in it
    assert action.outputs == {"exit-code": "1", "sarif-file": "claimcheck.sarif"}
    found = set(
        re.findall(r"^::\w+ file=([^,]+),line=3,.*title=claimcheck (KV\d+)", action.stdout, re.M)
    )
    assert ("docs/my page.md", "KV202") in found  # the path with a space is audited
    assert ("docs/sub/old.md", "KV301") in found  # and the folder, where only KV202 is ignored
    assert ("docs/sub/old.md", "KV202") not in found
    assert "KV303" not in {code for _, code in found}  # the headline twice, ignored
    assert {file for file, _ in found} == {"docs/my page.md", "docs/sub/old.md"}  # only those
    sarif = _valid_sarif(runner.workspace / "claimcheck.sarif")
    results = {
        (r["ruleId"], unquote(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]))
        for r in sarif["runs"][0]["results"]
    }
    assert ("KV202", "docs/my page.md") in results
    assert ("KV301", "docs/sub/old.md") in results
    assert ("KV202", "docs/sub/old.md") not in results
    assert "KV303" not in {rule for rule, _ in results}


# ---- the action's install: pinned --------------------------------------------------------


def _pins() -> dict[str, Version]:
    """The constraints file's pins by normalized name; every line an exact pin or a comment."""
    pins: dict[str, Version] = {}
    for number, line in enumerate(CONSTRAINTS.read_text(encoding="utf-8").splitlines(), 1):
        text = line.partition("#")[0].strip()
        if not text:
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][0-9A-Za-z.+!]*)", text)
        assert match, f"{CONSTRAINTS.name}:{number} is not an exact pin: {line!r}"
        name = canonicalize_name(match.group(1))
        assert name not in pins, f"{CONSTRAINTS.name}:{number} pins {name} again"
        pins[name] = Version(match.group(2))
    return pins


def test_the_action_constraints_pin_every_runtime_dependency() -> None:
    pins = _pins()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"]
    for text in project["dependencies"]:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{CONSTRAINTS.name} does not pin {name}"
        assert requirement.specifier.contains(pins[name], prereleases=True), (text, pins[name])
    assert canonicalize_name(DISTRIBUTION) not in pins  # the action installs its own checkout


def test_the_action_constraints_pin_what_the_dependencies_need() -> None:
    """Each pinned package's own requirements (as installed here) are pinned too, and where the
    installed version is the pinned one, at versions it accepts."""
    pins = _pins()
    for name, version in pins.items():
        distribution = metadata.distribution(name)
        for text in distribution.requires or []:
            requirement = Requirement(text)
            if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
                continue  # an extra's, or another platform's
            needed = canonicalize_name(requirement.name)
            assert needed in pins, f"{name} needs {needed}, which is not pinned"
            if Version(distribution.version) == version:
                assert requirement.specifier.contains(pins[needed], prereleases=True), (
                    name,
                    text,
                    pins[needed],
                )


def test_the_action_installs_within_its_constraints(
    runner: Runner, action_checkout: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "action"
    shutil.copytree(action_checkout, folder, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    venv = runner.temp / "claimcheck-venv"
    installed = "lib/python3*/site-packages/claimcheck_kv-*.dist-info"
    (folder / CONSTRAINTS.name).write_text(f"{DISTRIBUTION}==0.0.0\n", encoding="utf-8")
    refused = run_action(runner, folder, {}, steps={"Install claimcheck"})
    assert refused.code != 0  # pip was held to the action's constraints file
    assert not list(venv.glob(installed))
    shutil.copy2(CONSTRAINTS, folder / CONSTRAINTS.name)
    action = run_action(runner, folder, {}, steps={"Install claimcheck"})
    assert action.code == 0, action.stdout
    assert len(list(venv.glob(installed))) == 1


def test_the_action_exits_by_the_pages_beside_ordinary_configuration(
    runner: Runner, action_checkout: Path
) -> None:
    # A serving config, a training config and a catalog file beside the pages: the run exits by
    # the pages' findings alone (before, each YAML/TOML failed the run with "unknown field").
    docs = runner.workspace / "docs"
    (docs / "vllm.yaml").write_text(
        "model: meta-llama/Llama-3.1-70B-Instruct\ntensor-parallel-size: 8\n", encoding="utf-8"
    )
    (docs / "train.yaml").write_text("model:\n  name: llama-3.1-8b\n", encoding="utf-8")
    (docs / "gpus.toml").write_text('[[gpus]]\nid = "h100-sxm"\nname = "NVIDIA H100"\n', "utf-8")
    failing = run_action(runner, action_checkout, {"paths": "docs"})
    assert failing.code == 1, failing.stdout  # docs/claims.md's KV202, not exit 2
    assert "::error" in failing.stdout and "vllm.yaml" not in failing.stdout
    (docs / "claims.md").write_text("# Our KV tier\n\nNothing to measure here.\n", "utf-8")
    passing = run_action(runner, action_checkout, {"paths": "docs"})
    assert passing.code == 0, passing.stdout
