"""``--format html`` read back as markup: every claim, finding and chart is on the page, claim
text is escaped, the spans read are highlighted, and the page asks for nothing from outside."""

from __future__ import annotations

import json
import math
import re
from functools import cache
from itertools import pairwise
from pathlib import Path

import msgspec
import pytest
from msgspec.structs import replace

from claimcheck.audit import Inputs, audit
from claimcheck.formats import OutputFormat, render
from claimcheck.formats.chart import (
    TOLERANCE_PX,
    from_claim,
    plot,
    simplify,
    times,
    tokens,
    vendor_fit,
)
from claimcheck.formats.html_format import LONG_REPORT_CLAIMS, segments
from claimcheck.implied import Analysis
from claimcheck.report import ClaimReport, InputProblem, Report, SourceRef
from claimcheck.settings import Assumptions, Settings
from claimcheck.severity import Severity
from tests.conftest import Invoke
from tests.formats.html_page import Element, Page
from tests.formats.sample import claim, finding, report

HOSTILE = "<script>alert(1)</script> \"quoted\" 'single' \u202egnp.exe\u202c & <img src=x onerror=alert(2)> 27x"


@cache
def bundled(**assume: str) -> Report:
    """The audit of the bundled claims/ (tests run from the repository's root)."""
    settings = Settings(assume=Assumptions(**assume)) if assume else Settings()
    return audit(Inputs(arguments=["claims"]), settings)


@cache
def charted() -> Report:
    """The bundled claims audited as ``--format html`` audits them: with the curves and the
    well-run baselines the charts draw."""
    return audit(Inputs(arguments=["claims"]), Settings(), charts=True)


def _page(report_: Report) -> Page:
    return Page(render(report_, OutputFormat.HTML))


def test_every_claim_finding_and_chart_is_on_the_page(cli: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    run = cli("check", "claims/", "--format", "html", "-o", str(out))
    assert run.code == 1  # one claim contradicts its own times
    expected = cli("check", "claims/", "--format", "json").json()
    page = Page(out.read_text(encoding="utf-8"))
    articles = page.find("article", "claim")
    assert len(articles) == len(expected["claims"]) == 10
    for article, entry in zip(articles, expected["claims"], strict=True):
        heading = article.children[0]
        assert heading.tag == "h2" and entry["id"] in heading.text
        (findings,) = [e for e in _descendants(article) if "findings" in e.classes()]
        codes = [
            e.children[0].text
            for e in _descendants(findings)
            if e.tag == "li" and e.children[0].tag == "a"
        ]
        assert sorted(codes) == sorted(f["code"] for f in entry["findings"])
    rows = page.by_id("claims-table").children[1].children
    assert [r.children[0].text for r in rows] == [c["id"] for c in expected["claims"]]
    # A chart for each claim with a context length; the one without gets none.
    charts = page.find("svg", "chart")
    assert len(charts) == sum(1 for c in expected["claims"] if c["claim"]["context_tokens"]) == 9
    for svg in charts:
        assert svg.attrs["role"] == "img"
        assert [c.tag for c in svg.children[:2]] == ["title", "desc"]
    _every_use_is_defined(page)


def _every_use_is_defined(page: Page) -> None:
    """Each ``<use>`` and clip path refers to an element of the page: axes and legends drawn once
    are found by every chart that refers to them."""
    ids = {e.attrs["id"] for e in page.elements if "id" in e.attrs}
    used = {e.attrs["href"].removeprefix("#") for e in page.find("use")}
    assert used <= ids and "plot-area" in ids


def _descendants(element: Element) -> list[Element]:
    found = []
    for child in element.children:
        found.append(child)
        found.extend(_descendants(child))
    return found


def test_summary_counts_by_severity_and_rule() -> None:
    report_ = bundled()
    page = _page(report_)
    for severity in ("error", "warning", "info"):
        (box,) = page.find("li", f"count-{severity}")
        assert box.children[0].text == str(report_.summary.findings[severity])
    counted = {
        row.children[0].text: int(row.children[3].text)
        for row in page.by_id("rule-counts").children[1].children
    }
    expected: dict[str, int] = {}
    for f in report_.unsuppressed():
        expected[f.code] = expected.get(f.code, 0) + 1
    assert counted == expected
    # Each rule that fired is explained once, and every finding links to it.
    for code in expected:
        assert page.by_id(f"rule-{code.lower()}")
    links = {
        a.attrs["href"] for a in page.find("a") if a.attrs.get("href", "").startswith("#rule-")
    }
    assert links == {f"#rule-{code.lower()}" for code in expected}


def test_claims_table_links_to_each_claim_and_sorts_by_severity() -> None:
    page = _page(bundled())
    rows = page.by_id("claims-table").children[1].children
    for row in rows:
        link = row.children[0].children[0]
        assert page.by_id(link.attrs["href"].removeprefix("#")).tag == "article"
    ranks = {row.children[0].text: int(row.children[1].attrs["data-sort"]) for row in rows}
    assert ranks["contradicts-45x"] == Severity.ERROR.rank
    assert ranks["honest-e2e-1.15x"] == -1  # no finding
    assert ranks["brief-1-27x"] == Severity.WARNING.rank


def test_hostile_claim_text_is_escaped() -> None:
    hostile = ClaimReport(
        id='x"><script>alert(3)</script>',
        source=SourceRef(path='javascript:alert(4)"<b>', line=1, column=1),
        text=HOSTILE,
        claim={"speedup": 27.0, "context_tokens": 1000, "source_url": "javascript:alert(5)"},
        analysis=Analysis(naive_breakeven_tokens=37, assumptions=["<b>not bold</b>"]),
        findings=[finding("KV101", Severity.WARNING, 1, 1)],
        spans={"speedup": (len(HOSTILE) - 3, len(HOSTILE))},
    )
    markup = render(report([hostile]), OutputFormat.HTML)
    page = Page(markup)
    assert len(page.find("script")) == 1  # the page's own
    assert not page.find("img") and not page.find("b")
    assert not [e for e in page.elements if any(k.startswith("on") for k in e.attrs)]
    (said,) = page.find("blockquote", "said")
    assert said.text == HOSTILE
    hrefs = [a.attrs.get("href", "") for a in page.find("a")]
    assert not [h for h in hrefs if h.lower().startswith("javascript")]
    assert "./javascript%3Aalert%284%29%22%3Cb%3E" in hrefs
    assert "alert(3)" in page.find("article", "claim")[0].children[0].text


def test_the_spans_read_are_highlighted() -> None:
    brief = next(c for c in charted().claims if c.id == "brief-1-27x")
    page = _page(report([brief]))
    marked = {m.text: m.attrs["title"] for m in page.find("mark")}
    assert marked == {
        "112K-token": "context length",
        "57 seconds": "recompute time",
        "2.1 seconds": "load time",
        "27x": "speedup",
    }


def test_overlapping_spans_are_cut_into_pieces() -> None:
    text = "H100s power-capped at 350 W today"
    pieces = segments(text, {"power_mode": (6, 27), "power_watts": (22, 27), "gpu": (0, 4)})
    assert "".join(p.text for p in pieces) == text
    assert [(p.text, p.fields) for p in pieces] == [
        ("H100", ("gpu",)),
        ("s ", ()),
        ("power-capped at ", ("power_mode",)),
        ("350 W", ("power_mode", "power_watts")),
        (" today", ()),
    ]
    # Spans outside the text are ignored rather than trusted.
    assert [p.fields for p in segments("27x", {"speedup": (0, 9)})] == [()]


def test_source_links() -> None:
    def href(path: str | None, url: str | None = None) -> str | None:
        entry = replace(
            claim("a", []), **{"source": SourceRef(path=path, line=3), "claim": {"source_url": url}}
        )
        links = Page(render(report([entry]), OutputFormat.HTML)).find("p", "source")[0].children
        return links[0].attrs.get("href") if links and links[0].tag == "a" else None

    assert href("docs/launch page.md") == "./docs/launch%20page.md"
    assert href("docs/page.md", "https://example.com/blog") == "https://example.com/blog"
    assert href(None) is None
    assert href("javascript:alert(1)") == "./javascript%3Aalert%281%29"
    # A folder named "https:" is a folder: from disk, "https:/x.md" would open https://x.md/.
    assert href("https:/evil.example/x.md") == "./https%3A/evil.example/x.md"
    assert href("http:/evil.example/x.md", "not a web address") == "./http%3A/evil.example/x.md"
    # An absolute path starting with two slashes would name a host; it is the same file.
    assert href("//evil.example/x.md") == "/evil.example/x.md"
    assert href("/home/me/p#1?.md") == "/home/me/p%231%3F.md"
    assert href("C:\\docs\\x.md") == "./C%3A%5Cdocs%5Cx.md"
    # A source_url without a host is no web address: the file's link is given instead.
    assert href("docs/page.md", "https:/evil.example") == "./docs/page.md"


# Pages opened from disk and from a CI artifact server: a link must stay where the page is.
PAGE_BASES = ("file:///home/me/report.html", "https://ci.example/job/1/report.html")


@pytest.mark.parametrize(
    "name", ["https:", "http:", "javascript:", "data:text", "mailto:x@e.example"]
)
def test_a_folder_named_like_a_scheme_links_within_the_report_site(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    from urllib.parse import urljoin, urlsplit

    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / name / "evil.example").mkdir(parents=True)
    (tmp_path / name / "evil.example" / "x.yaml").write_text(
        "id: a\nspeedup: 27\ncontext_tokens: 112000\nmetric: ttft\n", encoding="utf-8"
    )
    run = cli("check", ".", "--format", "html", "-o", "report.html")
    assert run.code in (0, 1), run.stderr
    page = Page((tmp_path / "report.html").read_text(encoding="utf-8"))
    (source,) = [e.children[0] for e in page.find("p", "source")]
    href = source.attrs["href"]
    assert href is not None and href.startswith("./")
    for base in PAGE_BASES:
        target = urlsplit(urljoin(base, href))
        assert (target.scheme, target.netloc) == urlsplit(base)[:2]
    # Every other link on the page is a fragment of it, or the rules' documentation.
    others = [e.attrs.get("href") or "" for e in page.elements if e is not source]
    for other in others:
        assert other == "" or other.startswith("#") or other.startswith("https://github.com/")


def test_the_page_loads_nothing_from_outside() -> None:
    markup = render(bundled(), OutputFormat.HTML)
    page = Page(markup)
    assert not page.find("link") and not page.find("img") and not page.find("iframe")
    assert all("src" not in e.attrs for e in page.elements)
    assert not re.search(r"@import|url\(\s*['\"]?(?!#)", markup)
    (policy,) = page.find("meta", http_equiv="Content-Security-Policy")
    assert policy.attrs["content"].startswith("default-src 'none'")


def test_json_keeps_its_keys() -> None:
    document = json.loads(render(bundled(), OutputFormat.JSON))
    for entry in document["claims"]:
        assert "spans" not in entry and "curve" not in entry["analysis"]


def test_chart_of_a_calibrated_claim_puts_the_headline_on_its_curve() -> None:
    # The 405B claim states both times: the setup is calibrated from them, so the physics
    # passes through the headline, and the chart shows both breakevens and the 1K/4K/16K points.
    dgx = next(c for c in charted().claims if c.id == "dgx-405b-12x")
    data = from_claim(dgx)
    chart = plot(data)
    assert {"ttft", "e2e", "naive"} <= set(chart.paths)
    assert {r.kind for r in chart.rules} == {"naive", "physical"}
    at = [d for d in chart.dots if d.kind == "at"]
    assert [d.label.text.split(":")[0] for d in at if d.label] == ["1K", "4K", "16K"]
    (headline,) = [d for d in chart.dots if d.kind == "headline"]
    curve_y = _y_on(chart.paths["ttft"], headline.x)
    assert abs(curve_y - headline.y) < 3
    whats = [row.what for row in chart.rows]
    assert whats[:3] == ["the claim", "naive breakeven", "physical breakeven"]
    assert chart.rows[0].speedup == "12×"


def test_a_claim_above_its_physics_sits_above_the_curve() -> None:
    # The 405B setup with a 40x headline the same times cannot give: the point is drawn above.
    dgx = next(c for c in charted().claims if c.id == "dgx-405b-12x")
    chart = plot(from_claim(replace(dgx, **{"claim": {**dgx.claim, "speedup": 40.0}})))
    (headline,) = [d for d in chart.dots if d.kind == "headline"]
    assert headline.y < _y_on(chart.paths["ttft"], headline.x) - 20  # SVG y grows downwards


def _y_on(path: str, x: float) -> float:
    """The y of an SVG path ``M x y l dx dy dx dy …`` at ``x``."""
    start, steps = path[1:].split("l")
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", steps)]
    points = [tuple(float(n) for n in start.split())]
    for dx, dy in zip(numbers[::2], numbers[1::2], strict=True):
        points.append((points[-1][0] + dx, points[-1][1] + dy))
    for (x0, y0), (x1, y1) in pairwise(points):
        if x0 <= x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0 or 1)
    raise AssertionError(f"{x} is off the curve")


def test_a_claim_without_a_setup_draws_the_naive_reading_only() -> None:
    brief = next(c for c in bundled().claims if c.id == "brief-1-27x")
    chart = plot(from_claim(brief))
    assert set(chart.paths) == {"naive"}
    assert [r.kind for r in chart.rules] == ["naive"]
    assert [d.kind for d in chart.dots] == ["headline"]


def test_the_27x_claim_sits_above_the_well_run_baseline() -> None:
    # brief 1 names no setup: the report draws the reference setup recomputing at MFU 0.5 with
    # the claim's own 2.1 s load (15.3x at 112K, tests/test_reference.py), and the 27x point
    # sits above that curve; the naive line and its breakeven stay.
    report = audit(Inputs(arguments=["claims"]), Settings(), charts=True)
    brief = next(c for c in report.claims if c.id == "brief-1-27x")
    chart = plot(from_claim(brief))
    assert set(chart.paths) == {"naive", "reference"}
    assert [r.kind for r in chart.rules] == ["naive"]
    (headline,) = [d for d in chart.dots if d.kind == "headline"]
    assert headline.y < _y_on(chart.paths["reference"], headline.x) - 20
    assert ("well-run baseline", "112,000", "15.3×") in [
        (r.what, r.prefix, r.speedup) for r in chart.rows
    ]
    assert "reference" in [item.kind for item in chart.legend]
    assert "A well-run baseline gives 15.3× at 112K" in chart.description
    assert brief.analysis.reference
    assert "Llama 3.1 70B on 2 × NVIDIA H100" in brief.analysis.reference.description


def test_only_the_html_format_computes_reference_curves() -> None:
    assert all(c.analysis.reference is msgspec.UNSET for c in bundled().claims)


def test_every_claim_is_restated_and_no_fit_draws_nothing() -> None:
    report = bundled()
    page = _page(report)
    shown = [" ".join(p.text.split()) for p in page.find("p", "restated")]
    expected = [c.analysis.restatement for c in report.claims if c.analysis.restatement]
    assert expected and len(shown) == len(expected)
    assert all(text in line for text, line in zip(expected, shown, strict=True))
    assert not page.find("circle", "vendor")
    assert vendor_fit(Analysis()) == ((), ())


def test_a_vendors_own_points_and_their_fitted_curve_are_drawn(cli: Invoke, tmp_path: Path) -> None:
    # 3.7x at 32K and 7.6x at 131K on Llama-3.1-70B, one H100 (docs/model.md §9): the chart
    # marks both points where the vendor put them and draws a curve through them
    (tmp_path / "c.yaml").write_text(
        "speedup: 7.6\ncontext_tokens: 131000\nmetric: ttft\nmodel: llama-3.1-70b\n"
        "gpu: h100-sxm\ngpu_count: 1\npoints:\n  - {context_tokens: 32000, speedup: 3.7}\n",
        encoding="utf-8",
    )
    (claim_report,) = audit(Inputs(arguments=[str(tmp_path / "c.yaml")]), charts=True).claims
    vendor, line = vendor_fit(claim_report.analysis)
    assert sorted((m.prefix_tokens, m.speedup) for m in vendor) == [(32_000, 3.7), (131_000, 7.6)]
    on_curve = dict(line)
    assert on_curve[32_000] == pytest.approx(3.7, rel=0.05)
    assert on_curve[131_000] == pytest.approx(7.6, rel=0.05)
    page = cli("check", str(tmp_path / "c.yaml"), "-f", "html").stdout
    assert page.count('class="dot vendor"') == 2
    assert "fitted to the vendor" in page


@pytest.mark.parametrize("fmt", ["svg", "html"])
def test_breakeven_chart_alone(cli: Invoke, fmt: str) -> None:
    run = cli(
        "breakeven", "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--gpus", "8",
        "--bandwidth-gb-s", "52", "--latency-ms", "1", "--format", fmt,
    )  # fmt: skip
    assert run.code == 0, run.stderr
    page = Page(run.stdout)
    (svg,) = page.find("svg", "chart")
    _every_use_is_defined(page)
    assert page.find("title")[-1].text.startswith("Speedup against prefix length: Llama 3.1 70B")
    assert {"ttft", "e2e"} <= {c for p in page.find("path", "line") for c in p.classes()}
    assert len(page.find("path", "physical")) == 1
    labels = [t.text for t in page.find("text", "rule-label")]
    assert labels == ["physical breakeven ≈ 36"]
    if fmt == "svg":
        assert run.stdout.startswith("<?xml") and svg.attrs["xmlns"] == "http://www.w3.org/2000/svg"
    else:
        (table,) = page.find("table", "chart-numbers")
        assert "1,000" in table.text and "36" in table.text
        assert len(page.find("use")) == 2  # its axes and legend, drawn beside it


def test_inputs_not_audited_and_document_findings_are_listed() -> None:
    problem = InputProblem(path="claims/<bad>.yaml", message="expected a mapping", line=2)
    loose = finding("KV900", Severity.WARNING, 7, 1)
    sample = replace(report([], [problem]), **{"findings": [loose]})
    page = _page(sample)
    (error,) = page.find("li", "input-error")
    assert error.text == "claims/<bad>.yaml:2: expected a mapping"
    (listed,) = page.by_id("document-findings").children[1].children
    assert listed.children[0].text == "KV900" and "docs/page.md:7" in listed.text
    assert not page.find("article") and not page.find("table", "sortable")


def test_long_reports_lay_out_only_what_is_in_view() -> None:
    few = [claim(f"c{i}", []) for i in range(LONG_REPORT_CLAIMS)]
    assert "long" not in _page(report(few)).find("body")[0].classes()
    many = [*few, claim("one-more", [])]
    assert "long" in _page(report(many)).find("body")[0].classes()


def _physics_claims(folder: Path, count: int) -> Report:
    """``count`` claim files that each name a model and GPU (so each draws its physics), audited."""
    folder.mkdir()
    models = ["llama-3.1-70b", "llama-3.1-8b", "qwen3-32b", "mixtral-8x7b"]
    for n in range(count):
        speedup, cached, k = (3, 6, 12, 20, 27)[n % 5], (0.5, 1.2, 2.1)[n % 3], (8, 32, 112)[n % 3]
        fields = {
            "id": f"claim-{n}",
            "text": f"Recomputing a {k}K-token context takes {speedup * cached:.1f} seconds; "
            f"loading its KV cache takes {cached} seconds: {speedup}x faster time to first token.",
            "speedup": speedup,
            "context_tokens": k * 1000,
            "baseline_seconds": round(speedup * cached, 1),
            "cached_seconds": cached,
            "metric": "ttft",
            "model": models[n % len(models)],
            "gpu": "h100-sxm",
            "gpu_count": 8,
            "tier": "nvme",
        }
        (folder / f"c{n:04d}.json").write_text(json.dumps(fields), encoding="utf-8")
    return audit(Inputs(arguments=[str(folder)]), charts=True)


def test_the_page_grows_linearly_with_the_claims(tmp_path: Path) -> None:
    # Everything drawn once per page (axes, legends, rules, shared assumptions) is paid once;
    # each further claim costs about what the ones before it did.
    sizes = {
        n: len(render(_physics_claims(tmp_path / str(n), n), OutputFormat.HTML).encode())
        for n in (25, 50, 100)
    }
    first, second = sizes[50] - sizes[25], sizes[100] - sizes[50]
    assert second <= 2 * first * 1.1
    assert sizes[100] < 800_000  # a generous bound: about 5.5 KB a claim today


def test_each_chart_carries_its_own_claims_numbers(tmp_path: Path) -> None:
    report_ = _physics_claims(tmp_path / "claims", 6)
    page = Page(render(report_, OutputFormat.HTML))
    figures = [e for e in page.elements if e.tag == "figure"]
    assert len(figures) == len(report_.claims)
    paths = set()
    for claim_, figure in zip(report_.claims, figures, strict=True):
        (svg,) = [e for e in _descendants(figure) if "chart" in e.classes()]
        (table,) = [e for e in _descendants(figure) if "chart-numbers" in e.classes()]
        analysis = claim_.analysis
        assert analysis.curve is not None and analysis.speedup_at_prefix
        assert claim_.id in svg.children[0].text
        headline = (
            f"claimed {times(claim_.claim['speedup'])} at {tokens(claim_.claim['context_tokens'])}"
        )
        labels = [e.text for e in _descendants(svg) if e.tag == "text"]
        assert any(label.startswith(headline) for label in labels)
        for n, speedup in analysis.speedup_at_prefix.items():
            assert f"{tokens(int(n))}: {times(speedup)}" in labels
            assert f"{int(n):,}" in table.text and times(speedup) in table.text
        (curve,) = [e for e in _descendants(svg) if {"line", "ttft"} <= e.classes()]
        paths.add(curve.attrs["d"])
    assert len(paths) > 1  # each chart draws its own curve, not a shared one


def test_a_smooth_curve_keeps_few_of_its_samples_and_stays_on_them() -> None:
    # A curve sampled evenly in log space, straight for a while, then bending: the simplified
    # line passes within the tolerance of every sample, and keeps the bend.
    samples = [(60 + 14 * i, 300 - 150 / (1 + math.exp(-(i - 25) / 8))) for i in range(40)]
    kept = simplify(samples)
    assert kept[0] == samples[0] and kept[-1] == samples[-1]
    assert len(kept) < len(samples) / 2
    for x, y in samples:
        (x0, y0), (x1, y1) = next((a, b) for a, b in pairwise(kept) if a[0] <= x <= b[0])
        assert abs(y0 + (y1 - y0) * (x - x0) / (x1 - x0) - y) <= TOLERANCE_PX
    corner = [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 5.0), (4.0, 10.0)]
    assert simplify(corner) == [(0.0, 0.0), (2.0, 0.0), (4.0, 10.0)]
    # A real chart: the 405B claim's physics, sampled at many prefix lengths, drawn with fewer.
    dgx = next(c for c in charted().claims if c.id == "dgx-405b-12x")
    data = from_claim(dgx)
    assert data.curve is not None
    steps = re.findall(r"-?\d+", plot(data).paths["ttft"].split("l")[1])
    assert len(steps) // 2 + 1 < len(data.curve.points) / 2


def test_assumptions_shared_by_claims_are_written_once_and_referred_to() -> None:
    report_ = bundled()
    page = _page(report_)
    shared = {e.attrs["id"]: e.text for e in page.find("li") if e.attrs.get("id", "")[:1] == "a"}
    assert shared  # the bundled claims share their BF16 assumption
    for claim_, article in zip(report_.claims, page.find("article", "claim"), strict=True):
        notes = [e for e in _descendants(article) if e.tag == "li" and e.text]
        linked = {
            shared[e.attrs["href"].removeprefix("#")]
            for e in _descendants(article)
            if e.tag == "a" and e.attrs.get("href", "")[:2] == "#a"
        }
        for note in claim_.analysis.assumptions:
            once = [text for text in linked if text.endswith(f": {note}")]
            assert once or any(n.text == note for n in notes), note
    markup = render(report_, OutputFormat.HTML)
    for text in shared.values():
        assert markup.count(text.split(": ", 1)[1]) == 1


@pytest.mark.parametrize("claim_id", ["brief-1-27x", "brief-2-75x", "brief-4-6x", "dgx-405b-12x"])
def test_the_naive_line_has_slope_one_and_crosses_one_at_its_breakeven(claim_id: str) -> None:
    # speedup = prefix ÷ naive breakeven: on log-log axes a line of slope 1 through 1× at the
    # naive breakeven marker (a clamped end once made it 0.68-0.95 and crossed at 1,919 tokens
    # against a marker at 4,126).
    claim = next(c for c in charted().claims if c.id == claim_id)
    chart = plot(from_claim(claim))
    (marker,) = [rule for rule in chart.rules if rule.kind == "naive"]
    start, steps = chart.paths["naive"][1:].split("l")
    x0, y0 = (float(n) for n in start.split())
    dx, dy = (float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", steps)[:2])
    ticks = sorted(chart.x_ticks, key=lambda t: t.x)
    y_ticks = sorted(chart.y_ticks, key=lambda t: -t.y)
    per_x_decade = (ticks[-1].x - ticks[0].x) / (len(ticks) - 1)
    per_y_decade = (y_ticks[0].y - y_ticks[-1].y) / (len(y_ticks) - 1)
    slope = (-dy / per_y_decade) / (dx / per_x_decade)
    assert slope == pytest.approx(1.0, abs=0.03)
    crossing = x0 + (chart.unity_y - y0) * dx / dy
    assert abs(crossing - marker.x) <= 2
