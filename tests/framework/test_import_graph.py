"""Data flows one way: no game imports the voice layer, no voice module imports the session.

The import graph is read from the source with :mod:`ast`: every ``import`` counts, also
those inside functions (a lazy import is still a dependency), and a module may not
reach a forbidden package through other modules at import time either.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

import companion

ROOT = Path(companion.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def imported_names(tree: ast.AST, module: str, top_level_only: bool) -> set[str]:
    """Absolute names of the modules imported in ``tree`` (``from x import y`` gives
    ``x.y`` when that is a module of ours, else ``x``)."""
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            names |= {f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                      for a in node.names}  # fmt: skip
    return names


@cache
def direct_imports(module: str, top_level_only: bool) -> frozenset[str]:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    return frozenset(imported_names(tree, module, top_level_only))


def loaded_on_import(module: str) -> set[str]:
    """Every module of ours that importing ``module`` loads (module-level imports,
    followed through our own modules and their parent packages)."""
    seen, todo = set(), [module]
    while todo:
        name = todo.pop()
        if name in seen or name not in MODULES:
            continue
        seen.add(name)
        parents = [name.rsplit(".", depth)[0] for depth in range(1, name.count(".") + 1)]
        todo += [*direct_imports(name, top_level_only=True), *parents]
    return seen


def reaches(imports: set[str] | frozenset[str], package: str) -> list[str]:
    return sorted(name for name in imports if name == package or name.startswith(package + "."))


GAMES = [name for name in MODULES if name.startswith("companion.games.")]
VOICE = [name for name in MODULES if name.startswith("companion.voice.")]


@pytest.mark.parametrize("module", GAMES)
def test_no_game_imports_the_voice_layer(module):
    assert reaches(direct_imports(module, top_level_only=False), "companion.voice") == []
    assert reaches(loaded_on_import(module), "companion.voice") == []


@pytest.mark.parametrize("module", VOICE)
def test_no_voice_module_imports_the_session(module):
    assert reaches(direct_imports(module, top_level_only=False), "companion.session") == []
    assert reaches(loaded_on_import(module), "companion.session") == []


def test_the_graph_reader_sees_imports_of_every_kind():
    """The checks above would pass vacuously if imports were not found."""
    assert "companion.voice.audio" in direct_imports("companion.voice.io", True)
    lazy = direct_imports("companion.play", top_level_only=False)
    assert "companion.voice.telling" in lazy
    assert "companion.voice.telling" not in direct_imports("companion.play", True)
    assert "companion.session" in loaded_on_import("companion.play")
    relative = imported_names(
        ast.parse("from .audio import RATE\nfrom .. import hearing"), "companion.voice.io", False
    )
    assert relative == {"companion.voice.audio", "companion.hearing"}
