"""A page's bytes as text: by the charset its HTTP header declares, else its byte order mark or
its ``<meta charset>``, else UTF-8, else windows-1252, the web's default for undeclared pages
(https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding,
https://encoding.spec.whatwg.org/#names-and-labels). Bytes the chosen charset cannot decode
make the page undecodable (``None``), never an exception."""

from __future__ import annotations

import codecs
import re

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# <meta charset="x"> and <meta http-equiv="Content-Type" content="text/html; charset=x">,
# looked for in the first 1,024 bytes, as the HTML standard's prescan does.
_META = re.compile(
    rb"<meta[^>]{0,512}?charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]{1,40})", re.IGNORECASE
)
_PRESCAN_BYTES = 1024
# Labels the WHATWG Encoding Standard reads as windows-1252 (Python's latin-1 would not map
# 0x80-0x9F to the characters pages mean).
_WINDOWS_1252 = frozenset(
    ("iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii", "ascii_us")
)


def decode_page(body: bytes, declared: str | None, html: bool) -> tuple[str, str] | None:
    """The text of ``body`` and the charset it was read with, or ``None`` when it cannot be
    decoded. ``declared``: the charset parameter of the HTTP Content-Type, if any."""
    for bom, name in _BOMS:
        if body.startswith(bom):
            return _decode(body[len(bom) :], name)
    label = _usable(declared)
    if label is None and html:
        found = _META.search(body, 0, _PRESCAN_BYTES)
        label = _usable(found.group(1).decode("ascii")) if found else None
    if label is not None:
        return _decode(body, label)
    return _decode(body, "utf-8") or _decode(body, "cp1252")


def _usable(label: str | None) -> str | None:
    """The Python codec for a charset label, or ``None`` for an unknown label."""
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    if label in _WINDOWS_1252:
        return "cp1252"
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def _decode(body: bytes, codec: str) -> tuple[str, str] | None:
    try:
        return body.decode(codec), codec
    except (UnicodeDecodeError, LookupError):
        return None


def is_binary(body: bytes) -> bool:
    """Does ``body`` look like binary data rather than text (a NUL byte in its first 1,024
    bytes, outside UTF-16)?"""
    head = body[:_PRESCAN_BYTES]
    return b"\0" in head and not head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
