"""The HTML report in a real browser: headless Chromium from the distribution's packages, driven
by Playwright. The page opens from disk, shows every claim, finding and chart, asks the network
for nothing, logs no error, fits a 390 px phone without sideways scrolling, and shows hostile
claim text as text. Screenshots at 1280 and 390 px go to ``test-artifacts/`` (git-ignored).

Skipped, with the reason, when Playwright (the ``test`` extra) or Chromium is not installed
(``.ci/run`` installs Debian's ``chromium``); ``-m "not browser"`` leaves them out.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from claimcheck.formats import OutputFormat, render
from claimcheck.implied import Analysis
from claimcheck.report import ClaimReport, SourceRef
from claimcheck.severity import Severity
from tests.conftest import Invoke
from tests.formats.sample import finding, report

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Dialog, Page, Route

PLAYWRIGHT = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')"
)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOSTILE = "<script>alert(1)</script> \"quoted\" 'single' \u202egnp.exe\u202c <img src=x onerror=alert(2)> 27x"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH (.ci/run installs it)"),
]


@dataclass
class Visit:
    """A page and what it did: requests beyond its own file, console errors, dialogs."""

    page: Page
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    assert CHROMIUM is not None
    with PLAYWRIGHT.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport={"width": 1280, "height": 900},
        )
        yield context
        context.close()


def _open(browser: BrowserContext, path: Path, width: int = 1280) -> Visit:
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    visit = Visit(page)
    own = path.resolve().as_uri()

    def refuse(route: Route) -> None:
        if route.request.url != own:
            visit.requests.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", refuse)
    page.on("request", lambda r: None if r.url == own else visit.requests.append(r.url))
    page.on("console", lambda m: visit.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: visit.errors.append(str(e)))
    page.on("dialog", lambda d: _dismiss(d, visit.dialogs))
    page.goto(own)
    page.wait_for_load_state("load")
    return visit


def _dismiss(dialog: Dialog, seen: list[str]) -> None:
    seen.append(dialog.message)
    dialog.dismiss()


@pytest.fixture(scope="module")
def bundled_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """The report of the bundled claims/, written by the command line, and its JSON twin."""
    import json

    from typer.testing import CliRunner

    from claimcheck.cli import app

    out = tmp_path_factory.mktemp("report") / "report.html"
    runner = CliRunner()
    runner.invoke(app, ["check", "claims/", "--format", "html", "-o", str(out)])
    document = json.loads(runner.invoke(app, ["check", "claims/", "--format", "json"]).stdout)
    return out, document


# The headline's centre, and the point of the reference curve nearest it across (the gap in x and
# its y), as the browser lays them out.
_ABOVE = """svg => {
  const box = svg.querySelector("path.dot.headline").getBBox();
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  const line = svg.querySelector("path.line.reference");
  const length = line.getTotalLength();
  let best = line.getPointAtLength(0);
  for (let i = 1; i <= 4000; i++) {
    const p = line.getPointAtLength((length * i) / 4000);
    if (Math.abs(p.x - x) < Math.abs(best.x - x)) best = p;
  }
  return [y, Math.abs(best.x - x), best.y];
}"""


def test_bundled_claims_in_chromium(
    browser: BrowserContext, bundled_report: tuple[Path, dict[str, object]]
) -> None:
    path, document = bundled_report
    claims = document["claims"]
    assert isinstance(claims, list)
    visit = _open(browser, path)
    page = visit.page
    ids = page.eval_on_selector_all(
        "article.claim > h2 bdi", "elements => elements.map(e => e.textContent)"
    )
    assert ids == [c["id"] for c in claims]
    for index, entry in enumerate(claims, start=1):
        shown = page.eval_on_selector_all(
            f"#claim-{index} .findings li > a", "elements => elements.map(e => e.textContent)"
        )
        assert sorted(shown) == sorted(f["code"] for f in entry["findings"])
        has_context = entry["claim"]["context_tokens"] is not None
        assert page.locator(f"#claim-{index} svg.chart").count() == (1 if has_context else 0)
    # Charts are drawn at a readable size, with their title and the headline marked.
    box = page.locator("#claim-1 svg.chart").bounding_box()
    assert box is not None and box["width"] > 500 and box["height"] > 300
    assert page.locator("#claim-1 svg.chart title").text_content() == (
        "Speedup against prefix length: brief-1-27x"
    )
    assert page.locator("#claim-1 svg > path.dot.headline").count() == 1
    # The 27x point at 112K is drawn above the well-run baseline's curve (docs/model.md §11).
    headline_y, curve_x_gap, curve_y = page.locator("#claim-1 svg.chart").evaluate(_ABOVE)
    assert curve_x_gap < 2 and headline_y < curve_y - 20
    dgx = page.locator("article.claim", has_text="dgx-405b-12x")
    for kind in ("ttft", "e2e", "naive"):
        assert dgx.locator(f"path.line.{kind}").count() == 1
    assert dgx.locator("path.rule").count() == 2
    assert (dgx.locator("path.dot.at").get_attribute("d") or "").count("M") == 3
    # The numbers are on the page for screen readers, though not shown.
    hidden = dgx.locator(".visually-hidden:has(table.chart-numbers)")
    assert "physical breakeven" in (hidden.text_content() or "")
    assert hidden.evaluate("e => e.offsetWidth <= 1 && e.offsetHeight <= 1")
    assert visit.requests == [] and visit.errors == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "report-1280.png"), full_page=True)
    page.close()


def test_sorting_by_severity(
    browser: BrowserContext, bundled_report: tuple[Path, dict[str, object]]
) -> None:
    visit = _open(browser, bundled_report[0])
    page = visit.page
    page.click("#claims-table th button[data-column='1']")
    first = page.locator("#claims-table tbody tr").first
    assert first.locator("td").first.text_content() == "contradicts-45x"
    assert page.locator("#claims-table th[aria-sort]").get_attribute("aria-sort") == "descending"
    page.click("#claims-table th button[data-column='1']")
    assert page.locator("#claims-table tbody tr").first.locator(".sev").text_content() == "clean"
    assert visit.errors == []  # the page's script ran under its own Content-Security-Policy
    page.close()


def test_phone_width_has_no_sideways_scroll(
    browser: BrowserContext, bundled_report: tuple[Path, dict[str, object]]
) -> None:
    visit = _open(browser, bundled_report[0], width=390)
    page = visit.page
    scroll, inner = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert scroll <= inner
    box = page.locator("#claim-1 svg.chart").bounding_box()
    assert box is not None and box["width"] <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "report-390.png"), full_page=True)
    assert visit.requests == [] and visit.errors == []
    page.close()


def test_hostile_text_stays_text(browser: BrowserContext, tmp_path: Path) -> None:
    hostile = ClaimReport(
        id='x"><script>alert(3)</script>',
        source=SourceRef(path="docs/<b>page</b>.md", line=1, column=1),
        text=HOSTILE,
        claim={"speedup": 27.0, "context_tokens": 1000},
        analysis=Analysis(naive_breakeven_tokens=37),
        findings=[finding("KV101", Severity.WARNING, 1, 1)],
    )
    path = tmp_path / "hostile.html"
    path.write_text(render(report([hostile]), OutputFormat.HTML), encoding="utf-8")
    visit = _open(browser, path, width=390)
    page = visit.page
    assert page.locator("script").count() == 1
    assert page.locator("img, b, main iframe").count() == 0
    assert page.locator("blockquote.said").text_content() == HOSTILE
    assert page.locator("article.claim h2 bdi").text_content() == 'x"><script>alert(3)</script>'
    assert visit.dialogs == [] and visit.requests == [] and visit.errors == []
    scroll, inner = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert scroll <= inner
    page.close()


def test_breakeven_chart_alone(browser: BrowserContext, cli: Invoke, tmp_path: Path) -> None:
    for fmt in ("svg", "html"):
        run = cli(
            "breakeven", "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--gpus", "8",
            "--context", "100000", "--format", fmt,
        )  # fmt: skip
        path = tmp_path / f"chart.{fmt}"
        path.write_text(run.stdout, encoding="utf-8")
        visit = _open(browser, path)
        chart = visit.page.locator("svg.chart")
        assert chart.count() == 1 and chart.locator("path.line.ttft").count() == 1
        box = chart.bounding_box()
        assert box is not None and box["width"] >= 600
        assert visit.requests == [] and visit.errors == []
        ARTIFACTS.mkdir(exist_ok=True)
        chart.screenshot(path=str(ARTIFACTS / f"breakeven-{fmt}.png"))
        visit.page.close()
