"""``--format markdown``: a pull-request comment with the findings that matter up front.

Every value from the inputs (places, messages and the ids and text they quote) goes through
``tables.markdown_text``: it shows as the same literal text, never as an image, a link, markup
or an @mention."""

from __future__ import annotations

from claimcheck.formats import RenderOptions
from claimcheck.formats.concise_format import summary_line
from claimcheck.formats.tables import (
    header,
    markdown_text,
    most_severe_first,
    place,
    problem_place,
    row,
)
from claimcheck.report import Report
from claimcheck.severity import Severity


def render(report: Report, options: RenderOptions) -> str:
    """Errors and warnings in a table, info folded away, then the inputs that failed."""
    lines = ["## claimcheck", "", summary_line(report.summary), ""]
    findings = most_severe_first(report.unsuppressed())
    serious = [f for f in findings if f.severity is not Severity.INFO]
    info = [f for f in findings if f.severity is Severity.INFO]
    if not findings and not report.errors:
        return "\n".join([*lines, "No findings."]) + "\n"
    if serious:
        lines += header(["severity", "rule", "place", "message"])
        lines += [
            row([f.severity.value, f"{f.code} {f.name}", place(f), f.message]) for f in serious
        ]
        lines.append("")
    if info:
        noun = "finding" if len(info) == 1 else "findings"
        lines += ["<details>", f"<summary>{len(info)} info {noun}</summary>", ""]
        lines += header(["rule", "place", "message"])
        lines += [row([f"{f.code} {f.name}", place(f), f.message]) for f in info]
        lines += ["", "</details>", ""]
    if report.errors:
        lines += ["### Input errors", ""]
        lines += [
            f"- {markdown_text(problem_place(p))}: {markdown_text(p.message)}"
            for p in report.errors
        ]
        lines.append("")
    return "\n".join(lines)
