"""How ``--help`` lays options out: the panels, the defaults a help text names, flags shown
without a value.

Typer renders help with Rich markup, where ``[...]`` is a tag and vanishes: a default written
into a help text is escaped (https://rich.readthedocs.io/en/stable/markup.html#escaping).
Typer 0.29 prints a ``<bool>`` type beside each flag although a flag takes no value; the
command classes here leave that column empty.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup

INPUTS = "Inputs"
SELECTION = "Selection"
PHYSICS = "Physics assumptions"
OUTPUT = "Output"


def default(shown: object) -> str:
    """`` [default: 0.5]``, to end a help text whose option has no literal default (``None``
    stands for "not given": the configuration file may say)."""
    return f" \\[default: {shown}]"


def _laid_out(params: list[Any]) -> list[Any]:
    """Flags without a value; ``--help`` in the output panel when the command has one."""
    panels = {getattr(param, "rich_help_panel", None) for param in params}
    for param in params:
        if getattr(param, "is_flag", False):
            param.metavar = ""
        if param.name == "help" and OUTPUT in panels:
            param.rich_help_panel = OUTPUT
    return params


# Other names of an option that help leaves out (the option's help text names them), so that
# the option column stays narrow enough for 80 columns.
UNSHOWN_NAMES = frozenset({"--output-format"})


class Command(TyperCommand):
    """A command whose flags show no value in ``--help``."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _laid_out(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        kept = [(param, param.opts) for param in self.params if UNSHOWN_NAMES & set(param.opts)]
        for param, opts in kept:
            param.opts = [name for name in opts if name not in UNSHOWN_NAMES]
        try:
            super().format_help(ctx, formatter)
        finally:
            for param, opts in kept:
                param.opts = opts


class Group(TyperGroup):
    """The top-level group, with the same flags as its commands."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _laid_out(super().get_params(ctx))


class SentenceCommand(Command):
    """A command whose inputs may be sentences: one that starts with "-" is read as text
    when it cannot be an option (``claimcheck.commands.dash_text``)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from claimcheck.commands import dash_text

        names = dash_text.option_names(self.get_params(ctx))
        arguments, unknown = dash_text.arranged(args, names)
        if unknown is not None:
            ctx.fail(f"No such option: {unknown}\n{dash_text.HINT}")
        result: list[str] = super().parse_args(ctx, arguments)
        return result
