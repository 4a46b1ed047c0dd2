"""Building a model from values already valid: the same model pydantic's own
``model_construct`` builds."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from claimcheck.frozen import construct
from claimcheck.implied import Analysis
from claimcheck.report import ClaimReport, Finding, SourceRef
from claimcheck.severity import Severity

FINDING: dict[str, Any] = {
    "code": "KV101",
    "name": "naive-breakeven",
    "severity": Severity.WARNING,
    "message": "a message",
    "path": "claims/a.yaml",
    "line": 3,
    "column": 1,
    "fingerprint": "abc",
}


def _same(made: BaseModel, reference: BaseModel) -> None:
    assert type(made) is type(reference)
    assert made == reference
    assert list(made.__dict__) == list(reference.__dict__)  # field order too
    assert made.model_fields_set == reference.model_fields_set
    assert made.model_dump_json() == reference.model_dump_json()


def test_a_finding_gets_its_defaults_and_the_fields_set_it_is_given() -> None:
    made = construct(Finding, set(FINDING), FINDING)
    _same(made, Finding.model_construct(set(FINDING), **FINDING))
    assert made.suppressed is False and made.end_line is None


def test_a_claim_report_with_every_field_given() -> None:
    source = construct(SourceRef, {"path", "line"}, {"path": "a.md", "line": 2})
    values: dict[str, Any] = {
        "id": "a",
        "source": source,
        "text": "27x",
        "claim": {"speedup": 27},
        "confidence": 0.9,
        "readings": ["one"],
        "analysis": Analysis(),
        "findings": [construct(Finding, set(FINDING), FINDING)],
        "spans": {"speedup": (0, 3)},
    }
    _same(
        construct(ClaimReport, set(values), values),
        ClaimReport.model_construct(set(values), **values),
    )


def test_a_field_left_to_its_factory_or_unset_goes_through_pydantic() -> None:
    values: dict[str, Any] = {"id": "a", "source": SourceRef(), "text": None, "claim": {},
                              "analysis": Analysis(), "findings": []}  # fmt: skip
    made = construct(ClaimReport, set(values), values)
    _same(made, ClaimReport.model_construct(set(values), **values))
    assert made.readings == [] and made.spans == {}
    partial = {k: v for k, v in FINDING.items() if k != "code"}
    _same(
        construct(Finding, set(partial), partial), Finding.model_construct(set(partial), **partial)
    )


class _Aliased(BaseModel):
    value: int = Field(0, alias="v")


def test_a_model_with_aliases_goes_through_pydantic() -> None:
    _same(construct(_Aliased, {"value"}, {"v": 2}), _Aliased.model_construct({"value"}, v=2))
