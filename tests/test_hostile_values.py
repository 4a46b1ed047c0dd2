"""Hostile values, one row each: a name, number or byte the reader or the physics cannot take
is one error line naming the input, the field and what was expected; exit 2; and the good
input beside it is still audited and written, to stdout and to ``-o`` alike."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from claimcheck.audit import Inputs, audit
from claimcheck.claim import FIELD_BOUNDS
from claimcheck.cli import app
from claimcheck.formats import OutputFormat, RenderOptions, render_chunks
from claimcheck.report import Report
from claimcheck.settings import Assumptions, Settings
from tests.conftest import Invoke

GOOD = "speedup: 27\ncontext_tokens: 112000\nmetric: ttft\n"
LONG = "9" * 5_000
FIVE_THOUSAND = "got a whole number of 5,000 digits (at most 4,300 digits are read)"


def _claim(extra: str) -> bytes:
    """A claim that reaches the physics (a catalog model and GPU) with one hostile field."""
    return f"speedup: 2\ncontext_tokens: 100000\nmodel: llama-3.1-70b\ngpu: h100-sxm\n{extra}\n".encode()


# name → (file name, content, the one error line expected on stderr, from its start)
ROWS: dict[str, tuple[bytes, bytes, str]] = {
    "file name not UTF-8": (
        b"bad\xff.yaml",
        GOOD.encode(),
        "bad\\xff.yaml: the file name is not valid UTF-8 (expected a UTF-8 name: rename the file)",
    ),
    "5,000-digit integer in JSON": (
        b"big.json",
        b'{"speedup": 2,\n "context_tokens": ' + LONG.encode() + b"}",
        f"big.json:2:20: field 'context_tokens': expected a number, {FIVE_THOUSAND}",
    ),
    "5,000-digit integer in TOML": (
        b"big.toml",
        b"speedup = 2\ncontext_tokens = " + LONG.encode() + b"\n",
        f"big.toml:2:18: field 'context_tokens': expected a number, {FIVE_THOUSAND}",
    ),
    "5,000-digit integer in YAML": (
        b"big.yaml",
        b"speedup: 2\ncontext_tokens: " + LONG.encode() + b"\n",
        f"big.yaml:2:17: field 'context_tokens': expected a number, {FIVE_THOUSAND}",
    ),
    "6,021-digit hexadecimal speedup in TOML": (
        b"hex.toml",
        b"speedup = 0x" + b"f" * 5_000 + b"\n",
        "hex.toml:1:1: claim 'hex': field 'speedup': "
        "expected a speedup from 1 to 1,000,000, got a number of about 6,021 digits",
    ),
    "6,021-digit hexadecimal id in YAML": (
        b"hex.yaml",
        b"speedup: 2\nid: 0x" + b"f" * 5_000 + b"\n",
        "hex.yaml:2:1: claim 'hex': field 'id': got an integer of about 6,021 digits "
        "(Input should be a valid string)",
    ),
    "JSON lone surrogate escape": (
        b"half.json",
        b'{"speedup": 2, "text": "27x \\ud800 TTFT"}',
        "half.json: field 'text': expected text, got an escaped lone surrogate "
        "(\\ud800-\\udfff), which is not a character",
    ),
    "tiny power": (
        b"watts.yaml",
        _claim("power_watts: 1.0e-300"),
        "watts.yaml:5:1: claim 'watts': field 'power_watts': "
        "expected a power cap from 1 to 10,000 W, got 1e-300",
    ),
    "huge power": (
        b"watts.yaml",
        _claim("power_watts: 1.0e+300"),
        "watts.yaml:5:1: claim 'watts': field 'power_watts': "
        "expected a power cap from 1 to 10,000 W, got 1e+300",
    ),
    "subnormal baseline time": (
        b"time.yaml",
        _claim("baseline_seconds: 5.0e-324"),
        "time.yaml:5:1: claim 'time': field 'baseline_seconds': "
        "expected a time from 1e-06 to 1,000,000 s, got 5e-324",
    ),
    "huge load time": (
        b"time.yaml",
        _claim("cached_seconds: 1.0e+300"),
        "time.yaml:5:1: claim 'time': field 'cached_seconds': "
        "expected a time from 1e-06 to 1,000,000 s, got 1e+300",
    ),
    "tiny model size": (
        b"size.json",
        b'{"speedup": 2, "params_billions": 2.2250738585072014e-308}',
        "size.json:1:16: claim 'size': field 'params_billions': "
        "expected a model size from 1e-06 to 1,000,000 billion parameters, got 2.2250738585072014e-308",
    ),
    "gitignore trailing backslash": (
        b".gitignore",
        b"foo\\\n",
        ".gitignore:1: 'foo\\\\' is not a gitignore pattern claimcheck can match "
        "(a trailing backslash escapes nothing); left out, as git matches nothing with it",
    ),
    "gitignore empty range": (
        b".gitignore",
        b"*.tmp\n[z-a]\n",
        ".gitignore:2: '[z-a]' is not a gitignore pattern claimcheck can match "
        "(bad character range z-a); left out, as git matches nothing with it",
    ),
}


@pytest.mark.parametrize("row", list(ROWS), ids=list(ROWS))
def test_matrix(cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, row: str) -> None:
    name, content, message = ROWS[row]
    monkeypatch.chdir(tmp_path)
    Path("good.yaml").write_text(GOOD, encoding="utf-8")
    with open(os.fsdecode(name), "wb") as handle:
        handle.write(content)
    run = cli("check", ".", "-f", "json", "-o", "report.json")
    assert run.code == 2
    assert run.stderr.splitlines() == [f"claimcheck: error: {message}"]
    report = json.loads(Path("report.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in report["claims"]] == ["good"]  # the other input still audited
    assert report["summary"]["errors"] == 1


def test_a_catalog_with_huge_dimensions_is_one_error(cli: Invoke, tmp_path: Path) -> None:
    catalog = tmp_path / "mine.toml"
    catalog.write_text(
        '[[models]]\nid = "huge"\nname = "Huge"\nsource = "a test"\nlayers = 1000000000000000000\n'
        "hidden = 1e300\nquery_heads = 8\nkv_heads = 8\nhead_dim = 128\nvocab_size = 1000\n"
        "total_params_b = 1\nactive_params_b = 1\nactive_linear_params_b = 1\n"
        "max_context_tokens = 100000\n",
        encoding="utf-8",
    )
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    out = tmp_path / "report.json"
    run = cli(
        "check",
        str(tmp_path / "good.yaml"),
        "--catalog",
        str(catalog),
        "-f",
        "json",
        "-o",
        str(out),
    )
    assert run.code == 2
    (line,) = run.stderr.splitlines()
    assert line.startswith(f"claimcheck: error: {catalog}: models entry 'huge': ")
    assert "field 'layers': expected at most 100,000, got 1000000000000000000" in line
    assert "field 'hidden'" in line
    assert [c["id"] for c in json.loads(out.read_text())["claims"]] == ["good"]


def test_a_catalog_with_a_5000_digit_integer_is_one_error(cli: Invoke, tmp_path: Path) -> None:
    catalog = tmp_path / "mine.toml"
    catalog.write_text(f'[[models]]\nid = "huge"\nlayers = {LONG}\n', encoding="utf-8")
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    run = cli("check", str(tmp_path / "good.yaml"), "--catalog", str(catalog), "-f", "json")
    assert run.code == 2
    assert run.stderr.splitlines() == [
        f"claimcheck: error: {catalog}:3:10: field 'layers': expected a number, {FIVE_THOUSAND}"
    ]
    assert [c["id"] for c in run.json()["claims"]] == ["good"]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("bandwidth_gb_s = 1e-300", "field 'bandwidth_gb_s': expected at least 0.001, got 1e-300"),
        ("bandwidth_gb_s = 1e300", "field 'bandwidth_gb_s': expected at most 1,000,000.0, got 1e+300"),
        ("bandwidth_gb_s = 5\nlatency_ms = 1e300", "field 'latency_ms': expected at most 1,000,000.0, got 1e+300"),
    ],
)  # fmt: skip
def test_a_catalog_tier_out_of_range_is_one_error(
    cli: Invoke, tmp_path: Path, entry: str, message: str
) -> None:
    catalog = tmp_path / "tiers.toml"
    if "latency_ms" not in entry:
        entry += "\nlatency_ms = 1"
    catalog.write_text(
        '[[tiers]]\nid = "slow"\nname = "Slow"\nsource = "a test"\nkind = "nvme"\n'
        f"per_gpu = false\n{entry}\n",
        encoding="utf-8",
    )
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    run = cli("check", str(tmp_path / "good.yaml"), "--catalog", str(catalog), "-f", "json")
    assert run.code == 2
    assert run.stderr.splitlines() == [
        f"claimcheck: error: {catalog}: tiers entry 'slow': {message}"
    ]
    assert [c["id"] for c in run.json()["claims"]] == ["good"]


def test_a_power_cap_on_a_gpu_without_a_known_limit_is_a_note(cli: Invoke, tmp_path: Path) -> None:
    """It used to stop the whole run; now only that figure is left out, and said so."""
    catalog = tmp_path / "gpus.toml"
    (tmp_path / "claims").mkdir()
    catalog.write_text(
        '[[gpus]]\nid = "mine-gpu"\nname = "Mine GPU"\nsource = "a test"\nbf16_tflops = 989\n'
        'hbm_gb = 80\nhbm_tb_s = 3.35\nhost_link = "PCIe"\nhost_link_gb_s = 12.5\n',
        encoding="utf-8",
    )
    (tmp_path / "claims" / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "claims" / "capped.yaml").write_text(
        GOOD + "model: llama-3.1-8b\ngpu: mine-gpu\npower_watts: 300\n", encoding="utf-8"
    )
    run = cli("check", str(tmp_path / "claims"), "--catalog", str(catalog), "-f", "json")
    assert run.code == 0, run.stderr
    claims = {c["id"]: c for c in run.json()["claims"]}
    assert set(claims) == {"good", "capped"}
    assert (
        "power cap 300 W not applied: no power limit is known for Mine GPU"
        in (claims["capped"]["analysis"]["assumptions"])
    )


@pytest.mark.parametrize("option", ["--text", None])
def test_text_argument_not_utf8(cli: Invoke, tmp_path: Path, option: str | None) -> None:
    """What Python makes of a non-UTF-8 argument byte (PEP 383): a lone surrogate."""
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    text = "27x faster TTFT \udcff with KV cache"
    args = [option, text] if option else [text]
    run = cli("check", str(tmp_path), *args, "-f", "json")
    assert run.code == 2
    label = "<text>" if option else "<text 2>"
    assert run.stderr.splitlines() == [
        f"claimcheck: error: {label}: invalid UTF-8 in the text at byte offset 16 (line 1); "
        "expected UTF-8 text"
    ]
    assert [c["id"] for c in run.json()["claims"]] == ["good"]


@pytest.mark.parametrize("fmt", ["json", "sarif", "gitlab", "junit"])
def test_a_missing_path_that_is_not_utf8_is_named_in_every_format(
    cli: Invoke, tmp_path: Path, fmt: str
) -> None:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    run = cli("check", str(tmp_path / "good.yaml"), "nothere\udcff.md", "-f", fmt)
    assert run.code == 2
    assert run.stderr.splitlines() == [
        "claimcheck: error: nothere\\xff.md: no such file or directory "
        "(to audit a sentence, quote it or pass it with --text)"
    ]
    assert "nothere" in run.stdout  # the input is reported, not a crash


def test_stdin_not_utf8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    stdin = b"KV cache \xff 27x faster TTFT at 128K"
    run = CliRunner().invoke(app, ["check", "-", str(tmp_path), "-f", "json"], input=stdin)
    assert run.exit_code == 2
    assert run.stderr.splitlines()[0].startswith(
        "claimcheck: error: -: invalid UTF-8 at byte offset 9 (line 1)"
    )
    assert len(run.stderr.splitlines()) == 1
    assert [c["id"] for c in json.loads(run.stdout)["claims"]] == ["good"]


@pytest.mark.parametrize("locale", ["C.UTF-8", "C"])
def test_real_process_with_non_utf8_bytes_everywhere(tmp_path: Path, locale: str) -> None:
    """The bytes as a shell passes them: in a file name, an argument and on stdin."""
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    with open(os.path.join(os.fsencode(tmp_path), b"bad\xff.yaml"), "wb") as handle:
        handle.write(GOOD.encode())
    env = {**os.environ, "LC_ALL": locale, "NO_COLOR": "1"}
    env.pop("PYTHONIOENCODING", None)
    args = [b"check", b"-", os.fsencode(tmp_path), b"--text", b"27x TTFT \xff KV cache"]
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"claimcheck", *args, b"-f", b"json"],
        input=b"27x faster TTFT \xff with KV cache",
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    errors = done.stderr.decode("utf-8", "replace").splitlines()
    assert done.returncode == 2, errors
    assert len(errors) == 3, errors
    assert any("bad\\xff.yaml: the file name is not valid UTF-8" in line for line in errors)
    assert any("<text>: invalid UTF-8 in the text" in line for line in errors)
    assert any("-: invalid UTF-8 at byte offset" in line for line in errors)
    assert not any("Traceback" in line for line in errors)
    assert [c["id"] for c in json.loads(done.stdout)["claims"]] == ["good"]


# --- every claim field at the edges of the floats, through every output format ---------------

EDGES = [
    5e-324,  # the smallest subnormal
    2.2250738585072014e-308,  # the smallest normal float
    1e-300,
    1e-6,
    0.999999,
    1.0,
    1e6,
    1.0000001e6,
    1e300,
    1.7976931348623157e308,  # the largest float
]
ANY_FLOAT = st.floats(min_value=5e-324, max_value=1.7976931348623157e308)


def _inside(name: str) -> st.SearchStrategy[float] | st.SearchStrategy[int]:
    """Anything the field accepts, its two edges most of all."""
    bound = FIELD_BOUNDS[name]
    if name in {"context_tokens", "gpu_count"}:
        low, high = int(bound.low), int(bound.high)
        return st.one_of(st.sampled_from([low, high]), st.integers(low, high))
    edges = [bound.low, bound.high, *(e for e in EDGES if bound.holds(e))]
    return st.one_of(st.sampled_from(edges), st.floats(bound.low, bound.high))


def _anything(name: str) -> st.SearchStrategy[float] | st.SearchStrategy[int]:
    """The field's range and just outside it, the edges of the floats, anything positive."""
    bound = FIELD_BOUNDS[name]
    if name in {"context_tokens", "gpu_count"}:
        beyond = [int(bound.high) + 1, 2**63, 10**400]
        return st.one_of(_inside(name), st.sampled_from(beyond), st.integers(1))
    outside = [*EDGES, math.nextafter(bound.low, 0), math.nextafter(bound.high, math.inf)]
    return st.one_of(_inside(name), st.sampled_from(outside), ANY_FLOAT)


def _claims(numbers: Callable[[str], st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """A claim naming a catalog model and GPU, so that the whole physics runs on it."""
    return st.fixed_dictionaries(
        {
            "speedup": numbers("speedup"),
            "model": st.sampled_from(["llama-3.1-70b", "deepseek-v3", "llama-3.1-8b"]),
            "gpu": st.sampled_from(["h100-sxm", "a100-sxm", "b200"]),
        },
        optional={
            **{name: numbers(name) for name in FIELD_BOUNDS if name != "speedup"},
            "metric": st.sampled_from(["ttft", "prefill", "end_to_end", "unspecified"]),
            "tier": st.sampled_from(["nvme", "dram", "network"]),
        },
    )


FIELD = re.compile(r"field '(\w+)'")


def _outside(name: str, value: object) -> bool:
    bound = FIELD_BOUNDS.get(name)
    return bound is not None and isinstance(value, (int, float)) and not bound.holds(value)


NOT_A_NUMBER = re.compile(r"(?<![\w.\\])-?(?:inf|nan)(?![\w])")  # how Python formats them


def _not_finite(value: object) -> Iterator[object]:
    """Every float in a dumped report that is not finite."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, float) and not math.isfinite(item):
            yield item


def _no_constant(name: str) -> None:
    raise AssertionError(f"{name} in a JSON report")


def _render_everywhere(report: Report) -> None:
    """Every format renders; the JSON ones strictly; no figure anywhere is inf or NaN."""
    assert not list(_not_finite(msgspec.to_builtins(report)))
    for fmt in OutputFormat:
        pieces = render_chunks(report, fmt, RenderOptions(width=100))
        text = "".join(p if isinstance(p, str) else p.decode() for p in pieces)
        if fmt in (OutputFormat.JSON, OutputFormat.SARIF, OutputFormat.GITLAB):
            json.loads(text, parse_constant=_no_constant)
        assert NOT_A_NUMBER.search(text) is None, NOT_A_NUMBER.search(text)


def _audit(claim: dict[str, Any], mfu: float | None) -> Report:
    """``mfu``: an assumed MFU, or ``None`` for the default."""
    inputs = Inputs(arguments=["-"], stdin_filename="claim.json")
    settings = Settings(assume=Assumptions() if mfu is None else Assumptions(mfu=mfu))
    return audit(inputs, settings, read_stdin=lambda: json.dumps(claim))


MFUS = st.sampled_from([None, 1e-4, 1.0])


@given(_claims(_inside), MFUS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_claims_at_the_edges_of_their_ranges_go_through_the_physics(
    claim: dict[str, Any], mfu: float | None
) -> None:
    """Every value a claim may hold, the extremes together, gives finite figures everywhere."""
    report = _audit(claim, mfu)
    if claim.get("speedup_low", 0) > claim["speedup"]:
        assert report.errors and not report.claims
        return
    assert not report.errors
    assert report.claims[0].analysis.load_ceiling_gb_s is not None  # the physics ran
    _render_everywhere(report)


@given(_claims(_anything), MFUS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_values_outside_their_ranges_are_named_and_nothing_breaks(
    claim: dict[str, Any], mfu: float | None
) -> None:
    """Whatever the numbers, the audit never raises, each value outside its range is named
    in an error, and every format still renders."""
    report = _audit(claim, mfu)
    refused = {name for name, value in claim.items() if _outside(name, value)}
    if refused:
        assert not report.claims
        named = {m.group(1) for e in report.errors if (m := FIELD.search(e.message))}
        assert named == refused, report.errors
    else:
        assert len(report.claims) == 1 or "speedup_low" in claim, report.errors
    _render_everywhere(report)
