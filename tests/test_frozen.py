"""Building a model from values already valid: the same model pydantic's own
``model_construct`` builds."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from claimcheck.analysis import analyse
from claimcheck.claim import Claim
from claimcheck.frozen import construct, replaced
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


def test_a_replaced_model_is_its_model_copy() -> None:
    analysis = Analysis(naive_breakeven_tokens=4741, assumptions=["a"])
    update: dict[str, Any] = {"restatement": "27x TTFT", "assumptions": ["a", "b"]}
    made = replaced(analysis, update)
    _same(made, analysis.model_copy(update=update))
    assert analysis.restatement is None  # the original is left as it was
    aliased = _Aliased(v=1)
    _same(replaced(aliased, {"value": 3}), aliased.model_copy(update={"value": 3}))


def test_the_analysis_of_a_claim_is_the_validated_one() -> None:
    # The analysis is built from values already valid; validating them gives the same model.
    claim = Claim(speedup=27, context_tokens=128_000, baseline_seconds=2.0, cached_seconds=0.1)
    made = analyse(claim, curves=False)
    validated = Analysis(naive_breakeven_tokens=6400, implied_speedup=20.0)
    _same(made, validated.model_copy(update={"restatement": made.restatement}))
    assert made.naive_breakeven_tokens == 6400 and made.implied_speedup == 20.0


def test_every_field_in_the_class_order_makes_the_dict_itself_and_any_other_order_a_copy() -> None:
    whole = {**FINDING, "end_line": None, "end_column": None, "suppressed": True,
             "suppression_reason": "vendor figure", "fingerprint": "abc"}  # fmt: skip
    in_order = {name: whole[name] for name in Finding.model_fields}
    made = construct(Finding, set(FINDING), in_order)
    assert made.__dict__ is in_order
    _same(made, Finding.model_construct(set(FINDING), **in_order))
    shuffled = dict(reversed(in_order.items()))
    other = construct(Finding, set(FINDING), shuffled)
    assert other.__dict__ is not shuffled
    _same(other, Finding.model_construct(set(FINDING), **shuffled))
    assert other.suppressed is True
