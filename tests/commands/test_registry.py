"""The registry of commands (``claimcheck/cli.py``): each name loads its command, under that
name, through Click's public ``list_commands`` and ``get_command``; every module of
``claimcheck/commands/`` that declares a command is registered."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
import typer

from claimcheck import cli

GROUP: Any = typer.main.get_command(cli.app)
CONTEXT = typer.Context(GROUP)
COMMANDS = Path(cli.__file__).parent / "commands"


def test_the_group_lists_the_registry_in_order() -> None:
    assert GROUP.list_commands(CONTEXT) == list(cli.COMMANDS)
    assert GROUP.get_command(CONTEXT, "no-such-command") is None


@pytest.mark.parametrize("name", list(cli.COMMANDS))
def test_each_name_loads_its_command(name: str) -> None:
    command = GROUP.get_command(CONTEXT, name)
    assert command is not None and command.name == name
    assert GROUP.get_command(CONTEXT, name) is command  # built once


def test_every_command_module_is_registered() -> None:
    registered = {entry.module.rpartition(".")[2] for entry in cli.COMMANDS.values()}
    declared = set()
    for path in COMMANDS.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # A command is a public function with a parameter declared as Annotated[type, option].
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                annotations = [ast.unparse(a.annotation) for a in node.args.args if a.annotation]
                if any(a.startswith("Annotated[") for a in annotations):
                    declared.add(path.stem)
    assert {"check", "breakeven", "catalog", "rules"} <= declared
    assert declared <= registered, declared - registered


def test_a_command_function_is_reachable_by_its_name() -> None:
    from claimcheck.commands.check import check

    assert cli.check is check
    with pytest.raises(AttributeError):
        _ = cli.no_such_name
