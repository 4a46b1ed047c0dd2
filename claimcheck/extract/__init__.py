"""Prose → claim fields. The seam every text input goes through: ``extract_claims(text)``,
or ``read(text)`` for the claims together with every candidate decision behind them."""

from __future__ import annotations

from claimcheck.extract.reader import Reading, extract_claims, read
from claimcheck.extract.scoring import Decision
from claimcheck.extract.types import Extraction, Span

__all__ = ["Decision", "Extraction", "Reading", "Span", "extract_claims", "read"]
