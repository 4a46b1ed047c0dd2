"""The claims ledger on the fixture crawl: recrawled pages, the documented queries."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from claimcheck.crawl.ledger import QUERIES, build, query
from claimcheck.crawl.run import crawl, make_job
from tests.crawl.warcs import Page, write_warc

FIRST = b"<h1>KV cache offload</h1><p>Loading the KV cache from NVMe gives 20x faster TTFT at 128K tokens.</p><p>Our prefix cache gives 9x faster prefill on Llama 3.1 70B at 32K tokens.</p>"
LATER = b"<h1>KV cache offload</h1><p>Loading the KV cache from NVMe gives 20x faster TTFT at 128K tokens.</p><p>New pricing.</p>"
OTHER = (
    b"<p>With our KV cache tier, 20x faster time to first token at 32K tokens on an 8B model.</p>"
)


@pytest.fixture(scope="module")
def ledger(local_out: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture crawl, plus a vendor's page captured three times: its second claim gone in
    the last capture, the same bytes fetched twice."""
    folder = tmp_path_factory.mktemp("recrawl")
    pages = [
        Page("https://www.vendor-z.example/kv", FIRST, date="2024-01-10T00:00:00Z"),
        Page("https://www.vendor-z.example/kv", FIRST, date="2024-02-10T00:00:00Z"),
        Page("https://docs.vendor-z.example/tier", OTHER, date="2024-02-11T00:00:00Z"),
        Page("https://www.vendor-z.example/kv", LATER, date="2024-03-10T00:00:00Z"),
    ]
    out = tmp_path_factory.mktemp("claims")
    for name in sorted(p.name for p in local_out.iterdir()):
        (out / name).write_bytes((local_out / name).read_bytes())
    crawl(
        [str(write_warc(folder / "recrawl.warc.gz", pages, "CC-MAIN-2024-10"))],
        make_job(str(out), isolated=True),
    )
    db = tmp_path_factory.mktemp("db") / "claims.duckdb"
    built = build(str(out), str(db))
    assert built.rows > 120 and built.vendors > 10
    return db


def test_a_claim_seen_in_several_captures_is_one_claim_with_its_history(ledger: Path) -> None:
    columns, rows = query(str(ledger), "history", "vendor-z.example")
    found = {row[columns.index("text")]: dict(zip(columns, row, strict=True)) for row in rows}
    twenty = found["Loading the KV cache from NVMe gives 20x faster TTFT at 128K tokens."]
    assert twenty["captures"] == 3 and twenty["edits"] == 1
    assert str(twenty["first_seen"]).startswith("2024-01-10") and str(
        twenty["last_seen"]
    ).startswith("2024-03-10")
    assert len(rows) == 3


def test_the_documented_queries_answer(ledger: Path) -> None:
    _, vanished = query(str(ledger), "vanished", "vendor-z.example")
    assert [(url, text[:22]) for _, url, text, *_ in vanished] == [
        ("https://www.vendor-z.example/kv", "Our prefix cache gives")
    ]
    columns, headline = query(str(ledger), "headline", "vendor-z.example")
    assert [(str(r[1]), r[2]) for r in headline] == [
        ("2024-01-01", 20.0),
        ("2024-02-01", 20.0),
        ("2024-03-01", 20.0),
    ]
    columns, incomparable = query(str(ledger), "incomparable", "vendor-z.example")
    assert sorted(r[columns.index("speedup")] for r in incomparable) == [20.0, 20.0]
    columns, undisclosed = query(str(ledger), "undisclosed")
    speedups = [r[columns.index("speedup")] for r in undisclosed]
    assert speedups == sorted(speedups, reverse=True) and speedups
    for name in QUERIES:
        query(str(ledger), name)


def test_the_ledger_commands(ledger: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "claimcheck", "ledger", "query", "vanished", "--db", str(ledger), "--format", "json"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "vendor-z.example" in done.stdout
    empty = subprocess.run(
        [sys.executable, "-m", "claimcheck", "ledger", "build", str(tmp_path), "--db", str(tmp_path / "x.duckdb")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert empty.returncode == 2 and "no crawl output" in empty.stderr


def test_a_vendor_is_the_site_a_host_belongs_to(tmp_path: Path) -> None:
    """Subdomains of one site are one vendor; each site on a shared host is its own vendor;
    a country code's generic second level is no vendor."""
    import duckdb

    hosts = {
        "docs.vendor.co.uk": "vendor.co.uk",
        "www.vendor.co.uk": "vendor.co.uk",
        "www.vendor.com": "vendor.com",
        "blog.vendor.com.au": "vendor.com.au",
        "pkg.go.dev": "go.dev",
        "vendor.github.io": "vendor.github.io",
        "docs.other.github.io": "other.github.io",
        "10.0.0.7": "10.0.0.7",
        "localhost": "localhost",
    }
    pages = [Page(f"https://{host}/kv", OTHER) for host in hosts]
    out = tmp_path / "claims"
    crawl([str(write_warc(tmp_path / "hosts.warc.gz", pages))], make_job(str(out), isolated=True))
    db = tmp_path / "claims.duckdb"
    build(str(out), str(db))
    with duckdb.connect(str(db), read_only=True) as connection:
        found = dict(connection.execute("SELECT host, vendor FROM pages").fetchall())
        claimed = dict(connection.execute("SELECT host, vendor FROM claim_rows").fetchall())
    assert found == hosts
    assert claimed == hosts
