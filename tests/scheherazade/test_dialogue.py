"""Whole nights played from typed scripts: story prompts and printed cards."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from companion.cli import ArgumentError
from companion.dialogue import GameOptions, InvalidAnswer
from companion.games.scheherazade.dialogue import ScheherazadeDialogue, SettingsError
from companion.games.scheherazade.game import GAME
from companion.games.scheherazade.telling import TellingReport
from companion.session import run_typed
from companion.telling import TypedTellingListener
from companion.voice.telling import AudioTellingListener, wav_file_opener

from .conftest import good_storyteller

THREE = [("Ali", "m"), ("Bea", "f"), ("Cem", "m")]


def new_game(seed: int = 0, players=THREE, **settings: str) -> ScheherazadeDialogue:
    return GAME.new(GameOptions(seed=seed, players=players, settings=settings))


def play(dialogue, lines, tmp_path: Path) -> list[str]:
    """Run a typed session where answers and tellings share one script."""
    script = iter(lines)
    listener = TypedTellingListener(script)
    return run_typed(dialogue, GAME, script, tmp_path / "night.json", telling_listener=listener)


def test_good_tellings_win_the_night(tmp_path):
    dialogue = new_game(seed=0)
    printed = play(dialogue, good_storyteller(dialogue), tmp_path)
    assert printed[-1].endswith("You win!")
    completed = [line for line in printed if "tale" in line and "is complete!" in line]
    assert len(completed) == 4
    assert dialogue.finished and dialogue.table.outcome == "won"
    assert any(line.startswith("Ali, you are Scheherazade. Your element is") for line in printed)
    assert "The ifrit snatches the last element played: a broken promise." in printed


def test_an_empty_deck_loses_even_with_good_tellings(tmp_path):
    dialogue = new_game(seed=4)
    printed = play(dialogue, good_storyteller(dialogue), tmp_path)
    assert "The deck is empty" in printed[-1]
    assert dialogue.table.loss_reason == "deck"


def hesitant_storyteller():
    """Speaks a little, falls silent twice, never names the element."""
    while True:
        yield from ["begin", "speak 5 well", "silence 7", "speak 3 hmm", "silence 9", "the end"]


def test_silences_and_forgotten_elements_cost_hope_until_the_night_is_lost(tmp_path):
    dialogue = new_game(seed=0)
    printed = play(dialogue, hesitant_storyteller(), tmp_path)
    assert printed.count("The Sultan stirs…") == printed.count("The Sultan yawns…") >= 3
    assert any(line.startswith("The Sultan's patience wears thin") for line in printed)
    assert any(line.startswith("The Sultan never heard of") for line in printed)
    assert "Hope is gone" in printed[-1]
    assert (dialogue.table.outcome, dialogue.table.hope) == ("lost", 0)


def telling(**fields) -> str:
    values = {"seconds": 30.0, "spoken_seconds": 30.0, "ended_by": "phrase", **fields}
    return TellingReport(**values).to_value()


def tell(dialogue, **fields) -> list:
    """Say begin, then hand in a telling report with ``fields``."""
    assert dialogue.answer("begin") == []
    return dialogue.answer(telling(**fields))


def verdict(speeches) -> list[str]:
    """The Sultan's words about the telling (before the next turn's events)."""
    return [s.text for s in speeches if s.text.startswith(("The Sultan never", "The Sultan's"))]


def test_a_forgotten_element_costs_one_hope_and_one_long_silence_is_free():
    dialogue = new_game(seed=0)
    element = dialogue.state.pending.name
    speeches = tell(dialogue, long_silences=1)
    assert verdict(speeches) == [
        f"The Sultan never heard of {element}. Scheherazade loses 1 Hope; Hope is 11."
    ]


def test_the_mention_rule_can_be_switched_off():
    dialogue = new_game(seed=0, mention_rule="off")
    speeches = tell(dialogue, long_silences=2)
    assert verdict(speeches) == [
        "The Sultan's patience wears thin after two long silences. "
        "Scheherazade loses 1 Hope; Hope is 11."
    ]


def test_a_heard_element_is_acknowledged_after_the_turn():
    dialogue = new_game(seed=0)
    dialogue.answer("begin")
    spec, name = dialogue.step().telling, dialogue.state.pending.name
    speeches = dialogue.answer(telling(keywords_heard=[spec.keywords[0]]))
    assert speeches[0].text == f"The Sultan heard of {name}."


def test_dawn_ends_a_telling_that_runs_out_of_time(tmp_path):
    dialogue = new_game(seed=0, turn_seconds="30")
    printed = play(dialogue, ["begin", "speak 20 a lamp", "speak 20 more and more"], tmp_path)
    assert "10 seconds before dawn." in printed
    assert "Dawn breaks… The Sultan rises; the telling is over." in printed


def test_the_clock_waits_for_begin_and_a_telling_must_be_a_report():
    dialogue = new_game()
    assert dialogue.step().prompt.endswith("Weave it into the tale. Say begin when you are ready.")
    assert dialogue.step().telling is None
    with pytest.raises(InvalidAnswer, match="Say begin when you are ready"):
        dialogue.answer("once upon a time")
    dialogue.answer("begin")
    assert dialogue.step().prompt == "You have 90 seconds before dawn. Begin."
    with pytest.raises(InvalidAnswer, match="finish with: the end"):
        dialogue.answer("once upon a time")


def test_a_saved_night_resumes_at_the_same_telling():
    dialogue = new_game(seed=5)
    tell(dialogue)
    dialogue.answer("begin")
    restored = GAME.restore(dialogue.to_save())
    assert restored.step().prompt == dialogue.step().prompt
    assert restored.step().telling == dialogue.step().telling


def test_the_storytellers_are_asked_for_when_not_given(tmp_path):
    dialogue = new_game(players=[])
    printed = play(dialogue, ["two", "Ali", "Bea", "begin", "speak 5 once", "the end"], tmp_path)
    assert "How many storytellers are here tonight, from one to four?" in printed
    assert "What is the name of storyteller 2?" in printed
    assert dialogue.player_names() == ["Ali", "Bea"]
    after_names = printed[printed.index("What is the name of storyteller 2?") + 1]
    assert "Scheherazade starts with 10 Hope" in after_names


def test_unknown_settings_are_refused_by_name():
    with pytest.raises(ArgumentError, match="unknown setting colour; known: cards"):
        new_game(colour="red")


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"cards": "tarot"}, "cards"),
        ({"turn_seconds": "soon"}, "turn_seconds"),
        ({"mention_rule": "maybe"}, "mention_rule"),
    ],
)
def test_wrong_setting_values_are_refused(settings, message):
    with pytest.raises(SettingsError, match=message):
        ScheherazadeDialogue.new(GameOptions(seed=1, players=THREE, settings=settings))


def test_five_storytellers_are_too_many():
    with pytest.raises(ArgumentError, match="1 to 4 storytellers, not 5"):
        new_game(players=[(name, "m") for name in "ABCDE"])


# -- printed cards --------------------------------------------------------------------------

TWO = [("Ali", "m"), ("Bea", "f")]


def printed_game(**settings: str) -> ScheherazadeDialogue:
    return new_game(players=TWO, cards="printed", **settings)


def test_illegal_cards_are_refused_plainly(tmp_path):
    dialogue = printed_game()
    lines = [
        "queen",
        "done",  # a queen set aside while dealing
        "red place Baghdad",
        "begin",
        "we reached Baghdad at night. The end.",
        "done",
        "blue place",
        "green anchor",  # a place after a place, twice
    ]
    printed = play(dialogue, lines, tmp_path)
    refusal = (
        "You cannot play the {}: a place cannot follow a place: "
        "the type must change from one element to the next."
    )
    assert refusal.format("blue place") in printed
    assert refusal.format("green place") in printed
    assert "The Sultan heard of the red place baghdad." in printed
    assert [card.label for card in dialogue.table.row] == ["red place baghdad"]
    assert dialogue.state.counted.deck_count == 83 - 1 - 2 * 5 - 1


def test_the_colour_of_a_finished_tale_cannot_follow_it():
    dialogue = printed_game()
    dialogue.answer("done")
    for kind in ("character", "place", "artifact", "event"):
        dialogue.answer(f"play:red:{kind}")
        tell(dialogue)
        dialogue.answer("done")
    with pytest.raises(InvalidAnswer, match="the red tale has just been completed"):
        dialogue.answer("play:red:character")


def printed_victory_script():
    yield "done"
    kinds = ["character", "place", "artifact", "event"]
    for colour in ("red", "blue", "green", "yellow"):
        for kind in kinds:
            yield f"{colour} {kind}"
            yield "begin"
            yield "speak 30 a tale. The end."
            yield "done"
        kinds = kinds[1:] + kinds[:1]


def test_printed_cards_win_with_four_tales(tmp_path):
    dialogue = printed_game()
    printed = play(dialogue, printed_victory_script(), tmp_path)
    assert printed[-1].endswith("You win!")
    assert dialogue.table.tales == ["red", "blue", "green", "yellow"]


def test_printed_cards_lose_when_hope_runs_out(tmp_path):
    dialogue = printed_game()
    turns = itertools.chain(["done"], itertools.cycle(["discard", "sultan card", "done"]))
    printed = play(dialogue, turns, tmp_path)
    assert "You discard a card. Scheherazade loses 1 Hope; Hope is 9." in printed
    assert "The Sultan grows bored: Scheherazade loses 1 Hope. Hope is 8." in printed
    assert "Hope is gone" in printed[-1]


def test_printed_events_are_announced_with_what_to_do(tmp_path):
    dialogue = printed_game()
    lines = ["done", "red place", "begin", "the end"]
    lines += ["hourglass", "ifrit", "roc", "bahamut", "queen"]
    printed = play(dialogue, lines, tmp_path)
    assert "The hourglass: time slips away. Discard 8 cards from the top of the deck." in printed
    assert "The ifrit snatches the last element played: the red place. Discard it." in printed
    assert "The roc carries off the discard pile: 11 cards gone. Remove them from the game." in (
        printed
    )
    assert "Bahamut stirs the sea: each storyteller discards one card at random." in printed
    assert "Queen Scheherazade's favour: 1 Hope more. Hope is 11." in printed
    assert dialogue.state.counted.hands == [3, 4]


@pytest.mark.slow
def test_a_spoken_telling_with_two_long_silences_costs_hope_but_names_its_element(
    tmp_path, speech_wav, whisper
):
    dialogue = new_game(seed=0)
    element = dialogue.deck.element(dialogue.state.pending_code)
    word = element.keywords[0]
    wav = speech_wav(
        "night",
        [f"Long ago there was a {word}.", 7.5, f"Everyone spoke of the {word}.", 7.5, "The end."],
    )
    listener = AudioTellingListener(wav_file_opener([wav]), whisper)
    night = tmp_path / "night.json"
    printed = run_typed(dialogue, GAME, ["begin"], night, telling_listener=listener)
    told = printed.index("You have 90 seconds before dawn. Begin.")
    assert printed[told + 1 : told + 5] == [
        "The Sultan stirs…",
        "The Sultan yawns…",
        f"The Sultan heard of {element.name}.",
        "The Sultan's patience wears thin after two long silences. "
        "Scheherazade loses 1 Hope; Hope is 11.",
    ]


def test_status_tells_hope_tales_deck_and_hands():
    dialogue = printed_game()
    assert dialogue.status() == (
        "Hope 10 of 20. Tales told: none yet. The open tale holds: nothing. "
        "The deck has 83 cards. Ali holds 0 cards, hand limit 5."
    )
    dialogue.answer("done")
    dialogue.answer("play:red:place:baghdad")
    assert dialogue.status("Bea").endswith(
        "The open tale holds: red place. The deck has 73 cards. Bea holds 5 cards, hand limit 5."
    )
    assert dialogue.whose_turn() == "It is Ali's turn to be Scheherazade."
    prompts = new_game(seed=0)
    assert "Hope 12 of 20" in prompts.status() and "hand limit" not in prompts.status()


def test_each_event_tells_the_hope_it_left(tmp_path):
    dialogue = new_game(seed=2, players=[("Ali", "m")])
    printed = play(dialogue, ["begin", "speak 10 a tale", "the end"], tmp_path)
    bored = [line for line in printed if line.startswith("The Sultan grows bored")]
    hopes = [int(line.rsplit(" ", 1)[1].rstrip(".")) for line in bored]
    assert len(hopes) >= 2
    assert hopes == list(range(hopes[0], hopes[0] - len(hopes), -1))
