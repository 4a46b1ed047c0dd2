"""Mentions: every number and name in one sentence that could become a claim field, with its span.

Finders see one sentence (``text[start:end]``) and return offsets into the whole text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from claimcheck.extract.lexicon import QUALIFIERS, TIERS, pattern
from claimcheck.extract.numbers import parse_number, parse_word_number
from claimcheck.extract.types import Span


@dataclass(frozen=True, slots=True)
class Speedup:
    """A speed factor: ``value`` (and ``low`` for ranges); ``reading`` says how a percentage was
    read; ``metric`` is the nearest metric word; ``qualifier`` is "up to" / "at least" / "average"."""

    value: float | None
    span: Span
    low: float | None = None
    reading: str | None = None
    metric: str | None = None
    qualifier: str | None = None
    qualifier_span: Span | None = None
    increase_only: bool = False


@dataclass(frozen=True, slots=True)
class Found:
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


def _near(name: str, text: str) -> bool:
    return pattern(name).search(text) is not None


def metric_at(text: str, start: int, end: int, lo: int, hi: int) -> str | None:
    """The metric named nearest to ``[start, end)`` within the sentence ``[lo, hi)``."""
    best: tuple[int, int, str] | None = None
    lo, hi = max(lo, start - NEAR), min(hi, end + NEAR)
    for metric in ("ttft", "throughput", "end_to_end", "decode"):
        for match in pattern(f"metric_{metric}").finditer(text, lo, hi):
            # A metric after the factor ("2x higher throughput") binds tighter than one before it
            # ("9x faster TTFT and 2x …"): distances before count double.
            if match.start() >= end:
                distance = match.start() - end
            else:
                distance = 2 * max(start - match.end(), 0)
            # Nearest wins; at equal distance the longer phrase ("output tokens/s" over "tokens/s").
            rank = (distance, -(match.end() - match.start()), metric)
            if best is None or rank < best:
                best = rank
    return best[2] if best else None


def _qualifier(
    text: str, start: int, lo: int, end: int = -1, hi: int = -1
) -> tuple[str | None, Span | None]:
    """ "up to" (or "as much as") at most two words before the factor; "at least", "over" and
    "more than" right before it (or a "+" right after: "10x+"); "on average" or "typically"
    shortly before, or "on average" shortly after."""
    if end >= 0 and text[end : end + 1] == "+":
        return "at least", Span(end, end + 1)
    if end >= 0:
        after = pattern("qualifier_2").search(text, end, min(hi, end + 40))
        gap = text[end : after.start()] if after is not None else ""
        if after is not None and len(gap.split()) <= 4 and "." not in gap:
            return "average", Span(after.start(), after.end())
    window_start = max(lo, start - 48)
    for index, (name, _source) in enumerate(QUALIFIERS):
        for match in pattern(f"qualifier_{index}").finditer(text, window_start, start):
            between = text[match.end() : start]
            words = len(between.split())
            reach = {"up to": 2, "at least": 0, "average": 4}[name]
            if words <= reach and not re.search(r"[.;:]", between):
                return name, Span(match.start(), match.end())
    return None, None


_SKIP = frozenset(
    "the a an in on of for with and its their our your more less higher lower greater better".split()  # noqa: SIM905
)


def _is_speed(text: str, start: int, end: int, lo: int, hi: int) -> bool:
    """Is the factor at ``[start, end)`` about speed (not memory, capacity, cost, …)?

    The first telling word after the number decides ("faster", "memory"); "more" and "less" defer
    to the word after them. Failing that, the nearest telling word before the number decides.
    """
    after = _words_after(text, end, hi, 5)
    for word_match in pattern("words").finditer(after):
        rest = after[word_match.start() :]
        if pattern("not_speed_after").match(rest):
            return False
        if any(_match_metric(rest)):
            return True
        word = word_match.group().lower()
        if rest.startswith("up to"):
            break
        if word not in _SKIP and pattern("speed").match(rest):
            # "7x faster random reads", "deployed 3x faster": what is faster decides.
            following = rest[len(word) :].lstrip()
            if pattern("not_speed").match(following):
                return False
            return any(_match_metric(following)) or not _denied_before(text, start, lo)
        if word not in _SKIP:
            break
    if _denied_before(text, start, lo):
        return False
    words = _words_before(text, start, lo, 6).split()
    for index in range(len(words) - 1, -1, -1):
        rest = " ".join(words[index:])
        if pattern("not_speed").match(rest):
            return False
        if pattern("speed").match(rest) or any(_match_metric(rest)):
            return True
    return True


def _denied_before(text: str, start: int, lo: int) -> bool:
    """A denying word among the three words before the factor ("deployed 3x faster")."""
    words = _words_before(text, start, lo, 3).split()
    return any(pattern("denied_before").match(" ".join(words[i:])) for i in range(len(words)))


def metrics_in(text: str, lo: int, hi: int) -> list[str]:
    """The metrics named anywhere in ``text[lo:hi]``."""
    names = ("ttft", "throughput", "end_to_end", "decode")
    return [m for m in names if pattern(f"metric_{m}").search(text, lo, hi)]


def _match_metric(text: str) -> list[str]:
    return [
        m
        for m in ("ttft", "throughput", "end_to_end", "decode")
        if pattern(f"metric_{m}").match(text)
    ]


def _gpu_or_model_follows(text: str, end: int, hi: int) -> bool:
    """``8x H100`` is a GPU count, ``8x7B`` part of a model name and ``8 x 400 Gb/s`` a product,
    not a speedup."""
    tail = text[end : min(hi, end + 24)]
    if re.match(r"\s?\d", tail):
        return True
    gpu = pattern("gpu").match(tail.lstrip())
    if gpu is not None and gpu.group("name"):
        return True
    return bool(
        re.match(r"\s?(?:gpus?|nodes?|cards?|accelerators?|servers?)\b", tail, re.IGNORECASE)
    )


_OLD_FIGURE = re.compile(
    r"[(,;]\s*(?:was|previously|formerly|down\sfrom|up\sfrom)\s*$", re.IGNORECASE
)
_NAMED_FRACTIONS = {
    "half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "tenth": 10,
    "twentieth": 20, "fiftieth": 50, "hundredth": 100,
}  # fmt: skip


MAX_FACTORS = 32
"""Factors read per sentence at most: a sentence quoting more is a table or an attack."""
NEAR = 240
"""How far (in characters) from a factor its metric may be named."""


# Substrings without which a pattern cannot match: a sentence lacking all of them skips it.
_GATES: dict[str, tuple[str, ...]] = {
    "arrow": ("→", "->", "=>", "⇒", "⟶", " to"),
    "range": ("-", "–", "—", " to"),
    "between": ("between",),
    "word_multiplier": ("times", "fold"),
    "fold_word": ("fold",),
    "factor_of": ("factor",),
    "magnitude": ("magnitude",),
    "fraction": (
        "/",
        "half",
        "third",
        "quarter",
        "fourth",
        "fifth",
        "tenth",
        "twentieth",
        "fiftieth",
        "hundredth",
    ),
    "doubling": ("doubl", "tripl", "quadrupl", "halv", "in half"),
}


def _scan(name: str, text: str, lo: int, hi: int, lowered: str) -> Iterator[re.Match[str]]:
    """``pattern(name)`` over ``text[lo:hi]``, skipped when its gate says it cannot match."""
    gate = _GATES.get(name)
    if gate is not None and not any(needle in lowered for needle in gate):
        return iter(())
    return pattern(name).finditer(text, lo, hi)


def speedups(text: str, lo: int, hi: int) -> list[Speedup]:
    """Every speed factor of the sentence ``[lo, hi)``: ranges, arrows and lists resolved."""
    lowered = text[lo:hi].lower()
    found: list[Speedup] = []
    taken = bytearray(hi - lo)  # characters already read as part of a factor

    def free(start: int, end: int) -> bool:
        return not any(taken[start - lo : end - lo])

    def take(start: int, end: int) -> None:
        taken[start - lo : end - lo] = b"\x01" * (end - start)

    def add(value: float | None, start: int, end: int, **extra: object) -> None:
        if not free(start, end) or len(found) >= MAX_FACTORS:
            return
        if _OLD_FIGURE.search(text, max(lo, start - 16), start):
            take(start, end)  # "35x (was 22x)": the old figure is not a claim
            return
        if not _is_speed(text, start, end, lo, hi):
            return
        qualifier, qspan = _qualifier(text, start, lo, end, hi)
        found.append(
            Speedup(
                value,
                Span(start, end),
                metric=metric_at(text, start, end, lo, hi),
                qualifier=qualifier,
                qualifier_span=qspan,
                **extra,  # type: ignore[arg-type]
            )
        )
        take(start, end)

    for match in _scan("arrow", text, lo, hi, lowered):
        before = _words_before(text, match.start(), lo, 2)
        arrow = any(sign in match.group() for sign in ("→", "->", "=>", "⇒", "⟶"))
        # "from 12x to 30x" is a change (the later figure counts); "ranged from 6x to 40x" a range.
        if (arrow or before.endswith("from")) and not re.search(r"rang\w*\s+from$", before):
            add(parse_number(match.group(2)), match.start(), match.end())
            continue
        low, high = parse_number(match.group(1)), parse_number(match.group(2))
        if low < high:
            add(high, match.start(), match.end(), low=low)
    for name in ("range", "between"):
        for match in _scan(name, text, lo, hi, lowered):
            low, high = parse_number(match.group(1)), parse_number(match.group(2))
            if low < high and not _gpu_or_model_follows(text, match.end(), hi):
                add(high, match.start(), match.end(), low=low)
    for match in _scan("multiplier", text, lo, hi, lowered):
        value = parse_number(match.group(1))
        if value < 1 or value > 10_000 or _gpu_or_model_follows(text, match.end(), hi):
            continue
        if match.group().lower().endswith("times") and not _changes(text, match, lo, hi):
            continue
        add(value, match.start(), match.end())
    for name in ("word_multiplier", "fold_word"):
        for match in _scan(name, text, lo, hi, lowered):
            word_value = parse_word_number(match.group(1))
            if word_value is None or word_value < 1 or _gpu_or_model_follows(text, match.end(), hi):
                continue
            if match.group().lower().endswith("times") and not _changes(text, match, lo, hi):
                continue
            add(word_value, match.start(), match.end())
    for match in _scan("factor_of", text, lo, hi, lowered):
        add(parse_number(match.group(1)), match.start(), match.end())
    for match in _scan("magnitude", text, lo, hi, lowered):
        orders = {"an": 1, "one": 1, "two": 2, "three": 3}[match.group(1).lower()]
        add(10.0**orders, match.start(), match.end())
    for match in _scan("fraction", text, lo, hi, lowered):
        if match.group(1):
            share = parse_number(match.group(1))
        else:
            share = float(_NAMED_FRACTIONS[match.group(2).lower()])
        if share > 1 and metric_at(text, match.start(), match.end(), lo, hi) is not None:
            add(share, match.start(), match.end())
    for match in _scan("doubling", text, lo, hi, lowered):
        if (
            metric_at(
                text,
                match.start(),
                match.end(),
                max(lo, match.start() - 30),
                min(hi, match.end() + 30),
            )
            is None
        ):
            continue  # "double the context length" is not a speedup
        word = match.group(1).lower()
        value = 3.0 if word.startswith("tripl") else 4.0 if word.startswith("quadrupl") else 2.0
        add(value, match.start(), match.end())
    if "%" in lowered or "percent" in lowered or "per cent" in lowered:
        found.extend(_percents(text, lo, hi, free))
    found.sort(key=lambda s: s.span.start)
    return found


def _changes(text: str, match: re.Match[str], lo: int, hi: int) -> bool:
    """``N times`` is a factor only beside a comparison ("27 times faster", "drops 18 times")."""
    after = _words_after(text, match.end(), hi, 2)
    before = _words_before(text, match.start(), lo, 3)
    return bool(
        pattern("speed").search(after) or pattern("speed").search(before) or after.startswith("as ")
    )


def _percents(text: str, lo: int, hi: int, free: Callable[[int, int], bool]) -> list[Speedup]:
    """Percentages of a speed metric: a time reduction becomes 1/(1−p), "p% faster" 1+p, a rate
    increase 1+p; "70% improvement" is ambiguous and keeps no value (its reading says so)."""
    out: list[Speedup] = []
    plain = list(pattern("percent").finditer(text, lo, hi))
    minus = {m.start(1): m for m in pattern("minus_percent").finditer(text, lo, hi)}
    # "TTFT -40%": the minus form wins over the plain "40%" inside it.
    matches = [(minus.get(m.start(1), m), m.start(1) in minus) for m in plain][:MAX_FACTORS]
    for match, minus_sign in matches:
        if not free(match.start(), match.end()):
            continue
        high = parse_number(match.group(2) if not minus_sign and match.group(2) else match.group(1))
        low = parse_number(match.group(1)) if not minus_sign and match.group(2) else None
        after = _words_after(text, match.end(), hi, 5)
        before = _words_before(text, match.start(), lo, 6)
        if pattern("not_speed_after").match(after) or _denied_before(text, match.start(), lo):
            continue
        metric = metric_at(text, match.start(), match.end(), lo, hi)
        if metric is None:
            continue
        reading = _percent_reading(after, before, minus_sign, metric)
        if reading is None:
            continue
        value: float | None
        low_value: float | None
        if reading == "percent-reduction":
            if high >= 100:
                continue
            value = round(1 / (1 - high / 100), 2)
            low_value = round(1 / (1 - low / 100), 2) if low is not None else None
        elif reading in {"percent-faster", "percent-increase"}:
            value = round(1 + high / 100, 2)
            low_value = round(1 + low / 100, 2) if low is not None else None
        else:
            value, low_value = None, None
        qualifier, qspan = _qualifier(text, match.start(), lo, match.end(), hi)
        out.append(
            Speedup(
                value,
                Span(match.start(), match.end()),
                low=low_value,
                reading=reading,
                metric=metric,
                qualifier=qualifier,
                qualifier_span=qspan,
            )
        )
    return out


_REDUCE = re.compile(
    r"\b(?:lower|less|reduc\w*|decreas\w*|cuts?|cutting|drops?|dropped|fell|falls|down|trims?|trimmed|"
    r"shorter|slash\w*|shaves?|shaved|lowers?|lowered|shrinks?)\b|↓"
)
_FASTER = re.compile(r"\b(?:faster|quicker|sooner|speedier)\b")
_INCREASE = re.compile(r"\b(?:higher|more|increas\w*|up|rose|rises|raised|grew|jump\w*)\b|↑|\+$")
_AMBIGUOUS = re.compile(
    r"\b(?:improv\w*|better|gains?|boost\w*|enhanc\w*|accelerat\w*|speeds?\sup)\b"
)


def _percent_reading(after: str, before: str, minus: bool, metric: str) -> str | None:
    rate = metric in {"throughput"} or "rate" in after or "rate" in before
    near = after + " | " + before
    if minus or _REDUCE.search(near):
        return "percent-reduction" if not rate else None
    if _FASTER.search(near):
        return "percent-faster"
    if _INCREASE.search(near) and (rate or metric == "decode"):
        return "percent-increase"
    if _AMBIGUOUS.search(near):
        return "ambiguous-percent"
    return None


def durations(text: str, lo: int, hi: int) -> list[Found]:
    """Times in seconds: ``57 seconds``, ``300ms``, ``2 minutes``, ``19-second``."""
    out = []
    for match in pattern("duration").finditer(text, lo, hi):
        unit = match.group(2).lower()
        number = parse_number(match.group(1))
        if unit in {"s", "h"} and number.is_integer() and number >= 1000:
            continue  # "1980s", not 1,980 seconds
        if unit in {"µs", "us"} or unit.startswith("micro"):
            seconds = number / 1_000_000
        elif unit.startswith("m") and (
            unit == "ms" or unit.startswith("msec") or unit.startswith("milli")
        ):
            seconds = number / 1000
        elif unit.startswith("min"):
            seconds = number * 60
        elif unit.startswith("h"):
            seconds = number * 3600
        else:
            seconds = number
        out.append(Found(seconds, Span(match.start(), match.end())))
    return out


def linked(text: str, first: Found, second: Found) -> bool:
    """Are two durations joined as before/after ("from 57 s to 2.1 s", "40 s → 1.5 s", "vs")?"""
    between = text[first.span.end : second.span.start]
    return len(between) <= 40 and bool(pattern("time_link").search(between))


def tokens(text: str, lo: int, hi: int) -> list[Found]:
    """Prefix lengths (K = 1,000): ``112K-token``, ``128,000 tokens``, ``@64k``, ``1M tokens``,
    "a million-token context"; not output lengths, throughput units, prices or window sizes."""
    out: list[Found] = []
    seen: list[Span] = []
    for name in ("tokens", "tokens_context"):
        for match in pattern(name).finditer(text, lo, hi):
            span = Span(match.start(), match.end())
            if any(s.start <= span.start < s.end for s in seen):
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


def _not_a_prefix(text: str, start: int, end: int, lo: int, hi: int) -> bool:
    after = _words_after(text, end, hi, 3)
    before = _words_before(text, start, lo, 3)
    if pattern("output_tokens").match(after) or re.search(
        r"\b(?:output|generat\w*|per|new)$", before
    ):
        return True
    if re.match(
        r"(?:context\s)?(?:windows?|limit|max\w*)\b|per\s(?:gpu|node|user|server|host)\b", after
    ):
        return True
    if re.search(r"\b(?:supports?|capacity|holds?|stores?)(?:\s\w+){0,2}$", before):
        return True
    return text[max(lo, start - 1) : start] in {"$", "€", "£"}


def hobbit(text: str, lo: int, hi: int) -> Found | None:
    """ "a copy of The Hobbit" ≈ 128K tokens (the background brief's estimate)."""
    match = pattern("hobbit").search(text, lo, hi)
    return Found(128_000, Span(match.start(), match.end())) if match else None


def params(text: str, lo: int, hi: int) -> list[Found]:
    """Model sizes in billions: "70B-parameter", "70-billion-parameter", "a 405B model", "1T"."""
    out = []
    for match in pattern("params").finditer(text, lo, hi):
        unit = match.group(2).lower()
        suffix = match.group(0)[len(match.group(1)) :].strip()
        explicit = unit in {"billion", "trillion"} or len(suffix) > 1
        if not explicit:
            continue
        value = parse_number(match.group(1)) * (1000 if unit.startswith("t") else 1)
        if text[max(lo, match.start() - 1) : match.start()] in {"$", "€", "£"}:
            continue
        out.append(Found(value, Span(match.start(), match.end())))
    return out


def tiers(text: str, lo: int, hi: int) -> list[Found]:
    """Where the KV cache lives, most specific kind first (object > network > cxl > nvme > dram)."""
    out: list[Found] = []
    if pattern("tier_any").search(text, lo, hi) is None:
        return out
    for kind, _source in TIERS:
        match = pattern(f"tier_{kind}").search(text, lo, hi)
        if match is not None:
            out.append(Found(kind, Span(match.start(), match.end())))
    return out
