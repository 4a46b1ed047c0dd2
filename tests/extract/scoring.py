"""Field-level scoring of the extractor against the labelled corpus."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from claimcheck.extract import Extraction, extract_claims

CORPUS = Path(__file__).with_name("corpus.yaml")

SCALARS = (
    "speedup", "speedup_low", "speedup_qualifier", "speedup_reading", "context_tokens", "context_estimated",
    "baseline_seconds", "cached_seconds", "metric", "model", "params_billions", "gpu", "gpu_count",
    "power_mode", "power_watts", "tier",
)  # fmt: skip


def load_corpus() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = yaml.safe_load(CORPUS.read_text(encoding="utf-8"))
    return entries


def predicted(extractions: Iterable[Extraction]) -> dict[str, Any]:
    """The fields of the extractions of one entry, as the corpus labels them: the claim with
    the largest speedup is the headline claim (its fields win); when a unit gives several
    claims (one per GPU, model or metric), ``speedups`` lists every claim's figures in text
    order, as the labels list a table's or a list's figures."""
    found = list(extractions)
    fields: dict[str, Any] = {}
    ordered = sorted(found, key=lambda e: -float(e.values.get("speedup", 0) or 0))  # type: ignore[arg-type]
    for extraction in ordered:
        for name, value in {**extraction.values, **extraction.extras}.items():
            fields.setdefault(name, value)
        for cue in extraction.cues:
            fields.setdefault("cue:" + cue, True)
    if len(found) > 1:
        figures = [
            v
            for e in sorted(found, key=lambda e: e.span.start)
            for v in (e.extras.get("speedups") or [e.values.get("speedup")])  # type: ignore[attr-defined]
            if v is not None
        ]
        if len(figures) > 1:
            fields["speedups"] = figures
    if "model_name" in fields:
        fields["model"] = fields.pop("model_name")
    return fields


def expected(entry: dict[str, Any]) -> dict[str, Any]:
    fields = dict(entry.get("expect") or {})
    for cue in fields.pop("cues", []) or []:
        fields["cue:" + cue] = True
    if "model_name" in fields:
        fields["model"] = fields.pop("model_name")
    return fields


def same(a: Any, b: Any) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return math.isclose(float(a), float(b), rel_tol=0.01, abs_tol=0.005)
    return bool(a == b)


@dataclass
class Score:
    true_positive: int = 0
    false_positive: int = 0
    false_negative: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.true_positive / max(1, self.true_positive + self.false_positive)

    @property
    def recall(self) -> float:
        return self.true_positive / max(1, self.true_positive + self.false_negative)


def score(entries: list[dict[str, Any]]) -> Score:
    """Every field (and the claim/not-claim decision itself) is one item to get right."""
    result = Score()
    for entry in entries:
        text = entry["text"]
        got = predicted(extract_claims(text))
        is_claim = bool(extract_claims(text))
        want = expected(entry) if entry["claim"] else {}
        if entry["claim"] and is_claim:
            result.true_positive += 1
        elif entry["claim"]:
            result.false_negative += 1
            result.misses.append(f"MISSED CLAIM: {text}")
        elif is_claim:
            result.false_positive += 1
            result.misses.append(f"FALSE CLAIM: {text} -> {got}")
        for name in sorted(set(want) | set(got)):
            if name not in SCALARS and name != "speedups" and not name.startswith("cue:"):
                continue
            if name in want and name in got and same(want[name], got[name]):
                result.true_positive += 1
                continue
            if name in got:
                result.false_positive += 1
            if name in want:
                result.false_negative += 1
            result.misses.append(f"{name}: want {want.get(name)!r} got {got.get(name)!r} | {text}")
    return result
