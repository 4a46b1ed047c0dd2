"""WARC files for the crawl tests and bench, written by hand after the WARC 1.1 format
(ISO 28500:2017, https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/):
each record its own gzip member, as Common Crawl writes them
(https://commoncrawl.org/get-started). Pages are real excerpts (tests/extract/real_pages.yaml,
fresh_pages.yaml, each with its source) or generated filler, dressed as web pages are: a style
sheet, scripts and SVG icons around the prose."""

from __future__ import annotations

import base64
import gzip
import hashlib
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

EXTRACT = Path(__file__).resolve().parents[1] / "extract"


@dataclass(frozen=True)
class Page:
    """A page as a crawler fetched it."""

    url: str
    body: bytes
    content_type: str = "text/html; charset=utf-8"
    date: str = "2024-05-01T12:00:00Z"


def record(page: Page, number: int) -> bytes:
    """One response record (uncompressed) for ``page``; ``number`` makes its record id."""
    http = (
        f"HTTP/1.1 200 OK\r\nContent-Type: {page.content_type}\r\n"
        f"Content-Length: {len(page.body)}\r\n\r\n"
    ).encode() + page.body
    digest = base64.b32encode(hashlib.sha1(page.body).digest()).decode()
    headers = (
        "WARC/1.1\r\nWARC-Type: response\r\n"
        f"WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-{number:012d}>\r\n"
        f"WARC-Date: {page.date}\r\nWARC-Target-URI: {page.url}\r\n"
        f"WARC-Payload-Digest: sha1:{digest}\r\n"
        "Content-Type: application/http; msgtype=response\r\n"
        f"Content-Length: {len(http)}\r\n\r\n"
    )
    return headers.encode() + http + b"\r\n\r\n"


def warcinfo(crawl: str) -> bytes:
    """The warcinfo record that opens a file, naming its crawl (``isPartOf``)."""
    fields = f"isPartOf: {crawl}\r\nformat: WARC File Format 1.1\r\n".encode()
    headers = (
        "WARC/1.1\r\nWARC-Type: warcinfo\r\n"
        "WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-999999999999>\r\n"
        "WARC-Date: 2024-05-01T00:00:00Z\r\nContent-Type: application/warc-fields\r\n"
        f"Content-Length: {len(fields)}\r\n\r\n"
    )
    return headers.encode() + fields + b"\r\n\r\n"


def write_warc(path: Path, pages: Iterable[Page], crawl: str = "CC-MAIN-2024-18") -> Path:
    """A gzipped WARC file of ``pages`` (one member per record, no timestamps in gzip)."""
    with path.open("wb") as out:
        out.write(gzip.compress(warcinfo(crawl), mtime=0))
        for number, page in enumerate(pages):
            out.write(gzip.compress(record(page, number), mtime=0))
    return path


def excerpts() -> list[tuple[str, str, str]]:
    """(source URL, title, Markdown) of every real page excerpt."""
    found: list[tuple[str, str, str]] = []
    for name in ("real_pages.yaml", "fresh_pages.yaml"):
        entries = yaml.safe_load((EXTRACT / name).read_text(encoding="utf-8"))
        found.extend((e["source"], e.get("title", ""), e["markdown"]) for e in entries)
    return found


def _css(rng: random.Random, size: int) -> str:
    rules: list[str] = []
    while sum(len(rule) for rule in rules) < size:
        n = rng.randrange(1, 999)
        rules.append(
            f".c{n} > .x{n % 7}:hover {{ margin: {n % 13}px {n % 5}em; padding: 2px 4x; "
            f"transition: all 0.{n % 9}s ease-in; width: calc(100% - {n % 50}px); }}\n"
        )
    return "".join(rules)


def _js(rng: random.Random, size: int) -> str:
    lines: list[str] = []
    while sum(len(line) for line in lines) < size:
        n = rng.randrange(1, 9999)
        lines.append(
            f'var cache_{n}={{ttl:{n % 60}*1000,prefill:"{n % 8}x",kv:[{n},{n * 3}]}};'
            f"if(a<{n}&&b>2){{setTimeout(function(){{render(cache_{n},'27x faster')}},{n % 90});}}\n"
        )
    return "".join(lines)


def _svg(rng: random.Random, size: int) -> str:
    points = " ".join(
        f"{rng.randrange(100)}.{rng.randrange(10)},{rng.randrange(100)}" for _ in range(size // 9)
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" class="icon">'
        f'<title>icon</title><path d="M{points}Z" fill="#333"/></svg>'
    )


def _paragraphs(markdown: str) -> str:
    html = []
    for block in markdown.split("\n\n"):
        block = block.strip()
        if not block:
            continue
        escaped = block.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        if block.startswith("#"):
            level = min(len(block) - len(block.lstrip("#")), 6)
            html.append(f"<h{level}>{escaped.lstrip('#').strip()}</h{level}>")
        else:
            html.append(f"<p>{escaped}</p>")
    return "\n".join(html)


def web_page(title: str, markdown: str, size_bytes: int, seed: int) -> bytes:
    """``markdown``'s prose as an HTML page of about ``size_bytes``: about half a style sheet
    and scripts, a tenth SVG icons, the rest the prose and navigation."""
    rng = random.Random(seed)
    prose = _paragraphs(markdown)
    room = max(size_bytes - len(prose.encode()) - 600, 0)
    nav = "".join(
        f'<li><a href="/docs/p{i}">Section {i}</a></li>' for i in range(rng.randrange(5, 15))
    )
    page = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{title}</title><style>{_css(rng, room * 3 // 10)}</style>"
        f"<script>{_js(rng, room * 4 // 10)}</script></head><body>"
        f"<nav><ul>{nav}</ul>{_svg(rng, room // 10)}</nav><main>{prose}</main>"
        f"<footer>{_svg(rng, room // 20)}<p>© 2024</p></footer>"
        f"<script>{_js(rng, room // 10)}</script></body></html>"
    )
    return page.encode("utf-8")


_TOPICS = ("storage", "networking", "databases", "GPUs", "inference", "billing")


def filler_markdown(rng: random.Random, number: int) -> str:
    """A generated page: mostly prose without claims; one in three states a KV-cache claim."""
    topic = rng.choice(_TOPICS)
    paragraphs = [f"# Notes on {topic} {number}"]
    paragraphs.extend(
        f"Our {topic} team shipped release {rng.randrange(1, 20)}.{rng.randrange(10)} "
        f"with {rng.randrange(2, 90)} fixes, tested on {rng.randrange(2, 64)} nodes over "
        f"{rng.randrange(2, 30)} days."
        for _ in range(rng.randrange(3, 8))
    )
    if number % 3 == 0:
        factor = rng.choice([3, 6, 12, 20, 27, 41])
        tokens = rng.choice([8, 32, 64, 112, 128])
        paragraphs.append(
            f"Loading the KV cache from NVMe instead of recomputing gives {factor}x faster "
            f"time to first token at {tokens}K tokens."
        )
    return "\n\n".join(paragraphs)


def fixture_pages(count: int = 200, size_bytes: int = 65_000, seed: int = 7) -> list[Page]:
    """``count`` web pages: real excerpts, then generated filler on a few hosts, a fifth of
    them at least however many excerpts the corpora hold (the host tests need filler)."""
    rng = random.Random(seed)
    pages = []
    real = excerpts()[: count - count // 5]
    for number, (source, title, markdown) in enumerate(real):
        pages.append(Page(source, web_page(title, markdown, size_bytes, seed + number)))
    number = 0
    while len(pages) < count:
        host = rng.choice(("vendor-a.example", "vendor-b.example", "docs.vendor-c.example"))
        body = web_page("Notes", filler_markdown(rng, number), size_bytes, seed + 1000 + number)
        day = 1 + number % 28
        pages.append(
            Page(f"https://{host}/blog/{number}", body, date=f"2024-05-{day:02d}T08:00:00Z")
        )
        number += 1
    return pages[:count]


def split(pages: list[Page], parts: int) -> Iterator[list[Page]]:
    """``pages`` in ``parts`` runs of about equal length, in order."""
    size = -(-len(pages) // parts)
    for start in range(0, len(pages), size):
        yield pages[start : start + size]
