"""Whole nights played from typed scripts, by the rulebook's turn, in English and Spanish."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions
from companion.framework.errors import IllegalAction, SetupError
from companion.framework.telling_turn import TypedTellingListener
from companion.games.scheherazade.game import GAME
from companion.games.scheherazade.rules import Action
from companion.games.scheherazade.rules.sultan import TellingReport
from companion.session.loop import run_typed
from testkit.typed_answers import answer_typed

from .conftest import rulebook_storyteller

TWO = [("Ali", "m"), ("Bea", "f")]
SOLO = [("Ali", "m")]


def new_game(seed: int = 0, players=TWO, **settings: str):
    return GAME.new(GameOptions(seed=seed, players=players, settings=settings))


def play(dialogue, lines, tmp_path: Path) -> list[str]:
    """Run a typed session where answers and tellings share one script."""
    script = iter(lines)
    listener = TypedTellingListener(script)
    return run_typed(dialogue, GAME, script, tmp_path / "night.json", telling_listener=listener)


def say(dialogue, *lines: str | TellingReport) -> list:
    """Answer as a player would say each line (a telling step takes its report)."""
    speeches = []
    for line in lines:
        if isinstance(line, TellingReport):
            speeches = dialogue.answer(line.answer())
        else:
            speeches = answer_typed(dialogue, line)
    return speeches


def starting_with(printed: list[str], *prefixes: str) -> list[str]:
    return [line for line in printed if line.startswith(prefixes)]


def test_a_solo_night_with_the_companions_deck_is_won_by_the_rulebooks_turn(tmp_path):
    dialogue = new_game(seed=4, players=SOLO, cards="companion")
    printed = play(dialogue, rulebook_storyteller(dialogue), tmp_path)
    assert printed[-1].endswith("You win!")
    assert len(starting_with(printed, "The ") and [p for p in printed if "is complete!" in p]) == 4
    assert starting_with(printed, "You discard ")[0].endswith(
        "Scheherazade loses 1 Hope; Hope is 5."
    )
    assert starting_with(printed, "You use search with a strength of")
    assert starting_with(printed, "Ali draws ")  # the rulebook's draw: one card kept
    assert starting_with(printed, "The Sultan grows bored") and starting_with(printed, "Queen")
    assert starting_with(printed, "Your hand: ")
    assert not starting_with(printed, "The Sultan never heard")
    assert dialogue.table.tales and len(dialogue.state.night.hands[0]) >= 5


def test_the_same_night_in_spanish_counts_the_cards_named_in_spanish(tmp_path):
    dialogue = new_game(seed=4, players=SOLO, cards="companion", lang="es")
    printed = play(dialogue, rulebook_storyteller(dialogue), tmp_path)
    assert printed[-1] == (
        "Cuatro cuentos, uno de cada color. El sultán, encantado, indulta a Schehrazada. "
        "¡Habéis ganado!"
    )
    assert len([line for line in printed if "está completo!" in line]) == 4
    assert starting_with(printed, "Descartas ")[0].endswith("la Esperanza queda en 5.")
    assert starting_with(printed, "Usas buscar con fuerza")
    assert starting_with(printed, "El sultán oyó hablar de ")
    assert not starting_with(printed, "El sultán nunca oyó")
    assert starting_with(printed, "Soy Schahriar")
    assert any("Reglas de la casa" in line for line in printed)


NAMES = {"bagdad", "damasco", "mascate", "lhasa", "babá"}


def spanish_forms(word: str) -> str:
    """A plural, as a Spanish storyteller would say it (not the key word itself)."""
    if word in NAMES:
        return word
    return word + ("s" if word[-1] in "aeiouáéó" else "es")


def test_a_spanish_telling_counts_plurals_of_the_card(tmp_path):
    dialogue = new_game(seed=4, players=SOLO, cards="companion", lang="es")
    heard: list[str] = []

    def tellings():
        while True:
            keyword = dialogue.step().telling.keywords[0]
            heard.append(spanish_forms(keyword))
            yield [f"speak 20 y entonces aparecieron {heard[-1]}", "fin"]

    printed = play(dialogue, rulebook_storyteller(dialogue, tellings()), tmp_path)
    assert len(heard) >= 16
    assert not starting_with(printed, "El sultán nunca oyó")
    assert printed[-1].endswith("¡Habéis ganado!")


def printed_night(lang: str = "en"):
    """Two storytellers with the printed cards: Bea is the oldest; a queen is set aside
    at the deal; Hope goes on search and draw; Bea searches (her hand goes over its
    limit), Ali discards and his draw meets a Sultan and a queen; four tales are told."""
    spanish = lang == "es"
    yield "Bea"
    yield "reina" if spanish else "queen"
    yield "hecho" if spanish else "done"
    yield from (["buscar", "robar"] if spanish else ["search", "draw"]) * 4
    yield "uso buscar" if spanish else "use search"
    done = "hecho" if spanish else "done"
    end = "fin" if spanish else "the end"
    kinds = ["character", "place", "artifact", "event"]
    es_kinds = {
        "character": "personaje",
        "place": "lugar",
        "artifact": "artefacto",
        "event": "suceso",
    }
    es_colours = {"red": "rojo", "blue": "azul", "green": "verde", "yellow": "amarillo"}
    first = True
    for colour in ("red", "blue", "green", "yellow"):
        for kind in kinds:
            yield f"{es_kinds[kind]} {es_colours[colour]}" if spanish else f"{colour} {kind}"
            yield "empiezo" if spanish else "begin"
            yield "speak 30 a tale"
            yield end
            if not first:  # Bea's hand is over its limit after her search: no draw
                yield done
            first = False
            if (colour, kind) == ("red", "character"):
                yield "descarto" if spanish else "discard"
                yield "basta" if spanish else "stop"
                yield from (["sultán", "reina"] if spanish else ["sultan", "queen"])
                yield done
        kinds = kinds[1:] + kinds[:1]


def test_printed_cards_play_a_whole_night_by_the_rulebook(tmp_path):
    dialogue = new_game()
    printed = play(dialogue, printed_night(), tmp_path)
    assert "The oldest storyteller begins. Who is the oldest: Ali or Bea?" in printed
    assert "Bea begins, and play goes clockwise." in printed
    assert "Set aside: queen, without effect." in printed
    assert "The deck holds 72 cards." in printed  # 83 − 1 set aside − 2 hands of 5
    assert "You use search with a strength of 4; Hope is 9." in printed
    assert "Take 4 story cards of your choice from the deck, then shuffle it." in printed
    assert "If you hold more than 5 cards, discard the extra ones; no Hope is lost." in printed
    assert (
        "You discard a card; if it is an artifact, apply its effect now. Scheherazade loses 1 "
        "Hope; Hope is 8." in printed
    )
    assert "The Sultan grows bored: Scheherazade loses 1 Hope. Hope is 7." in printed
    assert printed[-1].endswith("You win!")
    assert dialogue.table.tales == ["red", "blue", "green", "yellow"]


def test_printed_cards_in_spanish(tmp_path):
    dialogue = new_game(lang="es")
    printed = play(dialogue, printed_night("es"), tmp_path)
    assert "Empieza el narrador de más edad. ¿Quién es el mayor: Ali o Bea?" in printed
    assert "Apartada: reina, sin efecto." in printed
    assert "Usas buscar con fuerza 4; la Esperanza queda en 9." in printed
    assert "El sultán se aburre: Schehrazada pierde 1 de Esperanza. La Esperanza queda en 7." in (
        printed
    )
    assert printed[-1].endswith("¡Habéis ganado!")


def test_a_card_the_rules_forbid_is_refused_and_nothing_changes():
    dialogue = new_game()
    say(dialogue, "Ali", "done", *["draw"] * 8, "red place", "begin")
    say(dialogue, TellingReport(seconds=9, spoken_seconds=9, ended_by="phrase"))
    say(dialogue, "done")
    with pytest.raises(IllegalAction, match="A place cannot follow a place"):
        say(dialogue, "blue place")
    assert len(dialogue.table.row) == 1


def test_a_printed_special_place_asks_for_the_queens_and_a_protagonist_offers_a_free_action():
    dialogue = new_game()
    say(dialogue, "Ali", "done", *["draw"] * 8, "red place baghdad")
    assert dialogue.state.phase == "queens"
    say(dialogue, "none")
    assert dialogue.state.phase == "ready"
    dialogue.state.phase = "play"
    say(dialogue, "red character ali baba")
    assert dialogue.step().prompt.startswith("The red character ali baba is a protagonist")
    speeches = say(dialogue, "draw")
    assert speeches[0].text == "A protagonist! You use draw for free, with a strength of 8."
    assert dialogue.table.hope_on[Action.DRAW] == 8


def test_a_group_with_the_companions_deck_sees_each_hand_on_its_own_screen(tmp_path):
    dialogue = new_game(seed=2, cards="companion")
    dialogue.use_screens(True)  # the table display runs
    say(dialogue, "Bea", *["search", "draw"] * 4)
    hands = dialogue.state.night.hands
    names = [dialogue.deck.element(code).name for hand in hands for code in hand]
    assert dialogue.private_view("Ali")[0].startswith("Your hand: ")
    assert all(
        dialogue.deck.element(code).name in dialogue.private_view("Bea")[0] for code in hands[1]
    )
    assert not any(
        dialogue.deck.element(code).name in dialogue.private_view("Bea")[0] for code in hands[0]
    )
    printed = play(dialogue, rulebook_storyteller(dialogue), tmp_path)
    assert "Bea, your hand is on your own screen." in printed
    assert not [line for line in printed if line.startswith("Your hand")]
    drawn = [line for line in printed if line.startswith(("Ali, you drew", "Bea, you drew"))]
    assert drawn and all("see them on your screen" in line for line in drawn)
    assert not any(line.startswith(("Ali draws the", "Bea draws the")) for line in printed)
    assert names and dialogue.finished


def test_a_group_may_choose_to_hear_its_hands():
    dialogue = new_game(seed=2, cards="companion", hands="spoken")
    say(dialogue, "Bea", *["search", "draw"] * 3, "search")
    speeches = say(dialogue, "draw")
    assert speeches[-1].text.startswith("Your hand: ")


def test_the_deal_discards_other_cards_without_effect():
    dialogue = new_game(seed=1, players=SOLO, cards="companion")
    opening = [speech.text for speech in dialogue.opening()]
    set_aside = [line for line in opening if line.startswith("Dealt and discarded")]
    assert set_aside, opening
    assert "Scheherazade starts with 6 Hope" in opening[1]
    assert dialogue.table.hope == 1 and dialogue.table.hope_to_place == 5


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"turn_seconds": "abc"}, "turn_seconds=abc: give a number of seconds greater than 0"),
        ({"turn_seconds": "0"}, "turn_seconds=0: give a number of seconds greater than 0"),
        ({"silence_seconds": "-3"}, "silence_seconds=-3: give a number"),
        ({"mention_rule": "maybe"}, "mention_rule=maybe: say on or off"),
        ({"lang": "fr"}, "lang=fr: choose en or es"),
        ({"warn_seconds": "100"}, "warn_seconds must be shorter than turn_seconds"),
        ({"colour": "red"}, "unknown setting colour; known: allies, cards"),
        ({"hands": "secret"}, "hands=secret: choose auto or spoken or screen"),
    ],
)
def test_wrong_settings_are_one_plain_line(setting, message):
    with pytest.raises(SetupError, match=message) as refused:
        new_game(**setting)
    assert "\n" not in str(refused.value) and "http" not in str(refused.value)


def test_the_command_line_prints_one_line_for_a_bad_setting():
    command = [sys.executable, "-m", "companion", "play", "--game", "scheherazade", "--typed"]
    result = subprocess.run(
        [*command, "--set", "turn_seconds=abc", "--players", "Ali:m", "--new"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == (
        "companion play: error: turn_seconds=abc: give a number of seconds greater than 0\n"
    )


def test_house_rules_are_announced_before_the_first_telling_and_each_can_be_switched_off():
    dialogue = new_game()
    assert len(" ".join(s.text for s in dialogue.opening()).split()) < 80
    say(dialogue, "Ali", "done", *["draw"] * 8, "red place")
    first = dialogue.step().prompt
    assert first.startswith("House rules of this companion, not of the rulebook: 90 seconds")
    assert first.endswith("Say begin when you are ready.")
    told = TellingReport(seconds=9, spoken_seconds=9, ended_by="phrase")
    say(dialogue, "begin", told, "done", "blue artifact")
    assert not dialogue.step().prompt.startswith("House rules")
    relaxed = new_game(timer="off", nudges="off", mention_rule="off")
    say(relaxed, "Ali", "done", *["draw"] * 8, "red place")
    assert relaxed.step().prompt.startswith(
        "Tonight I play by the rulebook only: no timer and no penalties of mine."
    )
    say(relaxed, "begin")
    step = relaxed.step()
    assert step.prompt == "The Sultan listens. Begin."
    assert step.telling.turn_seconds is None and step.telling.silence_seconds is None


def test_a_forgotten_card_costs_hope_unless_the_house_rule_is_off():
    for rule, cost in (("on", 1), ("off", 0)):
        dialogue = new_game(mention_rule=rule)
        say(dialogue, "Ali", "done", *["draw"] * 8, "red place crowded bazaar", "begin")
        report = TellingReport(seconds=9, spoken_seconds=9, ended_by="phrase", long_silences=2)
        dialogue.answer(report.answer())
        assert dialogue.table.hope == 10 - cost - 1


def test_a_saved_night_resumes_at_the_same_step():
    dialogue = new_game(seed=5, players=SOLO, cards="companion")
    say(dialogue, *["search"] * 5)
    restored = GAME.restore(dialogue.to_save())
    assert restored.step().prompt == dialogue.step().prompt
    assert restored.state.night.hands == dialogue.state.night.hands


def test_status_tells_hope_on_each_card_tales_deck_and_hands():
    dialogue = new_game()
    say(dialogue, "Ali", "done", *itertools.islice(itertools.cycle(["draw", "search"]), 8))
    assert dialogue.status("Bea") == (
        "Hope 10 of 20: draw 4, search 4 and Scheherazade 2. Tales told: none yet. "
        "The open tale holds: nothing. The deck has 73 cards. Bea holds 5 cards, hand limit 5."
    )
    assert dialogue.whose_turn() == "It is Ali's turn to be Scheherazade."


@pytest.mark.slow
def test_a_spoken_spanish_telling_names_its_card_in_spanish(tmp_path, speech_wav, spanish_whisper):
    from companion.voice.telling_listener import AudioTellingListener, wav_file_opener

    dialogue = new_game(seed=0, players=SOLO, cards="companion", lang="es")
    say(dialogue, *["buscar", "robar"] * 2, "buscar")
    desert = "red/place/desert"
    dialogue.state.night.hands[0][0] = desert
    dialogue.answer(Answer.of("play", card=desert))
    wav = speech_wav(
        "desierto",
        ["Hace mucho tiempo, cruzaron el desierto rojo sin agua.", 2.0, "Fin."],
        voice="es",
    )
    listener = AudioTellingListener(wav_file_opener([wav]), spanish_whisper)
    printed = run_typed(dialogue, GAME, ["empiezo"], tmp_path / "n.json", telling_listener=listener)
    assert "El sultán oyó hablar del desierto rojo." in printed


def test_the_command_line_speaks_spanish_with_lang_es(tmp_path):
    command = [sys.executable, "-m", "companion", "play", "--game", "scheherazade", "--typed"]
    save = ["--save", str(tmp_path / "noche.json")]
    result = subprocess.run(
        [*command, "--lang", "es", "--players", "Ali:m", "--seed", "1", *save],
        input="save and quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Soy Schahriar, vuestro sultán.")
    assert "Baraja las 64 cartas de narración con 8 cartas del sultán" in result.stdout


def test_a_spanish_table_is_counted_named_and_asked_for_its_oldest(tmp_path):
    dialogue = GAME.new(GameOptions(seed=0, settings={"lang": "es"}))
    lines = ["dos narradores", "Ana", "Luis", "Luis", "reloj de arena", "hecho", "robar"]
    printed = play(dialogue, lines, tmp_path)
    assert "¿Cuántos narradores hay esta noche, de uno a cuatro?" in printed
    assert "¿Cómo se llama el narrador número dos?" in printed
    assert "Empieza Luis, y se sigue en el sentido de las agujas del reloj." in printed
    assert "Apartada: reloj de arena, sin efecto." in printed
    assert dialogue.players == ["Ana", "Luis"] and dialogue.state.first == 1
    assert dialogue.table.hope_on[Action.DRAW] == 1


@pytest.mark.slow
def test_spanish_answers_are_heard_by_multilingual_whisper(speech_wav, spanish_whisper):
    from companion.voice.audio import read_wav
    from companion.voice.recognizers import make_recognizer

    recognizer = make_recognizer("auto", language="es")
    dialogue = new_game(lang="es")
    say(dialogue, "Ali", "hecho")
    hope = dialogue.step().expects
    heard = {}
    for said in ("buscar", "Schehrazada"):
        wav = speech_wav(f"respuesta-{said}", [said], voice="es")
        heard[said] = hope.match(recognizer.recognize(read_wav(wav), hope).text).value["action"]
    assert heard == {"buscar": "search", "Schehrazada": "scheherazade"}


def test_the_deal_and_draw_instructions_are_read_once_then_the_question_is_short():
    dialogue = new_game()
    told = TellingReport(seconds=9, spoken_seconds=9, ended_by="phrase")
    say(dialogue, "Ali")
    assert dialogue.step().prompt.startswith("Shuffle the 64 story cards")
    say(dialogue, "queen")
    assert dialogue.step().prompt == "Name the next card you set aside, or say done."
    say(dialogue, "done", *["draw"] * 8, "red place", "begin", told)
    assert dialogue.step().prompt.startswith("Ali, draw: 1 missing.")
    say(dialogue, "sultan")
    assert dialogue.step().prompt == (
        "Name the next card you draw. Say done when you have kept your card."
    )
    say(dialogue, "done", "red artifact", "begin", told)
    assert dialogue.step().prompt.startswith("Bea, draw: 1 missing.")


def test_what_is_in_my_hand_is_a_question_beside_the_cards_never_one_of_them():
    dialogue = new_game(seed=4, players=SOLO, cards="companion")
    while dialogue.phase() == "hope":
        say(dialogue, "search")
    step = dialogue.step()
    assert dialogue.phase() == "play" and Answer("hand") not in step.expects.values
    assert step.commands.match("what is in my hand").value == Answer("hand")
    assert dialogue.answer(Answer("hand"))[-1].text.startswith("Your hand: ")
