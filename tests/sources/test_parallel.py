"""Files read by worker processes give the same report as files read in one process."""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

import pytest

from claimcheck import batch as batch_module
from claimcheck.audit import Inputs, audit
from claimcheck.errors import InputError
from claimcheck.formats import OutputFormat, claim_store, render
from claimcheck.prepare import Prepared, prepare
from claimcheck.record import ClaimRecord
from claimcheck.sources import parallel
from claimcheck.sources.inputs import FileInput, Input, InputList, StdinInput, TextInput
from claimcheck.sources.parallel import MIN_FILES_PER_WORKER, default_jobs


def _folder(root: Path, count: int) -> Path:
    """Claim files, pages, an invalid file and a file with a syntax error, in several folders."""
    for number in range(count):
        sub = root / f"d{number % 7}"
        sub.mkdir(exist_ok=True)
        speedup = 3 + number % 40
        if number % 11 == 0:
            (sub / f"p{number:04d}.md").write_text(
                f"# Offload\n\nLoading the KV cache gives {speedup}x faster TTFT at 32K tokens.\n",
                encoding="utf-8",
            )
        elif number % 13 == 0:
            (sub / f"bad{number:04d}.yaml").write_text("speedup: [1\n", encoding="utf-8")
        elif number % 17 == 0:
            (sub / f"low{number:04d}.json").write_text('{"speedup": 0.5}', encoding="utf-8")
        else:
            setup = "model: llama-3.1-70b\ngpu: h100-sxm\n" if number % 10 == 1 else ""
            (sub / f"c{number:04d}.yaml").write_text(
                f"text: Up to {speedup}x faster prefill at {number % 5 + 1}K tokens\n"
                f"speedup: {speedup}\ncontext_tokens: {(number % 5 + 1) * 1000}\n{setup}",
                encoding="utf-8",
            )
    return root


def _json(folder: Path, jobs: int, fmt: OutputFormat = OutputFormat.JSON) -> str:
    inputs = Inputs(arguments=[str(folder), "Loading the KV cache is 27x faster TTFT"], jobs=jobs)
    charts = fmt is OutputFormat.HTML
    report = audit(inputs, read_stdin=lambda: "", charts=charts, store=claim_store(fmt))
    return render(report, fmt)


def test_workers_give_the_report_one_process_gives(tmp_path: Path) -> None:
    folder = _folder(tmp_path, 2 * MIN_FILES_PER_WORKER + 30)
    alone = _json(folder, jobs=1)
    assert '"errors": 0' not in alone and "KV3" in alone  # errors, findings and claims alike
    assert _json(folder, jobs=2) == alone
    assert _json(folder, jobs=3) == alone


@pytest.mark.parametrize("fmt", [OutputFormat.HTML, OutputFormat.JSON])
def test_workers_judge_the_claims_of_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: OutputFormat
) -> None:
    # Under one set of settings the workers resolve, analyse and judge each file's claims (a
    # tenth with a model and GPU, the charts of the HTML report too): this process prepares
    # only the command-line text, and the report is the one a single process writes.
    folder = _folder(tmp_path, 2 * MIN_FILES_PER_WORKER + 30)
    alone = _json(folder, jobs=1, fmt=fmt)
    prepared: list[str] = []

    def counted(record: ClaimRecord, *args: Any, **kwargs: Any) -> Prepared:
        prepared.append(record.path or "")
        return prepare(record, *args, **kwargs)

    monkeypatch.setattr(batch_module, "prepare", counted)
    assert _json(folder, jobs=2, fmt=fmt) == alone
    assert len(prepared) == 1 and prepared[0].startswith("<text")


def test_small_runs_start_no_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("workers started for a small run")

    monkeypatch.setattr(parallel, "_in_workers", refuse)
    folder = _folder(tmp_path, 2 * MIN_FILES_PER_WORKER - 1)
    assert _json(folder, jobs=8) == _json(folder, jobs=1)


@pytest.mark.parametrize("cores", [{0}, {0, 1, 5}])
def test_the_cores_are_those_this_process_may_use(
    cores: set[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: cores, raising=False)
    assert parallel.cores() == len(cores)


def test_the_default_weighs_the_work() -> None:
    assert default_jobs() == parallel.AUTO


def test_a_run_small_in_work_starts_no_workers_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("workers started for a run small in work")

    monkeypatch.setattr(parallel, "_in_workers", refuse)
    monkeypatch.setattr(parallel, "cores", lambda: 2)
    monkeypatch.setattr(parallel, "WORTH_SECONDS", 1e9)
    monkeypatch.setattr(parallel, "TRIAL_SECONDS", 0.0)
    folder = _folder(tmp_path, 4 * MIN_FILES_PER_WORKER)
    assert _json(folder, jobs=parallel.AUTO) == _json(folder, jobs=1)


@pytest.mark.parametrize("trial", [0.0, 1e-4])
def test_workers_take_the_files_left_after_the_trial(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trial: float
) -> None:
    folder = _folder(tmp_path, 4 * MIN_FILES_PER_WORKER)
    alone = _json(folder, jobs=1)
    taken: list[int] = []
    in_workers = parallel._in_workers

    def counted(items: parallel.Items, work: Any, workers: int) -> Any:
        taken.append(len(items))
        return in_workers(items, work, workers)

    monkeypatch.setattr(parallel, "_in_workers", counted)
    monkeypatch.setattr(parallel, "cores", lambda: 2)
    monkeypatch.setattr(parallel, "WORTH_SECONDS", 0.0)
    monkeypatch.setattr(parallel, "TRIAL_SECONDS", trial)
    assert _json(folder, jobs=parallel.AUTO) == alone
    assert len(taken) == 1 and 2 * MIN_FILES_PER_WORKER <= taken[0] < 4 * MIN_FILES_PER_WORKER + 1


def test_one_core_takes_every_run_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("workers started on one core")

    monkeypatch.setattr(parallel, "_in_workers", refuse)
    monkeypatch.setattr(parallel, "cores", lambda: 1)
    monkeypatch.setattr(parallel, "WORTH_SECONDS", 0.0)
    monkeypatch.setattr(parallel, "TRIAL_SECONDS", 0.0)
    folder = _folder(tmp_path, 3 * MIN_FILES_PER_WORKER)
    assert _json(folder, jobs=parallel.AUTO) == _json(folder, jobs=1)


@pytest.mark.parametrize(("name", "loaded"), [("page.md", True), ("claims.yaml", False)])
def test_the_markdown_parser_is_loaded_before_the_workers_only_for_pages(
    tmp_path: Path, name: str, loaded: bool
) -> None:
    """Forked workers start with what the parent loaded: for Markdown pages, the parser."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from claimcheck.sources.inputs import FileInput\n"
        "from claimcheck.batch import FileWork, SettingsGroup\n"
        "from claimcheck.settings import Settings\n"
        f"item = FileInput({name!r}, {name!r}, {name.rsplit('.')[-1]!r}.replace('md', "
        "'markdown'), named=False)\n"
        "FileWork([SettingsGroup(Settings())], 1000, str).before_workers([item])\n"
        "print('markdown_it' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert done.stdout.strip() == str(loaded)


def test_the_runs_inputs_are_held_as_text_and_read_back_as_given() -> None:
    # A run's inputs wait in one buffer of text, a few bytes a file beyond its names, and
    # come back as they were given: files (named or found, shown under another name or
    # not), text, standard input and errors, each with its group; a slice is a view.
    given: list[tuple[Input | InputError, int]] = [
        (FileInput("a/b.yaml", "a/b.yaml", "yaml", False), 0),
        (FileInput("./a/ü\udcff.md", "a/ü\\xff.md", "markdown", True), 2),
        (TextInput("20x faster TTFT", display="<text>", explicit=True), 0),
        (StdinInput(display="-", kind=None), 1),
        (InputError("no such file", path="gone"), 0),
        *((FileInput(f"d/c{n}.toml", f"d/c{n}.toml", "toml", False), 1) for n in range(50)),
    ]
    held = InputList()
    for item, group in given:
        held.append(item, group)
    assert list(held) == given and len(held) == len(given)
    assert (
        held[1] == given[1] and list(held[3:9]) == given[3:9] and list(held[3:9][2:4]) == given[5:7]
    )
    again = list(pickle.loads(pickle.dumps(held)))  # as a worker started afresh has them
    error = again.pop(4)[0]
    assert again == given[:4] + given[5:]
    assert isinstance(error, InputError) and error.path == "gone"
