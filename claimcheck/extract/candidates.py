"""Candidates: every number form in a sentence that could be a speed factor, with its span.

No candidate is vetoed here: a GPU count ("8x H100"), a cost cut ("90% cheaper") or an old
figure ("(was 22x)") is still a candidate; ``evidence`` says what it looks like and ``scoring``
decides. Where two forms read overlapping text ("3-10x" is a range and holds the multiplier
"10x"), both are candidates and the better-scored one wins.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import zip_longest

import msgspec

from claimcheck.extract.lexicon import NAMED_FRACTIONS, pattern
from claimcheck.extract.mentions import minutes_before
from claimcheck.extract.numbers import NUM, parse_number, parse_word_number
from claimcheck.extract.types import Span

MAX_CANDIDATES = 64
"""Candidates read per sentence at most: a sentence quoting more is a table or an attack."""

# Substrings without which a form cannot match: a sentence lacking all of them skips it.
_GATES: dict[str, tuple[str, ...]] = {
    "arrow": ("→", "->", "=>", "⇒", "⟶", " to"),
    "range": ("-", "–", "—", " to"),
    "between": ("between",),
    "word_multiplier": ("times", "fold"),
    "fold_word": ("fold",),
    "factor_of": ("factor",),
    "magnitude": ("magnitude",),
    "fraction": ("/", *NAMED_FRACTIONS),
    "doubling": ("doubl", "tripl", "quadrupl", "halv", "half", "twice"),
    "percent": ("%", "percent", "per cent"),
    "minus_percent": ("%",),
    "time_pair": ("→", "->", "=>", "⇒", "⟶", " to"),
    "time_pair_from": ("from",),
    "bare_speedup": ("speedup", "speed-up"),
    "rate_pair": ("→", "->", "=>", "⇒", "⟶", " to"),
}

_REDUCE = re.compile(
    r"\b(?:lower|less|reduc\w*|decreas\w*|cuts?|cutting|drops?|dropped|fell|falls|down|trims?|trimmed|"
    r"shorter|slash\w*|shaves?|shaved|lowers?|lowered|shrinks?|savings?|saves?|saving)\b|↓"
)
_TIMES = re.compile(r"\b(?:ttft|latenc\w*|time|times|delay|itl|tpot|tbt|seconds?|ms)\b")
_FASTER = re.compile(r"\b(?:faster|quicker|sooner|speedier|speed-?ups?)\b")
_RATE = re.compile(
    r"\b(?:throughput|goodput|tokens?/s(?:ec)?|tok/s|tokens?\sper\ssec(?:ond)?|tps|qps|rps|rate|"
    r"requests?\sper\ssec(?:ond)?|(?:more|additional)\s(?:requests|queries|users|chats|sessions)|concurrent|"
    r"(?:request|serving)\scapacity)\b"
)
_SPEED = re.compile(r"\bspeed\b(?![-\s]?ups?\b)")
"""A speed named beside a percentage makes it a rate: "response speed improved by 67%"."""
_INCREASE = re.compile(
    r"\b(?:higher|more|increas\w*|up(?!\sto)|rose|rises|rais(?:e|es|ed|ing)|grew|jump\w*)\b|↑|\+$"
)
_AMBIGUOUS = re.compile(
    r"\b(?:improv\w*|better|gains?|boost\w*|enhanc\w*|accelerat\w*|speeds?\sup|speedups?)\b"
)
_READINGS = (
    ("reduction", _REDUCE),
    ("faster", _FASTER),
    ("increase", _INCREASE),
    ("ambiguous", _AMBIGUOUS),
)
_ARROWS = ("→", "->", "=>", "⇒", "⟶")
_FORM_NAMES = {
    "percent": "percentage",
    "time_pair": "pair of times",
    "rate_pair": "pair of rates",
    "arrow": "before → after pair",
    "factor_of": "'factor of'",
    "fold_word": "'-fold' word",
    "word_multiplier": "multiplier in words",
    "sign_multiplier": "multiplier",
}


class Candidate(msgspec.Struct, frozen=True):
    """A number form that may be a speed factor.

    ``value`` is the factor (``None`` when a percentage cannot be read as one), ``low`` the
    low end of a range; ``reading`` says how a percentage or a pair was read;
    ``before``/``after`` are the two times or rates of a pair (before first)."""

    form: str
    span: Span
    value: float | None
    low: float | None = None
    reading: str | None = None
    before: float | None = None
    after: float | None = None
    percent: tuple[float, float | None] | None = None

    @property
    def quoted(self) -> str:
        """What the form is called in messages, e.g. ``multiplier``, ``percentage``."""
        return _FORM_NAMES.get(self.form, self.form.replace("_", " "))


def candidates(text: str, lo: int, hi: int, header: str = "") -> list[Candidate]:
    """Every factor-like number form in ``text[lo:hi]``, in text order. ``header`` is a table's
    header row: a percentage in a "TTFT reduction" column is read as a reduction."""
    lowered = text[lo:hi].lower()
    found: list[Candidate] = []
    for reader in (
        _arrows,
        _ranges,
        _multipliers,
        _words,
        _fractions,
        _doublings,
        _percents,
        _pairs,
    ):
        found.extend(reader(text, lo, hi, lowered))
        if len(found) >= MAX_CANDIDATES:
            break
    if header:
        header = header.lower()
        found = [_with_header(c, header, _column(text, lo, c, header)) for c in found]
    found.sort(key=lambda c: (c.span.start, -c.span.end))
    return found[:MAX_CANDIDATES]


def _scan(name: str, text: str, lo: int, hi: int, lowered: str) -> Iterator[re.Match[str]]:
    gate = _GATES.get(name)
    if gate is not None and not any(needle in lowered for needle in gate):
        return iter(())
    return pattern(name).finditer(text, lo, hi)


def _at(match: re.Match[str]) -> Span:
    return Span(match.start(), match.end())


def _arrows(text: str, lo: int, hi: int, lowered: str) -> Iterator[Candidate]:
    for match in _scan("arrow", text, lo, hi, lowered):
        first, second = parse_number(match.group(1)), parse_number(match.group(2))
        before = text[max(lo, match.start() - 24) : match.start()].lower()
        arrow = any(sign in match.group() for sign in _ARROWS)
        # "from 12x to 30x" is a change (the later figure counts); "ranged from 6x to 40x" a range.
        if (arrow or before.rstrip().endswith("from")) and not re.search(
            r"rang\w*\s+from\s*$", before
        ):
            yield Candidate("arrow", _at(match), second, reading="change")
        elif first < second:
            yield Candidate("arrow", _at(match), second, low=first)


def _ranges(text: str, lo: int, hi: int, lowered: str) -> Iterator[Candidate]:
    for name in ("range", "between"):
        for match in _scan(name, text, lo, hi, lowered):
            low, high = parse_number(match.group(1)), parse_number(match.group(2))
            if low < high:
                yield Candidate(name, _at(match), high, low=low)


def _multipliers(text: str, lo: int, hi: int, lowered: str) -> Iterator[Candidate]:
    for match in pattern("multiplier").finditer(text, lo, hi):
        if _FORMULA_AFTER.match(text, match.end(), hi):
            continue  # "(2 × layers × heads × d_head × seq_len × batch) bytes": a formula
        if _MODEL_BEFORE.search(text, max(lo, match.start() - 24), match.start()):
            continue  # "AMD Ryzen 9 7950X": a processor's model number
        yield Candidate("multiplier", _at(match), parse_number(match.group(1)))
        yield from _listed(text, lo, match.start())
    if "×" in lowered or "x" in lowered:
        for match in pattern("sign_multiplier").finditer(text, lo, hi):
            first = parse_number(match.group(1) or match.group(2))
            if match.group(3) is None:
                yield Candidate("sign_multiplier", _at(match), first)
            elif first < (high := parse_number(match.group(3))):
                yield Candidate("sign_multiplier", _at(match), high, low=first)
    for match in _scan("factor_of", text, lo, hi, lowered):
        yield Candidate("factor_of", _at(match), parse_number(match.group(1)))
    for match in _scan("bare_speedup", text, lo, hi, lowered):
        yield Candidate("bare_speedup", _at(match), parse_number(match.group(1)))


def _listed(text: str, lo: int, start: int) -> Iterator[Candidate]:
    """The numbers of a list that shares the multiplier sign of its last one: "improved TTFT
    1.30, 1.18 and 1.08x at 10k, 40k and 80k tokens" states three factors, not one."""
    listed = _LIST_BEFORE.search(text, max(lo, start - 80), start)
    if listed is None or _RANGE_OPENS.search(text, max(lo, listed.start() - 12), listed.start()):
        return
    numbers = list(re.finditer(NUM, listed.group(1)))
    if any(parse_number(number.group()) <= 1 for number in numbers):
        return  # "4.0x at r=0.75 and 10.0x": a setting's value, not a factor
    for number in numbers:
        at = listed.start(1) + number.start()
        yield Candidate(
            "multiplier", Span(at, at + len(number.group())), parse_number(number.group())
        )


_LIST_BEFORE = re.compile(
    r"(?<![=<>~])((?:"
    + NUM
    + r"\s*[,、，]\s*)*"
    + NUM
    + r")\s*,?\s*(?:and|or|&|和|及|与|와|과|및)\s*$",
    re.IGNORECASE,
)
"""Numbers listed before the last number of a list, which carries the sign."""
_RANGE_OPENS = re.compile(r"(?:between|from)\s*$", re.IGNORECASE)
""""between 2 and 3x" and "from 2 to 3x" are ranges, read as ranges."""


_MODEL_BEFORE = re.compile(
    r"\b(?:ryzen(?:\sai)?(?:\s[3579])?|threadripper(?:\spro)?|athlon|xeon(?:\sw)?|"
    r"core\s(?:i[3579]|ultra\s[579])|radeon(?:\spro)?(?:\srx)?)[\s-]?$",
    re.IGNORECASE,
)
"""A processor family right before a number that ends in X: "Ryzen 9 7950X", "Threadripper
7980X" name a part, not a factor."""
_FORMULA_AFTER = re.compile(
    r"\s+(?!(?:faster|slower|higher|lower|more|less|better|speedups?|throughput|ttft|latency)\b)"
    r"[A-Za-z_]\w*\s*[×*]\s*[A-Za-z_(]",
    re.IGNORECASE,
)
"""After a number and its sign, a name and another sign: a product of named terms, as a KV
cache's size is written, not a factor."""


def _words(text: str, lo: int, hi: int, lowered: str) -> Iterator[Candidate]:
    for name in ("word_multiplier", "fold_word"):
        for match in _scan(name, text, lo, hi, lowered):
            value = parse_word_number(match.group(1))
            if value is not None:
                yield Candidate(name, _at(match), value)
    for match in _scan("magnitude", text, lo, hi, lowered):
        orders = {"an": 1, "one": 1, "two": 2, "three": 3}[(match.group(1) or "an").lower()]
        yield Candidate("magnitude", _at(match), 10.0**orders)


def _fractions(text: str, lo: int, hi: int, lowered: str) -> Iterator[Candidate]:
    for match in _scan("fraction", text, lo, hi, lowered):
        if match.group(1):
            share = parse_number(match.group(1))
        else:
            share = float(NAMED_FRACTIONS[(match.group(2) or match.group(3)).lower()])
        yield Candidate("fraction", _at(match), share)


def _doublings(text: str, lo: int, hi: int, lowered: str) -> Iterator[Candidate]:
    for match in _scan("doubling", text, lo, hi, lowered):
        word = match.group(1).lower()
        if word.endswith("half") or word.startswith("halv"):
            # "reduced TTFT by half" is twice as fast; "throughput drops by half" and "halves
            # throughput" are slower
            after = text[match.end() : min(hi, match.end() + 24)] if word.startswith("halv") else ""
            named = " ".join(
                (text[max(lo, match.start() - 40) : match.end()] + after).lower().split()
            )
            if _RATE.search(named) and not _TIMES.search(_RATE.sub("", named)):
                continue
        if word.startswith(("doubl", "tripl", "quadrupl")) and _TIME_RISES.search(
            text, max(lo, match.start() - 32), match.start()
        ):
            continue  # "TTFT roughly triples when the prompt grows": a time that rises is slower
        if word in _ADJECTIVES and not _DOUBLED_SPEED.match(text, match.end(), hi):
            continue  # "Double warm-up ensures KV Cache stability": twice the warm-ups
        value = 3.0 if word.startswith("tripl") else 4.0 if word.startswith("quadrupl") else 2.0
        # "twice as fast" says its comparison itself, as "two times faster" does
        form = "word_multiplier" if word == "twice" else "doubling"
        yield Candidate(form, _at(match), value)


_ADJECTIVES = frozenset(("double", "triple", "quadruple"))
_DOUBLED_SPEED = re.compile(
    r"\s(?:the|that|its|their|our|your|what|\w*\s?(?:speed|throughput|performance|"
    r"tokens?/s|tps|qps|rps|requests|capacity|efficiency|goodput)\b)",
    re.IGNORECASE,
)
"""What a "double" that is not a verb's doubling doubles when it is a speed: "double the
throughput", "double throughput"; "Double warm-up" (LLMPerf notes of Unified Cache Management,
https://github.com/ModelEngine-Group/unified-cache-management) is two warm-ups."""

_TIME_RISES = re.compile(
    r"\b(?:ttft|latenc(?:y|ies)|(?:response|wait|load)\stimes?|tpot|itl)\s"
    r"(?:(?!and\b|or\b|but\b|while\b)\w+\s)?$",
    re.IGNORECASE,
)


def _percents(text: str, lo: int, hi: int, lowered: str) -> Iterator[Candidate]:
    """A time reduction becomes 1/(1−p), "p% faster" 1+p, a rate increase 1+p; "70%
    improvement" is ambiguous and keeps no value; with no speed wording, no reading at all."""
    if "%" not in lowered and "percent" not in lowered and "per cent" not in lowered:
        return
    minus = {m.start(1): m for m in pattern("minus_percent").finditer(text, lo, hi)}
    found = list(_percents_read(text, lo, hi, minus))
    for (match, reading, high, low, after, before), following in zip_longest(found, found[1:]):
        if reading is None and following is not None:
            reading = _listed_reading(text, match, following[0], following[1])
        yield _percent(match, reading, high, low, after, before)


_LISTED = re.compile(r"\s*[,、，]\s*(?:[^\W\d]+\s+){0,4}[^\W\d]+\s*")
_LIST_READINGS = frozenset({"percent-reduction", "percent-faster", "percent-increase"})


def _listed_reading(
    text: str, match: re.Match[str], following: re.Match[str], reading: str | None
) -> str | None:
    """A percentage with no reading word of its own that is one item of a list whose next item
    has one takes that item's reading: in "latency を up to 85%、 cost を up to 90% reduction"
    (Japanese, glossed: the verb ends the list) the 85 % is a cut too."""
    if reading not in _LIST_READINGS:
        return None
    between = text[match.end() : following.start()]
    if len(between) > 40 or not _LISTED.fullmatch(between):
        return None
    # "Cache Hit rate 90%, TTFT reduction 80%": the next item's reading word is its own
    return reading if _reading_after(between.lower()) is None else None


def _percents_read(
    text: str, lo: int, hi: int, minus: dict[int, re.Match[str]]
) -> Iterator[tuple[re.Match[str], str | None, float, float | None, str, str]]:
    for plain in pattern("percent").finditer(text, lo, hi):
        sign = plain.start(1) in minus
        match = minus.get(plain.start(1), plain)
        if _SPREAD_SIGN.search(text, max(lo, match.start() - 4), match.start()):
            continue  # "-0.2% +/- 0.6%", "15.1% ± 0.2%": an error bar, no change
        ranged = not sign and match.group(2) is not None
        high = parse_number(match.group(2) if ranged else match.group(1))
        low = parse_number(match.group(1)) if ranged else None
        # "80%+": the "+" marks "at least", not a rise
        tail = match.end() + 1 if text.startswith("+", match.end()) else match.end()
        after = " ".join(text[tail : min(hi, tail + 48)].lower().split()[:5])
        before = " ".join(text[max(lo, match.start() - 90) : match.start()].lower().split()[-12:])
        # "by more than 47 percent": a qualifier, not "more" of something
        before = _QUALIFIER_END.sub("", before)
        reading = _percent_reading(after, before, sign, _list_head(text, lo, match.start()))
        if reading is None and _BY_END.search(before):
            # "can reduce the latency for chat and code generation in Gemini Code Assist
            # (GCA) by up to 30%": the verb "by" completes may stand further back in its clause
            reading = _percent_reading(after, _clause_before(text, lo, match.start()), sign)
        if _remaining(before, after):
            reading = "percent-remaining"  # "降至原延迟的 20%", "to 20% of the original": 5x
        elif reading == "percent-share" and _SHARE_REMOVED.match(
            " ".join(text[match.end() : min(hi, match.end() + 80)].lower().split()[:9])
        ):
            reading = "percent-reduction"  # "4.4% of latency in TTFT is reduced": that much less
        yield match, reading, high, low, after, before


_TO_ORIGINAL = re.compile(r"[至到]\s?原(?:来|來|先|本)?(?:\s?[^\s\d]+)?\s?的\s?~?$")
_TO_BEFORE = re.compile(r"\bto(?:\sas\slow\sas|\sonly|\sjust|\sabout|\sroughly|\saround)?\s?~?$")
_OF_ORIGINAL = re.compile(
    r"of\s(?:the\s|its\s|their\s)?(?:original|baseline|previous|prior|former)\b|of\swhat\sit\swas"
)


def _remaining(before: str, after: str) -> bool:
    """Whether a percentage is what is left of a time, not what was taken off it: "可降至原延迟的
    20%" (down to 20 % of the original latency), "drops to 20% of the original"."""
    if _RATE.search(before) or _SPEED.search(before):
        return False  # "throughput fell to 80% of the original": a rate left, a slowdown
    return bool(
        _TO_ORIGINAL.search(before) or (_TO_BEFORE.search(before) and _OF_ORIGINAL.match(after))
    )


_SPREAD_SIGN = re.compile(r"(?:±|\+/-?|\+-)\s?$")
_QUALIFIER_END = re.compile(r"\s?\b(?:more|less|fewer)\sthan$")
_BY_END = re.compile(
    r"\bby(?:\s(?:up\sto|about|around|roughly|nearly|almost|over|some|as\smuch\sas))*\s?~?$"
)
_CLAUSE_BREAK = re.compile(r"[.!?;]\s|\d")


def _clause_before(text: str, lo: int, start: int) -> str:
    """The words before ``start`` back to the sentence's start or the figure before it
    (at most 240 characters), lower case."""
    window = text[max(lo, start - 240) : start]
    breaks = list(_CLAUSE_BREAK.finditer(window))
    return " ".join(window[breaks[-1].end() if breaks else 0 :].lower().split())


def header_cell(text: str, lo: int, at: int, header: str) -> str | None:
    """The header cell above position ``at`` of a table row that starts at ``lo``, flattened
    as "a | b | c" under a header of as many cells; None when the row and the header do not
    line up."""
    cells = header.split("|")
    index = text.count("|", lo, at)
    if len(cells) < 2 or index >= len(cells):
        return None
    return cells[index]


def header_cells(text: str, lo: int, starts: Sequence[int], header: str) -> Iterator[str | None]:
    """``header_cell`` for each of ``starts`` (in text order) of one row, the header split
    once and the row's separators counted as it is walked: a row of many cells costs its
    length, not its length times its cells."""
    columns = header.split("|")
    index, counted = 0, lo
    for at in starts:
        index += text.count("|", counted, at)
        counted = at
        yield columns[index] if len(columns) >= 2 and index < len(columns) else None


def row_cell(text: str, row: Span, figure: Span) -> Span | None:
    """The cell of a table row flattened as "a | b | c" (``row``) that holds ``figure``, its
    separators left out; None when the text has no separator either side of it."""
    start = text.rfind("|", row.start, figure.start)
    end = text.find("|", figure.end, row.end)
    if start < 0 and end < 0:
        return None
    return Span(row.start if start < 0 else start + 1, row.end if end < 0 else end)


def _column(text: str, lo: int, candidate: Candidate, header: str) -> str:
    """The header cell above ``candidate``; "" when the row and the header do not line up. A
    bare change column ("| Tokens/s OFF → ON | Δ |") names what the column before it holds:
    a change of that quantity."""
    cell = (header_cell(text, lo, candidate.span.start, header) or "").strip()
    if _DELTA_CELL.fullmatch(cell):
        cells = header.split("|")
        index = text.count("|", lo, candidate.span.start)
        if 0 < index < len(cells):
            return f"{cells[index - 1].strip()} {cell}"
    return cell


_DELTA_CELL = re.compile(
    r"[*_]*(?:Δ|∆|delta|change|diff|(?:vs\.?|versus)\s?[\w.-]+|relative(?:\sto\s[\w.-]+)?|"
    r"(?:相对|相比)\w{0,6})\s?%?[*_]*",
    re.IGNORECASE,
)
"""A bare change column: "Δ", "diff", or the change against one side ("vs sync", "相对同步",
relative to the synchronous run)."""


def _with_header(candidate: Candidate, header: str, column: str = "") -> Candidate:
    """A percentage the row's own words do not read, or read only as "more" of something
    unnamed ("+158.7 %"), takes its reading from the header ("Speedup"); "more" in a column of
    a rate is the rate rising. A percentage cut in a column of a rate ("Throughput overhead |
    −6.5%") is the rate falling: no speedup."""
    if candidate.form != "percent" or candidate.percent is None:
        return candidate
    if (
        candidate.reading == "percent-reduction"
        and _RATE.search(column)
        and not _TIMES.search(column)
    ):
        high, low = candidate.percent
        return _percent_at(candidate.span, "percent-rate-reduction", high, low)
    if candidate.reading not in {None, "percent-more"}:
        return candidate
    if candidate.reading == "percent-more" and _RATE.search(column) and not _TIMES.search(column):
        high, low = candidate.percent  # "| Throughput vs no-offload |" over "+53%"
        return _percent_at(candidate.span, "percent-increase", high, low)
    reading = _column_reading(column)
    if reading is None and _percent_reading(column, "", False) == "ambiguous-percent":
        # "| コスト削減率 | TTFT改善率 |" over "9.5%": the column's own word, "improvement",
        # reads either way, and the cost column's "reduction" does not settle it
        high, low = candidate.percent
        return _percent_at(candidate.span, "ambiguous-percent", high, low)
    if reading is None and "%" in column:
        # "| **Speedup** | Cache OFF Prefill % |": a column of shares of something, under a
        # header whose speedup is another column's
        return candidate
    reading = reading or _header_reading(header)
    if candidate.reading == "percent-more" and reading not in {
        "percent-faster",
        "percent-increase",
    }:
        return candidate
    high, low = candidate.percent
    return _percent_at(candidate.span, reading, high, low)


_SPEED_COLUMN = re.compile(r"\bspeed\b")
_SAVED_COLUMN = re.compile(r"\b(?:saved|savings?|saving)\b")


def _column_reading(column: str) -> str | None:
    """The reading a percentage takes from its own header cell, when that cell names one:
    "Time Saved" over "88.4%" is a cut of the time and "Speed Improvement" over "+50%" a speed
    gain, whatever the table's other columns ("Speedup", "Memory Reduction") say."""
    if not column:
        return None
    if _SAVED_COLUMN.search(column) and _TIMES.search(column):
        return "percent-reduction"
    if _FASTER.search(column):
        return "percent-faster"
    reading = _percent_reading(column, "", False)
    speed = {"percent-more", "percent-increase", "ambiguous-percent"}
    if reading in speed and _SPEED_COLUMN.search(column):
        return "percent-faster"
    return None if reading == "ambiguous-percent" else reading


def _header_reading(header: str) -> str | None:
    """The reading the header row as a whole gives: its cells read as one run of words (a cell
    ends a row's own words, not these)."""
    if _FASTER.search(header):
        return "percent-faster"
    return _percent_reading(header.replace("|", " "), "", False)


def _percent(
    match: re.Match[str],
    reading: str | None,
    high: float,
    low: float | None,
    after: str,
    before: str,
) -> Candidate:
    return _percent_at(_at(match), reading, high, low)


def _percent_at(span: Span, reading: str | None, high: float, low: float | None) -> Candidate:
    raw = (high, low)
    if reading == "percent-reduction":
        if high >= 100:
            return Candidate("percent", span, None, reading="percent-impossible", percent=raw)
        value = round(1 / (1 - high / 100), 2)
        low_value = round(1 / (1 - low / 100), 2) if low is not None else None
        return Candidate("percent", span, value, low=low_value, reading=reading, percent=raw)
    if reading == "percent-remaining":
        smallest = low if low is not None else high
        if smallest <= 0:
            return Candidate("percent", span, None, reading="percent-impossible", percent=raw)
        value = round(100 / smallest, 2)
        low_value = round(100 / high, 2) if low is not None else None
        return Candidate("percent", span, value, low=low_value, reading=reading, percent=raw)
    if reading in {"percent-faster", "percent-increase"}:
        low_value = round(1 + low / 100, 2) if low is not None else None
        return Candidate(
            "percent", span, round(1 + high / 100, 2), low=low_value, reading=reading, percent=raw
        )
    return Candidate("percent", span, None, reading=reading, percent=raw)


def _reading_after(words: str) -> str | None:
    """The reading word nearest after the figure."""
    found = [
        (m.start(), order, kind)
        for order, (kind, rx) in enumerate(_READINGS)
        if (m := rx.search(words)) is not None
    ]
    return min(found)[2] if found else None


def _reading_before(words: str) -> str | None:
    """The reading word nearest before the figure."""
    found = [
        (m.end(), -order, kind)
        for order, (kind, rx) in enumerate(_READINGS)
        for m in rx.finditer(words)
    ]
    return max(found)[2] if found else None


_SPEEDS_UP_BY = re.compile(
    r"\bspeed(?:s|ed|ing)?\sup\s(?:[\w-]+\s){0,4}?by(?:\s(?:up\sto|about|around|roughly|nearly|"
    r"almost|over|some))*\s?~?$"
)
_SAVES = re.compile(
    r"\b(?:sav(?:e|es|ed|ing)|cuts?|cutting|eliminat\w*|remov\w*|shav(?:e|es|ed|ing)|trims?|"
    r"trimmed|slash\w*)(?:\s(?:up\sto|about|around|roughly|nearly|almost|over|some|more\sthan))*\s?~?$"
)
"""A verb that takes a share away just before the figure: "saves up to 90% of the latency"."""
_SHARE_REMOVED = re.compile(
    r"of\s(?:the\s)?(?:[\w-]+\s){0,4}?(?:is|was|are|were|gets?|got)\s(?:\w+\s)?"
    r"(?:reduced|cut|saved|eliminated|removed|shaved)\b"
)


def _list_head(text: str, lo: int, start: int) -> str:
    """The words before the colon that opens a list the figure at ``start`` is an item of
    ("throughput above the no-offload baseline for all offload types: fs-offload +212.7%,
    cpu+fs-offload-20k +189.1%"), in its sentence and within 300 characters; "" when none."""
    colon = text.rfind(":", max(lo, start - 300), start)
    if colon < 0 or _SENTENCE_END.search(text, colon, start):
        return ""
    head = _SENTENCE_END.split(text[max(lo, colon - 90) : colon])[-1]
    return " ".join(head.lower().split()[-12:])


_SENTENCE_END = re.compile(r"[.!?]\s")


def _percent_reading(after: str, before: str, minus: bool, head: str = "") -> str | None:
    if after.startswith("of ") and not minus:
        if _SAVES.search(before) and _TIMES.search(" ".join(after.split()[:5])):
            return "percent-reduction"  # "saves 90% of the time to first token": that much less
        return "percent-share"  # "97.5% of the median TTFT gain": a share, not a change
    near = after + " | " + before
    # A rate named right beside the figure makes it a rate: "75% more requests", "TPS +40%".
    # A table's cell ends the figure's own words: "| hit rate | prefill latency ↓30-70% |"
    # The next figure starts words of its own: "TTFT 89.6% reduction 7.35x higher throughput"
    own_after = re.split(
        r"[,;:()|]|\b(?:and|with|using|via)\b|\s[\d.]+\s?[x×%]", after, maxsplit=1
    )[0]
    own_before = re.split(r"[,;:()|]|\band\b", before)[-1]
    own_a, own_b = " ".join(own_after.split()[:4]), " ".join(own_before.split()[-5:])
    own = own_a + " | " + own_b
    rate = _RATE.search(own)
    # A speed whose own words name no time makes the share a rate's: "response speed improved
    # by 67%" rose, "response speed dropped by 20%" fell; one after a cut is what the cut kept
    # ("cuts TTFT by 40% while maintaining generation speed"), and one with a time between is
    # the time's ("improves response speed by lowering latency by 50%")
    speed_before = _SPEED.search(own_b) is not None and not _TIMES.search(own_b)
    speed_after = _SPEED.search(own_a) is not None and not _TIMES.search(own_a)
    if rate is None and not _TIMES.search(near):
        # "large throughput gains: 0.6B +48.4%, 8B +103.6%", and further items of such a list
        rate = _RATE.search(before) or _RATE.search(head)
    # The reading word nearest the figure decides: "32.7% higher throughput despite lower
    # utilization" is an increase.
    kind = "reduction" if minus else _reading_after(own_after) or _reading_before(before)
    if kind in {"increase", "ambiguous"} and _SPEEDS_UP_BY.search(before):
        return "percent-faster"  # "speeds up time-to-first-token by up to ~85%": 85% faster
    if kind == "reduction":
        return "percent-rate-reduction" if rate or speed_before else "percent-reduction"
    if kind == "faster":
        return "percent-faster"
    speed = speed_before or speed_after
    if kind == "increase":
        return "percent-increase" if rate or speed else "percent-more"
    if kind == "ambiguous":
        return "percent-increase" if rate or speed else "ambiguous-percent"
    return None


def _pairs(text: str, lo: int, hi: int, lowered: str) -> Iterator[Candidate]:
    """Before/after pairs that share a unit: "from 57 to 2.1 seconds", "1797 → 983 ms",
    "2,742 tok/s to 6,423 tok/s". Times fall (the factor is before ÷ after), rates rise."""
    for match in _scan("time_pair", text, lo, hi, lowered):
        unit2 = match.group("unit2")
        yield from _falling(match, match.group("unit1") or unit2, unit2)
    for match in _scan("time_pair_from", text, lo, hi, lowered):
        unit = match.group("unit1")  # "from 22 seconds to 2": the unit is said once
        yield from _falling(match, unit, unit)
    for match in _scan("rate_pair", text, lo, hi, lowered):
        first, second = parse_number(match.group(1)), parse_number(match.group(3))
        if first > 0 and second > first:
            yield Candidate(
                "rate_pair",
                _at(match),
                round(second / first, 2),
                reading="rates",
                before=first,
                after=second,
            )


def _falling(match: re.Match[str], unit1: str, unit2: str) -> Iterator[Candidate]:
    """A before → after pair of times whose after is the shorter: the factor is their ratio."""
    first = parse_number(match.group(1)) * _seconds(unit1)
    second = parse_number(match.group(3)) * _seconds(unit2)
    span = _at(match)
    minutes = minutes_before(match.string, 0, match.start(1)) if _seconds(unit1) == 1 else None
    if minutes is not None:  # "from 1m 30s to 12s": the first time is 90 s
        span, first = Span(min(span.start, minutes[0]), span.end), minutes[1] + first
    if first > second > 0:
        yield Candidate(
            "time_pair",
            span,
            round(first / second, 2),
            reading="times",
            before=first,
            after=second,
        )


def _seconds(unit: str) -> float:
    """Seconds per unit: ``ms``/``msec``/``milliseconds`` → 0.001, ``min`` → 60, else 1."""
    unit = unit.lower()
    if unit.startswith(("ms", "milli")):
        return 1e-3
    if unit.startswith("min"):
        return 60.0
    return 1.0
