"""The spoken question and the small phrase set for every decision of the rules.

>>> roll_phrases(1, 6, (), False).match("I rolled a 4").value
Answer(intent='number', slots=(('number', 4),))
>>> from companion.games.tales_of_arabia.content.pack import load_pack
>>> potion = ("Magic Potion", card_sayings(load_pack(), "Magic Potion"))
>>> choice_phrases((potion, ("no", ()))).match("use the magic potion").value
Answer(intent='Magic Potion', slots=())
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from companion.framework.answers import Answer
from companion.framework.dialogue import YES_NO, Step
from companion.framework.kit import dice_phrases, roll_step
from companion.framework.phrases import Phrase, PhraseSet, normalize, number_to_words
from companion.framework.wording import spoken_list
from companion.games.tales_of_arabia.content.pack import Pack
from companion.games.tales_of_arabia.rules import (
    ACCEPT,
    DECLINE,
    FORTUNE_TOKEN,
    REROLL,
    TOKENS,
    Rules,
)
from companion.games.tales_of_arabia.rules.state import Decision, GameState
from companion.games.tales_of_arabia.speech import (
    Narrator,
    spoken_name,
)

ROLL_TWO_FOR_ME = Answer("roll two dice for me")
"""With the Magic Carpet: the companion rolls two dice."""
ROLL_TEMPLATES = {
    ROLL_TWO_FOR_ME: ["roll two dice [for me]", "roll both dice [for me]"],
    Answer("peek"): ["look at the cards", "[use the] spy glass"],
    Answer("trade"): ["use the stone", "[use the] philosophers stone"],
    Answer("lift"): ["lift the curse", "remove the curse"],
}
ROLL_LABELS = {
    ROLL_TWO_FOR_ME: "roll two dice for me",
    Answer("peek"): "look at the cards",
    Answer("trade"): "use the stone",
    Answer("lift"): "lift the curse",
}
CHOICE_TEMPLATES = {
    REROLL: ["reroll", "re roll", "roll again", "use my re roll"],
    DECLINE: ["keep [it]", "keep the roll", "accept [it]"],
    FORTUNE_TOKEN: ["[a] fortune token", "[the] token"],
    **{token: [token, f"[a] {token} token", f"take {token}"] for token in TOKENS},
}
CHOICE_LABELS = {
    REROLL: "roll again",
    FORTUNE_TOKEN: "a Fortune token",
    **{token: token.title() for token in TOKENS},
}


@cache
def roll_phrases(low: int, high: int, actions: tuple[str, ...], two_dice: bool) -> PhraseSet:
    """Numbers from ``low`` to ``high``, "roll for me", and the item actions offered."""
    extras = [*([ROLL_TWO_FOR_ME] if two_dice else []), *map(Answer, actions)]
    return dice_phrases(low, high) | PhraseSet.from_templates(
        {value: ROLL_TEMPLATES[value] for value in extras},
        labels={value: ROLL_LABELS[value] for value in extras},
    )


Choices = tuple[tuple[str, tuple[str, ...]], ...]
"""Each answer with the ways of saying it: ``(("Omar", ("omar",)), ("no", ()))``."""


@cache
def choice_phrases(choices: Choices) -> PhraseSet:
    """One answer per choice: its own sayings, plus the fixed ways of saying yes, no,
    roll again and the tokens.

    >>> choice_phrases((("Sara", ("Sara",)), ("no", ()))).match("nope").value.intent
    'no'
    """
    phrases: list[Phrase] = []
    labels: dict[Answer, str] = {}
    for option, sayings in choices:
        answer = Answer(option)
        if option in (ACCEPT, DECLINE):
            phrases += [Phrase(p.text, answer) for p in YES_NO.phrases if p.value == answer]
        if option in CHOICE_TEMPLATES:
            phrases += PhraseSet.from_templates({answer: CHOICE_TEMPLATES[option]}).phrases
        phrases += [Phrase(normalize(text), answer) for text in sayings if normalize(text)]
        labels[answer] = sayings[0] if sayings else CHOICE_LABELS.get(option, option)
    return PhraseSet(tuple(dict.fromkeys(phrases)), labels)


def card_sayings(pack: Pack, name: str) -> tuple[str, ...]:
    """How a card is named as an answer: "Magic Potion", "the Magic Potion", "use ..."."""
    spoken = spoken_name(name)
    return (spoken, pack.card(name).spoken, f"use {pack.card(name).spoken}")


_TOO_COMMON = frozenset({"the", "of", "and", "magic", "a", "an"})


def short_names(cards: list[str]) -> dict[str, tuple[str, ...]]:
    """Each word of a card's name that no other card of the list shares, as a way of
    saying that card: "Ancient" for the Ancient Curse beside Gold & Silver.

    >>> short_names(["Ancient Curse", "Magic Carpet", "Magic Ring"])
    {'Ancient Curse': ('ancient', 'curse'), 'Magic Carpet': ('carpet',), 'Magic Ring': ('ring',)}
    """
    words = {card: normalize(spoken_name(card)).split() for card in cards}
    counts: dict[str, int] = {}
    for card_words in words.values():
        for word in set(card_words):
            counts[word] = counts.get(word, 0) + 1
    return {
        card: tuple(w for w in card_words if counts[w] == 1 and w not in _TOO_COMMON)
        for card, card_words in words.items()
    }


def hero_choices(pack: Pack, heroes: list[str]) -> Choices:
    """The heroes still free, each with its other names ("Sinbad")."""
    return tuple((hero, (hero, *pack.hero(hero).also)) for hero in heroes)


_ASKED_BY_NAME = {
    "save": "you are about to miss a turn.",
    "steal_from": "steal from whom?",
    "keep_card": "which card do you keep?",
    "target": "which opponent misses a turn?",
}
"""The choices whose question is only asked, then answered by naming one of the options."""


class StepBuilder:
    """Turns the rules' pending :class:`Decision` into a spoken :class:`Step`."""

    def __init__(self, pack: Pack, narrator: Narrator) -> None:
        self.pack = pack
        self.narrator = narrator

    def step(self, state: GameState) -> Step:
        decision = state.pending
        name = state.players[decision.player].name
        if decision.kind == "roll":
            full, brief = self._roll_prompts(state, decision)
            expects = roll_phrases(
                decision.low, decision.high, tuple(decision.actions), decision.two_dice
            )
            step = roll_step(f"{name}, {full}", decision.low, decision.high, expects)
            return replace(step, brief=f"{name}, {brief}", topic=_roll_topic(name, decision))
        expects = choice_phrases(self._choices(state, decision))
        prompt = f"{name}, {self._choice_prompt(state, decision, expects)}"
        hint = "Say keep it, or say roll again." if decision.purpose == "reroll" else None
        return Step(prompt, expects, hint=hint)

    def _choices(self, state: GameState, decision: Decision) -> Choices:
        players = {player.name for player in state.players}
        cards = [o for o in decision.options if o not in players | CHOICE_TEMPLATES.keys()]
        short = short_names(cards)
        choices = []
        for option in decision.options:
            if option in players:
                choices.append((option, (option,)))
            elif option in CHOICE_TEMPLATES or option == ACCEPT:
                choices.append((option, ()))
            else:
                choices.append((option, card_sayings(self.pack, option) + short.get(option, ())))
        return tuple(choices)

    # ------------------------------------------------------------------ rolls

    def _roll_prompts(self, state: GameState, decision: Decision) -> tuple[str, str]:
        """The roll's question in full (with how to answer it), and said briefly once the
        player has answered it before."""
        rules = Rules(self.pack, state)
        player = state.players[decision.player]
        if decision.purpose == "order":
            return f"roll one die for the turn order.{SAY_ROLL}", "roll one die for the turn order."
        if decision.purpose == "move":
            return self._move_prompts(decision)
        if decision.purpose == "fate":
            card = self.pack.card(decision.card)
            modifier = rules.fate_modifier(player, card)
            against = f"roll for fate against {self.narrator.the(card.name)}."
            return f"{against}{_modifier_words(modifier)}{SAY_ROLL}", against + _plus(modifier)
        if decision.purpose == "steal":
            other = state.players[decision.other]
            modifier = rules.steal_modifier(player)
            steal = f"roll to steal from {other.name}."
            return f"{steal}{_modifier_words(modifier)}{SAY_ROLL}", steal + _plus(modifier)
        ring = self.pack.card(decision.card)
        need = number_to_words(ring.powers.save_roll)
        keeps = f"roll for {self.narrator.the(ring.name)}. A {need} or better keeps your turn."
        return f"{keeps}{SAY_ROLL}", keeps

    def _move_prompts(self, decision: Decision) -> tuple[str, str]:
        dice = "two dice" if decision.dice == 2 else "the die"
        words = [f"roll {dice} to move.{SAY_ROLL}"]
        if decision.two_dice:
            words.append("With the Magic Carpet you may say roll two dice for me.")
        offers = [ROLL_LABELS[Answer(action)] for action in decision.actions]
        if offers:
            words.append(f"You may also {spoken_list(offers, 'or')}.")
        if decision.two_dice:
            offers.insert(0, ROLL_LABELS[ROLL_TWO_FOR_ME])
        brief = f"roll {dice} to move." + (f" Or {spoken_list(offers, 'or')}." if offers else "")
        return " ".join(words), brief

    # ------------------------------------------------------------------ choices

    def _choice_prompt(self, state: GameState, decision: Decision, labels: PhraseSet) -> str:
        offers = spoken_list((labels.label(Answer(option)) for option in decision.options), "or")
        purpose = decision.purpose
        if purpose in _ASKED_BY_NAME:
            return f"{_ASKED_BY_NAME[purpose]} Say {offers}."
        if purpose == "reroll":
            rules = Rules(self.pack, state)
            player = state.players[decision.player]
            landing = rules.landing(player, rules.move_steps(player, decision.value))
            where = self.narrator.describe_space(state, landing, decision.player)
            return f"that roll leads to {where}. Keep it, or roll again?"
        if purpose == "rescue":
            return f"that roll is not enough{self._at_stake(state, decision)}. Say {offers}."
        if purpose == "steal_try":
            return f"{state.players[decision.other].name} is here too. Try to steal? Yes or no."
        if purpose == "steal_what":
            return f"what do you take from {state.players[decision.other].name}? Say {offers}."
        if purpose == "trade":
            effect = self.pack.card(decision.card).effects[0]
            pay = f"{number_to_words(effect.pay_amount)} {effect.pay.title()}"
            get = f"{number_to_words(effect.get_amount)} {effect.get.title()}"
            return f"give {pay} to gain {get}? Yes or no."
        stake = self._at_stake(state, decision)
        return f"you won{stake if stake.startswith(' against') else ''}. Take {offers}?"

    def _at_stake(self, state: GameState, decision: Decision) -> str:
        """ " against the Dragon", " for the Magic Ring", " to steal from Sara"."""
        if decision.other is not None:
            return f" to steal from {state.players[decision.other].name}"
        if decision.card is None:
            return ""
        linking = "for" if self.pack.card(decision.card).kind == "item" else "against"
        return f" {linking} {self.narrator.the(decision.card)}"


SAY_ROLL = " Say your roll, or say roll for me."
"""Every roll the companion asks for ends with how to answer it (a new player asked
"help" at each fate roll when only the move and the turn order said so)."""


def _roll_topic(name: str, decision: Decision) -> str:
    """What makes a roll the same question as before: who rolls, for what, and the
    answers it offers beside the roll (a new item is worth hearing about in full)."""
    extras = [*(["two dice"] if decision.two_dice else []), *decision.actions]
    return f"{decision.purpose} roll:{name}:{decision.dice}:{','.join(extras)}"


def _plus(modifier: int) -> str:
    """ " Your roll gets plus one." (or nothing when there is no modifier)."""
    if modifier == 0:
        return ""
    sign = "plus" if modifier > 0 else "minus"
    return f" Your roll gets {sign} {number_to_words(abs(modifier))}."


def _modifier_words(modifier: int) -> str:
    """ " A four or better wins, and your roll gets plus one." """
    if modifier == 0:
        return " A four or better wins."
    sign = "plus" if modifier > 0 else "minus"
    return f" A four or better wins, and your roll gets {sign} {number_to_words(abs(modifier))}."
