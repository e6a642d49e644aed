"""Answers a storyteller naturally gives, played through the real session: each is taken,
or refused with what would work, never only "Sorry, I did not catch that"."""

from __future__ import annotations

from pathlib import Path

from companion.framework.dialogue import GameOptions
from companion.framework.telling_turn import TypedTellingListener
from companion.games.scheherazade.game import GAME
from companion.session.loop import run_typed

NOT_CAUGHT = ("Sorry, I did not catch that.", "Perdón, no lo he entendido.")

# Solo, seed 4, our deck: five Hope on search, one search of five "any" cards, then the
# one-eyed thief told: the hand ends at ten cards, four over its limit of six.
OVER_THE_LIMIT = [
    *["search"] * 5, "use search", *["any"] * 5, "thief", "begin", "the thief ran. the end",
]  # fmt: skip


def night(lines: list[str], tmp_path: Path, players=(("Ali", "m"),), **settings: str) -> list[str]:
    dialogue = GAME.new(GameOptions(seed=4, players=players, settings=settings))
    script = iter(lines)
    listener = TypedTellingListener(script)
    return run_typed(dialogue, GAME, script, tmp_path / "night.json", telling_listener=listener)


def test_the_cards_over_the_limit_are_named_without_a_verb_with_their_article(tmp_path):
    said = ["a curse", "the mermaid", "the sultan", "discard the wedding"]
    printed = night([*OVER_THE_LIMIT, *said], tmp_path, cards="companion")
    assert not set(NOT_CAUGHT) & set(printed), "\n".join(printed)
    gone = [line for line in printed if line.endswith("goes to the discard pile.")]
    assert gone == [
        "A curse goes to the discard pile.",
        "The mermaid goes to the discard pile.",
        "The sultan goes to the discard pile.",
        "A wedding goes to the discard pile.",
    ]


def test_spanish_cards_over_the_limit_are_named_with_their_article(tmp_path):
    spanish = [
        *["buscar"] * 5, "uso buscar", *["cualquiera"] * 5, "el ladrón tuerto", "empiezo",
        "el ladrón tuerto huyó. fin",
        "una maldición", "la sirena", "el sultán", "la boda",
    ]  # fmt: skip
    printed = night(spanish, tmp_path, cards="companion", lang="es")
    assert not set(NOT_CAUGHT) & set(printed), "\n".join(printed)
    assert "La sirena va a la pila de descartes." in printed


def test_a_table_of_five_hears_why_not_in_either_language(tmp_path):
    spanish = night(["cinco"], tmp_path, players=(), lang="es")
    assert "Cinco no. Di un número de uno a cuatro: la tabla del reglamento" in " ".join(spanish)
    english = night(["five"], tmp_path, players=())
    assert "Not five. Say a number from one to four: the rulebook's table" in " ".join(english)


def test_parar_ends_the_free_exchange_after_a_spanish_discard(tmp_path):
    hope = ["robar"] * 5
    printed = night([*hope, "descarto la boda", "parar", "el sultán"], tmp_path, lang="es",
                    cards="companion")  # fmt: skip
    assert not set(NOT_CAUGHT) & set(printed), "\n".join(printed)
