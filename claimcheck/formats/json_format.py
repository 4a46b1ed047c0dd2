"""``--format json``: the Report as design.md's schema_version 1 document."""

from __future__ import annotations

from claimcheck.formats import RenderOptions
from claimcheck.report import Report


def render(report: Report, options: RenderOptions) -> str:
    """Stable key order, no timestamps, so the output diffs cleanly."""
    return report.model_dump_json(indent=2) + "\n"
