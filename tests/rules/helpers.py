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
