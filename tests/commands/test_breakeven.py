"""``claimcheck breakeven`` as a user runs it: the acceptance case, defaults, and bad input."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from claimcheck.cli import app  # the application that ships, not a copy

ANCHOR = [
    "breakeven",
    "--model",
    "llama-3.1-70b",
    "--gpu",
    "h100-sxm",
    "--gpus",
    "8",
    "--mfu",
    "0.5",
    "--bandwidth-gb-s",
    "52",
    "--latency-ms",
    "1",
]


def _run(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, args, env={"NO_COLOR": "1"})
    return result.exit_code, result.stdout, result.stderr


def _json(args: list[str]) -> dict[str, Any]:
    code, stdout, stderr = _run([*args, "--format", "json"])
    assert (code, stderr) == (0, "")
    document: dict[str, Any] = json.loads(stdout)
    return document


def test_acceptance_anchor_breakeven_and_knee() -> None:
    document = _json(ANCHOR)
    # docs/model.md §4 by hand: c_r = 2·68.45e9 / (8·989e12·0.5) = 34.6 µs/token,
    # c_l = 327,680 B / 52 GB/s = 6.3 µs/token, N* ≈ t0 / (c_r − c_l) = 1 ms / 28.3 µs ≈ 35.
    c_r = 2 * 68.45e9 / (8 * 989e12 * 0.5)
    c_l = 327_680 / 52e9
    assert document["breakeven_tokens"] == pytest.approx(1e-3 / (c_r - c_l), abs=1.5)
    assert 30 <= document["breakeven_tokens"] <= 40
    # docs/model.md §2: the memory-bound knee of a dense BF16 model on H100 at u = 0.5 is ~150 tokens.
    assert document["knee_tokens"] == pytest.approx(150, abs=5)
    assert document["breakeven_below_knee"] is True
    assert "idle GPU" in document["knee_note"] and "at least" in document["knee_note"]
    assert document["setup"]["load_bandwidth_gb_s"] == 52
    assert document["output_tokens"] == 500


def test_text_output_has_the_sentences_and_the_chart() -> None:
    code, stdout, stderr = _run(ANCHOR)
    assert (code, stderr) == (0, "")
    assert "Loading beats recomputing from ≈ 36 tokens." in stdout
    assert "at least ≈ 152" in " ".join(stdout.split())
    assert "100K" in stdout and "1M" in stdout and "┊" in stdout
    assert "\x1b[" not in stdout


def test_no_tier_assumes_the_default_nvme_tier() -> None:
    document = _json(["breakeven", "--model", "llama-3.1-70b", "--gpu", "h100", "--gpus", "8"])
    assert document["setup"]["tier"] == "nvme-gen4"
    assert document["setup"]["load_bandwidth_gb_s"] == pytest.approx(6.5 * 8)  # per GPU × 8
    assert document["setup"]["load_latency_ms"] == 1
    assert any("No storage tier was given" in a for a in document["assumptions"])
    assert any("MFU 0.5" in a for a in document["assumptions"])


def test_bandwidth_alone_keeps_the_default_latency_and_vice_versa() -> None:
    base = ["breakeven", "--model", "llama-3.1-8b", "--gpu", "h100"]
    alone = _json([*base, "--bandwidth-gb-s", "20"])["setup"]
    assert (alone["load_bandwidth_gb_s"], alone["load_latency_ms"]) == (20, 1)
    latency = _json([*base, "--latency-ms", "0.5"])["setup"]
    assert (latency["load_bandwidth_gb_s"], latency["load_latency_ms"]) == (6.5, 0.5)


def test_a_tier_kind_and_a_system_name() -> None:
    document = _json(
        ["breakeven", "--model", "llama-3.1-70b", "--gpu", "DGX H100", "--tier", "dram"]
    )
    setup = document["setup"]
    assert (setup["gpu"], setup["gpu_count"], setup["tier"]) == ("h100-sxm", 8, "dram-pcie-gen5")
    assert setup["load_bandwidth_gb_s"] == pytest.approx(50 * 8)
    assert not any("No storage tier" in a for a in document["assumptions"])


def test_power_cap_context_and_output_tokens() -> None:
    document = _json(
        [*ANCHOR, "--power-watts", "350", "--context", "100000", "--output-tokens", "0"]
    )
    # 350 of 700 W: the Hopper curve's point at half the limit, the mean of MLPerf v4.0's
    # DGX-H100 runs at 350 W, GPT-J 0.7457 and SDXL 0.7350 (docs/model.md §5)
    assert document["setup"]["power_factor"] == pytest.approx((0.7457 + 0.7350) / 2, abs=5e-4)
    row = next(r for r in document["rows"] if r["prefix_tokens"] == 100_000)
    assert document["end_to_end_prefix_tokens"] == 100_000
    assert document["end_to_end_speedup"] == pytest.approx(
        row["recompute_seconds"] / row["load_seconds"]
    )


def test_fp8_nearly_doubles_the_breakeven_bandwidth() -> None:
    bf16 = _json(ANCHOR)["breakeven_bandwidth_gb_s"]
    fp8 = _json([*ANCHOR, "--dtype", "fp8"])["breakeven_bandwidth_gb_s"]
    # 1,979 vs 989 TFLOPS, at the assumed MFU scaled by what FP8 matmuls reach of BF16's
    # efficiency on an H100: (1,402.6 / 1,979) / (794.5 / 989) (docs/model.md §2).
    scaled = (1_402.6 / 1_979) / (794.5 / 989)
    assert fp8 == pytest.approx(bf16 * 1979 / 989 * scaled, rel=1e-3)


def test_a_user_catalog_replaces_a_tier(tmp_path: Path) -> None:
    path = tmp_path / "catalog.toml"
    path.write_text(
        '[[tiers]]\nid = "nvme-gen4"\nname = "Our RAID"\nkind = "nvme"\nbandwidth_gb_s = 26.0\n'
        'per_gpu = false\nlatency_ms = 0.5\ndefault_for_kind = true\nsource = "our run"\n',
        encoding="utf-8",
    )
    setup = _json(
        [
            "breakeven",
            "--model",
            "llama-3.1-8b",
            "--gpu",
            "h100",
            "--gpus",
            "2",
            "--catalog",
            str(path),
        ]
    )["setup"]
    assert (setup["load_bandwidth_gb_s"], setup["load_latency_ms"]) == (26, 0.5)  # shared: not × 2


BAD = [
    (["--model", "llama-70"], "unknown model 'llama-70' (did you mean"),
    (["--gpu", "h1000"], "unknown GPU 'h1000'"),
    (["--tier", "tape"], "unknown storage tier 'tape'"),
    (
        ["--bandwidth-gb-s", "0"],
        "--bandwidth-gb-s: expected a load bandwidth from 0.001 to 1,000,000 GB/s, got 0",
    ),
    (["--bandwidth-gb-s", "-3"], "--bandwidth-gb-s: expected a load bandwidth"),
    (["--bandwidth-gb-s", "nan"], "--bandwidth-gb-s: expected a load bandwidth"),
    (["--mfu", "1.5"], "--mfu: expected an MFU (fraction of dense peak) from 0.0001 to 1, got 1.5"),
    (["--mfu", "0"], "--mfu: expected an MFU (fraction of dense peak) from 0.0001 to 1, got 0"),
    (
        ["--latency-ms", "-1"],
        "--latency-ms: expected a load latency from 0 to 1,000,000 ms, got -1",
    ),
    (["--gpus", "0"], "--gpus: expected a GPU count from 1 to 1,000,000, got 0"),
    (["--context", "0"], "--context: expected a token count from 1 to 1,000,000,000 tokens, got 0"),
    (["--context", "200000"], "outside llama-3.1-70b's window"),
    (["--power-watts", "-5"], "--power-watts: expected a power cap from 1 to 10,000 W, got -5"),
    (["--gpu", "a100-sxm", "--dtype", "fp8"], "has no FP8 tensor cores"),
    (["--catalog", "missing.toml"], "missing.toml: cannot read catalog file"),
]


@pytest.mark.parametrize(("change", "message"), BAD)
def test_bad_input_is_one_line_and_exit_2(change: list[str], message: str) -> None:
    args = ["breakeven", "--model", "llama-3.1-70b", "--gpu", "h100-sxm"]
    for option, value in zip(change[::2], change[1::2], strict=True):
        if option in args:
            args[args.index(option) + 1] = value
        else:
            args += [option, value]
    code, stdout, stderr = _run(args)
    assert code == 2
    assert stdout == ""
    assert stderr.startswith("claimcheck: error: ")
    assert message in stderr
    assert stderr.count("\n") == 1 and "Traceback" not in stderr


def test_an_invalid_catalog_file_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[[models]\nid = 3\n", encoding="utf-8")
    code, _, stderr = _run([*ANCHOR, "--catalog", str(path)])
    assert code == 2
    assert stderr.startswith(f"claimcheck: error: {path}:1:")
    assert "TOML syntax error" in stderr and stderr.count("\n") == 1


def test_knee_bounded_breakeven_is_not_reported_when_above_it() -> None:
    document = _json(["breakeven", "--model", "qwen3-30b-a3b", "--gpu", "h100", "--tier", "nvme"])
    assert document["breakeven_tokens"] > document["knee_tokens"]
    assert document["knee_note"] is None
    assert math.isclose(document["breakeven_tokens"], 5_500, rel_tol=0.1)  # docs/model.md §4 table


GPT_OSS_AT_2_GB_S = [
    "breakeven",
    "--model",
    "gpt-oss-120b",
    "--gpu",
    "h100-sxm",
    "--bandwidth-gb-s",
    "2",
    "--latency-ms",
    "1",
]


def _gpt_oss_breakeven_by_hand(stored_layers: int, fixed_bytes: int) -> float:
    """docs/model.md §1, §4 from gpt-oss-120b's config: 36 layers (18 full, 18 with a 128-token
    sliding window), 64 query heads of 64, 8 KV heads of 64; 4.55e9 active linear parameters.
    One H100 SXM at MFU 0.5, 2 GB/s, 1 ms."""
    flops_per_s = 989e12 * 0.5
    pair_flops = 2 * 64 * (64 + 64)  # QKᵀ and AV per head and query-key pair
    a = 18 * pair_flops / 2 / flops_per_s  # full layers: N²/2 pairs
    window_s = 18 * pair_flops * 128 / flops_per_s  # sliding layers: N·w − w²/2 pairs
    window_offset_s = 18 * pair_flops * 128**2 / 2 / flops_per_s
    c_r = 2 * 4.55e9 / flops_per_s
    c_l = stored_layers * 2 * 8 * 64 * 2 / 2e9  # K and V, 8 heads of 64, BF16
    b = c_r + window_s - c_l
    c = 1e-3 + fixed_bytes / 2e9 - window_offset_s
    return (-b + math.sqrt(b * b + 4 * a * c)) / (2 * a)


def test_gpt_oss_breakeven_counts_only_the_last_window_unless_asked_for_full_length() -> None:
    resumed = _json(GPT_OSS_AT_2_GB_S)
    full = _json([*GPT_OSS_AT_2_GB_S, "--kv-layout", "full"])
    # resumed: 18 full layers grow (36,864 B/token), the 18 window layers hold 128 tokens each
    by_hand = _gpt_oss_breakeven_by_hand(18, 18 * 128 * 2 * 8 * 64 * 2)
    assert resumed["breakeven_tokens"] == pytest.approx(by_hand, rel=0.01)
    assert 3_000 < resumed["breakeven_tokens"] < 3_500
    # full length: all 36 layers grow (73,728 B/token), nothing fixed
    assert full["breakeven_tokens"] == pytest.approx(_gpt_oss_breakeven_by_hand(36, 0), rel=0.01)
    assert 60_000 < full["breakeven_tokens"] < 63_000
    assert (resumed["setup"]["kv_layout"], full["setup"]["kv_layout"]) == ("resumed", "full")
    assert any(a.startswith("KV layout resumed") for a in resumed["assumptions"])
    assert any(a.startswith("KV layout full") for a in full["assumptions"])


def test_fp8_kv_brings_the_gpt_oss_breakeven_to_hundreds_of_tokens() -> None:
    document = _json([*GPT_OSS_AT_2_GB_S, "--kv-dtype", "fp8"])
    # by hand: c_l = 18 × 1,024 B / 2 GB/s = 9.2 µs against c_r = 18.4 µs per token, and
    # t0 + 18 × 128 × 1,024 B / 2 GB/s = 2.18 ms fixed: N* ≈ 2.18 ms / 9.3 µs ≈ 235.
    assert 200 < document["breakeven_tokens"] < 270


def test_a_full_attention_model_ignores_the_kv_layout() -> None:
    assert (
        _json(ANCHOR)["breakeven_tokens"]
        == _json([*ANCHOR, "--kv-layout", "full"])["breakeven_tokens"]
    )
    assert not any("KV layout" in a for a in _json(ANCHOR)["assumptions"])


def test_an_unknown_kv_layout_is_refused() -> None:
    code, _stdout, stderr = _run([*ANCHOR, "--kv-layout", "sliding"])
    assert code == 2 and "--kv-layout" in stderr


@pytest.mark.parametrize("fmt", ["json", "text", "svg"])
def test_output_file_gets_what_stdout_would(tmp_path: Path, fmt: str) -> None:
    shown = CliRunner().invoke(app, [*ANCHOR, "-f", fmt], env={"NO_COLOR": "1"})
    target = tmp_path / f"breakeven.{fmt}"
    for option in ("-o", "--output"):
        result = CliRunner().invoke(app, [*ANCHOR, "-f", fmt, option, str(target)])
        assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
        assert target.read_text(encoding="utf-8") == shown.stdout
        target.unlink()


def test_output_file_has_no_colour(tmp_path: Path) -> None:
    target = tmp_path / "breakeven.txt"
    result = CliRunner().invoke(app, [*ANCHOR, "--color", "always", "-o", str(target)])
    assert result.exit_code == 0, result.stderr
    text = target.read_text(encoding="utf-8")
    assert "breakeven" in text.lower() and "\x1b[" not in text


def test_an_unwritable_output_file_is_one_error_line(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "breakeven.json"
    code, stdout, stderr = _run([*ANCHOR, "-f", "json", "-o", str(target)])
    assert (code, stdout) == (2, "")
    assert stderr == (
        f"claimcheck: error: {target}: cannot write the report: No such file or directory\n"
    )
