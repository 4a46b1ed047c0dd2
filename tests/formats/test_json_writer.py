"""The JSON writer gives exactly the bytes of pydantic's ``model_dump_json(indent=2)``."""

from __future__ import annotations

import math
import types
import typing
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, TypeAdapter

import claimcheck
from claimcheck import report as report_models
from claimcheck.formats import OutputFormat, json_format, render
from claimcheck.formats.json_writer import dumps, float_text
from claimcheck.implied import Analysis, Curve, CurvePoint, FitResidual, PointsFit, Reference
from claimcheck.severity import Severity
from tests.formats.sample import claim, finding, report

ROOT = Path(__file__).resolve().parents[2]
FLOAT = TypeAdapter(float)


@settings(max_examples=3000, deadline=None)
@given(st.floats())
@example(1e16)  # the first power of ten written with an exponent
@example(9999999999999998.0)  # sixteen digits before the point: still plain
@example(1e-5)  # the last written as 0.0000…
@example(1e-7)
@example(-0.0)
@example(5e-324)
@example(1.7976931348623157e308)
@example(123456789012345680.0)
def test_floats_are_written_as_pydantic_writes_them(value: float) -> None:
    assert float_text(value) == FLOAT.dump_json(value).decode()


def test_hand_checked_floats() -> None:
    # ryu's layout: plain while the point falls within 16 digits, an exponent with its sign
    assert float_text(27.0) == "27.0"
    assert float_text(0.1) == "0.1"
    assert float_text(1.5e16) == "1.5e+16"
    assert float_text(0.00012) == "0.00012"
    assert float_text(1.2e-5) == "0.000012"
    assert float_text(3e-7) == "3e-7"
    assert float_text(math.inf) == float_text(math.nan) == "null"


def _values(annotation: Any) -> st.SearchStrategy[Any]:
    """Values a field of this type may hold, including those pydantic converts on output
    (an int in a float field)."""
    origin, arguments = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is Any:
        leaf = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
        return st.recursive(
            leaf,
            lambda inner: (
                st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3)
            ),
            max_leaves=6,
        )
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(_values(a) for a in arguments))
    if annotation is type(None):
        return st.none()
    if origin is typing.Literal:
        return st.sampled_from(arguments)
    if isinstance(annotation, type) and issubclass(annotation, Severity):
        return st.sampled_from(list(Severity))
    if annotation is str:
        return st.text()
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        return st.integers()
    if annotation is float:
        return st.floats() | st.integers(-(10**6), 10**6) | st.booleans()
    if origin in (list, Sequence) or (origin is tuple and arguments[-1:] == (...,)):
        return st.lists(_values(arguments[0]), max_size=3)
    if origin is tuple:
        return st.tuples(*(_values(a) for a in arguments))
    if origin is dict:
        return st.dictionaries(st.text(), _values(arguments[1]), max_size=3)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _models(annotation)
    raise AssertionError(f"no strategy for {annotation}")


def _deferred(annotation: Any) -> st.SearchStrategy[Any]:
    return st.deferred(lambda: _values(annotation))  # models nest: build strategies on use


def _models(cls: type[BaseModel]) -> st.SearchStrategy[Any]:
    fields = {name: _deferred(info.annotation) for name, info in cls.model_fields.items()}
    return st.fixed_dictionaries(fields).map(lambda values: cls.model_construct(**values))


MODELS = [
    report_models.Finding,
    report_models.SourceRef,
    report_models.InputProblem,
    report_models.Summary,
    report_models.RuleInfo,
    report_models.Tool,
    report_models.Evidence,
    report_models.WeighedNumber,
    CurvePoint,
    Curve,
    Reference,
    FitResidual,
    PointsFit,
    Analysis,
    report_models.ClaimReport,
    report_models.Report,
]


@pytest.mark.parametrize("cls", MODELS, ids=lambda c: c.__name__)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_report_model_is_written_as_pydantic_writes_it(
    cls: type[BaseModel], data: st.DataObject
) -> None:
    model = data.draw(_models(cls))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pydantic warns of a bool in an int field, and writes it
        expected = model.model_dump_json(indent=2)
    assert dumps(model) == expected


def test_every_report_model_is_covered() -> None:
    from claimcheck.frozen import Frozen

    def every(cls: type[BaseModel]) -> set[type[BaseModel]]:
        return {cls, *(m for sub in cls.__subclasses__() for m in every(sub))}

    defined = {
        cls
        for cls in every(Frozen)
        if cls.__module__ in {"claimcheck.report", "claimcheck.implied"}
    }
    assert defined == set(MODELS)


def test_bundled_claims_and_docs_are_written_as_pydantic_writes_them() -> None:
    audited = claimcheck.audit_paths(
        [str(ROOT / "claims"), str(ROOT / "docs"), str(ROOT / "README.md")]
    )
    assert len(audited.claims) > 10 and audited.rules
    assert dumps(audited) == audited.model_dump_json(indent=2)


def test_small_and_large_reports_give_the_same_document(monkeypatch: pytest.MonkeyPatch) -> None:
    sample = report(
        [claim(f"c{i}", [finding("KV101", Severity.WARNING, i + 1, 5)]) for i in range(3)]
    )
    small = render(sample, OutputFormat.JSON)
    monkeypatch.setattr(json_format, "SMALL", 0)
    large = render(sample, OutputFormat.JSON)
    assert small == large == sample.model_dump_json(indent=2) + "\n"


def test_a_report_with_a_lone_surrogate_fails_as_pydantic_does() -> None:
    sample = report([claim("bad\udcff", [])])
    with pytest.raises(Exception, match="surrogates not allowed"):
        render(sample, OutputFormat.JSON)
