"""What each module of the package imports, read from its source (``ast``), never run.

Two rules (docs/contributing.md, "The flow"):

- **Public APIs only.** No module imports a private module or name of another package (a
  dotted part that starts with ``_``: ``_sre``, ``re._parser``, ``pydantic._internal``,
  ``from typer import _click``), reads or writes a private attribute of a module it imported
  (``re._compiler``), or plants a module in ``sys.modules``. The one exception is a name the
  library documents as public despite its underscore (``os._exit``).
- **One direction.** Each module sits in a layer, from the values every stage shares up to
  the command line; no module imports one from a layer above its own. Imports inside
  functions and under ``if TYPE_CHECKING:`` count too, except the type-only imports of the
  package's ``__init__``, which names the Python API (loaded on first use, PEP 562) for type
  checkers.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "claimcheck"

# Names with an underscore that their library documents as public.
DOCUMENTED = {
    "os._exit": "https://docs.python.org/3/library/os.html#os._exit",
}

# The layers, lowest first: a module belongs to the layer of the longest prefix that names it
# (``claimcheck.sources.reading`` before ``claimcheck.sources``). A new module under a listed
# package needs no line here; a new top-level module does, or the test says it is unplaced.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "shared values",
        ("claimcheck", "claimcheck.errors", "claimcheck.bounds", "claimcheck.defaults",
         "claimcheck.severity", "claimcheck.signals", "claimcheck.tomlfile",
         "claimcheck.output_format"),
    ),
    (
        "domain data and physics",
        ("claimcheck.settings", "claimcheck.claim", "claimcheck.documents",
         "claimcheck.sources.reading", "claimcheck.catalog", "claimcheck.implied",
         "claimcheck.precision", "claimcheck.rounding", "claimcheck.physics", "claimcheck.curve"),
    ),
    ("reading", ("claimcheck.extract", "claimcheck.record", "claimcheck.sources",
                 "claimcheck.result_cache")),
    (
        "judging",
        ("claimcheck.resolve", "claimcheck.restate", "claimcheck.vendor_fit",
         "claimcheck.analysis", "claimcheck.reference", "claimcheck.prepare", "claimcheck.rules",
         "claimcheck.judge", "claimcheck.report", "claimcheck.suppress", "claimcheck.batch",
         "claimcheck.audit", "claimcheck.baseline", "claimcheck.buffer"),
    ),
    ("configuration", ("claimcheck.config", "claimcheck.options", "claimcheck.schemas")),
    ("formats", ("claimcheck.formats",)),
    ("python api", ("claimcheck.api",)),
    ("services", ("claimcheck.crawl", "claimcheck.server")),
    ("command line", ("claimcheck.commands", "claimcheck.cli", "claimcheck.__main__")),
]  # fmt: skip


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int | None:
    """The index in ``LAYERS`` of ``module``'s layer, or ``None`` when no prefix names it."""
    best: tuple[int, int] | None = None  # (prefix length, layer)
    for index, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            named = module == prefix or (prefix != "claimcheck" and module.startswith(prefix + "."))
            if named and (best is None or len(prefix) > best[0]):
                best = (len(prefix), index)
    return None if best is None else best[1]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


# Modules whose ``if TYPE_CHECKING:`` imports are not counted.
TYPE_ONLY_EXEMPT = {"claimcheck"}


def _walk(node: ast.AST, *, type_only: bool) -> Iterator[ast.AST]:
    """Every node under ``node``; without ``type_only``, not the bodies of ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if not type_only and isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield other
                yield from _walk(other, type_only=type_only)
            continue
        yield child
        yield from _walk(child, type_only=type_only)


def imports(module: str) -> Iterator[tuple[int, str, str | None]]:
    """``(line, module imported, name imported from it or None)`` for each import."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in _walk(tree, type_only=module not in TYPE_ONLY_EXEMPT):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                yield node.lineno, source, alias.name


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _ours(module: str) -> bool:
    return module == "claimcheck" or module.startswith("claimcheck.")


_FILLS = {"sys.modules.setdefault", "sys.modules.update", "sys.modules.__setitem__"}


def private_uses(module: str) -> Iterator[str]:
    """Each private module, name or attribute of another package that ``module`` uses."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}  # a name bound to another package's module → that module
    for line, source, name in imports(module):
        if _ours(source) or source == "__future__":
            continue
        if any(_private(part) for part in source.split(".")):
            yield f"{module}:{line}: imports the private module {source}"
        elif name is not None and _private(name) and f"{source}.{name}" not in DOCUMENTED:
            yield f"{module}:{line}: imports the private name {source}.{name}"
        if name is None:
            aliases[source.split(".")[0]] = source.split(".")[0]
    for node in ast.walk(tree):
        for alias in getattr(node, "names", None) or ():
            if isinstance(node, ast.Import) and alias.asname and not _ours(alias.name):
                aliases[alias.asname] = alias.name
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and _private(node.attr)
            and f"{aliases[node.value.id]}.{node.attr}" not in DOCUMENTED
        ):
            where = f"{aliases[node.value.id]}.{node.attr}"
            yield f"{module}:{node.lineno}: uses the private attribute {where}"
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.ctx, ast.Store)
            and ast.unparse(node.value) == "sys.modules"
        ) or (isinstance(node, ast.Call) and ast.unparse(node.func) in _FILLS):
            yield f"{module}:{node.lineno}: plants a module in sys.modules"


def upward_imports(module: str) -> Iterator[str]:
    """Each import of ``module`` that names a module of a layer above its own."""
    own = layer_of(module)
    assert own is not None
    for line, source, name in imports(module):
        if not _ours(source):
            continue
        target = f"{source}.{name}" if name and f"{source}.{name}" in MODULES else source
        layer = layer_of(target)
        if layer is not None and layer > own:
            above, below = LAYERS[layer][0], LAYERS[own][0]
            yield f"{module}:{line}: imports {target}, of the {above} layer, from {below} below it"


def test_every_module_is_in_a_layer() -> None:
    assert len(MODULES) > 100
    assert [module for module in MODULES if layer_of(module) is None] == []


def test_every_listed_prefix_names_a_module() -> None:
    prefixes = [prefix for _name, listed in LAYERS for prefix in listed]
    assert len(prefixes) == len(set(prefixes))
    assert [prefix for prefix in prefixes if prefix not in MODULES] == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_public_apis_only(module: str) -> None:
    assert list(private_uses(module)) == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_from_a_layer_above(module: str) -> None:
    assert list(upward_imports(module)) == []


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("import _sre", "imports the private module _sre"),
        ("from re import _parser", "imports the private name re._parser"),
        ("import re._parser", "imports the private module re._parser"),
        ("from pydantic._internal import _model_construction", "private module pydantic._internal"),
        ("import re\nre._compiler.compile", "uses the private attribute re._compiler"),
        ("import typer as t\nt._click", "uses the private attribute typer._click"),
        ("import sys\nsys.modules['pydantic.plugin._loader'] = object()", "plants a module"),
        ("import sys\nsys.modules.setdefault('pydantic', object())", "plants a module"),
    ],
)
def test_a_private_use_is_found(
    source: str, found: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "planted.py"
    path.write_text(source + "\n", encoding="utf-8")
    monkeypatch.setitem(MODULES, "claimcheck.planted", path)
    problems = list(private_uses("claimcheck.planted"))
    assert len(problems) == 1 and found in problems[0], problems


def test_a_documented_name_passes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "planted.py"
    path.write_text("import os\nos._exit(0)\nos.__name__\n", encoding="utf-8")
    monkeypatch.setitem(MODULES, "claimcheck.planted", path)
    assert list(private_uses("claimcheck.planted")) == []


@pytest.mark.parametrize(
    "source",
    [
        "def f():\n    from claimcheck.formats import OutputFormat\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from claimcheck import formats\n",
    ],
)
def test_an_import_from_above_is_found(
    source: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "planted.py"
    path.write_text(source, encoding="utf-8")
    monkeypatch.setitem(MODULES, "claimcheck.config", path)
    (problem,) = upward_imports("claimcheck.config")
    assert (
        "imports claimcheck.formats, of the formats layer, from configuration below it" in problem
    )
