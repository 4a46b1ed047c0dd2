"""A claim made ready for the rules: its names resolved against the catalog and its numbers
analysed (resolve → analyse)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from claimcheck.analysis import analyse
from claimcheck.claim import Claim
from claimcheck.record import ClaimRecord
from claimcheck.resolve import Resolved, resolve, size_from_name
from claimcheck.rules import Subject
from claimcheck.settings import Assumptions, Thresholds

if TYPE_CHECKING:
    from claimcheck.catalog.source import CatalogSource


@dataclass(frozen=True)
class Prepared:
    """A claim ready for the rules: its record and what the rules see."""

    record: ClaimRecord
    subject: Subject


def prepare(
    record: ClaimRecord,
    catalogs: CatalogSource | None,
    assume: Assumptions,
    thresholds: Thresholds,
) -> Prepared:
    """Resolve one claim's names (``assume`` fills what it does not say) and analyse it; the
    rules will weigh it against ``thresholds``."""
    claim = record.claim
    if catalogs is not None and catalogs.needed(claim):
        resolved = resolve(claim, catalogs.get(), assume)
    else:
        resolved = Resolved(total_params_billions=claim.params_billions or _size(claim))
    analysis = analyse(claim, resolved, assume)
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


def _size(claim: Claim) -> float | None:
    return size_from_name(claim.model) if claim.model else None
