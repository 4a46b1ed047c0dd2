"""The extractor judged on real sentences, the way the acceptance figures are defined.

- speedup: a claim entry is right when one extracted claim has the labelled headline (or,
  when the label gives times and no factor, the factor its times imply), within 2 %; an entry
  labelled with no speedup (an ambiguous percentage) is right when it is read as a claim.
- context and metric: the claim that matched the speedup (else the first) carries the label
  (no metric read counts as ``unspecified``; ``prefill`` and ``ttft`` are one metric).
- negatives: an entry labelled ``claim: false`` must give no claim.

``python -m tests.extract.real_scoring`` prints the figures and every miss for both splits.
"""

from __future__ import annotations

import hashlib
import math
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from claimcheck.extract import Extraction, extract_claims
from claimcheck.extract.lexicon import pattern

HERE = Path(__file__).parent
SPLITS = {
    "dev": HERE / "real_dev.yaml",
    "test": HERE / "real_test.yaml",
    "fresh-dev": HERE / "fresh_dev.yaml",
    "fresh-test": HERE / "fresh_test.yaml",
}
PAGES = (HERE / "real_pages.yaml", HERE / "fresh_pages.yaml")
RATCHET = HERE / "real_ratchet.txt"


def load(split: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = yaml.safe_load(SPLITS[split].read_text(encoding="utf-8"))
    return entries


def entry_id(entry: dict[str, Any]) -> str:
    """A stable id: the first 12 hex digits of the SHA-1 of the text."""
    return hashlib.sha1(str(entry["text"]).encode("utf-8")).hexdigest()[:12]


def close(a: object, b: object, tolerance: float = 0.02) -> bool:
    return (
        isinstance(a, (int, float))
        and isinstance(b, (int, float))
        and math.isclose(float(a), float(b), rel_tol=tolerance)
    )


def _implied(values: dict[str, Any]) -> float | None:
    base, cached = values.get("baseline_seconds"), values.get("cached_seconds")
    if isinstance(base, (int, float)) and isinstance(cached, (int, float)) and cached > 0:
        return float(base) / float(cached)
    return None


def names_kv_mechanism(text: str) -> bool:
    """Whether a sentence's own words name a KV-cache mechanism (KV-cache, prefix- or
    prompt-cache, recompute or cache-hit wording, or a known KV-cache product): a claim that
    names none can be read only with its page."""
    return any(pattern(row).search(text) is not None for row in ("cue_kv", "kv_product"))


def _metric(value: object) -> str:
    name = str(value or "unspecified")
    return "ttft" if name == "prefill" else name


@dataclass
class Verdict:
    """How one entry was read: which checks it passed, and what was read."""

    entry: dict[str, Any]
    read: list[dict[str, Any]]
    speedup: bool | None = None
    context: bool | None = None
    metric: bool | None = None
    negative: bool | None = None

    @property
    def passed(self) -> bool:
        return all(v is not False for v in (self.speedup, self.context, self.metric, self.negative))


def judge(entry: dict[str, Any], claims: Iterable[Extraction]) -> Verdict:
    read = [dict(c.values) for c in claims]
    verdict = Verdict(entry, read)
    if not entry["claim"]:
        verdict.negative = not read
        return verdict
    want = entry.get("expect") or {}
    target = want.get("speedup")
    if target is None:
        target = _implied(want)
    matched: dict[str, Any] | None = None
    if target is None:
        verdict.speedup = bool(read)
        matched = read[0] if read else None
    else:
        for values in read:
            got = values.get("speedup")
            got = got if got is not None else _implied(values)
            if close(got, target) or close(_implied(values), target):
                matched = values
                break
        verdict.speedup = matched is not None
        matched = matched or (read[0] if read else None)
    if "context_tokens" in want:
        verdict.context = (
            matched is not None and matched.get("context_tokens") == want["context_tokens"]
        )
    verdict.metric = matched is not None and _metric(matched.get("metric")) == _metric(
        want.get("metric")
    )
    return verdict


@dataclass
class Figures:
    """The acceptance figures of one split."""

    verdicts: list[Verdict] = field(default_factory=list)

    def _rate(self, attribute: str) -> tuple[int, int]:
        values = [getattr(v, attribute) for v in self.verdicts if getattr(v, attribute) is not None]
        return sum(values), len(values)

    def named_rate(self) -> tuple[int, int]:
        """Right speedups among the claims whose sentence names a KV-cache mechanism."""
        named = [
            v.speedup
            for v in self.verdicts
            if v.speedup is not None and names_kv_mechanism(str(v.entry["text"]))
        ]
        return sum(named), len(named)

    def lines(self) -> list[str]:
        out = []
        for label, attribute in (
            ("speedup", "speedup"),
            ("context", "context"),
            ("metric", "metric"),
            ("negatives kept out", "negative"),
        ):
            good, total = self._rate(attribute)
            out.append(f"{label}: {good}/{total} = {good / max(total, 1):.3f}")
        return out


def evaluate(entries: list[dict[str, Any]], *, explicit: bool = False) -> Figures:
    figures = Figures()
    for entry in entries:
        figures.verdicts.append(judge(entry, extract_claims(entry["text"], explicit=explicit)))
    return figures


def load_pages(split: str | None = None) -> list[dict[str, Any]]:
    """The real page excerpts (of one split, or all)."""
    pages: list[dict[str, Any]] = []
    for path in PAGES:
        pages += yaml.safe_load(path.read_text(encoding="utf-8"))
    return [p for p in pages if split is None or p.get("split") == split]


def _page_records(page: dict[str, Any]) -> list[Any]:
    from claimcheck.sources.document import read_document

    return read_document(page["markdown"], "markdown", "page.md").records


def _factors(record: Any) -> list[float]:
    """What a claim read from a page states: its speedup, and the factor its times imply."""
    claim = record.claim
    implied = _implied(
        {"baseline_seconds": claim.baseline_seconds, "cached_seconds": claim.cached_seconds}
    )
    return [f for f in (claim.speedup, implied) if f is not None]


def page_recall(split: str | None = None) -> tuple[int, int, list[str]]:
    """Headline figures of the real pages found in document mode (a claim with that speedup)."""
    found = total = 0
    misses = []
    for page in load_pages(split):
        pool = [f for record in _page_records(page) for f in _factors(record)]
        for want in page["claims"]:
            total += 1
            got = next((f for f in pool if close(want, f)), None)
            if got is None:
                misses.append(f"{page['source']}: {want} not in {pool}")
            else:
                found += 1
                pool.remove(got)
    return found, total, misses


def page_false_claims(split: str | None = None) -> tuple[int, int, list[str]]:
    """Claims read on pages beyond their labelled figures, and the pages without a labelled
    figure that gave any claim."""
    extra = wrong_pages = 0
    misses = []
    for page in load_pages(split):
        records = _page_records(page)
        pool = [float(w) for w in page["claims"]]
        for record in records:
            factors = _factors(record)
            hit = next((w for w in pool if any(close(w, f) for f in factors)), None)
            if hit is None:
                extra += 1
                misses.append(f"{page['source']}: extra {factors}")
            else:
                pool.remove(hit)
        wrong_pages += bool(not page["claims"] and records)
    return extra, wrong_pages, misses


def document_negatives(split: str) -> tuple[int, int]:
    """Look-alikes read as claims in document mode: each negative sentence as a paragraph of a
    page whose title is about something else (a page about KV caching lends its topic, so a
    look-alike there is a harder case that this figure does not cover)."""
    from claimcheck.sources.document import read_document

    negatives = [e for e in load(split) if not e["claim"]]
    read = sum(
        bool(read_document(f"# Release notes\n\n{e['text']}\n", "markdown", "page.md").records)
        for e in negatives
    )
    return read, len(negatives)


def write_ratchet() -> int:
    """List every entry read right today (both splits)."""
    passing = sorted(
        entry_id(v.entry) for split in SPLITS for v in evaluate(load(split)).verdicts if v.passed
    )
    RATCHET.write_text("\n".join(passing) + "\n", encoding="utf-8")
    return len(passing)


def main() -> None:
    if "--ratchet" in sys.argv:
        print(f"{write_ratchet()} entries in {RATCHET.name}")
        return
    for split in SPLITS:
        entries = load(split)
        figures = evaluate(entries)
        print(f"== {split} ({len(entries)} entries, {sum(e['claim'] for e in entries)} claims)")
        print("\n".join(figures.lines()))
        forced = evaluate(entries, explicit=True)
        print("with --text:", "; ".join(forced.lines()[i] for i in (0, 3)))
        (good, total), (forced_good, _) = figures.named_rate(), forced.named_rate()
        print(
            f"speedup where the sentence names a KV-cache mechanism: {good}/{total} = "
            f"{good / max(total, 1):.3f}; with --text {forced_good}/{total}"
        )
        read, total = document_negatives(split)
        print(f"negatives read as claims in documents: {read}/{total} = {read / max(total, 1):.3f}")
        if "-v" in sys.argv and split in sys.argv:
            for v in figures.verdicts:
                if not v.passed:
                    print(f"  MISS {entry_id(v.entry)} {v.entry['text'][:160]!r}")
                    print(
                        f"       want {v.entry.get('expect') or v.entry.get('kind')} got {v.read}"
                    )
    for split in ("dev", "test"):
        found, total, misses = page_recall(split)
        extra, wrong, more = page_false_claims(split)
        others = sum(not p["claims"] for p in load_pages(split))
        print(
            f"pages ({split}): {found}/{total} figures found; {extra} claims beyond the labels; "
            f"{wrong} of {others} pages without a claim gave one"
        )
        if "-v" in sys.argv and "pages" in sys.argv and split == "dev":
            print("\n".join(misses + more))


if __name__ == "__main__":
    main()
