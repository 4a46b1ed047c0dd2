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

from array import array
from collections.abc import Collection, Iterable, Iterator
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


def line_hashes(text: str | Iterable[str], lines: Collection[int] | None = None) -> dict[int, str]:
    """``{line number (from 1): "hex:count"}`` for every line of ``text`` (a string, or its
    parts in turn, cut anywhere), or for those of ``lines`` it has. A line's count is that of
    its hash up to it, so every line up to the last asked for is hashed, and the text read no
    further; only the values are held, 8 bytes a line, and the text a part at a time."""
    parts = _cut(text) if isinstance(text, str) else text
    last = None if lines is None else max((line for line in lines if line >= 1), default=0)
    values = _values(_units(parts), last)
    wanted = None if lines is None else {line for line in lines if 1 <= line <= len(values)}
    # Counted: every hash, or only those of the lines asked for.
    seen = {} if wanted is None else dict.fromkeys((values[n - 1] for n in wanted), 0)
    hashes: dict[int, str] = {}
    for line, value in enumerate(values, 1):
        if wanted is None or value in seen:
            seen[value] = count = seen.get(value, 0) + 1
            if wanted is None or line in wanted:
                hashes[line] = f"{value:x}:{count}"
    return hashes


def _values(chunks: Iterable[bytes], last: int | None) -> array[int]:
    """The hash value of each line (up to line ``last``) of the text whose UTF-16 units come
    in ``chunks``: the units are held from the first window not yet hashed on, and the
    windows starting in ``_CHUNK`` units are hashed together once the units they reach are
    read (the text's end reads as zeros)."""
    values = array("Q")
    starts = array("q", [0])  # the starts of the lines not yet hashed
    units = bytearray()  # the units from unit ``first`` on
    first = 0
    chunks = iter(chunks)
    while last is None or len(values) < last:
        chunk = next(chunks, None)
        if chunk is not None:
            _add_starts(starts, chunk, 2 * first + len(units))
            units += chunk
        # Every window starting in the next _CHUNK units is within the units read.
        while len(units) >= 2 * (_CHUNK + _BLOCK - 1) or (chunk is None and starts):
            if starts and starts[0] < first + _CHUNK:
                groups = _groups(units)
                taken = 0
                for start in starts:
                    if start >= first + _CHUNK or len(values) == last:
                        break
                    end = start - first + _BLOCK - 1
                    value = sum(map(mul, groups[end - _BLOCK + _GROUP : end + 1 : _GROUP], _OUTER))
                    values.append(value & _MASK)
                    taken += 1
                del starts[:taken]
                if len(values) == last:
                    break
            del units[: 2 * _CHUNK]
            first += _CHUNK
        if chunk is None:
            break
    return values


def _cut(text: str) -> Iterator[str]:
    """``text`` in parts of ``_CHUNK`` characters (its units are then held a part at a time)."""
    return (text[at : at + _CHUNK] for at in range(0, max(len(text), 1), _CHUNK))


def _units(parts: Iterable[str]) -> Iterator[bytes]:
    """The UTF-16 units of the text of ``parts`` as the action reads them, then the end mark:
    "\r\n" and "\r" are "\n", spaces and tabs left out after (a space between "\r" and
    "\n" leaves two line ends, as in the action). A "\r" that ends a part waits for the
    next: a "\r\n" may be cut between two."""
    held = ""
    for part in parts:
        part = held + part if held else part
        held = "\r" if part.endswith("\r") else ""
        yield _plain(part[:-1] if held else part).encode("utf-16-le", "surrogatepass")
    yield _plain(held).encode("utf-16-le") + _END


def _plain(text: str) -> str:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace(" ", "").replace("\t", "")


def _add_starts(starts: array[int], units: bytes, at: int) -> None:
    """Add the unit at which each line after a line end in ``units`` starts (``units`` from
    byte ``at`` of the text on)."""
    end = units.find(b"\n\x00")
    while end != -1:
        if end % 2 == 0:  # not the high byte of one unit and the low byte of the next
            starts.append((at + end) // 2 + 1)
        end = units.find(b"\n\x00", end + 1)


def _groups(units: bytearray) -> memoryview:
    """``V[t]`` for ``units`` (``t`` counted from their first), as far as the windows starting
    at the first ``_CHUNK`` of them reach (zeros past the end)."""
    part = units[: 2 * (_CHUNK + _BLOCK - 1)]
    count = len(part) // 2
    packed = bytearray(count * 8)
    packed[0::8] = part[0::2]
    packed[1::8] = part[1::2]
    product = int.from_bytes(packed, "little") * _INNER
    return memoryview(product.to_bytes((count + _BLOCK) * 8, "little")).cast("Q")
