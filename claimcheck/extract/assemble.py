"""One prose unit (a paragraph, list item or table row) → its claims.

A unit holds a claim when a sentence carries a speed factor and a KV-cache / prefill / TTFT /
context cue. Setup named anywhere in the unit (model, GPUs, context, times, tier, power) joins
the claim; factors with different metrics in one unit become separate claims.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TypeVar

from claimcheck.extract import mentions, setup
from claimcheck.extract.lexicon import pattern
from claimcheck.extract.mentions import Found, Speedup
from claimcheck.extract.prefilter import candidate
from claimcheck.extract.types import Extraction, Span

SentenceSplitter = Callable[[str, int, int], list[tuple[int, int]]]


@dataclass
class _Sentence:
    start: int
    end: int
    factors: list[Speedup] = field(default_factory=list)
    strong_cue: bool = False
    weak_cue: bool = False
    excluded: bool = False


MAX_SENTENCES = 8
"""A unit longer than this is read in windows of this many sentences: a claim's fields sit
within a few sentences of each other, and the windows keep the work linear in the text."""


def unit_claims(
    text: str, lo: int, hi: int, split: SentenceSplitter, *, explicit: bool, hint: str = ""
) -> list[Extraction]:
    """The claims of ``text[lo:hi]``. ``hint`` is text that frames the unit without being part
    of it (a table's header row): it can supply the KV-cache cue and the metric, nothing else."""
    spans = split(text, lo, hi)
    claims: list[Extraction] = []
    for first in range(0, max(len(spans), 1), MAX_SENTENCES):
        window = spans[first : first + MAX_SENTENCES]
        if window:
            sentences = [_read_sentence(text, s, e) for s, e in window]
            claims += _window_claims(text, sentences, explicit, hint)
    return claims


def _window_claims(
    text: str, sentences: list[_Sentence], explicit: bool, hint: str
) -> list[Extraction]:
    lo, hi = sentences[0].start, sentences[-1].end
    unit_cue = any(s.strong_cue for s in sentences) or bool(pattern("cue_strong").search(hint))
    anchored = {
        i
        for i, s in enumerate(sentences)
        if s.factors and not s.excluded and (s.strong_cue or s.weak_cue or unit_cue)
    }
    if not anchored and explicit:
        anchored = {i for i, s in enumerate(sentences) if s.factors}
    factors: list[tuple[Speedup, _Sentence]] = []
    if anchored:
        for i, sentence in enumerate(sentences):
            # A factor in a sentence without a cue joins a claim in the sentence right before it.
            if not sentence.excluded and (i in anchored or i - 1 in anchored):
                factors += [(f, sentence) for f in sentence.factors]
    groups = _group_by_metric(factors)
    if not groups:
        times = _times(text, sentences)
        ttft = any(pattern("metric_ttft").search(text, s.start, s.end) for s in sentences)
        if times is None or not (
            ttft or explicit or (unit_cue and _recompute_and_load(text, lo, hi))
        ):
            return []
        groups = [[]]
    claims = []
    for group in groups:
        extraction = _claim(text, lo, hi, sentences, group, explicit, hint)
        if extraction is not None:
            claims.append(extraction)
    return claims


def _read_sentence(text: str, start: int, end: int) -> _Sentence:
    sentence = _Sentence(start, end)
    sentence.strong_cue = pattern("cue_strong").search(text, start, end) is not None
    # A storage tier alone ("10x faster than standard S3") is a cue only beside a speed metric.
    sentence.weak_cue = pattern("cue_weak").search(text, start, end) is not None or (
        bool(mentions.tiers(text, start, end)) and bool(mentions.metrics_in(text, start, end))
    )
    if candidate(text, start, end):
        sentence.excluded = _excluded(text, start, end)
        sentence.factors = mentions.speedups(text, start, end)
    return sentence


def _excluded(text: str, start: int, end: int) -> bool:
    """Sentences about something else: GPU-generation comparisons, speculative decoding,
    quantisation or training speedups (unless they are about KV storage too)."""
    if pattern("exclude_topic").search(text, start, end) and not pattern("storage_cue").search(
        text, start, end
    ):
        return True
    named = {g.gpu for g in setup.gpus(text, start, end)}
    return len(named) >= 2


def _group_by_metric(
    factors: list[tuple[Speedup, _Sentence]],
) -> list[list[tuple[Speedup, _Sentence]]]:
    """Factors with one metric (or none) form one claim; a different named metric starts another."""
    groups: dict[str, list[tuple[Speedup, _Sentence]]] = {}
    order: list[str] = []
    current = None
    for factor, sentence in factors:
        key = factor.metric or current or "unspecified"
        if factor.metric is None and current is None and order:
            key = order[0]
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append((factor, sentence))
        current = key
    if "unspecified" in groups and len(order) > 1:
        first_named = next(k for k in order if k != "unspecified")
        groups[first_named] = groups.pop("unspecified") + groups[first_named]
        order.remove("unspecified")
    return [sorted(groups[k], key=lambda fs: fs[0].span.start) for k in order]


def _claim(
    text: str,
    lo: int,
    hi: int,
    sentences: list[_Sentence],
    group: list[tuple[Speedup, _Sentence]],
    explicit: bool,
    hint: str = "",
) -> Extraction | None:
    values: dict[str, object] = {}
    spans: dict[str, Span] = {}
    extras: dict[str, object] = {}
    readings: list[str] = []

    def put(name: str, value: object, span: Span) -> None:
        values[name] = value
        spans[name] = span

    valued = [f for f, _ in group if f.value is not None]
    if valued:
        head = max(valued, key=lambda f: f.value or 0.0)
        put("speedup", head.value, head.span)
        if head.low is not None:
            put("speedup_low", head.low, head.span)
        if len(valued) > 1:
            extras["speedups"] = [f.value for f in valued]
            others = ", ".join(f"{f.value:g}x" for f in valued if f is not head)
            readings.append(
                f"several factors quoted ({others} besides {head.value:g}x); the largest is the headline"
            )
        if head.reading:
            extras["speedup_reading"] = head.reading
            readings.append(_reading_text(text, head))
        qualified = next((f for f, _ in group if f.qualifier), None)
        if qualified is not None and qualified.qualifier_span is not None:
            put("speedup_qualifier", qualified.qualifier, qualified.qualifier_span)
    else:
        ambiguous = next((f for f, _ in group if f.reading == "ambiguous-percent"), None)
        if ambiguous is not None:
            extras["speedup_reading"] = "ambiguous-percent"
            readings.append(_reading_text(text, ambiguous))
            if ambiguous.qualifier and ambiguous.qualifier_span:
                put("speedup_qualifier", ambiguous.qualifier, ambiguous.qualifier_span)

    metric_factor = next((f for f, _ in group if f.metric), None)
    if metric_factor is not None and metric_factor.metric is not None:
        metric_span = _metric_span(text, metric_factor, lo, hi)
        put("metric", metric_factor.metric, metric_span)
    else:
        unit_metric = _unit_metric(text, sentences)
        hinted = mentions.metrics_in(hint, 0, len(hint))
        if unit_metric is not None:
            put("metric", unit_metric[0], unit_metric[1])
        elif hinted and valued:
            put("metric", hinted[0], valued[0].span)  # named in the table's header

    many = len(valued) > 1
    anchor = head.span if valued and many else None
    _setup_fields(text, lo, hi, sentences, put, extras, readings, anchor)
    cues = _cues(text, lo, hi, values.get("metric"), "tier" in values)
    in_unit = [s for s in sentences if any(f in s.factors for f, _ in group)] or sentences
    span = Span(in_unit[0].start, in_unit[-1].end)
    if (
        not valued
        and not ("baseline_seconds" in values and "cached_seconds" in values)
        and "speedup_reading" not in extras
    ):
        return None
    framed = pattern("cue_strong").search(hint) is not None
    confidence = _confidence(group, sentences, explicit or framed)
    return Extraction(
        span=span,
        values=values,
        spans=spans,
        cues=cues,
        readings=tuple(readings),
        confidence=confidence,
        extras=extras,
    )


_RECOMPUTE = re.compile(
    r"\b(?:recomput\w*|re-?prefill\w*|uncached|cold|without\s(?:the\s)?(?:kv\s)?cach\w*)\b",
    re.IGNORECASE,
)
_LOAD = re.compile(
    r"\b(?:load\w*|cached|cache\shit|warm|restor\w*|reload\w*|fetch\w*|with\s(?:the\s)?(?:kv\s)?cach\w*)\b",
    re.IGNORECASE,
)


_SYSTEM_PROMPT = re.compile(r"\bsystem\sprompts?\b", re.IGNORECASE)


def _recompute_and_load(text: str, lo: int, hi: int) -> bool:
    """Two times with no TTFT word still make a claim when one side is named as recompute and
    the other as a load ("Recomputing … takes 57 s; loading its KV cache takes 2.1 s")."""
    return _RECOMPUTE.search(text, lo, hi) is not None and _LOAD.search(text, lo, hi) is not None


def _reading_text(text: str, factor: Speedup) -> str:
    quoted = text[factor.span.start : factor.span.end]
    if factor.reading == "percent-reduction":
        return f"'{quoted}' a time reduction: read as a {factor.value:g}x speedup (1 ÷ (1 − p))"
    if factor.reading == "percent-faster":
        return f"'{quoted} faster': read as a {factor.value:g}x speedup (1 + p)"
    if factor.reading == "percent-increase":
        return f"'{quoted}' more throughput: read as a {factor.value:g}x gain (1 + p)"
    return f"'{quoted}' improvement is ambiguous (1 + p or 1 ÷ (1 − p)): no speedup is assumed"


def _metric_span(text: str, factor: Speedup, lo: int, hi: int) -> Span:
    best: Span | None = None
    best_distance = 1 << 30
    for match in pattern(f"metric_{factor.metric}").finditer(text, lo, hi):
        distance = abs(match.start() - factor.span.start)
        if distance < best_distance:
            best, best_distance = Span(match.start(), match.end()), distance
    return best or factor.span


def _unit_metric(text: str, sentences: list[_Sentence]) -> tuple[str, Span] | None:
    for sentence in sentences:
        for metric in ("ttft", "end_to_end", "decode", "throughput"):
            match = pattern(f"metric_{metric}").search(text, sentence.start, sentence.end)
            if match is not None:
                return metric, Span(match.start(), match.end())
    return None


def _times(
    text: str, sentences: list[_Sentence], anchor: Span | None = None
) -> tuple[Found, Found] | None:
    """The baseline and cached times: a linked pair ("57 s to 2.1 s") or the first two given
    (in a list or table, the two nearest the headline); the longer is the recompute baseline."""
    found = [d for s in sentences for d in mentions.durations(text, s.start, s.end)]
    if len(found) < 2:
        return None
    pair = next(((a, b) for a, b in pairwise(found) if mentions.linked(text, a, b)), None)
    if pair is None and anchor is not None and len(found) > 2:
        pair = _nearest(
            list(pairwise(found)), anchor, lambda ab: Span(ab[0].span.start, ab[1].span.end)
        )
    first, second = pair or (found[0], found[1])
    if first.value == second.value:
        return None
    return (first, second) if float(first.value) > float(second.value) else (second, first)  # type: ignore[arg-type]


T = TypeVar("T")


def _nearest(found: list[T], anchor: Span | None, span_of: Callable[[T], Span]) -> T:
    """The candidate closest to the headline factor when a unit quotes several factors (a list
    or a table: "Llama 3.1 8B 6.1x · Llama 3.1 405B 31x"); otherwise the first one named."""
    if anchor is None or len(found) == 1:
        return found[0]

    def distance(item: T) -> int:
        span = span_of(item)
        return (
            anchor.start - span.end if span.end <= anchor.start else max(0, span.start - anchor.end)
        )

    return min(found, key=distance)


def _setup_fields(
    text: str,
    lo: int,
    hi: int,
    sentences: list[_Sentence],
    put: Callable[[str, object, Span], None],
    extras: dict[str, object],
    readings: list[str],
    anchor: Span | None,
) -> None:
    times = _times(text, sentences, anchor)
    if times is not None:
        put("baseline_seconds", times[0].value, times[0].span)
        put("cached_seconds", times[1].value, times[1].span)
    counts = mentions.tokens(text, lo, hi)
    if counts:
        count = _nearest(counts, anchor, lambda f: f.span)
        put("context_tokens", count.value, count.span)
    else:
        book = mentions.hobbit(text, lo, hi)
        if book is not None:
            put("context_tokens", book.value, book.span)
            extras["context_estimated"] = True
            readings.append("'The Hobbit' read as about 128,000 tokens (an estimate)")
    named = setup.models(text, lo, hi)
    if named:
        model = _nearest(named, anchor, lambda m: m.span)
        put("model", model.name, model.span)
        if not model.known:
            extras["model_name"] = model.name
        named = [model]
    stated = setup.sizes(text, lo, hi, named)
    if stated:
        put("params_billions", stated[0].value, stated[0].span)
    gpus = setup.gpus(text, lo, hi)
    if gpus:
        put("gpu", gpus[0].gpu, gpus[0].span)
        counted = next((g for g in gpus if g.count is not None and g.count_span is not None), None)
        if counted is not None and counted.count_span is not None:
            put("gpu_count", counted.count, counted.count_span)
    power = setup.power(text, lo, hi)
    if power is not None:
        put("power_mode", power.mode, power.span)
        if power.watts is not None and power.watts_span is not None:
            put("power_watts", power.watts, power.watts_span)
    tiers = mentions.tiers(text, lo, hi)
    if tiers:
        put("tier", tiers[0].value, tiers[0].span)


def _cues(text: str, lo: int, hi: int, metric: object, has_tier: bool) -> dict[str, Span]:
    cues: dict[str, Span] = {}
    for name in ("queueing", "cross_user", "similar_prompts"):
        match = pattern(f"cue_{name}").search(text, lo, hi)
        if match is None:
            continue
        if name == "cross_user" and _SYSTEM_PROMPT.search(text, lo, hi):
            continue  # a shared, public system prompt is the one safe thing to share
        cues[name] = Span(match.start(), match.end())
    if metric == "decode":
        offload = pattern("storage_cue").search(text, lo, hi) or pattern("cue_strong").search(
            text, lo, hi
        )
        if offload is not None or has_tier:
            decode = pattern("metric_decode").search(text, lo, hi)
            if decode is not None:
                cues["decode_credit"] = Span(decode.start(), decode.end())
    return cues


def _confidence(
    group: list[tuple[Speedup, _Sentence]], sentences: list[_Sentence], explicit: bool
) -> float:
    """1.0 for a factor beside a KV/TTFT cue; lower for weaker evidence."""
    if not group:
        return 0.8 if any(s.strong_cue for s in sentences) else 0.6
    anchor_sentences = {id(s) for _, s in group}
    mine = [s for s in sentences if id(s) in anchor_sentences]
    if any(s.strong_cue for s in mine):
        score = 1.0
    elif any(s.weak_cue for s in mine) or any(s.strong_cue for s in sentences):
        score = 0.7
    else:
        score = 0.6 if explicit else 0.4  # explicit: passed with --text, or framed by a header
    if all(f.value is None for f, _ in group):
        score = min(score, 0.6)
    return score
