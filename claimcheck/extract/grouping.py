"""One prose unit (a paragraph, list item or table row) → its claims.

Candidates are found per sentence, weighed (``evidence``) and decided (``scoring``). Kept
factors are grouped into claims: factors of one clause, or of clauses that name no other setup
or metric, are one claim (a list: "up to 20x and 6x"); a factor whose clause names another GPU
or model, or another metric, starts its own claim ("14x on H100 and 28x on GH200"). Each
claim's fields (model, GPUs, context, times, tier, power) come from its own clauses first;
a figure in a clause no claim owns goes to the nearest claim, and no claim borrows another's.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

import msgspec
from msgspec import field
from msgspec.structs import replace

from claimcheck.documents.tables import column_unit
from claimcheck.extract import mentions, named_setup
from claimcheck.extract.candidates import (
    Candidate,
    candidates,
    header_cell,
    header_cells,
    row_cell,
)
from claimcheck.extract.clauses import clause_of, clause_spans
from claimcheck.extract.evidence import (
    BASELINE_AFTER,
    Fact,
    Frame,
    Page,
    cache_off_topic,
    cause_elsewhere,
    facts,
    header_metric,
    kv_mechanism_in,
    metric_named,
    metric_near,
    plus_after,
    technique_named,
)
from claimcheck.extract.lexicon import CUE_NAMES, METRICS, pattern, search
from claimcheck.extract.mentions import Found
from claimcheck.extract.numbers import parse_number
from claimcheck.extract.prefilter import candidate as might_hold_a_factor
from claimcheck.extract.scoring import Decision, decide, settle_overlaps
from claimcheck.extract.types import Extraction, Span

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog

SentenceSplitter = Callable[[str, int, int], list[tuple[int, int]]]

MAX_SENTENCES = 8
"""A unit longer than this is read in windows of this many sentences: a claim's fields sit
within a few sentences of each other, and the windows keep the work linear in the text."""


class Context(msgspec.Struct, frozen=True):
    """What frames a unit: a table's header row, the page's title and section heading, whether
    the user passed the text as a claim, and the catalog that names models and GPUs."""

    hint: str = ""
    topic: str = ""
    explicit: bool = False
    catalog: Catalog | None = None
    page: Page = ""


class _Factor(msgspec.Struct):
    decision: Decision
    clause: Span
    sentence: Span
    metric: tuple[str, Span] | None = None  # set by "respectively"
    header: str = ""  # the header row above the factor's table row, if any

    @property
    def span(self) -> Span:
        return self.decision.candidate.span

    @property
    def value(self) -> float | None:
        return self.decision.candidate.value


class _Group(msgspec.Struct):
    factors: list[_Factor] = field(default_factory=list)
    metric: tuple[str, Span] | None = None
    setup: dict[str, str] = field(default_factory=dict)
    clauses: set[Span] = field(default_factory=set)

    def add(self, factor: _Factor) -> None:
        self.factors.append(factor)
        self.clauses.add(factor.clause)


class _Unit(msgspec.Struct):
    """What every claim of a window asks of the whole unit, scanned once per window (a
    paragraph of hundreds of claims must not be scanned once for each)."""

    text: str
    span: Span
    _cue_memo: dict[tuple[bool, bool], dict[str, Span]] = field(default_factory=dict)
    _metric_memo: list[tuple[str, Span] | None] = field(default_factory=list)

    def cues(self, decode: bool, has_tier: bool) -> dict[str, Span]:
        key = (decode, has_tier)
        if key not in self._cue_memo:
            self._cue_memo[key] = _cues(self.text, self.span.start, self.span.end, decode, has_tier)
        return dict(self._cue_memo[key])

    def metric(self) -> tuple[str, Span] | None:
        """The first metric named in the unit, in the order of ``METRICS``."""
        if not self._metric_memo:
            self._metric_memo.append(_first_metric(self.text, self.span))
        return self._metric_memo[0]


def unit_claims(
    text: str, lo: int, hi: int, split: SentenceSplitter, context: Context
) -> tuple[list[Extraction], list[Decision]]:
    """The claims of ``text[lo:hi]`` and every candidate decision behind them."""
    spans = split(text, lo, hi)
    claims: list[Extraction] = []
    decisions: list[Decision] = []
    for first in range(0, len(spans), MAX_SENTENCES):
        window = [Span(s, e) for s, e in spans[first : first + MAX_SENTENCES]]
        found, decided = _window(text, window, context)
        claims += found
        decisions += decided
    return claims, decisions


def _window(
    text: str, sentences: list[Span], context: Context
) -> tuple[list[Extraction], list[Decision]]:
    unit = Span(sentences[0].start, sentences[-1].end)
    header = _header(text, sentences, context)
    factors: list[_Factor] = []
    decisions: list[Decision] = []
    previous_kept = False
    for sentence in sentences:
        if not might_hold_a_factor(text, sentence.start, sentence.end):
            previous_kept = False
            continue
        hint = header if header and sentence.start > unit.start else context.hint
        found = candidates(text, sentence.start, sentence.end, hint)
        clauses = clause_spans(text, sentence.start, sentence.end, [c.span for c in found])
        frames = [
            Frame(
                text,
                _near(clause_of(clauses, c.span), c.span, REACH),
                _near(sentence, c.span, REACH),
                _near(unit, c.span, 3 * REACH),
                hint,
                context.topic,
                context.explicit,
                context.page,
            )
            for c in found
        ]
        evidence = [facts(c, f) for c, f in zip(found, frames, strict=True)]
        decided = settle_overlaps([decide(c, e) for c, e in zip(found, evidence, strict=True)])
        if previous_kept and not any(d.kept for d in decided):
            # "TTFT improved as much as 20x. Smaller models saw 6x.": a bare figure right after a
            # claim continues it.
            after = Fact("after-a-claim", "the sentence before holds a claim")
            decided = settle_overlaps(
                [decide(c, [*e, after]) for c, e in zip(found, evidence, strict=True)]
            )
        decisions += decided
        kept = [
            _Factor(d, f.clause, sentence, header=hint)
            for d, f in zip(decided, frames, strict=True)
            if d.kept
        ]
        factors += _respectively(text, sentence, kept)
        previous_kept = any(d.kept for d in decided)
    groups = _groups(text, factors, context)
    if not groups:
        times = _times_only(text, sentences, unit, context)
        return ([times] if times is not None else []), decisions
    scanned = _Unit(text, unit)
    claims = [
        _claim(text, g, region, sentences, scanned, context)
        for g, region in zip(groups, _regions(groups, unit), strict=True)
    ]
    return [c for c in claims if c is not None], decisions


REACH = 400
"""Evidence is read at most this many characters from a candidate in its clause and sentence
(three times as far in its unit): a "sentence" of 64 KB (a table flattened to one line, or an
attack) costs each candidate the same as an ordinary one."""


def _near(span: Span, around: Span, reach: int) -> Span:
    return Span(max(span.start, around.start - reach), min(span.end, around.end + reach))


def _header(text: str, sentences: list[Span], context: Context) -> str:
    """A first line without figures that names a metric or a KV cue, above lines with figures,
    is a table's header: it frames the rows below it like a Markdown table's header row."""
    if context.hint or len(sentences) < 2:
        return ""
    first = sentences[0]
    line = text[first.start : first.end]
    if any(ch.isdigit() for ch in line) or "\n" not in text[first.end : sentences[1].start + 1]:
        return ""
    if pattern("cue_any").search(line) is None:
        return ""
    return line


_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)


def _respectively(text: str, sentence: Span, kept: list[_Factor]) -> list[_Factor]:
    """ "reduces P50 TTFT and E2E latency by 46x and 8.6x, respectively": the k-th figure of
    the closing list belongs to the k-th metric named just before the list; a figure that
    belongs to a quantity that is no speed (FLOPs, memory, cost) is dropped."""
    if len(kept) < 2 or not _RESPECTIVELY.search(text, sentence.start, sentence.end):
        return kept
    ordered = sorted(kept, key=lambda f: f.span.start)
    run = [ordered[-1]]
    for factor in reversed(ordered[:-1]):
        if run[0].span.start - factor.span.end > 8:
            break
        run.insert(0, factor)
    before = [f for f in ordered if f.span.end <= run[0].span.start]
    start = before[-1].span.end if before else sentence.start
    named = sorted(
        (match.start(), match.end(), name)
        for name in (*METRICS, "not_speed")
        for match in pattern(name if name == "not_speed" else f"metric_{name}").finditer(
            text, start, run[0].span.start
        )
    )
    merged: list[tuple[int, int, str]] = []
    for item in named:  # "E2E latency" is one metric, not two
        if merged and item[0] <= merged[-1][1] + 1:
            continue
        merged.append(item)
    if len(run) < 2 or len(merged) != len(run) or all(n == "not_speed" for *_, n in merged):
        return kept
    other = []
    for factor, (lo, hi, name) in zip(run, merged, strict=True):
        if name == "not_speed":  # "the TTFT and FLOPs are reduced by 98.7% and 99.8%"
            other.append(factor)
        else:
            factor.metric = (name, Span(lo, hi))
    return [f for f in kept if f not in other]


def _own_setup(text: str, clause: Span, catalog: Catalog | None) -> dict[str, str]:
    """The GPU, model and context a clause names itself: what makes two factors two claims
    ("27x at 128K and 8x at 32K")."""
    named: dict[str, str] = {}
    gpus = named_setup.gpus(text, clause.start, clause.end, catalog)
    if gpus:
        named["gpu"] = gpus[0].gpu
    models = named_setup.models(text, clause.start, clause.end, catalog)
    if models:
        named["model"] = models[0].name
    contexts = mentions.tokens(text, clause.start, clause.end)
    if contexts:
        named["context"] = str(contexts[0].value)
    percentiles = {
        _SAME_PERCENTILE.get(m.group().lower(), m.group().lower())
        for m in _PERCENTILE.finditer(text, clause.start, clause.end)
    }
    if len(percentiles) == 1:
        # "58% faster (Mdn), 34% faster (p95)": a median and a tail are two claims
        named["percentile"] = percentiles.pop()
    return named


def baseline_of(text: str, factor: Span, clause: Span) -> tuple[str, Span] | None:
    """What a factor is measured against, when its own clause says so right after it ("3x
    faster than vLLM's prefix cache", "10x over recomputing the prefix")."""
    match = BASELINE_AFTER.search(text, factor.end, min(clause.end, factor.end + 80))
    if match is None:
        return None
    what = match.group("what").strip()
    if pattern("metric_ttft").fullmatch(what) or re.match(r"(?:an?|the)\s+\d", what, re.IGNORECASE):
        return None  # "over a 128K context" is where, not what, it was measured against
    return what, Span(match.start("what"), match.end("what"))


def _groups(text: str, factors: list[_Factor], context: Context) -> list[_Group]:
    """Factors into claims. Two factors against different baselines ("3x faster than vLLM and
    10x faster than recompute") are two claims, each with its baseline."""
    groups: list[_Group] = []
    setups: dict[Span, dict[str, str]] = {}  # factors of one clause ask the same question
    for factor in sorted(factors, key=lambda f: f.span.start):
        if factor.clause not in setups:
            setups[factor.clause] = _own_setup(text, factor.clause, context.catalog)
        own = dict(setups[factor.clause])
        at = _context_after(text, factor.span, factor.clause)
        if at is not None:
            own["context"] = at
        against = baseline_of(text, factor.span, factor.clause)
        if against is not None:
            own["baseline"] = against[0].lower()
        metric = factor.metric or metric_near(text, factor.span, factor.clause)
        if metric is None and context.hint:
            # "| +53% | −47% |" under "Throughput vs no-offload | TTFT vs no-offload": each
            # cell's own column names its metric
            column = header_cell(text, factor.sentence.start, factor.span.start, context.hint)
            named = metric_named(column) if column is not None else None
            metric = (named, factor.span) if named is not None else None
        current = groups[-1] if groups else None
        if current is not None and (
            _another_column(text, factor, current)
            # "speedup grew from 1.7x at 1,000 tokens to 2.7x at 2,500 tokens": a factor with
            # a prompt length of its own is a claim at that length
            or (at is not None and current.setup.get("context") != at)
        ):
            groups.append(_Group([factor], metric, own, {factor.clause}))
            continue
        if current is not None and factor.clause in current.clauses:
            current.add(factor)
            current.setup = {**own, **current.setup}
            continue
        beaten = _BEATS.search(text, factor.clause.start, factor.span.start)
        if (
            current is not None
            and beaten is not None
            and "baseline" not in current.setup
            and all(f.sentence != factor.sentence for f in current.factors)
        ):
            # "… 32.6 s vs 36.1 s (-10%) … `eic_hit` beats `eic_cold` by 3.4x": a sentence
            # of its own against a baseline of its own is another comparison
            groups.append(_Group([factor], metric, own, {factor.clause}))
            continue
        if current is not None and not _differs(current, own, metric):
            current.add(factor)
            current.setup = {**own, **current.setup}
            if current.metric is None:
                current.metric = metric
            continue
        groups.append(_Group([factor], metric, own, {factor.clause}))
    return [part for group in groups for part in _each_gain(text, group)]


_SAME_GAIN = 0.03
"""Two stated factors closer than this (relative) are two wordings of one gain ("4x faster
(-75%)", "| 3.0x |" beside the 3.03x its tok/s imply); further apart they are two gains."""


def _each_gain(text: str, group: _Group) -> list[_Group]:
    """A group's stated factors, one claim for each gain they state: "prefill GPU time cut
    36% / 53% / 64%" on three workloads, "1.83x over HiCache, 2.91x over the GPU-only
    baseline", "TTFT 1.24 s → 0.18 s, throughput 230 → 420 req/s" are each a claim audited on
    its own, not a headline with the others folded under it. Two wordings of one gain stay
    one claim; a pair of times joins the gain it agrees with (or the first)."""
    stated = [
        f for f in group.factors if f.value is not None and f.decision.candidate.form != "time_pair"
    ]
    gains: list[list[_Factor]] = []
    for factor in stated:
        same = next(
            (g for g in gains if _one_gain(text, g[0], factor) or _range_ends(text, g[-1], factor)),
            None,
        )
        if same is None:
            gains.append([factor])
        else:
            same.append(factor)
    if len(gains) < 2:
        return [group]
    for factor in group.factors:
        if factor in stated:
            continue
        home = next((g for g in gains if _close(g[0], factor)), gains[0])
        home.append(factor)
    out = []
    for gain in gains:
        gain.sort(key=lambda f: f.span.start)
        first = gain[0]
        metric = first.metric or metric_near(text, first.span, first.clause) or group.metric
        out.append(_Group(gain, metric, dict(group.setup), {f.clause for f in gain}))
    return out


_RANGE_LINK = re.compile(r"\s*(?:to|~|〜|～|-|–|—|到|至|から|에서)\s*", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s(?:\S+\s){0,2}$", re.IGNORECASE)
_AND = re.compile(r"\s*and\s*")


def _range_ends(text: str, first: _Factor, other: _Factor) -> bool:
    """Two figures written as the ends of one range ("TTFT 降幅从 67% 到 93%", "between 2x and
    5x"): one gain, at its high end."""
    if first.span.end > other.span.start:
        return False
    if _RANGE_LINK.fullmatch(text, first.span.end, other.span.start) is not None:
        return True
    return (
        _AND.fullmatch(text, first.span.end, other.span.start) is not None
        and _BETWEEN.search(text[max(0, first.span.start - 24) : first.span.start]) is not None
    )


def _one_gain(text: str, first: _Factor, other: _Factor) -> bool:
    """Two wordings of one gain: one value said again, or close values in two forms ("4x
    faster (-75%)") of one metric. Two close figures of one form ("1.37x lower TTFT and 1.40x
    higher throughput", "+194.2% and +196.2%" for two setups) are two measurements."""
    if not _close(first, other):
        return False
    if first.value == other.value:
        return True  # one figure said again
    if first.decision.candidate.form == other.decision.candidate.form:
        return False
    metrics = {
        m[0] for f in (first, other) if (m := f.metric or metric_near(text, f.span, f.clause))
    }
    return len(metrics) < 2


def _close(first: _Factor, other: _Factor) -> bool:
    a, b = first.value, other.value
    return a is not None and b is not None and abs(a - b) <= _SAME_GAIN * max(a, b)


_BEATS = re.compile(
    r"\b(?:beats?|outperform(?:s|ed)?)\s(?:[^\s,;]+\s){0,4}?by\s(?:up\sto\s|about\s|~)?$", re.I
)


def _context_after(text: str, factor: Span, clause: Span) -> str | None:
    """The prompt length stated right after a factor, as ``_own_setup`` names it: "1.7x at
    1,000 tokens", "2.2x speedup on 32K context"; None when none follows within a few words."""
    found = mentions.tokens(text, factor.end, min(clause.end, factor.end + _AFTER_REACH))
    if found and _BEFORE_COUNT.fullmatch(text, factor.end, found[0].span.start):
        return str(found[0].value)
    return None


_AFTER_REACH = 48
_BEFORE_COUNT = re.compile(
    r"(?:\s[\w-]+){0,2}?\s(?:at|on|for|with|in)\s(?:an?\s|the\s)?(?:~|about\s)?", re.IGNORECASE
)


def _another_column(text: str, factor: _Factor, group: _Group) -> bool:
    """In a table row, a stated factor under a parallel column to the claim's first figure,
    of the same form and another value, is a claim of its own: "| +9.5% | +22.3% |"
    under "| v0.4.0 nat-20k | v0.5.1 nat-20k |" are two versions' gains, "| 2.42x | 7.24x |"
    under "| Small (1K tok) | Medium (5K tok) |" two prompt lengths'. Columns are parallel
    when their headers share a word other than a metric's name (a page's opening may name
    the metric of every column) and neither names a quantity other than speed (a cost, a
    memory, a hit rate). A pair of times and the factor it implies stay one claim, as do two
    wordings of one value ("| 4x faster | -75% |") and a figure beside its target."""
    form, hint = factor.decision.candidate.form, factor.header
    if not hint or factor.value is None or form == "time_pair":
        return False
    column = header_cell(text, factor.sentence.start, factor.span.start, hint)
    if column is None or pattern("not_speed").search(column):
        return False
    first = group.factors[0]  # the claim's first figure: one comparison a factor
    if (
        first.sentence != factor.sentence
        or first.value is None
        or first.decision.candidate.form != form
        or first.value == factor.value
    ):
        return False
    above = header_cell(text, first.sentence.start, first.span.start, hint)
    return (
        above is not None
        and above != column
        and bool(_header_words(column) & _header_words(above))
        and not pattern("not_speed").search(above)
    )


def _header_words(cell: str) -> set[str]:
    """The words of a header cell, in lower case, less numbers, one-letter words and metrics."""
    return {w for w in re.findall(r"[^\W\d_]{2,}", cell.lower()) if metric_named(w) is None}


def _differs(group: _Group, own: dict[str, str], metric: tuple[str, Span] | None) -> bool:
    """Does a factor whose clause names ``own`` setup and ``metric`` belong to another claim?"""
    if any(group.setup.get(k) not in (None, v) for k, v in own.items()):
        return True
    return metric is not None and group.metric is not None and metric[0] != group.metric[0]


def _head(group: _Group) -> _Factor:
    """The headline: the largest stated factor; a pair of times only when nothing else is,
    and then the first pair given (a mean before its P99)."""
    stated = [
        f for f in group.factors if f.value is not None and f.decision.candidate.form != "time_pair"
    ]
    if not stated:
        return next((f for f in group.factors if f.value is not None), group.factors[0])
    return max(stated, key=lambda f: f.value or 0.0)


def _claim(
    text: str,
    group: _Group,
    mine: list[Span],
    sentences: list[Span],
    scanned: _Unit,
    context: Context,
) -> Extraction | None:
    """The claim of ``group``, its fields read from ``mine`` (its region of the unit)."""
    unit = scanned.span
    values: dict[str, object] = {}
    spans: dict[str, Span] = {}
    extras: dict[str, object] = {}
    readings: list[str] = []

    def put(name: str, value: object, span: Span) -> None:
        values[name] = value
        spans[name] = span

    head = _head(group)
    cand = head.decision.candidate
    valued = [
        f for f in group.factors if f.value is not None and f.decision.candidate.form != "time_pair"
    ]
    if cand.form == "time_pair" and cand.before is not None and cand.after is not None:
        put("baseline_seconds", cand.before, cand.span)
        put("cached_seconds", cand.after, cand.span)
    elif cand.value is not None:
        put("speedup", cand.value, cand.span)
        if cand.low is not None:
            put("speedup_low", cand.low, cand.span)
        if cand.reading:
            if cand.reading.startswith("percent-"):
                extras["speedup_reading"] = cand.reading
            readings.append(_reading_text(text, cand))
    elif cand.reading == "ambiguous-percent":
        extras["speedup_reading"] = "ambiguous-percent"
        readings.append(_reading_text(text, cand))
    if len(valued) > 1:
        extras["speedups"] = [f.value for f in valued]
        others = ", ".join(f"{f.value:g}x" for f in valued if f is not head)
        readings.append(
            f"several factors quoted ({others} besides {head.value:g}x); the largest is the headline"
        )
    against = baseline_of(text, head.span, head.clause)
    if against is not None:
        extras["baseline"] = against[0]
        readings.append(
            f"'{text[head.span.start : head.span.end]}' is measured against {against[0]}"
        )
    qualifier = _qualifier_of(text, group, head)
    if qualifier is not None:
        put("speedup_qualifier", qualifier[0], qualifier[1])
    metric = _metric(text, group, head, scanned, context.hint)
    if metric is not None:
        name, where = metric
        put("metric", _metric_value(name), where)
    _setup_fields(text, mine, head.span, put, extras, readings, context.catalog)
    if "baseline_seconds" not in values:
        times = _times(
            text, _times_region(text, mine, head, valued, scanned.span), head.span, context.hint
        )
        if times is not None and not _times_of_another(text, times, head, mine):
            put("baseline_seconds", times[0].value, times[0].span)
            put("cached_seconds", times[1].value, times[1].span)
    if extras.get("speedup_reading") == "percent-faster":
        _faster_as_its_times_say(text, cand, values, extras, readings)
    if (
        "speedup" not in values
        and "baseline_seconds" not in values
        and "speedup_reading" not in extras
    ):
        return None
    cues = _framed_cues(scanned.cues(values.get("metric") == "decode", "tier" in values), context)
    claim_sentences = [
        s for s in sentences if any(s.start <= f.span.start < s.end for f in group.factors)
    ]
    span = Span(claim_sentences[0].start, claim_sentences[-1].end) if claim_sentences else unit
    return Extraction(
        span=span,
        values=values,
        spans=spans,
        cues=cues,
        readings=tuple(readings),
        confidence=max(f.decision.confidence for f in group.factors),
        extras=extras,
    )


def _metric_value(name: str) -> str:
    """A claim's metric: plain "latency" names no particular one."""
    return "unspecified" if name == "latency" else name


def _regions(groups: list[_Group], unit: Span) -> list[list[Span]]:
    """The text each claim may take its fields from: its own clauses, then what lies outside
    every claim's clauses and is nearer to its headline than to any other claim's (the first
    claim at equal distance)."""
    if len(groups) == 1:
        return [[unit]]
    cuts = sorted({(c.start, c.end) for g in groups for c in g.clauses})
    free: list[Span] = []
    position = unit.start
    for start, end in cuts:
        if start > position:
            free.append(Span(position, start))
        position = max(position, end)
    if position < unit.end:
        free.append(Span(position, unit.end))
    owners = _nearest_heads(free, [_head(g).span for g in groups])
    regions: list[list[Span]] = [
        [Span(s, e) for s, e in sorted({(c.start, c.end) for c in g.clauses})] for g in groups
    ]
    for span, owner in zip(free, owners, strict=True):
        regions[owner].append(span)
    return regions


def _nearest_heads(spans: list[Span], heads: list[Span]) -> list[int]:
    """For each of ``spans`` (outside every claim's clauses), the index of the nearest of
    ``heads`` (the lowest index at equal distance). Headlines are kept candidates, which never
    overlap (``settle_overlaps``), so the nearest is the last one starting before the span ends
    or the first one starting after it: a bisection, not a scan of every headline."""
    order = sorted(range(len(heads)), key=lambda i: heads[i].start)
    starts = [heads[i].start for i in order]
    owners = []
    for span in spans:
        after = bisect_left(starts, span.end)
        near = [order[k] for k in (after - 1, after) if 0 <= k < len(order)]
        owners.append(min(near, key=lambda i: (_gap(span, heads[i]), i)))
    return owners


def _in(region: Sequence[Span], found: Sequence[Found]) -> list[Found]:
    return [f for f in found if any(r.start <= f.span.start < r.end for r in region)]


def _nearest(found: Sequence[Found], anchor: Span) -> Found:
    def distance(item: Found) -> int:
        span = item.span
        return (
            anchor.start - span.end if span.end <= anchor.start else max(0, span.start - anchor.end)
        )

    return min(found, key=distance)


def _count_distance(text: str, span: Span, anchor: Span) -> int:
    """How far a token count is from the figure it may measure: twice as far before it, and
    four times as far across a comma or semicolon ("for prompts exceeding 1024 tokens,
    offering up to an 80% reduction in latency for longer prompts over 10,000 tokens")."""
    before = span.end <= anchor.start
    lo, hi = (span.end, anchor.start) if before else (anchor.end, span.start)
    apart = 4 if _CLAUSE_MARK.search(text, lo, hi) else 1
    return _gap(span, anchor) * (2 if before else 1) * apart


_CLAUSE_MARK = re.compile(r"[,;]\s")
_REUSED_AFTER = re.compile(
    r"\s(?:were\s|was\s)?(?:reused|cached|matched|served\sfrom\s(?:the\s)?cache|from\s(?:the\s)?cache)\b",
    re.IGNORECASE,
)


def _setup_fields(
    text: str,
    region: list[Span],
    anchor: Span,
    put: Callable[[str, object, Span], None],
    extras: dict[str, object],
    readings: list[str],
    catalog: Catalog | None,
) -> None:
    counts = [f for r in region for f in mentions.tokens(text, r.start, r.end)]
    # "at 32k context: … 32,032 of 32,057 tokens reused": the tokens a cache served are a
    # count of the prefix, the prefix stated beside them is its length
    stated = [f for f in counts if _REUSED_AFTER.match(text, f.span.end) is None]
    counts = stated or counts
    if counts:
        count = min(counts, key=lambda f: _count_distance(text, f.span, anchor))
        put("context_tokens", count.value, count.span)
    else:
        book = next((b for r in region if (b := mentions.hobbit(text, r.start, r.end))), None)
        if book is not None:
            put("context_tokens", book.value, book.span)
            extras["context_estimated"] = True
            readings.append("'The Hobbit' read as about 128,000 tokens (an estimate)")
    named = [m for r in region for m in named_setup.models(text, r.start, r.end, catalog)]
    if named:
        model = min(named, key=lambda m: _gap(m.span, anchor))
        put("model", model.name, model.span)
        if not model.known:
            extras["model_name"] = model.name
        named = [model]
    stated = [s for r in region for s in named_setup.sizes(text, r.start, r.end, named)]
    if stated:
        size = _nearest(stated, anchor)
        put("params_billions", size.value, size.span)
    gpus = [g for r in region for g in named_setup.gpus(text, r.start, r.end, catalog)]
    if gpus:
        gpu = min(gpus, key=lambda g: _gap(g.span, anchor))
        put("gpu", gpu.gpu, gpu.span)
        counted = (
            gpu
            if gpu.count is not None
            else next((g for g in gpus if g.count is not None and g.gpu == gpu.gpu), None)
        )
        if counted is not None and counted.count is not None and counted.count_span is not None:
            put("gpu_count", counted.count, counted.count_span)
    power = next((p for r in region if (p := named_setup.power(text, r.start, r.end))), None)
    if power is not None:
        put("power_mode", power.mode, power.span)
        if power.watts is not None and power.watts_span is not None:
            put("power_watts", power.watts, power.watts_span)
    formats: dict[str, named_setup.PrecisionMention] = {}
    for found in sorted(
        (p for r in region for p in named_setup.precisions(text, r.start, r.end)),
        key=lambda p: _gap(p.span, anchor),
    ):
        formats.setdefault(found.field, found)
    for name, found in formats.items():
        put(name, found.value, found.span)
    tiers = [t for r in region for t in mentions.tiers(text, r.start, r.end)]
    if tiers:
        order = ("object", "network", "cxl", "nvme", "dram")
        tier = min(tiers, key=lambda t: (_gap(t.span, anchor) // 8, order.index(str(t.value))))
        put("tier", tier.value, tier.span)


def _gap(span: Span, anchor: Span) -> int:
    return anchor.start - span.end if span.end <= anchor.start else max(0, span.start - anchor.end)


def _metric(
    text: str, group: _Group, head: _Factor, scanned: _Unit, hint: str
) -> tuple[str, Span] | None:
    """The factor's own clause first, then any of the claim's clauses, its sentence, the unit,
    the table header. In a table row the factor's own cell comes first, then its column: a
    metric in the next cell is that cell's ("| +4.6% | −0.7% TTFT |" under "Throughput vs
    no-offload | TTFT vs no-offload")."""
    found = head.metric
    if found is None and hint:
        cell = row_cell(text, head.sentence, head.span)
        column = header_cell(text, head.sentence.start, head.span.start, hint)
        if cell is not None:
            found = metric_near(text, head.span, cell)
            named = metric_named(column) if column is not None else None
            if found is None and named is not None:
                found = (named, head.span)
    if found is None:
        found = metric_near(text, head.span, head.clause)
    if found is None:
        found = next(
            (m for f in group.factors if (m := metric_near(text, f.span, f.clause)) is not None),
            None,
        )
    if found is None:
        found = metric_near(text, head.span, head.sentence)
    if found is None:
        found = scanned.metric()
    if found is None and hint:
        named = header_metric(text, head.sentence.start, head.span.start, hint)
        if named is not None:
            found = (named, head.span)
    return found


def _first_metric(text: str, unit: Span) -> tuple[str, Span] | None:
    for name in METRICS:
        match = pattern(f"metric_{name}").search(text, unit.start, unit.end)
        if match is not None:
            return name, Span(match.start(), match.end())
    return None


def _qualifier_of(text: str, group: _Group, head: _Factor) -> tuple[str, Span] | None:
    if plus_after(text, head.span):
        return "at least", Span(head.span.end, head.span.end + 1)
    for factor in [head, *(f for f in group.factors if f is not head)]:
        name, where = mentions.qualifier(
            text, factor.span.start, factor.sentence.start, factor.span.end, factor.sentence.end
        )
        if name is not None and where is not None:
            return name, where
    return None


_RECOMPUTE = re.compile(
    r"\b(?:recomput\w*|re-?prefill\w*|uncached|non-cached|cold|(?:cache|full)\smiss|(?:without|no)\s(?:the\s|a\s)?(?:kv\s|prefix\s|prompt\s)?cach\w*|"
    # "prefix_cache=false: 118827.93 ms" (a log line); "First turn: 100ms … system prompt cached"
    r"\w*cach\w*\s?[=:]\s?(?:false|off|disabled|0)|first\s(?:turn|request|call|run|query))\b",
    re.IGNORECASE,
)
_LOAD = re.compile(
    r"\b(?:load\w*|(?:prompt|prefix|kv|cache)\sreuse|(?<!non-)cached|cache\shit|cache\s(?:is|was)\shit|warm|restor\w*|reload\w*|fetch\w*|with\s(?:the\s|a\s)?(?:kv\s|prefix\s|prompt\s)?cach\w*|"
    # "resumes in ~2 s from RAM … but costs ~88 s cold": a saved session taken up again
    r"resum(?:e|es|ed|ing)\s(?:in\s)?[~≈]?\d|"
    # "0.48s, `cached_tokens=20319/20323`": a usage field that counts tokens served from cache
    r"cached_tokens[\"'`]?\s?[=:]\s?[\"'`]?[1-9]\d*|"
    r"\w*cach\w*\s?[=:]\s?(?:true|on|enabled|1))\b",
    re.IGNORECASE,
)
_WORSE = re.compile(
    r"\b(?:slower|slowdown|worse|regress\w*|climb(?:s|ed|ing)?|increase[sd]?\s(?:in\s)?(?:the\s)?(?:ttft|latency|time|p\d\d)|"
    r"higher\s(?:ttft|latency|itl|tpot|time)|(?:ttft|latency|itl|tpot)\s(?:p\d\d\s)?(?:\w+\s)?"
    r"(?:increas\w*|grows?|grew|rises?|rose|jump\w*|spik\w*|degrad\w*)|"
    r"[x×]\s(?:the|that\sof)\s(?:[\w-]+\s){0,2}?(?:no-[\w-]+|uncached|non-cached|baseline))\b|"
    # "TTFT: +10% increase (0.122s vs 0.111s)" (https://github.com/llm-d/llm-d-kv-cache-manager)
    r"\+\s?\d[\d.,]*\s?%\s(?:increase|higher|slower|longer)\b|\bincrease[sd]?\s\(|"
    # "The first token takes ~2.4× longer than subsequent tokens (1.12ms vs 0.46ms avg)"
    r"\d[x×]\s(?:longer|slower)\b",
    re.IGNORECASE,
)
_OPENING_LABEL = re.compile(r"\W{0,4}(?:[^\W\d_][\w/-]*\s){0,3}[^\W\d_][\w/-]*\W{0,4}:\W{0,4}")
"""A label of up to four words and a colon that opens the text: what the note is filed under
("**Regression angle:** … (TTFT collapses from ~5 min to ~60 ms)"), not how its times went."""
_WORSE_LABEL = re.compile(
    r"(?:slower|slowdown|worse|regress\w*|penalty|overhead)\W*:\W*$", re.IGNORECASE
)
"""A label whose last word is a slowdown ("Slowdown:", "TTFT regression:"): the verdict on the
times after it, not a heading over them."""
_PERCENT = re.compile(r"[-−–]\s?\d[\d.]*\s?%")
_SYSTEM_PROMPT = re.compile(r"\bsystem\sprompts?\b", re.IGNORECASE)


def _times_region(
    text: str, mine: list[Span], head: _Factor, valued: list[_Factor], unit: Span
) -> list[Span]:
    """Where the headline's times are: its region, but in a table row whose cells each hold a
    factor with its times ("| TTFT 7.24x (74198.4/1020.0ms) | TTFT 19.95x (…/2686.1ms) |"),
    only the headline's own cell, so that no time of another cell's factor is paired with it."""
    cell = row_cell(text, unit, head.span)
    if cell is None or len(valued) < 2 or not mentions.durations(text, cell.start, cell.end):
        return mine
    others = [f for f in valued if not cell.start <= f.span.start < cell.end]
    return [cell] if others else mine


def _times_only(
    text: str, sentences: list[Span], unit: Span, context: Context
) -> Extraction | None:
    """Two times and no factor still make a claim when TTFT is named, the user passed the text
    as a claim, or one side is named as recompute and the other as a load ("Recomputing …
    takes 57 s; loading its KV cache takes 2.1 s")."""
    times = _times(text, [unit], None, context.hint)
    if times is None or not _one_quantity(text, unit, *times):
        return None
    # The unit and what frames it (a table's header row, the page's topic) say what the times are.
    framed = " | ".join((text[unit.start : unit.end], context.hint, context.topic))
    kv = pattern("cue_kv").search(framed) is not None
    first, second = sorted(times, key=lambda t: t.span.start)  # in text order
    linked = mentions.linked(text, first, second)
    recompute = _RECOMPUTE.search(framed) is not None and _LOAD.search(framed) is not None
    ttft = pattern("metric_ttft").search(framed) is not None
    compared = linked or kv or ttft or _PERCENT.search(text, unit.start, unit.end) is not None
    # on a page about KV caching, a cold side names the recompute ("~1 s vs. ~18 s cold-start")
    cold = context.page == "kv" and _RECOMPUTE.search(text, unit.start, unit.end) is not None
    if not (
        (context.explicit and compared)
        or (linked and (kv or ttft or cold))
        or (kv and ttft)
        or recompute
    ):
        return None
    if cache_off_topic(context.topic) and not kv_mechanism_in(text, unit):
        return None  # a section measured with the prefix cache off: its times are not its gain
    if context.page == "other" and not (kv or recompute):
        # On a page whose opening never names KV caching, TTFT words alone tie two times to no
        # cache reused, as they tie a factor to none ("First-token latency dropped from ~410 ms
        # to ~40 ms in the same swap": a dense model swapped for an MoE)
        return None
    # A later sentence that adds another feature is not the times' cause ("… drops from 30-90
    # seconds down to 1-3 seconds. … There's also TurboQuant for optional 2-8 bit KV cache
    # compression"); one that explains them is ("… it's a cold index load").
    added = next(
        (s.start for s in sentences if s.start > second.span.end and _ADDED.match(text, s.start)),
        unit.end,
    )
    through = Span(unit.start, added)
    frame = Frame(
        text, through, through, through, context.hint, context.topic, context.explicit, context.page
    )
    if cause_elsewhere(frame) is not None:
        return None  # "Docker layer caching: cut build times from 5 minutes to 30 seconds"
    # The words up to the later time: a technique they name is the times' cause, as it would
    # be a factor's; a setup noted after them ("(… + `pip install lmcache`)") is not. When the
    # times' own sentence names a KV mechanism, a technique an earlier sentence names is not
    # theirs ("Round-robin load balancing is … harmful … A request … pays full prefill cost —
    # roughly 800 ms … versus ~80 ms with a cache hit").
    own = [s for s in sentences if s.end > first.span.start and s.start < second.span.end]
    opening = own[0].start if own else unit.start
    if not (own and kv_mechanism_in(text, Span(opening, own[-1].end))):
        opening = unit.start
    upto = Span(opening, second.span.end)
    if technique_named(replace(frame, clause=upto, sentence=upto)) is not None:
        return None
    label = _OPENING_LABEL.match(text, unit.start, unit.end)
    if label is not None and _WORSE_LABEL.search(label.group()):
        label = None  # "**Slowdown:** … (20.2 s against 0.82 s)": the label is the verdict
    worse = _WORSE.search(text, label.end() if label else unit.start, unit.end)
    if worse is not None or times[0].value <= times[1].value:  # type: ignore[operator]
        return None  # "a slight increase in TTFT (9.4s vs 7.4s)", loading slower than recompute
    values: dict[str, object] = {
        "baseline_seconds": times[0].value,
        "cached_seconds": times[1].value,
    }
    spans = {"baseline_seconds": times[0].span, "cached_seconds": times[1].span}
    extras: dict[str, object] = {}
    readings: list[str] = []

    def put(name: str, value: object, span: Span) -> None:
        values[name] = value
        spans[name] = span

    anchor = Span(times[0].span.start, times[1].span.end)
    # "TTFT (~330 ms) is the cost of … resuming decode — vs. ~3.3 s": the metric is the first's
    near = first.span if mentions.far_link(text, first, second) else anchor
    metric = metric_near(text, near, unit)
    if metric is None and context.hint:
        named = header_metric(text, unit.start, first.span.start, context.hint)
        metric = (named, first.span) if named is not None else None  # "| KV TTFT (s) |"
    if metric is not None:
        put("metric", _metric_value(metric[0]), metric[1])
    _setup_fields(text, [unit], anchor, put, extras, readings, context.catalog)
    cues = _framed_cues(
        _cues(text, unit.start, unit.end, values.get("metric") == "decode", "tier" in values),
        context,
    )
    return Extraction(
        span=unit,
        values=values,
        spans=spans,
        cues=cues,
        readings=tuple(readings),
        confidence=0.8 if ttft and kv else 0.6,
        extras=extras,
    )


_ADDED = re.compile(
    r"[\s*_>-]*(?:there(?:'s|\sis|\sare)\salso\b|also,|in\saddition\b|additionally\b|"
    r"另外|此外|また、|또한)",
    re.IGNORECASE,
)
"""A sentence that adds another feature: "There's also …", "In addition, …", 此外, また、."""


_PERCENTILE = re.compile(r"\b(?:p\d\d(?:\.\d+)?|median|mdn|mean|average|avg)\b", re.IGNORECASE)
_RANGE_FROM = re.compile(
    r"\brang(?:e|es|ed|ing)\s(?:(?:from|between)\s[^.;]*|(?:of\s|is\s|was\s)?[~≈]?)$", re.IGNORECASE
)
_SAME_PERCENTILE = {"median": "p50", "mdn": "p50", "average": "mean", "avg": "mean"}


def _one_quantity(text: str, unit: Span, first: Found, second: Found) -> bool:
    """Whether two times measure one quantity, as a before and after must: not a range ("range
    from 80 to 300 ms"), nor two metrics ("TTFT under 50 ms and ITL under 10 ms") or two
    percentiles ("median TTFT 0.3 s, but its p99 25.2 s") named one before each."""
    a, b = sorted((first, second), key=lambda t: t.span.start)
    if any(
        _RANGE_FROM.search(text, max(unit.start, t.span.start - 60), t.span.start) for t in (a, b)
    ):
        return False
    between = Span(b.span.start if mentions.far_link(text, a, b) else a.span.end, b.span.start)
    sides = (Span(max(unit.start, a.span.start - 60), a.span.start), between)
    after = (
        Span(a.span.end, min(b.span.start, a.span.end + 12)),
        Span(b.span.end, min(unit.end, b.span.end + 12)),
    )
    metrics = [_last_metric(text, side) for side in sides]
    following = [_last_metric(text, side) for side in after]
    percentiles = [_last_percentile(text, side) for side in sides]
    return not any(x and y and x != y for x, y in (metrics, following, percentiles))


def _last_metric(text: str, side: Span) -> str:
    """The speed metric named last in ``side`` ("latency" alone names none of its own)."""
    found = [
        (m.end(), metric)
        for metric in METRICS
        if metric != "latency"
        for m in pattern(f"metric_{metric}").finditer(text, side.start, side.end)
    ]
    return max(found)[1] if found else ""


def _last_percentile(text: str, side: Span) -> str:
    found = list(_PERCENTILE.finditer(text, side.start, side.end))
    if not found:
        return ""
    word = found[-1].group().lower()
    return _SAME_PERCENTILE.get(word, word)


def _times(
    text: str, region: Sequence[Span], anchor: Span | None, header: str = ""
) -> tuple[Found, Found] | None:
    """The baseline and cached times: a linked pair ("57 s to 2.1 s"), in a table row the two
    in columns that name one metric, or the first two given (in a list or table, the two
    nearest the headline). When the words beside them, or their columns, name one as
    recompute and the other as a load, so they are; otherwise the longer is the baseline."""
    found = [
        d
        for r in region
        for d in mentions.durations(text, r.start, r.end)
        if not _DIFFERENCE.match(text, d.span.end)
    ]
    if header:
        cells = Span(min(r.start for r in region), max(r.end for r in region))
        found = sorted(found + _header_durations(text, cells, header), key=lambda d: d.span.start)
    if len(found) < 2:
        return None
    pair = next(((a, b) for a, b in pairwise(found) if mentions.linked(text, a, b)), None)
    if pair is not None and mentions.rising(text, *pair):
        return None  # "3670ms → 4268ms": a slowdown, not a speedup
    columns: tuple[str, str] | None = None
    row = min(r.start for r in region)  # where the row starts: its cells count from there
    if pair is None and header and len(found) > 2:
        picked = _metric_columns(text, row, found, header)
        if picked is not None:
            pair, columns = picked
    if pair is None and anchor is not None and len(found) > 2:
        pair = min(
            pairwise(found), key=lambda ab: _gap(Span(ab[0].span.start, ab[1].span.end), anchor)
        )
    first, second = pair or (found[0], found[1])
    if first.value == second.value:
        return None
    if pair is None and header and _two_quantities(text, row, first, second, header):
        return None  # "| ON | 0.226 s | 0.418 s |" under "turn2 TTFT | turn2 total"
    if columns is None and header:
        # "| Mean TTFT | 1.139s | 1.235s |" under "Baseline (quant_policy=0) | TurboQuant
        # (quant_policy=42)": a column named as the baseline is the baseline's
        above = list(header_cells(text, row, [first.span.start, second.span.start], header))
        if None not in above:
            named = (str(above[0]), str(above[1]))
            if any(_side_role(cell) for cell in named):
                columns = named
    if not _one_quantity(text, Span(row, max(r.end for r in region)), first, second):
        return None  # "TTFT to be less than 1000ms and TPOT to be less than 10ms"
    roles = (
        _column_roles(*columns)
        if columns is not None
        else (_role(text, first, None, second), _role(text, second, first, None))
    )
    shorter = min(first, second, key=lambda t: float(t.value))  # type: ignore[arg-type]
    if _BASELINE_BEFORE.search(text, max(0, shorter.span.start - 40), shorter.span.start):
        return None  # "took 110.1 s against the baseline's 36.1 s": the baseline is faster
    if roles == ("recompute", "load"):
        baseline, cached = first, second
    elif roles == ("load", "recompute"):
        baseline, cached = second, first
    elif float(first.value) > float(second.value):  # type: ignore[arg-type]
        baseline, cached = first, second
    else:
        baseline, cached = second, first
    # A range of cached times ("reloads in 3-8 s") gives the headline at its best, the
    # shorter time, as a range of factors gives its high end. Two ranges pair their like ends
    # ("from 30-90 seconds down to 1-3 seconds" is 30x at either end, not 90 s against 1 s).
    low = mentions.range_low(text, cached, region[0].start)
    baseline_low = mentions.range_low(text, baseline, region[0].start)
    if low is cached or baseline_low is baseline:
        return baseline, low
    at_low = float(baseline_low.value) / float(low.value)  # type: ignore[arg-type]
    at_high = float(baseline.value) / float(cached.value)  # type: ignore[arg-type]
    return (baseline_low, low) if at_low >= at_high else (baseline, cached)


_BARE_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w.,%×])")


def _header_durations(text: str, row: Span, header: str) -> list[Found]:
    """Times of a table row whose cells hold a bare number under a header cell that gives the
    unit ("| 1787.21 | 851.47 |" under "TTFT (without cache, ms) | TTFT (With cache, ms)")."""
    numbers = list(_BARE_NUMBER.finditer(text, row.start, row.end))
    columns = header_cells(text, row.start, [number.start() for number in numbers], header)
    out = []
    for number, column in zip(numbers, columns, strict=True):
        if column is None:
            break
        unit = column_unit(column)
        if unit is None:
            continue
        span = Span(number.start(), number.end())
        cell = row_cell(text, row, span)
        if cell is None or text[cell.start : cell.end].strip() != number.group():
            continue
        value = parse_number(number.group())
        seconds = round(value / 1000, 9) if unit == "ms" else value
        out.append(Found(seconds, span))
    return out


def _metric_columns(
    text: str, lo: int, found: list[Found], header: str
) -> tuple[tuple[Found, Found], tuple[str, str]] | None:
    """In a table row of more than two times, the two under header cells that name one speed
    metric ("B pooled TTFT p50 | A cold TTFT p50"), not a time of something else beside them
    ("KV load (avg)"), with those cells; None unless exactly two such cells name it."""
    under: dict[str, list[tuple[Found, str]]] = {}
    cells = header_cells(text, lo, [time.span.start for time in found], header)
    for time, cell in zip(found, cells, strict=True):
        if cell is None:
            return None
        metric = metric_named(cell)
        if metric is not None:
            under.setdefault(metric, []).append((time, cell))
    named = [times for times in under.values() if len(times) == 2]
    if len(named) != 1:
        named = [_against_recompute(times) for times in under.values() if len(times) > 2]
        named = [times for times in named if times]
        if len(named) != 1:
            return None
    (first, first_cell), (second, second_cell) = named[0]
    return (first, second), (first_cell, second_cell)


def _against_recompute(times: list[tuple[Found, str]]) -> list[tuple[Found, str]]:
    """Of three or more times under cells that name one metric, the one whose cell names the
    recompute and the shortest of the others, the best tier measured ("FX100 TTFT p50 | Local
    NVMe TTFT p50 | Recompute TTFT p50"); none unless exactly one cell names the recompute."""
    recompute = [t for t in times if _side_role(t[1]) == "recompute"]
    if len(recompute) != 1:
        return []
    others = [t for t in times if t is not recompute[0]]
    return [recompute[0], min(others, key=lambda t: float(t[0].value))]  # type: ignore[arg-type]


_DIFFERENCE = re.compile(r"\s?(?:faster|sooner|quicker|shorter|less|saved)\b", re.IGNORECASE)
"""After a time, words that make it a difference ("330ms faster first token"), not a time
taken before or after."""


def _two_quantities(text: str, lo: int, first: Found, second: Found, header: str) -> bool:
    """Whether two times of a table row stand under header cells that name two quantities: no
    side (cold, cached, without, baseline …) in either, and not one metric ("turn2 TTFT" and
    "turn2 total" are one row's two times, not a before and after)."""
    cells = [header_cell(text, lo, t.span.start, header) for t in (first, second)]
    if cells[0] is None or cells[1] is None or cells[0] == cells[1]:
        return False
    if _side_role(cells[0]) is not None or _side_role(cells[1]) is not None:
        return False
    return metric_named(cells[0]) != metric_named(cells[1])


def _column_roles(first: str, second: str) -> tuple[str | None, str | None]:
    """The roles two header cells name ("A cold TTFT", "B pooled TTFT"): when only one names
    recompute or a load, the other is the other side."""
    roles = [_side_role(first), _side_role(second)]
    if roles.count(None) == 1:
        known = next(r for r in roles if r is not None)
        other = "load" if known == "recompute" else "recompute"
        roles = [r if r is not None else other for r in roles]
    return roles[0], roles[1]


_SIDE_BOUNDARY = re.compile(
    r"[;:,(]|\n\s*(?:[-+*•]|\d+[.)])\s|"  # a new list item starts another side
    r"\s(?:vs\.?|versus|while|whereas|and|but|compared\s(?:to|with)|against)\s",
    re.IGNORECASE,
)
_BASELINE_BEFORE = re.compile(
    r"\b(?:against|than|vs\.?|versus)\s(?:the\s)?baseline(?:'s|’s)?\s(?:of\s)?~?$", re.IGNORECASE
)
_LOAD_SIDE = re.compile(r"\bwith\sit\b|\breus\w*|\bhits?\b", re.IGNORECASE)
_RECOMPUTE_SIDE = re.compile(
    rf"{_RECOMPUTE.pattern}|\b(?:without|baseline|from\sscratch)\b", re.IGNORECASE
)


def _role(text: str, time: Found, before: Found | None, after: Found | None) -> str | None:
    """Is ``time`` named as the recompute or the load side, by the words of its own side of
    the sentence ("recompute took 1.5 s while loading took 3 s", "3 s cached vs 1.5 s
    without")? The words before it back to the last boundary, and those after it up to the
    next one."""
    lo = max(before.span.end if before else 0, time.span.start - 80)
    cuts = list(_SIDE_BOUNDARY.finditer(text, lo, time.span.start))
    start = cuts[-1].end() if cuts else lo
    hi = min(after.span.start if after else len(text), time.span.end + 40)
    cut = _SIDE_BOUNDARY.search(text, time.span.end, hi)
    end = cut.start() if cut else hi
    role = _side_role(text[start : time.span.start] + " " + text[time.span.end : end])
    if role is None and cuts and cuts[-1].group() == ":":
        # "+ without cache : query only sql take 1-2 ms": a line's label names its side
        line = max(lo, text.rfind("\n", lo, cuts[-1].start()) + 1)
        role = _side_role(text[line : cuts[-1].start()])
    return role


def _side_role(side: str) -> str | None:
    """The role ("recompute" or "load") the words of one side name, when they name just one."""
    recompute = _RECOMPUTE_SIDE.search(side) is not None
    load = _LOAD.search(side) is not None or _LOAD_SIDE.search(side) is not None
    if recompute == load:
        return None
    return "recompute" if recompute else "load"


_AGREE = 0.05
"""How near a factor and its claim's times must be to agree: rule KV202's default tolerance
(``mismatch_tolerance``, docs/rules.md)."""


def _agrees(factor: float, baseline: float, cached: float) -> bool:
    return cached > 0 and abs(factor - baseline / cached) <= _AGREE * baseline / cached


def _times_of_another(
    text: str, times: tuple[Found, Found], head: _Factor, region: list[Span]
) -> bool:
    """Whether the times measure another factor stated beside the headline, not the headline:
    "9.9s → 1.4s on a 5K chat, 7× faster (estimated 25–40× on a 28K chat)" times the 7x,
    and the 40x headline has no times of its own."""
    base, cached = float(times[0].value), float(times[1].value)  # type: ignore[arg-type]
    if head.value is None or _agrees(head.value, base, cached):
        return False
    return any(
        c.value is not None
        and c.form not in {"time_pair", "rate_pair"}
        and not (c.span.start < head.span.end and head.span.start < c.span.end)
        and _agrees(c.value, base, cached)
        for r in region
        for c in candidates(text, r.start, r.end)
    )


def _faster_as_its_times_say(
    text: str,
    cand: Candidate,
    values: dict[str, object],
    extras: dict[str, object],
    readings: list[str],
) -> None:
    """ "79% faster" is 1 + p alone, but many authors mean a time 79% shorter: when the claim's
    own times agree with 1 ÷ (1 − p) and not with 1 + p ("2 103 ms vs 447 ms, 79% faster"),
    the times say which was meant, and the speedup is read that way."""
    base, cached, stated = (
        values.get("baseline_seconds"),
        values.get("cached_seconds"),
        values.get("speedup"),
    )
    if not (isinstance(base, float) and isinstance(cached, float) and isinstance(stated, float)):
        return
    if cached <= 0:
        return  # a time of zero ("3m 0s" read in part) says nothing of the figure
    share = cand.percent[0] / 100 if cand.percent else stated - 1  # not the rounded 1 + p
    if not 0 < share < 1:
        return
    shorter = 1 / (1 - share)
    if _agrees(stated, base, cached) or not (
        _agrees(shorter, base, cached) or _within_rounding(text, cand, share, base / cached)
    ):
        return
    values["speedup"] = round(shorter, 2)
    extras["speedup_reading"] = "percent-reduction"
    quoted = text[cand.span.start : cand.span.end]
    readings[readings.index(_reading_text(text, cand))] = (
        f"'{quoted} faster': read as a {shorter:.3g}x speedup (1 ÷ (1 − p)), as its times "
        f"say ({base:g} s → {cached:g} s); alone it would be {stated:g}x (1 + p)"
    )


_DIGITS = re.compile(r"\d+(?:\.(\d+))?")


def _within_rounding(text: str, cand: Candidate, share: float, ratio: float) -> bool:
    """Whether a time ``ratio`` times shorter is 1 ÷ (1 − p) for a share ``p`` that rounds to
    the one written: "95% faster TTFT p99 — tail latency drops from ~333s to ~18s" (18.5x)
    is a share of 94.6 %, and near 100 % a half point of rounding moves 1 ÷ (1 − p) by more
    than the 5 % the times are otherwise allowed (Dynamo's KV router A/B test,
    https://github.com/ai-dynamo/dynamo/blob/main/docs/benchmarks/kv-router-ab-testing.md)."""
    found = _DIGITS.search(text, cand.span.start, cand.span.end)
    if found is None:
        return False
    half = 0.5 * 10.0 ** -len(found.group(1) or "") / 100
    low, high = share - half, share + half
    if not 0 < low < high < 1:
        return False
    return 1 / (1 - low) * (1 - _AGREE) <= ratio <= 1 / (1 - high) * (1 + _AGREE)


def _reading_text(text: str, cand: Candidate) -> str:
    quoted = text[cand.span.start : cand.span.end]
    if cand.reading == "percent-reduction":
        return f"'{quoted}' a time reduction: read as a {cand.value:g}x speedup (1 ÷ (1 − p))"
    if cand.reading == "percent-faster":
        return f"'{quoted} faster': read as a {cand.value:g}x speedup (1 + p)"
    if cand.reading == "percent-increase":
        return f"'{quoted}' more throughput: read as a {cand.value:g}x gain (1 + p)"
    if cand.reading == "rates":
        return f"'{quoted}': read as a {cand.value:g}x throughput gain (after ÷ before)"
    if cand.reading == "change":
        return f"'{quoted}': a change; the later figure, {cand.value:g}x, is the headline"
    if cand.reading == "ambiguous-percent":
        return f"'{quoted}' improvement is ambiguous (1 + p or 1 ÷ (1 − p)): no speedup is assumed"
    return f"'{quoted}' read as {cand.value:g}x"


_OUTSIDE_GPU = re.compile(
    r"\b(?:offload\w*|tier(?:s|ed)?|nvme|ssds?|flash\s(?:memory|storage|drives?)|storage|dram|cxl|"
    r"disks?|host\smemory|"
    r"cpu\s(?:memory|ram|dram)|remote\s(?:memory|stores?|cache))\b",
    re.IGNORECASE,
)
"""Where a KV cache is held outside the GPU's memory: an offload tier, host memory, storage."""


_UNDER_LOAD = re.compile(
    r"\brate\s?=\s?\d|\b\d+(?:\.\d+)?\s?(?:req(?:uest)?s?/s|rps|qps)\b|requests?\s(?:per|/)\s?s(?:ec(?:ond)?)?\b|"
    r"\bconcurren(?:cy|t)\b|memory[-\s]pressure|mempress|preempt\w*",
    re.IGNORECASE,
)
"""A decode figure measured under load: there the prefill work a cache hit removes from the
batch is what slowed each decode step, so the gain is real (rule KV205, docs/rules.md)."""


def _framed_cues(cues: dict[str, Span], context: Context) -> dict[str, Span]:
    """The unit's cues, less a decode credit whose table header or heading says the figure was
    measured under load ("## Memory-pressure — offload delivers throughput AND latency wins")."""
    if "decode_credit" in cues and _UNDER_LOAD.search(f"{context.hint} | {context.topic}"):
        return {name: span for name, span in cues.items() if name != "decode_credit"}
    return cues


def _cues(text: str, lo: int, hi: int, decode: bool, has_tier: bool) -> dict[str, Span]:
    cues: dict[str, Span] = {}
    for name in CUE_NAMES:
        match = search(f"cue_{name}", text, lo, hi)
        if match is None:
            continue
        if name == "cross_user" and _SYSTEM_PROMPT.search(text, lo, hi):
            continue  # a shared, public system prompt is the one safe thing to share
        cues[name] = Span(match.start(), match.end())
    if decode:
        # KV held outside the GPU (rule KV205): not the KV cache itself, whose reuse within a
        # generation is what makes decode fast ("Reuses key-value states … 10-50x decode")
        offload = _OUTSIDE_GPU.search(text, lo, hi)
        loaded = "queueing" in cues or _UNDER_LOAD.search(text, lo, hi) is not None
        if (offload is not None or has_tier) and not loaded:
            named = pattern("metric_decode").search(text, lo, hi)
            if named is not None:
                cues["decode_credit"] = Span(named.start(), named.end())
    return cues
