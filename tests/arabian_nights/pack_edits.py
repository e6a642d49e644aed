"""Helpers for pack tests: copy the mini fixture and change one thing in it."""

from __future__ import annotations

import shutil
from pathlib import Path

MINI = Path(__file__).resolve().parent / "fixtures" / "mini"


def copy_mini(folder: Path) -> Path:
    """A fresh copy of the mini fixture pack inside ``folder``."""
    pack = folder / "mini"
    shutil.copytree(MINI, pack)
    return pack


def edit(pack: Path, file: str, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``file`` of ``pack`` by ``new``."""
    path = pack / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(pack: Path, file: str, needle: str) -> int:
    """The number of the only line of ``file`` containing ``needle``."""
    lines = (pack / file).read_text(encoding="utf-8").splitlines()
    found = [number for number, line in enumerate(lines, start=1) if needle in line]
    assert len(found) == 1, f"{needle!r} is on lines {found} of {file}"
    return found[0]
