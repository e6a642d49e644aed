"""Hostile pack text: every parser stays linear, odd characters give located messages.

The time limits here are not benchmarks: they are ten to a hundred times what a linear
parser needs on a loaded machine, and only an exponential or quadratic parser exceeds them.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.framework.errors import PackError
from companion.games.arabian_nights.content.book_text import (
    parse_book,
    parse_encounter_name,
)
from companion.games.arabian_nights.content.card_acts import parse_status_acts, parse_treasure_acts
from companion.games.arabian_nights.content.loader import load_pack, read_pack, reward_vocabulary
from companion.games.arabian_nights.content.pack import WealthLevel
from companion.games.arabian_nights.content.reward_codes import RewardCodeError, parse_reward
from companion.games.arabian_nights.rules.movement import can_reach
from companion.games.arabian_nights.rules.state import PlayerSheet
from tests.arabian_nights.pack_edits import MINI, copy_mini, edit, line_of

SECONDS = 2.0
VOCABULARY = reward_vocabulary(load_pack(MINI))


def _within_limit(parse: Callable[[], object]) -> None:
    start = time.perf_counter()
    # RewardCodeError and EncounterNameError are ValueErrors; card effects raise ValueError.
    with contextlib.suppress(ValueError):
        parse()
    assert time.perf_counter() - start < SECONDS


def test_the_reward_code_that_took_26_seconds_is_refused_at_once():
    code = "W1" + "(Max: Poor)" * 26 + "("
    start = time.perf_counter()
    with pytest.raises(RewardCodeError, match="is not a reward word"):
        parse_reward(code, VOCABULARY)
    assert time.perf_counter() - start < SECONDS


def test_a_section_ending_with_thirty_bounds_is_read_at_once():
    code = "W1" + " (Max: Poor) (Min: Beggar)" * 30
    _within_limit(lambda: parse_reward(code, VOCABULARY))
    with pytest.raises(RewardCodeError, match=r"two \(Max: ...\)"):
        parse_reward(code, VOCABULARY)


# Pieces of the grammars, repeated: the shapes that make a backtracking parser explode.
FRAGMENTS = [
    "W1", "(Max: Poor)", "(Min:", "(", ")", ":", " ", "  ", "\t", "/", "[", "]", "Master",
    "(Master)", "Lose ", "Go to ", "9", "Move to ", "Opportunity:", '"', "OR ", ", ",
    "NO SKILL", "(mandatory)", "STORYTELLING", "a", "A", "-", "(F, female)", "1 ", "ENCOUNTER",
]  # fmt: skip
HOSTILE = st.lists(
    st.tuples(st.sampled_from(FRAGMENTS), st.integers(1, 3000)), min_size=1, max_size=6
).map(lambda pieces: "".join(fragment * times for fragment, times in pieces))


@settings(max_examples=150, deadline=None)
@given(HOSTILE)
def test_no_parser_is_super_linear_on_repeated_fragments(text):
    _within_limit(lambda: parse_reward(text, VOCABULARY))
    _within_limit(lambda: parse_encounter_name(text))
    _within_limit(lambda: parse_book(f"1\n{text}\n2\nENCOUNTER CHART\n{text}\n", "book.txt"))
    _within_limit(lambda: parse_status_acts(text))
    _within_limit(lambda: parse_treasure_acts(text))


@settings(max_examples=25, deadline=None)
@given(HOSTILE, st.sampled_from(["world.txt", "matrices.txt", "cards.txt", "book.txt"]))
def test_the_loader_is_linear_on_a_hostile_line(tmp_path_factory, text, file):
    pack = copy_mini(tmp_path_factory.mktemp("pack"))
    with (pack / file).open("a", encoding="utf-8") as opened:
        opened.write(f"\n{text}\n[{text}\n{text}]\n{text} | {text}\n")
    start = time.perf_counter()
    with contextlib.suppress(PackError):
        load_pack(pack)
    assert time.perf_counter() - start < SECONDS


def _only_problem(pack: Path) -> str:
    with pytest.raises(PackError) as error:
        load_pack(pack)
    assert len(error.value.problems) == 1, str(error.value)
    return str(error.value.problems[0])


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("13①", "whole number, not '13①' (write it with the digits 0-9)"),
        ("7²", "whole number, not '7²' (write it with the digits 0-9)"),
        ("9" * 5000, "whole number from 0 to 999999, not '" + "9" * 40 + "...'"),
    ],
)
def test_a_card_target_that_only_looks_like_a_number_is_a_located_problem(tmp_path, written, shown):
    pack = copy_mini(tmp_path)
    edit(pack, "cards.txt", "City: 4", f"City: {written}")
    line = line_of(pack, "cards.txt", "Magnetic Mountain")
    assert _only_problem(pack) == (
        f"{pack / 'cards.txt'}:{line}: card Magnetic Mountain: a paragraph number must be a {shown}"
    )


@pytest.mark.parametrize("roll", [0, 13, 99])
def test_a_chart_entry_rolled_outside_1_to_12_is_a_located_problem(tmp_path, roll):
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", "12 Terrible Storm (F)", f"{roll} Terrible Storm (F)")
    line = line_of(pack, "book.txt", f"{roll} Terrible Storm (F)")
    assert _only_problem(pack) == (
        f"{pack / 'book.txt'}:{line}: chart entry {roll}: rolls go from 1 to 12; renumber the entry"
    )


def test_a_huge_movement_rate_is_a_located_problem(tmp_path):
    pack = copy_mini(tmp_path)
    edit(pack, "world.txt", "Beggar       | 3 | 2", "Beggar | 99999 | 2")
    line = line_of(pack, "world.txt", "Beggar | 99999")
    assert _only_problem(pack) == (
        f"{pack / 'world.txt'}:{line}: land moves must be a whole number from 0 to 12, not '99999'"
    )


def test_the_movement_search_ends_whatever_the_movement_rate():
    pack = load_pack(MINI)
    huge = WealthLevel(name="Beggar", land=99_999, sea=99_999)
    pack = pack.model_copy(update={"wealth_track": [huge, *pack.wealth_track[1:]]})
    sheet = PlayerSheet(name="Ali", gender="m", wealth="Beggar", destiny_goal=10, story_goal=10)
    start = time.perf_counter()
    assert all(can_reach(pack, "Baghdad", space, sheet) for space in pack.spaces)
    assert time.perf_counter() - start < SECONDS


@pytest.mark.parametrize("separator", ["\f", "\u2028", "\u2029", "\x0b", "\x1c", "\x85"])
def test_odd_line_separators_do_not_shift_reported_line_numbers(tmp_path, separator):
    pack = copy_mini(tmp_path)
    edit(pack, "book.txt", "A mountain of dark stone", f"A mountain{separator}of dark stone")
    edit(pack, "book.txt", "5 Mild Storm (F)", "5 Calm Storm (F)")
    editor_line = (
        (pack / "book.txt").read_text(encoding="utf-8").split("\n").index("5 Calm Storm (F)")
    )
    assert _only_problem(pack).startswith(f"{pack / 'book.txt'}:{editor_line + 1}: chart 4")


@pytest.mark.parametrize("file", ["world.txt", "matrices.txt", "cards.txt", "book.txt"])
def test_a_file_saved_with_a_byte_order_mark_is_accepted(tmp_path, file):
    pack = copy_mini(tmp_path)
    text = (pack / file).read_text(encoding="utf-8")
    (pack / file).write_text("\ufeff" + text, encoding="utf-8")
    assert load_pack(pack) == load_pack(MINI)


FILES = ["world.txt", "matrices.txt", "cards.txt", "book.txt", "book-2.txt"]


@settings(max_examples=60, deadline=None)
@given(
    file=st.sampled_from(FILES),
    content=st.one_of(
        st.binary(max_size=300),
        st.text(st.characters(exclude_categories=["Cs"]), max_size=300).map(str.encode),
    ),
    keep=st.booleans(),
)
def test_the_loader_reports_any_file_content_as_located_problems(
    tmp_path_factory, file, content, keep
):
    pack = copy_mini(tmp_path_factory.mktemp("pack"))
    path = pack / file
    old = path.read_bytes() if keep and path.exists() else b""
    path.write_bytes(old + content)
    pack_read, problems = read_pack(pack)
    assert pack_read is not None or problems
    for problem in problems:
        assert problem.line >= 0 and problem.message
