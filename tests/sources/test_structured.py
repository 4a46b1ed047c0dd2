"""Safe parsing: YAML that could run code or explode in memory is refused, deep nesting is an error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.errors import InputError
from claimcheck.sources import structured
from claimcheck.sources.structured import ParsedFile, _checked_yaml, parse_structured


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


def _outcome(read: Callable[[], ParsedFile]) -> object:
    try:
        return read()
    except InputError as err:
        return (str(err), err.line, err.column)


_YAML_SHAPES = [
    "id: a\nspeedup: 27\ntext: 27x faster TTFT\n",
    "speedup: 3\nbase: &x 3\nother: *x\n",
    "speedup: !!python/object:os.system 3\n",
    "speedup: 3\nspeedup: 4\n",
    "1: a\n0x1: b\n",
    "speedup: 5\ndate: 2024-05-01\n",
    "speedup: 5\ndate: 2024-13-45\n",
    "speedup: 5\ndate: 2024-05-01 10:00:00\n",
    "- id: f1\n  speedup: 4\n- id: f2\n  speedup: 80\n",
    "claims:\n  - speedup: 3\n  - speedup: 7\n    context_tokens: 1e5\n",
    "!!map {claims: [{speedup: 3}]}\n",
    "claims: !!seq [{speedup: 3}]\n",
    "---\nspeedup: 3\n---\nspeedup: 9\n",
    "<<: {speedup: 3}\nid: merge\n",
    "speedup: 4\n=: 3\n",
    "? [a, b]\n: 3\nspeedup: 4\n",
    "speedup: 0x1F\ncontext_tokens: 1_000\ngpu_count: 0o10\n",
    "speedup: .inf\nspeedup_low: .nan\n",
    "speedup: 3.5\ntext: ~\nmodel: null\ngpu: yes\n",
    "speedup: " + "9" * 5000 + "\n",
    "speedup: 4\nvendor: !!binary aGVsbG8=\n",
    "speedup: 4\nid: !custom x\n",
    "speedup: 3\nset: !!set {a, b}\n",
    "speedup: 3\npoints:\n  - {context_tokens: 1000, speedup: 2}\n",
    "- 3\n- speedup: 4\n",
    "speedup: 3\n  bad: indent\n",
    "a: " + "[" * 5000 + "]" * 5000 + "\n",
]


@pytest.mark.parametrize("text", _YAML_SHAPES)
def test_plain_yaml_reads_as_the_checked_reading(text: str) -> None:
    # The one-walk reading of plain data gives what the checked reading gives, and hands
    # every other file (tags, aliases, merge keys, duplicate keys, bad values) to it.
    assert _outcome(lambda: parse_structured(text, "yaml", "c.yaml")) == _outcome(
        lambda: _checked_yaml(text, "c.yaml")
    )


_SCALAR = st.one_of(
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
    st.dates(),
)
_PLAIN = st.recursive(
    _SCALAR,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(data=_PLAIN, flow=st.booleans())
def test_plain_yaml_reads_dumped_data_as_the_checked_reading(data: object, flow: bool) -> None:
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    assert _outcome(lambda: parse_structured(text, "yaml", "c.yaml")) == _outcome(
        lambda: _checked_yaml(text, "c.yaml")
    )


def test_plain_yaml_is_read_in_one_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str, display: str) -> ParsedFile:
        raise AssertionError("plain data went to the checked reading")

    monkeypatch.setattr(structured, "_checked_yaml", refuse)
    parsed = parse_structured("claims:\n  - speedup: 3\n    date: 2024-05-01\n", "yaml", "c.yaml")
    assert parsed.is_list
    assert parsed.claims[0].keys["date"].line == 3


# Lines of a flat claim file, and lines close to them that PyYAML reads otherwise or refuses.
_KEYS = st.sampled_from(["id", "speedup", "text", "x_1", "_k", "yes", "On", "null", "y", "claims"])
_QUOTED = st.text(alphabet='ab #:*"\\\t\r\x85\u2028\ufeff\x7f\x9f\u00e9\U0001f600', max_size=6)
_FIGURES = st.text(alphabet="0123456789-+._eExo:", min_size=1, max_size=7)
_WORDS = st.sampled_from(
    ["ttft", "h100-sxm", "llama-3.1-70b", "a_b", "True", "FALSE", "off", "nULL", "Yes", "y"]
)
_VALUES = st.one_of(
    _QUOTED.map(lambda t: f'"{t}"'),
    _QUOTED.map(lambda t: f"'{t}'"),
    _FIGURES,
    _WORDS,
    st.sampled_from(
        ["", "~", "[1]", "{a: 1}", ">-", "*a", "&a 1", "!!str 3", ".inf", "2024-01-02"]
    ),
)
_TRICKY = st.one_of(
    st.tuples(
        _KEYS,
        st.sampled_from([": ", ":  ", ":", ":\t"]),
        _VALUES,
        st.sampled_from(["", "", " ", " # note", "\r"]),
    ).map("".join),
    st.sampled_from(
        [
            "",
            "   ",
            "# a comment",
            "  # indented",
            "---",
            "- speedup: 2",
            "  more",
            "\u00a0",
            "\u3000",
            " \u2003 ",
        ]
    ),
)
# Lines the flat reading takes, with keys that seldom repeat.
_GOOD = st.tuples(
    st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True),
    st.sampled_from([": ", ":   "]),
    st.one_of(
        st.text(alphabet="ab #:*'\u00e9\u4e2d\U0001f600", max_size=8).map(lambda t: f'"{t}"'),
        st.from_regex(r"-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,17})?", fullmatch=True),
        _WORDS,
    ),
).map("".join)
_LINES = st.one_of(_GOOD, _GOOD, _GOOD, _GOOD, _TRICKY)


@settings(max_examples=400)
@given(st.lists(_LINES, min_size=1, max_size=6), st.booleans())
def test_a_flat_file_is_read_as_pyyaml_reads_it(lines: list[str], ends: bool) -> None:
    text = "\n".join(lines) + ("\n" if ends else "")
    flat = structured._flat_yaml(text)
    try:
        pyyaml: ParsedFile | None = _checked_yaml(text, "f.yaml")
    except InputError:
        pyyaml = None
    if flat is not None:  # where the flat reading reads a file, it reads it as PyYAML does
        assert flat == pyyaml


def test_the_flat_reading_takes_the_usual_claim_file() -> None:
    text = '# a vendor claim\n\nid: "c-1"\nspeedup: 27\ncontext_tokens: 112000\nmetric: ttft\n'
    flat = structured._flat_yaml(text)
    assert flat is not None and flat == _checked_yaml(text, "c.yaml")
    assert flat.claims[0].position is not None and flat.claims[0].position.line == 3


_TOML_GOOD = st.tuples(
    st.from_regex(r"[a-z0-9_-]{1,6}", fullmatch=True),
    st.sampled_from([" = ", "=", "  =  "]),
    st.one_of(
        st.text(alphabet="ab #=:'[\u00e9\U0001f600", max_size=8).map(lambda t: f'"{t}"'),
        st.from_regex(r"-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,17})?", fullmatch=True),
        st.sampled_from(["true", "false"]),
    ),
).map("".join)
_TOML_TRICKY = st.one_of(
    st.tuples(
        st.sampled_from(["a", "b.c", '"q"', "a b", "1"]),
        st.sampled_from([" = ", "=", ": "]),
        st.one_of(
            st.text(alphabet='ab"\\\t\x7f\x01', max_size=5).map(lambda t: f'"{t}"'),
            st.text(alphabet="0123456789-+._eExo:", min_size=1, max_size=6),
            st.sampled_from(["True", "nan", "inf", "[1]", "{a = 1}", "'x'", '"""x"""', ""]),
        ),
        st.sampled_from(["", " ", " # c", "\r"]),
    ).map("".join),
    st.sampled_from(["", "  ", "# c", "[t]", "[[claims]]", "  a = 1", "\u00a0", "\u3000"]),
)


@settings(max_examples=400)
@given(st.lists(st.one_of(_TOML_GOOD, _TOML_GOOD, _TOML_GOOD, _TOML_TRICKY), min_size=1,
                max_size=6), st.booleans())  # fmt: skip
def test_a_flat_toml_file_is_read_as_tomllib_reads_it(lines: list[str], ends: bool) -> None:
    text = "\n".join(lines) + ("\n" if ends else "")
    flat = structured._flat_toml(text)
    if flat is None:
        return
    # Where the flat reading reads a file, it reads it as the reading through tomllib does.
    try:
        with_tomllib: ParsedFile | None = structured._tomllib_toml(text, "f.toml")
    except InputError:
        with_tomllib = None
    assert flat == with_tomllib


@pytest.mark.parametrize("space", ["\u00a0", "\u3000", "\u2003", "\u202f", "\u1680"])
@pytest.mark.parametrize("suffix", ["yaml", "toml"])
def test_a_line_of_unicode_space_is_refused_as_the_libraries_refuse_it(
    space: str, suffix: Literal["yaml", "toml"]
) -> None:
    # The flat reading took such a line for a blank one; PyYAML and tomllib refuse the file.
    text = ("speedup: 27\n" if suffix == "yaml" else "speedup = 27\n") + space + "\n"
    flat = structured._flat_yaml(text) if suffix == "yaml" else structured._flat_toml(text)
    assert flat is None
    with pytest.raises(InputError):
        parse_structured(text, suffix, f"c.{suffix}")
