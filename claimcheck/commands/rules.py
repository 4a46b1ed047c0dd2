"""``claimcheck rules`` and ``claimcheck rule CODE``: the rule list, and one rule explained
(its docstring: docs/rules.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from claimcheck.commands import fail
from claimcheck.commands.shared_options import complete_rule
from claimcheck.errors import ClaimcheckError


def list_rules() -> None:
    """List every rule: code, name, default severity, summary."""
    from claimcheck.rules import RULES

    for rule in RULES:
        print(f"{rule.code}  {rule.name:<22} {rule.severity.value:<8} {rule.summary}")


def explain_rule(
    code: Annotated[
        str,
        typer.Argument(
            metavar="CODE",
            autocompletion=complete_rule,
            help="A rule code (KV101) or name (prefill-only).",
        ),
    ],
) -> None:
    """Explain one rule: what it flags, why, and an example that flags and one that does not."""
    import inspect

    from claimcheck.rules import get

    try:
        rule = get(code)
    except ClaimcheckError as err:
        fail(err.message)
    print(f"{rule.code} {rule.name} (default severity: {rule.severity.value})\n")
    print(inspect.cleandoc(rule.doc))
