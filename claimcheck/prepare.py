"""A claim made ready for the rules: its names resolved against the catalog and its numbers
analysed (resolve → analyse)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from claimcheck.analysis import analyse
from claimcheck.claim import Claim
from claimcheck.implied import Analysis
from claimcheck.record import ClaimRecord
from claimcheck.resolve import Resolved, resolve, size_from_name
from claimcheck.rules import Subject
from claimcheck.settings import Assumptions, Thresholds

if TYPE_CHECKING:
    from claimcheck.catalog.source import CatalogSource


class Prepared(msgspec.Struct, frozen=True):
    """A claim ready for the rules: its record and what the rules see."""

    record: ClaimRecord
    subject: Subject


def prepare(
    record: ClaimRecord,
    catalogs: CatalogSource | None,
    assume: Assumptions,
    thresholds: Thresholds,
    *,
    charts: bool = False,
) -> Prepared:
    """Resolve one claim's names (``assume`` fills what it does not say) and analyse it; the
    rules will weigh it against ``thresholds``. With ``charts``, the analysis also carries the
    curves and the well-run baseline the HTML report draws (reference.py); without, no curve
    is sampled."""
    claim = record.claim
    if catalogs is not None and catalogs.needed(claim):
        resolved = resolve(claim, catalogs.get(), assume)
    else:
        resolved = Resolved(total_params_billions=claim.params_billions or _size(claim))
    analysis = analyse(
        claim, resolved, assume, curves=charts, tolerance=thresholds.mismatch_tolerance
    )
    if charts:
        analysis = _with_reference(claim, analysis, resolved, catalogs, assume)
    subject = Subject(
        claim,
        analysis,
        resolved,
        frozenset(record.cues),
        thresholds,
        record.conflicts,
        record.id,
    )
    return Prepared(record, subject)


def _with_reference(
    claim: Claim,
    analysis: Analysis,
    resolved: Resolved,
    catalogs: CatalogSource | None,
    assume: Assumptions,
) -> Analysis:
    """``analysis`` with the well-run baseline a chart draws beside the claim (reference.py)."""
    from claimcheck.reference import reference

    catalog = catalogs.get() if catalogs is not None else None
    drawn = reference(claim, analysis, resolved, catalog, assume)
    return replace(analysis, reference=drawn) if drawn else analysis


def _size(claim: Claim) -> float | None:
    return size_from_name(claim.model) if claim.model else None
