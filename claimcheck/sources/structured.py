"""Parse YAML, TOML and JSON claim files into plain data plus the line of every claim and key.

YAML is loaded safely: no tags that construct objects, no anchors or aliases (which make
"billion laughs" bombs possible), no recursion blow-ups on deep nesting.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Literal

import msgspec
import yaml
from msgspec import field

from claimcheck.documents.lines import text_position
from claimcheck.errors import InputError
from claimcheck.record import Position
from claimcheck.tomlfile import long_integer, parse_toml

Format = Literal["yaml", "toml", "json"]


class RawClaim(msgspec.Struct, frozen=True):
    """One claim's raw mapping, where it starts, and where each of its keys is."""

    data: object
    position: Position | None
    keys: dict[str, Position] = field(default_factory=dict)


class ParsedFile(msgspec.Struct, frozen=True):
    """The claims of one file, and whether the file is a claim list (``[[claims]]``, a list)."""

    claims: list[RawClaim]
    is_list: bool


def parse_structured(text: str, fmt: Format, display: str) -> ParsedFile:
    """Parse ``text`` (the contents of ``display``) as a claim file in ``fmt``."""
    try:
        if fmt == "yaml":
            return _parse_yaml(text, display)
        if fmt == "toml":
            return _parse_toml(text, display)
        return _parse_json(text, display)
    except RecursionError:
        raise InputError("nested too deeply to be a claim file", path=display) from None


# --- YAML -----------------------------------------------------------------------------------


def _yaml_loader() -> type[yaml.SafeLoader]:
    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader


def _mark(node: yaml.Node) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


def _check_yaml_nodes(root: yaml.Node, display: str) -> None:
    """Refuse aliases (a node reached twice) and object-building tags, without recursion."""
    seen: set[int] = set()
    stack: list[yaml.Node] = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            pos = _mark(node)
            raise InputError(
                "YAML anchors and aliases are not allowed in claim files",
                path=display,
                line=pos.line,
                column=pos.column,
            )
        seen.add(id(node))
        if node.tag.startswith("tag:yaml.org,2002:python/") or node.tag.startswith("!"):
            pos = _mark(node)
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise InputError(
                f"YAML tag {tag} is refused: claim files hold plain data only",
                path=display,
                line=pos.line,
                column=pos.column,
            )
        if isinstance(node, yaml.MappingNode):
            names: set[str] = set()
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in names:
                        pos = _mark(key)
                        raise InputError(
                            f"duplicate key '{key.value}'",
                            path=display,
                            line=pos.line,
                            column=pos.column,
                        )
                    names.add(key.value)
                stack.extend((key, value))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


def _parse_yaml(text: str, display: str) -> ParsedFile:
    flat = _flat_yaml(text)
    if flat is not None:
        return flat
    try:
        documents = list(yaml.compose_all(text, Loader=_yaml_loader()))
    except yaml.YAMLError:
        documents = None  # reported below, by the path that places every error
    if documents is not None and "*" not in text:  # no alias: no node is reached twice
        try:
            return _plain_yaml(documents)
        except (_NotPlain, ValueError, OverflowError, RecursionError):
            pass  # PyYAML's constructor raises the last three on values such as 2024-13-45
    return _checked_yaml(text, display)


# Most claim files are one mapping of ``key: value`` lines: such a file whose every value is of
# the simplest kinds is read line by line, faster than PyYAML composes it (bench/README.md),
# and gives the values and places PyYAML gives (``tests/sources/test_structured.py`` holds the
# two readings to each other). Anything else, however plain, goes to PyYAML.
#
# A line: a key made of ASCII letters, digits and underscores, a colon, spaces, and a value
# that is a double-quoted string without escapes, a decimal integer (no sign but ``-``, no
# leading zero) or decimal fraction, or a word of ASCII letters, digits, ``_ . -`` starting
# with a letter. No indent, no comment after the value, nothing after it (YAML 1.1 as PyYAML
# reads it, https://yaml.org/spec/1.1/).
_FLAT_LINE = re.compile(
    r'([A-Za-z_][A-Za-z0-9_]*):[ ]+(?:"([^"\\]*)"|(-?(?:0|[1-9][0-9]{0,17})(?:\.[0-9]{1,17})?)'
    r"|([A-Za-z][A-Za-z0-9_.-]*))"
)
# Characters such a file may hold: printable ones, as PyYAML's reader allows them, less the tab,
# the carriage return and the line breaks only YAML 1.1 knows (NEL, U+2028, U+2029) and the
# byte-order mark.
_FLAT_REFUSED = re.compile(
    "[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
# Words YAML 1.1 reads as booleans or null (PyYAML's resolver), with their values.
_YAML_WORDS: dict[str, object] = {
    **dict.fromkeys(("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True),
    **dict.fromkeys(("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False),
    **dict.fromkeys(("null", "Null", "NULL"), None),
}


def _flat_yaml(text: str) -> ParsedFile | None:
    """A file of one flat mapping of the simplest values, read line by line (see above);
    ``None`` for any other file. A key YAML reads as a boolean or null is not a string."""
    read = _flat(text, _FLAT_REFUSED, _FLAT_LINE, _YAML_WORDS)
    if read is None:
        return None
    data, keys = read
    return ParsedFile([RawClaim(data, next(iter(keys.values())), keys)], False)


def _flat(
    text: str, refused: re.Pattern[str], line_form: re.Pattern[str], words: dict[str, object]
) -> tuple[dict[str, object], dict[str, Position]] | None:
    """The values and key places of a file whose every line is a comment, a blank line or a
    ``line_form`` match (key, then a quoted string, a figure or a word), with no character
    ``refused`` and no key repeated or among ``words`` (the words a value may be, with what
    they mean); ``None`` when anything else is in it or no key is."""
    if refused.search(text) is not None:
        return None
    data: dict[str, object] = {}
    keys: dict[str, Position] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        if not line or line[0] == "#" or not line.strip(" "):
            # A comment or a blank line: only ASCII spaces, as YAML and TOML count white space
            # (a line of U+00A0 or U+3000 is not blank to PyYAML or tomllib; it goes to them).
            continue
        match = line_form.fullmatch(line)
        if match is None:
            return None
        key, quoted, figure, word = match.groups()
        if key in data or key in words:
            return None  # a duplicate key is an error
        if quoted is not None:
            data[key] = quoted
        elif figure is not None:
            data[key] = float(figure) if "." in figure else int(figure)
        else:
            data[key] = words.get(word, word)
        keys[key] = Position(number, 1)
    return (data, keys) if keys else None


def _checked_yaml(text: str, display: str) -> ParsedFile:
    """Every file the plain reading declines: refuses aliases, tags and duplicate keys with
    their places, and builds values with PyYAML's own safe constructor."""
    try:
        documents = list(yaml.compose_all(text, Loader=_yaml_loader()))
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = err.problem or err.context or "invalid YAML"
        raise InputError(
            f"YAML syntax error: {problem}",
            path=display,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as err:
        raise InputError(f"YAML error: {err}", path=display) from None
    claims: list[RawClaim] = []
    is_list = len(documents) > 1
    for node in documents:
        if node is None:
            continue
        _check_yaml_nodes(node, display)
        items, listed = _yaml_claim_nodes(node)
        is_list = is_list or listed
        for item in items:
            try:
                data = yaml.constructor.SafeConstructor().construct_document(item)
            except yaml.constructor.ConstructorError as err:
                mark = err.problem_mark
                raise InputError(
                    f"YAML error: {err.problem}",
                    path=display,
                    line=mark.line + 1 if mark else None,
                    column=mark.column + 1 if mark else None,
                ) from None
            except (ValueError, OverflowError) as err:  # "date: 2024-13-45" fails in datetime
                found = long_integer(text, item.start_mark.index)
                if found is not None:
                    raise InputError(
                        found.message("field "),
                        path=display,
                        line=found.line,
                        column=found.column,
                    ) from None
                pos = _mark(item)
                raise InputError(
                    f"YAML value error: {err}", path=display, line=pos.line, column=pos.column
                ) from None
            keys: dict[str, Position] = {}
            if isinstance(item, yaml.MappingNode):
                for key, _value in item.value:
                    if isinstance(key, yaml.ScalarNode):
                        keys.setdefault(str(key.value), _mark(key))
            claims.append(RawClaim(data, _mark(item), keys))
    return ParsedFile(claims, is_list)


class _NotPlain(Exception):
    """A node the plain reading leaves to the checked one (a tag, a merge key, a duplicate key,
    a complex key, a value PyYAML's constructor refuses)."""


_SAFE = yaml.constructor.SafeConstructor()
_TAG = "tag:yaml.org,2002:"
_SCALARS: dict[str, Callable[[yaml.ScalarNode], object]] = {
    _TAG + "str": lambda node: node.value,
    _TAG + "null": lambda node: None,
    _TAG + "bool": _SAFE.construct_yaml_bool,
    _TAG + "int": _SAFE.construct_yaml_int,
    _TAG + "float": _SAFE.construct_yaml_float,
    _TAG + "timestamp": _SAFE.construct_yaml_timestamp,
}
_MAP = _TAG + "map"
_SEQ = _TAG + "seq"


def _plain_yaml(documents: list[yaml.Node]) -> ParsedFile:
    """The claims of composed YAML holding plain data only (mappings, lists and the core
    scalar types, no duplicate key), built in one walk over the nodes: the same values and
    places as ``_checked_yaml``, which reads every other file. ``_NotPlain`` otherwise."""
    claims: list[RawClaim] = []
    is_list = len(documents) > 1
    for node in documents:
        if node is None:
            continue
        items, listed = _yaml_claim_nodes(node)
        if listed and not _plain_list(node):
            raise _NotPlain
        is_list = is_list or listed
        for item in items:
            data = _plain(item)
            keys: dict[str, Position] = {}
            if isinstance(item, yaml.MappingNode):
                for key, _value in item.value:
                    keys.setdefault(str(key.value), _mark(key))
            claims.append(RawClaim(data, _mark(item), keys))
    return ParsedFile(claims, is_list)


def _plain_list(node: yaml.Node) -> bool:
    """Is a claim list (a list, or a mapping of ``claims`` to a list) plain around its items?"""
    if isinstance(node, yaml.MappingNode):
        key, value = node.value[0]
        return node.tag == _MAP and key.tag == _TAG + "str" and value.tag == _SEQ
    return node.tag == _SEQ


def _plain(node: yaml.Node) -> object:
    """The value of a plain-data node (see ``_plain_yaml``)."""
    if isinstance(node, yaml.ScalarNode):
        construct = _SCALARS.get(node.tag)
        if construct is None:
            raise _NotPlain
        return construct(node)
    if isinstance(node, yaml.MappingNode) and node.tag == _MAP:
        mapping: dict[object, object] = {}
        names: set[str] = set()
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode) or key.value in names:
                raise _NotPlain
            names.add(key.value)
            mapping[_plain(key)] = _plain(value)
        return mapping
    if isinstance(node, yaml.SequenceNode) and node.tag == _SEQ:
        return [_plain(item) for item in node.value]
    raise _NotPlain


def _yaml_claim_nodes(node: yaml.Node) -> tuple[list[yaml.Node], bool]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value), True
    if isinstance(node, yaml.MappingNode) and len(node.value) == 1:
        key, value = node.value[0]
        if key.value == "claims" and isinstance(value, yaml.SequenceNode):
            return list(value.value), True
    return [node], False


# --- TOML -----------------------------------------------------------------------------------

_TOML_HEADER = re.compile(r"^[ \t]*\[\[\s*claims\s*\]\]", re.MULTILINE)
_TOML_KEY = re.compile(r"^[ \t]*([A-Za-z0-9_-]+)[ \t]*=", re.MULTILINE)


# A claim file of one table of ``key = value`` lines whose values are of the simplest kinds is
# read line by line as well, faster than tomllib (``tests/sources/test_structured.py`` holds
# the two to each other): a bare key at the start of the line, and a
# basic string without escapes, a decimal integer or fraction, or a boolean, with nothing after
# it (TOML 1.0, https://toml.io/en/v1.0.0). Anything else goes to tomllib.
_FLAT_TOML_LINE = re.compile(
    r'([A-Za-z0-9_-]+)[ ]*=[ ]*(?:"([^"\\]*)"|(-?(?:0|[1-9][0-9]{0,17})(?:\.[0-9]{1,17})?)'
    r"|(true|false))"
)
# Control characters are refused in TOML; the tab and the carriage return are left to tomllib.
_FLAT_TOML_REFUSED = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\ud800-\udfff]")


_TOML_WORDS: dict[str, object] = {"true": True, "false": False}


def _flat_toml(text: str) -> ParsedFile | None:
    """A file of one flat table of the simplest values, read line by line (see above);
    ``None`` for any other file."""
    read = _flat(text, _FLAT_TOML_REFUSED, _FLAT_TOML_LINE, _TOML_WORDS)
    return None if read is None else ParsedFile([RawClaim(read[0], Position(1, 1), read[1])], False)


def _parse_toml(text: str, display: str) -> ParsedFile:
    return _flat_toml(text) or _tomllib_toml(text, display)


def _tomllib_toml(text: str, display: str) -> ParsedFile:
    """Any claim file in TOML, through tomllib: its claims and the places of their keys."""
    data = parse_toml(text, display, InputError, "field ")
    if list(data) == ["claims"] and isinstance(data["claims"], list):
        starts = [m.start() for m in _TOML_HEADER.finditer(text)]
        claims = []
        for index, item in enumerate(data["claims"]):
            begin = starts[index] if index < len(starts) else None
            end = starts[index + 1] if index + 1 < len(starts) else len(text)
            position = _position(text, begin) if begin is not None else None
            keys = _toml_keys(text, begin, end) if begin is not None else {}
            claims.append(RawClaim(item, position, keys))
        return ParsedFile(claims, True)
    first_table = re.search(r"^\s*\[", text, re.MULTILINE)
    keys = _toml_keys(text, 0, first_table.start() if first_table else len(text))
    return ParsedFile([RawClaim(data, Position(1, 1), keys)], False)


def _toml_keys(text: str, begin: int, end: int) -> dict[str, Position]:
    keys: dict[str, Position] = {}
    for match in _TOML_KEY.finditer(text, begin, end):
        keys.setdefault(match.group(1), _position(text, match.start(1)))
    return keys


# --- JSON -----------------------------------------------------------------------------------


def _parse_json(text: str, display: str) -> ParsedFile:
    try:
        data: Any = json.loads(text, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as err:
        raise InputError(f"duplicate key '{err.key}'", path=display) from None
    except json.JSONDecodeError as err:
        raise InputError(
            f"JSON syntax error: {err.msg}", path=display, line=err.lineno, column=err.colno
        ) from None
    except ValueError as err:  # an integer beyond the conversion limit
        long = long_integer(text)
        if long is None:
            raise InputError(f"JSON value error: {err}", path=display) from None
        raise InputError(
            long.message("field "), path=display, line=long.line, column=long.column
        ) from None
    _refuse_lone_surrogates(data, text, display)
    if isinstance(data, dict) and list(data) == ["claims"] and isinstance(data["claims"], list):
        items, listed = data["claims"], True
    elif isinstance(data, list):
        items, listed = data, True
    else:
        items, listed = [data], False
    starts = _json_object_starts(text) if listed else [text.find("{")]
    claims = []
    for index, item in enumerate(items):
        begin = starts[index] if index < len(starts) and starts[index] >= 0 else None
        position = _position(text, begin) if begin is not None else None
        keys: dict[str, Position] = {}
        if begin is not None and isinstance(item, dict):
            end = starts[index + 1] if index + 1 < len(starts) else len(text)
            for key in item:
                found = _json_key(str(key)).search(text, begin, end)
                if found:
                    keys[str(key)] = _position(text, found.start())
        claims.append(RawClaim(item, position, keys))
    return ParsedFile(claims, listed)


@lru_cache(maxsize=256)
def _json_key(key: str) -> re.Pattern[str]:
    """Where ``key`` is written as a key (claim files repeat the same few keys)."""
    return re.compile(r'(?<!\\)"' + re.escape(key) + r'"\s*:')


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _refuse_lone_surrogates(data: object, text: str, display: str) -> None:
    """JSON may escape half a UTF-16 pair (``"\\ud800"``), which is no character and can be
    neither printed nor written as UTF-8: refuse it, naming the key it is under."""
    if _SURROGATE_ESCAPE.search(text) is None:  # the only way JSON text can hold one
        return
    stack: list[tuple[object, str | None]] = [(data, None)]
    while stack:
        value, key = stack.pop()
        if isinstance(value, dict):
            stack.extend((v, str(k)) for k, v in value.items())
            stack.extend((k, str(k)) for k in value)
        elif isinstance(value, list):
            stack.extend((v, key) for v in value)
        elif isinstance(value, str) and not _is_utf8(value):
            where = f"field '{key.encode('utf-8', 'backslashreplace').decode()}': " if key else ""
            raise InputError(
                f"{where}expected text, got an escaped lone surrogate (\\ud800-\\udfff), "
                "which is not a character",
                path=display,
            )


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _DuplicateKey(key)
        found[key] = value
    return found


def _json_object_starts(text: str) -> list[int]:
    """Offsets where each element of the claim list starts (the list may be under "claims")."""
    decoder = json.JSONDecoder()
    index = text.index("[")
    starts: list[int] = []
    index += 1
    length = len(text)
    while index < length:
        while index < length and text[index] in " \t\r\n,":
            index += 1
        if index >= length or text[index] == "]":
            break
        starts.append(index)
        _value, index = decoder.raw_decode(text, index)
    return starts


def _position(text: str, offset: int) -> Position:
    return Position(*text_position(text, offset))
