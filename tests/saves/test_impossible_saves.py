"""A save whose state cannot be played is refused with a reason, before anything is
written back: every game is checked, not only the one that already did it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli
from companion.cli.play import resume
from companion.framework.errors import SaveError
from companion.session.saves import SaveFile, write_save
from tests.saves.played import played_state


def reader_table(state: dict) -> dict:
    assert state["table"] is not None, "the players are at the table"
    return state["table"]


READER_DAMAGE = {
    "an unknown wealth": lambda s: reader_table(s)["players"][0].update(wealth="Emperor"),
    "an unknown position": lambda s: reader_table(s)["players"][0].update(position="Atlantis"),
    "an unknown skill": lambda s: reader_table(s)["players"][0]["skills"].update(Juggling="x"),
    "a treasure held twice": lambda s: [
        sheet.update(treasures=["Magic Carpet"]) for sheet in reader_table(s)["players"]
    ],
    "the turn of a seventh player": lambda s: reader_table(s).update(turn=6),
    "an unknown encounter card": lambda s: reader_table(s)["encounter_deck"].append("Yeti"),
    "two players of one name": lambda s: reader_table(s)["players"][1].update(
        name=reader_table(s)["players"][0]["name"]
    ),
}
OTHER_DAMAGE = {
    ("samarande", "the turn of a ninth vizier"): lambda s: s["table"].update(active=8),
    ("scheherazade", "the turn of a ninth player"): lambda s: s.update(current=8),
    ("tales-of-arabia", "the turn of a tenth hero"): lambda s: s["game"].update(current=9),
    ("tales-of-arabia", "an unknown hero"): lambda s: s["game"]["players"][0].update(hero="Zorro"),
    ("tales-of-arabia", "an unknown card"): lambda s: s["game"]["deck"].insert(0, "Poor"),
    ("tales-of-arabia", "a tenth player's task"): lambda s: s["game"]["order"].append(9),
}


def save_of(tmp_path: Path, game: str, state: dict) -> Path:
    path = tmp_path / "damaged.json"
    write_save(path, SaveFile(game=game, state=state))
    return path


@pytest.fixture(scope="module")
def reader_state() -> dict:
    return played_state("arabian-nights", answers=60)


@pytest.mark.parametrize("damage", READER_DAMAGE)
def test_an_impossible_reader_save_is_refused_and_left_alone(tmp_path, reader_state, damage):
    state = json.loads(json.dumps(reader_state))
    READER_DAMAGE[damage](state)
    path = save_of(tmp_path, "arabian-nights", state)
    kept = path.read_bytes()
    with pytest.raises(SaveError, match=r"damaged.json: .*(resume|twice|not in the pack|turn)"):
        resume(path)
    assert path.read_bytes() == kept


@pytest.mark.parametrize(("game", "damage"), OTHER_DAMAGE)
def test_an_impossible_save_of_every_game_is_refused(tmp_path, game, damage):
    state = played_state(game)
    OTHER_DAMAGE[game, damage](state)
    with pytest.raises(SaveError, match=r"damaged\.json: "):
        resume(save_of(tmp_path, game, state))


def test_the_undo_history_is_checked_too(tmp_path, reader_state):
    earlier = json.loads(json.dumps(reader_state))
    READER_DAMAGE["an unknown wealth"](earlier)
    path = tmp_path / "g.json"
    write_save(path, SaveFile(game="arabian-nights", state=reader_state, undo=[earlier]))
    with pytest.raises(SaveError, match="Emperor"):
        resume(path)


def test_resume_of_an_impossible_save_is_a_message_not_a_traceback(tmp_path, reader_state, capsys):
    state = json.loads(json.dumps(reader_state))
    READER_DAMAGE["an unknown wealth"](state)
    path = save_of(tmp_path, "arabian-nights", state)
    assert cli.main(["play", "--typed", "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert "'Emperor' is not in the pack" in err and "Traceback" not in err
