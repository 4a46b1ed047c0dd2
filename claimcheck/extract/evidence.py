"""Evidence: what the words around a candidate say about it, as named facts.

Each fact has a name that ``scoring.WEIGHTS`` prices and a detail quoting the words it came
from, so ``--explain`` can show why a number was or was not read as a claim. Evidence is read
at four distances: the candidate's own clause, its sentence, its unit (paragraph, list item,
table row with its header) and the page's topic (title and section heading).
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left
from collections.abc import Callable
from functools import lru_cache
from typing import Literal

import msgspec

from claimcheck.extract.candidates import Candidate, header_cell, row_cell
from claimcheck.extract.glossary import in_english
from claimcheck.extract.lexicon import (
    METRICS,
    TOPIC_CUES,
    TOPICS,
    finditer,
    lowered,
    pattern,
)
from claimcheck.extract.mentions import durations
from claimcheck.extract.numbers import parse_number
from claimcheck.extract.types import Span

NEAR = 240
"""How far (in characters) from a factor its metric may be named."""

# A factor above PLAUSIBLE_MAX is still read, so that rule KV209 reports it; one above
# IMPLAUSIBLE_MAX (what a claim can hold) is not a speed factor at all (docs/model.md §8).
PLAUSIBLE_MAX = 10_000
IMPLAUSIBLE_MAX = 1_000_000


class Fact(msgspec.Struct, frozen=True):
    """One piece of evidence: ``name`` (priced by the scoring table) and the words behind it."""

    name: str
    detail: str = ""


Page = Literal["", "kv", "other"]
"""What the page around a text names: KV caching or a KV product in its opening (``"kv"``:
``claimcheck.sources.document.OPENING``), neither there (``"other"``), or no page at all
(``""``: a sentence on its own)."""


class Frame(msgspec.Struct, frozen=True):
    """Where a candidate sits: its clause, sentence and unit within ``text``, plus text that
    frames the unit without being part of it (a table header, the page's title and heading)."""

    text: str
    clause: Span
    sentence: Span
    unit: Span
    hint: str = ""
    topic: str = ""
    explicit: bool = False
    page: Page = ""


_SKIP = frozenset(
    "the a an in on of for with and its their our your more less higher lower greater better than".split()  # noqa: SIM905
)
_COUNT_AFTER = re.compile(
    r"\s?(?:\d|(?:nvidia\s|amd\s|google\s|intel\s|aws\s|huawei\s)?(?:dgx|hgx|[abhlg]\d{2,3}\w*|gb\d{3}|gh\d{3}|"
    r"mi\d{3}\w*|rtx|v100|t4|tpu\w*|gaudi\w*|trn\d\w*|trainium\w*|inf\d\w*|inferentia\w*|ascend\w*|"
    r"npus?|xpus?)\b|"
    r"(?:gpus?|nodes?|cards?|accelerators?|servers?|instances?|chips?|nics?|roce|infiniband|ports?|links?|"
    r"ssds?|drives?|nvme|disks?)\b)",
    re.IGNORECASE,
)
_REPEATED = re.compile(
    r"\b(?:repeat\w*|re-?run\w*|retr(?:y|ying|ies|ied))\s(?:[\w-]+\s){0,3}?(?:≥|>=|at\sleast\s)?~?$",
    re.IGNORECASE,
)
"""How many times a step is repeated: "Repeat each cell ≥3× and use medians" (FlashInfer's
MoE runbook, https://github.com/flashinfer-ai/flashinfer/blob/main/docs/design_docs/moe_ep_runbook.md)."""
_MARKS_AFTER = re.compile(r"\W{0,3}\s?")
"""Marks and a space between a figure and its next word ("**20x** faster")."""
_QUOTIENT = re.compile(r"\d\s?[/÷]\s?\d[\d,.]*\s?[=≈]\s?~?$")
"""A division worked out before the figure: "Azure ctx 比（8192/4096=2×）" (vLLM Semantic Router
fleet-sim notes, https://github.com/vllm-project/semantic-router) is a ratio of context
lengths."""
_PRODUCT = re.compile(r"\d[\d.,]*\s?[kmbgt]?\s(?:[a-z][\w-]*\s){1,3}$", re.IGNORECASE)
"""Counts multiplied before a sign multiplier, a product of sizes: "fixed entry count (default
100M keys × 10 pod entries)" on llm-d's KV indexer page and "150 distinct system prompts × 5
question variants" in its blog's sticky-until-saturated routing post
(https://github.com/llm-d/llm-d.github.io)."""
_PLUS = re.compile(r"\+")
_VERSUS_FACTOR = re.compile(
    r"\s*(?:\([^()]{1,20}\)\s*)?(?:vs\.?|versus)\s[~≈]?\d[\d.]*(?:\s?[-–]\s?\d[\d.]*)?\s?[x×]",
    re.IGNORECASE,
)
_FACTOR_VERSUS = re.compile(
    r"\d\s?[x×](?:\s?\([^()]{1,20}\))?\s(?:vs\.?|versus)\s[~≈]?$", re.IGNORECASE
)
"""Two factors set against each other ("5.0x vs. 11.7x read/write ratio", "1.72-1.89x (KV)
vs 1.21-1.29x (RR)") are the values of some ratio, each of them, not a gain."""


@lru_cache(maxsize=16_384)
def _spans(text: str, row: str, start: int, end: int) -> tuple[tuple[int, int, str], ...]:
    """Every match of ``row`` in ``text[start:end]``, remembered: the candidates of one
    sentence ask the same questions of the same clause, sentence and unit."""
    return tuple(
        (m.start(), m.end(), text[m.start() : m.end()]) for m in finditer(row, text, start, end)
    )


@lru_cache(maxsize=16_384)
def _ends(text: str, start: int, end: int) -> frozenset[int]:
    """Where each TTFT phrase in ``text[start:end]`` ends (remembered)."""
    return frozenset(e for _, e, _ in _spans(text, "metric_ttft", start, end))


@lru_cache(maxsize=16_384)
def _found(text: str, row: str, start: int, end: int) -> tuple[int, str] | None:
    match = next(finditer(row, text, start, end), None)
    return (match.start(), text[match.start() : match.end()]) if match is not None else None


def _first(text: str, row: str, where: Span) -> str | None:
    """The first words ``row`` matches in ``where``, or ``None`` (remembered)."""
    found = _found(text, row, where.start, where.end)
    return found[1] if found is not None else None


def clear_memory() -> None:
    """Forget remembered matches (after a text is read)."""
    _spans.cache_clear()
    _ends.cache_clear()
    _found.cache_clear()
    _not_reused.cache_clear()
    lowered.cache_clear()


def facts(candidate: Candidate, frame: Frame) -> list[Fact]:
    """The evidence for ``candidate``."""
    text, span = frame.text, candidate.span
    quoted = text[span.start : span.end]
    out = [Fact(f"form-{candidate.form}", quoted)]
    out += _shape(candidate, frame)
    out += _comparison(candidate, frame)
    storage_io = _storage_io_column(frame, span)
    if storage_io is not None:
        out.append(Fact("not-speed-after", storage_io))
    metric = metric_near(text, span, frame.clause)
    clause_metric = metric[0] if metric is not None else None
    if metric is not None:
        out.append(Fact("metric-clause", metric[0]))
    else:
        metric = metric_near(text, span, frame.sentence)
        if metric is not None:
            out.append(Fact("metric-sentence", metric[0]))
        else:
            not_speed = _column_not_speed(frame, span)
            named = header_metric(text, frame.sentence.start, span.start, frame.hint)
            if not_speed is not None:
                out.append(Fact("not-speed-after", not_speed))
            elif named is not None:
                out.append(Fact("metric-header", named))
    # Text passed as a claim still has to say something of a KV cache: with no such word at
    # all, nothing ties its figure to KV reuse (docs/extractor.md, "Cause first").
    if metric is None and _ELLIPTICAL.match(text, span.end, frame.clause.end):
        # "57x more KV memory; eight heads would use about 7x more": the noun is elsewhere
        out.append(Fact("elliptical", text[span.end : frame.clause.end].strip()[:16]))
    cues = _cues(frame, clause_metric)
    lent = any(f.name in {"kv-header", "kv-topic", "kv-page"} for f in cues)
    for fact in cues:
        if not (frame.explicit and fact.name == "no-kv-cue"):
            out.append(fact)
        elif not (lent or _reuse_words(frame)):
            out.append(Fact("unattributed", fact.detail))
    if any(f.name == "ttft-only" for f in cues) and _queueing_cut(candidate, frame):
        ttft = next(f.detail for f in cues if f.name.startswith("ttft"))
        out.append(Fact("no-mechanism", ttft))
    out += _topics(frame, span)
    if (
        metric is not None
        and metric[0] == "decode"
        and not any(f.name == "attributed-elsewhere" for f in out)
        and not _named_beyond_baseline(text, "storage_cue", frame.sentence)
        and _first(text, "metric_ttft", frame.sentence) is None
    ):
        out.append(
            Fact("attributed-elsewhere", f"decode speed: {text[metric[1].start : metric[1].end]}")
        )
    if frame.explicit:
        out.append(Fact("explicit", "passed as a claim"))
    return out


def _queueing_cut(candidate: Candidate, frame: Frame) -> bool:
    """Whether ``candidate`` is a percentage cut of an average or tail TTFT, or of one under
    load, in a sentence on its own (not passed with ``--text``, not part of a page or a claim
    file) that names no KV-cache mechanism and nothing a cache could stand behind: "Lowers
    average TTFT by 97%", "64% lower P90 TTFT". Routing, admission control, disaggregation
    and scheduling move such figures as much as a cache does (docs/extractor.md, "Cause
    first"); a multiplier ("75x faster TTFT") is left to the weights."""
    text, sentence = frame.text, frame.sentence
    alone = not (frame.explicit or frame.page or frame.topic or frame.hint)
    return (
        candidate.form == "percent"
        and alone
        and not _reuse_words(frame)
        and _first(text, "reuse_signal", frame.unit) is None
        and (
            _first(text, "cue_queueing", sentence) is not None
            or _AGGREGATE.search(text, sentence.start, sentence.end) is not None
        )
    )


_AGGREGATE = re.compile(r"\b(?:mean|average|avg)\b", re.IGNORECASE)


def _shape(candidate: Candidate, frame: Frame) -> list[Fact]:
    """What the number itself looks like: a count, an old figure, out of range, unread."""
    text, span = frame.text, candidate.span
    out: list[Fact] = []
    value = candidate.value
    if candidate.form in {
        "multiplier",
        "sign_multiplier",
        "range",
        "between",
        "word_multiplier",
        "fold_word",
    }:
        tail = text[span.end : min(frame.sentence.end, span.end + 24)]
        if _COUNT_AFTER.match(tail):
            out.append(Fact("count-follows", tail.strip()[:16]))
        elif _VERSUS_FACTOR.match(tail) or _FACTOR_VERSUS.search(
            text, max(frame.sentence.start, span.start - 24), span.start
        ):
            out.append(Fact("factor-values", tail.strip()[:16]))
        if _REPEATED.search(
            text, max(frame.sentence.start, span.start - 40), span.start
        ) and not _compared_after(text, span.end):
            out.append(
                Fact("repetitions", text[max(frame.sentence.start, span.start - 24) : span.end])
            )
    if _QUOTIENT.search(text, max(frame.sentence.start, span.start - 32), span.start):
        out.append(Fact("quotient", text[max(frame.sentence.start, span.start - 16) : span.end]))
    elif (
        candidate.form == "sign_multiplier"
        and _PRODUCT.search(text, max(frame.sentence.start, span.start - 32), span.start)
        and not _compared_after(text, span.end)
    ):
        out.append(Fact("product", text[max(frame.sentence.start, span.start - 16) : span.end]))
    if pattern("old_figure").search(text, max(frame.sentence.start, span.start - 16), span.start):
        out.append(
            Fact("old-figure", text[max(frame.sentence.start, span.start - 16) : span.start])
        )
    if value is not None and (value <= 1 or value > IMPLAUSIBLE_MAX):
        out.append(Fact("out-of-range", f"{value:g}"))
    elif value is not None and value > PLAUSIBLE_MAX:
        out.append(Fact("implausible", f"{value:g}"))
    if candidate.form == "percent":
        if candidate.reading is None:
            out.append(Fact("percent-unread", "no reduction, faster or increase wording"))
        elif candidate.reading in {
            "percent-more",
            "percent-rate-reduction",
            "percent-impossible",
            "percent-share",
        }:
            out.append(Fact("percent-not-speed", candidate.reading))
        elif candidate.reading == "ambiguous-percent":
            out.append(Fact("percent-ambiguous", "improvement: 1 + p or 1 ÷ (1 − p)"))
    if candidate.form == "time_pair" and not _duration_like(text, span, frame.sentence):
        out.append(Fact("pair-not-times", text[span.start : span.end]))
    return out


def _duration_like(text: str, span: Span, sentence: Span) -> bool:
    before = text[max(sentence.start, span.start - 24) : span.start]
    return pattern("not_a_time").search(before) is None


_SWEEP_OPENS = re.compile(
    r"[\s>*_#|•(\[-]*(?:\d+[.)]\s*)?(?:as\s(?:the\s)?load\sgoes\s)?from\s", re.IGNORECASE
)
_SWEEP_ENDS = re.compile(r"\s?[,，:]")
_REQUEST_RATE = re.compile(r"qps|rps|req(?:uest)?s?(?:/s|\sper\ssecond)", re.IGNORECASE)
"""A pair of request rates that opens its sentence and is set off by a comma ("From 50qps to
100qps, the first token latency increase …", https://github.com/vllm-project/vllm/issues/5666):
the load the measurement was swept over, not a rate the system reached. A pair of token rates
so set ("From 30 tokens/s to 240 tokens/s, prefix caching lifted …") is still a result."""


def _comparison(candidate: Candidate, frame: Frame) -> list[Fact]:
    """Comparison wording: the first telling word after the number decides ("faster",
    "memory"), "more"/"less" defer to the word after them; failing that, the nearest telling
    word before it."""
    text, span, sentence = frame.text, candidate.span, frame.clause
    if candidate.form == "bare_speedup":
        return [Fact("comparison", "speedup")]  # "1.83 speedup": its own word says so
    if candidate.form in {"time_pair", "rate_pair"}:
        larger = _LARGER_TIME.search(text, frame.clause.start, frame.clause.end)
        if larger is not None and _TIME_IS.search(text, frame.clause.start, larger.start()):
            return [Fact("slower", larger.group())]  # the pair's times, read the other way
        varies = _VARIES.search(text, max(frame.sentence.start, span.start - 80), span.start)
        if varies is not None:  # "varies 8.6x across workloads, from 6,972 to 60,000 tok/s"
            return [Fact("not-speed-before", varies.group())]
        if (
            candidate.form == "rate_pair"
            and _REQUEST_RATE.search(text, span.start, span.end) is not None
            and _SWEEP_OPENS.fullmatch(text, frame.sentence.start, span.start) is not None
            and _SWEEP_ENDS.match(text, span.end) is not None
        ):  # "2) From 50qps to 100qps, the first token latency increase from 90ms to 360ms …"
            return [Fact("not-speed-before", "a load swept from one rate to another")]
        return [Fact("pair", text[span.start : span.end])]
    quantity = _label_quantity(frame, span)
    if quantity:
        return [Fact("not-speed-before", quantity)]  # "| GPU→CPU Bandwidth | … | 67% increase |"
    alone_in_cell = frame.hint != "" and _alone_in_cell(text, span, frame.sentence)
    if alone_in_cell and _in_speedup_column(frame, span):
        price = _MONEY.search(text, frame.sentence.start, frame.sentence.end)
        if price is not None and not durations(text, frame.sentence.start, frame.sentence.end):
            # "| Cache write | $3.75 | 1.25x |" under "Token Type | Price / 1M Tokens | vs
            # Base": the row's quantity is a price, and its ratio a price's
            return [Fact("not-speed-before", price.group())]
        return [Fact("comparison", "a speedup column")]  # "| 1.7s | 0.18s | **9x** |"
    if alone_in_cell and _in_speedup_row(frame, span):
        return [Fact("comparison", "a speedup row")]  # "| Cache Speedup | 1.79x | 3.84x |"
    tail = text[span.end : min(sentence.end, span.end + 64)]
    after = " ".join(_PHRASE_END.split(tail, maxsplit=1)[0].lower().split()[:10])
    after = _SAME_FIGURE.sub("", after)  # "71.1% or 617 ms lower TTFT": one figure, two ways
    listed = _LISTED_AFTER.search(
        text, max(frame.sentence.start, span.start - 16), span.start
    ) or _parallel(text, span, frame.sentence)
    labelled = (
        span.start - frame.sentence.start <= 48
        and _LABEL_BEFORE.search(text[frame.sentence.start : span.start])
    ) or _LABEL_AFTER_READING.search(text[max(frame.sentence.start, span.start - 48) : span.start])
    # "is 6.3x and 8.7x": one wording; "Max momentary ratio: 1.89x": the label names it
    lo = frame.sentence.start if listed or labelled else sentence.start
    before_words = text[max(lo, span.start - 80) : span.start].lower().split()[-8:]
    if (
        candidate.form in {"multiplier", "word_multiplier"}
        and text[span.start : span.end].lower().endswith("times")
        and not (
            pattern("speed").search(" ".join(after.split()[:2]))
            or pattern("speed").search(" ".join(before_words[-3:]))
            or after.startswith("as ")
            or _CHANGED_BY.search(text, frame.clause.start, span.start) is not None
        )
    ):
        return [Fact("bare-times", text[span.start : span.end])]
    # The words right before the figure, within its own phrase: "hit rates (71.1% lower TTFT)"
    lead = _PHRASE_END.split(text[max(frame.sentence.start, span.start - 40) : span.start])[-1]
    # the high end of a range has the range's words before it: "the expected speedup is 2-5x"
    lead = _RANGE_LOW_END.sub("", lead)
    denied = _denied_before(lead.lower().split()[-3:])
    if not denied and _GOAL_LABEL.match(text, frame.sentence.start, span.start):
        denied = "goal"  # "**Performance Goals**: TTFT decreasing 88%": a target, not a result
    if not denied and _under_goal(frame, span):
        denied = "goal"  # "| -67.0% | -60% |" under "| 改善 | 目标 |": the target, not the result
    if not denied and _COUNTERFACTUAL.search(lead):
        denied = "would"  # "this probe would have reported a 40x speed-up": it did not
    if (
        not denied
        and _MODAL.search(text, max(frame.clause.start, span.start - 80), span.start)
        and not _MEASURED.search(text, frame.sentence.start, frame.sentence.end)
    ):
        denied = "should"  # "Second call should show significantly lower TTFT (26-69% …)"
    if denied in {"hypothesis", "hypotheses"} and _CONFIRMED.search(lead):
        denied = ""  # "This confirms the hypothesis of a 3x TTFT speedup": it held
    if not denied and (negated := _DENIED_FIGURE.search(lead)):
        denied = (negated.group(1) or negated.group(2)).lower()  # "not a 109x increase in …"
    if denied and re.search(rf"\b(?:and|&)\s{re.escape(denied)}\b", lead, re.IGNORECASE):
        denied = "" if _metric_in(lead, Span(0, len(lead))) else denied  # "TTFT and cost by"
    out: list[Fact] = []
    if _TIME_IS.search(text, max(frame.clause.start, span.start - 64), span.start) and (
        _BASELINE_MULTIPLE.match(after)
    ):  # "TTFT (6.555 s) is 9.4x the no-offload value": the time is the larger one
        return [Fact("slower", after[:32])]
    rise = _TIME_RISES.search(text[max(frame.clause.start, span.start - 48) : span.start])
    if (
        rise is None
        and candidate.form == "sign_multiplier"
        and pattern("speed").match(after.lstrip("*_ ")) is None  # "TTFT ×3 lower" is a cut
    ):
        # "| 延迟 ×2.493，吞吐 −59.9% |" (latency ×2.493 against the cache off): the time itself
        # multiplied, so it grew
        rise = _TIME_TIMES.search(text, max(frame.clause.start, span.start - 24), span.start)
    pair = _PAIR_BEFORE.search(text, max(frame.sentence.start, span.start - 40), span.start)
    if (
        rise is None
        and pair is not None
        and parse_number(pair["after"]) > parse_number(pair["before"])
    ):
        rise = pair  # "TTFT p95 jumps 131 → 1282 ms (10×)": the factor of a time that rose
    against = _AGAINST_BEFORE.search(text, max(frame.sentence.start, span.start - 64), span.start)
    if (
        rise is None
        and against is not None
        and parse_number(against["after"]) > parse_number(against["before"])
    ):
        rise = against  # "took 110.1 s against the baseline's 36.1 s (3.05x)"
    if rise is None and _HIGHER_ALONE.match(after):
        rise = _TIME_BEFORE.search(text, max(frame.sentence.start, span.start - 64), span.start)
    if rise is not None:  # "TTFT p50 grows ~5×": a time that rises, unless it rises without KV
        inverted = _inverted(text, frame.clause)
        if inverted:
            return [Fact("inverted-comparison", inverted)]
        return [Fact("slower", rise.group())]
    risen = _TIME_RISE_AFTER.match(after) or _SLOWDOWN_BEFORE.search(
        text, max(frame.clause.start, span.start - 48), span.start
    )
    if risen is not None or pattern("slower").search(" ".join(after.split()[:4])):
        inverted = _inverted(text, frame.clause)
        if inverted:
            # "prefill was 75x slower than loading its KV", "without the KV tier, 14x slower"
            return [Fact("inverted-comparison", inverted)]
        out.append(Fact("slower", risen.group() if risen else after.split(" ")[0]))
    verdict = _first_telling(after)
    if verdict is not None:
        name, words = verdict
        if (
            name == "comparison"
            and denied
            and (not _metric_follows(after) or denied in _HOPED or denied in _NEGATIONS)
        ):
            name, words = "denied-before", denied  # "deployed 3x faster"
        elif (
            name == "comparison"
            and _INCREASE.fullmatch(words)
            and not _metric_follows(after)
            and _time_before(text, frame.sentence.start, span.start)
        ):
            name = "slower"  # "P90 reaches 219ms at concurrency 64, a ~4.8x increase over …"
        elif name == "comparison" and _CUT_WORD.fullmatch(words) and not _metric_follows(after):
            # "cost を up to 90% reduction" (a verb-final language, glossed): the cut is the
            # cost's, named before the figure
            subject = _cost_subject(text, frame.clause.start, span)
            if subject:
                name, words = "not-speed-before", subject
        return [*out, Fact(name, words)]
    if denied:
        return [*out, Fact("denied-before", denied)]
    subject = _cost_subject(text, frame.clause.start, span)
    if subject and not _metric_follows(after):
        return [*out, Fact("not-speed-before", subject)]
    spread = _SPREAD_BEFORE.search(text, max(frame.clause.start, span.start - 40), span.start)
    if spread is not None:  # "B200 throughput varies 8.6x across workloads"
        return [*out, Fact("not-speed-before", spread.group(1))]
    if _HEADED_LIST.search(text, frame.sentence.start, span.start):
        return [*out, Fact("comparison", "speedup")]  # "Speedup: A **2.26x**, B 1.59x"
    for index in range(len(before_words) - 1, -1, -1):
        rest = " ".join(before_words[index:])
        if any(
            index > gap
            and before_words[index - gap] in {"and", "&"}
            and _metric_starts(before_words[index - gap - 1])
            for gap in (1, 2)
        ):
            # "cutting TTFT and cost by 50-90%", "TTFT and GPU savings … (claimed 3–10x)": the
            # figure is the metric's too
            continue
        named = index >= 1 and _SPEEDUP_WORD.fullmatch(before_words[index - 1]) is not None
        if pattern("not_speed").match(rest) and not named:
            return [*out, Fact("not-speed-before", before_words[index])]
        if pattern("speed").match(rest) or _metric_starts(rest):
            return [*out, Fact("comparison", before_words[index])]
    if candidate.reading in _READ_AS_SPEED:
        return [*out, Fact("comparison", candidate.reading)]  # the reading came from its wording
    sped = _SPED_UP_BY.search(text, frame.clause.start, span.start)
    if sped is not None:
        return [*out, Fact("comparison", sped.group(1))]
    return out


_SPREAD = r"var(?:y|ies|ied|ying)|fluctuat\w+|swings?|spreads?"
_ITEM = r"(?:[\w.+/-]+\s){0,2}[\w.+/-]*\W{0,4}"
_HEADED_LIST = re.compile(
    r"\bspeed-?ups?\b[^:.;]{0,48}:\W{0,4}"
    + _ITEM
    + r"(?:\d[\d.]*\s?[x×]\W{0,4},\s?"
    + _ITEM
    + r")*$",
    re.IGNORECASE,
)
"""A list of named figures after a head that names a speedup: "**Prefix-cache speedup on 4K
shared prefix:** 3.8-27B-MTP **2.26x**, 3.6-35B 1.59x, AgentWorld 1.30x" (a Jetson
benchmark's README, https://github.com/Ait0u5hi/jetson-llm-benchoff); each item is a name
and its figure."""
_SPEEDUP_WORD = re.compile(r"speed-?ups?|acceleration", re.IGNORECASE)
"""A word that names the quantity a "ratio" or "factor" after it measures: "Speedup ratio:
3.84x" (a benchmark summary's label) is a speedup."""

_SPREAD_BEFORE = re.compile(
    rf"\b({_SPREAD})\s(?:by\s)?"
    r"(?:up\sto\s|about\s|roughly\s|nearly\s|almost\s|over\s|more\sthan\s)?[~≈]?$",
    re.IGNORECASE,
)
"""A quantity that varies by the figure: a spread between cases, not a gain."""
_VARIES = re.compile(rf"\b(?:{_SPREAD}|ramp(?:s|ed|ing)?|sweep(?:s|ing)?|swept)\b", re.IGNORECASE)
"""Before a pair of rates, a load swept between them: "sampled randomly under Poisson arrival
ramped from 3 → 60 QPS" (llm-d's blog, https://github.com/llm-d/llm-d.github.io, the
sticky-until-saturated routing post)."""
_SPED_UP_BY = re.compile(
    r"\b(accelerat\w*|speed(?:s|ed|ing)?\sup)\s(?:[\w-]+\s){0,12}?"
    r"by\s(?:up\sto\s|about\s|roughly\s|nearly\s|almost\s|more\sthan\s|over\s)?$",
    re.IGNORECASE,
)
"""A speed verb whose change the figure measures, however far before it ("accelerate
inference for use cases requiring system prompts by up to 5x")."""


_PAIR_BEFORE = re.compile(
    r"(?<![\w.])(?P<before>\d[\d,]*(?:\.\d+)?)\s?(?:ms|s)?\s?(?:→|->|=>)\s?"
    r"(?P<after>\d[\d,]*(?:\.\d+)?)\s?(?:ms|s|sec|seconds)\s?\(\s?[~≈]?$"
)
"""A pair of times with the figure in brackets right after it ("131 → 1282 ms (10×)")."""


_AGAINST_BEFORE = re.compile(
    r"(?<![\w.])(?P<after>\d[\d,]*(?:\.\d+)?)\s?(?:ms|s|sec|seconds)\s(?:against|vs\.?|versus|"
    r"compared\s(?:to|with))\s(?:the\s)?baseline(?:'s|’s)?\s(?:of\s)?[~≈]?"
    r"(?P<before>\d[\d,]*(?:\.\d+)?)\s?(?:ms|s|sec|seconds)\s?\(\s?[~≈]?$"
)
"""A time set against the baseline's, with the figure in brackets right after it ("took
110.1 s against the baseline's 36.1 s (3.05x)")."""


_LABEL_BEFORE = re.compile(
    r"(?:^|[.;*]\s?)\W{0,4}(?:[^\W\d_][\w/-]*\s){0,5}[^\W\d_][\w/-]*\W{0,4}:\W{0,4}[~≈]?"
    r"(?:\d[\d.]*\s?[-–]\s?)?$"
)
"""A label of up to six words and a colon that open the sentence right before the figure,
or before the range it ends ("Max momentary ratio: 1.72-1.89x", "**Speedup**: 3x"), a word
the glossary leaves as written among them ("典型提升：3-5x", typical improvement)."""
_LABEL_AFTER_READING = re.compile(
    r"\d\s?(?:ms|s|%)\s(?:[^\W\d_][\w/-]*\s){0,3}[^\W\d_][\w/-]*:\s?[~≈]?$", re.IGNORECASE
)
"""A label that follows another label's reading, as lines of a benchmark summary run together
("Later turns avg: 94.22 ms Speedup ratio: 3.84x")."""
_LISTED_AFTER = re.compile(r"(?<![\w.])\d[\d.]*\s?(?:[x×]|%)\s?(?:,\s?|,?\s(?:and|or|&)\s)$")
"""The figure is the second of a list of figures ("the ideal speedup is 6.3x and 8.7x")."""
_PARALLEL_BEFORE = re.compile(
    r"(?<![\w.])\d[\d.]*\s?[x×%]\W?(?:\s[\w-]+){0,5}?\s(on|at|for|with|in)\s[\w-]+,?"
    r"\s(?:and|or|&)\s\W?$",
    re.IGNORECASE,
)
_PARALLEL_AFTER = re.compile(r"\W?\s+(on|at|for|with|in)\s", re.IGNORECASE)


def _parallel(text: str, span: Span, sentence: Span) -> bool:
    """Whether the figure is the second of two set side by side, each under its own condition
    with one preposition ("1.16x cache-only speedup on random and 2.07x on Zipf"): it shares
    the wording of the first."""
    after = _PARALLEL_AFTER.match(text, span.end, sentence.end)
    if after is None:
        return False
    before = _PARALLEL_BEFORE.search(text, max(sentence.start, span.start - 96), span.start)
    return before is not None and before.group(1).lower() == after.group(1).lower()


_TIME_RISES = re.compile(
    r"\b(?:ttft|latenc(?:y|ies)|itl|tpot|tbt|(?:response|wait)\stimes?)\s(?:p\d\d\s)?(?:\w+\s)?"
    r"(?:grows?|grew|increas(?:es|ed)|rises?|rose|jump(?:s|ed)|spik(?:es|ed)|balloon(?:s|ed)|degrad(?:es|ed)|inflat(?:es|ed))"
    r"\s(?:by\s)?(?:about\s|roughly\s|nearly\s|almost\s)?[~≈]?\s?$"
    r"|\b(?:increas|inflat|rais|doubl|tripl|balloon|lengthen|worsen)\w*\s(?:the\s)?(?:p\d\d\s|median\s|mean\s|average\s|tail\s)?"
    r"(?:ttft|latenc(?:y|ies)|itl|tpot|tbt|(?:response|wait)\stimes?)\s"
    r"(?:by\s)?(?:up\sto\s|about\s|roughly\s|nearly\s|almost\s)?[~≈]?\s?$",
    re.IGNORECASE,
)
_TIME_RISE_AFTER = re.compile(
    r"(?:p\d\d\s|mean\s|median\s|tail\s)?(?:ttft|latenc(?:y|ies)|itl|tpot|tbt|(?:response|wait)\stimes?)"
    r"\s(?:inflation|increases?|growth|rises?|regressions?|blow-?ups?)\b"
)
"""A time named right after the figure with the word of its rise ("12× TTFT inflation", "a 3x
latency increase"): the time went up, a slowdown."""
_TIME_TIMES = re.compile(
    r"\b(?:ttft|latenc(?:y|ies)|itl|tpot|tbt|(?:response|wait|run)\s?times?|duration)\s?[:=]?\s?$",
    re.IGNORECASE,
)
_HIGHER_ALONE = re.compile(
    r"(?:higher|longer|larger|greater)(?:\s(?:[—–-]|(?:than|not|because|due|at|under|on|in|for)\b)|\W*$)"
)
_TIME_BEFORE = re.compile(
    r"\b(?:ttft|latenc(?:y|ies)|time[-\s]to[-\s]first[-\s]token|itl|tpot|response\stimes?)\b"
    r"(?:(?!\b(?:than|vs|versus|and|throughput|goodput|bandwidth|rps|qps|hit|tok(?:en)?s?/s)\b)"
    r"(?:[^.;]|\.(?=\d))){0,60}$",
    re.IGNORECASE,
)
"""A time named before a figure that is only "higher", with no other quantity between them
("Native-offload TTFT is 11.46 s — 1.92× higher"): the time rose."""
_SAME_FIGURE = re.compile(r"^or\s[~≈]?[\d.,]+\s?(?:ms|s|sec|seconds?|x|×|%)\s")
_ELLIPTICAL = re.compile(r"\s(?:more|less)\W*$", re.IGNORECASE)
_TIME_IS = re.compile(
    r"\b(?:ttft|latenc(?:y|ies)|time[-\s]to[-\s]first[-\s]token|itl|tpot|response\stimes?)\b"
    r"(?:[^.;]|\.(?=\d)){0,30}?\b(?:is|was|are|were|becomes?|reach(?:es|ed)?)\s"
    r"(?:about\s|roughly\s|nearly\s|almost\s|over\s|more\sthan\s)?[~≈]?\s?$",
    re.IGNORECASE,
)
_BASELINE_MULTIPLE = re.compile(
    r"(?:the|that\sof)\s(?:[\w-]+\s){0,2}?(?:no-[\w-]+|uncached|non-cached|baseline|vanilla|default)\b"
)
_LARGER_TIME = re.compile(
    r"(?<![\w.])\d[\d.]*\s?[x×]\s" + _BASELINE_MULTIPLE.pattern, re.IGNORECASE
)
_CHANGED_BY = re.compile(
    r"\b(?:reduc|cut|lower|shorten|accelerat|speed|improv|increas|boost|rais)\w*\s"
    r"(?:[\w-]+\s|\([^()]{1,40}\)\s){0,6}?"
    r"(?:by\s(?:up\sto\s|about\s|roughly\s|nearly\s|almost\s|more\sthan\s|over\s)?|up\sto\s)$",
    re.IGNORECASE,
)
"""A change "by" the figure ("reduces prefill latency by up to 3 times", "reducing latency up
to 3 times", "reducing TTFT (time to first token) by up to 10 times"): a factor, not a
count."""
_READ_AS_SPEED = frozenset({"percent-reduction", "percent-faster", "percent-increase"})


_INVERTED = re.compile(
    r"\b(?:than\s(?:\w+\s){0,2}?(?:load\w*|read\w*|restor\w*|fetch\w*|cached|a\scache\shit|with\s(?:the\s)?(?:kv|cache|prefix))|"
    r"without\s(?:\w+\s){0,2}?(?:kv|cach\w*|prefix\scach\w*|offload\w*)|"
    r"(?:disabl\w*|turn\w*\soff|switch\w*\soff)\s(?:the\s)?(?:\w+\s){0,2}?(?:kv|cach\w*|prefix)|"
    # the side without the cache named as the slower one: "Requests that miss the prefix cache
    # are slower by 6x", "Uncached prompts", "vLLM without LMCache", "the recompute-only baseline"
    r"miss(?:es|ed)?\s(?:the\s)?(?:prefix\s|kv\s|prompt\s)?cache|\buncached\b|recompute-only|"
    r"than\s(?:\w+,?\s){0,2}?cached\b|recomput\w*\s(?:\w+\s){0,4}?(?:is|was|runs?|takes?)\b|"
    r"recomput\w*\s(?:\w+\s){0,6}?(?:causing|causes|caused|leading\sto|leads\sto|results?\sin|resulting\sin)\b)",
    re.IGNORECASE,
)
_WITHOUT_WORD = re.compile(r"\bwithout\s", re.IGNORECASE)


def _inverted(text: str, clause: Span) -> str:
    """Wording in ``clause`` that names the cache-less side as the slower one (``_INVERTED``),
    or "without" right before a known KV product ("vLLM without LMCache is slower by 3x")."""
    found = _INVERTED.search(text, clause.start, clause.end)
    if found is not None:
        return found.group()
    for without in _WITHOUT_WORD.finditer(text, clause.start, clause.end):
        product = pattern("kv_product").match(text, without.end(), clause.end)
        if product is not None:
            return text[without.start() : product.end()]
    return ""


_CUT_WORD = re.compile(r"reduc\w*|lower|less|cuts?|drops?|down|decreas\w*|sav\w*")
_PHRASE_END = re.compile(r"[,;:()\[\]]|\s\+\s")
_RANGE_LOW_END = re.compile(r"\d[\d.,]*+\s?[x×]?\s?[-–—~〜]\s?$")
_PREPOSITIONS = frozenset("in on for with at across over under from by to into per".split())  # noqa: SIM905
_STOPS = frozenset(
    "while when whereas but and or which that as where once since because until if".split()  # noqa: SIM905
)


_HITS_AFTER = re.compile(r"(?:more\s|higher\s)?(?:kv[-\s]|prefix[-\s])?cache\shits\b")
_TOO_AFTER = re.compile(
    r"too\s(?:high|low|large|small|big|much|many|few|little|fast|slow|long|short|optimistic|"
    r"pessimistic)\b"
)
"""A factor by which a reading was wrong: "prefill read up to 4x too high and TTFT too low"
(a benchmark whose prompts hit a prompt cache, in the release notes of a llama.cpp benchmark,
https://github.com/Bekhouche/LemonMatrix/releases/tag/v0.1.1)."""


def _first_telling(after: str) -> tuple[str, str] | None:
    """The verdict of the first telling word after the number. Up to three words that tell
    nothing are looked past ("90% input-token cost reduction"); after a preposition only the
    next word counts ("2x for TTFT", "4x in memory", not "97% in common deployments"); a
    conjunction ends the look."""
    if _HITS_AFTER.match(after):
        return "not-speed-after", "cache hits"  # "4–12× cache hits": hits counted, no speed
    too = _TOO_AFTER.match(after)
    if too is not None:
        return "not-speed-after", too.group()  # "read up to 4x too high": an error's size
    plain = 0
    budget = 3
    measured_in = False  # "in" or "of" before the word: what the figure is a figure of
    for word_match in pattern("words").finditer(after):
        rest = after[word_match.start() :]
        word = word_match.group().lower()
        following = rest[len(word) :].lstrip()
        if _worse(word, following):
            return "slower", f"{word} {following.split(' ')[0]}"
        not_speed = pattern("not_speed_after").match(rest)
        if not_speed is not None and not _metric_ends_at(rest, 0, not_speed.end()):
            return "not-speed-after", word
        if _metric_starts(rest):
            counted = _COUNTED_AFTER.match(following)
            if counted is not None:
                # "are 2× Prefill Attention FLOPs": a count of operations, not a speed
                return "quantity", f"{word} {counted.group()}"[:24]
            return "comparison", word
        if rest.startswith(("as fast", "as quick")):
            return "comparison", rest[:7]  # "twice as fast"
        if rest.startswith("up to") or word in _STOPS:
            return None
        if word == "the" and pattern("quantity").match(rest):
            return "quantity", rest[:24]
        if word not in _SKIP and pattern("speed").match(rest):
            if pattern("span_or_size").match(following):
                # "a five-fold increase in just half a year", "a 2.4x increase over the
                # standard 80GB": a growth over time, a size
                return "not-speed-after", following[:24]
            if _metric_starts(following):
                return "comparison", word
            # "a tenfold increase in context window"; a conjunction ends the look: "10X faster
            # and more cost-efficient" states the speed, and the cost beside it
            near = " ".join(itertools.takewhile(lambda w: w not in _STOPS, following.split()[:4]))
            if pattern("not_speed").search(near) and not re.match(
                r"(?:than|vs|versus|over)\b", following
            ):
                return "not-speed-after", near
            return "comparison", word
        if word in _PREPOSITIONS:
            budget = min(budget, plain + 1)
            measured_in = plain == 0 and word in {"in", "of"}
            continue
        if word not in _SKIP:
            plain += 1
            if plain >= budget:
                return _quantity_named_after(following) if measured_in else None
    return None


_COUNTED_AFTER = re.compile(r"(?:[\w-]+\s){0,2}?(?:[gtpm]?flops|operations|ops)\b", re.IGNORECASE)
"""Operations counted right after a metric's word: "2× Prefill Attention FLOPs"."""


def _metric_ends_at(text: str, start: int, end: int) -> bool:
    """Whether a speed metric in ``text[start:end]`` ends at ``end``: the quantity word there
    is the metric's own ("request capacity" is a throughput, not a capacity)."""
    return any(
        found.end() == end
        for metric in METRICS
        for found in pattern(f"metric_{metric}").finditer(text, start, end)
    )


def _quantity_named_after(following: str) -> tuple[str, str] | None:
    """After "in" or "of" and a word that tells nothing, a quantity that is no speed within the
    next two words still names what the figure measures ("10x in inference costs", "4x in GPU
    memory"); a metric or speed word first ends the look."""
    for word_match in list(pattern("words").finditer(following))[:2]:
        rest = following[word_match.start() :]
        if _metric_starts(rest) or pattern("speed").match(rest):
            return None
        if pattern("subject_not_speed").match(rest):
            return "not-speed-after", word_match.group().lower()
    return None


_SETTINGS = frozenset({"parallelism"})
"""Topics that are often a setting of a KV-cache benchmark ("at tensor parallelism 1")."""
_DEGREE = re.compile(
    r"\s?(?:(?:degree|size)\s)?(?:(?:is\s|was\s)?set\sto|of|=|at|:)?\s?\(?\d+(?![\d.]*\s?[x×%])\b"
)


def _set_to_a_degree(text: str, topic: str, where: Span) -> bool:
    """Whether every mention of ``topic`` in ``where`` states its degree ("tensor parallelism
    set to 1", "TP=8"): a setting the figure was measured at, not its cause."""
    spans = _spans(text, f"topic_{topic}", where.start, where.end)
    return bool(spans) and all(_DEGREE.match(text, end, where.end) for _, end, _ in spans)


def _in_a_model_name(text: str, topic: str, where: Span) -> bool:
    """Whether every mention of ``topic`` in ``where`` is the suffix of a model's name
    ("Qwen3-32B-AWQ", "Llama-3.1-8B-FP8"): the model measured, not the figure's cause."""
    spans = _spans(text, f"topic_{topic}", where.start, where.end)
    return bool(spans) and all(
        start > 0 and text[start - 1] == "-" and text[start - 2 : start - 1].isalnum()
        for start, _, _ in spans
    )


_SURROUNDINGS = frozenset(
    {
        "engine_comparison",
        "routing",
        "disaggregation",
        "parallelism",
        "gpu_generation",
        "storage_io",
    }
)
"""Topics that surround a KV-cache mechanism rather than compete with it: "3x faster than
vLLM" is how KV products are measured, "KV-aware routing" is a way of reusing KV, and "GDS for
loading KV cache" is the path the cache is loaded by."""
_STORAGE_CAUSES = frozenset({"weight_offload", "other_cache", "model_loading", "storage_io"})
"""Causes that are themselves about storage or caching: offload or cache wording beside them
does not name a KV-cache mechanism."""
_UP = re.compile(r"higher|more|longer|increas\w*|rose|rises|jump\w*|grew|↑")
_DOWN = re.compile(r"lower|less|fewer|reduc\w*|decreas\w*|drops?|dropped|fell|falls|cuts?|↓")
_TIME_METRIC = re.compile(
    r"(?:p\d\d\s)?(?:ttft|time[-\s]to[-\s]first|first[-\s]token|latenc|itl|tpot|tbt|response\stime|delay|wait)",
    re.IGNORECASE,
)
_RATE_METRIC = re.compile(
    r"(?:throughput|goodput|tok(?:en)?s?/s|tokens?\sper|rps|qps|requests?\sper)", re.IGNORECASE
)


def _worse(word: str, following: str) -> bool:
    """ "2x higher TTFT", "7x higher ITL", "40% lower throughput": the figure is a slowdown."""
    return bool(
        (_UP.fullmatch(word) and _TIME_METRIC.match(following))
        or (_DOWN.fullmatch(word) and _RATE_METRIC.match(following))
    )


_INCREASE = re.compile(r"increases?|rises?|growth|jumps?", re.IGNORECASE)


def _time_before(text: str, start: int, end: int) -> bool:
    """Whether the sentence names a time metric (TTFT, latency, a time end to end) before the
    figure and no rate: an increase of it is a slowdown."""
    named = [m for m in METRICS if pattern(f"metric_{m}").search(text, start, end)]
    return bool(named) and "throughput" not in named and "decode" not in named


def _metric_follows(after: str) -> bool:
    """A speed word followed by a metric ("faster TTFT"): the figure names its own subject."""
    words = after.split()
    return any(_metric_starts(" ".join(words[i:])) for i in range(min(len(words), 5)))


_SLOWDOWN_BEFORE = re.compile(
    r"\bslow(?:downs?|s\sdown|ed\sdown)\b(?:\s[\w-]+){0,3}?\s(?:up\sto\s|about\s|of\s|by\s)?~?$|"
    r"\bslower\s(?:by\s)?(?:about\s)?[*_]{0,2}~?$",
    re.IGNORECASE,
)
"""A slowdown named right before its factor: "slowdowns going up to 2x at burst", "slower by
3x", "慢了 **32 倍**" (glossed "slower **32x**": slower by 32 times)."""


def _compared_after(text: str, end: int) -> bool:
    """Whether comparison wording (``speed``) follows a figure ending at ``end``: "repeat
    question with 20x faster TTFT" is a speed, not a count of repetitions."""
    marks = _MARKS_AFTER.match(text, end)
    return pattern("speed").match(text, marks.end() if marks else end) is not None


def _cost_subject(text: str, start: int, figure: Span) -> str:
    """A cost, price or usage word in the clause before the factor with no metric word after
    it, up to the figure's end ("input token costs by up to 90%"; "reduces both inference time
    and power consumption by half" names one): the subject of the figure is not speed."""
    end = figure.start
    found = list(pattern("subject_not_speed").finditer(text, start, end))
    if not found:
        return ""
    last = found[-1]
    for metric in METRICS:
        if pattern(f"metric_{metric}").search(text, last.end(), figure.end):
            return ""
        for named in pattern(f"metric_{metric}").finditer(
            text, max(start, last.start() - 40), last.start()
        ):
            if _JOINED.fullmatch(text, named.end(), last.start()):
                return ""  # "cutting TTFT and cost by 50-90%": the figure is the metric's too
    if pattern("speed_noun").search(text, last.end(), end):
        return ""  # "when the KV cache budget is 2 TB, the ideal speedup is 8.7x"
    return last.group()


_JOINED = re.compile(r"\s?(?:,|\s(?:and|&))\s(?:\w+\s)?", re.IGNORECASE)


_HOPED = frozenset(
    {
        "expected",
        "hoped",
        "projected",
        "promise",
        "promises",
        "promised",
        "would",
        "goal",
        "hypothesis",
        "hypotheses",
        "should",
    }
)
"""Words that make a figure a hope, not a measurement, whatever metric it names ("They
expected a 2x gain in throughput", "refutes the stated hypothesis of a 6.4x advantage"), or what
did not happen ("would have reported")."""
_GOAL_LABEL = re.compile(
    r"[\s>*_#|•-]*(?:[\w-]+\s){0,2}?(?:goals?|targets?|objectives?|requirements?)[*_]*\s?[:：]",
    re.IGNORECASE,
)
"""A sentence that opens on a goal's label ("**Performance Goals**: TTFT decreasing 88%", a
chatbot's plan, https://github.com/Tutj/TSMesh-LMCache-Usecase1, specs/001-lmcache-chatbot/plan.md):
its figures are what was aimed at."""
_GOAL_CELL = re.compile(r"\b(?:goals?|targets?|objectives?|slos?)\b|目标|目標|목표", re.IGNORECASE)


def _under_goal(frame: Frame, figure: Span) -> bool:
    """Whether the figure stands in a table column whose header cell names a goal ("| 改善 |
    目标 |" in a Mooncake evaluation report's metrics table,
    https://github.com/uniqueni/Mooncake/blob/feature-test/simple_test/docs/EXAMPLE_EXECUTIVE_REPORT.md):
    the column holds what was aimed at."""
    if not frame.hint:
        return False
    cell = header_cell(frame.text, frame.sentence.start, figure.start, frame.hint)
    return cell is not None and _GOAL_CELL.search(cell) is not None


_NEGATIONS = frozenset({"not", "never", "no", "n't"})
_DENIED_FIGURE = re.compile(
    r"(?:\b(not|never|no)|(n't))\s(?:(?:give|deliver|yield|provide|achieve|get|see|mean|reach|show)"
    r"\w*\s)?(?:an?\s|the\s)?(?:~|about\s|around\s|roughly\s|nearly\s)?$",
    re.IGNORECASE,
)
"""A figure its sentence denies: "That measures repeated prefill, not a 109x increase in
generation speed" (a recipe's work log); not "not only a 2x speedup", which affirms it."""
_COUNTERFACTUAL = re.compile(r"\bwould(?:\shave|'ve)\s(?:[\w-]+\s){0,2}(?:an?\s)?$", re.IGNORECASE)
_MODAL = re.compile(
    r"\b(?:should|might|ought\sto)\s(?:\w+\s){0,2}?(?:see|observe|show|get|be|expect|achieve|give|"
    r"deliver|reach|yield|provide|notice|experience)\b[^,;:.!?]*$",
    re.IGNORECASE,
)
"""What a figure is expected to be, not what was measured: "Second call should show
significantly lower TTFT (26-69% improvement)" (https://github.com/KrxGu/ai-prompt-cache), "You
should observe a 2.2x speedup", "Should be about a ~1.25x prompt processing speed improvement".
The modal must govern the figure: "As you might expect, prefix caching cut TTFT by 5x" and
"which should be enabled by default, cut TTFT 4x" are measurements."""
_MEASURED = re.compile(r"\bwe\s(?:observed|saw|got)\b|\bmeasured\b", re.IGNORECASE)
_CONFIRMED = re.compile(r"\b(?:confirm|validat|support|verif|prov(?!ision))\w*", re.IGNORECASE)


def _denied_before(words: list[str]) -> str:
    """The word of ``words`` (the last few before a figure) that denies the figure, if any. A
    word before "and" is another phrase's: "45-50% cost reduction and 2-3x faster indexing"."""
    if "and" in words:
        words = words[len(words) - words[::-1].index("and") :]
    for index in range(len(words)):
        if pattern("denied_before").match(" ".join(words[index:])):
            return words[index]
    return ""


def _metric_starts(text: str) -> bool:
    return any(pattern(f"metric_{m}").match(text) for m in METRICS)


def metric_near(text: str, span: Span, within: Span) -> tuple[str, Span] | None:
    """The metric named nearest to ``span`` inside ``within`` (at most ``NEAR`` characters
    away). A metric after the factor ("2x higher throughput") binds tighter than one before
    it: distances before count double; at equal distance the longer phrase wins. "latency"
    yields to a named metric beside it ("prefill latency" is TTFT), and a metric word that
    describes the baseline ("vs standard decoding") is not the factor's metric."""
    best: tuple[int, int, int, str, Span] | None = None
    later: tuple[int, int, int, str, Span] | None = None  # past a comma and a verb
    lo, hi = max(within.start, span.start - NEAR), min(within.end, span.end + NEAR)
    turn = _TURN.search(text, span.end, hi)
    if turn is not None:
        hi = turn.start()  # "2–3× … while TPOT remains stable": the metric after "while" is another
    item = _NEXT_ITEM.search(text, span.end, hi)
    cut = item.start() if item is not None else hi
    ttft_ends = _ends(text, within.start, within.end)
    for order, metric in enumerate(METRICS):
        found = _spans(text, f"metric_{metric}", within.start, within.end)
        # Matches come in order: only those starting between lo and hi are looked at, so a
        # long sentence costs each of its factors the metrics near it, not all of them.
        first = bisect_left(found, lo, key=lambda m: m[0])
        for start, end, _ in itertools.islice(found, first, None):
            if start > hi:
                break
            if end > hi:
                continue
            if _BASELINE.search(text, max(lo, start - 28), start):
                continue
            if metric != "ttft" and {start - 1, start} & ttft_ends:
                continue  # "first-token response time", "prefill latency": TTFT
            distance = start - span.end if start >= span.end else 2 * max(span.start - end, 0)
            if metric == "latency":
                distance += 24
            rank = (distance, -(end - start), order, metric, Span(start, end))
            if start >= cut:
                if later is None or rank[:3] < later[:3]:
                    later = rank
            elif best is None or rank[:3] < best[:3]:
                best = rank
    # "reducing TTFT by up to 40%, increasing throughput": a metric past a comma and a verb is
    # the next item's, unless the figure has none nearer ("4.2x on long workflows, halving
    # end-to-end time")
    best = best or later
    return (best[3], best[4]) if best else None


_TURN = re.compile(r"\b(?:while|whereas|but)\b|;", re.IGNORECASE)
_NEXT_ITEM = re.compile(r",\s(?:and\s)?[a-z]+ing\b", re.IGNORECASE)
_BASELINE = re.compile(
    r"\b(?:vs\.?|versus|compared\s(?:to|with)|than|against|relative\sto)\s(?:the\s|a\s)?(?:\w+\s){0,2}$",
    re.IGNORECASE,
)


def metric_named(text: str) -> str | None:
    """The first speed metric (in ``METRICS`` order) that ``text`` names anywhere, or ``None``
    (a table's header row, one of its cells)."""
    if not text:
        return None
    return next((m for m in METRICS if pattern(f"metric_{m}").search(text)), None)


_VERSUS = re.compile(r"\b(?:vs\.?|versus|compared\s(?:to|with)|against)\b", re.IGNORECASE)


def header_metric(text: str, row_start: int, at: int, header: str) -> str | None:
    """The speed metric a table's header names for the figure at ``at``: its own column's
    first ("| Throughput vs no-offload | TTFT vs no-offload |"), else the header's. A column
    that is a comparison of its own and names no metric ("native-offload vs no-offload") takes
    none from its neighbours: "TTFT at concurrency=50" beside it is another measurement."""
    cell = header_cell(text, row_start, at, header)
    if cell is not None:
        named = metric_named(cell)
        if named is not None or _VERSUS.search(cell):
            return named
    return metric_named(header)


def _cues(frame: Frame, clause_metric: str | None = None) -> list[Fact]:
    """KV-cache wording at the nearest distance it occurs. TTFT and prefill words count as a
    cue of their own, weaker than KV-cache words: a faster first token has other causes too.
    A figure whose own clause measures decode ("inter-token latency drops 2x … because decode
    is no longer blocked behind prefill") borrows no TTFT cue from the rest of its sentence or
    paragraph; a rate of prefill ("prefill goes from 834 to 1,281 tokens/s") is the speed of
    computing the prompt, which reusing a KV cache skips rather than speeds up: its prefill
    word is no cue."""
    text = frame.text
    out: list[Fact] = []
    decode_clause = clause_metric == "decode"
    rate = clause_metric == "throughput"
    for name, where in (
        ("clause", frame.clause),
        ("sentence", frame.sentence),
        ("unit", frame.unit),
    ):
        for row, kind in (("kv_product", "product"), ("cue_kv", "kv")):
            found = _kv_cue(text, where) if row == "cue_kv" else _product_cue(text, where)
            if name == "unit" and found is not None and _denied_first(text, row, where):
                # in the rest of the paragraph, a cache it denies is no cue ("no prefix-cache
                # reuse")
                found = _asserted(text, row, where)
            if found is not None:
                return [Fact(f"{kind}-{name}", found)]
        if not out and not (decode_clause and name != "clause"):
            ttft = _first(text, "metric_ttft", where)
            if ttft is not None and rate and _FIRST_TOKEN.search(ttft) is None:
                ttft = None  # a prefill or prompt-processing word names the rate itself
            if ttft is not None:
                out.append(Fact("ttft-cue" if name != "unit" else "ttft-unit", ttft))
        if name == "sentence" and not out:
            weak = _first(text, "cue_weak", where)
            tier = _first(text, "tier_any", where)
            if tier is not None and not _metric_in(text, where):
                tier = None  # "10x faster than standard S3" names a store, not a cache
            if tier is not None and _TRANSPORT.fullmatch(tier):
                tier = None  # "their InfiniBand network": a link, which holds no KV cache
            if weak is not None or tier is not None:
                out.append(Fact("weak-sentence", weak or tier or ""))
    if frame.hint and _header_cue(frame.hint):
        return [*out, Fact("kv-header", frame.hint[:40])]
    cache_off = cache_off_topic(frame.topic)
    if frame.topic and not cache_off and _topic_cue(frame.topic):
        return [*out, Fact("kv-topic", _topic_cue(frame.topic))]
    if frame.page == "other" or cache_off:
        # On a page whose opening never names KV caching or a KV product, or in a section
        # measured with the cache off, TTFT or cache wording alone does not make a figure a
        # KV-cache claim.
        out.append(Fact("off-topic-page", frame.topic[:40]))
    elif frame.page == "kv":
        # A page about KV caching lends its mechanism to a figure that names none itself.
        out.append(Fact("kv-page", "the page's opening names KV caching"))
        if (speed_header(frame.hint) or _gain_over_baseline(frame.hint)) and not device_sides(
            frame.hint
        ):
            # A "Speedup" column of a table on that page is the page's own measurement, and so
            # is an "Improvement" column beside a baseline's ("| CPU DRAM Allocated | Baseline |
            # With Offloading | Improvement |").
            return out
    if any(f.name == "weak-sentence" for f in out):
        if not (
            _metric_in(text, frame.sentence)
            or metric_named(frame.hint)
            or _REUSE.search(text, frame.sentence.start, frame.sentence.end)
            or _PREFIX_LENGTH.search(text, frame.sentence.start, frame.sentence.end)
            or durations(text, frame.sentence.start, frame.sentence.end)
        ):
            # "Speedup with caching: 7.37x faster": a cache of anything, no speed of a model
            # named, no time measured, and no hit, warm run or later request ("| Qwen 0.5B |
            # Disabled | ~1100ms | 5–6× slower without caching |" times a model's call)
            return [*out, Fact("weak-only", "cache or prompt wording, and no speed metric")]
        return out
    if any(f.name.startswith("ttft") for f in out):
        return [*out, Fact("ttft-only", "TTFT or prefill is the only cue")]
    return [*out, Fact("no-kv-cue", "no KV-cache, prefix-cache or caching wording")]


@lru_cache(maxsize=1024)
def _header_cue(hint: str) -> bool:
    """Whether a table's header row names KV caching, TTFT or prefill. Prefill or TTFT words
    alone are none in a header that names another cause, as in a heading (``_topic_cue``):
    "| Metric | vLLM | Layered Prefill | Δ (Layered − vLLM) |" compares a way of scheduling
    prefill with an engine (https://github.com/scale-snu/layered-prefill)."""
    if pattern("cue_strong").search(hint) is None:
        return False
    return pattern("cue_kv").search(hint) is not None or _heading_cause(hint) is None


_TRANSPORT = re.compile(r"rdma|infiniband|roce|\d+\s?gbe", re.IGNORECASE)
_FIRST_TOKEN = re.compile(r"ttft|first", re.IGNORECASE)
"""What tells a TTFT word (``metric_ttft``) from a prefill or prompt-processing word."""


_GAIN_COLUMN = re.compile(r"\b(?:improvements?|gains?)\b", re.IGNORECASE)
_BASELINE_COLUMN = re.compile(
    r"\b(?:baseline|without|w/o|vanilla|no[-\s](?:cache|caching|offload\w*|reuse))\b", re.IGNORECASE
)


def _gain_over_baseline(hint: str) -> bool:
    """Whether a table's header row names a gain column and a baseline's column."""
    return bool(hint) and bool(_GAIN_COLUMN.search(hint)) and bool(_BASELINE_COLUMN.search(hint))


def speed_header(hint: str) -> bool:
    """Whether a table's header row names a speedup column ("Speedup", "faster")."""
    return bool(hint) and pattern("speed_noun").search(hint) is not None


_DEVICE = re.compile(
    r"\b(?:[cgnt]pus?|a100|h100|h200|b200|gb200|l40s?|mi300x|mi325x|mi355x|m[1-5]\s(?:pro|max|ultra))\b",
    re.IGNORECASE,
)


def device_sides(hint: str) -> bool:
    """Whether a table's header row compares devices and names no cache: "| Contexts | GPU Time
    (s) | CPU Time (s) | Speedup |" measures a GPU against a CPU, whatever the page is about
    (ContextPilot's index build,
    https://github.com/EfficientContext/contextpilot-docs/blob/main/docs/reference/benchmarks.md)."""
    devices = {m.group().lower().rstrip("s") for m in _DEVICE.finditer(hint)}
    return (
        len(devices) >= 2
        and pattern("cue_strong").search(hint) is None
        and pattern("cue_weak").search(hint) is None
    )


_GAIN = re.compile(
    r"\b(?:gains?|improv\w*|faster|speed-?ups?|boost\w*|higher|lower|reduc\w*)\b", re.I
)
_SIGNED_PERCENT = re.compile(r"(?<![\w.])[+−-]\s?\d[\d.,]*\s?%")


def lead_metric(paragraph: str) -> str:
    """The speed metric a page's opening paragraph says a KV-cache mechanism gains ("CPU
    KV-cache offload provides throughput gains"): the words of the one metric it names, or
    "" when it names no KV-cache mechanism, no gain, or more than one metric."""
    if _GAIN.search(paragraph) is None or pattern("cue_kv").search(paragraph) is None:
        return ""
    named = [found for m in METRICS if (found := pattern(f"metric_{m}").search(paragraph))]
    return named[0].group() if len(named) == 1 else ""


def delta_row(row: str, header: str) -> bool:
    """Whether a table row states signed changes ("| Qwen3-0.6B | -8.3% | +9.5% |") under a
    header row that names no speed metric: the changes of the metric the page's opening
    paragraph names (``lead_metric``). A header that names another quantity ("Before (Input
    Tokens) | After (Cached Tokens) | Savings") states changes of that quantity."""
    return (
        _SIGNED_PERCENT.search(row) is not None
        and not any(pattern(f"metric_{m}").search(header) for m in METRICS)
        and pattern("not_speed").search(header) is None
    )


def _metric_in(text: str, where: Span) -> bool:
    return any(_first(text, f"metric_{m}", where) is not None for m in METRICS)


_CACHE_OFF = re.compile(
    r"\b(?:(?:prefix|prompt|kv)[\s-]?cach\w*|apc)\s(?:is\s)?(?:off|disabled)\b|"
    r"\b(?:without|no|disabled?)\s(?:the\s)?(?:prefix|prompt|kv)[\s-]?cach\w*",
    re.IGNORECASE,
)
_BOTH_SIDES = re.compile(
    r"\b(?:on|enabled?|with)\s?(?:vs\.?|versus|and|or|/)\s?(?:off|disabled?|without)\b|"
    r"\b(?:off|disabled?|without)\s?(?:vs\.?|versus|and|or|/)\s?(?:on|enabled?|with)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=1024)
def cache_off_topic(topic: str) -> bool:
    """Whether a section heading says its figures were measured with the KV or prefix cache
    off ("典型性能指标（冷数据口径 · 前缀缓存关闭 …）", typical figures, prefix caching disabled,
    in a DGX Spark serving report): they measure something else, whatever the page is about.
    A heading that names both sides ("prefix caching on vs off", "with and without the prefix
    cache") compares them."""
    english = in_english(topic)
    found = _CACHE_OFF.search(english)
    return found is not None and _BOTH_SIDES.search(english) is None


@lru_cache(maxsize=1024)
def _topic_cue(topic: str) -> str:
    """The KV-cache words of a page's title or section heading, prefix-aware routing among
    them ("Benchmarking Prefix Aware Load Balancing": requests go where their prefix is
    cached). Prefill or TTFT words alone are none in a heading that names another cause
    ("Prefill-decode disaggregation", "GDN prefill kernel", "H100 has 4.6x A100 Performance
    … at 100ms to first token"): there prefill is the phase split off or sped up, not a
    cache skipped. Nor does a heading name KV reuse with KV words that name a cache's
    number format, room or transfer ("Quantized KV Cache", vLLM's docs,
    https://github.com/vllm-project/vllm/blob/main/docs/features/quantization/quantized_kvcache.md)."""
    english = in_english(topic)
    topic = _without_reuse_phrases(english)
    for row in TOPIC_CUES:
        found = pattern(row).search(topic)
        if found is not None:
            if (
                row == "cue_strong"
                and pattern("cue_kv").search(topic) is None
                and (
                    # the KV words blanked may name the cause: "KV Cache Compression for
                    # Prefill-Decoding Acceleration" (FastKV) speeds prefill by compressing
                    _heading_cause(english) is not None
                    or pattern("gpu_comparison").search(topic) is not None
                )
            ):
                return ""
            return found.group()
    return ""


def _topics(frame: Frame, figure: Span | None = None) -> list[Fact]:
    """Other causes named in the sentence, softened when the sentence is about KV storage too.

    When the sentence names another cause (a technique, a comparison of engines or GPUs, a
    cache of something else, a log line, a target) and no KV-cache mechanism at all, the
    figure is attributed to that cause: ``attributed-elsewhere``, which no other evidence
    and no ``--text`` overrides."""
    text, sentence = frame.text, frame.sentence
    out: list[Fact] = []
    causes: list[str] = []
    storage: str | None = None
    storage_counts = True  # KV storage wording speaks for the cache unless the cause is storage
    other_cache = False  # a cache of something else: its bare "cache hit" is its own
    scope = _beyond_label(frame, figure)
    compared = _systems_compared(frame, figure)
    formats = _sides(frame.hint, _FORMAT_CELL)
    if compared or formats or _first(text, "exclude_topic", scope) is not None:
        against = _technique_against(frame, figure)
        storage = _first(text, "storage_cue", sentence)
        kv_named = kv_mechanism_in(text, sentence)
        for topic in TOPICS:
            found = _asserted(text, f"topic_{topic}", scope)
            if found is None and topic == "engine_comparison" and compared:
                found = compared
            if found is None and topic == "quantisation" and formats:
                found = formats
            if found is not None:
                model = topic == "quantisation" and _in_a_model_name(text, topic, sentence)
                if model and kv_named and not formats:
                    continue  # "GLM-5-FP8 … 3.3x below the recompute path": the model measured
                name = (
                    "topic"
                    if against is not None and pattern(f"topic_{topic}").search(against)
                    else "topic-beside-storage"
                    if storage is not None
                    else "topic-beside-kv"
                    if kv_named and topic in _SURROUNDINGS
                    else "topic-setting"
                    if topic in _SETTINGS or model
                    else "topic"
                )
                words = f"{topic.replace('_', ' ')}: {found}"
                storage_counts = storage_counts and topic not in _STORAGE_CAUSES
                other_cache = other_cache or topic == "other_cache"
                out.append(Fact(name, words))
                if not (model or (topic in _SETTINGS and _set_to_a_degree(text, topic, sentence))):
                    causes.append(words)
    negated = _uncached(text, frame.clause, "topic_no_cache") or _uncached(
        text, sentence, "uncached"
    )
    if negated is None:  # "… increased 34%. Independent of KV offload."
        negated = _first(text, "kv_denied", frame.unit)
    if negated is not None:
        return [*out, Fact("attributed-elsewhere", f"no cache: {negated}")]
    comparison = _first(text, "gpu_comparison", frame.clause)
    if comparison is None and _LEADING.match(text, sentence.start, frame.clause.start):
        # "Compared to the Hopper series, the B300 series demonstrates 8x": the comparison
        # opens the sentence in a clause of its own
        comparison = _first(text, "gpu_comparison", Span(sentence.start, frame.clause.start))
    if comparison is not None:
        out.append(Fact("gpu-comparison", comparison))
        causes.append(f"gpu comparison: {comparison}")
    if frame.unit != sentence and not other_cache:
        # "If the query hits the cache, the inference process is skipped. … a cache hit
        # improves performance by 50 times": the paragraph says whose cache it is
        other_cache = _first(text, "topic_other_cache", frame.unit) is not None
    if not other_cache and frame.topic and not _topic_cue(frame.topic):
        # "# Semantic Caching" over "Instant cache hits (~3.5µs) for identical queries -
        # 42,000-143,000x faster" (https://github.com/muxi-ai/onellm, docs/caching.md): the
        # page's title or heading says whose cache it is
        other_cache = pattern("topic_other_cache").search(frame.topic) is not None
    if (
        _named_for_reuse(text, sentence, other_cache) or _product_cue(text, sentence) is not None
    ) or (
        storage
        and storage_counts
        and _cached(text, sentence)
        and _named_beside_engine(text, "storage_cue", sentence)
    ):
        return out
    if causes:
        out.append(Fact("attributed-elsewhere", causes[0]))
    elif (around := _cause_around(frame)) is not None:
        out.append(Fact("attributed-elsewhere", f"the paragraph: {around}"))
    elif frame.topic and not _topic_cue(frame.topic):
        # "## Speculative decoding" over "Latency dropped 2.5x": the page says what the cause is
        heading = _heading_cause(frame.topic)
        if heading is not None:
            out.append(Fact("attributed-elsewhere", f"the page's heading: {heading}"))
    return out


def _heading_cause(topic: str) -> str | None:
    """The other cause a page's title or section heading names, past the settings it lists:
    in "EIC benchmark snapshot: DeepSeek-V4-Flash FP8, TP8, 8×H20" the model's number format
    and the parallelism with its degree are what every figure below was measured at."""
    for found in pattern("exclude_topic").finditer(topic):
        logged = pattern("topic_log_line").match(topic, found.start())
        if logged is not None and logged.end() == found.end():
            continue  # "结果（2026-08-05 20:56:33–21:07:36 UTC）": when the run was, no log line
        if not _heading_setting(topic, found):
            return found.group()
    return None


_DEGREE_WORD = re.compile(r"[a-z]+\s?=?\s?\d+\w*", re.IGNORECASE)  # "TP8", "TP=2", "INT4"


def _heading_setting(topic: str, found: re.Match[str]) -> bool:
    """Whether a heading's ``found`` cause is a setting: parallelism stated with its degree,
    or a number format right after a model's name."""
    start, end = found.span()

    def names(kind: str) -> bool:
        match = pattern(f"topic_{kind}").match(topic, start)
        return match is not None and match.end() == end

    if names("parallelism"):
        return _DEGREE_WORD.fullmatch(found.group()) is not None or bool(_DEGREE.match(topic, end))
    word = found.group()
    if not names("quantisation") or start < 2 or topic[start - 1] not in " -":
        return False
    if not (word.isupper() or _DEGREE_WORD.fullmatch(word)):
        return False  # "quantization" names the technique, "FP8" or "AWQ" a format
    words = topic[max(0, start - 80) : start - 1].split()  # "DeepSeek-V4-Flash FP8"
    return bool(words) and any(character.isdigit() for character in words[-1])


_LABEL_CELL = re.compile(r"\s*\|?[^|]*\|")
_FACTOR_IN_LABEL = re.compile(r"\d\s?[x×%]", re.IGNORECASE)
_SPEEDUP_COLUMN = re.compile(
    r"\bspeed-?ups?\b|\bfaster\b|^\s*(?:relative\s)?speed\s*$|"
    r"\b(?:performance|perf)\s(?:improvements?|gains?|boost|uplift)\b|\bimprovement\sfactors?\b",
    re.IGNORECASE,
)
"""A header cell of speedups: "Speedup", "x faster", a performance gain ("| 场景 | 性能提升 |",
scenario and performance improvement), an improvement factor ("| TTFT改善倍率 |"), or a bare
"Speed" whose cells are multipliers of a "1x" baseline row ("| KV Cache | 0.52 | **87x** |")."""


_MONEY = re.compile(
    r"[$€£¥]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:usd|eur|dollars?|cents?)\b", re.IGNORECASE
)
"""An amount of money in a table row: its other figures are prices, not speeds."""

_VERSUS_COLUMN = re.compile(r"\b(?:vs\.?|versus)(?=\s|$)", re.IGNORECASE)


def _label_quantity(frame: Frame, figure: Span) -> str:
    """The quantity a table row's label names when it is no speed ("GPU→CPU Bandwidth",
    "Cache hit rate") and the figure stands in a later cell: the row measures that quantity.
    A label that also names a speed metric names none, and under a speedup column ("| CPU
    memory | 3.2x |" under "Speedup") the label is where the cache sits. Nor does it when the
    figure's own cell names a speed ("| prefix-cache hit rate | prefill latency ↓30-70% |":
    the hit rate is the lever, the latency what it moves)."""
    label = _row_label(frame, figure)
    if label is None or _in_speedup_column(frame, figure):
        return ""
    cell = row_cell(frame.text, frame.sentence, figure)
    if cell is not None and _metric_in(frame.text, cell):
        return ""
    found = pattern("subject_not_speed").search(frame.text, label.start, label.end)
    if found is None or _metric_in(frame.text, label):
        return ""
    return found.group()


def _row_label(frame: Frame, figure: Span) -> Span | None:
    """The first cell of a table row (one read with its header as ``hint``), when the figure
    stands in a later cell."""
    if not frame.hint:
        return None
    label = _LABEL_CELL.match(frame.text, frame.sentence.start, frame.sentence.end)
    if label is None or label.end() > figure.start:
        return None
    return Span(label.start(), label.end())


def _beyond_label(frame: Frame, figure: Span | None) -> Span:
    """The sentence without its table row's label, the first cell, when the figure stands in
    a speedup column of a table whose header names the KV cache: in "| tim-9b (new kernel) |
    ON | 0.756 s | 2.7× TTFT |" under "Speedup vs OFF", the label names the build the row was
    measured on, not the cause of its speedup. Under a column of another quantity
    ("Compression") the label is the technique the row measures, and it counts."""
    sentence = frame.sentence
    if figure is None or pattern("cue_strong").search(frame.hint) is None:
        return sentence
    label = _row_label(frame, figure)
    if label is None or _FACTOR_IN_LABEL.search(frame.text, label.start, label.end):
        return sentence
    if not _in_speedup_column(frame, figure):
        return sentence
    return Span(label.end - 1, sentence.end)


_CELL_MARKUP = re.compile(r"[\s*_`~]*")
_CELL_QUALIFIED = re.compile(
    r"[\s*_`]*(?:(?:up\sto|about|around|approx(?:imately|\.)?|nearly|average|avg\.?|max\.?|高|快)\s?|"
    r"[~≈>≥]\s?)?[\s*_`]*",
    re.IGNORECASE,
)
"""A cell's markup before its figure, with a word that qualifies it: "| 最大70x |" (up to),
"| **高 18.3 倍** |" (higher by)."""


def _alone_in_cell(text: str, figure: Span, row: Span) -> bool:
    """Whether the figure is all its table cell holds, but for emphasis ("| **9x** |") and a
    word that qualifies it ("| up to 70x |")."""
    cell = row_cell(text, row, figure)
    return (
        cell is not None
        and _CELL_QUALIFIED.fullmatch(text, cell.start, figure.start) is not None
        and _CELL_MARKUP.fullmatch(text, figure.end, cell.end) is not None
    )


def _storage_io_column(frame: Frame, figure: Span) -> str | None:
    """The storage I/O a table's header names when the figure stands in a speedup column
    that names no metric of its own: "| Tier | Storage Throughput | Speedup vs NVMe |" (the
    MLPerf Storage KV-cache benchmark, https://github.com/mlcommons/storage) is the speedup of
    one tier's reads over another's, not of inference; None otherwise."""
    if not frame.hint:
        return None
    cell = header_cell(frame.text, frame.sentence.start, figure.start, frame.hint)
    if cell is None or not _SPEEDUP_COLUMN.search(cell) or metric_named(cell) is not None:
        return None
    found = pattern("topic_storage_io").search(frame.hint.lower())
    return found.group()[:24] if found is not None else None


def _column_not_speed(frame: Frame, figure: Span) -> str | None:
    """The header cell above the figure when it names something other than a speed and no
    speed metric ("| Technique | Memory Gain | Throughput Gain |": the memory column's "2-4x"
    is no speedup, whatever the next column says); None otherwise."""
    if not frame.hint:
        return None
    cell = header_cell(frame.text, frame.sentence.start, figure.start, frame.hint)
    if cell is None or metric_named(cell) is not None or _SPEEDUP_COLUMN.search(cell):
        return None
    found = pattern("subject_not_speed").search(cell.lower())
    return cell.strip()[:24] if found is not None else None


def _in_speedup_row(frame: Frame, figure: Span) -> bool:
    """Whether the first cell of the figure's table row names a speedup ("| Cache Speedup |
    1.79x | 3.84x |", a table of vLLM against llm-d,
    https://github.com/rh-aiservices-bu/rhaoi3-llm-d/blob/main/README.md): each later cell is
    one. Not when the cache is the side they are set against ("| Speedup vs cached | 1.0× |
    **6.1×** |": the cached run is the slower one)."""
    label = _row_label(frame, figure)
    return (
        label is not None
        and _SPEEDUP_COLUMN.search(frame.text, label.start, label.end) is not None
        and _AGAINST_CACHE.search(frame.text, label.start, label.end) is None
    )


_AGAINST_CACHE = re.compile(
    r"\b(?:vs\.?|versus|over|than|relative\sto)\s(?:the\s)?(?:\w+[-\s])?cach(?:ed|e|ing)\b",
    re.IGNORECASE,
)


def _in_speedup_column(frame: Frame, figure: Span) -> bool:
    """Whether the figure stands under a header cell that names a speedup."""
    cell = header_cell(frame.text, frame.sentence.start, figure.start, frame.hint)
    if cell is None:
        return False
    if _SPEEDUP_COLUMN.search(cell) is not None:
        return True
    if _GAIN_COLUMN.fullmatch(cell.strip(" *_")) and _gain_over_baseline(frame.hint):
        return True  # "| Baseline | With Offloading | Improvement |": a gain over the baseline
    # "| Cache vs batch |", "| vs Vanilla |": one side set against the other, as a speedup is
    return _VERSUS_COLUMN.search(cell) is not None and pattern("not_speed").search(cell) is None


_AS_BASELINE = re.compile(
    r"\b(?:than|vs\.?|versus|compared\s(?:to|with)|against|relative\sto|over)\s(?:[\w-]+\s){0,3}$",
    re.IGNORECASE,
)
_SLOWER_WITHOUT = re.compile(
    r"\b(?:slower|higher|longer|increas\w*|grows?|grew|rises?|rose)\b", re.IGNORECASE
)
_WITH_CACHE = re.compile(
    r"\b(?:enabled|turned\son|warm(?![-\u2010\u2011]up)|hits?|cached|reus\w*|with\s(?:it|caching|the\scache))\b",
    re.IGNORECASE,
)


_RECOMPUTE = re.compile(r"re-?comput|re-?prefill|recalculat", re.IGNORECASE)


def _named_beyond_baseline(text: str, row: str, where: Span) -> bool:
    """Whether ``row`` matches in ``where`` other than inside the baseline of a comparison:
    "7.8x faster than a highly optimized offloading system" puts the offload on the slower
    side. Recompute as the baseline ("faster than recomputing") is the KV cache's own
    comparison, so it counts wherever it stands."""
    for start, _, words in _spans(text, row, where.start, where.end):
        if _RECOMPUTE.match(words) or not _AS_BASELINE.search(
            text, max(where.start, start - 40), start
        ):
            return True
    return False


def _named_for_reuse(text: str, where: Span, other_cache: bool = False) -> bool:
    """Whether ``where`` names a KV cache other than as the thing compressed, quantised or
    sparsely read ("KV cache compression", "4-bit KV cache", "the top-k critical KV cache
    pages"), as the setting of a compared engine, or as what the figure was measured without
    ("30x speedup without prefix caching"; "than without prefix caching" is the cache's own
    baseline and counts). With ``other_cache`` (the sentence names a cache of something else,
    a response or tool-call cache), a bare "cache hit" or "when ... is cached" is that cache's
    and names no KV cache ("~180ms (LLM call) vs ~25ms (cache hit)")."""
    named = _spans(text, "cue_kv", where.start, where.end)
    if other_cache:
        named = tuple(n for n in named if not _BARE_CACHE_HIT.fullmatch(text, n[0], n[1]))
    if not named:
        return False
    shrunk = [
        (start - 10, end + 3)  # "KV cache compression", "4-bit KV cache"
        for topic in ("compression", "quantisation", "sparse_attention")
        for start, end, _ in _spans(text, f"topic_{topic}", where.start, where.end)
    ] + list(_not_reused(text, where.start, where.end))
    return any(
        not any(lo <= end and start <= hi for lo, hi in shrunk)
        and not _engine_setting(text, start, where)
        and not _measured_without(text, start, where)
        for start, end, _ in named
    )


_BARE_CACHE_HIT = re.compile(
    r"cache[sd]?\s(?:is\s|was\s)?hits?|(?:when|once|if)\s(?:the\s)?(?:\w+\s)?(?:is|was|are|were)\scached",
    re.IGNORECASE,
)
"""Cache wording that says a lookup hit and not what was cached (``cue_kv``'s generic rows)."""

_KV_ROOM = re.compile(
    r"\b(?:more|larger|bigger|additional|extra)\s(?:gpu\s)?(?:kv|key-value)[-\s]?cache\b|"
    r"\b(?:amount|size|volume)\sof\s(?:the\s)?(?:kv|key-value)[-\s]?cache\b|"
    r"\b(?:kv|key-value)[-\s]?cache\s(?:capacity|blocks|space|size|memory|usage|utili[sz]ation)\b|"
    r"\b(?:kv|key-value)\s(?:slots?|capacity|budgets?)\b|"
    r"\b(?:memory|room|space)\sfor\s(?:the\s)?(?:kv|key-value)\b|"
    # a KV cache laid out in blocks or pages: memory management, not reuse
    r"\b(?:blocked|block|paged(?:[-\s]?attention)?)\s(?:kv|key-value)\b(?:[-\s]?cache)?",
    re.IGNORECASE,
)
"""KV-cache room: what a larger batch is made of, not a cache that is reused ("28% more KV
cache on two cards", "the amount of KV Cache blocks", "64 KV slots vs 16", "at a fixed KV
budget", LMDeploy's "blocked KV cache" among its batching and kernel features,
https://github.com/InternLM/lmdeploy/blob/main/README.md, a "PagedAttention KV Cache"
set against a stock engine)."""

_KV_TRANSFER = re.compile(
    r"\b(?:kv|key-value)(?:[-\s]?caches?)?[-\s]{1,3}(?:transfers?|transferr\w*|transmission|migration)\b|"
    r"\b(?:transfer\w*|transmit\w*|migrat\w*)\s{1,3}(?:of\s)?(?:the\s|its\s)?(?:kv|key-value)\b(?:[-\s]?caches?\b)?|"
    r"传\s?kv|"
    # a KV system's engine for moving data between machines
    r"\b(?:mooncake\s)?transfer[-\s]?engine\b",
    re.IGNORECASE,
)
"""KV caches moved between machines: what disaggregated prefill and decode pay for, not a cache
that is reused ("KV-transfer overhead adds 1.8× to raw prefill time"; Splitwise, Patel et al.
2024, https://arxiv.org/abs/2311.18677, "用高速 InfiniBand 传 KV")."""


_KV_KEPT = re.compile(
    r"\bwhile\s(?:keep(?:s|ing)?|preserv\w*|retain\w*|maintain\w*)\s(?:[\w-]+\s){0,5}?"
    r"(?:kv|key-value)\b",
    re.IGNORECASE,
)
"""KV reuse named as what a technique keeps, not as its gain's cause: "Jacobi Forcing model
consistently provides ~1.7× higher throughput …, while keeping the pure AR backbone and KV
reuse" (https://github.com/hao-ai-lab/hao-ai-lab.github.io, content/blogs/jacobi-forcing)."""
_KV_SHARDED = re.compile(
    r"\b(?:kv|key-value)(?:[-\s]?cache)?\s(?:parallelism|sharding|shards|partitioning|duplication)\b|"
    r"\bshard(?:s|ed|ing)?\s(?:the\s)?(?:kv|key-value)\b(?:[-\s]?caches?\b)?",
    re.IGNORECASE,
)
"""A KV cache split across GPUs: a way to parallelise attention, not a cache reused ("KV
Parallelism, which shards the KV cache along the sequence dimension", TensorRT-LLM's Helix
post, https://github.com/NVIDIA/TensorRT-LLM/tree/main/docs/source/blogs/tech_blog)."""
_NOT_REUSED = (_KV_TRANSFER, _KV_KEPT, _KV_ROOM, _KV_SHARDED)
_NOT_REUSED_LOWER = tuple(re.compile(phrase.pattern) for phrase in _NOT_REUSED)
"""The same phrases for the lower-case text (they spell no capital letter): the same spans,
found in about half the time."""


@lru_cache(maxsize=16_384)
def _not_reused(text: str, start: int, end: int) -> tuple[tuple[int, int], ...]:
    """The spans of ``_NOT_REUSED`` phrases in ``text[start:end]`` (remembered: the
    candidates of one sentence ask of the same clause, sentence and unit)."""
    low = lowered(text)
    phrases, searched = (_NOT_REUSED_LOWER, low) if low is not None else (_NOT_REUSED, text)
    return tuple(m.span() for phrase in phrases for m in phrase.finditer(searched, start, end))


_AS_COMPARED = re.compile(
    r"\b(?:than|vs\.?|versus|over|compared\s(?:to|with)|relative\sto|against|"
    r"(?:close|similar|comparable|equal|identical)\sto|on\spar\swith|match(?:es|ing)?)\s"
    r"(?:the\s|an?\s)?(?:[\w-]+\s)?[(\[]?$",
    re.IGNORECASE,
)
"""What puts a name on the compared side of a figure, right before it."""


def _product_cue(text: str, where: Span) -> str | None:
    """The first KV product ``where`` names (``kv_product``) other than as a transfer engine or
    the side a figure is compared with: in "vLLM Router … throughput is 25% higher than
    llm-d" (vLLM's blog,
    https://github.com/vllm-project/vllm-project.github.io/blob/main/_posts/2025-12-13-vllm-router-release.md)
    the KV product is the baseline, and the router the cause."""
    return _first_outside(
        text,
        "kv_product",
        where,
        lambda start: (
            _AS_COMPARED.search(text, max(where.start, start - 40), start) is None
            and not (_ENGINE_FEATURE.match(text, start) and _engine_setting(text, start, where))
        ),
    )


_ENGINE_FEATURE = re.compile(
    r"apc|automatic\sprefix\scaching|vllm\sprefix|radix\s?attention|radix\stree", re.IGNORECASE
)
"""KV products that are a serving engine's own feature, and so, after a compared engine, its
setting ("over vLLM+APC", SAGA measured against vLLM with automatic prefix caching in a
related-work note, https://github.com/zhengjiahong-ai/LLM-KV-Cache-Optimization). A KV system
set beside an engine ("compared to vLLM + LMCache") stays a KV system."""


_NO_PAGE_TOPIC = re.compile(
    r"\bsupport(?:s|ed)?\s(?:for\s)?(?:[\w-]+,?\s(?:and\s)?){0,4}?"
    r"(?:automatic\s)?(?:prefix|prompt)[-\s]cach\w*|"
    r"\b(?:fp8|fp4|nvfp4|mxfp4|int8|int4|8-bit|4-bit|low-precision|quanti[sz]ed|compressed)\s"
    r"(?:kv|key-value)\b(?:[-\s]?cache)?|"
    r"\b(?:kv|key-value)[-\s]?cache\s(?:quanti[sz]ation|compression|precision|dtype)\b|"
    r"\b(?:top-?k|critical|essential|important|salient)\s(?:kv|key-value)[-\s]?(?:cache\s)?"
    r"(?:pages|entries|blocks|tokens)\b|"
    r"\brecomput\w*\s(?:the\s)?(?:statistics|stats|metrics|checksums?|hash\w*|results|figures|"
    r"averages|means|medians|scores)\b",
    re.IGNORECASE,
)
"""KV words in a page's opening that do not make it a page about KV reuse: a feature listed
as supported ("Support for chunked prefill and prefix caching" among an Arm CPU post's
enablement items) and a KV cache's number format or compression ("FP8 KV cache" among a
GPT-OSS post's kernel and runtime optimisations), both on vLLM's blog,
https://github.com/vllm-project/vllm-project.github.io/tree/main/_posts; the entries a sparse
method selects ("loads only the most critical KV cache pages", a lab's page on Quest,
https://github.com/uw-syfi/uw-syfi.github.io, public/publications/quest.md); statistics
recomputed ("summary.json | Recomputed statistics" in TensorRT-LLM's sparse-attention top-K
benchmark notes, docs/source/blogs/media/gvr_v2/README.md)."""


def _without_reuse_phrases(text: str) -> str:
    """``text`` with its KV words that name no KV reuse (``_NOT_REUSED``, ``_NO_PAGE_TOPIC``)
    blanked, every other character in its place."""
    for phrase in (*_NOT_REUSED, _NO_PAGE_TOPIC):
        text = phrase.sub(lambda found: " " * len(found.group()), text)
    return text


def about_another_technique(lead: str) -> bool:
    """Whether a page's lead (its title and first paragraph) is about another technique and
    names no KV reuse: a note that opens "PagedAttention は、… メモリ効率とスループットを大幅に
    改善するためのアテンション実装手法です" (PagedAttention is an attention implementation that
    greatly improves memory efficiency and throughput; LLM-fundamental-study,
    https://github.com/Shinichi0713/LLM-fundamental-study) is about memory management,
    whatever it later says of the KV cache it manages."""
    english = in_english(lead)
    return _heading_cause(english) is not None and not names_kv_reuse(english)


def names_kv_reuse(text: str) -> bool:
    """Whether ``text`` (a page's opening) names a KV cache, prefix cache or KV product other
    than as a cache moved between machines, kept by another technique or made room in, a
    product compared with, a feature supported or a cache's number format (``_NO_PAGE_TOPIC``):
    "TensorRT-LLM occupies all the remaining available GPU memory for KV caching" (NVIDIA
    Model Optimizer's benchmark page) is room for a batch. On a page that opens on a cache of
    something else, a bare "cache hit" is that cache's: "By caching token IDs in Redis, we
    bypass the 200-500ms tokenization overhead on cache hits" (an agent framework's report,
    https://github.com/Rainking6693/Genesis-Rebuild) names no KV cache."""
    text = _without_reuse_phrases(text)
    whole = Span(0, len(text))
    if pattern("topic_other_cache").search(text) is not None:
        return _named_for_reuse(text, whole, True) or _product_cue(text, whole) is not None
    return kv_mechanism_in(text, whole)


def _kv_cue(text: str, where: Span) -> str | None:
    """The first KV-cache words of ``where`` (``cue_kv``) that do not name a KV cache moved
    between machines, kept by another technique or made room in (``_NOT_REUSED``), nor what a
    compared side uses ("8x faster than AR models using KV cache")."""
    return _first_outside(
        text, "cue_kv", where, lambda start: not _compared_use(text, start, where)
    )


def _first_outside(text: str, row: str, where: Span, fits: Callable[[int], bool]) -> str | None:
    """The first words ``row`` matches in ``where`` that lie inside no ``_NOT_REUSED`` phrase
    there and ``fits`` their start."""
    named = _spans(text, row, where.start, where.end)
    if not named:
        return None
    inside = _not_reused(text, where.start, where.end)
    for start, end, words in named:
        if not any(lo <= start and end <= hi for lo, hi in inside) and fits(start):
            return words
    return None


def _measured_without(text: str, start: int, where: Span) -> bool:
    """Whether the KV words at ``start`` follow a "without" that is not a comparison's
    baseline ("up to 30x speedup without prefix caching")."""
    denied = _WITHOUT.search(text, max(where.start, start - 12), start)
    return denied is not None and not _AS_BASELINE.search(
        text, max(where.start, denied.start() - 40), denied.start()
    )


_WITHOUT = re.compile(r"\bwithout\s(?:the\s|any\s)?$", re.IGNORECASE)


def _named_beside_engine(text: str, row: str, where: Span) -> bool:
    """Whether ``row`` matches in ``where`` other than as the setting of an engine the figure
    is compared with: "13x over vLLM with prefix caching" compares engines, where "4x faster
    than conventional KV cache approaches" compares KV-cache designs."""
    return any(
        not _engine_setting(text, start, where) and not _measured_without(text, start, where)
        for start, _, _ in _spans(text, row, where.start, where.end)
    )


def _engine_setting(text: str, start: int, where: Span) -> bool:
    """Whether the words at ``start`` follow a compared engine as its setting ("over vLLM with
    prefix caching", "than vLLM's native prefix caching") or follow another compared side as
    what it uses; a setting turned off ("than vLLM with prefix caching disabled") is the
    baseline the cache is measured against, and counts."""
    if _TURNED_OFF.match(text, start, where.end):
        return False
    if any(
        start - 24 <= end <= start and _SETTING_OF.fullmatch(text, end, start)
        for _, end, _ in _spans(text, "topic_engine_comparison", where.start, where.end)
    ):
        return True
    return _compared_use(text, start, where)


def _compared_use(text: str, start: int, where: Span) -> bool:
    """Whether the words at ``start`` are what a compared side uses ("than AR models using KV
    cache"), and not turned off there."""
    return _COMPARED_USING.search(
        text, max(where.start, start - 60), start
    ) is not None and not _TURNED_OFF.match(text, start, where.end)


_TURNED_OFF = re.compile(
    r"(?:[\w-]+\s){0,3}?(?:[\w-]+)\s(?:disabled|off|turned\soff|switched\soff)\b"
)
_COMPARED_USING = re.compile(
    r"\b(?:than|vs\.?|versus|over|compared\s(?:to|with)|relative\sto|against)\s+"
    r"(?:[\w.+-]+\s+){0,4}?(?:with|using|that\suses?|which\suses?)\s+"
    r"(?:the\s|its\s|their\s|an?\s)?(?:native\s|automatic\s|built-in\s|standard\s|default\s)?$",
    re.IGNORECASE,
)
"""A compared side said to use the KV words that follow: "generates tokens up to 8x faster than
AR models using KV cache" (a diffusion model's digest, HuggingArxivLLM,
https://github.com/HuggingAGI/HuggingArxivLLM) credits another cause, the KV cache being the
baseline's."""


_SETTING_OF = re.compile(
    # "over vLLM v0.15.1 with prefix caching": the engine's release may stand between; "vLLM+APC"
    r"(?:\sv?\d[\w.-]*)?(?:(?:'s|\s(?:with|using))\s|\s?\+\s?)(?:the\s|its\s)?(?:native\s|automatic\s|built-in\s)?"
)


_SIDE_BEFORE = re.compile(
    r"\b(?:than|vs\.?|versus|over|compared\s(?:to|with)|relative\sto)\s(?:(?!than\b)[^;:.()])*$",
    re.IGNORECASE,
)
"""A compared side before the figure, as Chinese and Japanese set it: "比稀疏注意力基线快10.5倍"
reads "than sparse attention 基线 faster 10.5x"."""


def _technique_against(frame: Frame, figure: Span | None) -> str | None:
    """The compared side of the figure when it is another form of a technique: a KV cache in
    another number format ("up to 3× over FP8 KV cache", NVFP4 against FP8 KV), or a sparse or
    full attention baseline ("10.5x over sparse attention baselines when extending KV cache to
    CPU memory", RetroInfer, https://arxiv.org/abs/2505.02922), or another network transport
    ("190 GB/s over 8×400Gbps RoCE, 比 TCP 快 4.6x": a transfer engine against TCP; NVLink-C2C
    against PCIe Gen5). The figure then compares two variants of that technique; the KV storage
    both sides use does not make it a reuse gain."""
    if figure is None:
        return None
    text = frame.text
    after = BASELINE_AFTER.search(text, figure.end, min(frame.clause.end, figure.end + 48))
    before = _SIDE_BEFORE.search(text, max(frame.sentence.start, figure.start - 60), figure.start)
    for side in (after, before):
        words = side.group().strip() if side is not None else ""
        if (
            pattern("topic_sparse_attention").search(words) is not None
            or (pattern("topic_quantisation").search(words) and pattern("cue_kv").search(words))
            or _TRANSPORT_SIDE.match(words) is not None
        ):
            return words
    return None


_TRANSPORT_SIDE = re.compile(
    r"(?:than|vs\.?|versus|compared\s(?:to|with))\s"
    r"(?:optimi[sz]ed\s|standard\s|plain\s|kernel\s|traditional\s|传统\s?)?(?:tcp|pcie)\b",
    re.IGNORECASE,
)
"""TCP or PCIe as the compared side ("than TCP", "vs TCP", "相比传统 PCIe Gen5": a faster link
set against a slower one); "served over TCP" names the link a gain was measured on."""


def _systems_compared(frame: Frame, figure: Span | None) -> str:
    """Systems the figure sets against each other where no wording of the lexicon says so:
    two engines in one sentence, a named system after "than", or releases as a table's
    columns."""
    against = _other_system_against(frame.text, figure, frame.clause) if figure else ""
    return (
        _engines_set_against(frame.text, frame.sentence)
        or against
        or _sides(frame.hint, _VERSION_CELL)
        or _sides(frame.hint, _PLATFORM_CELL)
    )


BASELINE_AFTER = re.compile(
    r"\b(?:than|vs\.?|versus|compared\s(?:to|with)|relative\sto|against|over)\s+(?:the\s|a\s|an\s)?"
    r"(?P<what>[^\d,;:.()\s](?:[^,;:.()]|\.(?=\d)){1,58}?)(?=\s(?:and|while|but|on|at|for|with|using|in|when)\b|[,;:()]|\.(?!\d)|$)",
    re.IGNORECASE,
)
"""What a figure is measured against, right after it: "than vLLM's prefix cache", "over
lithos-metal 0.1.2" (a version's dots stay in the name)."""
_NAMED = re.compile(r"[A-Za-z][\w.+-]*[A-Z][\w.+-]*|[A-Z][\w.+-]+")
_VERSION = re.compile(r"\bv?\d+\.\d+(?:\.\d+)?\b")
_GENERIC_BASELINE = re.compile(
    r"(?:baseline|default|standard|vanilla|native|plain|prior|previous|original|no|without|cold|full|"
    r"naive|non|un\w+|re-?comput\w*|prefill\w*|hbm|dram|ssd|nvme|gpu|cpu|ram|memory|disk|ttft|"
    r"traditional|conventional|existing|current|other|state|sota|typical|regular|normal|single|one|two)\b",
    re.IGNORECASE,
)


def _other_system_against(text: str, figure: Span, clause: Span) -> str:
    """A named system the figure is measured against right after it ("20x faster than Flask",
    "1.44× faster than lithos-metal 0.1.2"), when it is no KV-cache word, tier or generic
    baseline: the figure compares two systems."""
    match = BASELINE_AFTER.search(text, figure.end, min(clause.end, figure.end + 48))
    if match is None:
        return ""
    what = match.group("what").strip()
    first = what.split()[0]
    if _GENERIC_BASELINE.match(first) or not (_NAMED.fullmatch(first) or _VERSION.search(what)):
        return ""
    for row in ("cue_kv", "kv_product", "storage_cue", "tier_any"):
        if pattern(row).search(what):
            return ""
    return what


_LISTED = re.compile(r"[\W_]*(?:(?:and|or|&|,|、|/)[\W_]*)?", re.IGNORECASE)


def _engines_set_against(text: str, sentence: Span) -> str:
    """Two serving engines the sentence sets against each other ("SGLang P95 is 13.7 seconds
    while vLLM P95 is 89.8 seconds — a 6.5x gap"), as "sglang and vllm", or "". Engines
    listed together ("the throughput of vLLM and TensorRT-LLM") are the baselines of some
    other system, not two sides, and engines in statements of their own ("vLLM 14,892 vs 6,986
    tok/s …; SGLang 15,532 vs 6,884") are each measured against its own baseline."""
    found = _spans(text, "engine_name", sentence.start, sentence.end)
    for (_, end, first), (start, _, second) in itertools.pairwise(found):
        apart = first.lower() != second.lower() and ";" not in text[end:start]
        if apart and not _LISTED.fullmatch(text, end, start):
            return f"{first} and {second}"
    return ""


_VERSION_CELL = re.compile(r"[\s*_`]*v?\d+\.\d+(?:\.\d+)?(?:[-.]?(?:rc|post|dev)\d*)?[\s*_`]*")
"""A header cell that is a release ("| Model | v0.6.0 | v0.7.0 | Δ |"): the table compares
releases, as "compared to the previous release" does in a sentence."""
_PLATFORM_CELL = re.compile(
    r"[\s*_`]*(?:wsl2?|windows|linux|macos|bare[-\s]?metal|ベアメタル|裸机|docker|podman|vm|kvm|"
    r"virtual\smachine|仮想マシン|虚拟机)(?:\s?\([^()|]{0,30}\))?[\s*_`]*",
    re.IGNORECASE,
)
"""A header cell that is a platform ("| 指標 | WSL2 | ベアメタル | 変化 |"): the table compares
where the engine ran (moving vLLM off WSL2, a Zenn draft,
https://github.com/siren2345/zenn-content/blob/main/articles/baremetal-vllm-kv-pool.md)."""
_FORMAT_CELL = re.compile(
    r"[\s*_`]*(?:bf16|fp16|fp32|fp8|fp4|nvfp4|mxfp4|int8|int4|w8a8|w4a16|e4m3|e5m2)"
    r"(?:[\s_-]?(?:kv(?:[\s_-]?cache)?|weights?))?[\s*_`]*",
    re.IGNORECASE,
)
"""A header cell that is a number format ("| 指标 | BF16 | FP8 |"): the table compares formats,
a quantisation's gain or loss (a study of vLLM's FP8 KV cache,
https://github.com/ishell/llm-inference-docs/blob/HEAD/zh/vllm/blog/performance/fp8-kvcache.md)."""


def _sides(header: str, cell: re.Pattern[str]) -> str:
    """Two or more distinct header cells that are nothing but ``cell`` (``_VERSION_CELL``,
    ``_PLATFORM_CELL``, ``_FORMAT_CELL``): the sides the table sets against each other,
    joined in their order, or ""."""
    found = dict.fromkeys(c.strip(" *_`") for c in header.split("|") if cell.fullmatch(c))
    return " | ".join(found) if len(found) >= 2 else ""


def _uncached(text: str, clause: Span, row: str) -> str | None:
    """The words of ``row`` that say the figure was measured without the cache ("no prefix
    caching" in its clause; "cold TTFT", "first-time requests" in its sentence), unless they
    name the baseline ("than without prefix caching") or the clause also speaks of the cache
    at work ("warm", "hits", KV wording of its own)."""
    for start, end, words in _spans(text, row, clause.start, clause.end):
        if _AS_BASELINE.search(text, max(clause.start, start - 40), start) is not None:
            continue
        if _WITH_CACHE.search(text, clause.start, clause.end) or _SLOWER_WITHOUT.search(
            text, clause.start, clause.end
        ):
            continue  # "with prefix caching disabled, TTFT is 10x higher": the claim inverted
        kv = (
            m
            for cue in ("cue_kv", "kv_product")
            for m in _spans(text, cue, clause.start, clause.end)
        )
        if all(start <= m[0] < end for m in kv):
            return words
    return None


_NEGATED = re.compile(r"\b(?:without|no|not|non)[-\s]$", re.IGNORECASE)


def _denied_first(text: str, row: str, where: Span) -> bool:
    """Whether the first match of ``row`` in ``where`` is denied ("no prefix-cache reuse")."""
    found = _found(text, row, where.start, where.end)
    if found is None:
        return False
    return _NEGATED.search(text, max(where.start, found[0] - 8), found[0]) is not None


def _asserted(text: str, row: str, where: Span) -> str | None:
    """The first match of ``row`` in ``where`` that is not denied ("41x without compression"
    names no compression)."""
    for start, _, words in _spans(text, row, where.start, where.end):
        negated = _NEGATED.search(text, max(where.start, start - 8), start)
        if negated is None or _AS_BASELINE.search(
            text, max(where.start, negated.start() - 32), negated.start()
        ):
            return words  # "2x speedup over non-disaggregated baselines": the cause is asserted
    return None


def _cause_around(frame: Frame) -> str | None:
    """Another cause named elsewhere in the figure's paragraph, when the paragraph names no
    KV-cache mechanism or KV storage at all ("gamma is the number of speculative decoding
    steps. You should observe a 2.2x speedup"); a KV cache named only as the thing quantised,
    compressed or sparsely read ("W4A8KV4 quantization (… 4-bit KV cache)"), or as room for a
    larger batch, is no such mechanism (``_named_for_reuse``), nor a bare "cache hit" beside a
    cache of something else ("If the query hits the cache, the inference process is skipped. …
    a cache hit improves performance by 50 times")."""
    text, unit = frame.text, frame.unit
    if unit == frame.sentence or _first(text, "exclude_topic", unit) is None:
        return None
    other_cache = _first(text, "topic_other_cache", unit) is not None
    if _named_for_reuse(text, unit, other_cache) or _first(text, "kv_product", unit) is not None:
        return None
    if not other_cache and _first(text, "storage_cue", unit) is not None:
        return None
    return next(
        (
            f"{t.replace('_', ' ')}: {found}"
            for t in TOPICS
            if (found := _first(text, f"topic_{t}", unit))
        ),
        None,
    )


_LEADING = re.compile(r"\W*(?:compared|relative|versus|vs\.?|against)\b", re.IGNORECASE)


def _cached(text: str, sentence: Span) -> bool:
    """Storage wording speaks for a KV cache only beside cache, context, prompt or tier
    wording, or a prefill metric ("than other offloading-based systems" says nothing of what
    is offloaded)."""
    return _first(text, "metric_ttft", sentence) is not None or any(
        m[2].lower().startswith(("cach", "context", "prompt", "prefix", "multi-tier", "tiered"))
        for m in _spans(text, "cue_weak", sentence.start, sentence.end)
    )


_NOT_A_RATE = r"(?!\s?(?:per\b|/|a\ssecond))"
"""After a token count: not "per second", "/s" or "a second" (a rate, not a length)."""
_PREFIX_LENGTH = re.compile(
    rf"(?<![\w.])\d[\d.,]*\s?[km]?[-\s]tokens?\b{_NOT_A_RATE}", re.IGNORECASE
)
"""A prompt or prefix length ("on 128K-token prompts"): the scale at which a KV cache pays;
"969 tokens per second" is a rate."""
_REUSE = re.compile(
    r"\b(?:hits?|miss(?:es)?|warm|cold|stored|storage|tiers?|turns?\s\d|(?:second|later|repeat(?:ed)?|subsequent)\s"
    r"(?:requests?|calls?|quer(?:y|ies)|turns?|rounds?|runs?)|at\s[\d.,]+\s?[km]?[-\s]tokens?\b"
    rf"{_NOT_A_RATE})\b",
    re.IGNORECASE,
)


def _reuse_words(frame: Frame) -> bool:
    """Whether the figure's paragraph says anything a KV cache could stand behind: cache,
    context, prompt, offload or storage wording, a tier, a prefix length ("at 32K tokens"),
    hits and misses, warm or cold, a second request or turn."""
    text, unit = frame.text, frame.unit
    return (
        _first(text, "cue_weak", unit) is not None
        or _first(text, "tier_any", unit) is not None
        or _REUSE.search(text, unit.start, unit.end) is not None
    )


def cause_elsewhere(frame: Frame) -> str | None:
    """The other cause ``frame``'s sentence (or the page's heading) gives its figures, when
    it names no KV-cache mechanism; ``None`` otherwise."""
    found = next((f for f in _topics(frame) if f.name == "attributed-elsewhere"), None)
    return found.detail if found is not None else None


def technique_named(frame: Frame) -> str | None:
    """A technique ``frame``'s sentence names that no KV wording there softens, the other
    cause a figure's evidence weighs as ``topic`` ("P2P weight transfer … using Mooncake
    TransferEngine, achieving 7x faster weight updates … (53s → 7.2s)"); ``None`` otherwise."""
    return next((f.detail for f in _topics(frame) if f.name == "topic"), None)


def kv_mechanism_in(text: str, where: Span) -> bool:
    """Whether ``where`` names a KV-cache mechanism: KV-cache, prefix- or prompt-cache,
    recompute or cache-hit wording, or a known KV-cache product."""
    return _kv_cue(text, where) is not None or _product_cue(text, where) is not None


def plus_after(text: str, span: Span) -> bool:
    """A "+" right after a factor ("10x+")."""
    return _PLUS.match(text, span.end) is not None
