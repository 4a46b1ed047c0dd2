"""Hostile records: a truncated gzip member, a 50 MB page, binary payloads, bad charsets. Each is
counted; none stops the crawl or the pages around it."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from claimcheck.crawl.charset import decode_page
from claimcheck.crawl.run import make_job
from claimcheck.crawl.task import crawl_file
from tests.crawl.warcs import Page, record, warcinfo

CLAIM = b"<p>Loading the KV cache gives 27x faster TTFT at 112K tokens.</p>"


def member(page: Page, number: int) -> bytes:
    return gzip.compress(record(page, number), mtime=0)


def test_every_hostile_record_is_counted_and_the_rest_audited(tmp_path: Path) -> None:
    pages = [
        Page("https://a.example/ok", CLAIM),
        Page("https://a.example/huge", b"<p>" + b"words and more words " * 2_500_000 + b"</p>"),
        Page("https://a.example/png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40, "image/png"),
        Page("https://a.example/nul", b"<p>27x KV\0\0\0" + bytes(range(256)), "text/html"),
        Page(
            "https://a.example/sjis",
            "<p>KVキャッシュで27x faster TTFT at 112K tokens.</p>".encode("shift_jis"),
            "text/html; charset=shift_jis",
        ),
        Page("https://a.example/liar", b"<p>caf\xe9 \xff\xfe 27x</p>", "text/html; charset=utf-8"),
        Page("https://a.example/unknown", b"<p>caf\x81 27x</p>", "text/html; charset=x-no-such"),
        Page("https://a.example/after", CLAIM),
    ]
    assert len(pages[1].body) > 50_000_000
    warc = tmp_path / "hostile.warc.gz"
    body = gzip.compress(warcinfo("TEST"), mtime=0) + b"".join(
        member(p, i) for i, p in enumerate(pages)
    )
    truncated = member(Page("https://a.example/cut", CLAIM * 100), 99)
    warc.write_bytes(body + truncated[: len(truncated) * 9 // 10])
    done = crawl_file(str(warc), make_job(str(tmp_path / "out"), isolated=True))
    assert done.pages == {
        "audited": 3,
        "binary": 1,
        "undecodable": 2,
        "too_large": 1,
        "unreadable": 0,
    }
    assert done.other_types == 1  # the PNG
    assert done.claims >= 2
    assert done.damaged is not None
    assert done.peak_rss_mb < 1_000


@pytest.mark.parametrize(
    ("body", "declared", "html", "expected"),
    [
        ("naïve".encode(), None, False, ("naïve", "utf-8")),
        ("naïve".encode("cp1252"), None, False, ("naïve", "cp1252")),
        ("naïve".encode("latin-1"), "ISO-8859-1", False, ("naïve", "cp1252")),
        (b'<meta charset="shift_jis"><p>' + "キャッシュ".encode("shift_jis"), None, True, None),
        ("\ufeffnaïve".encode("utf-16-le"), "utf-8", False, ("naïve", "utf-16")),
        (b"caf\xe9", "utf-8", False, None),
        (b"\x81\x8d", None, False, None),
    ],
)
def test_pages_are_read_by_their_declared_or_detected_charset(
    body: bytes, declared: str | None, html: bool, expected: tuple[str, str] | None
) -> None:
    decoded = decode_page(body, declared, html)
    if expected is None and html:
        assert decoded is not None and decoded[1] == "shift_jis" and "キャッシュ" in decoded[0]
    else:
        assert decoded == expected
