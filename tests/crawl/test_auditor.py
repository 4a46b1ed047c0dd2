"""The document auditor a crawl reuses for every page: each page is judged on its own, whatever
came before it, and the configuration (a catalog file among it) is read once."""

from __future__ import annotations

from pathlib import Path

import msgspec

from claimcheck.api import DocumentAuditor, document_auditor
from claimcheck.report import Report

HEADLINE = "<p>Loading the KV cache from NVMe gives 20x faster TTFT at 128K tokens.</p>\n"
PAGES = [
    # Two claims of the same factor from different setups: KV303 within the page.
    HEADLINE + "<p>Our KV cache tier gives 20x faster TTFT at 32K tokens on an 8B model.</p>\n",
    # The same factor again, on another page: no KV303 across pages.
    HEADLINE,
    # A suppression comment that suppresses nothing, and one that does.
    "<!-- claimcheck: disable-next-line KV202 -- nothing to suppress here -->\n<p>Release notes.</p>\n"
    "<!-- claimcheck: disable-next-line KV103 -- a labelled demo -->\n" + HEADLINE,
    # Not UTF-8 (a lone surrogate): an error of its report, not an exception.
    "<p>27x faster \udc80 KV cache</p>",
    HEADLINE,
]


def audited(auditor: DocumentAuditor, number: int, page: str) -> bytes:
    report: Report = auditor.audit(page, f"https://vendor.example/{number}", "html")
    return msgspec.json.encode([report.claims, report.errors, report.summary])


def test_pages_audited_one_after_another_are_each_audited_alone() -> None:
    reused = document_auditor(isolated=True)
    one_after_another = [audited(reused, n, page) for n, page in enumerate(PAGES)]
    alone = [audited(document_auditor(isolated=True), n, page) for n, page in enumerate(PAGES)]
    assert one_after_another == alone
    codes = [[f.code for c in r.claims for f in c.findings] for r in map(_report, PAGES)]
    assert "KV303" in codes[0] and "KV303" not in codes[1]


def _report(page: str) -> Report:
    return document_auditor(isolated=True).audit(page, "https://vendor.example/kv", "html")


def test_a_catalog_file_is_read_once(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog.toml"
    catalog.write_text("", encoding="utf-8")
    auditor = document_auditor(isolated=True, catalog=catalog)
    catalog.write_text("[[models]\nid = ", encoding="utf-8")  # broken after the auditor read it
    report = auditor.audit(HEADLINE, "https://vendor.example/kv", "html")
    assert report.errors == [] and len(report.claims) == 1
    broken = document_auditor(isolated=True, catalog=catalog)
    assert broken.audit(HEADLINE, "https://vendor.example/kv", "html").errors
