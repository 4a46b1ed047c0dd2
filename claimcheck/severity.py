"""How much a finding matters: info, warning or error (README "Rules")."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

Precision = Literal["very-high", "high", "medium", "low"]
"""How often a rule's findings are right (SARIF ``precision``): ``very-high`` for arithmetic on
the claim's own figures, ``high`` for the physical model, ``medium`` for a reading of the wording
(https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning#reportingdescriptor-object)."""


class Severity(StrEnum):
    """How much a finding matters. Ordered: info < warning < error."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        """0 for info, 1 for warning, 2 for error."""
        return _RANK[self]


_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


def fails_the_run(severity: Severity, fail_on: Severity | None) -> bool:
    """Does an unsuppressed finding of ``severity`` fail a run under ``--fail-on``
    (``None`` = never)?"""
    return fail_on is not None and severity.rank >= fail_on.rank


class FailOn(StrEnum):
    """``--fail-on`` and ``fail-on`` values: the lowest severity that fails the run, or never."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"
    NEVER = "never"
