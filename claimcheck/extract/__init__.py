"""Prose → claim fields. The seam every text input goes through: ``extract_claims(text)``."""

from __future__ import annotations

from claimcheck.extract.reader import extract_claims
from claimcheck.extract.types import Extraction, Span

__all__ = ["Extraction", "Span", "extract_claims"]
