"""Our own words only: no run of eight words of a rulebook in /work/shared/seeds/ appears in
the project's content packs or documentation (issue 27).

The rulebooks are not part of the repository; the test skips when ``../shared/seeds`` (next
to the worktree) is absent. Words are compared in lower case, without punctuation, so a
sentence copied with other commas or capitals is still found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 8
"""Words in a run: long enough that common phrases ("at the end of the game") never count."""
CHECKED = ("content", "docs")
TERMS = (
    # An instruction the content format carries out word for word (docs/content-format.md).
    "you may lose one status of your choice",
    # A rules term of turn order, not prose.
    "the player to the left of the active player",
    # The rulebook's section titles, cited where a decision refers to them.
    "statuses wealth selling treasures death game end answers to common questions",
    # Names of Samarande's cards, given in both languages (docs/samarande.md).
    "desert horsemen cavaliers du désert and bedouins hommes du désert",
)
"""Terms of the games that the project must name as the rulebooks do: runs inside them are
not copied prose."""
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def words(text: str) -> list[str]:
    """The words of ``text`` in lower case, apostrophes kept inside words.

    >>> words("The Other's 2nd turn, THE END.")
    ['the', "other's", '2nd', 'turn', 'the', 'end']
    """
    return [word.casefold().replace("’", "'") for word in _WORD.findall(text)]


def runs(text: str) -> Iterator[tuple[str, ...]]:
    """Every run of eight consecutive words; a run holding a number (a table of figures, a
    reward code such as D1) is not prose and is left out."""
    found = words(text)
    for start in range(len(found) - RUN + 1):
        run = tuple(found[start : start + RUN])
        if not any(character.isdigit() for word in run for character in word):
            yield run


def _rulebooks() -> list[Path]:
    return sorted(SEEDS.glob("*.txt")) if SEEDS.is_dir() else []


def _project_files() -> list[Path]:
    return [
        path
        for folder in CHECKED
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in {".txt", ".md"} and path.is_file()
    ]


def test_the_check_finds_a_copied_run():
    rulebook = "Each player draws a card, then rolls the die and moves."
    copied = {run for run in runs(rulebook)}
    assert set(runs("As the rules say: each PLAYER draws a card; then rolls the die")) & copied
    assert not set(runs("Each player draws a card and passes it to the left.")) & copied


@pytest.mark.skipif(not _rulebooks(), reason="the rulebooks (../shared/seeds) are not here")
def test_no_eight_words_of_a_rulebook_are_in_content_or_docs():
    allowed = {run for term in TERMS for run in runs(term)}
    copied = {
        run: book.name
        for book in _rulebooks()
        for run in runs(book.read_text("utf-8"))
        if run not in allowed
    }
    found = [
        f"{path.relative_to(ROOT)}: '{' '.join(run)}' (from {copied[run]})"
        for path in _project_files()
        for run in set(runs(path.read_text("utf-8", errors="replace")))
        if run in copied
    ]
    assert not found, "\n".join(sorted(found))
