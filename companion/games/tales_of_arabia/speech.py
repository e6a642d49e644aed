"""What the companion says about Tales of Arabia events, standings and players.

Every sentence is short, spells numbers as words and avoids symbols, so it reads well
through text-to-speech.

>>> from companion.games.tales_of_arabia.content.pack import load_pack
>>> [speech.text for speech in Narrator(load_pack()).event_speech(
...     Event("gained", "Ali", token="fame", amount=2), None)]
['Ali gains two Fame.']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from companion.framework.dialogue import Speech
from companion.framework.phrases import number_to_words
from companion.framework.wording import spoken_list
from companion.games.tales_of_arabia.content.pack import Card, Pack, Token
from companion.games.tales_of_arabia.rules import FORTUNE_TOKEN, TOKENS, Rules
from companion.games.tales_of_arabia.rules.state import Event, GameState, Player

KIND_WORDS = {
    "item": "an item",
    "treasure": "a treasure",
    "event": "an event",
    "location": "a location",
    "aid": "an aid card",
}


def spoken_name(name: str) -> str:
    """A card or hero name as it is spoken: "Gold and Silver"."""
    return name.replace("&", "and")


def sentence(text: str) -> str:
    """Upper-case the first letter only: "the Dragon waits" becomes "The Dragon waits"."""
    return text[:1].upper() + text[1:]


def count_of(number: int, noun: str) -> str:
    """ "one turn", "two turns"."""
    return f"{number_to_words(number)} {noun}{'' if number == 1 else 's'}"


class Narrator:
    """Turns rules events and game states into speech."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self._say: dict[str, Callable[[Event], str]] = {
            "order_tie": lambda e: (
                f"{spoken_list(e.cards)} tie for the highest roll, and roll again."
            ),
            "first": lambda e: (
                f"The turn order is {spoken_list(e.cards, 'then')}. {e.player} goes first."
                if len(e.cards) > 1
                else f"{e.player} goes first."
            ),
            "passed": lambda e: f"{e.player} passes {self.space_name(e.amount)}.",
            "location": lambda e: f"{e.player} arrives at {self.the(e.card)}.",
            "drew_several": lambda e: (
                f"{e.player} looks at {count_of(len(e.cards), 'card')}: "
                f"{spoken_list(self.the(c) for c in e.cards)}."
            ),
            "discarded": lambda e: (
                f"{e.player} discards {spoken_list(self.the(c) for c in e.cards)}."
            ),
            "kept": lambda e: f"{e.player} keeps {self.the(e.card)}.",
            "placed": lambda e: (
                f"{e.player} lays {self.the(e.card)} on {self.space_name(e.amount)}."
            ),
            "protected": lambda e: sentence(
                f"{self.the(e.other)} defeats {self.the(e.card)} at once."
            ),
            "won": lambda e: (
                f"{e.player} defeats {self.the(e.card)} and keeps the card for one Fame."
            ),
            "failed": lambda e: f"{e.player} fails against {self.the(e.card)}.",
            "stays": lambda e: (
                f"{e.player} leaves {self.the(e.card)} on {self.space_name(e.amount)}"
                " for the next traveller."
            ),
            "gained": lambda e: (
                f"{e.player} gains {number_to_words(e.amount)} {e.token.title()}"
                f"{self._from(e.card)}."
            ),
            "paid": lambda e: f"{e.player} gives up {number_to_words(e.amount)} {e.token.title()}.",
            "paid_treasure": lambda e: f"{e.player} gives up {self.the(e.card)}.",
            "nothing_to_pay": lambda e: f"{e.player} has no {e.token.title()} to give.",
            "cannot_trade": lambda e: f"{e.player} has no {e.token.title()} to give.",
            "extra_turn": lambda e: (
                f"{e.player} gains a turn"
                + (", and will move with two dice." if e.amount == 2 else ".")
            ),
            "loses_turn": lambda e: f"{e.player} will miss a turn.",
            "saved": lambda e: f"{e.player} keeps the turn, thanks to {self.the(e.card)}.",
            "uses_left": lambda e: (
                sentence(f"{self.the(e.card)} has {count_of(e.amount, 'use')} left.")
                if e.amount
                else ""
            ),
            "used": lambda e: f"{e.player} uses {self.the(e.card)}, and discards it.",
            "skipped": lambda e: f"{e.player} misses this turn.",
            "stole": lambda e: f"{e.player} takes {self.loot(e.card)} from {e.other}.",
            "target": lambda e: f"{e.player} picks {e.other}.",
            "lifted": lambda e: (
                f"{e.player} pays {number_to_words(e.amount)} Faith and lifts {self.the(e.card)}."
            ),
            "no_reward": lambda e: f"{e.player} wins nothing this time.",
            "reroll": lambda e: f"{e.player} rolls again.",
            "fate": lambda e: (
                f"{e.player} scores {number_to_words(max(e.total, 0))}: "
                + ("a win." if e.amount else "not enough.")
            ),
            "steal": lambda e: (
                f"{e.player} scores {number_to_words(max(e.total, 0))}, "
                + ("and steals from " if e.amount else "and fails to steal from ")
                + f"{e.other}."
            ),
        }

    # ------------------------------------------------------------------ pieces

    def space_name(self, number: int) -> str:
        """ "Mecca" or "the Silk Road" for a special space, else "space twelve"."""
        special = self.pack.board.special_at(number)
        if special:
            return special.spoken or special.name
        return f"space {number_to_words(number)}"

    def _from(self, source: str) -> str:
        """ " from the Elephant Graveyard": the card a gain comes from ("" for a special
        space, named just before as the player lands on it or passes it)."""
        if not source or any(space.name == source for space in self.pack.board.special):
            return ""
        return f" from {self.the(source)}"

    def the(self, name: str) -> str:
        """A card's name as said in a sentence: "the Dragon", "Ramadan", "Gold and Silver"."""
        return self.pack.card(name).spoken

    def loot(self, taken: str) -> str:
        return "a Fortune token" if taken == FORTUNE_TOKEN else self.the(taken)

    def describe_card(self, card: Card) -> str:
        """ "the Dragon, a Beast challenge"."""
        if card.kind == "challenge":
            article = "an" if card.category[0] in "AEIOUaeiou" else "a"
            return f"{self.the(card.name)}, {article} {card.category} challenge"
        return f"{self.the(card.name)}, {KIND_WORDS[card.kind]}"

    def describe_space(self, state: GameState, number: int, mover: int) -> str:
        """What a player would find on space ``number``, for a keep-or-re-roll choice."""
        parts = [self.space_name(number)]
        if number in state.board:
            parts.append(f"where {self.the(state.board[number])} waits")
        others = [p.name for i, p in enumerate(state.players) if i != mover and p.space == number]
        if others:
            parts.append(f"beside {spoken_list(others)}")
        return ", ".join(parts)

    # ------------------------------------------------------------------ events

    def event_speech(self, event: Event, state: GameState | None) -> list[Speech]:
        """The speech for one event (``state`` gives context such as the players)."""
        if event.kind == "rolled":
            if event.other != "companion":
                return []
            rolled = f"I rolled {number_to_words(event.amount)} for {event.player}."
            return [Speech(rolled, kind="aside")]  # the result tells the story, not the die
        if event.kind == "turn":
            if not event.amount:
                return []
            dice = " with two dice" if event.total == 2 else ""
            return [Speech(f"{event.player} takes the gained turn{dice}.")]
        if event.kind == "moved":
            return [Speech(f"{event.player} moves to {self.space_name(event.amount)}.")]
        if event.kind == "special":
            special = next(s for s in self.pack.board.special if s.name == event.card)
            return [Speech(special.narration, reading=True)]
        if event.kind == "card":
            card = self.pack.card(event.card)
            return [
                Speech(f"{event.player} draws {self.describe_card(card)}."),
                Speech(card.narration, reading=True),
            ]
        if event.kind == "face":
            if not event.amount:
                return []
            return [Speech(f"{event.player} must face {self.the(event.card)}, waiting here.")]
        if event.kind == "peek":
            names = spoken_list(self.the(c) for c in event.cards) or "nothing at all"
            return [Speech(f"The next cards are {names}.", private=True)]
        if event.kind == "game_over":
            *standings, verdict = self.final_words(state)
            return [Speech(text, kind="ending") for text in [*standings, verdict]]
        text = self._say[event.kind](event)
        return [Speech(text)] if text else []

    def speeches(self, events: Iterable[Event], state: GameState) -> list[Speech]:
        return [speech for event in events for speech in self.event_speech(event, state)]

    # ------------------------------------------------------------------ standings

    def final_words(self, state: GameState) -> list[str]:
        """The end of the game: everyone's points, then the Fortune, Fame and Faith winners.

        The last sentence (the winners, and by how much) is the verdict.
        """
        rules = Rules(self.pack, state)
        words = ["The deck is empty, and the game is over."]
        words += [self._standing(rules, player) for player in state.players]
        words.append(" ".join(self._verdict(rules, token) for token in TOKENS))
        return words

    def _standing(self, rules: Rules, player: Player) -> str:
        """``Ali: Fortune three (one token and two treasures), Fame none, Faith two.``"""
        parts = []
        for token in TOKENS:
            total = rules.points(player, token)
            parts.append(f"{token.title()} {_amount(total)}{self._makeup(rules, player, token)}")
        return f"{player.name}: {', '.join(parts)}."

    def _makeup(self, rules: Rules, player: Player, token: Token) -> str:
        """What a total is made of, when it has two sources: `` (one token and two treasures)``."""
        if token == "fortune" and rules.state.settings.treasure_counts:
            cards = len(player.treasures)
            noun = "treasure"
        elif token == "fame":
            cards = len(player.trophies)
            noun = "won challenge"
        else:
            return ""
        tokens = rules.points(player, token) - cards
        if not (cards and tokens):
            return ""
        return f" ({count_of(tokens, 'token')} and {count_of(cards, noun)})"

    def _verdict(self, rules: Rules, token: Token) -> str:
        title = token.title()
        winners = rules.winners(token)
        if not winners:
            return f"Nobody earned any {title}."
        points = number_to_words(rules.points(winners[0], token))
        names = spoken_list(p.name for p in winners)
        if len(winners) > 1:
            return f"{names} share the {title} win, with {points} each."
        others = [p for p in rules.state.players if p not in winners]
        runner = max(others, key=lambda p: rules.points(p, token))
        behind = _amount(rules.points(runner, token))
        return (
            f"The {title} win goes to {names}, with {points}, ahead of {runner.name} with {behind}."
        )

    def status(self, state: GameState, player: Player) -> str:
        """A short spoken summary of one player."""
        rules = Rules(self.pack, state)
        points = ", ".join(
            f"{token.title()} {number_to_words(rules.points(player, token))}" for token in TOKENS
        )
        sentences = [
            f"{player.name}, playing {player.hero}, is at {self.space_name(player.space)}.",
            f"{points}.",
        ]
        held = player.held_names()
        if held:
            sentences.append(f"Holds {spoken_list(spoken_name(n) for n in held)}.")
        if player.missed_turns:
            sentences.append(f"Will miss {count_of(player.missed_turns, 'turn')}.")
        if player.extra_turns:
            sentences.append(f"Has {count_of(len(player.extra_turns), 'gained turn')} to play.")
        return " ".join(sentences)


def _amount(number: int) -> str:
    """``none`` for zero, else the number in words."""
    return number_to_words(number) if number else "none"
