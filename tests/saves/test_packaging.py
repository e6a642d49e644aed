"""The built wheel carries every content pack and plays every game from any folder.

The wheel is built offline (no build isolation, no index) with the setuptools of the
running environment, from a fresh copy of the sources (no stale ``build/`` folder). It is
unpacked into a temporary folder put first on PYTHONPATH, so the companion that runs is
the wheel's, not the checkout's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from companion.framework.packs import content_root, pack_location, pack_reference, shipped_pack

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["arabian-nights", "samarande", "scheherazade", "tales-of-arabia"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("wheel", reason="building a wheel offline needs the wheel package")
    source = tmp_path_factory.mktemp("source")
    for name in ("companion", "content", "testkit"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source)
    out = tmp_path_factory.mktemp("wheel")
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    subprocess.run([*build, "--no-index", "-q", "-w", str(out), str(source)], check=True)
    (built,) = out.glob("tales_companion-*.whl")
    return built


@pytest.fixture(scope="module")
def unpacked(wheel, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder)
    return folder


def test_the_wheel_holds_every_content_file(wheel):
    shipped = {
        f"companion/content/{path.relative_to(ROOT / 'content').as_posix()}"
        for path in (ROOT / "content").rglob("*")
        if path.is_file()
    } | {f"companion/web/static/{path.name}" for path in (ROOT / "companion/web/static").iterdir()}
    pages = (ROOT / "companion/session/chronicle").glob("*.html.j2")  # the chronicle's page
    shipped |= {f"companion/session/chronicle/{path.name}" for path in pages}
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert shipped and shipped <= names


def test_the_wheel_holds_no_test_harness(wheel):
    """The tree it was built from has testkit/ beside companion/; the wheel leaves it out."""
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
        names = archive.namelist()
    assert "companion" in tops
    assert [name for name in names if name.startswith("testkit/")] == []
    harness = ("table_game", "short_games", "table_command", "virtual_table", "corpus", "survey")
    assert [name for name in names if Path(name).stem in harness] == []


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_installed_wheel_plays_every_game_from_any_folder(game, unpacked, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(unpacked), "XDG_DATA_HOME": str(tmp_path / "data")}
    where = [sys.executable, "-c", "import companion.framework.packs as p; print(p.content_root())"]
    found = subprocess.run(where, env=env, cwd=elsewhere, capture_output=True, text=True)
    assert found.stdout.strip() == str(unpacked / "companion" / "content")
    save = tmp_path / "game.json"
    command = [sys.executable, "-m", "companion", "play", "--typed", "--game", game]
    played = subprocess.run(
        [*command, "--seed", "3", "--players", "Ali:m,Zoe:f", "--save", str(save)],
        input="status\nsave and quit\nyes\n", env=env, cwd=elsewhere, capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "The game is saved" in played.stdout
    assert str(unpacked) not in save.read_text(encoding="utf-8")
    assert save.with_suffix(".chronicle.html").read_text("utf-8").startswith("<!DOCTYPE html>")


def test_a_save_names_a_shipped_pack_not_its_path():
    assert pack_reference(shipped_pack("demo")) == "shipped:demo"
    assert pack_location("shipped:samarande") == content_root() / "samarande"


def test_a_save_from_a_moved_checkout_finds_the_shipped_pack(tmp_path):
    assert pack_location(str(tmp_path / "old" / "content" / "demo")) == shipped_pack("demo")


def test_a_pack_of_ones_own_is_saved_by_its_absolute_path(tmp_path, monkeypatch):
    (tmp_path / "mine").mkdir()
    monkeypatch.chdir(tmp_path)
    assert pack_reference("mine") == str(tmp_path / "mine")
    assert pack_location(str(tmp_path / "mine")) == tmp_path / "mine"
