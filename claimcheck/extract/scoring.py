"""One scoring step: the evidence of a candidate, priced, decides whether it is a claim.

The score is the sum of the weights of a candidate's facts; a candidate at or above
``THRESHOLD`` is read as a speed factor of a KV-cache claim, and its confidence is the
logistic of its margin. Overlapping candidates ("3-10x" and the "10x" inside it) are settled
here too: the better score takes the text. ``claimcheck check --explain`` prints these
numbers for every candidate.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import msgspec

from claimcheck.extract.candidates import Candidate
from claimcheck.extract.evidence import Fact

THRESHOLD = 2.5
"""The score from which a candidate is a claim's factor."""

WEIGHTS: dict[str, float] = {
    # the number form itself
    "form-multiplier": 1.0,
    "form-range": 1.2,
    "form-between": 1.2,
    "form-arrow": 1.2,
    "form-sign_multiplier": 0.8,
    "form-word_multiplier": 0.8,
    "form-fold_word": 1.0,
    "form-factor_of": 0.8,
    "form-bare_speedup": 1.0,
    "form-magnitude": 0.8,
    "form-fraction": 0.5,
    "form-doubling": 0.5,
    "form-percent": 0.8,
    "form-time_pair": 0.8,
    "form-rate_pair": 0.8,
    # comparison and metric wording
    "comparison": 1.5,
    "inverted-comparison": 1.0,
    "pair": 1.0,
    "metric-clause": 1.0,
    "metric-sentence": 0.5,
    "metric-header": 0.8,
    "needs-metric": -4.0,
    # KV-cache wording, nearest first
    "product-clause": 1.8,
    "product-sentence": 1.6,
    "product-unit": 1.0,
    "kv-clause": 1.5,
    "kv-sentence": 1.3,
    "kv-unit": 1.5,
    "kv-header": 1.0,
    "kv-topic": 1.0,
    "weak-sentence": 0.6,
    "ttft-cue": 1.0,
    "ttft-unit": 0.5,
    "no-kv-cue": -1.5,
    "off-topic-page": -1.5,
    "ttft-only": -0.75,
    "weak-only": -0.75,
    "after-a-claim": 0.8,
    "kv-page": 1.0,
    # what makes a number something other than a speed factor
    "implausible": 0.0,
    "percent-ambiguous": -0.5,
    "bare-times": -4.0,
    "not-speed-after": -5.0,
    "not-speed-before": -3.0,
    "denied-before": -5.0,
    "quantity": -4.0,
    "topic": -4.0,
    "topic-beside-storage": -0.5,
    "topic-beside-kv": -0.5,
    "topic-setting": -2.0,
    "gpu-comparison": -3.0,
    "factor-values": -3.0,
    "elliptical": -2.0,
}
"""The price of each fact. Names are those ``evidence.facts`` gives. ``python -m
tests.extract.fit`` fits a logistic model to the labelled corpora and reports, beside its own
weights, how these do on the sources it never fitted (tests/extract/fit_report.json)."""

VETOES = frozenset(
    {
        "attributed-elsewhere",
        "count-follows",
        "old-figure",
        "quotient",
        "product",
        "repetitions",
        "out-of-range",
        "percent-unread",
        "percent-not-speed",
        "pair-not-times",
        "slower",
        "unattributed",
        "no-mechanism",
    }
)
"""Facts that decide alone, whatever else is said and even when the text was passed with
``--text``: the figure is attributed to another cause (by its sentence, or by the page's title
or heading when the sentence names no cause of its own), or the number is not a speedup at
all (a count, an old figure, a slowdown, a percentage that cannot be one). They are not
weighed, so the fit never sees them."""

EXPLICIT_AS = "kv-unit"
"""Text passed as a claim (``--text``, a claim file's ``text``) is weighed as if its sentence
named a KV-cache mechanism: the user says it is about one."""

MEANINGS: dict[str, str] = {
    "form-multiplier": "a multiplier ('27x', '27 times')",
    "form-range": "a range of multipliers ('3-10x')",
    "form-between": "a range ('between 3 and 10 times')",
    "form-arrow": "a before → after pair of multipliers ('12x → 30x')",
    "form-sign_multiplier": "a multiplication sign before the number ('×2')",
    "form-word_multiplier": "a multiplier in words ('ten times', 'five-fold')",
    "form-fold_word": "a '-fold' word ('tenfold')",
    "form-factor_of": "'a factor of N'",
    "form-bare_speedup": "a number before 'speedup' ('a 1.83 speedup')",
    "form-magnitude": "'an order of magnitude' (10) or more",
    "form-fraction": "a fraction of the time ('1/40th of the time', 'a third of')",
    "form-doubling": "'doubles', 'halves', 'in half'",
    "factor-values": "two factors set against each other ('5.0x vs. 11.7x'): values of a ratio",
    "elliptical": "'7x more' with the noun elsewhere and no speed metric named",
    "form-percent": "a percentage, read by its wording (a time reduction p is 1 ÷ (1 − p))",
    "form-time_pair": "before and after times with one unit ('from 57 to 2.1 seconds')",
    "form-rate_pair": "before and after rates ('2,742 tok/s to 6,423 tok/s')",
    "comparison": "comparison wording beside the figure ('faster', 'lower', 'speedup')",
    "inverted-comparison": "recompute named as the slower side ('75x slower than loading')",
    "pair": "a before and after pair is a comparison in itself",
    "metric-clause": "a speed metric in the figure's own clause (TTFT, throughput, latency)",
    "metric-sentence": "a speed metric elsewhere in the sentence",
    "metric-header": "a speed metric in the table's header row",
    "needs-metric": "a percentage, fraction or 'doubles' with no speed metric named",
    "product-clause": "a known KV-cache product in the figure's clause",
    "product-sentence": "a known KV-cache product in the sentence",
    "product-unit": "a known KV-cache product in the paragraph",
    "kv-clause": "KV-cache, prefix-cache or recompute wording in the figure's clause",
    "kv-sentence": "KV-cache, prefix-cache or recompute wording in the sentence",
    "kv-unit": "KV-cache, prefix-cache or recompute wording in the paragraph",
    "kv-header": "KV-cache wording in the table's header row",
    "kv-topic": "the page's title or section heading is about KV caching",
    "weak-sentence": "cache, context, prompt or offload wording, or a storage tier beside a metric, in the sentence (a network link such as RDMA or InfiniBand is no tier, nor a model named Flash or a flash kernel such as flash decoding)",
    "ttft-cue": "TTFT or prefill named (a faster first token has other causes too); a decode figure takes it only from its own clause, and a rate of prefill ('prefill from 834 to 1,281 tokens/s') never",
    "ttft-unit": "TTFT or prefill named elsewhere in the paragraph",
    "no-kv-cue": "no KV-cache, prefix-cache, prefill or TTFT wording anywhere",
    "off-topic-page": "a page whose opening never names KV caching or a KV product, and only weak cues here",
    "ttft-only": "TTFT or prefill is the only cue: no KV-cache or caching wording",
    "weak-only": "cache, prompt or context wording is the only cue, and no speed metric is named",
    "explicit": "the text was passed as a claim (--text or a claim file): weighed as KV-cache wording in its paragraph",
    "kv-page": "the page's opening names KV caching or a KV product, and the figure names no other cause",
    "attributed-elsewhere": "the sentence attributes the figure to another cause and names no KV-cache mechanism",
    "after-a-claim": "a bare figure right after a sentence that holds a claim",
    "count-follows": "a count of GPUs, nodes or a model name follows ('8x H100')",
    "old-figure": "an earlier figure ('(was 22x)')",
    "quotient": "the result of a division written before it ('8192/4096=2×')",
    "product": "counts multiplied before it ('100M keys × 10 pod entries')",
    "repetitions": "how many times a step is repeated ('Repeat each cell ≥3×')",
    "out-of-range": "a factor of 1 or less, or above 1,000,000",
    "implausible": "a factor above 10,000: read, and reported by rule KV209",
    "percent-unread": "a percentage with no reduction, 'faster' or increase wording",
    "percent-not-speed": "a percentage that cannot be a speedup (a rate falling, 'more' of something, a share 'of' something)",
    "percent-ambiguous": "'p% improvement': 1 + p or 1 ÷ (1 − p), so no factor is assumed",
    "pair-not-times": "two times that are a window or a TTL, not a before and after",
    "bare-times": "'N times' with no comparison ('3 times a day')",
    "slower": "the figure is a slowdown",
    "not-speed-after": "the figure is about something other than speed (cost, memory, capacity…)",
    "not-speed-before": "the figure's subject is no speed (a cost, usage, a ratio or a spread)",
    "denied-before": "a cost, bill or deployment word, a hope ('expected', 'promised') or what did not happen ('would have'), right before the figure",
    "quantity": "a quantity, not a speed ('10x the work', '2.4x an H100's bandwidth')",
    "topic": "the sentence is about another technique (speculative decoding, quantisation, …)",
    "topic-beside-storage": "another technique is named, but so is KV storage",
    "topic-beside-kv": (
        "an engine, GPU, router, storage path or setting is named beside a KV-cache mechanism"
    ),
    "topic-setting": "parallelism or batching is named, often a setting of the benchmark",
    "gpu-comparison": "a GPU or generation comparison ('than Hopper', 'swapping H100s for H200s')",
    "no-mechanism": "a percentage cut of an average or tail TTFT (mean, p90, under load) in a sentence on its own that names no KV-cache mechanism and nothing a cache could stand behind: routing, scheduling and disaggregation move such figures too (pass the text with --text to audit it as a KV-cache claim)",
    "unattributed": "text passed as a claim that names no KV cache, prefix or prompt cache, prefill, TTFT, context, cache or offload: nothing ties the figure to KV reuse (name the mechanism, or give the claim's fields in a claim file)",
}
"""What each fact means, for ``--explain``, error messages and docs/extractor.md."""

_NEEDS_METRIC = frozenset({"fraction", "doubling", "percent"})


class Decision(msgspec.Struct, frozen=True):
    """A candidate, its evidence, its score and whether it was read as a factor."""

    candidate: Candidate
    facts: tuple[Fact, ...]
    score: float
    kept: bool
    reason: str

    def weighed(self) -> tuple[tuple[str, float, str], ...]:
        """Each fact with its weight and the words behind it."""
        return tuple((f.name, weight(f.name), f.detail) for f in self.facts)

    @property
    def confidence(self) -> float:
        """How sure the reading is, in [0, 1]: 0.5 at the threshold, rising with the margin."""
        return round(1 / (1 + math.exp(-(self.score - THRESHOLD))), 3)


def decide(candidate: Candidate, facts: Sequence[Fact]) -> Decision:
    """Price ``facts`` and decide. A form that needs a metric word (a fraction, "doubles", a
    percentage) and has none gets the ``needs-metric`` fact."""
    found = list(facts)
    names = {fact.name for fact in found}
    faster = candidate.reading == "percent-faster"
    if (
        candidate.form in _NEEDS_METRIC
        and not faster
        and not names
        & {
            "metric-clause",
            "metric-sentence",
            "metric-header",
        }
    ):
        found.append(Fact("needs-metric", "a fraction or percentage names no speed metric"))
    score = round(sum(weight(fact.name) for fact in found), 3)
    # A named cause or a figure that is no speedup says more than "names nothing of KV".
    vetoes = sorted((f for f in found if f.name in VETOES), key=lambda f: f.name == "unattributed")
    veto = vetoes[0] if vetoes else None
    if veto is not None:
        return Decision(candidate, tuple(found), score, False, _vetoed(veto))
    kept = score >= THRESHOLD
    return Decision(candidate, tuple(found), score, kept, _reason(found, kept))


def weight(name: str) -> float:
    """The price of the fact called ``name``."""
    if name == "explicit":
        return WEIGHTS.get(EXPLICIT_AS, 0.0)
    return WEIGHTS.get(name, 0.0)


def _vetoed(fact: Fact) -> str:
    return f"not a KV-cache speedup: {MEANINGS[fact.name]} ({fact.detail})"


def _reason(facts: list[Fact], kept: bool) -> str:
    """The fact that weighed most in the direction of the decision, in words."""
    signed = [(weight(f.name), f) for f in facts if not f.name.startswith("form-")]
    pool = [(w, f) for w, f in signed if (w > 0) == kept and w != 0]
    if not pool:
        return "read as a speed factor" if kept else "too little evidence that it is a speed factor"
    _, fact = max(pool, key=lambda wf: abs(wf[0]))
    words = f": '{fact.detail}'" if fact.detail and fact.name != "no-kv-cue" else ""
    return f"{MEANINGS.get(fact.name, fact.name)}{words}"


OVERLAPPED = "overlaps a better-scored reading"
"""The reason of a candidate whose text another candidate read ("2.2x" inside "1.2x–2.2x")."""


def settle_overlaps(decisions: list[Decision]) -> list[Decision]:
    """Of candidates that read overlapping text, the best score takes it (then the longer
    span, then the earlier); the others are marked as dropped."""
    order = sorted(
        range(len(decisions)),
        key=lambda i: (
            -decisions[i].score,
            -(decisions[i].candidate.span.end - decisions[i].candidate.span.start),
            decisions[i].candidate.span.start,
        ),
    )
    taken: list[tuple[int, int]] = []
    out = list(decisions)
    for index in order:
        span = decisions[index].candidate.span
        if any(span.start < end and start < span.end for start, end in taken):
            d = decisions[index]
            out[index] = Decision(d.candidate, d.facts, d.score, False, OVERLAPPED)
            continue
        taken.append((span.start, span.end))
    return out
