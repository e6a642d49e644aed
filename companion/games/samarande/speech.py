"""How the Samarande dialogue speaks and what it hears: phrase sets and spoken words."""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter

from companion.framework.answers import Answer
from companion.framework.dialogue import YES_NO
from companion.framework.kit import number_phrases
from companion.framework.phrases import PhraseSet, literal, number_to_words
from companion.framework.wording import spoken_list
from companion.games.samarande.content.catalogue import (
    FIGURE_RANGES,
    KINDS,
    Catalogue,
    spoken_form,
)
from companion.games.samarande.rules import District, Player

CANCEL = PhraseSet.from_templates(
    {Answer("cancel"): ["cancel", "never mind", "forget it", "take it back"]},
    labels={Answer("cancel"): "cancel"},
)

#: What players call a card of each kind the list lacks: "play a new guard costing two".
UNLISTED_NOUNS = {"district": "district", "artisan": "artisan", "guard": "guard", "action": "card"}
#: Each kind with its article, as a sentence says it: "an artisan".
A_CARD = {
    "district": "a district",
    "artisan": "an artisan",
    "guard": "a guard",
    "action": "a red card",
}
#: What a new card is called until the table names it: "New Artisan", "Second New Artisan".
_NEW_NAMES = {"district": "District", "artisan": "Artisan", "guard": "Guard", "action": "Red Card"}
_NTH = ["", "Second ", "Third ", "Fourth ", "Fifth ", "Sixth ", "Seventh ", "Eighth ", "Ninth "]
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
            f"[take] [the] {_ORDINALS[n - 1]} [card|one]",
            f"[take] [the] card (number|in place) {number_to_words(n)}",
            f"card {number_to_words(n)}",
        ]
        for n in places
    }
    labels = {value: f"take card {number_to_words(value['place'])}" for value in choices}
    return PhraseSet.from_templates(choices, labels=labels)


@functools.lru_cache(maxsize=4)
def _play_phrases(catalogue: Catalogue) -> PhraseSet:
    """Playing a card: ``play a palace``, or just its name."""
    listed = catalogue.cards
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


NO_NAME = Answer("no name")
NO_NAME_TEMPLATES = ["no name", "none", "[it has] no name", "i do not know", "number it"]
NO_NAME_SAID = frozenset(
    phrase.text for phrase in PhraseSet.from_templates({NO_NAME: NO_NAME_TEMPLATES}).phrases
)
_NAME_LEADS = ("call it ", "it is called ", "it is ", "its name is ", "name it ", "the ")


def card_name_said(text: str) -> str:
    """A card's name as the table gave it, without what frames it, in plain characters.

    >>> card_name_said("call it the Potter"), card_name_said("Souk des épices!")
    ('Potter', 'Souk des épices')
    """
    said = " ".join(re.sub(r"[^\w' -]", " ", text).split())[:40].strip(" '-")
    for lead in _NAME_LEADS:
        if said.lower().startswith(lead):
            said = said[len(lead) :]
    return said[:1].upper() + said[1:]


def new_card_name(catalogue: Catalogue, kind: str) -> str:
    """What a new card of ``kind`` is called until the table names it: the first new
    artisan of the game is the "New Artisan", the next the "Second New Artisan".

    >>> from companion.games.samarande.content.loader import load_catalogue
    >>> new_card_name(load_catalogue(), "artisan")
    'New Artisan'
    """
    for nth in _NTH:
        name = f"{nth}New {_NEW_NAMES[kind]}"
        if not any(spoken_form(name) in card.spoken_names for card in catalogue.cards):
            return name
    return f"New {_NEW_NAMES[kind]} {len(catalogue.cards)}"


_UNLISTED_PHRASES = PhraseSet.from_templates(
    {
        Answer.of("unlisted", kind=kind, cost=n): [
            f"[play] [a|an|another] [new|unlisted|other] {UNLISTED_NOUNS[kind]} "
            f"(costing|that costs|for) {number_to_words(n)}"
        ]
        for kind in KINDS
        for n in range(MOST_UNLISTED_COST + 1)
    },
    labels={
        Answer.of("unlisted", kind=kind, cost=n): f"play a new {UNLISTED_NOUNS[kind]} costing N"
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


@functools.lru_cache(maxsize=8)
def figure_phrases(figure: str) -> PhraseSet:
    """The answers to a figure question: yes or no, or a number in the figure's range."""
    if figure == "fortified":
        return YES_NO
    allowed = FIGURE_RANGES[figure]
    return number_phrases(allowed.start, allowed.stop - 1, ("{n}", "[it is] [a] {n}"), range(21))


def figure_hint(figure: str, named: bool = False) -> str:
    """What a figure question allows, said when an answer is out of range; ``named``
    says which figure ("The cost is zero to nine.")."""
    if figure == "fortified":
        return "Fortified or not fortified." if named else "Say yes or no."
    allowed = FIGURE_RANGES[figure]
    low, high = number_to_words(allowed.start), number_to_words(allowed.stop - 1)
    if named:
        return f"The {figure.replace('_', ' ')} is {low} to {high}."
    return f"Say a number from {low} to {high}."


#: How each figure is asked within one question, how an answer says it plainly and in
#: words, and an example.
_FIGURE_ASKED = {
    "cost": ("what {it} cost{s}", "{n}", "costs {n}", "costs two"),
    "capacity": ("how many artisans {it} house{s}", "{n}", "houses {n}", "houses two"),
    "fortified": ("whether {it} {is} fortified", "", "", "not fortified"),
    "hand_limit_bonus": (
        "by how many cards {it} raise{s} the hand limit",
        "{n}",
        "plus {n} cards",
        "plus zero cards",
    ),
    "coins": ("how many gold {it} pay{s} at each tax phase", "{n}", "{n} gold", "one gold"),
    "guard_bonus": ("what bonus {it} add{s} to the protection", "{n}", "plus {n}", "plus one"),
    "end_points": ("how many renown points {it} {is} worth at the end", "{n}", "{n} points", "two"),
}
_FORTIFIED = {True: "fortified", False: "not fortified"}


def figures_question(card: str, figures: tuple[str, ...], plural: bool = False) -> str:
    """One question for every unknown figure of ``card``, with an example answer.

    >>> print(figures_question("Souk", ("capacity", "fortified")).replace(", for", ",\\nfor"))
    The Souk: say how many artisans it houses and whether it is fortified,
    for example: houses two, not fortified.
    """
    agree = {"it": "they", "s": "", "is": "are"} if plural else {"it": "it", "s": "s", "is": "is"}
    asked = [_FIGURE_ASKED[figure][0].format(**agree) for figure in figures]
    example = ", ".join(_FIGURE_ASKED[figure][3] for figure in figures)
    return f"The {card}: say {spoken_list(asked)}, for example: {example}."


@functools.lru_cache(maxsize=16)
def figures_phrases(figures: tuple[str, ...]) -> PhraseSet:
    """Every answer to :func:`figures_question`: the figures in order, each a number in its
    range (or fortified or not), said plainly ("two three not fortified") or with its word
    ("costs two houses three not fortified"); other wordings are matched to the nearest.
    A single figure is said with its word only: said plainly it is :func:`figure_phrases`.

    >>> phrases = figures_phrases(("capacity", "fortified"))
    >>> value = phrases.match("houses three, fortified").value
    >>> value["capacity"], value["fortified"]
    (3, 1)
    """
    options: list[list[tuple[tuple[str, int], str, str]]] = []
    for figure in figures:
        if figure == "fortified":
            options.append(
                [((figure, int(v)), _FORTIFIED[v], _FORTIFIED[v]) for v in (False, True)]
            )
            continue
        _, plain, worded, _ = _FIGURE_ASKED[figure]
        options.append(
            [
                ((figure, n), plain.replace("{n}", said), worded.replace("{n}", said))
                for n in FIGURE_RANGES[figure]
                for said in [number_to_words(n)]
            ]
        )
    choices: dict[Answer, list[str]] = {}
    labels: dict[Answer, str] = {}
    for combination in itertools.product(*options):
        answer = Answer.of("figures", **dict(value for value, _, _ in combination))
        plain = " ".join(words for _, words, _ in combination)
        worded = [words for _, _, words in combination]
        forms = [" ".join(worded)] if len(figures) == 1 else [plain, " ".join(worded)]
        choices[answer] = list(dict.fromkeys(forms))
        labels[answer] = ", ".join(worded)
    return PhraseSet.from_templates(choices, labels=labels)
