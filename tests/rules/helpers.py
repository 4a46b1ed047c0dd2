"""Run the rules on one claim, without the CLI."""

from __future__ import annotations

from typing import Any

from claimcheck.claim import Claim
from claimcheck.judge import audit_record
from claimcheck.record import ClaimRecord
from claimcheck.report import Finding
from claimcheck.rules import RULES
from claimcheck.settings import Settings, Thresholds


def findings(
    cues: tuple[str, ...] = (), thresholds: Thresholds | None = None, **fields: Any
) -> dict[str, Finding]:
    """The findings for a claim with ``fields``, keyed by rule code."""
    record = ClaimRecord(
        claim=Claim(**fields), id="t", path=None, position=None, cues=dict.fromkeys(cues)
    )
    settings = Settings(thresholds=thresholds or Thresholds())
    report = audit_record(record, RULES, settings)
    return {f.code: f for f in report.findings}


def batch_findings(*claims: dict[str, Any]) -> list[set[str]]:
    """The rule codes each claim gets when ``claims`` are judged together in one run, so that
    the rules comparing claims run too."""
    from claimcheck.catalog.source import CatalogSource
    from claimcheck.judge import judge
    from claimcheck.prepare import prepare

    settings = Settings()
    records = [
        ClaimRecord(claim=Claim(**fields), id=f"c{i}", path=None, position=None, cues={})
        for i, fields in enumerate(claims)
    ]
    catalogs = CatalogSource(settings.assume)
    prepared = [prepare(r, catalogs, settings.assume, settings.thresholds) for r in records]
    judged = judge(prepared, RULES, settings.thresholds)
    return [{f.code for f in report.findings} for report in judged]
