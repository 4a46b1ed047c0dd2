"""GitHub code scanning's ``primaryLocationLineHash``: a rolling hash of each line's text.

GitHub matches a result across runs by this partial fingerprint; its upload action computes it
when a SARIF file lacks it, and a file uploaded otherwise should carry it
(https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning#providing-data-to-track-code-scanning-alerts-across-runs).
The algorithm is the one of the upload action
(https://github.com/github/codeql-action/blob/main/src/fingerprints.ts): for each line, a
polynomial hash (base 37, modulo 2**64) of the next 100 UTF-16 code units of the text from that
line's start, spaces and tabs left out and line ends read as ``\\n``; the text ends with one
65535 unit and zeros. A hash that repeats is told apart by its count: ``hash:2``.

The action rolls the hash along the text one unit at a time, a Python loop per unit. Here a
window's hash, the sum over ``i`` below 100 of unit ``end - i`` times ``37**i``, is taken in
groups of five units: ``V[t]``, the sum over ``b`` below 5 of unit ``t - b`` times ``37**b``, is
one slot of a product of two integers, which Python multiplies in C (the units packed one to a
slot of 8 bytes, times the five powers in the same slots; a slot holds at most 5 * 65535 *
37**4, below 2**40, so none overflows into the next). Each line's hash is then the sum over
``a`` below 20 of ``V[end - 5a]`` times ``37**(5a)``, modulo 2**64: 20 products a line,
whatever its length.
"""

from __future__ import annotations

from operator import mul

_BLOCK = 100
_BASE = 37
_GROUP = 5
_MASK = (1 << 64) - 1
_CHUNK = 1 << 16
"""Window starts handled by one product (about 512 KB of packed units): a large text's
product is taken a part at a time, so it is never held whole."""
_END = b"\xff\xff"
_INNER = int.from_bytes(
    b"".join(pow(_BASE, b, 1 << 64).to_bytes(8, "little") for b in range(_GROUP)), "little"
)
_OUTER = [pow(_BASE, _GROUP * a, 1 << 64) for a in reversed(range(_BLOCK // _GROUP))]
"""``37**(5a)`` for ``a`` from 19 down to 0: the factors of ``V`` at the window's units 4, 9,
…, 99."""


def line_hashes(text: str) -> dict[int, str]:
    """``{line number (from 1): "hex:count"}`` for every line of ``text``."""
    # Line ends as the action reads them: "\r\n" and "\r" are "\n"; spaces and tabs left out
    # after (a space between "\r" and "\n" leaves two line ends, as in the action).
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.replace(" ", "").replace("\t", "")
    units = text.encode("utf-16-le", "surrogatepass") + _END
    seen: dict[str, int] = {}
    hashes: dict[int, str] = {}
    starts = _line_starts(units)
    line = 0
    for first in range(0, len(units) // 2, _CHUNK):
        if line == len(starts) or starts[line] >= first + _CHUNK:
            continue
        groups = _groups(units, first)
        while line < len(starts) and starts[line] < first + _CHUNK:
            end = starts[line] - first + _BLOCK - 1
            value = sum(map(mul, groups[end - _BLOCK + _GROUP : end + 1 : _GROUP], _OUTER))
            key = format(value & _MASK, "x")
            seen[key] = seen.get(key, 0) + 1
            line += 1
            hashes[line] = f"{key}:{seen[key]}"
    return hashes


def _line_starts(units: bytes) -> list[int]:
    """The unit at which each line starts: the first, and each after a line end."""
    starts = [0]
    at = units.find(b"\n\x00")
    while at != -1:
        if at % 2 == 0:  # not the high byte of one unit and the low byte of the next
            starts.append(at // 2 + 1)
        at = units.find(b"\n\x00", at + 1)
    return starts


def _groups(units: bytes, first: int) -> memoryview:
    """``V[t]`` for the units from ``first`` on (``t`` counted from ``first``), as far as the
    windows starting at units ``first`` to ``first + _CHUNK - 1`` reach (zeros past the end)."""
    part = units[2 * first : 2 * (first + _CHUNK + _BLOCK - 1)]
    count = len(part) // 2
    packed = bytearray(count * 8)
    packed[0::8] = part[0::2]
    packed[1::8] = part[1::2]
    product = int.from_bytes(packed, "little") * _INNER
    return memoryview(product.to_bytes((count + _BLOCK) * 8, "little")).cast("Q")
