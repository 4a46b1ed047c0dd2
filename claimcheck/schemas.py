"""JSON Schemas of what users write: claim files and the configuration, for editors and CI.

Both are derived from the models that read those files, so they cannot drift from them. They
follow JSON Schema 2020-12 (https://json-schema.org/draft/2020-12/json-schema-core). A YAML or
TOML file is checked as the JSON data it parses to; YAML and TOML dates are strings in the
format ``date`` there, as YAML and TOML language servers present them.
"""

from __future__ import annotations

from typing import Any

DIALECT = "https://json-schema.org/draft/2020-12/schema"
BASE_URL = "https://raw.githubusercontent.com/claimcheck/claimcheck/main/docs/schemas/"
CLAIM_FILE_ID = BASE_URL + "claim-file.schema.json"
CONFIG_ID = BASE_URL + "config.schema.json"


def claim_file_schema() -> dict[str, Any]:
    """A claim file: one claim (a mapping), a list of claims, or ``claims:`` with a list
    (``[[claims]]`` tables in TOML)."""
    from claimcheck.claim import Claim

    claim = Claim.model_json_schema(ref_template="#/$defs/{model}")
    definitions = claim.pop("$defs", {})
    definitions["Claim"] = claim
    claims = {"type": "array", "items": {"$ref": "#/$defs/Claim"}, "minItems": 1}
    return {
        "$schema": DIALECT,
        "$id": CLAIM_FILE_ID,
        "title": "claimcheck claim file",
        "description": "One claim, a list of claims, or 'claims' with a list of claims.",
        "anyOf": [
            {"$ref": "#/$defs/Claim"},
            claims,
            {
                "type": "object",
                "properties": {"claims": claims},
                "required": ["claims"],
                "additionalProperties": False,
            },
        ],
        "$defs": definitions,
    }


def config_schema() -> dict[str, Any]:
    """``claimcheck.toml``, or the ``[tool.claimcheck]`` table of ``pyproject.toml``: keys in
    kebab-case as documented, no nulls (TOML has none)."""
    from claimcheck.config import FileConfig

    schema = _toml_shaped(FileConfig.model_json_schema(ref_template="#/$defs/{model}"))
    return {
        **schema,
        "$schema": DIALECT,
        "$id": CONFIG_ID,
        "title": "claimcheck configuration",
        "description": "claimcheck.toml, or [tool.claimcheck] in pyproject.toml; every key is optional.",
    }


def _toml_shaped(node: Any) -> Any:
    """Property names in kebab-case and optional values without their null branch."""
    if isinstance(node, list):
        return [_toml_shaped(item) for item in node]
    if not isinstance(node, dict):
        return node
    shaped = {key: _toml_shaped(value) for key, value in node.items()}
    branches = shaped.get("anyOf")
    if isinstance(branches, list):
        kept = [branch for branch in branches if branch != {"type": "null"}]
        if len(kept) == 1:
            del shaped["anyOf"]
            shaped = {**kept[0], **shaped}
        else:
            shaped["anyOf"] = kept
    if shaped.get("default", 0) is None:
        del shaped["default"]
    properties = shaped.get("properties")
    if isinstance(properties, dict) and "type" in shaped:
        shaped["properties"] = {name.replace("_", "-"): value for name, value in properties.items()}
    return shaped
