"""The pages of a WARC file: its response and resource records (WARC 1.1, ISO 28500:2017,
https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/) read with
warcio (https://github.com/webrecorder/warcio), optionally only those of some hosts or only the
byte ranges a Common Crawl index names (https://commoncrawl.org/blog/index-to-warc-files-and-urls-in-columnar-format).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import IO, Any, Literal
from urllib.parse import urlsplit

import msgspec

PageKind = Literal["html", "markdown", "text"]
# Media types read as pages (https://www.iana.org/assignments/media-types/media-types.xhtml).
KINDS: dict[str, PageKind] = {
    "text/html": "html",
    "application/xhtml+xml": "html",
    "text/markdown": "markdown",
    "text/x-markdown": "markdown",
    "text/plain": "text",
}
_PAGE_RECORDS = ("response", "resource")


class Fetched(msgspec.Struct, frozen=True, kw_only=True):
    """One page record: where it is, what it claims to be, and its payload (``None`` when the
    payload is above the size limit and was not read)."""

    offset: int
    length: int
    url: str
    host: str
    fetch_time: str | None
    payload_digest: str | None
    content_type: str
    charset: str | None
    kind: PageKind
    body: bytes | None


class Tally(msgspec.Struct, kw_only=True):
    """What reading a WARC file met besides pages."""

    records: int = 0
    other_records: int = 0
    other_types: int = 0
    other_hosts: int = 0
    crawl: str | None = None
    damaged: str | None = None
    """Why reading stopped early (a truncated or corrupt record), if it did."""


def host_of(url: str) -> str:
    """The lower-case host of ``url`` (empty when it has none)."""
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def host_matches(host: str, hosts: frozenset[str]) -> bool:
    """Is ``host`` one of ``hosts`` or a subdomain of one?"""
    if host in hosts:
        return True
    dot = host.find(".")
    while dot >= 0:
        if host[dot + 1 :] in hosts:
            return True
        dot = host.find(".", dot + 1)
    return False


def media_type(value: str | None) -> tuple[str, str | None]:
    """The media type and charset parameter of a Content-Type header value."""
    if not value:
        return "", None
    kind, *parameters = value.split(";")
    charset = None
    for parameter in parameters:
        name, _, found = parameter.partition("=")
        if name.strip().lower() == "charset":
            charset = found.strip().strip("\"'") or None
    return kind.strip().lower(), charset


def read_pages(
    stream: IO[bytes],
    tally: Tally,
    *,
    max_bytes: int,
    hosts: frozenset[str] | None = None,
    base_offset: int = 0,
) -> Iterator[Fetched]:
    """The page records of a WARC stream, in order. Records of other types, of media types
    other than HTML, Markdown and text, and (with ``hosts``) of other hosts are counted in
    ``tally`` and passed over. A payload above ``max_bytes`` is not read (``body`` is ``None``).
    A record that cannot be read ends the stream, with ``tally.damaged`` saying why."""
    from warcio.archiveiterator import ArchiveIterator

    records = ArchiveIterator(stream)
    iterator = iter(records)
    while True:
        try:
            record = next(iterator)
        except StopIteration:
            return
        except Exception as err:  # warcio, zlib and I/O errors of a damaged file
            tally.damaged = _reason(err)
            return
        tally.records += 1
        try:
            fetched = _page(record, records, tally, max_bytes, hosts, base_offset)
        except Exception as err:
            tally.damaged = _reason(err)
            return
        if fetched is not None:
            yield fetched


def _page(
    record: Any,
    records: Any,
    tally: Tally,
    max_bytes: int,
    hosts: frozenset[str] | None,
    base_offset: int,
) -> Fetched | None:
    kind_of_record = record.rec_type
    if kind_of_record == "warcinfo":
        tally.crawl = tally.crawl or _is_part_of(record)
    if kind_of_record not in _PAGE_RECORDS:
        tally.other_records += 1
        return None
    url = record.rec_headers.get_header("WARC-Target-URI") or ""
    host = host_of(url)
    if hosts is not None and not host_matches(host, hosts):
        tally.other_hosts += 1
        return None
    headers = record.http_headers
    declared = headers.get_header("Content-Type") if headers is not None else None
    declared = declared or record.rec_headers.get_header("Content-Type")
    media, charset = media_type(declared)
    kind = KINDS.get(media)
    if kind is None:
        tally.other_types += 1
        return None
    body: bytes | None = record.content_stream().read(max_bytes + 1)
    if body is not None and len(body) > max_bytes:
        body = None
    # The offset and length are known once the record is read to its end.
    offset, length = records.get_record_offset(), records.get_record_length()
    if body is not None and _cut_short(headers, len(body)):
        tally.damaged = f"the record at offset {base_offset + offset} ends before its payload does"
        return None
    return Fetched(
        offset=base_offset + offset,
        length=length,
        url=url,
        host=host,
        fetch_time=record.rec_headers.get_header("WARC-Date"),
        payload_digest=record.rec_headers.get_header("WARC-Payload-Digest"),
        content_type=media,
        charset=charset,
        kind=kind,
        body=body,
    )


def _cut_short(headers: Any, read: int) -> bool:
    """Did the payload end before the length its HTTP header declares (a truncated file)?
    Only a payload sent whole and unencoded can be measured so."""
    if headers is None:
        return False
    declared = headers.get_header("Content-Length") or ""
    sent_as_is = not headers.get_header("Transfer-Encoding") and not headers.get_header(
        "Content-Encoding"
    )
    return sent_as_is and declared.strip().isdigit() and read < int(declared)


def read_ranges(
    stream: IO[bytes],
    ranges: Iterable[tuple[int, int]],
    tally: Tally,
    *,
    max_bytes: int,
    hosts: frozenset[str] | None = None,
) -> Iterator[Fetched]:
    """The page records at the byte ranges (offset, length) of a seekable WARC stream, as a
    Common Crawl index gives them: each range one gzip member holding one record."""
    for offset, length in sorted(set(ranges)):
        stream.seek(offset)
        member = io.BytesIO(stream.read(length))
        tally.damaged = None
        yield from read_pages(member, tally, max_bytes=max_bytes, hosts=hosts, base_offset=offset)
        if tally.damaged is not None:
            tally.damaged = f"range {offset}+{length}: {tally.damaged}"
            return


def _is_part_of(record: Any) -> str | None:
    """The crawl a warcinfo record names (its ``isPartOf`` field, as Common Crawl writes it)."""
    try:
        text = record.content_stream().read(65_536).decode("utf-8", "replace")
    except Exception:
        return None
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if name.strip().lower() == "ispartof" and value.strip():
            return str(value.strip())
    return None


def _reason(err: BaseException) -> str:
    message = str(err).strip().splitlines()[0][:200] if str(err).strip() else ""
    return f"{type(err).__name__}: {message}" if message else type(err).__name__
