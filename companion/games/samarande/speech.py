"""How the Samarande dialogue speaks and what it hears: phrase sets and spoken words."""

from __future__ import annotations

import functools
from collections import Counter

from companion.framework.answers import Answer
from companion.framework.dialogue import YES_NO
from companion.framework.kit import number_phrases
from companion.framework.phrases import PhraseSet, literal, number_to_words
from companion.framework.wording import spoken_list
from companion.games.samarande.content.catalogue import FIGURE_RANGES, KINDS, Catalogue
from companion.games.samarande.rules import District, Player

CANCEL = PhraseSet.from_templates(
    {Answer("cancel"): ["cancel", "never mind", "forget it", "take it back"]},
    labels={Answer("cancel"): "cancel"},
)

#: What players call an unlisted card of each kind: "play an unlisted guard costing two".
UNLISTED_NOUNS = {"district": "district", "artisan": "artisan", "guard": "guard", "action": "card"}
#: The highest cost an unlisted card may be said to have.
MOST_UNLISTED_COST = 6

_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"]


@functools.lru_cache(maxsize=64)
def action_phrases(catalogue: Catalogue, places: tuple[int, ...]) -> PhraseSet:
    """Everything a player may do in the actions phase, with these line places filled."""
    return (
        _take_phrases(places)
        | _play_phrases(catalogue)
        | _cost_phrases(catalogue)
        | _UNLISTED_PHRASES
        | _TURN_PHRASES
    )


def _take_phrases(places: tuple[int, ...]) -> PhraseSet:
    """Taking a face-up card: ``take card three``, ``the third card``."""
    choices = {
        Answer.of("take", place=n): [
            f"take [the] card [number] {number_to_words(n)}",
            f"take [the] card (in|at) [place|position] {number_to_words(n)}",
            f"take [the] (number|place|position) {number_to_words(n)}",
            f"take {number_to_words(n)}",
            f"[take] [the] {_ORDINALS[n - 1]} card",
            f"card {number_to_words(n)}",
        ]
        for n in places
    }
    labels = {value: f"take card {number_to_words(value['place'])}" for value in choices}
    return PhraseSet.from_templates(choices, labels=labels)


@functools.lru_cache(maxsize=4)
def _play_phrases(catalogue: Catalogue) -> PhraseSet:
    """Playing a card: ``play a palace``, or just its name."""
    listed = [card for card in catalogue.cards if not card.unlisted]
    choices = {
        Answer.of("play", card=card.name): [
            f"[play|place] [a|an|the] ({'|'.join(card.spoken_names)})"
        ]
        for card in listed
    }
    labels = {Answer.of("play", card=card.name): f"play {card.name}" for card in listed}
    return PhraseSet.from_templates(choices, labels=labels)


@functools.lru_cache(maxsize=16)
def _cost_phrases(catalogue: Catalogue) -> PhraseSet:
    """Stating a printed cost the list lacks: ``the palace costs two``."""
    costs = FIGURE_RANGES["cost"]
    choices = {
        Answer.of("cost", card=card.name, cost=n): [
            f"[the] ({'|'.join(card.spoken_names[:2])}) costs {number_to_words(n)}"
        ]
        for card in catalogue.cards
        if "cost" in card.missing
        for n in costs
    }
    labels = {value: f"the {value['card']} costs N" for value in choices}
    return PhraseSet.from_templates(choices, labels=labels)


def unlisted_name(kind: str, cost: int) -> str:
    """``unlisted_name("guard", 2)`` -> ``"Unlisted guard costing two"``."""
    return f"Unlisted {UNLISTED_NOUNS[kind]} costing {number_to_words(cost)}"


_UNLISTED_PHRASES = PhraseSet.from_templates(
    {
        Answer.of("unlisted", kind=kind, cost=n): [f"[play] [an] {unlisted_name(kind, n)}"]
        for kind in KINDS
        for n in range(MOST_UNLISTED_COST + 1)
    },
    labels={
        Answer.of("unlisted", kind=kind, cost=n): (
            f"play an unlisted {UNLISTED_NOUNS[kind]} costing N"
        )
        for kind in KINDS
        for n in range(MOST_UNLISTED_COST + 1)
    },
)

_TURN_PHRASES = PhraseSet.from_templates(
    {
        Answer("draw"): ["draw [a card] [from the deck]", "take from the deck", "the deck"],
        Answer("buy"): ["buy [a|an|one] [action] point", "buy [one] more point"],
        Answer("end"): ["end [of] [my] turn", "done", "pass", "i am done", "finish [my] turn"],
    },
    labels={
        Answer("draw"): "draw from the deck",
        Answer("buy"): "buy a point",
        Answer("end"): "end turn",
    },
)


def counted(number: int, noun: str) -> str:
    """``counted(1, "card")`` -> ``"1 card"``; gold never takes an s."""
    plural = noun if number == 1 or noun == "gold" else noun + "s"
    return f"{number} {plural}"


def points(number: int) -> str:
    """``points(2)`` -> ``"2 action points"``."""
    return counted(number, "action point")


def labelled(options: dict[Answer, list[str]]) -> PhraseSet:
    """A phrase set whose options are listed by their first template."""
    labels = {value: templates[0] for value, templates in options.items()}
    return PhraseSet.from_templates(options, labels=labels)


def names_phrases(names: list[str], template: str = "{name}") -> PhraseSet:
    """One answer per player name, said as ``template`` with ``{name}`` in it."""
    return PhraseSet.from_templates(
        {Answer(name): template.replace("{name}", literal(name)) for name in names},
        labels={Answer(name): name for name in names},
    )


def district_label(player: Player, district: District) -> str:
    """``Palace``, or, when the city has several palaces, what tells them apart:
    ``Palace with the Armourer``, ``empty Palace``. Cards carry no numbers, so two
    districts alike in everything get the same label (either one will do).
    """
    same = [d for d in player.city.districts if d.card == district.card]
    if len(same) == 1:
        return district.card
    if not district.artisans:
        return f"empty {district.card}"
    return f"{district.card} with {_residents(district.artisans)}"


def artisan_label(player: Player, district: District, artisan: str, among: list[District]) -> str:
    """An artisan of ``district``, told apart from the same artisans of ``among``:
    ``Armourer``, ``Armourer in the Souk``, ``Armourer in the Palace with the Jeweller``.
    """
    homes = [d for d in among for name in d.artisans if name == artisan]
    if len(homes) == 1:
        return artisan
    if sum(1 for d in homes if d.card == district.card) == 1:
        return f"{artisan} in the {district.card}"
    others = list(district.artisans)
    others.remove(artisan)
    alone = f"{artisan} alone in the {district.card}"
    return alone if not others else f"{artisan} in the {district.card} with {_residents(others)}"


def _residents(artisans: list[str]) -> str:
    """``the Armourer and two Jewellers``."""
    counts = Counter(artisans)
    return spoken_list(
        f"the {name}" if count == 1 else f"{number_to_words(count)} {name}s"
        for name, count in counts.items()
    )


def listed(prompt: str, labels: list[str], most: int = 8) -> str:
    """A question followed by its answers: ``Whom does it target? Say Zoe or Sam.``"""
    if not labels or len(labels) > most:
        return prompt
    return f"{prompt} Say {spoken_list(labels, 'or')}."


#: How each unknown figure is asked for: ``{card}`` is the card's name, ``{does}`` and
#: ``{be}`` agree with it.
FIGURE_QUESTIONS = {
    "cost": "What {does} the {card} cost? Say the number in its yellow box, zero to nine.",
    "capacity": "How many artisans does the {card} house? Count its heads, zero to three.",
    "fortified": "Is the {card} a fortified district? Yes or no.",
    "hand_limit_bonus": "By how many cards does the {card} raise the hand limit? Zero to four.",
    "coins": "How many gold does the {card} pay at each tax phase? One to three.",
    "guard_bonus": "What bonus {does} the {card} add to the protection? One to three.",
    "end_points": "How many renown points {be} the {card} worth at the end? Zero to ten.",
}


@functools.lru_cache(maxsize=8)
def figure_phrases(figure: str) -> PhraseSet:
    """The answers to a figure question: yes or no, or a number in the figure's range."""
    if figure == "fortified":
        return YES_NO
    allowed = FIGURE_RANGES[figure]
    return number_phrases(allowed.start, allowed.stop - 1, ("{n}", "[it is] [a] {n}"), range(21))


def figure_hint(figure: str) -> str:
    """What a figure question allows, said when an answer is out of range."""
    if figure == "fortified":
        return "Say yes or no."
    allowed = FIGURE_RANGES[figure]
    low, high = number_to_words(allowed.start), number_to_words(allowed.stop - 1)
    return f"Say a number from {low} to {high}."
