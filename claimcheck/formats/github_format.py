"""``--format github``: GitHub Actions workflow commands (annotations) and the job summary table.

An annotation's ``file`` parameter names a file "in your repository"
(https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions): each file is
named from the repository root (``checkout.ci_path``), so an annotation attaches to its line of
the diff from whatever ``working-directory:`` the step runs in.
"""

from __future__ import annotations

from collections import Counter

from claimcheck.formats import RenderOptions
from claimcheck.formats.checkout import Checkout, ci_path
from claimcheck.formats.concise_format import summary_line
from claimcheck.formats.tables import header, most_severe_first, place, problem_place, row
from claimcheck.formats.visible import visible
from claimcheck.report import Finding, InputProblem, Report
from claimcheck.severity import Severity

SHOWN_PER_KIND = 10
"""Annotations of one kind (error, warning, notice) GitHub shows per step; the rest are dropped."""

SUMMARY_LIMIT = 1024 * 1024
"""Bytes GitHub accepts in one step's summary."""

_NOTE_ROOM = 200  # bytes kept free for the "rows left out" note
_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def render(report: Report, options: RenderOptions) -> str:
    """Input errors, then error, warning and notice annotations, each kind in report order."""
    findings = most_severe_first(report.unsuppressed())
    counts = Counter(f.severity for f in findings)
    counts[Severity.ERROR] += len(report.errors)
    checkout = options.checkout
    lines = [_problem_command(problem, checkout) for problem in report.errors]
    lines += [_command(f, checkout) for f in findings if f.severity is not Severity.INFO]
    # The overflow notice goes before the info notices: notices are capped too, and it must show.
    if any(count > SHOWN_PER_KIND for count in counts.values()):
        lines.append(_overflow(counts))
    lines += [_command(f, checkout) for f in findings if f.severity is Severity.INFO]
    return "".join(line + "\n" for line in lines)


def step_summary(report: Report, checkout: Checkout | None = None) -> str:
    """Markdown for ``$GITHUB_STEP_SUMMARY``: the counts and every finding, under 1 MiB, each
    place named from the repository root as the annotations name it (``ci_path``)."""
    text = f"## claimcheck\n\n{summary_line(report.summary)}\n\n"
    rows = [
        row(["error", "", "input error", _rooted(problem_place(p), p.path, checkout), p.message])
        for p in report.errors
    ]
    rows += [
        row([f.severity.value, f.code, f.name, _rooted(place(f), f.path, checkout), f.message])
        for f in most_severe_first(report.unsuppressed())
    ]
    if not rows:
        return text + "No findings.\n"
    text += "".join(
        line + "\n" for line in header(["severity", "code", "name", "place", "message"])
    )
    used = len(text.encode())
    kept = 0
    for line in rows:
        size = len(line.encode()) + 1
        if used + size > SUMMARY_LIMIT - _NOTE_ROOM:
            break
        used += size
        kept += 1
    text += "".join(line + "\n" for line in rows[:kept])
    if kept < len(rows):
        text += (
            f"\n{len(rows) - kept} more rows left out: a step summary is limited to 1 MiB. "
            "Run claimcheck with --format concise to list them all.\n"
        )
    return text


def escape_data(text: str) -> str:
    """A command's message, escaped as the Actions toolkit does (``%`` first); other control
    characters are shown as escapes (the job log is a terminal)."""
    return visible(text, breaks=True).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A command's property value: the message escapes plus ``:`` and ``,``."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _format(kind: str, properties: list[tuple[str, object]], message: str) -> str:
    props = ",".join(f"{name}={escape_property(str(value))}" for name, value in properties)
    return f"::{kind} {props}::{escape_data(message)}"


def _command(finding: Finding, checkout: Checkout | None) -> str:
    properties: list[tuple[str, object]] = []
    # Command-line text has no file to annotate: the annotation is then a general one.
    if finding.path is not None:
        line = finding.line or 1
        end_line = finding.end_line or line
        file = ci_path(finding.path, checkout)
        properties += [("file", file), ("line", line), ("endLine", end_line)]
        if end_line == line:
            properties.append(("col", finding.column or 1))
            if finding.end_column is not None:
                properties.append(("endColumn", finding.end_column))
    properties.append(("title", f"claimcheck {finding.code} ({finding.name})"))
    return _format(_COMMAND[finding.severity], properties, finding.message)


def _problem_command(problem: InputProblem, checkout: Checkout | None) -> str:
    properties: list[tuple[str, object]] = []
    if problem.path is not None:
        properties.append(("file", ci_path(problem.path, checkout)))
        if problem.line is not None:
            properties.append(("line", problem.line))
            if problem.column is not None:
                properties.append(("col", problem.column))
    properties.append(("title", "claimcheck input error"))
    return _format("error", properties, problem.message)


def _overflow(counts: Counter[Severity]) -> str:
    """The notice naming what GitHub will not annotate. It takes one notice slot itself."""
    shown = {
        Severity.ERROR: SHOWN_PER_KIND,
        Severity.WARNING: SHOWN_PER_KIND,
        Severity.INFO: SHOWN_PER_KIND - 1,
    }
    hidden = []
    for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO):
        more = counts[severity] - shown[severity]
        if more > 0:
            hidden.append(f"{more} more {_COMMAND[severity]}{'' if more == 1 else 's'}")
    return (
        f"::notice::claimcheck: {', '.join(hidden)} not shown as annotations "
        f"(GitHub shows {SHOWN_PER_KIND} of each kind per step); "
        "the job summary lists all findings."
    )


def _rooted(where: str, path: str | None, checkout: Checkout | None) -> str:
    """``where`` (``path:line:col``) with its path named from the repository root."""
    if path is None or not where.startswith(path):
        return where
    return ci_path(path, checkout) + where[len(path) :]
