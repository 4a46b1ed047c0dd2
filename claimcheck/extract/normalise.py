"""Text as a reader sees it: invisible characters, inline markup and look-alike signs removed
before numbers are read, with a map back to the source so every span still points at it.

Sentences pasted from pages carry what a browser hides: zero-width spaces and joiners, soft
hyphens, bidi marks and every other default-ignorable code point (``2​7x`` must read as 27x,
not 7x), Markdown emphasis and code marks (``**5.1x** speedup``), inline HTML tags
(``<u>3.03x</u>``), hidden or struck-out text (``<span hidden>0</span>``, ``~~99x~~``),
no-break spaces, and signs and digits that look like ``x``, ``×`` or ASCII digits (``27𝑥``,
``２７ｘ``; ``claimcheck.extract.lookalike``). Documents are parsed before they get here; this
is for text given directly (``--text``, a claim file's ``text``, standard input read as prose).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

import msgspec
from msgspec.structs import replace

from claimcheck.extract.glossary import foreign, glossed
from claimcheck.extract.lookalike import FOLDED, IGNORABLE, folded
from claimcheck.extract.scoring import Decision
from claimcheck.extract.types import Extraction, Span

_DROP = re.compile(
    rf"[{IGNORABLE}]+"
    # a backslash escaping Markdown's tilde before a number ("take \~1200ms per call")
    r"|\\(?=~\s?\d)"
    r"|~~[^~\n]{1,200}~~"  # struck out in Markdown (https://github.github.com/gfm/#strikethrough-extension-)
    rf"|</?[A-Za-z][A-Za-z0-9]{{0,15}}(?:\s[^<>]{{0,200}})?>|<!--[^<>]{{0,200}}-->|\*+|__|`"
    # emphasis by underscores around a number ("_27_x"), not inside a name ("llama_3.1_70b")
    r"|(?<![^\W_])_(?=\d)|(?<=\d)_(?![^\W_xX])"
    # a run of spaces is one space ("27  x")
    r"|(?<=[ \t])[ \t]+",
    re.IGNORECASE,
)
# The start tag of an element a browser does not show as text: struck out, or hidden by an
# attribute or a style (claimcheck.documents.html reads pages the same way).
_HIDING_TAG = re.compile(
    r"<(?P<struck>del|s|strike)(?=[\s/>])[^<>]{0,200}>"
    r"|<(?P<name>[A-Za-z][A-Za-z0-9]{0,15})\s[^<>]{0,200}?"
    r"(?:(?<=\s)hidden(?=[\s=/>])|\bdisplay\s*:\s*none|\bvisibility\s*:\s*(?:hidden|collapse))"
    r"[^<>]{0,200}>",
    re.IGNORECASE,
)
_SPACES = str.maketrans(dict.fromkeys("\u00a0\u202f\u2009", " "))
_NEEDED_CHARACTER = rf"[{IGNORABLE}{FOLDED}\u00a0\u202f\u2009<*_`]"
_NEEDS = re.compile(rf"{_NEEDED_CHARACTER}|~~|\\~|[ \t]{{2}}")
_NEEDED_IN_ASCII = (
    *(c for c in map(chr, range(128)) if re.fullmatch(_NEEDED_CHARACTER, c)),
    "~~",
    "\\~",
    *("  ", " \t", "\t ", "\t\t"),
)
"""Every ASCII string ``_NEEDS`` matches: its class's ASCII members (as the regular expression
engine itself finds them), ``~~``, ``\\~`` and each pair of blanks. ASCII text holds one of them exactly
when ``_NEEDS.search`` finds a match, and a few substring tests cost far less than testing the
class's thousands of code points at every character (docs/performance.md)."""

_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_TIME_UNIT = r"(?:ms|milliseconds?|s|secs?|seconds?)\b"
_REWRITE = re.compile(
    # 1: a base and a superscript exponent ("10³x", "2¹⁷ tokens"); other superscripts beside a
    # number or a sign are unread
    r"(?P<power>(?<![\d.,])(?P<base>\d+)(?P<exponent>[⁰¹²³⁴⁵⁶⁷⁸⁹]+))"
    r"|(?P<raised>[⁰¹²³⁴⁵⁶⁷⁸⁹]+(?=\s?[x×])|(?<=\d)[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
    # 2: thousands set apart by a space, an apostrophe or (before "tokens") a dot
    # ("128 000 tokens", "1 200 ms"; not "4 128-token prompts": four prompts)
    r"|(?P<grouped>(?<![\d.,'’])\d{1,3}(?P<separator>[ '’\u00a0\u202f\u2009])\d{3}(?:(?P=separator)\d{3})*"
    rf"(?![\d.,])(?=\s?(?:tokens?\b|toks?\b|{_TIME_UNIT})|(?<=\d['’\u00a0\u202f\u2009]\d{{3}})-?\s?tokens?\b)"
    # (a dot before a rate is a decimal point: "102.210 tok/s")
    r"|(?<![\d.,'’])\d{1,3}(?:\.\d{3})+(?![\d.,])(?=\s?-?\s?(?:tokens?|toks?)\b(?!\s?/|\sper\b)))"
    # 3: a decimal comma before a sign or a time unit ("27,5x", "2,1 s")
    rf"|(?P<comma>(?<![\d.,])\d{{1,3}},\d{{1,2}}(?![\d,])(?=\s?(?:[x×]|-?fold\b|times\b|{_TIME_UNIT})))"
    # 4: the sign as a paper's LaTeX writes it after a number ("6.25$\times$", "2.6\times")
    r"|(?P<latex>(?<=\d)\s?(?:\$\s?\\{1,2}times\s?\$|\\{1,2}times(?![A-Za-z])(?:\s?\$(?!\d))?|\$times\$))"
    # ... and the dollar that opens a math span holding both ("by up to $4.7\times$")
    r"|(?P<math>\$(?=\d+(?:\.\d+)?\s?\\{1,2}times(?![A-Za-z])))"
    # 5: the percent sign as LaTeX escapes it ("reduced by 98.7\%")
    r"|(?P<percent>(?<=\d)\\{1,2}%)"
    # 6: "about" as LaTeX writes it before a number ("reduces TTFT \sim4.1×")
    r"|(?P<about>\\{1,2}(?:sim|approx)(?![A-Za-z])\s?(?=\d))"
)
_MAY_REWRITE = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹$\\]|\d(?:[ '’\u00a0\u202f\u2009.]\d{3}|,\d)")
"""What every ``_REWRITE`` match holds: a superscript digit (``power``, ``raised``), a digit, a
separator and three digits (``grouped``), a digit, a comma and a digit (``comma``), a dollar
sign or a backslash (``latex``, ``percent``, ``about``). Most text holds none of them, and this scan passes over it
far faster than ``_REWRITE``, whose alternatives (each behind a lookbehind) are tried at every
character."""


class Rewrite(msgspec.Struct, frozen=True):
    """A number written in a form the extractor reads only once rewritten: where it sits in the
    read text, and the note that tells the reader how it was read (or that it was not)."""

    start: int
    end: int
    note: str


def normalise(text: str) -> tuple[str, list[int] | None]:
    """The text to read and, when it differs from ``text``, the source offset of each of its
    characters (one more entry for the end)."""
    clean, where, _ = normalised(text)
    return clean, where


def normalised(text: str) -> tuple[str, list[int] | None, tuple[Rewrite, ...]]:
    """``normalise``, with the numbers rewritten on the way: a superscript exponent, thousands
    set apart by spaces, apostrophes or dots, a decimal comma, LaTeX's × and % signs
    (docs/extractor.md); Chinese,
    Japanese and Korean terms, and a few German, French, Spanish, Portuguese and Italian ones,
    read in English (``claimcheck.extract.glossary``)."""
    clean, where = _dropped(text) if _needs_dropping(text) else (text, None)
    if foreign(clean):
        clean, where = glossed(clean, where or list(range(len(text) + 1)))
    if _MAY_REWRITE.search(clean) is None or _REWRITE.search(clean) is None:
        # ``_SPACES`` maps only characters above ASCII: ASCII text is already its own result.
        return (clean if clean.isascii() else clean.translate(_SPACES)), where, ()
    clean, where, rewrites = _rewritten(clean, where or list(range(len(text) + 1)))
    return clean.translate(_SPACES), where, rewrites


def _needs_dropping(text: str) -> bool:
    """Whether ``_NEEDS`` finds something in ``text`` (so ``_dropped`` has work): in ASCII
    text, a substring test for each string of ``_NEEDED_IN_ASCII``; in other text, the scan.
    ``str.isascii`` costs nothing (https://docs.python.org/3/library/stdtypes.html#str.isascii)."""
    if text.isascii():
        return any(needed in text for needed in _NEEDED_IN_ASCII)
    return _NEEDS.search(text) is not None


def _dropped(text: str) -> tuple[str, list[int]]:
    """``text`` without ``_DROP`` matches, look-alike signs made plain, and its map."""
    kept: list[str] = []
    where: list[int] = []
    position = 0
    for start, end in _drops(text):
        kept.append(text[position:start])
        where.extend(range(position, start))
        position = end
    kept.append(text[position:])
    where.extend(range(position, len(text)))
    where.append(len(text))
    return folded("".join(kept)), where


def _drops(text: str) -> Iterator[tuple[int, int]]:
    """The ranges ``_dropped`` leaves out, in order: hidden elements whole, then ``_DROP``
    matches between them."""
    hidden = _hidden_ranges(text) if "<" in text else []
    position = 0
    for start, end in [*hidden, (len(text), len(text))]:
        for match in _DROP.finditer(text, position, start):
            yield match.span()
        if start < end:
            yield start, end
        position = end


def _hidden_ranges(text: str) -> list[tuple[int, int]]:
    """Each hidden or struck-out element, from its start tag to its own end tag (elements of
    its name inside it counted), or to the end of the text when it is never closed, as a
    browser reads it. Each character is scanned once."""
    ranges: list[tuple[int, int]] = []
    position = 0
    while (opened := _HIDING_TAG.search(text, position)) is not None:
        name = (opened.group("struck") or opened.group("name")).lower()
        depth, end = 1, len(text)
        for tag in _same_name(name).finditer(text, opened.end()):
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                end = tag.end()
                break
        ranges.append((opened.start(), end))
        position = end
    return ranges


@lru_cache(maxsize=64)
def _same_name(name: str) -> re.Pattern[str]:
    """Start and end tags named ``name`` (group 1 is ``/`` in an end tag)."""
    return re.compile(rf"<(/?){re.escape(name)}(?=[\s/>])[^<>]*>", re.IGNORECASE)


def _rewritten(text: str, where: list[int]) -> tuple[str, list[int], tuple[Rewrite, ...]]:
    """``text`` with each ``_REWRITE`` match replaced; ``where`` carried through (every
    character of a replacement maps to its match's source range)."""
    kept: list[str] = []
    mapped: list[int] = []
    rewrites: list[Rewrite] = []
    position = length = 0
    for match in _REWRITE.finditer(text):
        replacement, note = _rewrite(match)
        kept.append(text[position : match.start()])
        mapped.extend(where[position : match.start()])
        length += match.start() - position
        first, last = where[match.start()], where[match.end() - 1]
        mapped.extend([first] * (len(replacement) - 1) + [last] * bool(replacement))
        rewrites.append(Rewrite(length, length + len(replacement), note))
        kept.append(replacement)
        length += len(replacement)
        position = match.end()
    kept.append(text[position:])
    mapped.extend(where[position:])
    return "".join(kept), mapped, tuple(rewrites)


def _rewrite(match: re.Match[str]) -> tuple[str, str]:
    """The replacement for one ``_REWRITE`` match and its note."""
    written = match.group()
    if match.group("power"):
        base, exponent = (
            int(match.group("base")),
            int(match.group("exponent").translate(_SUPERSCRIPT)),
        )
        if base in (2, 10) and exponent <= 40:
            value = base**exponent
            return str(value), f"'{written}' read as {value:,} ({base} to the power {exponent})"
        return (
            "\ufffd",
            f"'{written}' has a superscript that is neither a power of 2 nor of 10: not read",
        )
    if match.group("raised"):
        return "\ufffd", f"'{written}' is written in superscript digits: not read"
    if match.group("latex"):
        return "×", f"'{written.strip()}' read as × (LaTeX)"
    if match.group("math"):
        return "", "'$' opening LaTeX math before a number and \\times: dropped"
    if match.group("percent"):
        return "%", f"'{written}' read as % (LaTeX)"
    if match.group("about"):
        return "~", f"'{written.strip()}' read as ~ (LaTeX)"
    if match.group("comma"):
        value = written.replace(",", ".")
        return value, f"'{written}' read as {value} (a decimal comma)"
    digits = re.sub(r"\D", "", written)
    return digits, f"'{written}' read as {int(digits):,} (a thousands separator)"


def _back(span: Span, where: list[int]) -> Span:
    """A span of the read text as a span of the source (from its first character's source
    offset to just past its last one's)."""
    start = where[span.start]
    end = where[span.end - 1] + 1 if span.end > span.start else start
    return Span(start, end)


def extraction_in_source(extraction: Extraction, where: list[int]) -> Extraction:
    """``extraction`` with every span mapped back to the source."""
    return replace(
        extraction,
        span=_back(extraction.span, where),
        spans={name: _back(span, where) for name, span in extraction.spans.items()},
        cues={name: _back(span, where) for name, span in extraction.cues.items()},
    )


def decision_in_source(decision: Decision, where: list[int]) -> Decision:
    """``decision`` with its candidate's span mapped back to the source."""
    candidate = replace(decision.candidate, span=_back(decision.candidate.span, where))
    return replace(decision, candidate=candidate)
