"""The hover of a finding, as Markdown ("Hover" in
https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/):
the rule and why it matters (docs/rules.md, linked), the finding's message, the claim's fair
restatement and the figures behind it, in the words of ``check``'s text view
(docs/usage.md, "Output and exit codes")."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from claimcheck.implied import Analysis
from claimcheck.report import ClaimReport, RuleInfo
from claimcheck.server.diagnostics import Placed


def hover_text(found: Sequence[Placed], rules: Mapping[str, RuleInfo]) -> str:
    """The hover of the findings under the cursor, most severe first; each claim's
    restatement and figures once, after its findings."""
    ordered = sorted(found, key=lambda p: (-p.finding.severity.rank, p.finding.code))
    parts = [_finding(placed, rules.get(placed.finding.code)) for placed in ordered]
    claims: dict[int, ClaimReport] = {}
    for placed in ordered:
        if placed.claim is not None:
            claims.setdefault(id(placed.claim), placed.claim)
    parts += (_claim(claim) for claim in claims.values())
    return "\n\n---\n\n".join(part for part in parts if part)


def _finding(placed: Placed, rule: RuleInfo | None) -> str:
    finding = placed.finding
    title = f"{finding.code} {finding.name}"
    heading = f"**[{title}]({rule.help_uri})**" if rule and rule.help_uri else f"**{title}**"
    lines = [f"{heading} ({finding.severity.value})", "", _escape(finding.message)]
    if rule is not None:
        why = explanation(rule.description)
        lines += ["", f"*{_escape(rule.summary)}.* {_escape(why)}".rstrip()]
    return "\n".join(lines)


def explanation(description: str) -> str:
    """A rule's explanation: its documentation after the summary line, up to its examples,
    as one paragraph."""
    body = description.partition("\n")[2]
    for stop in ("\nFlags:", "\nDoes not flag:"):
        body = body.split(stop, 1)[0]
    return " ".join(body.split())


def _claim(claim: ClaimReport) -> str:
    rows = figures(claim.analysis)
    lines = []
    if claim.analysis.restatement:
        lines.append(f"**Restated:** {_escape(claim.analysis.restatement)}")
    if rows:
        lines += ["", "| | |", "|---|---|"]
        lines += [f"| {label} | {_escape(value)} |" for label, value in rows]
    return "\n".join(lines).strip()


def figures(analysis: Analysis) -> list[tuple[str, str]]:
    """The figures behind a claim, labelled as ``check``'s text view labels them."""
    rows: list[tuple[str, str]] = []
    naive = analysis.naive_breakeven_tokens
    if naive is not None:
        rows.append(("naive breakeven", f"≈ {naive:,} tokens (load time taken as fixed)"))
    physical = analysis.physical_breakeven_tokens
    if physical is not None:
        rows.append(("physical breakeven", f"≈ {physical:,} tokens"))
    if analysis.breakeven_explanation:
        rows.append(("why", analysis.breakeven_explanation))
    if analysis.implied_speedup is not None:
        rows.append(("times give", f"{analysis.implied_speedup:.1f}x"))
    if analysis.implied_mfu is not None:
        rows.append(("implied MFU", f"{analysis.implied_mfu:.0%} of dense peak"))
    if analysis.implied_load_gb_s is not None:
        rows.append(("implied load bandwidth", f"{analysis.implied_load_gb_s:.1f} GB/s"))
    rows += [(f"at {int(p):,} tokens", f"{s:.2f}x") for p, s in analysis.speedup_at_prefix.items()]
    if analysis.full_power_speedup is not None:
        rows.append(("at full power", f"{analysis.full_power_speedup:.1f}x"))
    if analysis.end_to_end_speedup is not None:
        rows.append(("end to end", f"{analysis.end_to_end_speedup:.2f}x"))
    rows += [("assumption", assumption) for assumption in analysis.assumptions]
    return rows


_MARKDOWN = str.maketrans({ch: f"\\{ch}" for ch in "\\`*_[]<>|#"})
_CODE = re.compile(r"``(.+?)``|`([^`]+)`")


def _escape(text: str) -> str:
    """``text`` shown as written in Markdown: no emphasis, link, HTML or table cell breaks;
    what the rules' documentation quotes as code (````name````) is shown as code."""
    shown: list[str] = []
    last = 0
    for match in _CODE.finditer(text):
        code = (match.group(1) or match.group(2)).replace("`", "'").replace("|", "\\|")
        shown += [text[last : match.start()].translate(_MARKDOWN), f"`{code}`"]
        last = match.end()
    shown.append(text[last:].translate(_MARKDOWN))
    return "".join(shown).replace("\n", " ")
