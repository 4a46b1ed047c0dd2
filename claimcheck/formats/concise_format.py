"""``--format concise``: one grep-friendly line per finding, ``path:line:col: CODE [severity] message``."""

from __future__ import annotations

from claimcheck.formats import RenderOptions
from claimcheck.formats.visible import visible
from claimcheck.report import Report, Summary
from claimcheck.severity import Severity

SEVERITY_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
"""How the human formats colour each severity (Rich style names)."""


def render(report: Report, options: RenderOptions) -> str:
    """Unsuppressed findings in report order, then the summary line. File names and messages
    are shown with control characters escaped: each finding is exactly one line (followed by
    its source and a blank line with ``show_source``). With colour
    (on a terminal) the place is bold and the code and severity take the severity's colour."""
    lines = []
    snippets: dict[int, list[str]] = {}
    if options.show_source:
        from claimcheck.formats.snippet import finding_snippets

        snippets = finding_snippets(report, options.sources, options.width)
    for finding in report.unsuppressed():
        path = visible(finding.path or "<text>")
        line = finding.line or 1
        column = finding.column or 1
        style = SEVERITY_STYLE[finding.severity]
        place = paint(f"{path}:{line}:{column}:", "bold", options.color)
        code = paint(f"{finding.code} [{finding.severity}]", style, options.color)
        lines.append(f"{place} {code} {visible(finding.message)}")
        if id(finding) in snippets:
            lines += [*snippets[id(finding)], ""]
    lines.append(paint(summary_line(report.summary), "bold", options.color))
    return "\n".join(lines) + "\n"


def paint(text: str, style: str, color: bool) -> str:
    """``text`` in a Rich ``style`` as ANSI escapes (the 16 standard colours), or as it is."""
    if not color:
        return text
    from rich.color import ColorSystem
    from rich.style import Style

    return Style.parse(style).render(text, color_system=ColorSystem.STANDARD)


def summary_line(summary: Summary) -> str:
    """``4 claims in 3 files: 1 error, 5 warnings, 4 info`` (plus suppressed and unreadable);
    claims read from no file (a one-liner, standard input) are ``1 claim: …``."""
    counts = summary.findings
    parts = [
        _plural(counts.get("error", 0), "error"),
        _plural(counts.get("warning", 0), "warning"),
        f"{counts.get('info', 0)} info",
    ]
    where = f" in {_plural(summary.files, 'file')}" if summary.files or not summary.claims else ""
    text = f"{_plural(summary.claims, 'claim')}{where}: " + ", ".join(parts)
    if summary.suppressed:
        text += f"; {summary.suppressed} suppressed"
    if summary.errors:
        text += f"; {_plural(summary.errors, 'input')} could not be audited"
    return text


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
