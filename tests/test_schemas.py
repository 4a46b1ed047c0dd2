"""The JSON Schemas of claim files and of the configuration accept what claimcheck reads: every
bundled claim file, the README's configuration, and refuse what it refuses."""

from __future__ import annotations

import datetime
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from claimcheck.catalog import GpuSpec, ModelSpec, TierSpec
from claimcheck.config import load
from claimcheck.schemas import CLAIM_FILE_ID, CONFIG_ID, claim_file_schema, config_schema
from tests.conftest import Invoke
from tests.test_docs import README, check_block

ROOT = Path(__file__).resolve().parent.parent
CLAIM_FILES = sorted((ROOT / "claims").iterdir())
SCHEMAS = ROOT / "docs" / "schemas"


def as_json(data: Any) -> Any:
    """Parsed YAML or TOML as the JSON data an editor checks: dates become ISO strings."""
    if isinstance(data, dict):
        return {key: as_json(value) for key, value in data.items()}
    if isinstance(data, list):
        return [as_json(item) for item in data]
    if isinstance(data, datetime.date):
        return data.isoformat()
    return data


def parsed(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".toml":
        return as_json(tomllib.loads(text))
    if path.suffix == ".json":
        return json.loads(text)
    return as_json(yaml.safe_load(text))


def validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )


def errors(schema: dict[str, Any], data: Any) -> list[str]:
    return [error.message for error in validator(schema).iter_errors(data)]


# ---- claim files --------------------------------------------------------------------------


def test_claim_file_schema_is_identified() -> None:
    schema = claim_file_schema()
    assert schema["$id"] == CLAIM_FILE_ID
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("path", CLAIM_FILES, ids=[p.name for p in CLAIM_FILES])
def test_every_bundled_claim_file_is_valid(path: Path) -> None:
    assert errors(claim_file_schema(), parsed(path)) == []


def test_the_bundled_files_cover_every_shape() -> None:
    shapes = {
        type(parsed(p)).__name__ + ("+claims" if "claims" in parsed(p) else "") for p in CLAIM_FILES
    }
    assert {"dict", "dict+claims"} <= shapes


@pytest.mark.parametrize(
    "data",
    [
        {"speedup": 27, "context_tokens": 112000, "date": "2026-10-14"},
        [{"speedup": 27}, {"text": "27x faster TTFT"}],
        {"claims": [{"speedup": 27, "points": [{"context_tokens": 4000, "speedup": 2}]}]},
    ],
    ids=["one", "a list", "claims"],
)
def test_claim_file_shapes_are_accepted(data: Any) -> None:
    assert errors(claim_file_schema(), data) == []


@pytest.mark.parametrize(
    "data",
    [
        {"speedup": "27x"},
        {"speedup": 27, "contxt_tokens": 1000},
        {"speedup": 0.5},
        {"claims": []},
        {"claims": [{"speedup": 27}], "vendor": "x"},
        {"speedup": 27, "date": "last week"},
        {"speedup": 27, "metric": "latency"},
    ],
    ids=[
        "string factor",
        "unknown field",
        "below 1",
        "no claims",
        "claims and more",
        "date",
        "metric",
    ],
)
def test_claim_file_schema_refuses_what_claimcheck_refuses(
    data: Any, cli: Invoke, tmp_path: Path
) -> None:
    assert errors(claim_file_schema(), data) != []
    path = tmp_path / "claim.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli("check", str(path), "-f", "json").code == 2


# ---- configuration ------------------------------------------------------------------------


def _readme_config() -> dict[str, Any]:
    text = README.read_text(encoding="utf-8")
    example = (
        "[tool.claimcheck]\n" + text.split("```toml\n[tool.claimcheck]\n", 1)[1].split("```", 1)[0]
    )
    table: dict[str, Any] = tomllib.loads(example)["tool"]["claimcheck"]
    return table


def test_config_schema_is_identified() -> None:
    schema = config_schema()
    assert schema["$id"] == CONFIG_ID
    assert schema["additionalProperties"] is False


def test_the_readme_configuration_is_valid() -> None:
    assert errors(config_schema(), _readme_config()) == []


def test_a_claimcheck_toml_with_every_table_is_valid_and_loads(tmp_path: Path) -> None:
    text = (
        'select = ["KV1", "KV202"]\nfail-on = "warning"\nformat = "sarif"\nrespect-gitignore = false\n'
        'max-file-size = 2000000\nextensions = { mdx = "markdown" }\n'
        '[per-file-ignores]\n"docs/*.md" = ["KV103"]\n'
        "[thresholds]\nlarge-model-billions = 100\nmismatch-tolerance = 0.1\n"
        '[assumptions]\ngpu = "h100-sxm"\ngpus = 8\nmfu = 0.4\nkv-layout = "full"\n'
    )
    assert errors(config_schema(), tomllib.loads(text)) == []
    path = tmp_path / "claimcheck.toml"
    path.write_text(text, encoding="utf-8")
    assert load(path).values.assumptions is not None  # claimcheck reads it too


@pytest.mark.parametrize(
    "text",
    [
        'fail_on_x = "warning"\n',
        'fail-on = "sometimes"\n',
        'select = "KV101"\n',
        "[thresholds]\nlarge-model = 70\n",
        "[assumptions]\nmfu = 2\n",
        'format = "xml"\n',
    ],
)
def test_config_schema_refuses_what_claimcheck_refuses(text: str, tmp_path: Path) -> None:
    from claimcheck.errors import UsageError

    assert errors(config_schema(), tomllib.loads(text)) != []
    path = tmp_path / "claimcheck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UsageError):
        load(path)


# ---- the command and the published copies -------------------------------------------------


@pytest.mark.parametrize(
    ("options", "make", "name"),
    [
        ((), claim_file_schema, "claim-file.schema.json"),
        (("--config",), config_schema, "config.schema.json"),
    ],
)
def test_schema_command_prints_the_published_schema(
    cli: Invoke, options: tuple[str, ...], make: Any, name: str
) -> None:
    run = cli("schema", *options)
    assert run.code == 0
    assert run.json() == make()
    published = SCHEMAS / name
    text = json.dumps(make(), indent=2) + "\n"
    if os.environ.get("CLAIMCHECK_UPDATE_README"):
        published.write_text(text, encoding="utf-8")
    assert published.read_text(encoding="utf-8") == text, (
        f"{name} is stale: rerun with CLAIMCHECK_UPDATE_README=1"
    )
    assert make()["$id"].endswith(f"/docs/schemas/{name}")


# ---- the catalog's fields in the README ---------------------------------------------------


def _catalog_fields() -> str:
    rows = ["| table | required | optional (default) |", "|---|---|---|"]
    for table, spec in (("models", ModelSpec), ("gpus", GpuSpec), ("tiers", TierSpec)):
        required = [f"`{name}`" for name, info in spec.model_fields.items() if info.is_required()]
        optional = []
        for name, info in spec.model_fields.items():
            if info.is_required():
                continue
            default = info.get_default(call_default_factory=True)
            if default is None:
                shown = ""
            elif default in ((), {}):
                shown = " (none)"
            else:
                shown = f" ({json.dumps(default)})"
            optional.append(f"`{name}`{shown}")
        rows.append(f"| `[[{table}]]` | {', '.join(required)} | {', '.join(optional)} |")
    return "\n".join(rows) + "\n"


def test_readme_lists_the_catalog_fields() -> None:
    check_block("catalog-fields", _catalog_fields)
