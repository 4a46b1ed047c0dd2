"""Click's usage errors in claimcheck's one style: ``claimcheck: error: <what>`` on one line,
with the closest name where there is a list to pick from, exit code 2.

Typer prints Click's errors in a box, in Click's words, and where Typer converts a value with
pydantic, in pydantic's ("Input should be a valid integer, unable to parse string as an
integer"). The top-level group runs the command line with ``standalone_mode=False``
(https://click.palletsprojects.com/en/stable/exceptions/), so that such an error reaches it
unprinted, and words it here. Click's exception classes are told by name, as Typer itself
does (``rich_utils.rich_format_error``): Typer 0.29 carries its own copy of Click, whose
module is private, and earlier versions use Click itself. What is read of an error are Click's
documented attributes (``option_name``, ``param``, ``ctx``, ``message``).
"""

from __future__ import annotations

from typing import Any

from claimcheck.errors import did_you_mean, shown, wanted


def is_click_error(err: BaseException) -> bool:
    """Whether ``err`` is one of Click's exceptions (``ClickException`` or a subclass)."""
    return "ClickException" in _kinds(err)


def shows_help(err: BaseException) -> bool:
    """Whether ``err`` stands for "no arguments: show the help", which Click prints when the
    error is made (Typer's help is printed as it is formatted): nothing is left to say."""
    return "NoArgsIsHelpError" in _kinds(err)


def line(err: BaseException) -> str:
    """The one line that tells what was wrong, without the ``claimcheck: error:`` prefix."""
    kinds = _kinds(err)
    if "NoSuchOption" in kinds:
        name = str(getattr(err, "option_name", "")).split("=", 1)[0]
        return f"no such option: {name}{did_you_mean(name, _option_names(err))}"
    if "MissingParameter" in kinds:
        param = getattr(err, "param", None)
        if param is not None:
            kind = "argument" if _is_argument(param) else "option"
            return f"missing {kind} {display_name(param)}"
    if "BadParameter" in kinds:
        param = getattr(err, "param", None)
        if param is not None:
            return f"{display_name(param)}: {_bad_value(err)}"
    if "BadOptionUsage" in kinds:
        name = str(getattr(err, "option_name", ""))
        message = str(getattr(err, "message", ""))
        if name and "requires" in message and "argument" in message:
            return f"{name}: expected a value"
        if name and "does not take a value" in message:
            return f"{name}: takes no value"
    return sentence(str(getattr(err, "message", err)))


def display_name(param: Any) -> str:
    """How a message names a parameter: an option by its long name, an argument by its
    metavar (``--gpus``, ``CODE``)."""
    if _is_argument(param):
        return str(param.metavar or str(param.name).upper())
    names = [name for name in param.opts if name.startswith("--")] or list(param.opts)
    return str(names[0])


def sentence(message: str) -> str:
    """Click's sentence as a clause of one line: lines joined, no full stop, lower case
    unless the first word is a name (``No such command`` → ``no such command``)."""
    text = "; ".join(part.strip() for part in message.strip().splitlines() if part.strip())
    text = text.removesuffix(".")
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        text = text[0].lower() + text[1:]
    return text


def _bad_value(err: BaseException) -> str:
    """What was wrong with a value: from pydantic's error when Typer converted the value with
    it (the error's ``__cause__``), in claimcheck's words; else Click's own sentence."""
    cause = err.__cause__
    errors = getattr(cause, "errors", None)
    if callable(errors):
        details = errors()
        if details:
            detail = details[0]
            what = wanted(str(detail.get("type")), detail.get("ctx")) or "a valid value"
            return f"expected {what}, got {shown(detail.get('input'))}"
    return sentence(str(getattr(err, "message", err)))


def _option_names(err: BaseException) -> list[str]:
    """The option names ``--help`` shows of the command that refused an option (for the
    closest one)."""
    from claimcheck.commands.help_layout import UNSHOWN_NAMES

    ctx = getattr(err, "ctx", None)
    if ctx is None:
        return [str(name) for name in getattr(err, "possibilities", None) or ()]
    names: list[str] = []
    for param in ctx.command.get_params(ctx):
        if not _is_argument(param) and not getattr(param, "hidden", False):
            names.extend([*param.opts, *param.secondary_opts])
    return [name for name in names if name not in UNSHOWN_NAMES]


def _is_argument(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "argument"


def _kinds(err: BaseException) -> set[str]:
    return {kind.__name__ for kind in type(err).__mro__}
