"""``claimcheck breakeven --fit`` and a claim file with points, as a user runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke

SETUP = ("breakeven", "--model", "llama-3.1-70b", "--gpu", "h100-sxm")


def test_two_points_on_the_command_line_are_reproduced(cli: Invoke) -> None:
    run = cli(*SETUP, "--fit", "32K:3.7x", "--fit", "131000:7.6", "-f", "json")
    assert (run.code, run.stderr) == (0, "")
    document = run.json()
    fit = document["fit"]
    assert [r["context_tokens"] for r in fit["residuals"]] == [32_000, 131_000]
    assert all(abs(r["residual_percent"]) < 5 for r in fit["residuals"])
    # docs/model.md §9: t0 = 0.66 s, B = 4.25 GB/s, breakeven ≈ 3,180 tokens.
    assert (fit["latency_s"], fit["bandwidth_gb_s"]) == pytest.approx((0.662, 4.25), rel=0.01)
    assert fit["fixed"] == "mfu"
    # The sweep runs on the fitted curve: its breakeven is the fit's.
    assert document["breakeven_tokens"] == fit["breakeven_tokens"]
    assert document["setup"]["load_bandwidth_gb_s"] == pytest.approx(4.25, rel=0.01)
    assert next(iter(document)) == "breakeven_tokens"


def test_times_on_the_command_line_fit_the_mfu(cli: Invoke) -> None:
    run = cli(*SETUP, "--fit", "32000:11.57/3.13", "--fit", "131000:81.75s/10.76s", "-f", "json")
    assert run.code == 0, run.stderr
    fit = run.json()["fit"]
    assert fit["fixed"] is None
    assert fit["mfu"] == pytest.approx(0.5, rel=0.01)


def test_the_text_view_shows_the_fit_and_its_residuals(cli: Invoke) -> None:
    run = cli(*SETUP, "--fit", "32000:3.7", "--fit", "131000:7.6", "--fit", "8000:2")
    assert run.code == 0, run.stderr
    assert "Fitted to 3 points" in run.stdout
    assert "MFU 0.5 (held)" in run.stdout
    assert "residual" in run.stdout
    assert "8,000" in run.stdout


@pytest.mark.parametrize(
    ("points", "message"),
    [
        (["32000:3.7"], "--fit: a fit needs points at two or more prefix lengths, got one point"),
        (["32000:3.7", "32000:3.9"], "two or more prefix lengths"),
        (["32000", "131000:7.6"], "--fit: expected TOKENS:SPEEDUP or TOKENS:BASELINE/CACHED"),
        (["32000:0", "131000:7.6"], "--fit 32000:0: expected a measured speedup from 1e-06"),
        (["32000:1/0", "131000:7.6"], "--fit 32000:1/0: expected a time from 1e-06"),
        (["0:2", "131000:7.6"], "--fit 0:2: expected a token count from 1"),
    ],
)
def test_bad_points_get_one_clear_line(cli: Invoke, points: list[str], message: str) -> None:
    run = cli(*SETUP, *(arg for point in points for arg in ("--fit", point)))
    assert run.code == 2
    assert run.stdout == ""
    assert run.stderr.startswith("claimcheck: error: ")
    assert message in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_a_point_below_1x_is_fitted_with_a_note(cli: Invoke) -> None:
    run = cli(*SETUP, "--fit", "1000:0.4", "--fit", "32000:3.7", "--fit", "131000:7.6")
    assert run.code == 0, run.stderr
    assert "recomputing winning" in run.stdout


def test_fit_replaces_the_load_options(cli: Invoke) -> None:
    run = cli(*SETUP, "--fit", "32000:3.7", "--fit", "131000:7.6", "--latency-ms", "1")
    assert run.code == 2
    assert "--fit fits the load latency and bandwidth" in run.stderr


def test_fit_is_documented_in_help(cli: Invoke) -> None:
    run = cli("breakeven", "--help")
    assert "--fit" in run.stdout
    assert "TOKENS:SPEEDUP" in run.stdout


CLAIM = """\
id: two-points
speedup: 7.6
context_tokens: 131000
metric: ttft
model: llama-3.1-70b
gpu: h100-sxm
gpu_count: 1
points:
  - {context_tokens: 32000, speedup: 3.7}
  - {context_tokens: 131000, speedup: 7.6}
"""


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("c.yaml", CLAIM),
        (
            "c.toml",
            'speedup = 7.6\ncontext_tokens = 131000\nmodel = "llama-3.1-70b"\ngpu = "h100-sxm"\n'
            "gpu_count = 1\npoints = [{context_tokens = 32000, speedup = 3.7}]\n",
        ),
        (
            "c.json",
            '{"speedup": 7.6, "context_tokens": 131000, "model": "llama-3.1-70b", '
            '"gpu": "h100-sxm", "gpu_count": 1, "points": [{"context_tokens": 32000, "speedup": 3.7}]}',
        ),
    ],
)
def test_a_claim_file_with_points_is_fitted(
    cli: Invoke, tmp_path: Path, name: str, text: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    run = cli("check", str(path), "-f", "json")
    assert run.code in (0, 1), run.stderr
    claim = run.json()["claims"][0]
    assert claim["claim"]["points"][0]["context_tokens"] == 32_000
    fit = claim["analysis"]["fit"]
    assert [r["context_tokens"] for r in fit["residuals"]] == [32_000, 131_000]
    assert all(abs(r["residual_percent"]) < 5 for r in fit["residuals"])
    assert fit["breakeven_tokens"] == pytest.approx(3_180, abs=10)


def test_a_bad_point_in_a_claim_file_names_it(cli: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(CLAIM.replace("speedup: 3.7}", "speedup: -2}"), encoding="utf-8")
    run = cli("check", str(path))
    assert run.code == 2
    assert "field 'points[1].speedup': expected a measured speedup" in run.stderr
    assert "c.yaml:8:1: claim 'two-points'" in run.stderr  # the points key
