"""Scheherazade mode: the companion is the Sultan and the timekeeper.

Two ways to play (setting ``cards``):

* ``prompts`` (default): no cards. The companion holds the deck and the hands, and each
  turn announces the element the storyteller must weave in, then listens to the telling.
* ``printed``: the players use the printed cards and announce what they play and draw;
  the companion checks the sequence rules, counts, times and listens.

Settings (``--set key=value``): ``cards``, ``turn_seconds`` (90), ``silence_seconds`` (6),
``warn_seconds`` (15), ``mention_rule`` (on: a telling that never names its element
costs 1 Hope), ``reveal`` (12 story cards in view per prompt). ``telling_wavs`` and
``chronicle`` are read by the listener, not here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from companion.dialogue import (
    DialogueState,
    GameOptions,
    InvalidAnswer,
    SeededRandom,
    Speech,
    Step,
)
from companion.games.scheherazade.deck import DEFAULT_DECK, Colour, Deck, Kind, load_deck
from companion.games.scheherazade.rules import (
    MAX_HOPE,
    REVEAL,
    Card,
    CountedTable,
    DealtTable,
    EventCard,
    EventResult,
    IllegalPlayError,
    Setup,
    setup_for,
)
from companion.games.scheherazade.telling import TellingReport, TellingSpec
from companion.phrases import PhraseSet, normalize

GAME = "scheherazade"
TITLE = "Scheherazade and the Wonderful Lamp"
LISTENER_SETTINGS = {"telling_wavs"}

Phase = Literal["count", "names", "deal", "play", "ready", "telling", "draw", "over"]


class SettingsError(ValueError):
    """A ``--set`` key this game does not know, or a value it cannot use."""


class Settings(BaseModel):
    """The game's settings, from ``--set key=value``."""

    cards: Literal["prompts", "printed"] = "prompts"
    turn_seconds: float = 90.0
    silence_seconds: float = 6.0
    warn_seconds: float = 15.0
    mention_rule: bool = True
    reveal: int = REVEAL

    @classmethod
    def from_options(cls, settings: dict[str, str]) -> Settings:
        """Check and convert ``--set`` pairs; unknown keys are refused by name."""
        known = set(cls.model_fields) | LISTENER_SETTINGS
        unknown = sorted(set(settings) - known)
        if unknown:
            raise SettingsError(
                f"unknown setting {', '.join(unknown)}; known: {', '.join(sorted(known))}"
            )
        values = {key: value for key, value in settings.items() if key in cls.model_fields}
        try:
            return cls.model_validate(values)
        except ValidationError as error:
            raise SettingsError(str(error)) from None


class ScheherazadeState(DialogueState):
    """Everything saved: settings, players, the table and where the night is."""

    dice: SeededRandom
    settings: Settings = Settings()
    deck_path: str | None = None
    players: list[str] = Field(default_factory=list)
    player_count: int = 0
    phase: Phase = "count"
    current: int = 0
    turn: int = 1
    dealt: DealtTable | None = None
    counted: CountedTable | None = None
    pending: Card | None = None
    """The story card of the current telling."""
    pending_code: str | None = None
    """Story prompts: the element code of the current telling."""


EVENT_PHRASES = PhraseSet.from_templates(
    {
        EventCard.SULTAN: ["[the] sultan [card]", "[the] sultan shahryar [card]"],
        EventCard.HOURGLASS: ["[the] hourglass [card]", "[the] (passage|passing) of time"],
        EventCard.IFRIT: ["[an|the] (ifrit|efreet) [card]"],
        EventCard.ROC: ["[a|the] roc [card]"],
        EventCard.BAHAMUT: ["bahamut [card]"],
        EventCard.QUEEN: ["[the] queen [card]", "[the] queen scheherazade [card]"],
    }
)
BEGIN_PHRASES = PhraseSet.from_templates(
    {"begin": ["begin", "[i am] ready", "go", "start", "let us begin"]}, labels={"begin": "begin"}
)
DONE_PHRASES = PhraseSet.from_templates(
    {"done": ["done", "[my] hand is full", "that is all", "finished"]}
)
KIND_WORDS = {
    Kind.CHARACTER: "(character|heart|person)",
    Kind.PLACE: "(place|anchor|location)",
    Kind.ARTIFACT: "(artifact|artefact|bell|object)",
    Kind.EVENT: "(event|sun)",
}
SPECIAL_NAMES = {
    Kind.CHARACTER: ["ali baba", "princess", "holy man", "sultan"],
    Kind.PLACE: ["baghdad", "damascus", "lhasa", "muscat"],
    Kind.ARTIFACT: [],
    Kind.EVENT: [],
}
STOP_WORDS = {"the", "a", "an", "of", "card"}


def card_phrases(deck: Deck) -> PhraseSet:
    """What players say to play a printed card: colour, type and optionally a name."""
    choices: dict[str, list[str]] = {}
    for colour in Colour:
        for kind in Kind:
            said = f"{colour} {KIND_WORDS[kind]}"
            choices[f"play:{colour}:{kind}"] = [f"[i] [play] [the|a] {said} [card]"]
            names = SPECIAL_NAMES[kind] + [
                e.name.removeprefix("the ") for e in deck.elements if e.kind is kind
            ]
            for name in names:
                choices[f"play:{colour}:{kind}:{name}"] = [f"{said} {name}"]
    labels = {f"play:{c}:{k}": f"{c} {k}" for c in Colour for k in Kind}
    return PhraseSet.from_templates(choices, labels=labels) | PhraseSet.from_templates(
        {"discard": ["discard", "i discard [a card]", "discard a card"]}
    )


class ScheherazadeDialogue:
    """The Sultan's side of the night, over text (see :mod:`companion.dialogue`)."""

    game = GAME

    def __init__(self, state: ScheherazadeState) -> None:
        self.state = state
        self.deck = load_deck(state.deck_path or DEFAULT_DECK)

    # -- creation ---------------------------------------------------------------------

    @classmethod
    def new(cls, options: GameOptions) -> ScheherazadeDialogue:
        deck_path = None
        if options.pack:
            pack = Path(options.pack)
            deck_path = str(pack / "elements.json" if pack.is_dir() else pack)
        state = ScheherazadeState(
            dice=SeededRandom(seed=options.seed if options.seed is not None else 0),
            settings=Settings.from_options(dict(options.settings)),
            deck_path=deck_path,
        )
        dialogue = cls(state)
        if options.players:
            setup_for(len(options.players))
            state.players = [name for name, _ in options.players]
            state.player_count = len(state.players)
            dialogue._begin()
        return dialogue

    @classmethod
    def restore(cls, data: dict[str, Any]) -> ScheherazadeDialogue:
        return cls(ScheherazadeState.model_validate(data))

    def to_save(self) -> dict[str, Any]:
        return self.state.model_dump(mode="json")

    # -- the Dialogue protocol ----------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.state.phase == "over"

    @property
    def table(self) -> DealtTable | CountedTable:
        table = self.state.dealt or self.state.counted
        if table is None:
            raise RuntimeError("the table is not set up yet")
        return table

    def opening(self) -> list[Speech]:
        speeches = [
            Speech(
                "I am Shahryar, your Sultan, and tonight I keep the time. Each turn one of "
                "you is Scheherazade and tells the next part of the tale, weaving in a "
                "story element. Four elements of one colour, one of each type, in a row, "
                "complete a tale. Tell four tales, one of each colour, and I pardon her. "
                "Let Hope fall to nothing, or the deck run dry, and she dies at dawn. "
                "Finish your telling with: the end."
            )
        ]
        if self.state.players:
            speeches.append(Speech(self._setup_summary()))
        return speeches

    def step(self) -> Step:
        steps = {
            "count": self._count_step,
            "names": self._name_step,
            "deal": self._deal_step,
            "play": self._play_step,
            "ready": self._ready_step,
            "telling": self._telling_step,
            "draw": self._draw_step,
        }
        if self.state.phase not in steps:
            return Step("The night is over.", PhraseSet(()))
        return steps[self.state.phase]()

    def answer(self, value: str) -> list[Speech]:
        handler = {
            "count": self._answer_count,
            "names": self._answer_name,
            "deal": self._answer_deal,
            "play": self._answer_play,
            "ready": self._answer_ready,
            "telling": self._answer_telling,
            "draw": self._answer_draw,
        }.get(self.state.phase)
        if handler is None:
            raise InvalidAnswer("The night is over.")
        return handler(value)

    def status(self, player: str | None = None) -> str:
        if not self.state.dealt and not self.state.counted:
            return "The storytellers are still gathering."
        table = self.table
        tales = ", ".join(table.tales) if table.tales else "none yet"
        streak = ", ".join(f"{c.colour} {c.kind}" for c in table.streak()) or "nothing"
        text = (
            f"Hope {table.hope} of {MAX_HOPE}. Tales told: {tales}. "
            f"The open tale holds: {streak}. The deck has {_cards(table.deck_count)}."
        )
        player = player if player in self.state.players else self._name()
        if self.state.counted:
            held = self.state.counted.hands[self.state.players.index(player)]
            text += f" {player} holds {_cards(held)}, hand limit {table.hand_size}."
        return text

    def whose_turn(self) -> str:
        if not self.state.players or self.state.phase in ("count", "names"):
            return "We are still meeting the storytellers."
        return f"It is {self._name()}'s turn to be Scheherazade."

    def player_names(self) -> list[str]:
        return list(self.state.players)

    # -- setup -------------------------------------------------------------------------

    def _count_step(self) -> Step:
        return Step(
            "How many storytellers are here tonight, from one to four?",
            PhraseSet.numbers(range(1, 5), templates=["{n}", "{n} [storytellers|players]"]),
        )

    def _name_step(self) -> Step:
        return Step(
            f"What is the name of storyteller {len(self.state.players) + 1}?",
            PhraseSet(()),
            free_text=True,
            hint="Type or say a name.",
        )

    def _answer_count(self, value: str) -> list[Speech]:
        self.state.player_count = int(value)
        self.state.phase = "names"
        return []

    def _answer_name(self, value: str) -> list[Speech]:
        name = " ".join(value.split())
        if not name or normalize(name) in (normalize(n) for n in self.state.players):
            raise InvalidAnswer("Please give each storyteller a different name.")
        self.state.players.append(name)
        if len(self.state.players) < self.state.player_count:
            return []
        return [Speech(self._setup_summary()), *self._begin()]

    def _begin(self) -> list[Speech]:
        players = len(self.state.players)
        if self.state.settings.cards == "printed":
            self.state.counted = CountedTable.new(players)
            self.state.phase = "deal"
            return []
        self.state.dealt = DealtTable.new(
            players, self.deck, self.state.dice.next_rng(), self.state.settings.reveal
        )
        return self._prepare_turn()

    def _setup_summary(self) -> str:
        setup = setup_for(len(self.state.players))
        hands = (
            f" Each hand holds {_cards(setup.hand_size)}."
            if self.state.settings.cards == "printed"
            else ""
        )
        return (
            f"{_count(len(self.state.players), 'storyteller')}: Scheherazade starts with "
            f"{setup.starting_hope} Hope.{hands} Among the story cards hide {_events(setup)}."
        )

    def _deal_prompt(self) -> str:
        setup = setup_for(len(self.state.players))
        return (
            f"Shuffle the 64 story cards with {_events(setup)}. "
            f"Deal {_cards(setup.hand_size)} to each storyteller, setting aside without "
            "effect any card that is not a story card. Tell me each card you set aside, "
            "then say done."
        )

    def _deal_step(self) -> Step:
        return Step(
            self._deal_prompt(),
            EVENT_PHRASES | DONE_PHRASES,
            hint="Say the name of each card you set aside, for example: queen. Then: done.",
        )

    def _answer_deal(self, value: str) -> list[Speech]:
        table = self.state.counted
        if value == "done":
            table.finish_deal()
            self.state.phase = "play"
            return [Speech(f"The deck now holds {table.deck_count} cards. Let the night begin.")]
        table.set_aside_during_deal()
        return [Speech(f"Set aside: the {EventCard(value)} card, without effect.")]

    # -- story prompts: the companion draws the elements ------------------------------------

    def _prepare_turn(self) -> list[Speech]:
        """Draw the storyteller's element; when none may be played, the turn is lost."""
        speeches: list[Speech] = []
        table = self.state.dealt
        while table.outcome is None:
            code, results = table.draw_element(self.state.dice.next_rng())
            speeches += [Speech(self._event_text(result)) for result in results]
            if code is not None:
                self.state.pending_code = code
                self.state.pending = Card.from_code(code, self.deck.element(code).name)
                self.state.phase = "ready"
                return speeches
            if table.outcome is None:
                speeches.append(
                    Speech(
                        f"{self._name()}, no element in view may follow the last one. An "
                        f"element is discarded and Scheherazade loses 1 Hope; Hope is "
                        f"{table.hope}."
                    )
                )
                self._next_player()
        return speeches + self._ending()

    def _announcement(self) -> str:
        """Who tells, and with which element."""
        if self.state.pending_code:
            element = self.deck.element(self.state.pending_code)
            return (
                f"{self._name()}, you are Scheherazade. Your element is {element.label}: "
                f"{element.hint}. Weave it into the tale."
            )
        return f"{self._name()}, tell the tale with {self._spoken(self.state.pending)}."

    def _ready_step(self) -> Step:
        return Step(
            self._announcement() + " Say begin when you are ready.",
            BEGIN_PHRASES,
            hint="Say begin, and the Sultan starts listening.",
        )

    def _answer_ready(self, value: str) -> list[Speech]:
        if value != "begin":
            raise InvalidAnswer("Say begin when you are ready to tell.")
        self.state.phase = "telling"
        return []

    def _telling_step(self) -> Step:
        card, settings = self.state.pending, self.state.settings
        if self.state.pending_code:
            element = self.deck.element(self.state.pending_code)
            announced, keywords = element.label, element.keywords
        else:
            announced = f"the {card.label}"
            keywords = tuple(w for w in normalize(card.name).split() if w not in STOP_WORDS)
        prompt = f"You have {round(settings.turn_seconds)} seconds before dawn. Begin."
        spec = TellingSpec(
            turn=self.state.turn,
            storyteller=self._name(),
            element=announced,
            keywords=keywords,
            turn_seconds=settings.turn_seconds,
            silence_seconds=settings.silence_seconds,
            warn_seconds=settings.warn_seconds,
        )
        return Step(prompt, PhraseSet(()), hint="Tell the tale; end with: the end.", telling=spec)

    def _answer_telling(self, value: str) -> list[Speech]:
        try:
            report = TellingReport.from_value(value)
        except ValidationError:
            raise InvalidAnswer("Tell the tale aloud, and finish with: the end.") from None
        speeches = self._judge(report, self._telling_step().telling.keywords)
        if self.state.dealt:
            speeches += self._tale_done(self.state.dealt.play(self.state.pending))
        self.state.pending, self.state.pending_code = None, None
        self.table.check_victory()
        if self.table.outcome is not None:
            return speeches + self._ending()
        if self.state.counted:
            self.state.phase = "draw"
            return speeches
        self._next_player()
        return speeches + self._prepare_turn()

    def _judge(self, report: TellingReport, keywords: tuple[str, ...]) -> list[Speech]:
        """The Sultan's verdict on a telling: time, silences, and the element woven in."""
        table, speeches = self.table, []
        element = self._spoken(self.state.pending)
        if report.ended_by == "timeout":
            speeches.append(Speech("Dawn breaks… The Sultan rises; the telling is over."))
        if report.keywords_heard:
            speeches.append(Speech(f"The Sultan heard of {element}."))
        elif keywords and self.state.settings.mention_rule:
            table.change_hope(-1)
            speeches.append(
                Speech(
                    f"The Sultan never heard of {element}. "
                    f"Scheherazade loses 1 Hope; Hope is {table.hope}."
                )
            )
        if report.long_silences >= 2:
            table.change_hope(-1)
            speeches.append(
                Speech(
                    "The Sultan's patience wears thin after two long silences. "
                    f"Scheherazade loses 1 Hope; Hope is {table.hope}."
                )
            )
        return speeches

    # -- printed cards ------------------------------------------------------------------------

    def _play_step(self) -> Step:
        return Step(
            f"{self._name()}, you are Scheherazade. Play a story card and say its "
            "colour and type, for example: blue place. Or say: discard.",
            card_phrases(self.deck),
            hint="Say a colour and a type, for example: red artifact; or say discard.",
        )

    def _answer_play(self, value: str) -> list[Speech]:
        table, player = self.state.counted, self.state.current
        if value == "discard":
            table.discard_from_hand(player)
            self.state.phase = "draw"
            speeches = [
                Speech(f"You discard a card. Scheherazade loses 1 Hope; Hope is {table.hope}.")
            ]
            return speeches + self._ending() if table.outcome else speeches
        _, colour, kind, *name = value.split(":")
        card = Card(colour=Colour(colour), kind=Kind(kind), name=name[0] if name else "")
        try:
            completed = table.play_from_hand(player, card)
        except IllegalPlayError as error:
            raise InvalidAnswer(f"You cannot play the {card.label}: {error}.") from None
        self.state.pending = card
        self.state.phase = "ready"
        return self._tale_done(completed)

    def _draw_step(self) -> Step:
        missing = self.state.counted.missing(self.state.current)
        return Step(
            f"{self._name()}, draw {_cards(missing)} to fill your hand. Tell me each "
            "Sultan, hourglass, ifrit, roc, bahamut or queen card you draw. "
            "Say done when your hand is full.",
            EVENT_PHRASES | DONE_PHRASES,
            hint="Say the card you drew, for example: sultan card. Or: done.",
        )

    def _answer_draw(self, value: str) -> list[Speech]:
        table, player = self.state.counted, self.state.current
        if value != "done":
            result = table.draw_event(EventCard(value), self.state.dice.next_rng())
            speeches = [Speech(self._event_text(result))]
            return speeches + self._ending() if table.outcome else speeches
        table.finish_draw(player)
        if table.outcome is not None:
            return self._ending()
        self._next_player()
        self.state.phase = "play"
        return [Speech(f"The deck holds {table.deck_count} cards.")]

    # -- shared narration -------------------------------------------------------------------

    def _tale_done(self, completed: Colour | None) -> list[Speech]:
        if completed is None:
            return []
        told = len(self.table.tales)
        return [
            Speech(
                f"The {completed} tale, {self.deck.tales[completed]}, is complete! "
                f"That makes {told} of 4. Each storyteller may give one hint."
            )
        ]

    def _event_text(self, result: EventResult) -> str:
        printed = self.state.counted is not None
        event = result.event
        if event is EventCard.SULTAN:
            return f"The Sultan grows bored: Scheherazade loses 1 Hope. Hope is {result.hope}."
        if event is EventCard.QUEEN:
            if result.hope_change == 0:
                return "Queen Scheherazade smiles, but Hope is already full."
            return f"Queen Scheherazade's favour: 1 Hope more. Hope is {result.hope}."
        if event is EventCard.HOURGLASS:
            what = "Discard" if printed else "I discard"
            return (
                f"The hourglass: time slips away. {what} {_cards(result.cards_discarded)} "
                "from the top of the deck."
            )
        if event is EventCard.IFRIT:
            if result.removed is None:
                return "The ifrit finds nothing to steal: finished tales are safe."
            taken = self._spoken(result.removed)
            return f"The ifrit snatches the last element played: {taken}." + (
                " Discard it." if printed else ""
            )
        if event is EventCard.ROC:
            return (
                f"The roc carries off the discard pile: {_cards(result.cards_discarded)} gone."
                + (" Remove them from the game." if printed else "")
            )
        if printed:
            return "Bahamut stirs the sea: each storyteller discards one card at random."
        return "Bahamut stirs the sea: each storyteller loses one element at random."

    def _ending(self) -> list[Speech]:
        table = self.table
        self.state.phase = "over"
        if table.outcome == "won":
            return [
                Speech(
                    "Four tales, one of each colour, are told. The Sultan is enchanted "
                    "and pardons Scheherazade. You win!"
                )
            ]
        if table.loss_reason == "hope":
            reason = "Scheherazade's Hope is gone."
        else:
            reason = "The deck is empty: there is nothing left to tell."
        return [Speech(f"{reason} At dawn the Sultan's guards come for her. The night is lost.")]

    def _spoken(self, card: Card) -> str:
        """An element by its name (story prompts), a printed card by what was announced."""
        return card.name if self.state.dealt else f"the {card.label}"

    def _name(self) -> str:
        return self.state.players[self.state.current]

    def _next_player(self) -> None:
        self.state.current = (self.state.current + 1) % len(self.state.players)
        self.state.turn += 1


EVENT_NAMES = {
    EventCard.SULTAN: ("Sultan card", "Sultan cards"),
    EventCard.HOURGLASS: ("hourglass", "hourglasses"),
    EventCard.IFRIT: ("ifrit", "ifrits"),
    EventCard.ROC: ("roc", "rocs"),
    EventCard.BAHAMUT: ("Bahamut", "Bahamuts"),
    EventCard.QUEEN: ("queen", "queens"),
}


def _events(setup: Setup) -> str:
    """``8 Sultan cards, 3 hourglasses, … and 4 queens``."""
    parts = [
        f"{count} {EVENT_NAMES[event][count != 1]}" for event, count in setup.event_cards().items()
    ]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _cards(number: int) -> str:
    return _count(number, "card")
