"""How the Samarande dialogue speaks and what it hears: phrase sets and spoken words."""

from __future__ import annotations

import functools

from companion.games.samarande.catalogue import Catalogue
from companion.games.samarande.rules import District, Player
from companion.phrases import PhraseSet, number_to_words

ROLL_FOR_ME = "roll"

DICE = PhraseSet.numbers(
    range(1, 7), templates=["{n}", "[i] rolled [a|an] {n}", "a {n}", "[it is] [a] {n}"]
) | PhraseSet.from_templates(
    {ROLL_FOR_ME: ["roll for me", "you roll", "roll [it|the die] [for me]", "random"]},
    labels={ROLL_FOR_ME: "roll for me"},
)

CANCEL = PhraseSet.from_templates(
    {"cancel": ["cancel", "never mind", "forget it", "take it back"]}, labels={"cancel": "cancel"}
)

_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"]


@functools.lru_cache(maxsize=64)
def action_phrases(catalogue: Catalogue, places: tuple[int, ...]) -> PhraseSet:
    """Everything a player may do in the actions phase, with these line places filled."""
    return _take_phrases(places) | _play_phrases(catalogue) | _TURN_PHRASES


def _take_phrases(places: tuple[int, ...]) -> PhraseSet:
    """Taking a face-up card: ``take card three``, ``the third card``."""
    choices = {
        f"take:{n}": [
            f"take [the] card [number] {number_to_words(n)}",
            f"take [the] card (in|at) [place|position] {number_to_words(n)}",
            f"take [the] (number|place|position) {number_to_words(n)}",
            f"take {number_to_words(n)}",
            f"[take] [the] {_ORDINALS[n - 1]} card",
            f"card {number_to_words(n)}",
        ]
        for n in places
    }
    return PhraseSet.from_templates(choices, labels={value: value for value in choices})


@functools.lru_cache(maxsize=4)
def _play_phrases(catalogue: Catalogue) -> PhraseSet:
    """Playing a card: ``play a palace``, or just its name."""
    choices = {
        f"play:{card.name}": [f"[play|place] [a|an|the] ({'|'.join(card.spoken_names)})"]
        for card in catalogue.cards
    }
    labels = {f"play:{card.name}": f"play {card.name}" for card in catalogue.cards}
    return PhraseSet.from_templates(choices, labels=labels)


_TURN_PHRASES = PhraseSet.from_templates(
    {
        "draw": ["draw [a card] [from the deck]", "take from the deck", "the deck"],
        "buy": ["buy [a|an|one] [action] point", "buy [one] more point"],
        "end": ["end [of] [my] turn", "done", "pass", "i am done", "finish [my] turn"],
    },
    labels={"draw": "draw from the deck", "buy": "buy a point", "end": "end turn"},
)


def counted(number: int, noun: str) -> str:
    """``counted(1, "card")`` -> ``"1 card"``; gold never takes an s."""
    plural = noun if number == 1 or noun == "gold" else noun + "s"
    return f"{number} {plural}"


def points(number: int) -> str:
    """``points(2)`` -> ``"2 action points"``."""
    return counted(number, "action point")


def split_artisan(value: str) -> tuple[int, str]:
    """An artisan answer ``"3:Jeweller"`` -> its district id and its name."""
    district, _, artisan = value.partition(":")
    return int(district), artisan


def labelled(options: dict[str, list[str]]) -> PhraseSet:
    """A phrase set whose options are listed by their first template."""
    labels = {value: templates[0] for value, templates in options.items()}
    return PhraseSet.from_templates(options, labels=labels)


def names_phrases(names: list[str], template: str = "{name}") -> PhraseSet:
    """One answer per player name, said as ``template`` with ``{name}`` in it."""
    return PhraseSet.from_templates(
        {name: template.replace("{name}", name) for name in names},
        labels={name: name for name in names},
    )


def district_label(player: Player, district: District) -> str:
    """``Palace``, or ``Palace two`` when the city has several palaces."""
    same = [d for d in player.city.districts if d.card == district.card]
    if len(same) == 1:
        return district.card
    return f"{district.card} {number_to_words(same.index(district) + 1)}"
