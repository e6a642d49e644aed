"""The synthetic book generator writes a valid pack, the same for the same seed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion.games.arabian_nights.content.loader import load_pack, unreachable_paragraphs

GENERATOR = Path(__file__).resolve().parents[2] / "scripts" / "make-synthetic-book"


def generate(folder: Path, seed: int, paragraphs: int) -> Path:
    command = [sys.executable, str(GENERATOR), str(folder), "--seed", str(seed)]
    subprocess.run([*command, "--paragraphs", str(paragraphs)], check=True, capture_output=True)
    return folder


def test_a_generated_book_is_valid_and_fully_reachable(tmp_path: Path) -> None:
    pack = load_pack(generate(tmp_path / "book", seed=5, paragraphs=600))
    assert len(pack.matrices) == 15
    assert len(pack.charts) == 60 and len(pack.places) == 10
    assert 500 <= len(pack.paragraphs) + len(pack.charts) <= 700
    assert unreachable_paragraphs(pack) == []


def test_the_same_seed_gives_the_same_book(tmp_path: Path) -> None:
    first = generate(tmp_path / "first", seed=9, paragraphs=400)
    second = generate(tmp_path / "second", seed=9, paragraphs=400)
    for name in ("world.txt", "matrices.txt", "cards.txt", "book.txt"):
        assert (first / name).read_text() == (second / name).read_text()
