"""``--format html``: one self-contained page per run: a summary on top, then every claim with
its sentence (the spans read highlighted), its chart, findings, assumptions and figures.

Built with Jinja2 templates with autoescaping on: every string from a claim is escaped by the
engine, never pasted into markup by hand. The page loads nothing: styles and the SVG charts are
inline, and a Content-Security-Policy allows no request and only the page's own sorting script
(the page works without it).
"""

from __future__ import annotations

import base64
import hashlib
from collections import Counter
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from itertools import pairwise
from typing import TYPE_CHECKING
from urllib.parse import quote, urlsplit

import msgspec

from claimcheck.formats import RenderOptions
from claimcheck.formats.chart import (
    LOOKS,
    Plot,
    from_claim,
    from_sweep,
    looks_css,
    plot,
    times,
    tokens,
)
from claimcheck.formats.concise_format import summary_line
from claimcheck.report import ClaimReport, Finding, Report
from claimcheck.severity import Severity

if TYPE_CHECKING:
    from jinja2 import Environment
    from markupsafe import Markup

    from claimcheck.physics import Setup
    from claimcheck.physics.sweep import Sweep

FIELD_NAMES = {
    "speedup": "speedup",
    "speedup_low": "low end of the range",
    "speedup_qualifier": "qualifier",
    "context_tokens": "context length",
    "baseline_seconds": "recompute time",
    "cached_seconds": "load time",
    "metric": "metric",
    "model": "model",
    "params_billions": "model size",
    "gpu": "GPU",
    "gpu_count": "GPU count",
    "power_mode": "power mode",
    "power_watts": "power cap",
    "tier": "storage tier",
}
# Above this many claims the browser lays out only the claims in view (CSS content-visibility):
# a report of 1,000 claims then opens in about a second instead of ten.
LONG_REPORT_CLAIMS = 50
_SEVERITIES = (Severity.ERROR, Severity.WARNING, Severity.INFO)


class Segment(msgspec.Struct, frozen=True):
    """A piece of a claim's sentence; ``fields`` names what was read from it (empty: nothing)."""

    text: str
    fields: tuple[str, ...]

    @property
    def title(self) -> str:
        """The fields read here, in words."""
        return ", ".join(FIELD_NAMES.get(name, name.replace("_", " ")) for name in self.fields)


class SeverityGroup(msgspec.Struct, frozen=True):
    """The findings of one severity."""

    severity: str
    findings: tuple[Finding, ...]


class Figure(msgspec.Struct, frozen=True):
    """One figure of a claim's analysis, in words."""

    name: str
    value: str


class ClaimView(msgspec.Struct, frozen=True):
    """What the page shows of one claim."""

    anchor: str
    order: int
    claim: ClaimReport
    worst: str
    worst_rank: int
    segments: tuple[Segment, ...]
    source: str
    source_href: str | None
    published: str | None
    groups: tuple[SeverityGroup, ...]
    codes: tuple[str, ...]
    suppressed: tuple[Finding, ...]
    figures: tuple[Figure, ...]
    headline: str
    breakeven: str
    mfu: str
    plot: Plot | None
    restatement: str | None
    explained: bool
    assumptions: tuple[str, ...]
    shared: tuple[int, ...]


def render(report: Report, options: RenderOptions) -> str:
    """The whole page."""
    rules = {rule.code: rule for rule in report.rules}
    shared = shared_assumptions(report.claims)
    numbers = {note: n for n, note in enumerate(shared, start=1)}
    claims = [_claim_view(i, claim, numbers) for i, claim in enumerate(report.claims, start=1)]
    by_rule = Counter(f.code for f in report.unsuppressed())
    names = {f.code: f.name for f in report.all_findings()}
    script = _markup(_static("sort.js"))
    return (
        _environment()
        .get_template("report.html.j2")
        .render(
            report=report,
            summary=summary_line(report.summary),
            severities=[s.value for s in _SEVERITIES],
            claims=claims,
            rule_counts=[
                (code, names[code], rules[code].severity.value if code in rules else "", count)
                for code, count in sorted(by_rule.items())
            ],
            rules=[rules[code] for code in sorted(rules) if code in names],
            document_findings=report.findings,
            long_report=LONG_REPORT_CLAIMS,
            shared=shared,
            script=script,
            script_hash=_sha256(script),
            css=_styles(),
        )
    )


def render_breakeven(sweep: Sweep, setup: Setup, *, svg: bool) -> str:
    """``claimcheck breakeven``'s chart alone: a standalone SVG document, or a page holding
    the chart, its text table and the setup in words. ``setup`` is the setup the sweep ran
    (its power factor is the sweep's)."""
    from claimcheck.curve import speedup_curve

    capped = setup.model_copy(update={"power_factor": sweep.setup.power_factor})
    extra = (1_000, 4_000, 16_000, sweep.end_to_end_prefix_tokens, sweep.breakeven_tokens or 0)
    chart = plot(from_sweep(sweep, speedup_curve(capped, sweep.output_tokens, extra)))
    if svg:
        return _environment().get_template("chart_alone.svg.j2").render(plot=chart) + "\n"
    return (
        _environment()
        .get_template("chart.html.j2")
        .render(
            plot=chart,
            caption=f"{sweep.setup.description}. {sweep.breakeven_note}",
            css=_styles(),
        )
    )


@cache
def _environment() -> Environment:
    from jinja2 import Environment, PackageLoader, StrictUndefined

    environment = Environment(
        loader=PackageLoader("claimcheck.formats", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.globals["LOOKS"] = LOOKS
    environment.globals["looks_css"] = _markup(looks_css())
    environment.filters["tokens"] = tokens
    environment.filters["times"] = times
    return environment


def _styles() -> Markup:
    """The page's styles: our own files, written out as they are (escaped, the quotes around
    font names would end the rules that hold them)."""
    return _markup(_static("report.css") + _static("chart.css") + looks_css())


def _markup(text: str) -> Markup:
    from markupsafe import Markup

    return Markup(text)  # our own files, never a claim's text


@cache
def _static(name: str) -> str:
    return files("claimcheck.formats").joinpath("templates", name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def shared_assumptions(claims: Sequence[ClaimReport]) -> tuple[str, ...]:
    """The assumptions more than one claim makes, in order of first use: the page states each
    once and the claims refer to it (a thousand claims otherwise repeat the same sentences)."""
    uses = Counter(note for c in claims for note in dict.fromkeys(c.analysis.assumptions))
    return tuple(note for note in uses if uses[note] > 1)


def _claim_view(order: int, claim: ClaimReport, numbers: dict[str, int]) -> ClaimView:
    anchor = f"claim-{order}"
    active = [f for f in claim.findings if not f.suppressed]
    worst = max((f.severity for f in active), key=lambda s: s.rank, default=None)
    fields, analysis = claim.claim, claim.analysis
    data = from_claim(claim)
    groups = tuple(
        SeverityGroup(s.value, tuple(f for f in active if f.severity is s))
        for s in _SEVERITIES
        if any(f.severity is s for f in active)
    )
    return ClaimView(
        anchor=anchor,
        order=order,
        claim=claim,
        worst=worst.value if worst else "clean",
        worst_rank=worst.rank if worst else -1,
        segments=segments(claim.text or "", claim.spans or {}),
        source=_place(claim),
        source_href=_source_href(claim),
        published=_published(fields),
        groups=groups,
        codes=tuple(f.code for group in groups for f in group.findings),
        suppressed=tuple(f for f in claim.findings if f.suppressed),
        figures=_figures(claim),
        headline=_headline(fields),
        breakeven=_breakeven(analysis.naive_breakeven_tokens, analysis.physical_breakeven_tokens),
        mfu=f"{analysis.implied_mfu:.0%}" if analysis.implied_mfu is not None else "—",
        plot=None if data.empty else plot(data),
        restatement=analysis.restatement,
        explained=_explained(analysis.breakeven_explanation, active),
        assumptions=tuple(n for n in analysis.assumptions if n not in numbers),
        shared=tuple(numbers[n] for n in dict.fromkeys(analysis.assumptions) if n in numbers),
    )


def _explained(explanation: str | None, findings: list[Finding]) -> bool:
    """A finding's message already holds the breakeven explanation (KV201 does)."""
    return bool(explanation) and any(explanation in f.message for f in findings if explanation)


def segments(text: str, spans: dict[str, tuple[int, int]]) -> tuple[Segment, ...]:
    """``text`` cut at every span's ends; each piece names the fields read from it (spans may
    overlap or nest: "power-capped at 350 W" is the power mode and holds the power cap)."""
    valid = {n: (a, b) for n, (a, b) in spans.items() if 0 <= a < b <= len(text)}
    cuts = sorted({0, len(text), *(edge for span in valid.values() for edge in span)})
    pieces = []
    for start, end in pairwise(cuts):
        inside = tuple(sorted(n for n, (a, b) in valid.items() if a <= start and end <= b))
        pieces.append(Segment(text[start:end], inside))
    return tuple(p for p in pieces if p.text)


def _place(claim: ClaimReport) -> str:
    source = claim.source
    where = source.path or "command-line text"
    if source.line is not None:
        where += f":{source.line}"
    return where


def _source_href(claim: ClaimReport) -> str | None:
    """The claim's published address when it is a web address, else its file's link."""
    url = claim.claim.get("source_url")
    if isinstance(url, str) and is_web_address(url):
        return url
    path = claim.source.path
    return None if path is None else file_href(path)


def is_web_address(url: str) -> bool:
    """An absolute ``http`` or ``https`` address with a host (``https:/x`` has none: where it
    leads depends on where the report is opened)."""
    parts = urlsplit(url)
    return parts.scheme in {"http", "https"} and bool(parts.netloc)


def file_href(path: str) -> str:
    """A file's link, always on the report's own site: a relative path starting ``./`` (the
    report is usually written where the run started), or a root-relative one for an absolute
    path, with every character a URL gives a meaning to percent-encoded.

    A file name is never read as an address: a folder named ``https:`` gives ``https:/x.md``,
    which a browser opens from a report on disk as ``https://x.md/`` (the URL Standard,
    "special authority slashes state", https://url.spec.whatwg.org/#special-authority-slashes-state),
    and an absolute path starting ``//`` would name another host. So ``:``, ``\\``, ``?`` and
    ``#`` are encoded, and leading slashes are made one. The bytes of a name that is not UTF-8
    (PEP 383) are encoded as they were.
    """
    if path.startswith("/"):
        return "/" + quote(path.lstrip("/"), errors="surrogateescape")
    return "./" + quote(path, errors="surrogateescape")


def _published(fields: dict[str, object]) -> str | None:
    parts = [str(fields[k]) for k in ("vendor", "date") if fields.get(k)]
    return ", ".join(parts) or None


def _headline(fields: dict[str, object]) -> str:
    speedup = fields.get("speedup")
    if not isinstance(speedup, int | float):
        return "—"
    qualifier = fields.get("speedup_qualifier")
    low = fields.get("speedup_low")
    figure = f"{low:g}–{times(speedup)}" if isinstance(low, int | float) else times(speedup)
    metric = str(fields.get("metric") or "unspecified").replace("_", " ").replace("ttft", "TTFT")
    return " ".join(str(p) for p in (qualifier, figure, metric) if p and p != "unspecified")


def _breakeven(naive: int | None, physical: int | None) -> str:
    if naive is None and physical is None:
        return "—"
    if physical is None:
        return f"{naive:,}"
    return f"{naive:,} → {physical:,}" if naive is not None else f"— → {physical:,}"


def _figures(claim: ClaimReport) -> tuple[Figure, ...]:
    """The claim's fields and what they imply, each in words."""
    fields, a = claim.claim, claim.analysis

    def number(key: str, unit: str = "") -> str | None:
        value = fields.get(key)
        return f"{value:,g}{unit}" if isinstance(value, int | float) else None

    rows = [
        ("context", number("context_tokens", " tokens")),
        ("recompute time", number("baseline_seconds", " s")),
        ("load time", number("cached_seconds", " s")),
        ("model", fields.get("model")),
        ("GPU", " × ".join(str(fields[k]) for k in ("gpu_count", "gpu") if fields.get(k)) or None),
        ("power", number("power_watts", " W")),
        ("storage tier", fields.get("tier")),
        ("speedup from the times", times(a.implied_speedup) if a.implied_speedup else None),
        ("naive breakeven", f"{a.naive_breakeven_tokens:,} tokens" if a.naive_breakeven_tokens is not None else None),
        ("physical breakeven", f"{a.physical_breakeven_tokens:,} tokens" if a.physical_breakeven_tokens is not None else None),
        ("implied MFU", f"{a.implied_mfu:.1%}" if a.implied_mfu is not None else None),
        ("implied load bandwidth", f"{a.implied_load_gb_s:,g} GB/s" if a.implied_load_gb_s is not None else None),
        ("host-link ceiling", f"{a.load_ceiling_gb_s:,g} GB/s" if a.load_ceiling_gb_s is not None else None),
        ("end to end", times(a.end_to_end_speedup) if a.end_to_end_speedup else None),
        ("at full power", times(a.full_power_speedup) if a.full_power_speedup else None),
    ]  # fmt: skip
    return tuple(Figure(name, str(value)) for name, value in rows if value is not None)
