"""Alternate tellings: a paragraph told in other words (``ANOTHER TELLING``) keeps its
sections, outcomes and codes; the Reader reads a telling the table has not heard this
evening, drawn from the game's seed, and a save remembers which were heard."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli.check import summary
from companion.framework.dialogue import GameOptions
from companion.framework.errors import PackError
from companion.games.arabian_nights.content.loader import load_pack
from companion.games.arabian_nights.content.pack import Paragraph, Section, Telling
from companion.games.arabian_nights.game import GAME
from companion.games.arabian_nights.rules.encounter import heard_after, next_telling
from companion.session.loop import run_typed
from companion.session.saves import read_save
from tests.arabian_nights.pack_edits import copy_mini, line_of
from tests.arabian_nights.reader_helpers import SETUP, edit_save, resume, sheet

RETOLD = """
706
ANOTHER TELLING
You keep still and let the other settle, and at last it turns away.
NO SKILL: Where it stood lies a purse some traveller dropped long ago, and a story comes
with it. [D2/S1/W 1 (Max: Poor)/Storytelling/Respected]
"""
TO_THE_PARAGRAPH = ["stay", "wanderer", "5", "pray", "blank"]
"""Ali's first encounter of the small book, up to paragraph 706 (read after the Destiny Die)."""
OTHER_INTRO = "You keep still and let the other settle, and at last it turns away."
FIRST_WORDS = "You wait patiently, and the Mild Storm grows calm."
OTHER_WORDS = OTHER_INTRO.replace("the other", "the Mild Storm")
"""How the two tellings of 706 are heard (a Mild Storm is met)."""


def _pack_with_telling(tmp_path: Path, telling: str = RETOLD) -> Path:
    pack = copy_mini(tmp_path)
    with (pack / "book-tellings.txt").open("w", encoding="utf-8") as book:
        book.write(telling)
    return pack


def _first_encounter(pack: Path, save: Path, seed: int = 1) -> list[str]:
    options = GameOptions(seed=seed, players=[("Ali", "m"), ("Zed", "f")], pack=str(pack))
    return run_typed(GAME.new(options), GAME, [*SETUP, *TO_THE_PARAGRAPH], save)


def test_a_telling_is_loaded_beside_its_paragraph(tmp_path):
    paragraph = load_pack(_pack_with_telling(tmp_path)).paragraphs[706]
    assert paragraph.telling_count == 2
    told = paragraph.told(1)
    assert told.intro == OTHER_INTRO
    assert [s.reward_code for s in told.sections] == [s.reward_code for s in paragraph.sections]


@pytest.mark.parametrize(
    ("telling", "message"),
    [
        (RETOLD.replace("[D2/S1/W 1", "[D1/S1/W 1"), "NO SKILL must keep the first telling's code"),
        (RETOLD.replace("NO SKILL:", "PIETY:"), "must have the first telling's sections, in order"),
        (RETOLD.replace("706", "799"), "there is no paragraph 799 to tell again"),
        ("706\nANOTHER TELLING\n", "another telling of 706 is empty"),
    ],
)
def test_a_telling_that_is_not_the_same_paragraph_is_reported_at_its_line(
    tmp_path, telling, message
):
    pack = _pack_with_telling(tmp_path, telling)
    with pytest.raises(PackError) as raised:
        load_pack(pack)
    where = f"book-tellings.txt:{line_of(pack, 'book-tellings.txt', 'ANOTHER TELLING') - 1}"
    found = [str(problem) for problem in raised.value.problems]
    assert any(where in problem and message in problem for problem in found), found


@pytest.mark.parametrize(("heard", "expected"), [([0], OTHER_WORDS), ([1], FIRST_WORDS)])
def test_the_reader_reads_the_telling_not_heard_yet(tmp_path, heard, expected):
    save = tmp_path / "g.json"
    _at_the_die(_pack_with_telling(tmp_path), save)
    edit_save(save, lambda state: state.update(tellings_heard={"706": heard}))
    lines = resume(["blank"], save)
    assert expected in lines, "\n".join(lines)
    # Both tellings are heard now, so a new round starts.
    assert read_save(save).state["tellings_heard"]["706"] == []
    assert sheet(save, "Ali")["story"] == 1  # the same reward, whichever the words


def _at_the_die(pack: Path, save: Path) -> None:
    """Ali's first encounter, saved at the Destiny Die that leads to paragraph 706."""
    options = GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=str(pack))
    run_typed(GAME.new(options), GAME, [*SETUP, *TO_THE_PARAGRAPH[:-1]], save)


def test_the_seed_decides_which_telling_comes_first(tmp_path):
    pack = _pack_with_telling(tmp_path)
    firsts = set()
    for seed in range(1, 9):
        save = tmp_path / f"g{seed}.json"
        _first_encounter(pack, save, seed)
        firsts.add(tuple(read_save(save).state["tellings_heard"]["706"]))
    assert firsts == {(0,), (1,)}


def test_a_save_from_before_tellings_loads_and_reads_on(tmp_path):
    save = tmp_path / "g.json"
    _at_the_die(_pack_with_telling(tmp_path), save)
    edit_save(save, lambda state: state.pop("tellings_heard"))
    lines = resume(["blank"], save)
    assert any(words in lines for words in (FIRST_WORDS, OTHER_WORDS))


def _paragraph(tellings: int) -> Paragraph:
    section = Section(heading="NO SKILL", requirements=[], text="t", reward_code="", line=2)
    return Paragraph(
        number=5,
        intro="",
        sections=[section],
        line=1,
        tellings=[Telling(intro="", texts=[f"t{n}"], line=n) for n in range(tellings - 1)],
    )


@given(st.integers(1, 5), st.integers(0, 10**6))
def test_no_telling_is_heard_twice_before_every_telling_was_heard(count, seed):
    paragraph = _paragraph(count)
    heard: list[int] = []
    read: list[int] = []
    for _ in range(3 * count):
        telling = next_telling(paragraph, heard, seed)
        assert 0 <= telling < count
        read.append(telling)
        heard = heard_after(heard, telling, count)
    for start in range(0, len(read), count):
        assert sorted(read[start : start + count]) == list(range(count))


def test_check_counts_the_other_tellings(tmp_path):
    lines = summary(load_pack(_pack_with_telling(tmp_path)))
    assert lines[0].startswith("25 result paragraphs (and 1 other telling), 2 encounter charts")
