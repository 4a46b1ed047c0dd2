"""Sentences that start with "-" on the command line.

A claim copied from a Markdown list ("- 27x faster TTFT with prefix caching") or a reduction
("-67 % TTFT") starts with "-", which Click reads as an option (POSIX utility syntax,
https://pubs.opengroup.org/onlinepubs/9699919799/basedefs/V1_chap12.html, guideline 10: "--"
ends the options). An argument that starts with "-", holds a space and cannot be an option of
the command is text: it is moved after "--", where Click reads it as an input. One without a
space that is no option is "no such option", with a clause saying how to pass a sentence.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

HINT = 'to audit a sentence that starts with "-", pass it with -t "…" or after --: claimcheck check -- "- 27x …"'
"""What "no such option" adds when the argument may be a sentence."""


@dataclass(frozen=True)
class OptionNames:
    """A command's option names: those that take a value and those that do not."""

    valued: frozenset[str]
    flags: frozenset[str]

    def known(self, name: str) -> bool:
        return name in self.valued or name in self.flags


def _is_option(argument: str, names: OptionNames) -> bool:
    """Whether Click would read ``argument`` as one of ``names``: ``--name``, ``--name=value``,
    ``-x`` or ``-xVALUE`` (a short option with its value attached)."""
    if argument.startswith("--"):
        return names.known(argument.split("=", 1)[0])
    return names.known(argument[:2])


def may_be_sentence(argument: str) -> bool:
    """An argument that starts with "-" and is not shaped like an option name."""
    if not argument.startswith("-") or argument in {"-", "--"}:
        return False
    name = argument.lstrip("-").split("=", 1)[0]
    return not name[:1].isalpha() or any(ch.isspace() for ch in name)


def arranged(arguments: Iterable[str], names: OptionNames) -> tuple[list[str], str | None]:
    """``arguments`` with each sentence that starts with "-" moved after "--", and the first
    argument left before "--" that may be a sentence and is no option (``None`` if none).

    The value of an option that takes one is left where it is ("-t '- 27x …'" already reads),
    and so is everything after an existing "--". Arguments keep their order among themselves.
    """
    before: list[str] = []
    moved: list[str] = []
    unknown: str | None = None
    rest = list(arguments)
    index = 0
    while index < len(rest):
        argument = rest[index]
        if argument == "--":
            return [*before, "--", *moved, *rest[index + 1 :]], unknown
        if not argument.startswith("-") or argument == "-":
            before.append(argument)
        elif _is_option(argument, names):
            before.append(argument)
            if argument in names.valued and index + 1 < len(rest):  # "--text X", not "--text=X"
                index += 1
                before.append(rest[index])
        elif any(ch.isspace() for ch in argument):
            moved.append(argument)
        else:
            before.append(argument)  # Click reports it, with HINT when it may be a sentence
            if unknown is None and may_be_sentence(argument):
                unknown = argument
        index += 1
    return [*before, *(["--", *moved] if moved else [])], unknown


def option_names(params: Iterable[object]) -> OptionNames:
    """The option names of a Click command's parameters (their public ``opts``,
    ``secondary_opts``, ``is_flag`` and ``count``)."""
    valued: set[str] = set()
    flags: set[str] = set()
    for param in params:
        if getattr(param, "param_type_name", "") != "option":
            continue
        names = [*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ())]
        plain = getattr(param, "is_flag", False) or getattr(param, "count", False)
        (flags if plain else valued).update(names)
    return OptionNames(frozenset(valued), frozenset(flags))
