"""Mentions: every number and name in one sentence that could become a claim field, with its span.

Finders see one sentence (``text[start:end]``) and return offsets into the whole text.
"""

from __future__ import annotations

import re
from bisect import bisect_right

import msgspec

from claimcheck.extract.lexicon import QUALIFIERS, TIERS, pattern, search
from claimcheck.extract.numbers import parse_number
from claimcheck.extract.types import Span


class Found(msgspec.Struct, frozen=True):
    """A value of one claim field and where it was read."""

    value: object
    span: Span


def _words_before(text: str, start: int, lower: int, count: int) -> str:
    """The last ``count`` words before ``start`` (not before ``lower``), lower case."""
    window = text[max(lower, start - 60) : start]
    return " ".join(window.lower().split()[-count:])


def _words_after(text: str, end: int, upper: int, count: int) -> str:
    window = text[end : min(upper, end + 60)]
    return " ".join(window.lower().split()[:count])


def qualifier(
    text: str, start: int, lo: int, end: int = -1, hi: int = -1
) -> tuple[str | None, Span | None]:
    """ "up to" (or "as much as") at most two words before the factor, or inside "a factor of up
    to 20"; "at least", "over" and "more than" right before it (or a "+" right after: "10x+");
    "on average" or "typically" shortly before, or "on average" shortly after."""
    if end >= 0 and text[end : end + 1] == "+":
        return "at least", Span(end, end + 1)
    if end >= 0:
        after = pattern("qualifier_2").search(text, end, min(hi, end + 40))
        gap = text[end : after.start()] if after is not None else ""
        if after is not None and len(gap.split()) <= 4 and "." not in gap:
            return "average", Span(after.start(), after.end())
    if text.startswith(("factor", "Factor"), start):
        for index, (name, _source) in enumerate(QUALIFIERS):
            inner = pattern(f"qualifier_{index}").search(text, start, end)
            if inner is not None:  # "by a factor of up to 20"
                return name, Span(inner.start(), inner.end())
    window_start = max(lo, start - 48)
    for index, (name, _source) in enumerate(QUALIFIERS):
        for match in pattern(f"qualifier_{index}").finditer(text, window_start, start):
            between = text[match.end() : start]
            words = len(between.split())
            reach = {"up to": 2, "at least": 0, "average": 4}[name]
            if words <= reach and not re.search(r"[.;:]", between):
                return name, Span(match.start(), match.end())
    return None, None


def durations(text: str, lo: int, hi: int) -> list[Found]:
    """Times in seconds: ``57 seconds``, ``300ms``, ``2 minutes``, ``19-second``."""
    out = []
    for match in pattern("duration").finditer(text, lo, hi):
        unit = match.group(2).lower()
        number = parse_number(match.group(1))
        if (
            unit in {"s", "h"}
            and number.is_integer()
            and number >= 1000
            and " " not in match.group()
        ):
            continue  # "1980s", "1000s of tokens": a decade or thousands, not 1,980 seconds
        if pattern("not_a_time").search(text, max(lo, match.start() - 24), match.start()) or (
            pattern("not_a_time_after").match(text, match.end(), hi)
        ):
            continue  # "expires after 5 minutes", "a 15-minute pause": not a measured time
        spread = _SPREAD_BEFORE.search(text, max(lo, match.start() - 24), match.start())
        if spread is not None:
            # "11.885 +- 0.272 seconds": the time is the number before the spread, in its unit
            mean = _seconds(parse_number(spread.group(1)), unit)
            out.append(Found(mean, Span(spread.start(1), match.end())))
            continue
        minutes = minutes_before(text, lo, match.start()) if unit in {"s", "sec", "secs"} else None
        if minutes is not None:
            # "2m 47s", "1h 2m 5s": one time, in minutes and seconds (and hours)
            start, whole = minutes[0], minutes[1] + number
            out = [found for found in out if found.span.end <= start]  # its "1h"
            out.append(Found(whole, Span(start, match.end())))
            continue
        before = _ELIDED_BEFORE.search(text, max(lo, match.start() - 32), match.start())
        if before is not None:
            # "(6,517 vs 6,847 ms)": the unit is said once, after the second time
            other = _seconds(parse_number(before.group(1)), unit)
            out.append(Found(other, Span(before.start(1), before.end(1))))
        out.append(Found(_seconds(number, unit), Span(match.start(), match.end())))
        elided = _ELIDED.match(text, match.end(), hi)
        if elided is not None:
            # "0.64 seconds to the first token instead of 4.43": the unit is said once
            other = _seconds(parse_number(elided.group(1)), unit)
            out.append(Found(other, Span(elided.start(1), elided.end(1))))
    return out


def minutes_before(text: str, lo: int, at: int) -> tuple[int, float] | None:
    """Where the minutes (and hours) of the time whose seconds start at ``at`` start, and
    their seconds: "2m 47s", "1h 2m 5s"."""
    found = _MINUTES_BEFORE.search(text, max(lo, at - 16), at)
    if found is None:
        return None
    hours = parse_number(found.group(1)) if found.group(1) else 0.0
    return found.start(), hours * 3600 + parse_number(found.group(2)) * 60


_MINUTES_BEFORE = re.compile(r"(?<![\w.,])(?:(\d+)\s?h\s?)?(\d+)\s?m\s?$")


def _seconds(number: float, unit: str) -> float:
    """``number`` in ``unit`` (lower case, as the ``duration`` row spells it), in seconds."""
    if unit in {"µs", "μs", "us"} or unit.startswith("micro"):  # micro sign or Greek mu
        return number / 1_000_000
    if unit.startswith("m") and (
        unit == "ms" or unit.startswith("msec") or unit.startswith("milli")
    ):
        return number / 1000
    if unit.startswith("min"):
        return number * 60
    if unit.startswith("h"):
        return number * 3600
    return number


_NO_ORDER = r"instead\sof|vs\b\.?|versus|compared\s(?:to|with)"
"""Words that join two times without saying which came first."""
_ELIDED = re.compile(
    rf"(?:\s[a-z][\w-]*){{0,5}}?\s(?:{_NO_ORDER})\s~?"
    r"(\d+(?:\.\d+)?)(?![\d.,]*\d)(?!\s?(?:%|×|[^\W\d_]|[-–—~]\s?\d))",
    re.IGNORECASE,
)
"""A bare number compared with a time just given, in that time's unit ("… instead of 4.43");
not the low end of a range that states its own unit ("< 90 s TTFT instead of 15–20 min")."""
_ELIDED_BEFORE = re.compile(
    rf"(?<![\w.,])(\d+(?:[.,]\d+)*)\s(?:{_NO_ORDER})\s~?$",
    re.IGNORECASE,
)
"""A bare number compared with the time right after it, in that time's unit ("6,517 vs
6,847 ms")."""


_SPREAD_BEFORE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)\s?(?:±|\+/?-|\+/−|\+−)\s?$")
"""A mean and its spread before a time's unit: "11.885 +- 0.272 seconds", "11.9 ± 0.3 s"."""


_UNORDERED = re.compile(rf"\b(?:{_NO_ORDER})")
_RANGE_START = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)\s?[-–—]\s?~?$")


def range_low(text: str, time: Found, lo: int) -> Found:
    """The low end of a range of times whose unit is said once ("reloads in 3-8 s", "~1.83–1.92s"):
    the shorter time, spanning the range; ``time`` itself when it ends no range."""
    start = time.span.start
    found = _RANGE_START.search(text, max(lo, start - 16), start)
    number = pattern("duration").match(text, start)
    if found is None or number is None:
        return time
    low, high = parse_number(found.group(1)), parse_number(number.group(1))
    if not 0 < low < high:
        return time
    return Found(float(time.value) * low / high, Span(found.start(), time.span.end))  # type: ignore[arg-type]


def linked(text: str, first: Found, second: Found) -> bool:
    """Are two durations joined as before/after ("from 57 s to 2.1 s", "40 s → 1.5 s", "vs")?
    A comparison word right before the second joins them across a longer clause of one sentence
    ("Cached TTFT (~330 ms) is the cost of fetching a KV blob … vs. ~3.3 s to recompute")."""
    between = text[first.span.end : second.span.start].replace("up to", "")
    if _STOP.search(between):
        return False  # a sentence's end joins no before and after
    if len(between) <= 40:
        return bool(pattern("time_link").search(between))
    if len(between) <= 60 and _INSTEAD.search(between):
        return True  # "(31 tokens, 115ms) instead of full re-processing (12K tokens, ~11 seconds)"
    return len(between) <= 200 and far_link(text, first, second)


def far_link(text: str, first: Found, second: Found) -> bool:
    """Does a comparison word ("vs.", "compared to") come right before ``second``? Then it
    compares ``second`` with what came before, and a metric named before that word is the
    first time's ("TTFT (~330 ms) … resuming decode — vs. ~3.3 s")."""
    return _FAR_LINK.search(text, first.span.end, second.span.start) is not None


_FAR_LINK = re.compile(
    r"\b(?:vs\.?|versus|compared\s(?:to|with)|against|instead\sof)\s(?:about\s|roughly\s)?[~≈]?$",
    re.IGNORECASE,
)
_INSTEAD = re.compile(r"\binstead\sof\b", re.IGNORECASE)
_STOP = re.compile(
    r"(?<!\bvs)(?<!\bapprox)(?<!\bca)(?<!\bcf)(?<!\be\.g)(?<!\bi\.e)(?<!\betc)[.!?]\s|\n\s*\n",
    re.IGNORECASE,
)
"""A sentence's end; not the point of "vs.", "approx.", "e.g." and their kind."""


def rising(text: str, first: Found, second: Found) -> bool:
    """A before → after pair ("to", an arrow) whose after is the longer: a slowdown. Pairs
    joined by "vs" or "instead of" name no order."""
    between = text[first.span.end : second.span.start].lower()
    ordered = re.search(r"→|->|=>|⇒|⟶|\bto\b", between) is not None and not _UNORDERED.search(
        between
    )
    return ordered and float(first.value) < float(second.value)  # type: ignore[arg-type]


def tokens(text: str, lo: int, hi: int) -> list[Found]:
    """Prefix lengths (K = 1,000): ``112K-token``, ``128,000 tokens``, ``@64k``, ``1M tokens``,
    "a million-token context"; not output lengths, throughput units, prices or window sizes."""
    out: list[Found] = []
    # Each pattern's matches come in order and never overlap, so a match of the second pattern
    # need only be checked against the first pattern's match that starts at or before it.
    seen: list[Span] = []
    for name in ("tokens", "tokens_context"):
        first = list(seen)
        for match in pattern(name).finditer(text, lo, hi):
            span = Span(match.start(), match.end())
            before = bisect_right(first, span.start, key=lambda s: s.start) - 1
            if before >= 0 and span.start < first[before].end:
                continue
            scale = _scale(match.group(2))
            if name == "tokens_context" and scale == 1:
                continue
            if name == "tokens_context" and not _context_ok(text, match, lo):
                continue
            if _not_a_prefix(text, match.start(), match.end(), lo, hi):
                continue
            value = round(parse_number(match.group(1)) * scale)
            if value < 16:
                continue
            out.append(Found(value, span))
            seen.append(span)
    out.extend(
        Found(_scale(match.group(1)), Span(match.start(), match.end()))
        for match in pattern("tokens_word").finditer(text, lo, hi)
        if not _not_a_prefix(text, match.start(), match.end(), lo, hi)
    )
    out.sort(key=lambda f: f.span.start)
    return out


def _context_ok(text: str, match: re.Match[str], lo: int) -> bool:
    """``128K`` without the word "tokens" counts after "@"/"at"/"of" or before a context word."""
    if match.group(0).rstrip()[-1:].isalpha() and len(match.group(0)) > len(match.group(1)) + 2:
        return True  # "128K context", "64K prompt"
    before = text[max(lo, match.start() - 4) : match.start()].lower().rstrip()
    if before.endswith(("@", " at", " of")) or before in {"at", "of"}:
        return True
    # Standing alone in a list or a table cell: "(DeepSeek-V3, 128K)", "| 128K |".
    return _ALONE.match(text, match.end()) is not None


_ALONE = re.compile(r"\s?(?:[),|;·→]|->|$|\.(?!\d)|\s[-–—|·→])")


def _scale(unit: str | None) -> int:
    return {"k": 1_000, "thousand": 1_000, "m": 1_000_000, "million": 1_000_000}.get(
        (unit or "").lower(), 1
    )


_CAPABILITY = re.compile(
    r"\b(?:supports?|supporting|has|have|having|offers?|native|maximum|max|up\sto|extends?|extended|expands?)\b"
)


def _not_a_prefix(text: str, start: int, end: int, lo: int, hi: int) -> bool:
    if pattern("rate_after").match(text, end, hi):
        return True  # "2,742 tok/s" is a rate, never a context length
    after = _words_after(text, end, hi, 3)
    before = _words_before(text, start, lo, 3)
    if pattern("output_tokens").match(after) or re.search(
        r"\b(?:output|generat\w*|per|new)$", before
    ):
        return True
    if re.match(r"(?:limit|max\w*)\b|per\s(?:gpu|node|user|server|host)\b", after):
        return True
    # "with a 128K-token context window" is the prefix a result was measured at; "supports a
    # 128K context window" is what a model can hold.
    if re.match(r"(?:context\s)?windows?\b", after) and _CAPABILITY.search(before):
        return True
    if re.search(r"\b(?:supports?|capacity|holds?|stores?)(?:\s\w+){0,2}$", before):
        return True
    return text[max(lo, start - 1) : start] in {"$", "€", "£"}


def hobbit(text: str, lo: int, hi: int) -> Found | None:
    """ "a copy of The Hobbit" ≈ 128K tokens (the background brief's estimate)."""
    match = pattern("hobbit").search(text, lo, hi)
    return Found(128_000, Span(match.start(), match.end())) if match else None


_COUNTED = re.compile(
    r"\s?(?:tokens?|toks?|requests?|queries|users|calls|words|bytes|images|dollars|usd|downloads|sessions)\b",
    re.IGNORECASE,
)


def params(text: str, lo: int, hi: int) -> list[Found]:
    """Model sizes in billions: "70B-parameter", "70-billion-parameter", "a 405B model", "1T"."""
    out = []
    for match in pattern("params").finditer(text, lo, hi):
        unit = match.group(2).lower()
        suffix = match.group(0)[len(match.group(1)) :].strip()
        explicit = unit in {"billion", "trillion"} or len(suffix) > 1
        if not explicit:
            continue
        if _COUNTED.match(text, match.end(), hi):
            continue  # "16.4 trillion tokens" counts tokens, not parameters
        value = parse_number(match.group(1)) * (1000 if unit.startswith("t") else 1)
        if text[max(lo, match.start() - 1) : match.start()] in {"$", "€", "£"}:
            continue
        out.append(Found(value, Span(match.start(), match.end())))
    return out


def tiers(text: str, lo: int, hi: int) -> list[Found]:
    """Where the KV cache lives, most specific kind first (object > network > cxl > nvme > dram)."""
    out: list[Found] = []
    if search("tier_any", text, lo, hi) is None:
        return out
    for kind, _source in TIERS:
        match = search(f"tier_{kind}", text, lo, hi)
        if match is not None:
            out.append(Found(kind, Span(match.start(), match.end())))
    return out
