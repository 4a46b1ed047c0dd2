"""The setup a sentence names: model, GPUs and their count, power mode, resolved via the catalog."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import msgspec

import claimcheck.extract.names as names
from claimcheck.extract.lexicon import Gate, pattern
from claimcheck.extract.mentions import Found, params
from claimcheck.extract.numbers import NUM, parse_number, parse_word_number
from claimcheck.extract.types import Span

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog


def _builtin() -> Catalog:
    """The built-in catalog, loaded on the first name that needs resolving."""
    from claimcheck.catalog import builtin_catalog

    return builtin_catalog()


class ModelMention(msgspec.Struct, frozen=True):
    """A model name: the catalog id when known (``known``), else the name as written."""

    name: str
    known: bool
    span: Span
    size_billions: float | None


class GpuMention(msgspec.Struct, frozen=True):
    """A GPU (catalog id, or the name as written) and the count the sentence gives, if any."""

    gpu: str
    span: Span
    count: int | None
    count_span: Span | None


_SIZE = re.compile(r"(?<![\dx.])(\d+(?:\.\d+)?)\s?b\b", re.IGNORECASE)


_POWER_GATE = Gate(r"power|max-?q|eco|clock|tdp|cap|limit|-pl\b|watt|\dw\b|\d\sw\b")


def models(text: str, lo: int, hi: int, catalog: Catalog | None = None) -> list[ModelMention]:
    """Model names, longest catalog match first: "Llama 3.1 70B", "Llama-3.3-70B-Instruct",
    "DeepSeek-R1-671B", "Qwen3-235B-A22B"; unknown names with a version or size are kept."""
    out: list[ModelMention] = []
    named = names.names_of(catalog)
    known = names.model_gate(named).found(text, lo, hi)
    for match in names.model_pattern(named).finditer(text, lo, hi) if known else ():
        catalog = catalog or _builtin()
        if not match.group(2).strip(" -.:"):
            continue  # a family name alone ("DeepSeek", "Llama") names no model
        written = match.group(0).strip(" -.")
        found = _resolve(written, catalog)
        size = _size(written)
        if found is not None:
            resolved, used = found
            out.append(
                ModelMention(resolved, True, Span(match.start(), match.start() + len(used)), size)
            )
        elif re.search(r"\d", written):
            out.append(
                ModelMention(
                    written, False, Span(match.start(), match.start() + len(written)), size
                )
            )
    taken = [m.span for m in out]
    for match in names.unknown_models(text, lo, hi):
        if any(s.start <= match.start() < s.end for s in taken) or names.gpu_gate(named).names(
            match.group(0)
        ):
            continue
        written = match.group(0)
        out.append(ModelMention(written, False, Span(match.start(), match.end()), _size(written)))
    return sorted(out, key=lambda m: m.span.start)


def _resolve(written: str, catalog: Catalog) -> tuple[str, str] | None:
    """Try the whole name, then drop trailing words ("Llama 3.1 70B on" → "Llama 3.1 70B")."""
    parts = re.split(r"(?<=[\w.])(?=[-\s])", written)
    for cut in range(len(parts), 0, -1):
        candidate = "".join(parts[:cut]).strip(" -")
        spec = catalog.model(candidate)
        if spec is not None:
            return spec.id, candidate
    return None


def _size(written: str) -> float | None:
    """The total size a name carries: "70B" → 70, "235B-A22B" → 235; "8x7B" → none."""
    if re.search(r"\d+x\d+b", written, re.IGNORECASE):
        return None
    sizes = [float(m.group(1)) for m in _SIZE.finditer(written)]
    return max(sizes) if sizes else None


def sizes(text: str, lo: int, hi: int, named: list[ModelMention]) -> list[Found]:
    """Stated model sizes: explicit ("a 70B-parameter model") and inside model names."""
    out = [Found(m.size_billions, m.span) for m in named if m.size_billions is not None]
    inside = [m.span for m in named]
    out += [
        f for f in params(text, lo, hi) if not any(s.start <= f.span.start < s.end for s in inside)
    ]
    return sorted(out, key=lambda f: f.span.start)


_TRAILING_COUNT = re.compile(r"\s*(?:gpus?\s*)?\(\s?[x×]\s?(\d+)\s?\)", re.IGNORECASE)
_SMI_CAP = re.compile(r"-pl\s+(\d+)\b")

_COUNT_WORDS = {"a single": 1, "single": 1, "a": 1, "an": 1, "dual": 2, "quad": 4}


def gpus(text: str, lo: int, hi: int, catalog: Catalog | None = None) -> list[GpuMention]:
    """GPUs with counts: "8x H100", "eight H200 GPUs", "16 A100s", "a 4-GPU MI300X node",
    "DGX B200" (8), "GB200 NVL72" (72), "two DGX H100 nodes" (16), "an H100" (1)."""
    out: list[GpuMention] = []
    named = names.names_of(catalog)
    if not names.gpu_gate(named).found(text, lo, hi):
        return out
    catalog = catalog or _builtin()
    for match in names.gpu_pattern(named).finditer(text, lo, hi):
        name = re.sub(r"\s+", " ", match.group("name")).strip()
        spec = catalog.gpu(name) or catalog.gpu(_plain_gpu(name))
        gpu_id = spec.id if spec is not None else name
        system = catalog.gpu_count(name)
        count, count_span = _count(match, text, hi)
        trailing = _TRAILING_COUNT.match(text, match.end(), hi)
        if count is None and trailing is not None:  # "L40S GPUs (x4)"
            count, count_span = int(trailing.group(1)), Span(trailing.start(1), trailing.end(1))
        if system is not None:
            nodes = count if count is not None else 1
            count, count_span = system * nodes, Span(match.start(), match.end("name"))
        elif count is not None:
            count *= _nodes(text, match, lo, hi)
        out.append(
            GpuMention(gpu_id, Span(match.start("name"), match.end("name")), count, count_span)
        )
    return out


_NODE = r"(?:nodes?|servers?|systems?|machines?|boxes|hosts?)"
# "2 nodes of 8x H100", "two servers with 8x H200"
_NODES_BEFORE = re.compile(
    rf"\b(\d{{1,3}}|\w+)\s{_NODE}\s(?:of|with|each\swith),?\s(?:\w+\s)?$", re.IGNORECASE
)
# "two 8-GPU H100 nodes": the node count is the word before the per-node count
_NODE_COUNT_BEFORE = re.compile(r"\b(\d{1,3}|\w+)\s$")
_NODE_AFTER = re.compile(rf"s?\s{_NODE}\b", re.IGNORECASE)


def _nodes(text: str, match: re.Match[str], lo: int, hi: int) -> int:
    """How many nodes a per-node GPU count is multiplied by (1 when none is said)."""
    before = text[max(lo, match.start() - 40) : match.start()]
    found = _NODES_BEFORE.search(before)
    if found is None and match.group("count2") and _NODE_AFTER.match(text, match.end(), hi):
        found = _NODE_COUNT_BEFORE.search(before)
    if found is None:
        return 1
    word = found.group(1)
    value = float(word) if word.isdigit() else parse_word_number(word)
    return int(value) if value and 1 <= value <= 1000 else 1


def _plain_gpu(name: str) -> str:
    """ "NVIDIA DGX H100" → "H100", "A100 80GB PCIe" → "A100 PCIe", "NVIDIA GH200 Superchip" →
    "GH200": what the catalog indexes."""
    name = re.sub(
        r"^(?:nvidia\s|amd\s(?:instinct\s)?)?(?:dgx|hgx)?\s?", "", name, flags=re.IGNORECASE
    )
    name = re.sub(r"\s(?:superchip|oam|hbm3e?)\b", "", name, flags=re.IGNORECASE)
    return re.sub(r"\s?\d+\s?gb\b", "", name, flags=re.IGNORECASE).strip()


def _count(match: re.Match[str], text: str, hi: int) -> tuple[int | None, Span | None]:
    for group in ("count", "count2"):
        if match.group(group):
            return int(match.group(group)), Span(match.start(group), match.end(group))
    word = match.group("countword")
    if word:
        value = _COUNT_WORDS.get(word.lower()) or parse_word_number(word)
        if value:
            return int(value), Span(match.start("countword"), match.end("countword"))
    nodes = match.groupdict().get("nodes")
    if nodes:
        value = parse_word_number(nodes) if not nodes.isdigit() else float(nodes)
        if value:
            return int(value), Span(match.start("nodes"), match.end("nodes"))
    return None, None


class PowerMention(msgspec.Struct, frozen=True):
    """A power setting: ``low``, or ``capped`` with the cap in watts when given."""

    mode: str
    span: Span
    watts: float | None = None
    watts_span: Span | None = None


def power(text: str, lo: int, hi: int) -> PowerMention | None:
    """ "low-power mode", "Max-Q", "power-capped at 350 W", "350W power limit", "limited to 600 watts"."""
    if not _POWER_GATE.found(text, lo, hi):
        return None
    smi = _SMI_CAP.search(text, lo, hi)
    if smi is not None:  # "nvidia-smi -pl 350"
        watts_span = Span(smi.start(1), smi.end(1))
        return PowerMention("capped", Span(smi.start(), smi.end()), float(smi.group(1)), watts_span)
    low = pattern("power_low").search(text, lo, hi)
    cap = pattern("power_cap").search(text, lo, hi)
    if cap is not None:
        watts = _nearest_watts(text, cap.start(), cap.end(), lo, hi)
        if watts is not None:
            value, span = watts
            return PowerMention(
                "capped", Span(min(cap.start(), span.start), max(cap.end(), span.end)), value, span
            )
    if low is not None:
        return PowerMention("low", Span(low.start(), low.end()))
    if cap is not None and re.search(r"power", cap.group(), re.IGNORECASE):
        return PowerMention("capped", Span(cap.start(), cap.end()))
    return None


def _nearest_watts(text: str, start: int, end: int, lo: int, hi: int) -> tuple[float, Span] | None:
    best: tuple[int, float, Span] | None = None
    for match in pattern("watts").finditer(text, lo, hi):
        distance = match.start() - end if match.start() >= end else start - match.end()
        if distance <= 30 and (best is None or distance < best[0]):
            best = (distance, parse_number(match.group(1)), Span(match.start(), match.end()))
    return (best[1], best[2]) if best else None


__all__ = ["NUM", "GpuMention", "ModelMention", "PowerMention", "gpus", "models", "power", "sizes"]


class PrecisionMention(msgspec.Struct, frozen=True):
    """A number format the text states, and the claim field it settles: ``dtype`` (compute),
    ``weights_dtype`` or ``kv_dtype`` (docs/model.md §12)."""

    field: str
    value: str
    span: Span


_FORMAT = re.compile(
    r"(?<![\w.])(fp8|float8|e4m3|bf16|bfloat16|fp16|float16|half[-\s]precision|mxfp4|nvfp4|fp4)(?![\w.])",
    re.IGNORECASE,
)
_KV_AFTER = re.compile(r"[-\s]*(?:kv|key[-\s]value|cache)", re.IGNORECASE)
_WEIGHTS_NEAR = re.compile(
    r"[-\s]*(?:weights?|checkpoints?|quanti[sz]\w*|model)|(?:weights?|quanti[sz]\w*)\s(?:\w+\s)?(?:in|to|at)\s$",
    re.IGNORECASE,
)
_AS_STATED = {"float8": "fp8", "e4m3": "fp8", "bfloat16": "bf16", "fp16": "bf16", "float16": "bf16"}


def precisions(text: str, lo: int, hi: int) -> list[PrecisionMention]:
    """Number formats stated in ``text[lo:hi]``: "FP8 KV cache" settles ``kv_dtype``; "FP8
    weights", "quantized to FP8" or a checkpoint name ("Llama-3.1-405B-FP8") the weights and
    the compute; a bare "in FP8" or "BF16" the compute and the weights. FP16 is stated as
    BF16 (the same bytes and, on these GPUs, the same peak); FP4 formats settle the weights
    only (claimcheck models no FP4 compute)."""
    out: list[PrecisionMention] = []
    for match in _FORMAT.finditer(text, lo, hi):
        word = match.group(1).lower().replace(" ", "-")
        value = "bf16" if word.startswith("half") else _AS_STATED.get(word, word)
        value = "fp4" if value in {"mxfp4", "nvfp4"} else value
        span = Span(match.start(), match.end())
        after = text[match.end() : min(hi, match.end() + 16)]
        if _KV_AFTER.match(after):
            if value != "fp4":
                out.append(PrecisionMention("kv_dtype", value, span))
            continue
        out.append(PrecisionMention("weights_dtype", value, span))
        if value != "fp4":
            out.append(PrecisionMention("dtype", value, span))
    return out
