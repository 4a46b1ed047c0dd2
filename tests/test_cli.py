"""The command line as a user meets it: the acceptance sentences, exit codes, stdout vs stderr."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck import __version__
from tests.conftest import Invoke, codes

BRIEF_1 = (
    "Recomputing a 112K-token context takes 57 seconds; loading its KV cache takes 2.1 seconds: "
    "27x faster time to first token."
)
BRIEF_2 = "Up to 75x faster prefill for long contexts: 128K tokens on a 70B-parameter model"


def test_brief_claim_one_as_a_sentence(cli: Invoke) -> None:
    run = cli("check", BRIEF_1, "--format", "json")
    assert run.code == 0  # warnings and info only; the default --fail-on is error
    claim = run.json()["claims"][0]
    fields = claim["claim"]
    assert fields["speedup"] == 27
    assert fields["context_tokens"] == 112_000
    assert (fields["baseline_seconds"], fields["cached_seconds"]) == (57, 2.1)
    # 112,000 × 2.1 / 57 = 4,126.3 by hand: "about 4,100 tokens".
    assert claim["analysis"]["naive_breakeven_tokens"] == 4126
    found = codes(run.json())
    assert {"KV101", "KV103"} <= found
    assert "KV202" not in found


def test_brief_claim_two_as_a_sentence(cli: Invoke) -> None:
    run = cli("check", BRIEF_2, "--format", "json")
    found = codes(run.json())
    assert {"KV101", "KV102", "KV103", "KV302"} <= found
    fields = run.json()["claims"][0]["claim"]
    assert fields["speedup_qualifier"] == "up to"
    assert fields["params_billions"] == 70


def test_contradicting_times_exit_one(cli: Invoke) -> None:
    run = cli(
        "check",
        "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT.",
        "-f",
        "json",
    )
    assert "KV202" in codes(run.json())
    assert run.code == 1


def test_missing_path_exits_two_and_is_never_text(cli: Invoke) -> None:
    run = cli("check", "no-such-file.yaml", "-f", "json")
    assert run.code == 2
    assert "no-such-file.yaml" in run.stderr
    assert run.json()["claims"] == []
    assert run.json()["errors"][0]["path"] == "no-such-file.yaml"


def test_folder_with_a_broken_and_a_good_file(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "good.yaml").write_text(
        "speedup: 27\ncontext_tokens: 112000\nmetric: ttft\n"
    )
    (tmp_path / "claims" / "broken.yaml").write_text("speedup: 27\ncontext_tokns: 112000\n")
    run = cli("check", "claims", "-f", "json")
    assert run.code == 2
    report = run.json()
    assert [c["id"] for c in report["claims"]] == ["good"]
    error = report["errors"][0]
    assert error["path"] == "claims/broken.yaml"
    assert "context_tokns" in error["message"] and "context_tokens" in error["message"]
    assert (error["line"], error["column"]) == (2, 1)
    assert "claims/broken.yaml:2:1" in run.stderr


def test_exit_zero_turns_one_into_zero_but_never_two(cli: Invoke, tmp_path: Path) -> None:
    bad = "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT."
    assert cli("check", bad, "--exit-zero", "-f", "json").code == 0
    assert cli("check", bad, str(tmp_path / "missing.yaml"), "--exit-zero", "-f", "json").code == 2


def test_fail_on_threshold(cli: Invoke) -> None:
    assert cli("check", BRIEF_1, "-f", "json").code == 0
    assert cli("check", BRIEF_1, "-f", "json", "--fail-on", "warning").code == 1
    assert cli("check", BRIEF_1, "-f", "json", "--fail-on", "info").code == 1
    contradiction = (
        "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT."
    )
    assert cli("check", contradiction, "-f", "json", "--fail-on", "never").code == 0


def test_select_and_ignore(cli: Invoke) -> None:
    only_kv1 = codes(cli("check", BRIEF_2, "-f", "json", "--select", "KV1").json())
    assert only_kv1 == {"KV101", "KV102", "KV103"}
    without = codes(
        cli("check", BRIEF_2, "-f", "json", "--select", "KV1", "--ignore", "KV103").json()
    )
    assert without == {"KV101", "KV102"}
    by_name = codes(cli("check", BRIEF_2, "-f", "json", "--select", "best-case-only,KV101").json())
    assert by_name == {"KV101", "KV302"}


def test_unknown_selector_is_a_usage_error(cli: Invoke) -> None:
    run = cli("check", BRIEF_1, "--select", "KV1O1")
    assert run.code == 2
    assert "KV101" in run.stderr


def test_output_file_gets_the_report_and_keeps_the_exit_code(cli: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    run = cli("check", BRIEF_1, "-f", "json", "-o", str(target), "--fail-on", "warning")
    assert run.code == 1
    assert run.stdout == ""
    assert '"naive_breakeven_tokens": 4126' in target.read_text()


def test_unwritable_output_exits_two(cli: Invoke, tmp_path: Path) -> None:
    run = cli("check", BRIEF_1, "-o", str(tmp_path / "no-such-dir" / "r.json"))
    assert run.code == 2
    assert "cannot write" in run.stderr


def test_stdin_text_and_claim_file(cli: Invoke) -> None:
    as_text = cli("check", "-", "-f", "json", input=BRIEF_1)
    assert as_text.json()["claims"][0]["claim"]["speedup"] == 27
    as_yaml = cli("check", "-", "-f", "json", input="speedup: 12\ncontext_tokens: 64000\n")
    assert as_yaml.json()["claims"][0]["claim"]["context_tokens"] == 64000
    named = cli("check", "-", "--stdin-filename", "x.json", "-f", "json", input='{"speedup": 3}')
    assert named.json()["claims"][0]["claim"]["speedup"] == 3


def test_text_without_a_claim_is_an_input_error(cli: Invoke) -> None:
    run = cli("check", "The weather is nice today", "-f", "json")
    assert run.code == 2
    assert "no KV-cache speedup claim" in run.stderr


def test_text_option_reads_a_claim_without_cue(cli: Invoke) -> None:
    run = cli("check", "--text", "8x at 32K tokens", "-f", "json")
    assert run.code == 0
    assert run.json()["claims"][0]["claim"]["speedup"] == 8


def test_concise_lines_point_at_the_field(cli: Invoke) -> None:
    run = cli("check", BRIEF_1, "-f", "concise")
    lines = run.stdout.splitlines()
    kv103 = next(line for line in lines if " KV103 " in line)
    # "112K-token" starts at code point 15 of the sentence (1-based).
    assert kv103.startswith(f"<text>:1:{BRIEF_1.index('112K') + 1}: KV103 [warning] ")
    assert lines[-1] == "1 claim: 0 errors, 3 warnings, 1 info"  # a one-liner reads no file


def test_version(cli: Invoke) -> None:
    run = cli("--version")
    assert run.code == 0
    assert run.stdout.strip() == f"claimcheck {__version__}"


def test_nothing_to_check(cli: Invoke) -> None:
    run = cli("check")
    assert run.code == 2
    assert "nothing to check" in run.stderr


def test_rules_lists_every_code(cli: Invoke) -> None:
    run = cli("rules")
    for code in ("KV101", "KV102", "KV103", "KV104", "KV201", "KV202", "KV301", "KV302"):
        assert code in run.stdout


def test_rule_explains_one(cli: Invoke) -> None:
    run = cli("rule", "prefill-only")
    assert run.stdout.startswith("KV101 prefill-only (default severity: warning)")
    assert "Does not flag:" in run.stdout
    missing = cli("rule", "KV10")
    assert missing.code == 2
    assert "unknown rule" in missing.stderr


def test_schema_describes_claim_files(cli: Invoke) -> None:
    schema = cli("schema").json()
    claim = schema["$defs"]["Claim"]
    assert claim["additionalProperties"] is False
    assert "speedup" in claim["properties"]


def test_explain_lists_every_number_weighed_in_json(cli: Invoke) -> None:
    text = "Prompt caching can reduce costs by up to 90% and latency by up to 85% for long prompts."
    report = cli("check", "--explain", text, "-f", "json").json()
    weighed = {c["text"]: c for c in report["candidates"]}
    assert set(weighed) == {"90%", "85%"}
    assert weighed["85%"]["kept"] and not weighed["90%"]["kept"]
    assert weighed["90%"]["score"] < weighed["85%"]["score"]
    facts = {e["fact"] for e in weighed["90%"]["evidence"]}
    assert "not-speed-before" in facts
    assert "cost" in weighed["90%"]["reason"]
    assert {"line", "column", "form", "value", "reason"} <= set(weighed["85%"])


def test_explain_in_text_shows_the_evidence(cli: Invoke) -> None:
    run = cli("check", "--explain", BRIEF_1, "-f", "text")
    assert "Numbers weighed as speed factors" in run.stdout
    assert "kept" in run.stdout


def test_without_explain_the_report_lists_no_candidates(cli: Invoke) -> None:
    assert cli("check", BRIEF_1, "-f", "json").json()["candidates"] == []


def test_text_with_no_figure_says_so_and_never_suggests_text(cli: Invoke) -> None:
    run = cli("check", "--text", "The weather is nice today.", "-f", "json")
    assert run.code == 2
    assert "no speed figure" in run.stderr
    assert "--text" not in run.stderr


def test_text_whose_figure_is_not_a_speedup_says_what_held_it_back(cli: Invoke) -> None:
    run = cli("check", "--text", "KV offload cut our GPU bill by 60%.", "-f", "json")
    assert run.code == 2
    assert "'60%'" not in run.stderr or "percentage" in run.stderr
    assert "bill" in run.stderr


@pytest.mark.parametrize(
    ("sentence", "figure", "cause"),
    [
        # https://github.com/FasterDecoding/Medusa/blob/main/README.md
        (
            "Medusa achieves a 2.2x speedup on Vicuna-7B without any loss in generation quality.",
            "2.2x",
            "speculative: Medusa",
        ),
        # https://rickytakkar.com/blog_russet_mlx_benchmark.html: the "2.2x" inside the range
        # stands or falls with the range, which a chip comparison explains
        (
            "iPad Pro is 1.2x–2.2x faster depending on model and prompt length.",
            "1.2x–2.2x",
            "gpu generation: iPad",
        ),
    ],
)
def test_text_whose_gain_has_another_cause_names_the_cause_not_a_score(
    cli: Invoke, sentence: str, figure: str, cause: str
) -> None:
    run = cli("check", "--text", sentence, "-f", "json")
    assert run.code == 2
    assert f"'{figure}' is not a KV-cache speedup" in run.stderr
    assert cause in run.stderr
    assert "scored" not in run.stderr


def test_one_unreadable_text_does_not_stop_the_others(cli: Invoke) -> None:
    run = cli("check", "--text", "The weather is nice today.", "--text", BRIEF_1, "-f", "json")
    assert run.code == 2
    report = run.json()
    assert [c["claim"]["speedup"] for c in report["claims"]] == [27]
    assert len(report["errors"]) == 1


def test_kv_layout_from_the_command_line_and_the_configuration(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "gpt-oss-120b on one H100: 10x faster TTFT at 32K tokens with KV cache on NVMe."

    def layout_notes(*options: str) -> list[str]:
        run = cli("check", "--format", "json", *options, "--text", text)
        notes = run.json()["claims"][0]["analysis"]["assumptions"]
        return [note.split(":")[0] for note in notes if note.startswith("KV layout")]

    monkeypatch.chdir(tmp_path)
    assert layout_notes("--isolated") == ["KV layout resumed"]
    assert layout_notes("--isolated", "--kv-layout", "full") == ["KV layout full"]
    (tmp_path / "claimcheck.toml").write_text('[assumptions]\nkv-layout = "full"\n')
    assert layout_notes() == ["KV layout full"]
    assert layout_notes("--kv-layout", "resumed") == ["KV layout resumed"]
    (tmp_path / "claimcheck.toml").write_text('[assumptions]\nkv-layout = "sliding"\n')
    run = cli("check", "--text", text)
    assert run.code == 2 and "kv-layout" in run.stderr


def test_output_format_is_another_name_for_format(cli: Invoke) -> None:
    run = cli("check", "--output-format", "json", "--text", "27x faster TTFT at 128K tokens")
    assert run.json()["summary"]["claims"] == 1
    assert cli("catalog", "gpus", "--output-format", "json").json()


def test_the_text_view_shows_the_source_unless_told_not_to(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    page = "# Offload\n\nLoading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT.\n"
    (tmp_path / "page.md").write_text(page, encoding="utf-8")
    shown = cli("check", "page.md", "--isolated", "-f", "text").stdout.splitlines()
    at = next(n for n, line in enumerate(shown) if "3 | Loading" in line)
    source, caret = shown[at], shown[at + 1]
    assert caret.index("^^^") - source.index("Loading") == 72  # under the 40x, column 73
    hidden = cli("check", "page.md", "--isolated", "-f", "text", "--no-show-source").stdout
    assert "3 | Loading" not in hidden
    concise = cli("check", "page.md", "--isolated", "-f", "concise").stdout
    assert "3 | Loading" not in concise
    concise = cli("check", "page.md", "--isolated", "-f", "concise", "--show-source").stdout
    assert "page.md:3:73: KV202 [error]" in concise
    after = concise.split("page.md:3:73: KV202 [error]", 1)[1].splitlines()[1:4]
    assert after == ["  |", "3 | " + page.splitlines()[2], "  | " + " " * 72 + "^^^"]


def test_the_source_of_stdin_is_what_was_read(cli: Invoke) -> None:
    text = (
        "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT.\n"
    )
    run = cli("check", "-", "--isolated", "-f", "concise", "--show-source", input=text)
    assert "1 | Loading a 100K-token KV cache" in run.stdout


def test_statistics_count_findings_per_rule(cli: Invoke) -> None:
    run = cli("check", "claims", "--statistics", "-f", "concise")
    lines = run.stdout.splitlines()
    assert lines[-1].startswith("10 claims in 8 files")
    counts = [int(line.split()[0]) for line in lines[:-1]]
    assert counts == sorted(counts, reverse=True)
    table = cli("check", "claims", "--statistics", "-f", "json").json()
    report = cli("check", "claims", "-f", "json").json()
    live = [f["code"] for c in report["claims"] for f in c["findings"] if not f["suppressed"]]
    assert {row["code"]: row["count"] for row in table} == {c: live.count(c) for c in set(live)}
    assert run.code == cli("check", "claims", "-f", "concise").code
