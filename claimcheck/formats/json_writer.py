"""A report model as pydantic's ``model_dump_json(indent=2)`` writes it, without pydantic's
serializer.

Pydantic builds a model's serializer the first time it is used (the models are declared with
``defer_build``): for the report's dozen models that is about 8 ms, more than judging a
one-line claim takes. For a report of a few claims, writing the same text here is cheaper;
for thousands, pydantic's serializer (written in Rust) is, and ``json_format`` picks by size.
Both give the same bytes: ``tests/formats/test_json_writer.py`` compares them on every
bundled claim, on generated reports and on every kind of value a field can hold.

What pydantic does, and this module does too (pydantic-core's JSON serializer,
https://docs.pydantic.dev/latest/concepts/serialization/): fields in declaration order, those
declared with ``exclude=True`` left out; a field's declared type decides how its value is
written (an ``int`` in a ``float`` field is written ``5.0``); ``Any`` values by their own type;
enums by value; infinities and NaN as ``null``; strings with ``"``, ``\\`` and control
characters escaped and everything else as is; floats in the shortest form that reads back
the same, written as ryu writes them (https://github.com/dtolnay/ryu: plain digits while the
decimal point falls within 16 digits, else ``1.5e+16`` / ``1e-7``).
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, Literal, Union

from pydantic import BaseModel

try:  # the C escaper json.encoder uses, without loading the json package (a one-liner needs no more)
    from _json import encode_basestring
except ImportError:  # pragma: no cover - an interpreter without the C accelerator
    from json.encoder import encode_basestring

Write = Callable[[Any, str], str]
"""Writes one value at an indent (the current line's leading spaces)."""


def dumps(model: BaseModel) -> str:
    """``model.model_dump_json(indent=2)``."""
    return _model(type(model))(model, "")


def json_string(text: str) -> str:
    """``text`` as a JSON string, as pydantic writes it."""
    return str(encode_basestring(text))


def float_text(value: float) -> str:
    """A float as pydantic writes it in JSON."""
    if not math.isfinite(value):
        return "null"
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    text = repr(value)
    sign = ""
    if text[0] == "-":
        sign, text = "-", text[1:]
    mantissa, _, exponent = text.partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = whole + fraction
    significant = digits.lstrip("0")
    point = len(whole) + (int(exponent) if exponent else 0) - (len(digits) - len(significant))
    significant = significant.rstrip("0")
    count = len(significant)
    if count <= point <= 16:
        body = significant + "0" * (point - count) + ".0"
    elif 0 < point <= 16:
        body = significant[:point] + "." + significant[point:]
    elif -5 < point <= 0:
        body = "0." + "0" * -point + significant
    else:
        power = point - 1
        head = significant if count == 1 else significant[0] + "." + significant[1:]
        body = f"{head}e{'-' if power < 0 else '+'}{abs(power)}"
    return sign + body


def _null(write: Write) -> Write:
    return lambda value, pad: "null" if value is None else write(value, pad)


def _float(value: Any, pad: str) -> str:
    return float_text(float(value))


def _int(value: Any, pad: str) -> str:
    return str(int(value))


def _bool(value: Any, pad: str) -> str:
    return "true" if value else "false"


def _str(value: Any, pad: str) -> str:
    return str(encode_basestring(value.value if isinstance(value, Enum) else value))


def _items(writes: Callable[[int], Write]) -> Write:
    """An array whose ``index``-th item is written by ``writes(index)``."""

    def write(value: Any, pad: str) -> str:
        if not value:
            return "[]"
        inner = pad + "  "
        parts = [inner + writes(index)(item, inner) for index, item in enumerate(value)]
        return "[\n" + ",\n".join(parts) + "\n" + pad + "]"

    return write


def _mapping(item: Write) -> Write:
    def write(value: Any, pad: str) -> str:
        if not value:
            return "{}"
        inner = pad + "  "
        parts = [
            f"{inner}{encode_basestring(str(key))}: {item(entry, inner)}"
            for key, entry in value.items()
        ]
        return "{\n" + ",\n".join(parts) + "\n" + pad + "}"

    return write


def _any(value: Any, pad: str) -> str:
    """A value of a field typed ``Any``: written by what it is."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _bool(value, pad)
    if isinstance(value, (str, Enum)):
        return _str(value, pad)
    if isinstance(value, int):
        return _int(value, pad)
    if isinstance(value, float):
        return _float(value, pad)
    if isinstance(value, BaseModel):
        return _model(type(value))(value, pad)
    if isinstance(value, dict):
        return _mapping(_any)(value, pad)
    if isinstance(value, (list, tuple)):
        return _items(lambda _index: _any)(value, pad)
    raise TypeError(f"no JSON form for {type(value).__name__}")


def _writer(annotation: Any) -> Write:
    """How a field declared ``annotation`` is written."""
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if annotation is Any:
        return _any
    if origin in (Union, types.UnionType):
        kept = [a for a in arguments if a is not type(None)]
        if len(kept) != 1:
            raise TypeError(f"no JSON writer for {annotation}")
        single = _writer(kept[0])
        return _null(single) if len(kept) < len(arguments) else single
    if origin is Literal or (isinstance(annotation, type) and issubclass(annotation, str)):
        return _str
    if annotation is bool:
        return _bool
    if annotation is int:
        return _int
    if annotation is float:
        return _float
    if origin in (list, Sequence) or (origin is tuple and arguments[-1:] == (...,)):
        each = _writer(arguments[0])
        return _items(lambda _index: each)
    if origin is tuple:
        writes = [_writer(a) for a in arguments]
        return _items(writes.__getitem__)
    if origin is dict:
        return _mapping(_writer(arguments[1]))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return lambda value, pad: _model(type(value))(value, pad)
    raise TypeError(f"no JSON writer for {annotation}")


def _model(cls: type[BaseModel]) -> Write:
    """The writer of a model class (made once per class)."""
    made = _MODELS.get(cls)
    if made is None:
        made = _MODELS[cls] = _made(cls)
    return made


_MODELS: dict[type[BaseModel], Write] = {}


def _made(cls: type[BaseModel]) -> Write:
    """Its written fields, in order, each with its writer."""
    fields = [
        (name, encode_basestring(name), _writer(info.annotation))
        for name, info in cls.model_fields.items()
        if not info.exclude
    ]

    def write(value: Any, pad: str) -> str:
        if not fields:
            return "{}"
        inner = pad + "  "
        values = value.__dict__
        parts = [f"{inner}{key}: {each(values[name], inner)}" for name, key, each in fields]
        return "{\n" + ",\n".join(parts) + "\n" + pad + "}"

    return write
