"""The end of the game, the three winners, and the settings."""

from __future__ import annotations

import random

import pytest

from companion.framework.errors import IllegalAction
from companion.games.tales_of_arabia.content.pack import load_pack
from companion.games.tales_of_arabia.rules import Rules, new_game
from companion.games.tales_of_arabia.rules.state import SettingError, Settings
from companion.games.tales_of_arabia.speech import Narrator
from tests.chronicling import chronicled
from tests.tales_of_arabia.toa_table import Table

ALI, SARA, OMAR = 0, 1, 2


def test_the_game_ends_when_a_player_must_draw_from_an_empty_deck() -> None:
    table = Table().empty_deck().say("1")
    assert table.state.finished
    assert table.pending is None
    assert table.kinds()[-1] == "game_over"
    with pytest.raises(IllegalAction):
        table.say("1")


def test_an_empty_deck_does_not_end_the_game_on_a_special_space() -> None:
    table = Table().empty_deck().set(ALI, space=24).say("4")
    assert not table.state.finished
    assert table.player(ALI).fortune == 1


def three_players() -> Table:
    table = Table(heroes=("Antar", "Aladdin", "Sindbad the Sailor"))
    table.give(ALI, "Gold & Silver", "Gold & Silver", "Dragon")
    table.set(ALI, fortune=1, faith=2)
    table.give(SARA, "Nomads", "Golem").set(SARA, fortune=2, fame=1, faith=2)
    return table


def test_three_winners_with_treasure_counting_as_fortune() -> None:
    table = three_players()
    rules = Rules(table.pack, table.state)
    assert [p.name for p in rules.winners("fortune")] == ["Ali"]  # 1 token + 2 treasures
    assert [p.name for p in rules.winners("fame")] == ["Sara"]  # 1 token + 2 challenges
    assert [p.name for p in rules.winners("faith")] == ["Ali", "Sara"]  # a shared win
    words = Narrator(table.pack).final_words(table.state)
    assert words == [
        "The deck is empty, and the game is over.",
        "Ali: Fortune three (one token and two treasures), Fame one, Faith two.",
        "Sara: Fortune two, Fame three (one token and two won challenges), Faith two.",
        "Omar: Fortune none, Fame none, Faith none.",
        "The Fortune win goes to Ali, with three, ahead of Sara with two. "
        "The Fame win goes to Sara, with three, ahead of Ali with one. "
        "Ali and Sara share the Faith win, with two each.",
    ]


def test_the_ending_is_spoken_and_filed_in_the_chronicle_as_the_winners(tmp_path) -> None:
    table = three_players().empty_deck()
    table.say("1")
    speeches = Narrator(table.pack).speeches(table.events, table.state)
    ending = speeches[-1]
    assert ending.kind == "ending" and ending.text.startswith("The Fortune win goes to Ali")
    written = chronicled(speeches, tmp_path)
    end = written[written.index("## The end\n") :]
    assert "Sara: Fortune two, Fame three" in end and "The Fortune win goes to Ali" in end


def test_treasure_may_be_left_out_of_the_fortune_count() -> None:
    table = three_players()
    table.state.settings = Settings(treasure_counts=False)
    assert [p.name for p in Rules(table.pack, table.state).winners("fortune")] == ["Sara"]


def test_nobody_wins_a_kind_of_points_nobody_has() -> None:
    table = Table()
    assert Rules(table.pack, table.state).winners("faith") == []
    assert Narrator(table.pack).final_words(table.state)[-1].endswith("Nobody earned any Faith.")


def test_a_whole_game_ends_with_an_empty_deck_and_announced_winners() -> None:
    table = Table(heroes=("Antar", "Aladdin"))
    rng = random.Random(5)
    while not table.state.finished:
        pending = table.pending
        table.say("roll" if pending.kind == "roll" else rng.choice(pending.options))
    assert table.state.deck == []
    words = Narrator(table.pack).final_words(table.state)
    assert len(words) == 4 and words[1].startswith("Ali: Fortune")


# --------------------------------------------------------------------------- settings


def test_settings_are_read_from_yes_and_no_words() -> None:
    settings = Settings.from_options({"treasure_counts": "off", "unique_heroes": "Yes"})
    assert (settings.treasure_counts, settings.unique_heroes) == (False, True)


@pytest.mark.parametrize(
    ("values", "message"),
    [({"colour": "red"}, "unknown setting"), ({"steal_first": "maybe"}, "yes or no")],
)
def test_unreadable_settings_are_refused(values: dict[str, str], message: str) -> None:
    with pytest.raises(SettingError, match=message):
        Settings.from_options(values)


def test_a_treasure_pays_a_lost_fortune_when_there_is_no_token() -> None:
    table = Table(top=["Pirates"]).give(ALI, "Gold & Silver").say("1", "1")
    assert table.player(ALI).treasures == []
    assert "paid_treasure" in table.kinds()


def test_treasure_is_kept_when_only_tokens_pay() -> None:
    table = Table(top=["Pirates"], pay_with_treasure=False).give(ALI, "Gold & Silver")
    table.say("1", "1")
    assert table.player(ALI).treasures == ["Gold & Silver"]
    assert "nothing_to_pay" in table.kinds()


def test_heroes_are_unique_unless_set_otherwise() -> None:
    pack = load_pack()
    players = [("Ali", "Antar"), ("Sara", "Antar")]
    with pytest.raises(IllegalAction):
        new_game(pack, players, random.Random(1))
    state, _ = new_game(pack, players, random.Random(1), Settings(unique_heroes=False))
    assert [p.hero for p in state.players] == ["Antar", "Antar"]
