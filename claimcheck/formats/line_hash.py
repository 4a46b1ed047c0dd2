"""GitHub code scanning's ``primaryLocationLineHash``: a rolling hash of each line's text.

GitHub matches a result across runs by this partial fingerprint; its upload action computes it
when a SARIF file lacks it, and a file uploaded otherwise should carry it
(https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning#providing-data-to-track-code-scanning-alerts-across-runs).
The algorithm is the one of the upload action
(https://github.com/github/codeql-action/blob/main/src/fingerprints.ts): for each line, a
polynomial hash (base 37, modulo 2**64) of the next 100 UTF-16 code units of the text from that
line's start, spaces and tabs left out and line ends read as ``\\n``; the text ends with one
65535 unit and zeros. A hash that repeats is told apart by its count: ``hash:2``.
"""

from __future__ import annotations

from array import array

_BLOCK = 100
_BASE = 37
_MASK = (1 << 64) - 1
_FIRST = pow(_BASE, _BLOCK, 1 << 64)
_SPACE, _TAB, _LF, _CR, _END = 0x20, 0x09, 0x0A, 0x0D, 0xFFFF


def line_hashes(text: str) -> dict[int, str]:
    """``{line number (from 1): "hex:count"}`` for every line of ``text``."""
    return _Hasher().run(text)


class _Hasher:
    def __init__(self) -> None:
        self.window = [0] * _BLOCK
        self.starts = [0] * _BLOCK  # the line that starts at each window slot, 0 for none
        self.value = 0
        self.index = 0
        self.line = 0
        self.at_line_start = True
        self.after_cr = False
        self.seen: dict[str, int] = {}
        self.hashes: dict[int, str] = {}

    def run(self, text: str) -> dict[int, str]:
        units = array("H", text.encode("utf-16-le", "surrogatepass"))
        for unit in units:
            self.take(unit)
        self.take(_END)
        for _ in range(_BLOCK):
            if self.starts[self.index]:
                self.emit()
            self.push(0)
        return self.hashes

    def take(self, unit: int) -> None:
        if unit in (_SPACE, _TAB) or (self.after_cr and unit == _LF):
            self.after_cr = False
            return
        self.after_cr = unit == _CR
        if unit == _CR:
            unit = _LF
        if self.starts[self.index]:
            self.emit()
        if self.at_line_start:
            self.at_line_start = False
            self.line += 1
            self.starts[self.index] = self.line
        if unit == _LF:
            self.at_line_start = True
        self.push(unit)

    def push(self, unit: int) -> None:
        leaving = self.window[self.index]
        self.window[self.index] = unit
        self.value = (_BASE * self.value + unit - _FIRST * leaving) & _MASK
        self.index = (self.index + 1) % _BLOCK

    def emit(self) -> None:
        key = format(self.value, "x")
        self.seen[key] = self.seen.get(key, 0) + 1
        self.hashes[self.starts[self.index]] = f"{key}:{self.seen[key]}"
        self.starts[self.index] = 0
