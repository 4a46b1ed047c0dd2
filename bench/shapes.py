"""Inputs shaped like users' (issue 33), beside the easy ones of ``bench_batch.py`` and
``bench_docs.py``.

- Varied claim files: comments, folded ``text``, several claims a file, 15 % text-only, points,
  40 % with a model and GPU; YAML (80 %), TOML and JSON. Every text is a real claim sentence
  from ``tests/extract/real_dev.yaml`` with the fields its label states, told apart from the
  other claims' by a closing sentence without figures (nearly every claim its own text).
- A claim-dense docs site: Markdown pages of 4-9 KB with versions, sizes and other factors on
  most, one in three with a real page excerpt about KV caching (``tests/extract/
  real_pages.yaml`` and ``fresh_pages.yaml``) that states a KV claim.
- One large Markdown file made of such pages.
"""

from __future__ import annotations

import json
import random
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
_FIELDS = (
    "speedup", "speedup_low", "speedup_qualifier", "metric", "context_tokens",
    "baseline_seconds", "cached_seconds", "tier",
)  # fmt: skip
_TIERS = {"dram", "nvme", "cxl", "network", "object"}
_PLACES = ["north", "south", "east", "west", "central", "lab", "edge", "main", "spare", "test",
           "blue", "green", "red", "amber", "silver", "golden", "quiet", "busy", "new", "old"]  # fmt: skip
_TEAMS = ["alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "lambda", "theta", "zeta",
          "orion", "vega", "lyra", "draco", "hydra", "atlas", "titan", "rhea", "io", "europa"]  # fmt: skip
VENDORS = ["Example Storage", "Acme Memory", "Tiered AI", "FastKV Inc.", "NeoCloud"]


@cache
def sentences() -> tuple[tuple[str, dict[str, Any]], ...]:
    """Real claim sentences with the fields their labels state (those a claim file holds)."""
    entries = yaml.safe_load((ROOT / "tests/extract/real_dev.yaml").read_text(encoding="utf-8"))
    found = []
    for entry in entries:
        if not entry.get("claim"):
            continue
        expect = entry.get("expect") or {}
        fields = {k: expect[k] for k in _FIELDS if k in expect}
        if fields.get("tier") not in _TIERS:
            fields.pop("tier", None)
        if "speedup" in fields and fields["speedup"] < 1:
            continue
        found.append((" ".join(entry["text"].split()), fields))
    return tuple(found)


@cache
def _catalog(kind: str) -> tuple[str, ...]:
    data = tomllib.loads((ROOT / f"claimcheck/catalog/data/{kind}.toml").read_text("utf-8"))
    return tuple(entry["id"] for entry in data[kind])


def varied_claim(rng: random.Random, number: int) -> dict[str, Any]:
    """One claim: a real sentence, with its fields (15 % text only), a model and GPU on 40 %,
    points on a tenth."""
    text, fields = rng.choice(sentences())
    claim: dict[str, Any] = {"id": f"claim-{number}", "vendor": rng.choice(VENDORS)}
    if rng.random() < 0.3:
        claim["source_url"] = f"https://example.com/blog/{number}"
        claim["date"] = f"2025-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
    # Each claim its own text, as in users' files (the extractor reads each distinct text once).
    end = " " if text.endswith((".", "!", "?")) else ". "
    claim["text"] = (
        f"{text}{end}Measured on the {rng.choice(_PLACES)} {rng.choice(_TEAMS)} cluster."
    )
    if rng.random() >= 0.15:
        claim |= fields
    if rng.random() < 0.4:
        claim |= {"model": rng.choice(_catalog("models")), "gpu": rng.choice(_catalog("gpus"))}
        claim["gpu_count"] = rng.choice([1, 2, 4, 8])
    if rng.random() < 0.1:
        claim["points"] = [
            {"context_tokens": tokens, "speedup": round(1 + tokens / 20_000 * rng.random(), 1)}
            for tokens in sorted(rng.sample([8_000, 16_000, 32_000, 64_000, 128_000], 3))
        ]
    return claim


def _yaml_value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _yaml_claim(rng: random.Random, claim: dict[str, Any], indent: str) -> list[str]:
    lines = []
    first = True
    for key, value in claim.items():
        lead = indent[:-2] + "- " if first and indent else indent
        first = False
        if key == "text" and rng.random() < 0.4:  # folded, over lines of about 60 characters
            lines.append(f"{lead}text: >-")
            words, line = value.split(), ""
            for word in words:
                if line and len(line) + len(word) > 60:
                    lines.append(f"{indent}  {line}")
                    line = ""
                line = f"{line} {word}" if line else word
            lines.append(f"{indent}  {line}")
        elif key == "points":
            lines.append(f"{lead}points:")
            lines += [
                f"{indent}  - {{{', '.join(f'{k}: {v}' for k, v in p.items())}}}" for p in value
            ]
        else:
            comment = "  # as published" if rng.random() < 0.1 else ""
            lines.append(f"{lead}{key}: {_yaml_value(value)}{comment}")
    return lines


def _toml_value(value: Any) -> str:
    if isinstance(value, list):
        return (
            "["
            + ", ".join("{" + ", ".join(f"{k} = {v}" for k, v in p.items()) + "}" for p in value)
            + "]"
        )
    return json.dumps(value, ensure_ascii=False)


def varied_file(rng: random.Random, number: int) -> tuple[str, str, int]:
    """A claim file's suffix, text and number of claims: a quarter with 2-4 claims, half with a
    comment at the head, YAML, TOML or JSON."""
    count = rng.choice([2, 3, 4]) if rng.random() < 0.25 else 1
    claims = [varied_claim(rng, number * 10 + k) for k in range(count)]
    head = (
        "# Claims from the vendor's launch post; figures as published.\n"
        if rng.random() < 0.5
        else ""
    )
    kind = rng.random()
    if kind < 0.1:
        return ".json", json.dumps(claims[0] if count == 1 else {"claims": claims}, indent=2), count
    if kind < 0.2:
        parts = [head]
        for claim in claims:
            parts.append("[[claims]]\n" if count > 1 else "")
            parts += [f"{k} = {_toml_value(v)}\n" for k, v in claim.items()]
        return ".toml", "".join(parts), count
    if count == 1:
        lines = _yaml_claim(rng, claims[0], "")
    else:
        lines = ["claims:"]
        for claim in claims:
            if rng.random() < 0.3:
                lines.append("  # measured on the vendor's own cluster")
            lines += _yaml_claim(rng, claim, "    ")
    return ".yaml", head + "\n".join(lines) + "\n", count


def varied_claim_files(folder: Path, count: int, seed: int = 33) -> int:
    """Write ``count`` varied claim files under ``folder``; return the claims they hold."""
    rng = random.Random(seed)
    claims = 0
    for number in range(count):
        suffix, text, held = varied_file(rng, number)
        sub = folder / f"d{number // 500:04d}"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"c{number:06d}{suffix}").write_text(text, encoding="utf-8")
        claims += held
    return claims


# A docs site: prose with versions, sizes and other factors.
PROSE = [
    "Version {v} adds role-based access control, audit logging and SSO through SAML 2.0.",
    "Each node ships with {g} GB of HBM3 and {t} TB of local NVMe, attached over PCIe Gen5 x16.",
    "The cluster scales to {n}x more replicas without a restart; upgrades roll out in {m} minutes.",
    "Our scheduler is {f}x cheaper than the previous release at the same throughput per dollar.",
    "Support is available 24x7 by phone and through the console, with a 99.9% uptime SLA.",
    "Requires Python 3.{p} or later and CUDA 12.{c}; see the [install guide](https://example.com/install).",
    "The network fabric gives {b} Gb/s per port, {k} ports per node, and RDMA over RoCE v2.",
    "Dashboards show p50, p95 and p99 latency per region, refreshed every {s} seconds.",
    "Pricing starts at ${d}.50 per million tokens; volume discounts apply above {q} billion tokens.",
    "Compression cuts checkpoint size {f}x with `zstd -{z}`, at about {b} MB/s per core.",
    "Release {v} fixes a memory leak in the gateway and makes cold starts {f}x faster.",
    "Configure **max_batch_size** and `max_num_seqs` in `config.yaml` before you deploy.",
]


PLAIN = [
    "Operators deploy the service with one Helm chart and a values file per environment.",
    "The gateway authenticates every request and forwards it to the least busy replica.",
    "Logs are shipped to your own bucket; nothing leaves your account without consent.",
    "Read the [architecture overview](https://example.com/arch) before you plan a rollout.",
    "Each team gets its own namespace, quota and API keys, managed from the console.",
    "Upgrades are rolled out one zone at a time, so a bad release never takes a region down.",
]


def _prose(rng: random.Random) -> str:
    """A sentence, with a figure (a version, a size, another factor) one time in four."""
    if rng.random() < 0.75:
        return rng.choice(PLAIN)
    values = {
        "v": f"{rng.randrange(1, 5)}.{rng.randrange(10)}.{rng.randrange(10)}",
        "g": rng.choice([80, 141, 192]), "t": rng.choice([4, 8, 30]), "n": rng.randrange(2, 10),
        "m": rng.randrange(2, 30), "f": rng.choice([1.5, 2, 3, 4]), "p": rng.randrange(9, 13),
        "c": rng.randrange(1, 9), "b": rng.choice([100, 200, 400, 800]), "k": rng.choice([4, 8]),
        "s": rng.choice([5, 10, 30]), "d": rng.randrange(1, 9), "q": rng.randrange(1, 50),
        "z": rng.randrange(1, 19),
    }  # fmt: skip
    return rng.choice(PROSE).format(**values)


@cache
def excerpts() -> tuple[str, ...]:
    """Real page excerpts that state a KV-cache speedup."""
    found = []
    for name in ("real_pages.yaml", "fresh_pages.yaml"):
        pages = yaml.safe_load((ROOT / "tests/extract" / name).read_text(encoding="utf-8"))
        found += [page["markdown"] for page in pages if page.get("claims")]
    return tuple(found)


def dense_page(rng: random.Random, with_claim: bool) -> str:
    """A docs page of 4-9 KB: headings, prose with figures (most), lists, code, a table; with a
    real excerpt about KV caching, its headings one level down."""
    parts = [
        f"# {rng.choice(['Deploying', 'Scaling', 'Upgrading', 'Monitoring'])} guide {rng.randrange(1000)}\n"
    ]
    size = rng.randrange(4_000, 9_000)
    figures = rng.random() < 0.85
    while sum(map(len, parts)) < size:
        kind = rng.random()
        if kind < 0.5:
            parts.append(
                " ".join(
                    _prose(rng) if figures else "Operators deploy the service." for _ in range(3)
                )
                + "\n"
            )
        elif kind < 0.6:
            parts.append(f"## Section {rng.randrange(100)}\n")
        elif kind < 0.75:
            parts.append("\n".join(f"- {_prose(rng)}" for _ in range(3)) + "\n")
        elif kind < 0.85:
            parts.append("```yaml\nreplicas: 4\nmax_num_seqs: 256\nimage: serve:v2.4.1\n```\n")
        else:
            parts.append(
                "| Release | Nodes | Memory | Ports |\n|---|---|---|---|\n"
                + "".join(f"| v{rng.randrange(1, 5)}.{rng.randrange(10)} | {rng.choice([2, 4, 8])} | "
                          f"{rng.choice([80, 141])} GB | {rng.choice([4, 8])} x 400 Gb/s |\n" for _ in range(4))
            )  # fmt: skip
    if with_claim:
        excerpt = rng.choice(excerpts()).replace("\n#", "\n##")
        parts.insert(rng.randrange(1, len(parts)), excerpt.lstrip("#").lstrip() + "\n")
    return "\n".join(parts)


def dense_pages(rng: random.Random) -> Iterator[str]:
    """Pages of the claim-dense site, one in three with a KV claim."""
    while True:
        yield dense_page(rng, with_claim=rng.random() < 1 / 3)


def dense_site(folder: Path, pages: int, seed: int = 33) -> int:
    """Write ``pages`` pages of the claim-dense site under ``folder``; return the bytes."""
    total = 0
    for number, text in zip(range(pages), dense_pages(random.Random(seed)), strict=False):
        path = folder / f"d{number // 100:03d}" / f"page{number:05d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        total += path.write_text(text, encoding="utf-8")
    return total


def large_markdown(path: Path, megabytes: float, seed: int = 33) -> int:
    """One Markdown file of the claim-dense site's pages, about ``megabytes`` MB."""
    total = 0
    with path.open("w", encoding="utf-8") as handle:
        for text in dense_pages(random.Random(seed)):
            total += handle.write(text + "\n")
            if total >= megabytes * 1e6:
                return total
    return total
