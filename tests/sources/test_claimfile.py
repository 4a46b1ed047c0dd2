"""Claim files: the three formats, one or many claims, and one clear line per bad field."""

from __future__ import annotations

import pytest

from claimcheck.catalog import Catalog
from claimcheck.errors import InputError
from claimcheck.sources.claimfile import ReadClaimFile, load_claims
from claimcheck.sources.structured import Format
from tests.conftest import Invoke


def load(text: str, fmt: Format = "yaml", name: str = "c.yaml") -> ReadClaimFile:
    loaded = load_claims(text, fmt, name, name.split(".")[0])
    assert loaded is not None
    return loaded


def only_problem(text: str, fmt: Format = "yaml") -> str:
    loaded = load(text, fmt)
    assert loaded.records == []
    assert len(loaded.problems) == 1
    return str(loaded.problems[0])


def test_yaml_single_claim_takes_the_file_name_as_id() -> None:
    loaded = load("speedup: 27\ncontext_tokens: 112000\n", name="vendor.yaml")
    (record,) = loaded.records
    assert record.id == "vendor"
    assert record.claim.speedup == 27
    assert record.fields["context_tokens"].line == 2


def test_yaml_list_and_claims_key() -> None:
    listed = load("- speedup: 2\n- id: b\n  speedup: 3\n")
    assert [r.id for r in listed.records] == ["c#1", "b"]
    keyed = load("claims:\n  - speedup: 2\n  - speedup: 3\n")
    assert [r.position.line for r in keyed.records if r.position] == [2, 3]


def test_toml_claims_tables_with_lines() -> None:
    text = '[[claims]]\nspeedup = 2\n\n[[claims]]\nid = "two"\nspeedup = 3\ncontext_tokens = 8000\n'
    loaded = load(text, "toml", "t.toml")
    assert [r.id for r in loaded.records] == ["t#1", "two"]
    assert loaded.records[1].fields["context_tokens"].line == 7


def test_json_list_positions() -> None:
    text = '[\n  {"speedup": 2},\n  {"speedup": 3, "context_tokens": 9000}\n]\n'
    loaded = load(text, "json", "j.json")
    second = loaded.records[1]
    assert second.position is not None and (second.position.line, second.position.column) == (3, 3)
    assert second.fields["context_tokens"].line == 3


def test_fields_missing_from_a_claim_are_read_from_its_text() -> None:
    loaded = load("text: 27x faster TTFT at 112K tokens\nspeedup: 30\n")
    claim = loaded.records[0].claim
    assert claim.speedup == 30  # explicit wins
    assert claim.context_tokens == 112_000  # read from the text
    assert claim.metric == "ttft"


def test_a_text_of_several_gains_gives_its_claim_the_largest() -> None:
    # https://github.com/janilbols-w/janilbols-w.github.io/blob/master/reading_room/artificial_intelligence/llm_large_language_models/llm_readings/kvcache/mooncake.fast25.md:
    # three workloads' cuts; the claim file's one claim takes the headline, 1 / (1 - 0.64)
    text = "相比 vLLM，Mooncake 在三类负载中 prefill GPU 时间分别降低约 36% / 53% / 64%。"
    (record,) = load(f"text: '{text}'\n").records
    assert record.claim.speedup == 2.78


def test_unknown_key_names_file_claim_field_and_suggestion() -> None:
    message = only_problem("id: demo\nspeedup: 27\ncontxt_tokens: 5\n")
    assert message.startswith("c.yaml:3:1: claim 'demo': unknown field 'contxt_tokens'")
    assert "did you mean 'context_tokens'" in message


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("speedup: fast", "field 'speedup': expected a number, got a string 'fast'"),
        ("speedup: 27x", "expected a number, got a string '27x'"),
        ("speedup: -3", "a speedup must be at least 1"),
        ("speedup: 0.5", "a speedup must be at least 1"),
        ("speedup: .nan", "expected a finite number"),
        ("speedup: .inf", "expected a finite number"),
        (
            "speedup: 2\ncontext_tokens: 0",
            "field 'context_tokens': expected a token count from 1 to 1,000,000,000 tokens, got",
        ),
        (
            "speedup: 2\ncontext_tokens: -5",
            "field 'context_tokens': expected a token count from 1 to 1,000,000,000 tokens, got",
        ),
        ("speedup: 2\ncontext_tokens: 1.5", "field 'context_tokens': expected a whole number"),
        (
            "speedup: 2\nbaseline_seconds: 0",
            "field 'baseline_seconds': expected a time from 1e-06 to 1,000,000 s, got 0",
        ),
        (
            "speedup: 2\ngpu_count: true",
            "field 'gpu_count': expected a whole number, got a boolean",
        ),
        ("speedup: 2\nmetric: latency", "field 'metric': expected 'ttft'"),
        ("speedup: 2\nspeedup_qualifier: maybe", "field 'speedup_qualifier': expected"),
        ("speedup: 2\ndate: yesterday", "field 'date': expected a date"),
        ("vendor: x", "needs a 'speedup' or a 'text'"),
        ("speedup: 3\nspeedup_low: 5", "'speedup_low' (5) is above 'speedup' (3)"),
        (
            "speedup: 2\ncontext_tokens: 100000000000000000000",
            "field 'context_tokens': expected a token count from 1 to 1,000,000,000 tokens, got 100,000,000,000,000,000,000",
        ),
        (
            "speedup: 10000000.0",
            "field 'speedup': expected a speedup from 1 to 1,000,000, got 10,000,000",
        ),
    ],
)
def test_bad_values_get_one_clear_line(line: str, expected: str) -> None:
    assert expected in only_problem(line)


def test_every_bad_field_is_reported() -> None:
    loaded = load("speedup: 0.5\ncontext_tokens: -1\n")
    assert [p.line for p in loaded.problems] == [1, 2]


def test_a_bad_claim_does_not_hide_the_good_ones_in_the_same_file() -> None:
    loaded = load("- speedup: 3\n- speedupp: 4\n- speedup: 5\n")
    assert [r.claim.speedup for r in loaded.records] == [3, 5]
    assert "claim 'c#2'" in str(loaded.problems[0])


def test_json_nan_and_infinity_are_refused() -> None:
    assert "finite" in only_problem('{"speedup": NaN}', "json")
    assert "finite" in only_problem('{"speedup": 1e400}', "json")


def test_toml_nan_is_refused() -> None:
    assert "finite" in only_problem("speedup = nan\n", "toml")


@pytest.mark.parametrize(
    ("fmt", "text", "where"),
    [
        ("yaml", "speedup: 2\ncontext_tokens: [1, 2\n", "c.yaml:3:1"),
        ("json", '{"speedup": 2,\n "context_tokens": }', "c.yaml:2:20"),
        ("toml", "speedup = 2\ncontext_tokens = = 3\n", "c.yaml:2:18"),
    ],
)
def test_syntax_errors_carry_line_and_column(fmt: Format, text: str, where: str) -> None:
    with pytest.raises(InputError) as caught:
        load(text, fmt)
    assert str(caught.value).startswith(where + ": ")
    assert "syntax error" in str(caught.value)


def test_not_a_mapping() -> None:
    assert "expected a mapping of claim fields, got a list" in only_problem("- [1, 2]\n")


def test_empty_file() -> None:
    with pytest.raises(InputError, match="empty file"):
        load("")
    with pytest.raises(InputError, match="empty file"):
        load_claims(" \n", "json", "e.json", "e", named=False)
    assert "expected a mapping of claim fields, got nothing" in str(load("---\n---\n").problems[0])


def test_folder_walk_passes_over_files_without_claim_fields() -> None:
    assert (
        load_claims("site_name: docs\nnav: []\n", "yaml", "mkdocs.yml", "mkdocs", named=False)
        is None
    )
    found = load_claims("speedupp: 3\ntext: hi\n", "yaml", "c.yaml", "c", named=False)
    assert found is not None and "speedupp" in str(found.problems[0])


def test_a_repeated_text_reads_alike_and_a_new_catalog_reads_it_again() -> None:
    text = "text: 27x faster TTFT at 112K tokens on Llama 3.1 70B\nspeedup: 30\n"
    first, again = load(text).records[0], load(text, name="d.yaml").records[0]
    assert (again.claim, again.cues, again.readings, again.spans) == (
        first.claim,
        first.cues,
        first.readings,
        first.spans,
    )
    assert first.claim.model == "llama-3.1-70b"
    bare = load_claims(text, "yaml", "c.yaml", "c", catalog=Catalog((), (), ()))
    assert bare is not None and bare.records[0].claim.model != "llama-3.1-70b"


ORDINARY = {
    # A vLLM serving config: `model` is a claim field too, but nothing else is.
    "vllm.yaml": "model: meta-llama/Llama-3.1-70B-Instruct\ntensor-parallel-size: 8\n"
    "max-model-len: 131072\nenable-prefix-caching: true\n",
    "train.yaml": "model:\n  name: llama-3.1-8b\n  dtype: bf16\noptimizer: {lr: 0.0003}\n",
    "i18n.yaml": "text: Welcome\ntitle: Home\n",
    "package.json": '{"name": "site", "version": "1.0.0", "scripts": {"build": "mkdocs build"}}',
    "compose.yaml": "services:\n  web:\n    image: nginx\n    ports: ['80:80']\n",
}


@pytest.mark.parametrize("name", list(ORDINARY))
def test_ordinary_configuration_in_a_folder_is_passed_over(name: str) -> None:
    fmt: Format = "json" if name.endswith(".json") else "yaml"
    assert load_claims(ORDINARY[name], fmt, name, name, named=False) is None


def test_a_generated_catalog_in_a_folder_is_passed_over(cli: Invoke) -> None:
    # README: `claimcheck catalog gpus --format toml > gpus.toml` writes a file to edit.
    catalog = cli("catalog", "gpus", "--format", "toml").stdout
    assert "[[gpus]]" in catalog
    assert load_claims(catalog, "toml", "gpus.toml", "gpus", named=False) is None


@pytest.mark.parametrize(
    "text",
    [
        "speedup: 20\nmetric: ttft\n",
        "text: KV offload gives 27x faster TTFT.\nvendor: Example\n",
        "context_tokens: 128000\ntext: 27x faster TTFT\n",
        "claims:\n  - speedup: 3\n  - text: 5x faster TTFT with KV reuse\n",
    ],
)
def test_claim_files_are_still_read_in_a_folder(text: str) -> None:
    loaded = load_claims(text, "yaml", "c.yaml", "c", named=False)
    assert loaded is not None and loaded.records and not loaded.problems


def test_a_typo_keeps_a_file_a_claim_file_so_it_is_reported() -> None:
    loaded = load_claims("speedup: 20\ncontxt_tokens: 128000\n", "yaml", "t.yaml", "t",
                         named=False)  # fmt: skip
    assert loaded is not None and "did you mean 'context_tokens'" in str(loaded.problems[0])
    near = load_claims("sped_up: 20\n", "yaml", "n.yaml", "n", named=False)
    assert near is not None and "unknown field 'sped_up'" in str(near.problems[0])


def test_a_file_named_as_a_claim_file_is_always_read() -> None:
    loaded = load_claims("model: llama-3.1-70b\nfoo: 1\n", "yaml", "x.claim.yaml", "x",
                         named=False)  # fmt: skip
    assert loaded is not None and "unknown field 'foo'" in str(loaded.problems[0])


def test_a_named_file_that_is_no_claim_file_is_one_error() -> None:
    with pytest.raises(InputError, match="not a claim file"):
        load_claims(ORDINARY["vllm.yaml"], "yaml", "vllm.yaml", "vllm", named=True)


def test_a_misspelt_value_gets_the_closest_one() -> None:
    assert "got 'tft' (did you mean 'ttft'?)" in only_problem("speedup: 20\nmetric: tft\n")
