"""Data flows one way, and each package says which layer it is (issue 25).

* ``companion.framework`` (what a game codes against) imports nothing else of ``companion``;
* ``companion.games`` import only the framework (and their own package);
* inside a game, data flows one way too: ``content`` imports nothing else of its game,
  ``rules`` only ``content``, the views (``speech``, ``table_view``, the maps) neither the
  ``dialogue`` nor ``game``; no game imports another;
* ``companion.session`` imports the framework and the games registry (``companion.games``);
* ``companion.voice`` and ``companion.web`` import the framework and ``companion.session.ports``
  (web also the book import);
* ``companion.book_import`` imports the framework and the games;
* ``companion.cli`` may import anything of ``companion``;
* nothing in ``companion`` imports ``testkit`` (the test harness outside the wheel).

The import graph is read from the source with :mod:`ast`: every ``import`` counts, also
those inside functions (a lazy import is still a dependency), and a module may not reach a
forbidden package through other modules at import time either.
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


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def reaches(imports: set[str] | frozenset[str], package: str) -> list[str]:
    return sorted(name for name in imports if within(name, package))


FRAMEWORK = ("companion.framework",)
LAYERS: dict[str, tuple[str, ...]] = {
    "companion.framework": FRAMEWORK,
    "companion.games": (*FRAMEWORK, "companion.games"),
    "companion.session": (*FRAMEWORK, "companion.session"),
    "companion.voice": (*FRAMEWORK, "companion.session.ports", "companion.voice"),
    "companion.web": (
        *FRAMEWORK,
        "companion.session.ports",
        "companion.book_import",
        "companion.web",
    ),
    "companion.book_import": (*FRAMEWORK, "companion.games", "companion.book_import"),
    "companion.cli": ("companion",),
}
"""What each package may import of ours (besides the registry rule below)."""
REGISTRY = "companion.games"
"""The session may use the games registry, not a game's own modules."""


def layer_of(module: str) -> str | None:
    return next((layer for layer in LAYERS if within(module, layer)), None)


def forbidden(module: str, imports: frozenset[str] | None = None) -> list[str]:
    """What ``module`` imports (by default: what its source imports) that its layer may not."""
    layer = layer_of(module)
    allowed = LAYERS[layer]
    imports = direct_imports(module, top_level_only=False) if imports is None else imports
    ours = [name for name in imports if within(name, "companion") or within(name, "testkit")]
    bad = [name for name in ours if not any(within(name, package) for package in allowed)]
    if layer == "companion.session":
        bad = [name for name in bad if name != REGISTRY]
    return sorted(bad)


LAYERED = [name for name in MODULES if layer_of(name)]

GAME_LAYERS: dict[str, tuple[str, ...]] = {
    "content": ("content",),
    "rules": ("content", "rules"),
    "dialogue": ("content", "rules", "dialogue", "speech", "table_view", "board_map",
                 "map_layout", "track_map"),
    "game": ("dialogue", "game"),
}  # fmt: skip
"""Inside a game: what each part may import of its own game. A part not named (``speech``,
``table_view``, the maps) may import anything of its game but ``dialogue`` and ``game``."""
VIEW = ("content", "rules", "speech", "table_view", "board_map", "map_layout", "track_map")


def game_part(module: str) -> tuple[str, str] | None:
    """``(game, part)`` of a module inside a game (``("samarande", "rules")``), else None."""
    parts = module.split(".")
    if parts[:2] != ["companion", "games"] or len(parts) < 4:
        return None
    return parts[2], parts[3]


def forbidden_in_game(module: str, imports: frozenset[str] | None = None) -> list[str]:
    """What ``module``, a part of a game, imports of its own game against the flow (content
    -> rules -> speech and views -> dialogue -> game), or of another game."""
    game, part = game_part(module)
    allowed = GAME_LAYERS.get(part, VIEW)
    imports = direct_imports(module, top_level_only=False) if imports is None else imports
    bad = []
    for name in imports:
        other = game_part(name)
        if other is not None and (other[0] != game or other[1] not in allowed):
            bad.append(name)
    return sorted(bad)


GAME_MODULES = [name for name in MODULES if game_part(name)]


def test_every_module_belongs_to_a_layer():
    """Only the package itself and ``python -m companion`` stand outside the packages."""
    assert sorted(set(MODULES) - set(LAYERED)) == ["companion", "companion.__main__"]


@pytest.mark.parametrize("module", LAYERED)
def test_each_module_imports_only_what_its_layer_may(module):
    assert forbidden(module) == []


@pytest.mark.parametrize("module", GAME_MODULES)
def test_inside_a_game_data_flows_from_content_to_rules_to_dialogue(module):
    assert forbidden_in_game(module) == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_nothing_in_companion_imports_the_test_harness(module):
    assert reaches(direct_imports(module, top_level_only=False), "testkit") == []


GAMES = [name for name in MODULES if name.startswith("companion.games.")]
VOICE_AND_WEB = [name for name in MODULES if layer_of(name) in ("companion.voice", "companion.web")]


@pytest.mark.parametrize("module", GAMES)
def test_no_game_loads_the_voice_layer_or_the_session(module):
    loaded = loaded_on_import(module)
    assert reaches(loaded, "companion.voice") == reaches(loaded, "companion.session") == []


@pytest.mark.parametrize("module", VOICE_AND_WEB)
def test_voice_and_web_load_no_session_loop_no_game_and_no_command_line(module):
    loaded = loaded_on_import(module)
    session = [name for name in reaches(loaded, "companion.session")
               if name not in ("companion.session", "companion.session.ports")]  # fmt: skip
    games = [name for name in reaches(loaded, "companion.games") if name != REGISTRY]
    assert session == games == reaches(loaded, "companion.cli") == []


def test_the_graph_reader_sees_imports_of_every_kind():
    """The checks above would pass vacuously if imports were not found."""
    assert "companion.voice.audio" in direct_imports("companion.voice.io", True)
    lazy = direct_imports("companion.cli.play", top_level_only=False)
    assert "companion.cli.listeners" in lazy
    assert "companion.cli.listeners" not in direct_imports("companion.cli.play", True)
    assert "companion.session.loop" in loaded_on_import("companion.cli.play")
    relative = imported_names(
        ast.parse("from .audio import RATE\nfrom .. import session"), "companion.voice.io", False
    )
    assert relative == {"companion.voice.audio", "companion.session"}


def test_the_rules_see_a_forbidden_import():
    """What the issue found would be caught: voice importing the session's asking and a game,
    a game importing the command line, anything importing the test harness."""
    voice = frozenset(
        {"companion.session.understanding", "companion.games.arabian_nights.content.pack"}
    )
    assert forbidden("companion.voice.io", voice) == sorted(voice)
    game = frozenset({"companion.cli", "companion.framework.kit", "testkit.table_game"})
    assert forbidden("companion.games.scheherazade.rules.sultan", game) == [
        "companion.cli",
        "testkit.table_game",
    ]
    session = frozenset({"companion.games", "companion.games.samarande.rules"})
    assert forbidden("companion.session.loop", session) == ["companion.games.samarande.rules"]
    assert forbidden("companion.cli.play", frozenset({"companion.voice.io"})) == []
    reader = "companion.games.arabian_nights"
    effects = f"{reader}.rules.card_effects"
    content = frozenset({effects, f"{reader}.content.pack"})
    assert forbidden_in_game(f"{reader}.content.loader", content) == [effects]
    rules = frozenset({f"{reader}.speech", f"{reader}.dialogue.state", f"{reader}.content.pack"})
    assert forbidden_in_game(f"{reader}.rules.award", rules) == [
        f"{reader}.dialogue.state",
        f"{reader}.speech",
    ]
    other = frozenset({"companion.games.samarande.content.catalogue"})
    assert forbidden_in_game("companion.games.scheherazade.dialogue", other) == sorted(other)
    samarande = "companion.games.samarande"
    view = frozenset({f"{samarande}.dialogue.state", f"{samarande}.rules"})
    assert forbidden_in_game(f"{samarande}.table_view", view) == [f"{samarande}.dialogue.state"]
