"""The crawl's rows are the findings ``claimcheck check`` gives for the same pages; a rerun
resumes; the local engine with two processes writes the same bytes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import duckdb

from claimcheck.crawl.run import crawl, make_job, plan
from claimcheck.crawl.task import crawl_file
from tests.crawl.warcs import Page


def rows(folder: Path, kind: str = "claims") -> list[tuple[object, ...]]:
    return duckdb.execute(
        f"SELECT * FROM read_parquet('{folder}/*.{kind}.parquet') ORDER BY warc_file, warc_offset"
        + (", claim_index" if kind == "claims" else "")
    ).fetchall()


def test_rows_are_the_findings_check_gives_for_the_same_pages(
    local_out: Path, pages: list[Page], tmp_path: Path
) -> None:
    """Every page written as a file and checked in one run: the same claims, fields and
    findings (KV303, which compares claims across the run, aside)."""
    names = {}
    for number, page in enumerate(pages):
        name = f"page-{number:03d}.html"
        (tmp_path / name).write_bytes(page.body)
        names[name] = page.url
    done = subprocess.run(
        [sys.executable, "-m", "claimcheck", "check", ".", "--isolated", "--ignore", "KV303",
         "--format", "json", "--fail-on", "never"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    expected = sorted((
        (names[c["source"]["path"]], c["source"]["line"], c["source"]["column"], c["text"],
         c["claim"]["speedup"], c["claim"]["context_tokens"], c["claim"]["model"],
         tuple(sorted((f["code"], f["line"], f["column"], f["message"]) for f in c["findings"])))
        for c in report["claims"]
    ), key=repr)  # fmt: skip
    found = duckdb.execute(
        f'SELECT url, line, "column", text, claim.speedup, claim.context_tokens, claim.model, '
        f"findings FROM read_parquet('{local_out}/*.claims.parquet')"
    ).fetchall()
    got = sorted((
        (url, line, column, text, speedup, tokens, model,
         tuple(sorted((f["code"], f["line"], f["column"], f["message"]) for f in findings)))
        for url, line, column, text, speedup, tokens, model, findings in found
    ), key=repr)  # fmt: skip
    assert len(got) > 100
    assert got == expected


def test_scripts_styles_and_svg_hold_no_claim(local_out: Path) -> None:
    """The fixture's scripts say "27x faster" and name KV caches and prefill: never a claim."""
    texts = [
        row[0]
        for row in duckdb.execute(
            f"SELECT text FROM read_parquet('{local_out}/*.claims.parquet')"
        ).fetchall()
    ]
    # what only the fixture's scripts, style sheets and icons hold (a real excerpt may name a
    # "cache_" hook in its prose)
    markers = ("var cache_", "render(cache_", "transition: all", 'fill="#333"')
    assert not any(marker in text for text in texts for marker in markers)


def test_a_rerun_resumes_and_a_lost_file_is_done_again(
    warcs: list[Path], local_out: Path, tmp_path: Path
) -> None:
    job = make_job(str(tmp_path), isolated=True)
    first = crawl_file(str(warcs[0]), job)
    assert (
        not first.resumed and first.claims > 0 and first.cpu_seconds > 0 and first.peak_rss_mb > 0
    )
    again = crawl_file(str(warcs[0]), job)
    assert again.resumed and again.claims == first.claims
    # A run killed before a file's marker was written: the file is audited again, whole.
    summary = crawl([str(w) for w in warcs], job)
    assert (summary.resumed, summary.audited) == (1, 3)
    os.remove(tmp_path / "part-2.done.json")
    (tmp_path / "part-2.claims.parquet").write_bytes(b"half a file")
    summary = crawl([str(w) for w in warcs], job)
    assert (summary.resumed, summary.audited) == (3, 1)
    assert rows(tmp_path) == rows(local_out)
    for name in sorted(os.listdir(local_out)):
        if name.endswith(".parquet"):
            assert (tmp_path / name).read_bytes() == (local_out / name).read_bytes(), name
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]


def test_two_processes_write_the_same_bytes(
    warcs: list[Path], local_out: Path, tmp_path: Path
) -> None:
    summary = crawl([str(w) for w in warcs], make_job(str(tmp_path), isolated=True), jobs=2)
    assert summary.audited == 4
    for name in sorted(os.listdir(local_out)):
        if name.endswith(".parquet"):
            assert (tmp_path / name).read_bytes() == (local_out / name).read_bytes(), name


def test_a_host_list_and_index_ranges_narrow_the_pages(
    warcs: list[Path], local_out: Path, tmp_path: Path
) -> None:
    job = make_job(str(tmp_path / "hosts"), isolated=True, hosts=["vendor-c.example"])
    crawl([str(w) for w in warcs], job)
    hosts = {
        row[0]
        for row in duckdb.execute(
            f"SELECT DISTINCT host FROM read_parquet('{tmp_path}/hosts/*.pages.parquet')"
        ).fetchall()
    }
    assert hosts == {"docs.vendor-c.example"}
    # Index rows as Common Crawl's columnar index has them: the pages with claims only.
    index = tmp_path / "index.csv"
    duckdb.execute(
        "COPY ("
        f"SELECT DISTINCT 'crawl-data/x/' || regexp_extract(warc_file, '[^/]+$') AS warc_filename, "
        f"warc_offset AS warc_record_offset, warc_length AS warc_record_length "
        f"FROM read_parquet('{local_out}/*.claims.parquet')"
        f") TO '{index}' (HEADER)"
    )
    from claimcheck.crawl.run import read_ranges

    files = plan([str(w) for w in warcs])
    # A range holds no warcinfo record: the crawl is named on the command line.
    job = make_job(str(tmp_path / "ranged"), isolated=True, crawl_name="CC-MAIN-2024-18")
    crawl(files, job, ranges=read_ranges(str(index), files))
    assert rows(tmp_path / "ranged") == rows(local_out)


def test_the_command_line_runs_a_crawl_and_says_what_it_did(
    warcs: list[Path], tmp_path: Path
) -> None:
    folder = warcs[0].parent
    done = subprocess.run(
        [sys.executable, "-m", "claimcheck", "crawl", f"{folder}/part-[01].warc.gz", "--out", str(tmp_path / "o"), "--isolated"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "2 WARC files: 2 audited, 0 done before, 0 failed" in done.stdout
    assert "[2/2]" in done.stderr
    missing = subprocess.run(
        [sys.executable, "-m", "claimcheck", "crawl", str(tmp_path / "none-*.warc.gz"), "--out", str(tmp_path / "o")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert missing.returncode == 2 and "no WARC file matches" in missing.stderr
