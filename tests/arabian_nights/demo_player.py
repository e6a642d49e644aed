"""A seeded player for whole Reader games on the demo book: it answers like a sensible
player (moves toward Baghdad once its formula is met, enters its Place of Power, tries
Court now and then, takes the Master shortcut), and records what happened."""

from __future__ import annotations

import random
from collections import deque

from companion.framework.answers import Answer
from companion.framework.dialogue import Speech, Step
from companion.framework.phrases import PhraseSet
from companion.games.arabian_nights.dialogue import ReaderDialogue
from companion.games.arabian_nights.rules.movement import can_reach
from companion.games.arabian_nights.rules.victory import meets_formula
from companion.session.loop import Heard, Session

EVENTS = {
    "You draw the": "drew a card",
    "You enter the": "place of power",
    "You are carried to the": "carried to a place of power",
    "Your mastery of": "master shortcut",
    "must be read": "mandatory section",
    "Court is only possible": "court refused",
    "Undone:": "undo",
    "wins the game": "victory",
    "share the victory": "victory",
    "keeps the": "kept a city card",
    "loses this turn": "lost turn",
    "you cannot move this turn": "status stops a move",
    " for Cursed,": "status changes a roll",
    " for Blessed,": "status changes a roll",
    "Roll a die: five or six sets you free": "escape roll",
    "Which status do you lose": "status of one's choice",
}
REWARD_WORDS = {
    " Destiny": ("gains", "loses"),
    " Story": ("gains", "loses"),
}
REWARD_PHRASES = {
    "rises to": "wealth up", "falls to": "wealth down", "learns ": "skill",
    "masters ": "master", "becomes ": "status gained", "is no longer": "status lost",
    "gains the ": "treasure gained", "takes the ": "treasure taken",
    "gives up the": "treasure lost",
    "may now enter": "opportunity", "is carried to": "move to",
}  # fmt: skip


class DemoPlayer:
    """Ears that play a whole game sensibly; ``session`` is set once the session exists."""

    def __init__(self, seed: int, answers: int) -> None:
        self.rng = random.Random(seed)
        self.left = answers
        self.session: Session | None = None

    @property
    def dialogue(self) -> ReaderDialogue:
        return self.session.dialogue  # type: ignore[return-value]

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        self.left -= 1
        if self.left < 0:
            return None
        return Heard(self.choose(step), typed=True)

    def choose(self, step: Step) -> str:
        dialogue = self.dialogue
        values = step.expects.values
        phase = "pending" if dialogue.state.pending else dialogue.state.phase
        if phase not in ("skills_mode", "skill", "formula", "first_player") and (
            self.rng.random() < 0.02
        ):
            return "undo"
        chooser = getattr(self, f"_{phase}", None)
        if chooser is None:
            return self._label(step, self.rng.choice(values))
        said = chooser(values)
        return said if isinstance(said, str) else self._label(step, said)  # an Answer's words

    def _label(self, step: Step, value: str) -> str:
        return step.expects.phrases_for(value)[0]

    def _skills_mode(self, values) -> str:
        return self.rng.choice(["random", "choose"])

    def _skill(self, values) -> str:
        return self.rng.choice(values)

    def _formula(self, values) -> str:
        return self.rng.choice(["2", "4"])

    def _first_player(self, values) -> str:
        return "roll for me"

    def _card(self, values) -> str:
        return "draw for me" if self.rng.random() < 0.8 else self.rng.choice(values)

    def _reaction(self, values) -> str:
        court = [value for value in values if value == Answer("Court")]
        if court and self.rng.random() < 0.4:
            return "court"
        return self.rng.choice(values)

    def _destiny(self, values) -> str:
        if Answer("master") in values:
            return "use my master skill"
        return self.rng.choice(["minus", "blank", "plus", "roll for me"])

    def _keep_city(self, values) -> str:
        return "yes"

    def _play_city(self, values) -> str:
        return "yes"

    def _kept_card_city(self) -> str | None:
        pack, sheet = self.dialogue.pack, self.dialogue.table.current
        cities = [card.city for card in pack.city_cards if card.name in sheet.city_cards]
        return cities[0] if cities else None

    def _move(self, values) -> str:
        pack, sheet = self.dialogue.pack, self.dialogue.table.current
        names = [value.intent for value in values]
        reachable = [name for name in names if name != "stay"
                     and can_reach(pack, sheet.position, name, sheet)]  # fmt: skip
        if sheet.destination in reachable:
            return sheet.destination
        goal = "Baghdad" if meets_formula(sheet) else self._kept_card_city()
        if goal is not None:
            return min([*reachable, sheet.position], key=lambda s: _distance(pack, s, goal))
        return self.rng.choice([*reachable, "stay"]) if reachable else "stay"


def _distance(pack, start: str, goal: str) -> int:
    if start not in pack.spaces:
        return 99
    seen, queue = {start}, deque([(start, 0)])
    while queue:
        space, steps = queue.popleft()
        if space == goal:
            return steps
        for nxt in [*pack.spaces[space].land, *pack.spaces[space].sea]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, steps + 1))
    return 99


class Coverage:
    """A session observer that notes every kind of thing that happened."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self._paragraphs_this_answer = 0

    def on_step(self, step: Step, dialogue) -> None:
        self._paragraphs_this_answer = 0
        if dialogue.state.instructions:
            self.seen.add("instruction")

    def on_heard(self, heard, understood) -> None:
        """Nothing to note."""

    def on_speech(self, speech: Speech) -> None:
        text = speech.text
        if speech.paragraph is not None:
            self._paragraphs_this_answer += 1
            if self._paragraphs_this_answer > 1:
                self.seen.add("go to or place of power follow-up")
        if text.startswith("You rolled") and text.endswith(" card."):
            self.seen.add("played a city card")
        for marker, event in EVENTS.items():
            if marker in text:
                self.seen.add(event)
        for unit, verbs in REWARD_WORDS.items():
            for verb in verbs:
                if f"{verb} " in text and unit in text:
                    self.seen.add(f"{unit.strip().lower()} {verb}")
        for marker, event in REWARD_PHRASES.items():
            if marker in text:
                self.seen.add(event)
