"""The command line: the top-level group and the registry of its commands.

A thin adapter: each command lives in ``claimcheck/commands/`` and is imported, and its
options declared, only when a command line names it (or ``--help`` lists them all), so that
``claimcheck --version`` and a one-liner start fast. The group loads them through Click's
public hooks for lazily loaded subcommands (``list_commands`` and ``get_command``,
https://click.palletsprojects.com/en/stable/complex/#lazily-loading-subcommands), each
command built by Typer's ``typer.main.get_command``
(https://typer.tiangolo.com/tutorial/using-click/).
"""

import os
import signal
import sys
from importlib import import_module
from typing import Annotated, Any, NamedTuple

# Pydantic scans every installed package's entry points for plugins the first time a model is
# built; a command-line run needs none of them, nor the import that scan needs.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import typer
from typer.core import TyperCommand

from claimcheck import __version__
from claimcheck.commands import say
from claimcheck.commands.help_layout import Command, Group, SentenceCommand
from claimcheck.errors import ClaimcheckError, ExitCode


class Entry(NamedTuple):
    """Where a command is: ``attribute`` of ``module`` is its function (declared as a command
    of class ``cls``) or, for a command with commands of its own, a Typer app."""

    module: str
    attribute: str
    cls: type[TyperCommand] = Command


# The registry, in the order ``claimcheck --help`` lists the commands. A new command is a
# module in claimcheck/commands/ and a line here.
COMMANDS: dict[str, Entry] = {
    "check": Entry("claimcheck.commands.check", "check", SentenceCommand),
    "rules": Entry("claimcheck.commands.rules", "list_rules"),
    "rule": Entry("claimcheck.commands.rules", "explain_rule"),
    "config": Entry("claimcheck.commands.config", "show_config"),
    "schema": Entry("claimcheck.commands.schema", "schema"),
    "breakeven": Entry("claimcheck.commands.breakeven", "breakeven"),
    "catalog": Entry("claimcheck.commands.catalog", "catalog"),
    "server": Entry("claimcheck.commands.server", "server"),
    "crawl": Entry("claimcheck.commands.crawl", "crawl"),
    "ledger": Entry("claimcheck.commands.ledger", "ledger"),
}


def command(name: str) -> Any:
    """The Click command registered as ``name``, built from its module."""
    entry = COMMANDS[name]
    target = getattr(import_module(entry.module), entry.attribute)
    if isinstance(target, typer.Typer):
        return typer.main.get_command(target)
    one = typer.Typer(add_completion=False, rich_markup_mode="rich")
    one.command(name, cls=entry.cls)(target)
    return typer.main.get_command(one)


class Commands(Group):
    """The top-level group: it lists the registry, and builds a command when it is first
    asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            self.add_command(command(cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)


app = typer.Typer(
    name="claimcheck",
    help="Audit vendor claims about KV-cache offload speedups.",
    cls=Commands,
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"claimcheck {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Audit vendor claims about KV-cache offload speedups."""
    from claimcheck.commands.interrupts import prepare_serialiser

    prepare_serialiser()  # before any model is built: Ctrl-C there must not panic pydantic-core


def __getattr__(name: str) -> object:
    """A command's function by its name in Python (``cli.check``), imported when asked for."""
    for entry in COMMANDS.values():
        if entry.attribute == name:
            return getattr(import_module(entry.module), name)
    raise AttributeError(f"module 'claimcheck.cli' has no attribute {name!r}")


def main() -> None:
    """Console-script entry point (``claimcheck.__main__`` handles Ctrl-C while this module
    loads). Ctrl-C exits 130 without a traceback, even before a command starts (Typer handles
    it once one runs); a reader that closes the pipe early ends the output quietly, with exit code 0."""
    # msgspec's C module is loaded here, while a Ctrl-C still ends the process at once: a
    # KeyboardInterrupt raised while it loads could leave it half made, and the first encode
    # then crashed the process (tests/test_main.py).
    import msgspec  # noqa: F401

    from claimcheck.commands.interrupts import announce, interrupted, raise_interrupt

    try:
        signal.signal(signal.SIGINT, raise_interrupt)
        from claimcheck.commands.streams import GuardedStdout, guard_stdout, settle_stdout

        guard_stdout()
        try:
            app()
            settle_stdout()
        except SystemExit as done:
            settle_stdout()  # a full standard output: one error line, exit 2
            if isinstance(sys.stdout, GuardedStdout) and sys.stdout.reader_left:
                raise SystemExit(0) from None  # "| head -1": the reader had all it wanted
            if done.code == ExitCode.INTERRUPTED or interrupted():  # Typer: Ctrl-C → 130
                raise KeyboardInterrupt from None
            raise done from None
    except KeyboardInterrupt:
        announce()
        raise SystemExit(ExitCode.INTERRUPTED) from None
    except ClaimcheckError as err:  # standard output closed under --help, --version, rules
        say("error", str(err))
        raise SystemExit(ExitCode.ERROR) from None
    except BaseException:
        if interrupted():  # a library turned the KeyboardInterrupt into an error of its own
            announce()
            raise SystemExit(ExitCode.INTERRUPTED) from None
        raise
