"""Every example of the documentation runs: each ``claimcheck`` command in a ```sh, ```bash or
```console block of README.md and docs/*.md, from the repository root against its bundled files
(claims/, docs/), exits as this file says it does; the Python, claim-file, page and error
examples run too.

A new example needs its exit code in ``EXIT_CODES``; a command that cannot run here needs an
entry in ``SKIPPED`` with the reason.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import Invoke
from tests.test_docs import DOCS, PAGES, README, ROOT

SHELLS = ("sh", "bash", "console")

EXIT_CODES = {
    # README.md and docs/usage.md: the three ways in
    'claimcheck check "Recomputing a 112K-token context takes 57 seconds; loading its KV cache'
    ' takes 2.1 seconds: 27x faster time to first token."': 0,
    "claimcheck check claims/ docs/examples/launch.md": 1,
    "claimcheck check claims/ --format json -o report.json": 1,
    "cat claims/brief-3-20x-ttft.yaml | claimcheck check -": 0,
    "cat docs/examples/launch.md | claimcheck check - --stdin-filename docs/examples/launch.md": 0,
    # docs/usage.md: the physical model, fitting, pages, reports, completion, usage errors
    'claimcheck check "Recomputing a 112K-token context takes 57 seconds; loading its KV cache'
    ' takes 2.1 seconds: 27x faster time to first token." --model llama-3.1-70b --gpu h100-sxm'
    " --gpus 1 --format json": 0,
    "claimcheck breakeven --model llama-3.1-70b --gpu h100-sxm --gpus 8 --mfu 0.5"
    " --bandwidth-gb-s 52 --latency-ms 1": 0,
    "claimcheck breakeven --model llama-3.1-70b --gpu h100-sxm --fit 32K:3.7 --fit 131K:7.6": 0,
    "claimcheck check docs/examples/launch.md": 0,
    "claimcheck check claims/ --format html -o report.html": 1,
    "claimcheck --show-completion fish": 0,
    "claimcheck check claims/ --fail-on warn": 2,
    # docs/ci.md
    "claimcheck check docs -f json -o claimcheck-baseline.json": 1,
    "claimcheck check docs --baseline claimcheck-baseline.json --fail-on info": 0,
    "claimcheck check . --show-files": 0,
    "claimcheck check docs/ --format junit --output claimcheck.xml": 1,
    # docs/configuration.md, docs/claim-files.md, docs/rules.md
    "claimcheck config": 0,
    "claimcheck config --format json": 0,
    "claimcheck schema": 0,
    "claimcheck schema --config": 0,
    "claimcheck rules": 0,
    "claimcheck rule KV103": 0,
    "claimcheck check claims/ --select KV2 --ignore KV201": 1,
    # docs/extractor.md
    'claimcheck check --explain "Prompt caching can reduce costs by up to 90% and latency by up'
    ' to 85% for long prompts."': 0,
}
"""Each documented command and the exit code it gives on the bundled files."""

SKIPPED = {
    "--install-completion": "writes the shell start-up files of whoever runs the tests",
}
"""Commands that are shown but not run here (matched by a word of the command), and why."""

OUTPUTS = ("-o", "--output")
"""Options naming a file the command writes: written under a scratch folder instead."""


@dataclass(frozen=True)
class Example:
    """One shell block: where it is and its ``claimcheck`` commands, in order."""

    page: Path
    line: int
    commands: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.line}"


def _commands(block: str) -> list[str]:
    """The block's ``claimcheck`` commands, continuation lines joined and ``$ `` prompts off."""
    joined = re.sub(r"\\\n\s*", "", block)
    commands = []
    for raw in joined.splitlines():
        line = raw.strip().removeprefix("$ ")
        if line.startswith("claimcheck ") or re.match(r"cat \S+ \| claimcheck ", line):
            commands.append(line)
    return commands


def _examples() -> list[Example]:
    found = []
    fence = re.compile(rf"^```({'|'.join(SHELLS)})\n(.*?)^```$", re.DOTALL | re.MULTILINE)
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in fence.finditer(text):
            commands = _commands(match.group(2))
            if commands:
                line = text.count("\n", 0, match.start()) + 1
                found.append(Example(page, line, tuple(commands)))
    return found


EXAMPLES = _examples()


def _skip_reason(command: str) -> str | None:
    words = shlex.split(command)
    return next((why for word, why in SKIPPED.items() if word in words), None)


def test_the_examples_are_found_and_each_has_an_exit_code() -> None:
    commands = [c for example in EXAMPLES for c in example.commands]
    assert len(commands) >= 20
    run = {c for c in commands if _skip_reason(c) is None}
    assert run == set(EXIT_CODES), (
        f"not in EXIT_CODES: {sorted(run - set(EXIT_CODES))}; "
        f"no longer documented: {sorted(set(EXIT_CODES) - run)}"
    )
    assert {e.page for e in EXAMPLES} >= {README, DOCS / "usage.md", DOCS / "ci.md"}
    assert any(_skip_reason(c) for c in commands)  # the skip list is not dead


def _arguments(command: str) -> tuple[list[str], str | None]:
    """The command's arguments after ``claimcheck`` and the standard input it is given."""
    stdin = None
    piped = re.fullmatch(r"cat (\S+) \| (claimcheck .*)", command)
    if piped:
        stdin = (ROOT / piped.group(1)).read_text(encoding="utf-8")
        command = piped.group(2)
    words = shlex.split(command)
    assert words[0] == "claimcheck"
    shell = {"|", "||", "&&", ";", "<", ">", ">>", "2>", "&"}
    assert not shell & set(words), f"a shell form this test does not run: {command}"
    assert not any(w.startswith("--output=") for w in words), f"write --output FILE: {command}"
    return words[1:], stdin


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_every_documented_command_runs(
    example: Example, cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(ROOT)
    before = set(ROOT.iterdir())
    written: dict[str, str] = {}  # a file an earlier command wrote → where it went
    ran = 0
    for command in example.commands:
        if _skip_reason(command):
            continue
        args, stdin = _arguments(command)
        args = [written.get(arg, arg) for arg in args]
        for i, arg in enumerate(args[:-1]):
            if arg in OUTPUTS:
                written[args[i + 1]] = str(tmp_path / Path(args[i + 1]).name)
                args[i + 1] = written[args[i + 1]]
        run = cli(*args, input=stdin)
        want = EXIT_CODES[command]
        assert run.code == want, f"{command}\nexit {run.code}, not {want}\n{run.stderr}"
        assert "Traceback" not in run.stderr
        if want == 2:
            assert run.stderr.startswith("claimcheck: error: "), run.stderr
        elif any(arg.startswith(str(tmp_path)) for arg in args):
            assert all(Path(p).stat().st_size > 0 for p in written.values())
        else:
            assert run.stdout.strip(), f"{command} printed nothing"
        ran += 1
    assert ran, f"every command of {example.id} is skipped"
    assert set(ROOT.iterdir()) == before, "an example wrote into the repository"


# ---- the other examples -------------------------------------------------------------------


def _fenced(page: Path, language: str) -> list[str]:
    text = page.read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.DOTALL | re.MULTILINE)


def test_the_api_page_example_runs(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (code,) = _fenced(DOCS / "api.md", "python")
    exec(compile(code, "docs/api.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("KV")
    assert printed[-1] == "1 []"


@pytest.mark.parametrize(
    ("page", "index"),
    [
        (DOCS / "usage.md", 0),  # a claim file with points, fitted
        (DOCS / "claim-files.md", 0),  # suppressions in a claim file
        (DOCS / "claim-files.md", 1),  # one claim, every figure stated
    ],
    ids=lambda v: v.name if isinstance(v, Path) else str(v),
)
def test_the_claim_file_examples_are_read(
    page: Path, index: int, cli: Invoke, tmp_path: Path
) -> None:
    blocks = _fenced(page, "yaml")
    path = tmp_path / "example.yaml"
    path.write_text(blocks[index], encoding="utf-8")
    run = cli("check", str(path), "--format", "json")
    assert run.code in (0, 1), run.stderr
    report = run.json()
    assert report["claims"] and not report["errors"]
    if "points:" in blocks[index]:
        assert all(claim["analysis"]["fit"] for claim in report["claims"])
    if "# claimcheck: disable" in blocks[index]:
        suppressed = {
            f["code"] for c in report["claims"] for f in c["findings"] if f.get("suppressed")
        }
        assert {"KV103", "KV301"} <= suppressed


def test_the_suppression_example_of_a_page_suppresses(cli: Invoke, tmp_path: Path) -> None:
    (page,) = _fenced(DOCS / "usage.md", "markdown")
    path = tmp_path / "page.md"
    path.write_text(page, encoding="utf-8")
    report = cli("check", str(path), "--format", "json").json()
    findings = report["claims"][0]["findings"]
    assert [f["code"] for f in findings if f.get("suppressed")] == ["KV103"]


def test_the_error_example_is_the_error_claimcheck_prints(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text = (DOCS / "claim-files.md").read_text(encoding="utf-8")
    shown = text.split("```text\n", 1)[1].split("```", 1)[0]
    named = re.match(r"claimcheck: error: (\S+?):(\d+):", shown)
    assert named, shown
    path, line = named.groups()
    (tmp_path / path).parent.mkdir(parents=True)
    # the file the example names: claim 'demo' with a misspelt field on its line
    (tmp_path / path).write_text("id: demo\nspeedup: 27\ncontxt_tokens: 128000\n", encoding="utf-8")
    assert line == "3"
    monkeypatch.chdir(tmp_path)
    run = cli("check", path)
    assert run.code == 2
    assert shown in run.stderr
