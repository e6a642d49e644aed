"""End-of-game renown: cards, variety, keepsakes and wealth; and dictated final cities.

>>> from companion.games.samarande.content.loader import load_catalogue
>>> catalogue = load_catalogue()
>>> for name in ("Palace", "Armourer", "Militia"):
...     catalogue = catalogue.with_figures(name, cost=1)
>>> city = parse_city("two palaces, one armourer and three militia", catalogue)
>>> city
{'Palace': 2, 'Armourer': 1, 'Militia': 3}
>>> [s.total for s in score_viziers([Tally("Ali", city, 10), Tally("Zoe", {}, 4)], catalogue)]
[14, 0]
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field

from companion.framework.answers import Answer
from companion.framework.errors import IllegalAction
from companion.framework.phrases import PhraseSet, number_to_words
from companion.framework.wording import spoken_list
from companion.games.samarande.content.catalogue import Card, Catalogue, spoken_form

#: The figures scoring reads: a group is worth its card's cost, a keepsake its points.
SCORING_FIGURES = ("cost", "end_points")
RICHEST_BONUS = 5
TIED_RICHEST_BONUS = 3
_MOST_DICTATED = 20


class DictationError(IllegalAction):
    """A dictated city could not be understood; the message says which words."""


@dataclass(frozen=True)
class Tally:
    """What one vizier has at the end: counted cards by name (with keepsakes) and gold."""

    name: str
    cards: dict[str, int]
    gold: int


@dataclass(frozen=True)
class Score:
    name: str
    cards: int
    """One point per district, artisan and guard."""
    variety: int
    """Each group of identical cards is worth that card's cost."""
    keepsakes: int
    """Enchanted Scimitar, Magic Carpet: the points the catalogue gives them."""
    wealth: int
    details: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.cards + self.variety + self.keepsakes + self.wealth

    def spoken(self) -> str:
        """``"Ali: 6 for cards, 3 for variety, 5 for wealth. Total 14."``"""
        return f"{self.name}: {self.breakdown()}. Total {self.total}."

    def breakdown(self) -> str:
        """``"6 for cards, 3 for variety, 5 for wealth"`` (keepsakes and wealth when any)."""
        parts = [f"{self.cards} for cards", f"{self.variety} for variety"]
        if self.keepsakes:
            parts.append(f"{self.keepsakes} for keepsakes")
        if self.wealth:
            parts.append(f"{self.wealth} for wealth")
        return ", ".join(parts)


def wealth_bonuses(gold: dict[str, int]) -> dict[str, int]:
    """The richest vizier gets 5; several tied for the most get 3 each.

    >>> wealth_bonuses({"Ali": 8, "Zoe": 8, "Sam": 2})
    {'Ali': 3, 'Zoe': 3, 'Sam': 0}
    """
    most = max(gold.values())
    richest = [name for name, amount in gold.items() if amount == most]
    bonus = RICHEST_BONUS if len(richest) == 1 else TIED_RICHEST_BONUS
    return {name: bonus if name in richest else 0 for name in gold}


def score_viziers(tallies: list[Tally], catalogue: Catalogue) -> list[Score]:
    """Every vizier's renown, in the order given."""
    wealth = wealth_bonuses({tally.name: tally.gold for tally in tallies})
    scores = []
    for tally in tallies:
        cards = [(catalogue.card(name), count) for name, count in tally.cards.items() if count]
        city = [(card, count) for card, count in cards if card.kind != "action"]
        scores.append(
            Score(
                name=tally.name,
                cards=sum(count for _, count in city),
                variety=sum(card.known("cost") for card, _ in city),
                keepsakes=sum(
                    card.known("end_points") * count for card, count in cards if _scores(card)
                ),
                wealth=wealth[tally.name],
            )
        )
    return scores


def winners(scores: list[Score]) -> list[str]:
    best = max(score.total for score in scores)
    return [score.name for score in scores if score.total == best]


def standings(scores: list[Score]) -> tuple[list[str], str]:
    """Each vizier's line, best first, and the verdict: who wins and why.

    >>> lines, verdict = standings([Score("Zoe", 4, 2, 0, 0), Score("Ali", 6, 3, 0, 5)])
    >>> print("\\n".join(lines))
    Ali: 6 for cards, 3 for variety, 5 for wealth. Total 14.
    Zoe: 4 for cards, 2 for variety. Total 6.
    >>> verdict
    'Ali wins with 14 renown points, 8 ahead of Zoe: 6 for cards, 3 for variety, 5 for wealth.'
    """
    ranked = sorted(scores, key=lambda score: score.total, reverse=True)
    lines = [score.spoken() for score in ranked]
    best = [score for score in ranked if score.total == ranked[0].total]
    if len(best) > 1:
        names = spoken_list(score.name for score in best)
        return lines, f"{names} share the win with {best[0].total} renown points each."
    winner = best[0]
    ahead = ""
    if len(ranked) > 1:
        runner = ranked[1]
        ahead = f", {winner.total - runner.total} ahead of {runner.name}"
    verdict = f"{winner.name} wins with {winner.total} renown points{ahead}: {winner.breakdown()}."
    return lines, verdict


def check_box(cities: list[dict[str, int]], catalogue: Catalogue) -> None:
    """Refuse dictated cities that together hold more cards than the box.

    >>> from companion.games.samarande.content.loader import load_catalogue
    >>> try:
    ...     check_box([{"Palace": 20}, {"Library": 4}], load_catalogue())
    ... except DictationError as refusal:
    ...     print(refusal)
    The box holds 23 districts, and these cities have 24.
    """
    by_kind: Counter[str] = Counter()
    by_card: Counter[str] = Counter()
    for city in cities:
        for name, count in city.items():
            by_kind[catalogue.card(name).kind] += count
            by_card[name] += count
    for kind, count in by_kind.items():
        if count > catalogue.box[kind]:
            raise DictationError(
                f"The box holds {catalogue.box[kind]} {kind}s, and these cities have {count}."
            )
    for name, count in by_card.items():
        copies = catalogue.card(name).count
        if copies is not None and count > copies:
            raise DictationError(f"The box holds {copies} {name} cards, not {count}.")


def _scores(card: Card) -> bool:
    return card.kind == "action" and card.effect == "keepsake"


def scoring_cards(catalogue: Catalogue) -> list[Card]:
    """The cards a dictated city may name: districts, artisans, guards and keepsakes."""
    return [card for card in catalogue.cards if card.kind != "action" or _scores(card)]


@functools.lru_cache(maxsize=4)
def city_phrases(catalogue: Catalogue) -> PhraseSet:
    """One phrase per card name (singular and plural): the matcher of dictated items."""
    choices = {
        Answer(card.name): [*card.spoken_names, *map(_plural, card.spoken_names)]
        for card in scoring_cards(catalogue)
    }
    return PhraseSet.from_templates(choices, labels={name: name.intent for name in choices})


@functools.lru_cache(maxsize=4)
def item_phrases(catalogue: Catalogue, most: int = 6) -> PhraseSet:
    """``"two palaces"`` -> ``Answer.of("items", count=2, card="Palace")``, said back as
    "2 Palace": a recogniser's grammar of dictated items (see :func:`dictated_items`)."""
    choices: dict[Answer, list[str]] = {}
    for card in scoring_cards(catalogue):
        names = "|".join(card.spoken_names)
        plurals = "|".join(map(_plural, card.spoken_names))
        choices[_items(1, card.name)] = [f"[one|a|an] ({names})"]
        for count in range(2, most + 1):
            choices[_items(count, card.name)] = [f"{number_to_words(count)} ({plurals}|{names})"]
    labels = {answer: f"{answer['count']} {answer['card']}" for answer in choices}
    return PhraseSet.from_templates(choices, labels=labels)


ITEMS = "items"
"""The intent of an answer naming one card of a dictated city and how many
(:func:`item_phrases`)."""


def _items(count: int, card: str) -> Answer:
    return Answer.of(ITEMS, count=count, card=card)


def dictated_items(answer: Answer, catalogue: Catalogue) -> dict[str, int]:
    """The cards an answer at the dictation adds to a city: those of an item phrase
    ("two palaces"), else the free words read by :func:`parse_city`.

    >>> from companion.games.samarande.content.loader import load_catalogue
    >>> dictated_items(_items(2, "Palace"), load_catalogue())
    {'Palace': 2}
    >>> dictated_items(Answer.free("a militia and two palaces"), load_catalogue())
    {'Militia': 1, 'Palace': 2}
    """
    if answer.intent == ITEMS:
        return {str(answer["card"]): int(answer["count"])}
    return parse_city(answer.words, catalogue)


_COUNTS = {number_to_words(n): n for n in range(1, _MOST_DICTATED + 1)} | {"a": 1, "an": 1}
_JOINERS = {"and", "plus", "with"}


def parse_city(text: str, catalogue: Catalogue) -> dict[str, int]:
    """Read a dictated city: counts and card names, e.g. ``"two palaces and a souk"``.

    A name without a count is one card. Small slips in a name are forgiven.
    Raises :class:`DictationError` naming the words it could not place.
    """
    matcher = city_phrases(catalogue)
    city: Counter[str] = Counter()
    for piece in re.split(r"[,;.]", text):
        words = [word for word in spoken_form(piece).split() if word not in _JOINERS]
        for count, name_words in _segments(words):
            if not name_words:
                raise DictationError(f"{number_to_words(count)} of what?")
            city[_card_named(" ".join(name_words), matcher)] += count
    if not city:
        raise DictationError("I heard no cards.")
    return dict(city)


def _card_named(spoken: str, matcher: PhraseSet) -> str:
    """The card an exact name stands for, else the clear best fuzzy match."""
    exact = [phrase.value for phrase in matcher.phrases if phrase.text == spoken]
    if exact:
        return exact[0].intent
    match = matcher.match(spoken)
    if match is None or not match.clear:
        raise DictationError(f"I do not know the card {spoken}.")
    return match.value.intent


def _segments(words: list[str]) -> list[tuple[int, list[str]]]:
    """Split ``two palaces one souk`` into ``[(2, ['palaces']), (1, ['souk'])]``."""
    segments: list[tuple[int, list[str]]] = []
    for word in words:
        if word in _COUNTS:
            segments.append((_COUNTS[word], []))
        elif segments:
            segments[-1][1].append(word)
        else:
            segments.append((1, [word]))
    return segments


def _plural(name: str) -> str:
    """A good-enough English plural of a spoken name: ``palace`` -> ``palaces``."""
    if name.endswith(("s", "x", "ch", "sh")):
        return name + "es" if not name.endswith("s") else name
    if re.search(r"[^aeiou]y$", name):
        return name[:-1] + "ies"
    return name + "s"


def describe_city(cards: dict[str, int]) -> str:
    """``{'Palace': 2, 'Souk': 1}`` -> ``"2 Palaces, 1 Souk"``."""
    return (
        ", ".join(
            f"{count} {name if count == 1 else _plural(name)}" for name, count in cards.items()
        )
        or "nothing"
    )
