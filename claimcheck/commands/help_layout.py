"""How the command line looks to a user: ``--help`` (the panels, the defaults a help text names,
flags shown without a value, one metavar convention), its usage errors (one style) and the
shells it installs completion for.

Typer renders help with Rich markup, where ``[...]`` is a tag and vanishes: help texts are
written as plain text and escaped as help is shown (``rich.markup.escape``,
https://rich.readthedocs.io/en/stable/markup.html#escaping), so that ``[tool.claimcheck]`` and
``[default: 0.5]`` read as written. Typer 0.29 prints a ``<bool>`` type beside each flag
although a flag takes no value; the command classes here leave that column empty.

Metavars: a value from a short fixed list shows the list, ``<bf16|fp8>``; any other value
shows what to give, in capitals: ``FILE``, ``N``, ``MODEL``, ``CODES``, ``PATTERN:CODES``.
``--format`` is ``FORMAT`` in every command, its help listing the formats (up to nine: too
many for the option column). An argument shows its metavar alone (no ``<str>`` type beside it).

Usage errors are one line, ``claimcheck: error: <what>``, exit code 2, whoever finds them
(Click while parsing, a callback, a command): ``Group.main`` words Click's errors
(``claimcheck.commands.usage_errors``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from typer import Abort
from typer.core import TyperArgument, TyperCommand, TyperGroup

INPUTS = "Inputs"
SELECTION = "Selection"
PHYSICS = "Physics assumptions"
OUTPUT = "Output"


def default(shown: object) -> str:
    """`` [default: 0.5]``, to end a help text whose option has no literal default (``None``
    stands for "not given": the configuration file may say)."""
    return f" [default: {shown}]"


COMPLETION_METAVAR = "<bash|zsh|fish>"
_COMPLETION_HELP = {
    "install_completion": "Install completion for bash, zsh or fish (also powershell); without "
    "a shell, for the current one.",
    "show_completion": "Show the completion script for bash, zsh or fish (also powershell); "
    "without a shell, the current one's.",
}


def _laid_out(params: list[Any]) -> list[Any]:
    """Flags without a value; ``--help`` in the output panel when the command has one;
    arguments shown by their metavar; Typer's completion flags taking a shell name."""
    panels = {getattr(param, "rich_help_panel", None) for param in params}
    for param in params:
        if getattr(param, "is_flag", False):
            param.metavar = ""
        if param.name == "help" and OUTPUT in panels:
            param.rich_help_panel = OUTPUT
        if type(param) is TyperArgument:  # Typer builds its arguments with no class to choose
            param.__class__ = Argument
        if param.name in _COMPLETION_HELP:  # the shell is read by Group.parse_args
            param.metavar = COMPLETION_METAVAR
            param.help = _COMPLETION_HELP[param.name]
    return params


class Argument(TyperArgument):
    """An argument shown by its metavar alone: no type beside it in ``--help`` (Typer would
    print ``<list[str]>``), and in the usage line as Click writes one: ``CODE`` when
    required, ``[INPUTS]...`` when not."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def get_usage_pieces(self, ctx: Any) -> list[str]:
        name = str(self.metavar or str(self.name).upper())
        shown = name if self.required else f"[{name}]"
        return [shown + ("..." if self.nargs != 1 else "")]


@contextmanager
def _markup_escaped(texts: Sequence[Any]) -> Iterator[None]:
    """The help texts of ``texts`` (commands and parameters) escaped for Rich while help is
    formatted: what they say in brackets is text, not a tag."""
    from rich.markup import escape

    saved: list[tuple[Any, str, str]] = []
    for holder in texts:
        for attribute in ("help", "short_help", "epilog"):
            text = getattr(holder, attribute, None)
            if isinstance(text, str) and "[" in text:
                saved.append((holder, attribute, text))
                setattr(holder, attribute, escape(text))
    try:
        yield
    finally:
        for holder, attribute, text in reversed(saved):
            setattr(holder, attribute, text)


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
            with _markup_escaped([self, *self.get_params(ctx)]):
                super().format_help(ctx, formatter)
        finally:
            for param, opts in kept:
                param.opts = opts


class Group(TyperGroup):
    """The top-level group, with the same flags as its commands; it says every usage error
    in one style and installs completion for the shell named."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _laid_out(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        commands = [self.get_command(ctx, name) for name in self.list_commands(ctx)]
        with _markup_escaped([self, *self.get_params(ctx), *commands]):
            super().format_help(ctx, formatter)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing and any(
            argument.startswith(("--install-completion", "--show-completion")) for argument in args
        ):
            from claimcheck.commands import completion

            request = completion.requested(args, self.list_commands(ctx))
            if request is not None:
                completion.serve(*request, prog_name=ctx.info_name or "claimcheck")
        rest: list[str] = super().parse_args(ctx, args)
        return rest

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if (
            name
            and not name.startswith("-")
            and not ctx.resilient_parsing
            and self.get_command(ctx, name) is None
        ):
            from claimcheck.errors import UsageError, did_you_mean

            known = self.list_commands(ctx)
            raise UsageError(f"no such command {name!r}{did_you_mean(name, known)}")
        return super().resolve_command(ctx, args)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; in standalone mode (the command line's), a usage error is
        one line and exit code 2 (Click's errors are raised to here unprinted)."""
        run = super().main
        extra["windows_expand_args"] = windows_expand_args
        if not standalone_mode:
            return run(args, prog_name, complete_var, standalone_mode=False, **extra)
        from claimcheck.errors import ClaimcheckError

        try:
            code = run(args, prog_name, complete_var, standalone_mode=False, **extra)
        except ClaimcheckError as err:  # a usage error found here, or standard output closed
            _refuse(str(err))
        except Abort:  # Click's "Aborted!": an end of input where a prompt waited
            _refuse("aborted")
        except Exception as err:
            from claimcheck.commands import usage_errors

            if not usage_errors.is_click_error(err):
                raise
            _refuse(None if usage_errors.shows_help(err) else usage_errors.line(err))
        sys.exit(code if isinstance(code, int) else 0)


def _refuse(message: str | None) -> NoReturn:
    """``claimcheck: error: <message>`` (nothing when there is nothing left to say), exit 2."""
    from claimcheck.commands import say
    from claimcheck.errors import ExitCode

    if message:
        say("error", message)
    sys.exit(ExitCode.ERROR)


class SentenceCommand(Command):
    """A command whose inputs may be sentences: one that starts with "-" is read as text
    when it cannot be an option (``claimcheck.commands.dash_text``)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from claimcheck.commands import dash_text

        names = dash_text.option_names(self.get_params(ctx))
        arguments, unknown = dash_text.arranged(args, names)
        if unknown is not None and not ctx.resilient_parsing:
            from claimcheck.errors import UsageError

            raise UsageError(f"no such option: {unknown}; {dash_text.HINT}")
        result: list[str] = super().parse_args(ctx, arguments)
        return result
