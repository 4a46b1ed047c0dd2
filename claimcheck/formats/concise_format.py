"""``--format concise``: one grep-friendly line per finding, ``path:line:col: CODE [severity] message``."""

from __future__ import annotations

from claimcheck.formats import RenderOptions
from claimcheck.formats.visible import visible
from claimcheck.report import Report, Summary


def render(report: Report, options: RenderOptions) -> str:
    """Unsuppressed findings in report order, then the summary line. File names and messages
    are shown with control characters escaped: each finding is exactly one line."""
    lines = []
    for finding in report.unsuppressed():
        path = visible(finding.path or "<text>")
        line = finding.line or 1
        column = finding.column or 1
        lines.append(
            f"{path}:{line}:{column}: {finding.code} [{finding.severity}] {visible(finding.message)}"
        )
    lines.append(summary_line(report.summary))
    return "\n".join(lines) + "\n"


def summary_line(summary: Summary) -> str:
    """``4 claims in 3 files: 1 error, 5 warnings, 4 info`` (plus suppressed and unreadable)."""
    counts = summary.findings
    parts = [
        _plural(counts.get("error", 0), "error"),
        _plural(counts.get("warning", 0), "warning"),
        f"{counts.get('info', 0)} info",
    ]
    text = f"{_plural(summary.claims, 'claim')} in {_plural(summary.files, 'file')}: " + ", ".join(
        parts
    )
    if summary.suppressed:
        text += f"; {summary.suppressed} suppressed"
    if summary.errors:
        text += f"; {_plural(summary.errors, 'input')} could not be audited"
    return text


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
