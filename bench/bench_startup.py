"""Start-up: a one-liner ``check --format json`` and ``--version`` against an empty Typer app
that declares the same options as ``claimcheck check`` (built here from that command's
signature, so it follows every option added or removed) and against the bare import of typer,
rich and pydantic; medians of interleaved runs, as ratios measured in the same run.

    python bench/bench_startup.py [--runs 15]

The empty app parses the same command line and does nothing: Typer's own cost of declaring
and parsing those options is the floor a command line on this stack cannot go below. Its
interpreter's shutdown walks every object the imports made, which claimcheck skips by freezing
them when its command line is done (``claimcheck/__main__.py``); the same app frozen at exit
is timed beside it, so that both comparisons are in view.

Every case runs from cached byte code, as an installed package does (pip compiles a wheel's
modules when it installs them): the children write their byte code under a temporary folder
in the warm-up run, even when ``PYTHONDONTWRITEBYTECODE`` is set here, so no case pays for
compiling its own source on every start.
"""

from __future__ import annotations

import argparse
import enum
import inspect
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import typing
from pathlib import Path

from children import timed

SENTENCE = (
    "Recomputing a 112K-token context takes 57 seconds; loading its KV cache takes "
    "2.1 seconds: 27x faster TTFT."
)


def _type_source(annotation: object, enums: dict[str, str]) -> str:
    """``annotation`` as source text; an enum is copied under a plain name."""
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        name = f"E{len(enums)}_{annotation.__name__}"
        members = ", ".join(f"{m.name}={m.value!r}" for m in annotation)
        enums.setdefault(
            annotation.__name__, f"{name} = enum.Enum({name!r}, dict({members}), type=str)"
        )
        return enums[annotation.__name__].split(" = ", 1)[0]
    if annotation is type(None):
        return "None"
    origin = typing.get_origin(annotation)
    if origin is typing.Union or type(annotation).__name__ == "UnionType":
        return " | ".join(_type_source(a, enums) for a in typing.get_args(annotation))
    if origin is list:
        return f"list[{_type_source(typing.get_args(annotation)[0], enums)}]"
    if annotation is Path:
        return "pathlib.Path"
    return getattr(annotation, "__name__", repr(annotation))


def empty_app_source(*, frozen: bool = False) -> str:
    """A Typer app with a ``--version`` callback and a ``check`` command that declares every
    argument and option of ``claimcheck check`` (names, types, defaults, help) and does nothing.
    ``frozen``: once the app is done, it freezes what is left for the shutdown, as claimcheck
    does (``claimcheck/__main__.py``)."""
    from claimcheck import cli

    enums: dict[str, str] = {}
    params = []
    for name, parameter in inspect.signature(cli.check, eval_str=True).parameters.items():
        base, info = typing.get_args(parameter.annotation)[:2]
        kind = "Argument" if type(info).__name__ == "ArgumentInfo" else "Option"
        decls = [info.default] if isinstance(info.default, str) else []
        decls += list(getattr(info, "param_decls", None) or ())
        keywords = {"help": info.help, "show_default": info.show_default}
        arguments = ", ".join([*map(repr, decls), *(f"{k}={v!r}" for k, v in keywords.items())])
        default = parameter.default
        shown = (
            f"{_type_source(type(default), enums)}({default.value!r})"
            if isinstance(default, enum.Enum)
            else repr(default)
        )
        params.append(
            f"    {name}: Annotated[{_type_source(base, enums)}, typer.{kind}({arguments})] = {shown},"
        )
    lines = [
        "import enum, os, pathlib",
        "from typing import Annotated",
        "import typer",
        'os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")',
        *enums.values(),
        "app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)",
        "def _version(value: bool) -> None:",
        "    if value:",
        "        raise typer.Exit()",
        "@app.callback()",
        "def _main(version: Annotated[bool, typer.Option('--version', callback=_version, is_eager=True)] = False) -> None:",
        "    pass",
        "@app.command()",
        "def check(",
        *params,
        ") -> None:",
        "    pass",
        *(
            ["import gc", "try:", "    app()", "finally:", "    gc.freeze()"]
            if frozen
            else ["app()"]
        ),
    ]
    return "\n".join(lines) + "\n"


def instructions(command: list[str], env: dict[str, str]) -> int | None:
    """Instructions one run executes, counted by valgrind's callgrind (``None`` without
    valgrind): unlike time, the count does not move with the machine's load."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    counted = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    done = subprocess.run(counted, capture_output=True, text=True, env=env, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions with valgrind"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty_app.py"
        empty.write_text(empty_app_source(), encoding="utf-8")
        frozen = Path(tmp) / "empty_app_frozen.py"
        frozen.write_text(empty_app_source(frozen=True), encoding="utf-8")
        env = {**os.environ, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        cases = {
            "import typer, rich, pydantic": [sys.executable, "-c", "import typer, rich, pydantic"],
            "empty Typer app, same options": [sys.executable, str(empty), "check", SENTENCE, "--format", "json"],
            "the same, frozen at exit": [sys.executable, str(frozen), "check", SENTENCE, "--format", "json"],
            "claimcheck --version": [sys.executable, "-m", "claimcheck", "--version"],
            "one-liner check --format json": [sys.executable, "-m", "claimcheck", "check", SENTENCE, "--format", "json"],
        }  # fmt: skip
        for command in cases.values():  # warm the file cache and write the byte code
            timed(command, env)
        walls: dict[str, list[float]] = {name: [] for name in cases}
        cpus: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.runs):  # interleaved, so machine noise hits every case alike
            for name, command in cases.items():
                elapsed, cpu = timed(command, env)
                walls[name].append(elapsed)
                cpus[name].append(cpu)
        counts = (
            {name: instructions(command, env) for name, command in cases.items()}
            if args.instructions
            else {}
        )
    print(f"start-up, median of {args.runs} interleaved runs: wall clock, then CPU time")
    for label, timings in (("wall", walls), ("CPU", cpus)):
        floor = statistics.median(timings["empty Typer app, same options"])
        frozen_floor = statistics.median(timings["the same, frozen at exit"])
        bare = statistics.median(timings["import typer, rich, pydantic"])
        for name, values in timings.items():
            median = statistics.median(values)
            print(
                f"  {label:<4} {name:<32} {median * 1000:7.0f} ms   "
                f"{median / floor:5.2f}x the empty app   {median / frozen_floor:5.2f}x it frozen   "
                f"{median / bare:5.2f}x the bare import"
            )

    if counts:
        floor_count = counts["empty Typer app, same options"]
        print("instructions executed (valgrind callgrind, one run each)")
        for name, count in counts.items():
            if count is None or floor_count is None:
                print(f"  {name:<37} valgrind not available")
                continue
            print(f"  {name:<37} {count / 1e6:7.0f} M   {count / floor_count:5.2f}x the empty app")


if __name__ == "__main__":
    main()
