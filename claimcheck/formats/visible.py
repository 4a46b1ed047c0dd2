"""Untrusted text made safe for a terminal: claim text, ids and file names come from files a
vendor wrote, and a raw escape sequence, carriage return or bidi override in them could
repaint the screen, hide a finding or forge a line of the report.

Every C0 and C1 control character (newline and tab included), DEL, the Unicode line and
paragraph separators and the bidi embedding, override, isolate and mark characters are shown
as escapes (``\\x1b``, ``\\n``, ``\\u202e``); see Unicode Technical Report #36, "Bidirectional
Text Spoofing" (https://www.unicode.org/reports/tr36/#Bidirectional_Text_Spoofing).
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import msgspec
from pydantic import BaseModel

Model = TypeVar("Model", bound=BaseModel | msgspec.Struct)

_OTHERS = "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_UNSAFE = re.compile(f"[\x00-\x1f{_OTHERS}]")
_UNSAFE_BUT_BREAKS = re.compile(f"[\x00-\x09\x0b\x0c\x0e-\x1f{_OTHERS}]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def visible(text: str, *, breaks: bool = False) -> str:
    """``text`` with every unsafe character escaped; ``text`` itself when it has none.

    With ``breaks``, line feeds and carriage returns are left for a format that escapes them
    its own way (GitHub's ``%0A``, Markdown's ``<br>``)."""
    unsafe = _UNSAFE_BUT_BREAKS if breaks else _UNSAFE
    if unsafe.search(text) is None:
        return text
    return unsafe.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible_model(model: Model) -> Model:
    """A copy of a frozen model (a pydantic model or a msgspec struct) with every string in
    it, however deeply nested, made ``visible``; ``model`` itself when nothing needed
    escaping."""
    names = (
        model.__struct_fields__ if isinstance(model, msgspec.Struct) else type(model).model_fields
    )
    updates = {}
    for name in names:
        value = getattr(model, name)
        cleaned = _clean(value)
        if cleaned is not value:
            updates[name] = cleaned
    if not updates:
        return model
    if isinstance(model, msgspec.Struct):
        return msgspec.structs.replace(model, **updates)
    return model.model_copy(update=updates)


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, BaseModel | msgspec.Struct):
        return visible_model(value)
    if isinstance(value, list | tuple):
        items = [_clean(item) for item in value]
        changed = any(a is not b for a, b in zip(items, value, strict=True))
        return type(value)(items) if changed else value
    if isinstance(value, dict):
        pairs = [(_clean(k), _clean(v)) for k, v in value.items()]
        changed = any(
            a is not k or b is not v for (a, b), (k, v) in zip(pairs, value.items(), strict=True)
        )
        return dict(pairs) if changed else value
    return value
