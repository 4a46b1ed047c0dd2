"""The "explain" code action: what ``check --explain`` says of the numbers on some lines of a
file, every number weighed as a speed factor with its score and evidence (docs/extractor.md),
as one message for the editor to show."""

from __future__ import annotations

from claimcheck.report import Report, WeighedNumber

EXPLAIN = "claimcheck.explain"
"""The command the action runs: arguments, the file's URI and its first and last line
(0-based, as LSP counts lines)."""


def explained_lines(report: Report, first: int, last: int) -> str:
    """What ``--explain`` weighed on the 1-based lines ``first`` to ``last``, one number a
    line, or why there is nothing to say."""
    where = f"line {first}" if first == last else f"lines {first}–{last}"
    if report.errors:
        return f"claimcheck could not read this file: {report.errors[0].message}"
    weighed = [c for c in report.candidates if c.line is not None and first <= c.line <= last]
    if not weighed:
        return (
            f"claimcheck weighed no number on {where} as a speed factor (none there, or the "
            "paragraph names no KV cache or latency)"
        )
    shown = [f"claimcheck --explain, {where}:"]
    shown += (_number(candidate) for candidate in weighed)
    return "\n".join(shown)


def _number(candidate: WeighedNumber) -> str:
    verdict = "kept" if candidate.kept else "dropped"
    facts = "; ".join(
        f"{item.weight:+g} {item.fact}" + (f" {item.words!r}" if item.words else "")
        for item in candidate.evidence
        if item.weight
    )
    place = f"{candidate.line}:{candidate.column}"
    evidence = f" ({facts})" if facts else ""
    return f"{place} {candidate.text!r}: score {candidate.score:g}, {verdict}{evidence} → {candidate.reason}"
