"""The options more than one command takes, each declared once: name, help, panel, and the
range it must fall in (``claimcheck.bounds``), refused in the same words by every command.

A declaration is a ``typer.Option``; a command gives it the type it needs (``--model`` is
required by ``breakeven`` and optional for ``check``): ``Annotated[str | None, MODEL] = None``.
A choice (``--dtype``, ``--color``, …) is typed ``str`` and read by its callback, which gives
the enum member (a ``str``) or refuses the value in claimcheck's words with the closest one;
its metavar lists its values (``<bf16|fp8>``), and completion offers them. The metavars
follow the convention of ``help_layout``.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Any, TypeVar

import typer

from claimcheck import bounds
from claimcheck.commands import (
    Color,
    DtypeChoice,
    KvLayout,
    TextOrJson,
    WeightsDtypeChoice,
    fail,
)
from claimcheck.commands.help_layout import INPUTS, OUTPUT, PHYSICS, default
from claimcheck.defaults import DEFAULT_MFU, DEFAULT_OUTPUT_TOKENS
from claimcheck.errors import did_you_mean

Choice = TypeVar("Choice", bound=StrEnum)


def in_range(option: str, bound: bounds.Bound) -> Callable[[typer.Context, Any], Any]:
    """A callback refusing a value outside ``bound``: ``claimcheck: error: --gpus: expected a
    GPU count from 1 to 1,000,000, got 0`` on one line, exit 2."""

    def check(ctx: typer.Context, value: Any) -> Any:
        if ctx.resilient_parsing:  # shell completion: say nothing
            return value
        if value is not None and (problem := bound.problem(value)) is not None:
            fail(f"{option}: {problem}")
        return value

    return check


def choice(kind: type[Choice], option: str) -> Callable[[typer.Context, str | None], Any]:
    """A callback taking one of ``kind``'s values in any case (the option is typed ``str``, so
    that Typer does not refuse it first) and naming the closest on a typo."""
    names = [member.value for member in kind]

    def check(ctx: typer.Context, text: str | None) -> Choice | str | None:
        if text is None or ctx.resilient_parsing:  # not given, or shell completion
            return text
        word = text.strip().lower()
        if word not in names:
            expected = f"expected one of {', '.join(names)}"
            fail(f"{option}: {expected}, got {text!r}{did_you_mean(word, names)}")
        return kind(word)

    return check


# Shell completion: claimcheck.commands.completion loads only when a shell asks. Typer passes a
# completer what its annotations name, so the two shapes are kept: (ctx, incomplete) for the
# catalog's names, (incomplete) for rules.
def _with_context(name: str) -> Callable[[typer.Context, str], list[tuple[str, str]]]:
    def complete(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
        from claimcheck.commands import completion

        found: list[tuple[str, str]] = getattr(completion, name)(ctx, incomplete)
        return found

    return complete


def _without_context(name: str) -> Callable[[str], list[tuple[str, str]]]:
    def complete(incomplete: str) -> list[tuple[str, str]]:
        from claimcheck.commands import completion

        found: list[tuple[str, str]] = getattr(completion, name)(incomplete)
        return found

    return complete


complete_models = _with_context("models")
complete_gpus = _with_context("gpus")
complete_tiers = _with_context("tiers")
complete_rules = _without_context("selected_rules")  # --select, --extend-select
complete_ignored = _without_context("ignored_rules")  # --ignore
complete_rule = _without_context("rule")  # claimcheck rule


def offered(kind: type[StrEnum]) -> Callable[[str], list[str]]:
    """Shell completion of a choice: the values that start with what was typed, in any case
    (written from there on as the value is)."""

    def complete(incomplete: str) -> list[str]:
        typed = incomplete.lower()
        return [
            incomplete + member.value[len(incomplete) :]
            for member in kind
            if member.value.startswith(typed)
        ]

    return complete


def metavar(kind: type[StrEnum]) -> str:
    """``<bf16|fp8>``: the values of a choice."""
    return "<" + "|".join(member.value for member in kind) + ">"


def choice_option(kind: type[StrEnum], name: str, help: str, panel: str, **more: Any) -> Any:
    """An option taking one of ``kind``'s values, in any case, with the closest one on a typo."""
    return typer.Option(
        name,
        callback=choice(kind, name),
        autocompletion=offered(kind),
        metavar=metavar(kind),
        help=help,
        rich_help_panel=panel,
        **more,
    )


def format_option(kind: type[StrEnum], help: str, shown_default: str) -> Any:
    """``--format``/``-f`` of a command: case-insensitive, with its choices in the help."""
    return typer.Option(
        "--format",
        "-f",
        "--output-format",
        callback=choice(kind, "--format"),
        autocompletion=offered(kind),
        metavar="FORMAT",
        help=f"{help}: {', '.join(member.value for member in kind)} (also --output-format)."
        + default(shown_default),
        show_default=False,
        rich_help_panel=OUTPUT,
    )


MODEL = typer.Option(
    "--model",
    metavar="MODEL",
    autocompletion=complete_models,
    help="Model id or alias, e.g. llama-3.1-70b (see 'claimcheck catalog models').",
    show_default=False,
    rich_help_panel=PHYSICS,
)
GPU = typer.Option(
    "--gpu",
    metavar="GPU",
    autocompletion=complete_gpus,
    help="GPU id, alias or system name, e.g. h100-sxm or 'DGX H100' (see 'claimcheck catalog gpus').",
    show_default=False,
    rich_help_panel=PHYSICS,
)
GPUS = typer.Option(
    "--gpus",
    metavar="N",
    help="GPUs the prefill and the KV are split across; without it, a named system's count, else 1.",
    callback=in_range("--gpus", bounds.GPUS),
    show_default=False,
    rich_help_panel=PHYSICS,
)
TIER = typer.Option(
    "--tier",
    metavar="TIER",
    autocompletion=complete_tiers,
    help="Storage tier of the KV: a catalog id or alias, or a kind (nvme, dram, network, object, cxl).",
    show_default=False,
    rich_help_panel=PHYSICS,
)
MFU = typer.Option(
    "--mfu",
    metavar="FRACTION",
    help="Achieved fraction of dense peak in prefill (0 < MFU ≤ 1), where no baseline time gives it."
    + default(DEFAULT_MFU),
    callback=in_range("--mfu", bounds.MFU),
    show_default=False,
    rich_help_panel=PHYSICS,
)
OUTPUT_TOKENS = typer.Option(
    "--output-tokens",
    metavar="TOKENS",
    help="Output tokens decoded for the end-to-end speedup." + default(DEFAULT_OUTPUT_TOKENS),
    callback=in_range("--output-tokens", bounds.OUTPUT_TOKENS),
    show_default=False,
    rich_help_panel=PHYSICS,
)
DTYPE = choice_option(
    DtypeChoice,
    "--dtype",
    "Compute precision: bf16 (FP16 runs too) or fp8. Unstated: BF16, and a stated baseline time "
    "is judged against FP8's peak where the model is published in FP8 (docs/model.md §12).",
    PHYSICS,
    show_default=False,
)
WEIGHTS_DTYPE = choice_option(
    WeightsDtypeChoice,
    "--weights-dtype",
    "Weights precision: bf16, fp8 or fp4 (MXFP4, NVFP4). Unstated: the smallest precision "
    "the model is published in.",
    PHYSICS,
    show_default=False,
)
KV_DTYPE = choice_option(
    DtypeChoice,
    "--kv-dtype",
    "KV cache precision: bf16 or fp8." + default("bf16"),
    PHYSICS,
    show_default=False,
)
KV_LAYOUT = choice_option(
    KvLayout,
    "--kv-layout",
    "KV on sliding-window and chunked layers: 'resumed' holds only the last window (what a "
    "resumed prefix needs), 'full' every token (a full-length allocator)."
    + default(KvLayout.RESUMED.value),
    PHYSICS,
    show_default=False,
)
CATALOG = typer.Option(
    "--catalog",
    metavar="FILE",
    help="TOML file of extra or replacement models, GPUs and tiers.",
    show_default=False,
    rich_help_panel=PHYSICS,
)
CONFIG = typer.Option(
    "--config",
    metavar="FILE",
    help="Use this configuration file instead of the nearest one.",
    show_default=False,
    rich_help_panel=INPUTS,
)
ISOLATED = typer.Option(
    "--isolated", help="Ignore every configuration file.", rich_help_panel=INPUTS
)

OUTPUT_FILE = typer.Option(
    "--output",
    "-o",
    metavar="FILE",
    help="Write the report to FILE instead of stdout.",
    show_default=False,
    rich_help_panel=OUTPUT,
)

ColorOption = Annotated[str, choice_option(Color, "--color", "Colour in text output.", OUTPUT)]
DebugOption = Annotated[
    bool,
    typer.Option("--debug", help="Show tracebacks of internal errors.", rich_help_panel=OUTPUT),
]
TextOrJsonFormat = Annotated[str, format_option(TextOrJson, "Output format", "text")]
