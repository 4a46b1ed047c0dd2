"""``--format text``: a Rich panel for one claim, a table for many, and always a summary line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from claimcheck.formats import RenderOptions
from claimcheck.formats.capture import Capture
from claimcheck.formats.concise_format import SEVERITY_STYLE, summary_line
from claimcheck.formats.visible import visible_model
from claimcheck.implied import Analysis
from claimcheck.report import ClaimReport, Finding, Report
from claimcheck.severity import Severity

_STYLE = SEVERITY_STYLE

_UNDERSTOOD: tuple[tuple[str, str], ...] = (
    ("speedup", "speedup"),
    ("speedup_low", "low end"),
    ("speedup_qualifier", "qualifier"),
    ("metric", "metric"),
    ("context_tokens", "context"),
    ("baseline_seconds", "recompute"),
    ("cached_seconds", "cached"),
    ("model", "model"),
    ("params_billions", "model size"),
    ("gpu", "GPU"),
    ("gpu_count", "GPU count"),
    ("power_mode", "power"),
    ("power_watts", "power cap"),
    ("tier", "KV tier"),
    ("vendor", "vendor"),
)


def render(report: Report, options: RenderOptions) -> str:
    """The human view of ``report``, control characters in its texts shown as escapes; with
    ``show_source`` (the default) the source line under each finding shown in full."""
    shown = visible_model(report)
    snippets: dict[int, list[str]] = {}
    if options.show_source is not False:
        snippets = _snippets(report, shown, options)
    report = shown
    capture = Capture(options)
    console = capture.console
    if len(report.claims) == 1:
        console.print(_panel(report.claims[0], snippets))
    elif report.claims:
        console.print(_table(report.claims))
        restated = _restated(report.claims)
        if restated is not None:
            console.print(restated)
        summaries = {rule.code: rule.summary for rule in report.rules}
        details = _details(report.claims, summaries, snippets)
        if details is not None:
            console.print(details)
    if report.candidates:
        console.print(_explained(report))
    console.print(Text(summary_line(report.summary), style="bold"))
    return capture.text


def _explained(report: Report) -> RenderableType:
    """``--explain``: every number weighed, its score against the threshold and its evidence."""
    table = Table(
        title="Numbers weighed as speed factors (--explain)", title_justify="left", expand=True
    )
    table.add_column("where", no_wrap=True, ratio=1)
    table.add_column("number", no_wrap=True)
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("evidence", ratio=3)
    for candidate in report.candidates:
        where = ":".join(str(p) for p in (candidate.path, candidate.line, candidate.column) if p)
        verdict = Text(
            "kept" if candidate.kept else "dropped", style="green" if candidate.kept else "dim"
        )
        facts = Text()
        for item in candidate.evidence:
            if item.weight:
                facts.append(
                    f"{item.weight:+g} {item.fact}", style="green" if item.weight > 0 else "red"
                )
                facts.append(f" {item.words!r}; " if item.words else "; ", style="dim")
        facts.append(f"→ {candidate.reason}")
        table.add_row(
            where, f"{candidate.text}", Text.assemble(f"{candidate.score:g} ", verdict), facts
        )
    return table


def _fmt(field: str, value: Any) -> str:
    if field == "speedup" or field == "speedup_low":
        return f"{value:g}x"
    if field == "context_tokens":
        return f"{value:,} tokens"
    if field in {"baseline_seconds", "cached_seconds"}:
        return f"{value:g} s"
    if field == "params_billions":
        return f"{value:g}B parameters"
    if field == "power_watts":
        return f"{value:g} W"
    return str(value)


def _kv_grid() -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    return grid


def _understood(claim: ClaimReport) -> Table:
    grid = _kv_grid()
    for field, label in _UNDERSTOOD:
        value = claim.claim.get(field)
        if value is None or (field == "metric" and value == "unspecified"):
            continue
        grid.add_row(label, Text(_fmt(field, value)))
    for reading in claim.readings:
        grid.add_row("read as", Text(reading))
    return grid


def _analysis(analysis: Analysis) -> Table:
    grid = _kv_grid()
    if analysis.restatement:
        grid.add_row("restated", Text(analysis.restatement))
    naive = analysis.naive_breakeven_tokens
    grid.add_row(
        "naive",
        f"≈ {naive:,} tokens (load time taken as fixed)"
        if naive is not None
        else "— (needs the context length)",
    )
    physical = analysis.physical_breakeven_tokens
    grid.add_row(
        "physical",
        f"≈ {physical:,} tokens"
        if physical is not None
        else "— (needs the model and GPU: --model, --gpu)",
    )
    if analysis.breakeven_explanation:
        grid.add_row("why", Text(analysis.breakeven_explanation))
    if analysis.implied_speedup is not None:
        grid.add_row("times give", f"{analysis.implied_speedup:.1f}x")
    if analysis.implied_mfu is not None:
        grid.add_row("implied MFU", f"{analysis.implied_mfu:.0%} of dense peak")
    if analysis.implied_load_gb_s is not None:
        grid.add_row("implied load", f"{analysis.implied_load_gb_s:.1f} GB/s")
    for prefix, speedup in analysis.speedup_at_prefix.items():
        grid.add_row(f"at {int(prefix):,} tokens", f"{speedup:.2f}x")
    if analysis.full_power_speedup is not None:
        grid.add_row("at full power", f"{analysis.full_power_speedup:.1f}x")
    if analysis.end_to_end_speedup is not None:
        grid.add_row("end to end", f"{analysis.end_to_end_speedup:.2f}x")
    for assumption in analysis.assumptions:
        grid.add_row("assumption", Text(assumption))
    return grid


def _finding_row(grid: Table, finding: Finding) -> None:
    style = _STYLE[finding.severity]
    grid.add_row(
        Text(finding.severity.value, style=style),
        Text(finding.code, style=style),
        Text(finding.name, style="dim"),
        Text(finding.message),
    )


def _findings(findings: list[Finding], snippets: dict[int, list[str]]) -> RenderableType:
    """Most severe first, then by code; each with its source below it when there is one."""
    live = sorted(
        (f for f in findings if not f.suppressed), key=lambda f: (-f.severity.rank, f.code)
    )
    name_width = max((len(f.name) for f in live), default=0)
    blocks: list[RenderableType] = []
    grid = None
    for finding in live:
        if grid is None:
            grid = Table.grid(padding=(0, 1))
            grid.add_column(no_wrap=True, min_width=7)
            grid.add_column(no_wrap=True, min_width=5)
            grid.add_column(no_wrap=True, min_width=name_width)
            grid.add_column()
            blocks.append(grid)
        _finding_row(grid, finding)
        shown = snippets.get(id(finding))
        if shown:
            blocks.append(_source(shown))
            grid = None
    return Group(*blocks)


def _source(lines: list[str]) -> Text:
    """A snippet, its gutter dim and its caret in bold, never wrapped."""
    text = Text(no_wrap=True, overflow="crop")
    for number, line in enumerate(lines):
        gutter, bar, rest = line.partition("|")
        text.append("  " + gutter + bar, style="dim")
        text.append(rest, style="bold" if number == len(lines) - 1 else "")
        if number < len(lines) - 1:
            text.append("\n")
    return text


def _snippets(report: Report, shown: Report, options: RenderOptions) -> dict[int, list[str]]:
    """Snippets by ``id`` of the findings of ``shown`` (the report with its texts made
    visible, finding for finding), read at the places of ``report``."""
    from claimcheck.formats.snippet import finding_snippets

    width = options.width - 6  # a panel's borders and padding, and the indent
    by_id = finding_snippets(report, options.sources, width)
    pairs = zip(_every_finding(report), _every_finding(shown), strict=True)
    return {id(copy): by_id[id(original)] for original, copy in pairs if id(original) in by_id}


def _every_finding(report: Report) -> list[Finding]:
    return [f for c in report.claims for f in c.findings] + list(report.findings)


def _where(claim: ClaimReport) -> str:
    src = claim.source
    if src.path is None:
        return claim.id
    return f"{src.path}:{src.line}" if src.line else src.path


def _panel(claim: ClaimReport, snippets: dict[int, list[str]]) -> Panel:
    parts: list[RenderableType] = []
    if claim.text:
        parts.append(Text(f"“{claim.text}”", style="italic"))
        parts.append(Text(""))
    parts += [Text("Understood", style="bold"), _understood(claim), Text("")]
    parts += [Text("Breakeven", style="bold"), _analysis(claim.analysis)]
    live = [f for f in claim.findings if not f.suppressed]
    if live:
        parts += [Text(""), Text("Findings", style="bold"), _findings(live, snippets)]
    return Panel(
        Group(*parts), title=Text(f"claim {claim.id}"), subtitle=Text(_where(claim)), expand=True
    )


def _table(claims: Sequence[ClaimReport]) -> Table:
    table = Table(title="Claims", expand=True)
    table.add_column("claim", overflow="fold", ratio=5)
    table.add_column("headline", no_wrap=True)
    table.add_column("context", justify="right", no_wrap=True)
    table.add_column("breakeven\nnaive → physical", justify="right", no_wrap=True)
    table.add_column("findings", ratio=2)
    for claim in claims:
        fields = claim.claim
        headline = f"{fields['speedup']:g}x" if fields.get("speedup") else "—"
        if fields.get("speedup_qualifier"):
            headline = f"{fields['speedup_qualifier']} {headline}"
        if fields.get("metric") not in (None, "unspecified"):
            headline += f" {fields['metric']}"
        context = f"{fields['context_tokens']:,}" if fields.get("context_tokens") else "—"
        naive = claim.analysis.naive_breakeven_tokens
        physical = claim.analysis.physical_breakeven_tokens
        codes = Text()
        for finding in sorted(claim.findings, key=lambda f: f.code):
            if not finding.suppressed:
                codes.append(finding.code + " ", style=_STYLE[finding.severity])
        breakeven = f"{naive:,}" if naive is not None else "—"
        breakeven += f" → {physical:,}" if physical is not None else ""
        where = _where(claim)
        label = (
            Text(claim.id) if where == claim.id else Text.assemble(claim.id, "\n", (where, "dim"))
        )
        table.add_row(
            label,
            Text(headline),
            context,
            breakeven,
            codes,
        )
    return table


def _restated(claims: Sequence[ClaimReport]) -> Group | None:
    """Below the table: each claim's fair restatement (docs/model.md), by its id."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="dim")
    grid.add_column()
    for claim in claims:
        if claim.analysis.restatement:
            grid.add_row(Text(claim.id), Text(claim.analysis.restatement))
    if not grid.rows:
        return None
    return Group(Text(""), Text("Restated", style="bold"), grid)


def _details(
    claims: Sequence[ClaimReport], summaries: dict[str, str], snippets: dict[int, list[str]]
) -> Group | None:
    """Below the table: each rule that fired, once, with its count; then every error in full."""
    by_rule: dict[str, list[Finding]] = {}
    for claim in claims:
        for finding in claim.findings:
            if not finding.suppressed:
                by_rule.setdefault(finding.code, []).append(finding)
    if not by_rule:
        return None
    legend = Table.grid(padding=(0, 1))
    for _ in range(4):
        legend.add_column(no_wrap=True)
    legend.add_column()
    for code in sorted(by_rule):
        first = by_rule[code][0]
        style = _STYLE[first.severity]
        legend.add_row(
            Text(code, style=style),
            Text(first.severity.value, style=style),
            Text(f"×{len(by_rule[code])}", style="dim"),
            Text(first.name, style="dim"),
            Text(summaries.get(code, "")),
        )
    parts: list[RenderableType] = [Text(""), legend]
    errors = [f for code in sorted(by_rule) for f in by_rule[code] if f.severity is Severity.ERROR]
    if errors:
        parts.append(Text(""))
        grid = None
        for finding in errors:
            if grid is None:
                grid = Table.grid(padding=(0, 1))
                grid.add_column(no_wrap=True, style="dim")
                grid.add_column(no_wrap=True)
                grid.add_column()
                parts.append(grid)
            where = f"{finding.path or '<text>'}:{finding.line or 1}:{finding.column or 1}"
            grid.add_row(
                Text(where),
                Text(finding.code, style=_STYLE[finding.severity]),
                Text(finding.message),
            )
            shown = snippets.get(id(finding))
            if shown:
                parts.append(_source(shown))
                grid = None
    return Group(*parts)
