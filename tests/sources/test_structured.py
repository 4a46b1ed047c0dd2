"""Safe parsing: YAML that could run code or explode in memory is refused, deep nesting is an error."""

from __future__ import annotations

import pytest

from claimcheck.errors import InputError
from claimcheck.sources.structured import parse_structured


def test_python_tags_are_refused_and_never_executed() -> None:
    text = "!!python/object/apply:os.system ['echo owned > /dev/null']\n"
    with pytest.raises(InputError, match=r"tag !!python/object/apply:os\.system is refused"):
        parse_structured(text, "yaml", "evil.yaml")


def test_alias_bomb_is_refused_fast() -> None:
    rows = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    rows += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    with pytest.raises(InputError, match="anchors and aliases are not allowed") as caught:
        parse_structured("\n".join(rows) + "\n", "yaml", "bomb.yaml")
    assert caught.value.line == 1  # where the reused anchor is defined


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    with pytest.raises(InputError):
        parse_structured("[" * 100_000 + "]" * 100_000, "json", "deep.json")
    with pytest.raises(InputError):
        parse_structured("a: " + "[" * 100_000 + "]" * 100_000, "yaml", "deep.yaml")


def test_multi_document_yaml_is_a_list() -> None:
    parsed = parse_structured("speedup: 2\n---\nspeedup: 3\n", "yaml", "m.yaml")
    assert parsed.is_list
    assert [c.position.line for c in parsed.claims if c.position] == [1, 3]
