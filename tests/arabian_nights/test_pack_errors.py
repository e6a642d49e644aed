"""Malformed packs: one test per kind of error, each checking the exact ``file:line: message``.

Each case copies the mini fixture, changes one thing, and expects exactly one problem.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.framework.errors import PackError, Problem
from companion.games.arabian_nights.content.loader import load_pack, reward_vocabulary
from companion.games.arabian_nights.content.reward_codes import RewardCodeError, parse_reward
from tests.arabian_nights.pack_edits import MINI, copy_mini, edit, line_of

APPEND = object()  # as ``old``: add ``new`` at the end of the file
REMOVE_FILE = object()  # as ``old``: delete the file
NOT_UTF8 = object()  # as ``old``: make the file undecodable


@dataclass(frozen=True)
class Case:
    """Replace ``old`` by ``new`` in ``file``; expect one problem on the line holding
    ``where`` of the same file (line 0, the whole file, when None)."""

    file: str
    old: object
    new: str
    where: str | None
    message: str


def _mini_reward_error(code: str) -> str:
    with pytest.raises(RewardCodeError) as error:
        parse_reward(code, reward_vocabulary(load_pack(MINI)))
    return str(error.value)


# fmt: off
CASES = {
    # ---- tables (world.txt, matrices.txt, cards.txt) -------------------------------------
    "row before any table": Case(
        "world.txt", "[pack]\n", "Stray | row\n[pack]\n", "Stray | row",
        "a row before any [table] title",
    ),
    "unknown table": Case(
        "world.txt", "[quests]", "[Quest List]", "[Quest List]",
        "unknown table [Quest List]; use [pack], [terrains], [wealth track], [destiny bonus], "
        "[skills], [statuses], [treasures], [places of power], [spaces], [quests], [continents], "
        "[introductions]",
    ),
    "wrong number of cells": Case(
        "world.txt", "Brass Lamp  | Once per game,", "Brass Lamp - Once per game,", "Brass Lamp",
        "[treasures] rows have 2 to 3 cells (name | effect | what it does to the rules "
        "(optional)); this one has 1",
    ),
    "unknown status effect": Case(
        "world.txt", "Cursed    | Misfortune follows you like a shadow.",
        "Cursed | Misfortune follows you. | roll -1; flies away", "Cursed",
        "Cursed: unknown status effect 'flies away'; write roll +N, roll -N (at night), no move, "
        "move -N, skip turn, first reaction, blocks SKILLS, barred from SPACES, no story, "
        "no wealth gain, pay in cities, others choose reaction, reroll destiny, "
        "arrive at SPACE [CODE], wealth loss -N, end of game story -N, stays free in cities, "
        "ends after roll, ends after turn, ends after rest, ends after rest in a city or "
        "ends on roll 5-6, separated by ;",
    ),
    "status barring an unknown space": Case(
        "world.txt", "Cursed    | Misfortune follows you like a shadow.",
        "Cursed | Misfortune follows you. | barred from Atlantis", "Cursed",
        "Cursed: barred from: 'Atlantis' is not a space of [spaces]",
    ),
    "treasure counting as an unknown skill": Case(
        "world.txt", "Brass Lamp  | Once per game, the djinn inside carries you to any city.",
        "Brass Lamp | A lamp. | counts as Flying", "Brass Lamp",
        "Brass Lamp: 'Flying' is not a skill or status of world.txt",
    ),
    "treasure used for an unknown reward": Case(
        "world.txt", "Brass Lamp  | Once per game, the djinn inside carries you to any city.",
        "Brass Lamp | A lamp. | use [You may fly]", "Brass Lamp",
        "Brass Lamp: use: {You may fly}",
    ),
    "not a number": Case(
        "world.txt", "Jerusalem       | City   | 2", "Jerusalem | City | two", "two",
        "number must be a whole number, not 'two'",
    ),
    "name declared twice": Case(
        "world.txt", "Brass Lamp  |", "Respected |", "Respected | Once per game",
        "'Respected' is already declared as a status (line 36); names must all differ",
    ),
    "missing table": Case(
        "world.txt", "[destiny bonus]\n# from Destiny points | bonus\n3 | 1\n5 | 2\n", "", None,
        "missing table [destiny bonus], or it has no valid rows",
    ),
    "pack row other than name": Case(
        "world.txt", "name | Mini Fixture", "name | Mini Fixture\ntitle | Mini", "title | Mini",
        "[pack] rows are 'name | ...', 'home | ...', 'starting wealth | ...'; not 'title'",
    ),
    "destiny bonus out of order": Case(
        "world.txt", "3 | 1\n5 | 2", "5 | 2\n3 | 1", "3 | 1",
        "[destiny bonus] rows go from the lowest number up",
    ),
    "space with unknown terrain": Case(
        "world.txt", "Serendib Peaks  | Mountain", "Serendib Peaks  | Volcano", "Volcano",
        "space Serendib Peaks: 'Volcano' is not in [terrains]",
    ),
    "route to unknown space": Case(
        "world.txt", "| Arabia | Aleppo |", "| Arabia | Aleppo, Nineveh |", "Nineveh",
        "space Mosul: land route: 'Nineveh' is not a space of [spaces]",
    ),
    "Place of Power exit not a space": Case(
        "world.txt", "City of Brass | 800 | Desert of Nafud", "City of Brass | 800 | Atlantis",
        "Atlantis", "Place of Power City of Brass: exit: 'Atlantis' is not a space of [spaces]",
    ),
    "Place of Power paragraph missing": Case(
        "world.txt", "City of Brass | 800 |", "City of Brass | 850 |", "City of Brass | 850",
        "Place of Power City of Brass: paragraph 850 is not in the book",
    ),
    "quest space unknown": Case(
        "world.txt", "Pilgrimage | Mecca, Jerusalem", "Pilgrimage | Mecca, Medina", "Pilgrimage",
        "quest Pilgrimage: 'Medina' is not a space of [spaces]",
    ),
    # ---- matrices.txt --------------------------------------------------------------------
    "matrix file: unknown table": Case(
        "matrices.txt", APPEND, "\n[Table D]\n", "[Table D]",
        "unknown table [Table D]; use [matrix A]",
    ),
    "matrix letter outside A to O": Case(
        "matrices.txt", APPEND, "\n[matrix P]\nreactions | Go\nOnward | 703\n", "[matrix P]",
        "matrix P: letters go from A to O",
    ),
    "matrix defined twice": Case(
        "matrices.txt", APPEND, "\n[matrix D]\nreactions | Help\nMad | 715\n", "[matrix D]",
        "matrix D is defined twice",
    ),
    "matrix without reactions row": Case(
        "matrices.txt", APPEND, "\n[matrix E]\nCalm | 703\n", "Calm | 703",
        "matrix E: the first row must be 'reactions | Reaction | Reaction ...'",
    ),
    "matrix row with a missing cell": Case(
        "matrices.txt", "Mad       | 715  | 712", "Mad | 715", "Mad | 715",
        "[matrix D] rows have 3 cells (reactions ...); this one has 2",
    ),
    "matrix cell not a number": Case(
        "matrices.txt", "Lost      | 712  | 715 | 703", "Lost | 712 | x | 703", "Lost |",
        "matrix L, Lost: a cell must be a whole number, not 'x'",
    ),
    "matrix row twice": Case(
        "matrices.txt", "Mad       | 715  | 712", "Mad | 715 | 712\nmad | 712 | 715", "mad |",
        "matrix D: row mad appears twice",
    ),
    "matrix cell neighbour missing": Case(
        "matrices.txt", "Lost      | 712  | 715 | 703", "Lost | 712 | 715 | 801", "Lost |",
        "matrix L, Lost, Ignore: the cell 801 needs paragraphs 800 to 802; 802 is not a result "
        "paragraph of the book",
    ),
    # ---- cards.txt -----------------------------------------------------------------------
    "cards file: unknown table": Case(
        "cards.txt", "[city cards]", "[town cards]", "[town cards]",
        "unknown table [town cards]; use [character cards], [terrain cards], [city cards]",
    ),
    "card paragraph missing": Case(
        "cards.txt", "Wanderer | 4 | 5 | 4", "Wanderer | 4 | 6 | 4", "Wanderer",
        "card Wanderer, noon: paragraph 6 is not in the book",
    ),
    "card name twice": Case(
        "cards.txt", "Wanderer | 4 | 5 | 4", "Wanderer | 4 | 5 | 4\nwanderer | 4 | 5 | 4",
        "wanderer", "card 'wanderer' already appears at line 3",
    ),
    "terrain card with unknown terrain": Case(
        "cards.txt", "Desert: 5", "Swamp: 5", "Swamp",
        "terrain card Magnetic Mountain: 'Swamp: 5' should be 'terrain: target' with a terrain "
        "of [terrains]",
    ),
    "matrix target without the card's row": Case(
        "cards.txt", "Magnetic Mountain |", "Iron Mountain |", "Iron Mountain",
        "card Iron Mountain: matrix N needs a row 'Iron Mountain'",
    ),
    "target that is nothing known": Case(
        "cards.txt", "City: 4", "City: somewhere", "somewhere",
        "card Magnetic Mountain: 'somewhere' is not a paragraph number, 'matrix N', an encounter "
        "like 'Mad Ghul (K)' or a [reward]",
    ),
    "city card without six results": Case(
        "cards.txt", " | [Treasure] | [S1]", " | [Treasure]", "Rhinoceros",
        "[city cards] rows have 9 cells (name | paragraph | city | six results); this one has 8",
    ),
    "city card city not a space": Case(
        "cards.txt", "| 8 | Bantus |", "| 8 | Atlantis |", "Rhinoceros",
        "city card Rhinoceros: 'Atlantis' is not a space of [spaces]",
    ),
    "encounter target on an unknown row": Case(
        "cards.txt", "Wicked Hag (C, female)", "Jolly Hag (C, female)", "Rhinoceros",
        "card Rhinoceros: matrix C has no row 'Jolly' (rows: Wicked, Wise, Beautiful)",
    ),
    "encounter target with a bad marker": Case(
        "cards.txt", "Wicked Hag (C, female)", "Wicked Hag (C, tall)", "Rhinoceros",
        "card Rhinoceros: 'tall' in (C, tall) is neither a matrix letter A to O nor male/female",
    ),
    "city result with a bad reward code": Case(
        "cards.txt", "[Treasure]", "[W+1 (Max: Emperor)]", "Rhinoceros",
        "city card Rhinoceros, result 5: {W+1 (Max: Emperor)}",
    ),
    # ---- book.txt ------------------------------------------------------------------------
    "text before the first paragraph": Case(
        "book.txt", "\n2\n", "\nOnce upon a time\n2\n", "Once upon a time",
        "text before the first paragraph number (a number alone on its line)",
    ),
    "paragraph number twice": Case(
        "book.txt", APPEND, "\n711\nAgain.\nNO SKILL: Again. [S1]\n", "711",
        "paragraph 711 appears twice (first at line 84)",
    ),
    "empty paragraph": Case(
        "book.txt", APPEND, "\n900\n", "900", "paragraph 900 is empty",
    ),
    "chart without entries 1 to 12": Case(
        "book.txt", "7 Malicious Merman (I, male)\n", "", "4",
        "chart 4 must list the entries 1 to 12 in order; found 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12",
    ),
    "chart line that is not an entry": Case(
        "book.txt", "5 Mild Storm (F)", "five Mild Storm (F)", "five Mild",
        "'five Mild Storm (F)' is not a chart entry like '12 Terrible Storm (F)'",
    ),
    "chart entry without a matrix letter": Case(
        "book.txt", "5 Mild Storm (F)", "5 Mild Storm", "5 Mild Storm",
        "chart entry 5 has no matrix letter: write e.g. '5 Mild Storm (F)' or give the chart "
        "one letter",
    ),
    "chart entry with a bad marker": Case(
        "book.txt", "5 Mild Storm (F)", "5 Mild Storm (F, loud)", "5 Mild Storm",
        "chart entry 5: 'loud' in (F, loud) is neither a matrix letter A to O nor male/female",
    ),
    "chart entry on an unknown matrix": Case(
        "book.txt", "1 Lost Merchant (L, male)", "1 Lost Merchant (M, male)", "Lost Merchant",
        "chart 4, entry 1: matrix M is not in matrices.txt",
    ),
    "chart entry on an unknown row": Case(
        "book.txt", "5 Mild Storm (F)", "5 Calm Storm (F)", "Calm Storm",
        "chart 4, entry 5: matrix F has no row 'Calm' (rows: Terrible, Mild, Beautiful, "
        "Treacherous)",
    ),
    "chart letter outside A to O": Case(
        "book.txt", "ENCOUNTER CHART (C)", "ENCOUNTER CHART (Z)", "CHART (Z)",
        "chart 5: matrix Z is not A to O",
    ),
    "section without a reward code": Case(
        "book.txt", "NO SKILL: You nod and go your way. [S1]", "NO SKILL: You nod and go.",
        "You nod and go.",
        "paragraph 711, NO SKILL: the section does not end with a reward code in square "
        "brackets, e.g. [S1] (or [] for none)",
    ),
    "paragraph without a NO SKILL section": Case(
        "book.txt", "NO SKILL: You back away slowly. []", "PIETY: You back away slowly. []",
        "713", "paragraph 713 has 0 NO SKILL sections; it needs exactly one",
    ),
    "heading naming an unknown skill": Case(
        "book.txt", "SEAMANSHIP: Between prayers", "SAILING: Between prayers", "SAILING",
        "paragraph 703, SAILING: 'SAILING' is not a skill, status or treasure",
    ),
    "MASTER of something that is not a skill": Case(
        "book.txt", "MASTER STORYTELLING:", "MASTER CURSED:", "MASTER CURSED",
        "paragraph 704, MASTER CURSED: MASTER needs skills; Cursed is a status",
    ),
    "reward code with an unknown wealth level": Case(
        "book.txt", "[D-1/W-1 (Min: Beggar)]", "[D-1/W-1 (Min: Pauper)]", "Pauper",
        "paragraph 702, WOUNDED: {W-1 (Min: Pauper)}",
    ),
    "opportunity for an unknown Place of Power": Case(
        "book.txt", "Opportunity: City of Brass", "Opportunity: Atlantis", "Atlantis",
        "paragraph 709, PIETY: {Opportunity: Atlantis}",
    ),
    "go to a missing paragraph": Case(
        "book.txt", "[S1/Go to 801]", "[S1/Go to 999]", "Go to 999",
        "paragraph 800, NO SKILL: Go to: paragraph 999 is not in the book",
    ),
    # ---- slips a typist makes (issue 15) --------------------------------------------------
    "misspelt treasure in a reward": Case(
        "book.txt", "[D1/S3]", "[D1/S3/Ionian Gem]", "Ionian Gem]",
        "paragraph 704, MASTER STORYTELLING: 'Ionian Gem' is not a reward word; did you mean "
        'Ionian Gems? (Free text to read aloud goes in quotes: "...")',
    ),
    "misspelt status in a reward": Case(
        "book.txt", "[S2/Respected]", "[S2/Respectd]", "Respectd",
        "paragraph 703, SEAMANSHIP: 'Respectd' is not a reward word; did you mean Respected? "
        '(Free text to read aloud goes in quotes: "...")',
    ),
    "Goto instead of Go to": Case(
        "book.txt", "[S1/Go to 801]", "[S1/Goto 801]", "Goto 801",
        "paragraph 800, NO SKILL: 'Goto 801' is not a reward word; did you mean Go to 801? "
        '(Free text to read aloud goes in quotes: "...")',
    ),
    "misspelt Opportunity": Case(
        "book.txt", "Opportunity: City of Brass", "Oportunity: City of Brass", "Oportunity",
        "paragraph 709, PIETY: 'Oportunity: City of Brass' is not a reward word; did you mean "
        'Opportunity: City of Brass? (Free text to read aloud goes in quotes: "...")',
    ),
    "Move to a misspelt place": Case(
        "book.txt", "[D1/S3]", "[D1/Move to City of Bras]", "City of Bras]",
        "paragraph 704, MASTER STORYTELLING: 'Move to City of Bras' is not a reward word; did "
        'you mean Move to City of Brass? (Free text to read aloud goes in quotes: "...")',
    ),
    "Lose a misspelt status": Case(
        "book.txt", "[S2/Respected]", "[S2/Lose Respectd]", "Lose Respectd",
        "paragraph 703, SEAMANSHIP: 'Lose Respectd' is not a reward word; did you mean Lose "
        'Respected? (Free text to read aloud goes in quotes: "...")',
    ),
    "free text without quotes": Case(
        "book.txt", "[D1/S3]", "[D1/Sing for your supper]", "Sing for your supper",
        "paragraph 704, MASTER STORYTELLING: 'Sing for your supper' is not a reward word: write "
        "a skill, status or treasure of world.txt, D1, S1, W+1, Treasure, Go to N, Lose X, Move "
        "to X, Move to any coastal space, Move within N spaces of X, Opportunity: X, or put "
        'free text to read aloud in quotes: "..."',
    ),
    "heading in lower case": Case(
        "book.txt", "SEAMANSHIP: Between prayers", "Seamanship: Between prayers", "Seamanship:",
        "paragraph 703: 'Seamanship:' looks like a heading but is not one, so it is read aloud "
        "as part of the section before; write it 'SEAMANSHIP:' (a heading is in CAPITALS, with "
        "(mandatory) after the names)",
    ),
    "misspelt heading in lower case": Case(
        "book.txt", "SEAMANSHIP: Between prayers", "Seamanshp: Between prayers", "Seamanshp:",
        "paragraph 703: 'Seamanshp:' looks like a heading but is not one, so it is read aloud "
        "as part of the section before; write it 'SEAMANSHIP:' (a heading is in CAPITALS, with "
        "(mandatory) after the names)",
    ),
    "(mandatory) before the heading": Case(
        "book.txt", "WOUNDED (mandatory): Weak", "(mandatory) WOUNDED: Weak", "(mandatory) WOU",
        "paragraph 702: '(mandatory) WOUNDED:' looks like a heading but is not one, so it is "
        "read aloud as part of the section before; write it 'WOUNDED (mandatory):' (a heading "
        "is in CAPITALS, with (mandatory) after the names)",
    ),
    "no space called Baghdad": Case(
        "world.txt", "Baghdad         | City   | - | Arabia | Mosul, Basra, Desert of Nafud |",
        "Bagdad | City | - | Arabia | Mosul, Basra, Desert of Nafud |", "name | Mini Fixture",
        "everyone starts and declares victory in Baghdad (the default), which is not a space of "
        "[spaces]: add it, or name the home space with 'home | Space' in [pack]",
    ),
    "home that is not a space": Case(
        "world.txt", "name | Mini Fixture", "name | Mini Fixture\nhome | Samarra", "Samarra",
        "everyone starts and declares victory in Samarra, which is not a space of [spaces]: "
        "add it, or name the home space with 'home | Space' in [pack]",
    ),
    "starting wealth not on the track": Case(
        "world.txt", "name | Mini Fixture", "name | Mini Fixture\nstarting wealth | Pauper",
        "Pauper",
        "everyone starts Pauper, which is not on the [wealth track]: add that level, or name "
        "the starting level with 'starting wealth | Level' in [pack]",
    ),
    "unknown continent": Case(
        "world.txt", "Bantus          | City   | 3 | Africa", "Bantus | City | 3 | Atlantis",
        "Atlantis",
        "space Bantus: the continent 'Atlantis' is not one of Arabia, Europa, Africa, India, "
        "Asia; fix its spelling, or list the pack's continents in a table [continents]",
    ),
    "(f) for female in a chart entry": Case(
        "book.txt", "2 Wicked Hag (C, female)", "2 Wicked Hag (C, f)", "2 Wicked Hag",
        "chart entry 2: (f) could mean matrix F or female: write (F) for the matrix, (female) "
        "for the gender",
    ),
    "terrain card leaving a terrain out": Case(
        "cards.txt", "Sea: 2 | ", "", "Magnetic Mountain",
        "terrain card Magnetic Mountain has nothing for Sea: give each terrain a target, or add "
        "'Otherwise: target' for the terrains left out",
    ),
    "Go to the paragraph itself": Case(
        "book.txt", "[S1/Go to 801]", "[S1/Go to 800]", "800",
        "paragraph 800: its Go to leads back to it (800 -> 800), and play would never end; make "
        "one of these Go to lead on to another paragraph",
    ),
    "Go to chain that loops": Case(
        "book.txt", "[Ionian Gems]", "[Ionian Gems/Go to 800]", "800",
        "paragraph 800: its Go to leads back to it (800 -> 801 -> 800), and play would never "
        "end; make one of these Go to lead on to another paragraph",
    ),
    "reaction with an unbalanced parenthesis": Case(
        "matrices.txt", "reactions   | Pray | Wait | Flee", "reactions | Pray ( | Wait | Flee",
        "reactions | Pray (",
        "matrix F: reaction 'Pray (': leave out '(' (names are said aloud)",
    ),
    # ---- the folder ----------------------------------------------------------------------
    "missing file": Case(
        "cards.txt", REMOVE_FILE, "", None,
        "missing: a pack needs world.txt, matrices.txt, cards.txt, book.txt",
    ),
    "file that is not UTF-8": Case(
        "book.txt", NOT_UTF8, "", None,
        "cannot be read as UTF-8 text: 'utf-8' codec can't decode byte 0xff in position 0: "
        "invalid start byte",
    ),
}
# fmt: on


def _apply(pack: Path, case: Case) -> None:
    if case.old is REMOVE_FILE:
        (pack / case.file).unlink()
    elif case.old is NOT_UTF8:
        (pack / case.file).write_bytes(b"\xff not text")
    elif case.old is APPEND:
        with (pack / case.file).open("a", encoding="utf-8") as file:
            file.write(case.new)
    else:
        edit(pack, case.file, str(case.old), case.new)


def _expected_line(pack: Path, case: Case) -> int:
    """The last line that is exactly ``where``, or else the last one containing it."""
    if case.where is None:
        return 0
    lines = [line.strip() for line in (pack / case.file).read_text(encoding="utf-8").splitlines()]
    exact = [number for number, line in enumerate(lines, start=1) if line == case.where]
    return (exact or [n for n, line in enumerate(lines, start=1) if case.where in line])[-1]


def _message(template: str) -> str:
    """Messages ending in ``{code}`` end with the reward parser's own words for ``code``."""
    if template.endswith("}"):
        prefix, _, code = template[:-1].rpartition("{")
        return prefix + _mini_reward_error(code)
    return template


@pytest.mark.parametrize("name", list(CASES))
def test_each_kind_of_error_is_reported_with_file_and_line(tmp_path: Path, name: str) -> None:
    case = CASES[name]
    pack = copy_mini(tmp_path)
    _apply(pack, case)
    with pytest.raises(PackError) as error:
        load_pack(pack)
    expected = Problem(str(pack / case.file), _expected_line(pack, case), _message(case.message))
    assert [str(problem) for problem in error.value.problems] == [str(expected)]


FILES = ["world.txt", "matrices.txt", "cards.txt", "book.txt"]


@settings(max_examples=60, deadline=None)
@given(
    file=st.sampled_from(FILES),
    position=st.floats(min_value=0, max_value=1, exclude_max=True),
    change=st.sampled_from(["delete", "duplicate", "scramble"]),
)
def test_any_damaged_line_gives_a_pack_or_located_problems(
    file: str, position: float, change: str
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        pack = copy_mini(Path(folder))
        lines = (pack / file).read_text(encoding="utf-8").splitlines()
        index = int(position * len(lines))
        if change == "delete":
            del lines[index]
        elif change == "duplicate":
            lines.insert(index, lines[index])
        else:
            lines[index] = lines[index][::-1]
        (pack / file).write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            load_pack(pack)
        except PackError as error:
            assert error.problems
            for problem in error.problems:
                name = Path(problem.file).name
                length = len((pack / name).read_text(encoding="utf-8").splitlines())
                assert 0 <= problem.line <= length, str(problem)


def test_a_pack_without_poor_says_it_is_the_default_starting_wealth(tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    edit(pack, "world.txt", "Poor         | 3 | 3", "Needy | 3 | 3")
    edit(pack, "book.txt", "(Max: Poor)", "(Max: Needy)")
    with pytest.raises(PackError) as error:
        load_pack(pack)
    assert [str(problem) for problem in error.value.problems] == [
        f"{pack / 'world.txt'}:{line_of(pack, 'world.txt', 'name | Mini')}: everyone starts "
        "Poor (the default), which is not on the [wealth track]: add that level, or name the "
        "starting level with 'starting wealth | Level' in [pack]"
    ]


def test_fewer_than_three_skills_is_a_problem(tmp_path: Path) -> None:
    pack = copy_mini(tmp_path)
    for skill in ("Courtly Graces", "Quick Thinking", "Seduction", "Beauty", "Piety"):
        edit(pack, "world.txt", f"\n{skill} ", f"\n# {skill} ")
    with pytest.raises(PackError) as error:
        load_pack(pack)
    assert (
        f"{pack / 'world.txt'}:{line_of(pack, 'world.txt', 'Seamanship')}: [skills] lists 2 "
        "skills; players may be dealt 3 at random, so list at least 3"
    ) in [str(problem) for problem in error.value.problems]


def test_story_text_starting_with_a_place_and_a_colon_is_not_taken_for_a_heading(
    tmp_path: Path,
) -> None:
    pack = copy_mini(tmp_path)
    seems = "the other seems to listen."
    edit(pack, "book.txt", seems, f"{seems}\nBaghdad: how far away it seems now.")
    assert "Baghdad: how far" in load_pack(pack).paragraphs[703].intro
