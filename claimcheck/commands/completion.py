"""Shell completion: installing it for a named shell, and the values it offers.

``--install-completion zsh`` installs completion for zsh, ``--show-completion fish`` prints
fish's script; without a shell, the shell claimcheck runs in (Typer's own flags take no shell
name while they can detect one, and would install for the detected shell whatever was named).
The scripts and the files they go to are Typer's (``typer.completion``).

The values offered: catalog model ids and aliases for ``--model``, GPU ids, aliases and system
names for ``--gpu``, tier ids, aliases and kinds for ``--tier`` (from the ``--catalog`` file
given before them, merged into the built-in catalog), rule codes and names for ``--select``,
``--ignore``, ``--extend-select`` and ``claimcheck rule`` (a choice's values are offered by
``shared_options.completion``). A name with spaces is offered with hyphens ("DGX-H100"),
which names the same entry. Nothing here loads the catalog or the rules until a shell asks
for a completion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from claimcheck.errors import UsageError, did_you_mean

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")
INSTALL = "--install-completion"
SHOW = "--show-completion"
OPTIONS = (INSTALL, SHOW)

Offered = list[tuple[str, str]]


def requested(arguments: Sequence[str], commands: Iterable[str]) -> tuple[str, str | None] | None:
    """``(option, shell)`` when the command line, before its command, asks to install or show
    completion (``shell`` is ``None`` when none is named), else ``None``. A shell is the word
    after the option (``--install-completion zsh``) or after ``=``; a command name there is
    the command, not a shell."""
    names = set(commands)
    for index, argument in enumerate(arguments):
        if argument == "--" or not argument.startswith("-"):
            return None
        option, equals, value = argument.partition("=")
        if option not in OPTIONS:
            continue
        if equals:
            return option, value
        following = arguments[index + 1] if index + 1 < len(arguments) else None
        if following is None or following.startswith("-") or following in names:
            return option, None
        return option, following
    return None


def detected_shell() -> str | None:
    """The shell claimcheck runs in, from its parent processes, or ``None``
    (https://github.com/sarugaku/shellingham)."""
    import shellingham  # type: ignore[import-untyped]  # Typer's dependency; no type hints

    try:
        name, _command = shellingham.detect_shell()
    except shellingham.ShellDetectionFailure:
        return None
    return str(name).lower()


def serve(option: str, shell: str | None, prog_name: str) -> None:
    """Install completion for ``shell`` (``--install-completion``) or print its script
    (``--show-completion``), then end the run (``typer.Exit``); ``UsageError`` for a shell
    that cannot be told or is not supported."""
    chosen = shell if shell is not None else detected_shell()
    if chosen is None:
        raise UsageError(
            f"{option}: cannot tell which shell this is; name it: {option} bash, zsh or fish"
        )
    word = chosen.strip().lower()
    if word not in SHELLS:
        raise UsageError(
            f"{option}: expected one of {', '.join(SHELLS)}, got {chosen!r}"
            f"{did_you_mean(word, SHELLS)}"
        )
    # What Typer's own --show-completion and --install-completion call, given the shell.
    from typer import completion as typer_completion

    if option == SHOW:
        variable = "_{}_COMPLETE".format(prog_name.replace("-", "_").upper())
        script = typer_completion.get_completion_script(  # type: ignore[attr-defined]
            prog_name=prog_name, complete_var=variable, shell=word
        )
        print(script)
        raise typer.Exit(0)
    try:
        installed, path = typer_completion.install(shell=word, prog_name=prog_name)  # type: ignore[attr-defined]
    except OSError as err:
        from claimcheck.commands import system_error

        raise UsageError(f"cannot install completion: {system_error(err) or err}") from None
    print(f"{installed} completion installed in {path}")
    print("Completion will take effect once you restart the terminal")
    raise typer.Exit(0)


def models(ctx: typer.Context, incomplete: str) -> Offered:
    """Model ids and aliases."""
    catalog = _catalog(ctx)
    if catalog is None:
        return []
    from claimcheck.catalog.lookup import model_key

    named = [(name, model.name) for model in catalog.models for name in (model.id, *model.aliases)]
    return _offered(incomplete, named, model_key)


def gpus(ctx: typer.Context, incomplete: str) -> Offered:
    """GPU ids, aliases and system names ("DGX-H100")."""
    catalog = _catalog(ctx)
    if catalog is None:
        return []
    from claimcheck.catalog.lookup import gpu_key

    named = [(name, gpu.name) for gpu in catalog.gpus for name in (gpu.id, *gpu.aliases)]
    named += [
        (system, f"{count} × {gpu.name}")
        for gpu in catalog.gpus
        for system, count in gpu.systems.items()
    ]
    return _offered(incomplete, named, gpu_key)


def tiers(ctx: typer.Context, incomplete: str) -> Offered:
    """Tier kinds (each names its default tier), then tier ids and aliases."""
    catalog = _catalog(ctx)
    if catalog is None:
        return []
    from claimcheck.catalog import TIER_KINDS
    from claimcheck.catalog.lookup import tier_key

    named: list[tuple[str, str]] = [
        (kind, f"the default {kind} tier: {tier.name}")
        for kind in TIER_KINDS
        if (tier := catalog.default_tier(kind)) is not None
    ]
    named += [(name, tier.name) for tier in catalog.tiers for name in (tier.id, *tier.aliases)]
    return _offered(incomplete, named, tier_key)


def selected_rules(incomplete: str) -> Offered:
    """``ALL``, rule codes and rule names, after the commas of a list (``KV101,KV2``)."""
    return _rules(incomplete, every=True)


def ignored_rules(incomplete: str) -> Offered:
    """Rule codes and names, after the commas of a list (``ALL`` would leave no rule)."""
    return _rules(incomplete, every=False)


def rule(incomplete: str) -> Offered:
    """One rule code or name (``claimcheck rule``)."""
    from claimcheck.rules import RULES

    named = [(r.code, r.summary) for r in RULES] + [(r.name, r.summary) for r in RULES]
    return _offered(incomplete, named, str.lower)


def _rules(incomplete: str, *, every: bool) -> Offered:
    from claimcheck.rules import RULES

    done, comma, typed = incomplete.rpartition(",")
    named = [("ALL", "every rule")] if every else []
    named += [(r.code, r.summary) for r in RULES] + [(r.name, r.summary) for r in RULES]
    return [(done + comma + word, help) for word, help in _offered(typed, named, str.lower)]


def _offered(
    incomplete: str, named: Iterable[tuple[str, str]], key: Callable[[str], str]
) -> Offered:
    """The names that start with ``incomplete`` in any case, one per entry name among them
    (``key``: the catalog's lookup key); spaces become hyphens. A name is offered as written,
    or, when only its case differs from what was typed, from what was typed on: in lower case
    after lower case ("dgx" → "dgx-h100"). Every lookup ignores case."""
    seen: set[str] = set()
    offered: Offered = []
    typed = incomplete.lower()
    for name, help in named:
        word = "-".join(name.split())
        if not word.lower().startswith(typed) or key(word) in seen:
            continue
        seen.add(key(word))
        if not word.startswith(incomplete):
            rest = word[len(incomplete) :]
            word = incomplete + (rest.lower() if incomplete == typed else rest)
        offered.append((word, _plain(help)))
    return offered


def _plain(help: str) -> str:
    """A description as Rich markup (Typer renders it for zsh and fish): brackets are text."""
    from rich.markup import escape

    return escape(help)


def _catalog(ctx: typer.Context) -> Catalog | None:
    """The catalog, merged with the ``--catalog`` file given on the command line so far; the
    built-in one when that file cannot be read, ``None`` when neither can be."""
    from claimcheck.catalog import builtin_catalog, load_catalog
    from claimcheck.errors import ClaimcheckError

    given: Any = ctx.params.get("catalog") or ctx.params.get("catalog_file")
    try:
        if isinstance(given, str | Path):
            try:
                return load_catalog(Path(given))
            except ClaimcheckError:
                pass
        return builtin_catalog()
    except Exception:  # a completion never prints an error into the command line being typed
        return None
