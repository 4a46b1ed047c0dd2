"""``claimcheck catalog`` output: one Rich table per kind, or JSON with each full source.

Rich is imported only to render text.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from claimcheck.catalog import Catalog, CatalogEntry, GpuSpec, ModelSpec, TierSpec
from claimcheck.formats import RenderOptions
from claimcheck.formats.capture import Capture
from claimcheck.formats.visible import visible_model
from claimcheck.physics import kv_bytes_per_token

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

Kind = Literal["models", "gpus", "tiers"]
KINDS: tuple[Kind, ...] = ("models", "gpus", "tiers")

_URL = re.compile(r"https?://([^/\s;,)]+)")
_SHORT_CHARS = 40
# Columns of words, not figures: left-aligned, wrapped at this many columns.
_WORDS = {
    "attention": 11,
    "kind": 14,
    "per GPU / shared": 9,
    "assumption": 10,
    "host link (GB/s)": 18,
}


class Listing(msgspec.Struct, frozen=True):
    """The entries of one kind, in catalog order."""

    kind: Kind
    entries: tuple[CatalogEntry, ...]


def listing(catalog: Catalog, kind: Kind) -> Listing:
    """The ``kind`` entries of ``catalog``."""
    entries: dict[Kind, tuple[CatalogEntry, ...]] = {
        "models": catalog.models,
        "gpus": catalog.gpus,
        "tiers": catalog.tiers,
    }
    return Listing(kind, entries[kind])


def short_source(source: str) -> str:
    """A short form of a source: the sites its addresses point to (``HF config`` for a Hugging
    Face config), and ``assumed`` when it states an assumption of the catalog (docs/model.md);
    a source with neither is shown as written."""
    parts = [
        "HF config" if domain == "huggingface.co" else domain
        for domain in dict.fromkeys(".".join(m[1].split(".")[-2:]) for m in _URL.finditer(source))
    ]
    if "docs/model.md" in source or "assumed" in source:
        parts.append("assumed")
    text = ", ".join(parts) or source
    return text if len(text) <= _SHORT_CHARS else text[: _SHORT_CHARS - 1] + "…"


def render_json(listing: Listing) -> str:
    """A list of objects: ``name`` (the id), ``display_name``, ``aliases``, ``source``, figures.

    Models add ``kv_bytes_per_token``: BF16 KV of every layer at full length.
    """
    documents = []
    for entry in listing.entries:
        fields = entry.model_dump(mode="json")
        document: dict[str, Any] = {
            "name": fields.pop("id"),
            "display_name": fields.pop("name"),
            "aliases": fields.pop("aliases"),
            "source": fields.pop("source"),
        }
        document.update(fields)
        if isinstance(entry, ModelSpec):
            document["kv_bytes_per_token"] = kv_bytes_per_token(entry, "bf16")
        documents.append(document)
    return json.dumps(documents, indent=2, ensure_ascii=False) + "\n"


def render_text(listing: Listing, options: RenderOptions) -> str:
    """A table of the entries with units in the headers and each source in short."""
    from rich.text import Text

    capture = Capture(options)
    console = capture.console
    builders = {"models": _models, "gpus": _gpus, "tiers": _tiers}
    entries = tuple(visible_model(entry) for entry in listing.entries)  # --catalog names
    console.print(builders[listing.kind](entries))
    console.print(
        Text(
            "Sources in short (the sites they cite; 'assumed': see docs/model.md); "
            "--format json gives each in full, with the aliases.",
            style="dim",
        )
    )
    return capture.text


Rows = list[tuple[CatalogEntry, list[str]]]


def _table(title: str, headers: tuple[str, ...], rows: Rows) -> Table:
    """Figures columns no wider than their widest figure, so names and sources get the room."""
    from rich import box
    from rich.table import Table

    table = Table(
        title=f"{title} ({len(rows)})",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        pad_edge=False,
        show_edge=False,
        title_justify="left",
    )
    id_chars = max((len(entry.id) for entry, _ in rows), default=2)
    table.add_column("id / name", overflow="fold", min_width=id_chars)
    for index, header in enumerate(headers):
        if header in _WORDS:
            table.add_column(header, max_width=_WORDS[header])
            continue
        widest = max([len(cells[index]) for _, cells in rows] + [len(w) for w in header.split()])
        table.add_column(header, justify="right", max_width=widest)
    table.add_column("source", overflow="fold", style="dim")
    for entry, cells in rows:
        table.add_row(_id_cell(entry), *cells, short_source(entry.source))
    return table


def _id_cell(entry: CatalogEntry) -> Text:
    from rich.text import Text

    return Text.assemble((entry.id, "bold"), "\n", (entry.name, "dim"))


def _attention(model: ModelSpec) -> str:
    kind = "MLA latent" if model.attention == "mla" else "GQA"
    if model.window_tokens is None:
        return kind
    return f"{kind}, {model.windowed_layers}/{model.layers} {model.window_kind} {model.window_tokens:,}"


def _kv_shape(model: ModelSpec) -> str:
    if model.kv_lora_rank is not None and model.qk_rope_head_dim is not None:
        return f"{model.kv_lora_rank}+{model.qk_rope_head_dim}"
    values = f"/{model.v_head_dim}" if model.v_head_dim else ""
    return f"{model.kv_heads} × {model.head_dim}{values}"


def _models(entries: tuple[CatalogEntry, ...]) -> Table:
    headers = (
        "layers",
        "KV heads × dim",
        "attention",
        "params (B) total / active",
        "max context (tokens)",
        "KV bytes per token (BF16)",
    )
    rows: Rows = [
        (
            model,
            [
                str(model.layers),
                _kv_shape(model),
                _attention(model),
                f"{model.total_params_b:g}/{model.active_params_b:g}",
                f"{model.max_context_tokens:,}",
                f"{kv_bytes_per_token(model, 'bf16'):,}",
            ],
        )
        for model in entries
        if isinstance(model, ModelSpec)
    ]
    return _table("Models", headers, rows)


def _watts(value: float | None) -> str:
    return f"{value:g}" if value is not None else "—"


def _gpus(entries: tuple[CatalogEntry, ...]) -> Table:
    headers = (
        "BF16 / FP8 dense (TFLOPS)",
        "HBM (GB)",
        "HBM (TB/s)",
        "host link (GB/s)",
        "default / min power (W)",
    )
    rows: Rows = []
    for gpu in entries:
        if not isinstance(gpu, GpuSpec):
            continue
        fp8 = f"{gpu.fp8_tflops:,g}" if gpu.fp8_tflops is not None else "—"
        link = f"{gpu.host_link}: {gpu.host_link_gb_s:g}"
        if gpu.host_link_measured_gb_s is not None:
            link += f" ({gpu.host_link_measured_gb_s:g} measured)"
        rows.append(
            (
                gpu,
                [
                    f"{gpu.bf16_tflops:,g} / {fp8}",
                    f"{gpu.hbm_gb:g}",
                    f"{gpu.hbm_tb_s:g}",
                    link,
                    f"{_watts(gpu.default_power_w)} / {_watts(gpu.min_power_w)}",
                ],
            )
        )
    return _table("GPUs", headers, rows)


def _tiers(entries: tuple[CatalogEntry, ...]) -> Table:
    headers = ("kind", "bandwidth (GB/s)", "per GPU / shared", "latency (ms)", "assumption")
    rows: Rows = [
        (
            tier,
            [
                f"{tier.kind} (default)" if tier.default_for_kind else tier.kind,
                f"{tier.bandwidth_gb_s:g}",
                "per GPU" if tier.per_gpu else "shared",
                f"{tier.latency_ms:g}",
                "yes" if tier.assumption else "measured",
            ],
        )
        for tier in entries
        if isinstance(tier, TierSpec)
    ]
    return _table("Storage tiers", headers, rows)


def render_toml(listing: Listing) -> str:
    """The entries as the ``[[models]]``, ``[[gpus]]`` or ``[[tiers]]`` tables that
    ``--catalog FILE`` reads, every field as the catalog holds it (https://toml.io/en/v1.0.0):
    a starting point for a catalog of one's own."""
    blocks = [
        f"# claimcheck catalog: {listing.kind} ({len(listing.entries)}); "
        "edit and pass with --catalog FILE\n"
    ]
    for entry in listing.entries:
        lines = [f"[[{listing.kind}]]"]
        for key, value in entry.model_dump(mode="json").items():
            if value is not None:  # TOML has no null: a missing key is the field's default
                lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _toml_string(key)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)  # finite: the models refuse inf and nan
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + ", ".join(pairs) + " }" if value else "{}"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def _toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, and TOML also escapes DEL."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")
