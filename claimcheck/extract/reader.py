"""A first reader of claim sentences: speedup, context, times, "up to", metric, model size.

Every pattern is linear: no nested quantifiers over overlapping character classes.
"""

from __future__ import annotations

import re
from functools import cache

from claimcheck.extract.types import Extraction, Span

_NUM = r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    return {
        "speedup": re.compile(
            _NUM
            + r"(?:\s?[x×]|-fold\b| ?times\b)(?![a-z0-9])(?!\s?(?:[a-z]{1,3}\d{2,4}\b|gpus?\b))",
            re.IGNORECASE,
        ),
        "gpu": re.compile(
            r"\b(?:(\d+)\s?[x×]\s?)?((?:[ahbl]\d{2,3}s?|gh200|gb200|mi300x)(?:[ -](?:sxm5?|pcie|nvl))?)\b",
            re.IGNORECASE,
        ),
        "model": re.compile(
            r"\b(?:llama|mistral|mixtral|qwen|deepseek|gemma|gpt-oss|kimi)[-\s]?[\w.]*(?:[-\s]\d+(?:\.\d+)?[bm]\b)?",
            re.IGNORECASE,
        ),
        "power": re.compile(
            r"\b(?:low[-\s]power|max-q|power[-\s]efficient)\b|\bpower[-\s]capped\b(?: at (\d+)\s?w\b)?",
            re.IGNORECASE,
        ),
        "tokens": re.compile(_NUM + r"\s?([km])?[-\s]?(?:tokens?\b|context\b)", re.IGNORECASE),
        "seconds": re.compile(
            _NUM + r"\s?(ms|milliseconds?|s|secs?|seconds?|minutes?|mins?)\b", re.IGNORECASE
        ),
        "params": re.compile(
            _NUM + r"\s?(?:b\b|-?billion\b)(?:[-\s]param(?:eter)?s?\b| model\b)", re.IGNORECASE
        ),
        "up_to": re.compile(r"\bup to\s*$", re.IGNORECASE),
        "ttft": re.compile(r"\b(?:ttft|time[-\s]to[-\s]first[-\s]token|prefill)\b", re.IGNORECASE),
    }


def _number(match: re.Match[str]) -> float:
    return float(match.group(1).replace(",", "") + (match.group(2) or ""))


def _seconds(match: re.Match[str]) -> float:
    unit = match.group(3).lower()
    if unit == "ms" or unit.startswith("milli"):
        return _number(match) / 1000.0
    if unit.startswith("min"):
        return _number(match) * 60.0
    return _number(match)


def extract_claims(text: str, *, explicit: bool = False) -> list[Extraction]:
    """Read the claim in ``text``: one extraction, or none when no speedup is stated.

    ``explicit`` marks text the user passed as a claim on purpose (it is then read even when it
    has no KV-cache cue).
    """
    pats = _patterns()
    values: dict[str, object] = {}
    spans: dict[str, Span] = {}

    speedup = pats["speedup"].search(text)
    if speedup is not None:
        values["speedup"] = _number(speedup)
        spans["speedup"] = Span(speedup.start(), speedup.end())
        if pats["up_to"].search(text, 0, speedup.start()):
            values["speedup_qualifier"] = "up to"
            spans["speedup_qualifier"] = Span(max(0, speedup.start() - 6), speedup.start())

    tokens = pats["tokens"].search(text)
    if tokens is not None:
        scale = {"k": 1_000, "m": 1_000_000}.get((tokens.group(3) or "").lower(), 1)
        values["context_tokens"] = round(_number(tokens) * scale)
        spans["context_tokens"] = Span(tokens.start(), tokens.end())

    times = list(pats["seconds"].finditer(text))
    if len(times) >= 2:
        first, second = times[0], times[1]
        slow, fast = (first, second) if _seconds(first) >= _seconds(second) else (second, first)
        values["baseline_seconds"] = _seconds(slow)
        values["cached_seconds"] = _seconds(fast)
        spans["baseline_seconds"] = Span(slow.start(), slow.end())
        spans["cached_seconds"] = Span(fast.start(), fast.end())

    params = pats["params"].search(text)
    if params is not None:
        values["params_billions"] = _number(params)
        spans["params_billions"] = Span(params.start(), params.end())

    gpu = pats["gpu"].search(text)
    if gpu is not None:
        values["gpu"] = gpu.group(2)
        spans["gpu"] = Span(gpu.start(2), gpu.end(2))
        if gpu.group(1):
            values["gpu_count"] = int(gpu.group(1))
            spans["gpu_count"] = Span(gpu.start(1), gpu.end(1))

    model = pats["model"].search(text)
    if model is not None:
        values["model"] = model.group(0)
        spans["model"] = Span(model.start(), model.end())

    power = pats["power"].search(text)
    if power is not None:
        values["power_mode"] = "capped" if power.group(1) else "low"
        spans["power_mode"] = Span(power.start(), power.end())
        if power.group(1):
            values["power_watts"] = float(power.group(1))
            spans["power_watts"] = Span(power.start(1), power.end(1))

    metric = pats["ttft"].search(text)
    if metric is not None:
        values["metric"] = "ttft"
        spans["metric"] = Span(metric.start(), metric.end())

    if "speedup" not in values and not explicit:
        return []
    if not values:
        return []
    return [Extraction(span=Span(0, len(text)), values=values, spans=spans)]
