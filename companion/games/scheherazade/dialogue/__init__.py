"""Scheherazade mode: the companion is the Sultan and the timekeeper.

The rulebook's turn: the storyteller plays a story card from the hand and tells it, or
discards (1 Hope lost); then draws back to the hand limit. Hope sits on the seven action
cards and is spent to use them. Two ways to hold the cards (setting ``cards``):

* ``printed`` (default): the players hold the printed cards (hands stay secret) and
  announce what they play, discard and draw; the companion checks and counts.
* ``companion``: the companion's own deck and hands. A lone storyteller hears her hand;
  a group sees each hand on its own screen (``companion play --display``: each player's
  private view), unless it agrees to hear the hands aloud (``hands=spoken``).

The timer, the silence nudges and the Hope lost for silences or a card never named are
the companion's house rules, each with a setting. ``lang=es`` plays in Spanish.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.framework.answers import NUMBER, OUT_OF_RANGE, Answer
from companion.framework.dialogue import DialogueState, GameOptions, SeededRandom, Speech, Step
from companion.framework.errors import IllegalAction, SetupError
from companion.framework.kit import GameKit, Seating, new_dice
from companion.framework.phrases import PhraseSet, literal, normalize, number_to_words
from companion.framework.story import Chapter, Told, as_sentence
from companion.framework.words.setup import SPANISH_NUMBERS, spelled
from companion.games.scheherazade import speech as L
from companion.games.scheherazade.content.deck import (
    COLOUR_NAMES,
    DEFAULT_DECK,
    KIND_NAMES,
    Colour,
    Kind,
    Language,
    kind_label,
    load_deck,
)
from companion.games.scheherazade.rules import (
    ALLY_KINDS,
    OVERCOME_REVEAL,
    SETUP_TABLE,
    USABLE_ACTIONS,
    Action,
    Card,
    CountedTable,
    EventCard,
    EventResult,
    IllegalPlayError,
    Night,
    Table,
    Variants,
    setup_for,
)
from companion.games.scheherazade.rules.sultan import TellingReport, TellingSpec

GAME = "scheherazade"
TITLE = L.LINES["title"][0]
LISTENER_SETTINGS = {"telling_wavs"}

Phase = Literal[
    "oldest", "deal", "hope", "play", "free", "wish", "exchange",
    "overcome", "event_draw", "keep", "more", "queens", "ready", "telling", "draw",
    "excess", "over",
]  # fmt: skip


class SettingsError(SetupError):
    """A ``--set`` key this game does not know, or a value it cannot use."""


class Settings(BaseModel):
    """The game's settings, from ``--set key=value``."""

    model_config = ConfigDict(extra="forbid")

    cards: Literal["printed", "companion"] = "printed"
    lang: Language = "en"
    hands: Literal["auto", "spoken", "screen", "passed"] = "auto"
    """The companion's deck: hands spoken aloud to everyone, shown only on each player's
    private screen (the table display), or ``passed``: the companion (or its headphones)
    goes to the storyteller, who hears their hand on asking and chooses drawn cards by
    place. ``auto``: spoken for one storyteller; for more, screens when the table display
    runs, else passed."""
    timer: bool = True
    turn_seconds: float = Field(90.0, gt=0)
    warn_seconds: float = Field(15.0, gt=0)
    nudges: bool = True
    silence_seconds: float = Field(6.0, gt=0)
    silence_rule: bool = True
    """House rule: two long silences in a telling cost 1 Hope."""
    mention_rule: bool = True
    """House rule: a telling that never names its card costs 1 Hope."""
    draw: Literal["single", "fill"] = "single"
    """The draw that ends a turn: ``single``, the rulebook's: story cards are drawn until
    the hand would be full and one of them is kept, the rest going under the deck (a hand
    short of more than one card stays short); ``fill``: X cards drawn (X: the Draw card's
    tokens), one kept, again until the hand is full (the companion's earlier reading)."""
    allies: bool = False
    unfinished_tales: bool = True
    protagonists: bool = True
    special_places: bool = True

    @model_validator(mode="after")
    def _warning_before_dawn(self) -> Settings:
        if self.warn_seconds >= self.turn_seconds:
            raise ValueError("warn_seconds must be shorter than turn_seconds")
        return self

    @property
    def variants(self) -> Variants:
        return Variants(
            allies=self.allies,
            unfinished_tales=self.unfinished_tales,
            protagonists=self.protagonists,
            special_places=self.special_places,
        )

    @classmethod
    def from_options(cls, settings: dict[str, str]) -> Settings:
        """Check and convert ``--set`` pairs; each mistake is one plain sentence."""
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
            raise SettingsError(_explain(error, values)) from None


def _explain(error: ValidationError, values: dict[str, str]) -> str:
    """One line for the first mistake: ``turn_seconds=abc: give a number of seconds``."""
    problem = error.errors()[0]
    if not problem["loc"]:
        return problem["msg"].removeprefix("Value error, ")
    key = str(problem["loc"][0])
    field = Settings.model_fields[key]
    if field.annotation is bool:
        wanted = "say on or off"
    elif field.annotation is float:
        wanted = "give a number of seconds greater than 0"
    else:
        wanted = "choose " + " or ".join(field.annotation.__args__)
    return f"{key}={values.get(key, '')}: {wanted}"


class ScheherazadeState(DialogueState):
    """Everything saved: settings, players, the table and where the night is."""

    dice: SeededRandom
    settings: Settings = Settings()
    deck_path: str | None = None
    seating: Seating = Seating()
    phase: Phase = "oldest"
    first: int = 0
    current: int = 0
    turn: int = 1
    hope_placed: int = 0
    night: Night | None = None
    counted: CountedTable | None = None
    pending: Card | None = None
    """The story card of the current telling."""
    action: Action | None = None
    action_left: int = 0
    """Searches, recoveries or exchanges still to make."""
    return_to: Phase = "play"
    """Where the night goes once the current action is over."""
    drawing_for: Literal["refill", "action"] = "refill"
    cards_named: int = 0
    """Printed cards named since the deal or the draw began: its long instructions are
    read once, then the question is short."""
    discarded: str | None = None
    """The story card just discarded (an ally may let more follow)."""
    refill_drawn: bool = False
    """The single draw that ends the turn has been made (``draw=single``)."""
    screens: bool = False
    """Whether each storyteller has a private screen (the table display runs): set by
    ``companion play`` each time the night starts or resumes."""


SETUP_LINES = {
    "ask_count": "ask_count",
    "count_hint": "count_hint",
    "ask_name": "ask_name",
    "name_hint": "name_hint",
    "name_taken": "names_differ",
    "name_needs_letter": "names_differ",
    "over": "over",
}
"""The game kit's setup sentences (its keys) said in the Sultan's lines (the lines' keys)."""


class ScheherazadeDialogue(GameKit):
    """The Sultan's side of the night (a :class:`~companion.framework.kit.GameKit`): after the
    storytellers, the oldest, the deal and the Hope; then the turns."""

    game = GAME
    title = TITLE
    State = ScheherazadeState
    min_players = 1
    players_called = ("storytellers", "narradores")
    words: ClassVar[dict[str, tuple[str, str]]] = {
        key: L.LINES[line] for key, line in SETUP_LINES.items()
    } | {"one_player": ("", ""), "players_welcome": ("", ""), "welcome": ("", "")}
    """The kit's setup in the Sultan's words; nothing said after the count or a name."""

    def __init__(self, state: ScheherazadeState) -> None:
        super().__init__(state)
        self.deck = load_deck(state.deck_path or DEFAULT_DECK)

    # -- the kit's hooks ------------------------------------------------------------------

    @classmethod
    def initial_state(cls, options: GameOptions) -> ScheherazadeState:
        deck_path = None
        if options.pack:
            pack = Path(options.pack)
            deck_path = str(pack / "elements.json" if pack.is_dir() else pack)
        return ScheherazadeState(
            dice=new_dice(options),
            settings=Settings.from_options(dict(options.settings)),
            deck_path=deck_path,
        )

    def max_players(self) -> int:
        return max(SETUP_TABLE)

    def check_restored(self) -> None:
        seated = self.state.seating.count
        if seated is not None and not 0 <= self.state.current < seated:
            raise SetupError(f"storyteller {self.state.current + 1} is not at the table")

    def seated(self) -> list[Speech]:
        return self._after_names()

    @property
    def players(self) -> list[str]:
        return self.state.seating.names

    # -- words ------------------------------------------------------------------------

    @property
    def lang(self) -> Language:
        return self.state.settings.lang

    def say(self, key: str, **values: object) -> str:
        return L.line(self.lang, key, **values)

    def _cards(self, number: int) -> str:
        return L.counted(self.lang, number, "card")

    def _list(self, items: list[str], conjunction: Literal["and", "or"] = "and") -> str:
        return L.spoken_list(self.lang, items, conjunction)

    def _words(self, key: str) -> str:
        return L.WORDS[self.lang][key]

    # -- the Dialogue protocol ----------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.state.phase == "over"

    @property
    def table(self) -> Table:
        table = self.state.night or self.state.counted
        if table is None:
            raise RuntimeError("the table is not set up yet")
        return table

    def opening(self) -> list[Speech]:
        """Who the Sultan is and how the night is won: the setup follows the question of
        who begins, and the house rules come before the first telling, where they count."""
        speeches = [Speech(self.say("opening"))]
        if self.state.night or self.state.counted:  # --players gave one storyteller
            speeches += self._setup()
        return speeches

    def answer(self, answer: Answer) -> list[Speech]:
        if answer.intent == OUT_OF_RANGE:
            hint = self.step().options_hint()
            said = self._number_word(int(answer[NUMBER]))
            raise IllegalAction(self.say("not_that_number", number=said, hint=hint))
        try:
            return super().answer(answer)
        except IllegalPlayError as error:
            raise IllegalAction(self._illegal(error)) from None

    def status(self, player: str | None = None) -> str:
        if not self.state.night and not self.state.counted:
            return self.say("gathering")
        player = player if player in self.players else self._name()
        index = self.players.index(player)
        held = self._held(index)
        limit = self.table.hand_size
        hand = self.say("status_hand", name=player, cards=self._cards(held), limit=limit)
        return f"{self._table_status()} {hand}"

    def board(self) -> list[str]:
        """Hope, the tales told, the open tale and the deck, for the table display."""
        if not self.state.night and not self.state.counted:
            return []
        return [self._table_status()]

    def scoreboard(self) -> list[dict[str, str]]:
        """Each storyteller's cards in hand, for the table display."""
        if not self.state.night and not self.state.counted:
            return []
        storyteller, hand = (
            L.pick(self.lang, ("Storyteller", "Narrador")),
            L.pick(self.lang, ("Cards in hand", "Cartas en la mano")),
        )
        return [
            {storyteller: name, hand: str(self._held(index))}
            for index, name in enumerate(self.players)
        ]

    def _held(self, index: int) -> int:
        night = self.state.night
        return len(night.hands[index]) if night else self.table.hands[index]

    def _table_status(self) -> str:
        table = self.table
        tales = [COLOUR_NAMES[self.lang][colour] for colour in table.tales]
        streak = [kind_label(c.colour, c.kind, self.lang) for c in table.streak()]
        text = self.say(
            "status",
            hope=table.hope,
            tokens=self._tokens(),
            tales=self._list(tales) or self.say("none_yet"),
            streak=self._list(streak) or self.say("nothing"),
            deck=self._cards(table.deck_count),
        )
        if table.allies:
            allies = [KIND_NAMES[self.lang][kind] for kind in table.allies]
            text += " " + self.say("status_allies", allies=self._list(allies))
        return text

    def whose_turn(self) -> str:
        if self.phase() in ("count", "name", "oldest"):
            return self.say("meeting")
        return self.say("whose_turn", name=self._name())

    # -- setup -------------------------------------------------------------------------

    def _house_rules(self) -> str:
        settings, rules = self.state.settings, []
        if settings.timer:
            rules.append(self.say("rule_timer", seconds=round(settings.turn_seconds)))
        if settings.nudges:
            rules.append(self.say("rule_nudges", seconds=round(settings.silence_seconds)))
        if settings.nudges and settings.silence_rule:
            rules.append(self.say("rule_silences"))
        if settings.mention_rule:
            rules.append(self.say("rule_mention"))
        if not rules:
            return self.say("no_house_rules")
        return self.say("house_rules", rules=self._list(rules))

    @property
    def language(self) -> Language:
        """The language the companion speaks and listens in (read by ``companion play``)."""
        return self.lang

    def chapter(self) -> Chapter | None:
        """A storyteller's turn, once the Hope is placed."""
        if not self.everyone_seated or self.state.phase in ("oldest", "deal", "hope"):
            return None
        return Chapter(turn=self.state.turn, player=self._name())

    def night_title(self) -> str:
        return self.say("title")

    @property
    def hands(self) -> Literal["spoken", "screen", "passed"]:
        """How the companion's deck shows each hand, ``auto`` and the screens resolved: a
        screen asked for while no table display runs is passed instead."""
        hands = self.state.settings.hands
        if hands == "auto":
            hands = "spoken" if len(self.players) == 1 else "screen"
        if hands == "screen" and not self.state.screens:
            return "passed"
        return hands

    @property
    def hands_spoken(self) -> bool:
        """The companion's deck: are hands and drawn cards said aloud (to everyone, or to
        the storyteller holding the companion)?"""
        return self.hands != "screen"

    def use_screens(self, available: bool) -> None:
        """Whether each storyteller has a private screen now (``companion play``)."""
        self.state.screens = available

    fixed_settings: ClassVar[dict[str, str]] = {
        "cards": "the hands were dealt from these cards",
        "allies": "the deck was shuffled with or without the allies",
        "unfinished_tales": "the tales told so far followed it",
        "protagonists": "the cards played so far followed it",
        "special_places": "the cards played so far followed it",
    }

    def apply_settings(self, settings: dict[str, str]) -> None:
        """Hands, language, timer and house rules may change between two turns."""
        current = {key: str(value) for key, value in self.state.settings.model_dump().items()}
        self.state.settings = Settings.from_options(current | settings)

    def private_view(self, player: str) -> list[str]:
        """What only ``player`` may see on their own screen: their hand, and the cards
        they drew and must choose from."""
        night = self.state.night
        if night is None or player not in self.players:
            return []
        index = self.players.index(player)
        view = [self.say("your_hand", cards=self._hand_text(index))]
        if self.state.phase == "keep" and index == self.state.current:
            offered = self._list([self._element_label(code) for code in night.offer])
            view.append(self.say("drawn_private", cards=offered))
        return view

    def _number_word(self, number: int) -> str:
        """A number as the night's language says it: ``cinco``, ``five``."""
        return spelled(self.lang, number)

    def _after_names(self) -> list[Speech]:
        if len(self.players) > 1:
            self.state.phase = "oldest"
            return []
        return self._begin()

    def _ask_oldest(self) -> Step:
        names = {Answer.of("oldest", player=name): [normalize(name)] for name in self.players}
        return Step(
            self.say("ask_oldest", names=self._list(self.players, "or")),
            PhraseSet.from_templates(names, labels={a: str(a["player"]) for a in names}),
            hint=self.say("oldest_hint"),
        )

    def _on_oldest(self, answer: Answer) -> list[Speech]:
        name = str(answer["player"])
        self.state.first = self.state.current = self.players.index(name)
        return [Speech(self.say("first_player", name=name)), *self._begin()]

    def _begin(self) -> list[Speech]:
        players, settings = len(self.players), self.state.settings
        if settings.cards == "printed":
            self.state.counted = CountedTable.new(players, settings.variants)
            self.state.phase = "deal"
        else:
            self.state.night = Night.new(
                players, self.deck, self.state.dice.next_rng(), settings.variants
            )
            self.state.phase = "hope"
        return self._setup()

    def _setup(self) -> list[Speech]:
        """The night's setup for this many storytellers, and the cards dealt aside."""
        return [Speech(self._setup_summary()), *self._dealt_aside()]

    def _dealt_aside(self) -> list[Speech]:
        night = self.state.night
        if night is None or not night.set_aside_at_deal or self.state.hope_placed:
            return []
        names = [self._event_name(code) for code in night.set_aside_at_deal]
        return [Speech(self.say("dealt_aside", cards=self._list(names)))]

    def _setup_summary(self) -> str:
        setup = setup_for(len(self.players))
        storytellers = L.counted(self.lang, len(self.players), "storyteller")
        return self.say(
            "setup_summary",
            storytellers=storytellers,
            hope=setup.starting_hope,
            on_card=setup.players,
            hand=self._cards(setup.hand_size),
            events=self._events(),
        )

    def _events(self) -> str:
        setup = setup_for(len(self.players))
        counts = setup.event_cards(self.state.settings.allies)
        return self._list(
            [f"{n} {L.event_name(self.lang, event, n)}" for event, n in counts.items()]
        )

    def _event_phrases(self, done: bool = True) -> PhraseSet:
        events = [e for e in EventCard if self.state.settings.allies or e not in ALLY_KINDS]
        choices = {_event_answer(e): L.pick(self.lang, L.EVENT_TEMPLATES[e]) for e in events}
        phrases = PhraseSet.from_templates(choices)
        return phrases | self._done_phrases() if done else phrases

    def _done_phrases(self) -> PhraseSet:
        return PhraseSet.from_templates({DONE: [self._words("done")]}, labels={DONE: "done"})

    def _ask_deal(self) -> Step:
        setup = setup_for(len(self.players))
        if self.state.cards_named:
            prompt = self.say("deal_next")
        else:
            prompt = self.say("deal_prompt", events=self._events(), hand=setup.hand_size)
        return Step(prompt, self._event_phrases(), hint=self.say("deal_hint"))

    def _on_deal(self, answer: Answer) -> list[Speech]:
        table = self.state.counted
        if answer == DONE:
            table.finish_deal()
            self.state.phase = "hope"
            return [Speech(self.say("deck_now", count=self._cards(table.deck_count)))]
        table.set_aside_during_deal()
        self.state.cards_named += 1
        card = L.event_name(self.lang, EventCard(answer["event"]))
        return [Speech(self.say("set_aside", card=card))]

    # -- Hope on the action cards ------------------------------------------------------------

    def _action_phrases(
        self, actions=tuple(Action), intent: str = "hope", verbs: tuple[str, ...] = ("",)
    ) -> PhraseSet:
        """Action cards said alone ("search") or, with ``verbs``, "use search"."""
        choices = {
            Answer.of(intent, action=action.value): [
                verb + template
                for verb in verbs
                for template in L.pick(self.lang, L.ACTION_TEMPLATES[action])
            ]
            for action in actions
        }
        labels = {answer: L.action_name(self.lang, Action(answer["action"])) for answer in choices}
        return PhraseSet.from_templates(choices, labels=labels)

    def _placer(self) -> str:
        index = (self.state.first + self.state.hope_placed) % len(self.players)
        return self.players[index]

    def _ask_hope(self) -> Step:
        names = [L.action_name(self.lang, action) for action in Action]
        name, left = self._placer(), self.table.hope_to_place
        return Step(
            self.say("ask_hope", name=name, actions=self._list(names), left=left),
            self._action_phrases(),
            hint=self.say("hope_hint", actions=self._list(names, "or")),
            asks=name,
            brief=self.say("ask_hope_brief", name=name, left=left),
            topic=f"hope:{name}",
        )

    def _on_hope(self, answer: Answer) -> list[Speech]:
        self.table.place_hope(Action(answer["action"]))
        self.state.hope_placed += 1
        if self.table.hope_to_place:
            return []
        self.state.phase = "play"
        return [Speech(self.say("hope_placed", tokens=self._tokens())), *self._turn_start()]

    def _tokens(self) -> str:
        return self._list(
            [
                f"{L.action_name(self.lang, action)} {count}"
                for action, count in self.table.hope_on.items()
                if count
            ]
        )

    # -- narrate or discard --------------------------------------------------------------------

    def _turn_start(self) -> list[Speech]:
        if not self.state.night:
            return []
        if self.hands == "passed":
            return [Speech(self.say("hand_passed", name=self._name()), kind="aside")]
        return self._hand_told()

    def _hand_told(self) -> list[Speech]:
        """The storyteller's hand, said (or where to see it): no part of the night's story."""
        if self.hands == "screen":
            return [Speech(self.say("hand_on_screen", name=self._name()), kind="aside")]
        return [Speech(self.say("your_hand", cards=self._hand_text()), kind="aside")]

    def _hand_text(self, player: int | None = None) -> str:
        index = self.state.current if player is None else player
        hand = self.state.night.hands[index]
        return self._list([self._element_label(code) for code in hand])

    def _ask_play(self) -> Step:
        usable = [a for a in USABLE_ACTIONS if self.table.hope_on[a]]
        actions = self._action_phrases(usable, "use", (f"{self._words('use')} ",))
        name = self._name()
        brief = {"brief": self.say("play_brief", name=name), "topic": f"play:{name}"}
        if self.state.night:
            return self._about_the_hand(
                Step(
                    self.say("play_prompt", name=name),
                    self._hand_phrases() | actions,
                    hint=self.say("play_hint"),
                    commands=self._hand_question(),
                    **brief,
                )
            )
        return Step(
            self.say("play_printed_prompt", name=name),
            self._printed_card_phrases() | actions,
            hint=self.say("play_printed_hint"),
            **brief,
        )

    def _on_play(self, answer: Answer) -> list[Speech]:
        if answer.intent == "use":
            return self._use(Action(answer["action"]), free=False)
        if answer == HAND:
            return self._hand_told()
        if self.state.night:
            card = str(answer["card"])
            return self._discard(card) if answer.intent == "discard" else self._play(card)
        if answer.intent == "discard":
            return self._discard_printed()
        return self._play_printed(answer)

    def _play(self, code: str) -> list[Speech]:
        night = self.state.night
        result = night.play_card(self.state.current, code)
        self.state.pending = Card.from_code(code, self._element_name(code))
        speeches = self._tale_done(result.completed)
        if result.queens_returned:
            night.shuffle_deck(self.state.dice.next_rng())
            queens = result.queens_returned
            count = f"{queens} {L.event_name(self.lang, EventCard.QUEEN, queens)}"
            speeches.append(Speech(self.say("queens_back", count=count)))
        self.state.phase = "free" if result.free_action else "ready"
        return speeches

    def _play_printed(self, answer: Answer) -> list[Speech]:
        name = str(answer.get("name", ""))
        card = Card(colour=Colour(answer["colour"]), kind=Kind(answer["kind"]), name=name)
        completed = self.state.counted.play_from_hand(self.state.current, card)
        self.state.pending = card
        speeches = self._tale_done(completed)
        if completed is not None and card.kind is Kind.EVENT:  # the rulebook: its effect applies
            speeches.append(Speech(self.say("event_ends_tale")))
        variants = self.state.settings.variants
        special = name in _printed_specials(card.kind, self.lang)
        if special and card.kind is Kind.PLACE and variants.special_places:
            self.state.phase = "queens"
        elif special and card.kind is Kind.CHARACTER and variants.protagonists:
            self.state.phase = "free"
        else:
            self.state.phase = "ready"
        return speeches

    def _discard(self, code: str) -> list[Speech]:
        night = self.state.night
        night.discard_card(self.state.current, code)
        speeches = [Speech(self.say("discarded", card=self._element_name(code), hope=night.hope))]
        if night.outcome:
            return speeches + self._ending()
        self.state.discarded = code
        if night.may_discard_more(code) and night.hands[self.state.current]:
            self.state.phase = "more"
            return speeches
        return speeches + self._after_discard()

    def _discard_printed(self) -> list[Speech]:
        table = self.state.counted
        table.discard_from_hand(self.state.current)
        speeches = [Speech(self.say("discard_printed", hope=table.hope))]
        if table.outcome:
            return speeches + self._ending()
        if table.allies:
            self.state.phase = "more"
            return speeches
        return speeches + self._after_discard()

    def _after_discard(self) -> list[Speech]:
        """The rulebook lets a storyteller who discarded make one free exchange."""
        self.state.action, self.state.action_left = Action.EXCHANGE, 1
        self.state.return_to = "draw"
        self.state.phase = "exchange"
        return []

    def _ask_more(self) -> Step:
        if self.state.night:
            return self._about_the_hand(
                Step(
                    self.say("ally_more"),
                    self._discard_phrases() | self._done_phrases(),
                    hint=self.say("ally_more"),
                )
            )
        more = range(0, 7)
        return Step(
            self.say("ally_more_printed"), self._count_phrases(more), hint=self._count_hint(more)
        )

    def _on_more(self, answer: Answer) -> list[Speech]:
        if self.state.counted:
            self.state.counted.discard_extra(self.state.current, int(answer[NUMBER]))
            return self._after_discard()
        if answer == DONE:
            return self._after_discard()
        code = str(answer["card"])
        self.state.night.discard_extra(self.state.current, code, self.state.discarded)
        speeches = [Speech(self.say("also_discarded", card=self._element_name(code)))]
        if not self.state.night.hands[self.state.current]:
            return speeches + self._after_discard()
        return speeches

    def _ask_queens(self) -> Step:
        queens = range(0, 5)
        return Step(
            self.say("printed_queens"), self._count_phrases(queens), hint=self._count_hint(queens)
        )

    def _on_queens(self, answer: Answer) -> list[Speech]:
        self.state.counted.queens_back(int(answer[NUMBER]))
        self.state.phase = "ready"
        return []

    def _count_phrases(self, numbers: range, templates: tuple[str, ...] = ("{n}",)) -> PhraseSet:
        """How many: a number of ``numbers`` (0 also said "none"), in the night's language
        or as digits; the other numbers to twelve are heard too, to say what is allowed."""
        none = "(ninguna|ninguno|cero)" if self.lang == "es" else "(none|no more|zero)"
        choices = {}
        for n in range(len(SPANISH_NUMBERS)):
            said = SPANISH_NUMBERS[n] if self.lang == "es" else number_to_words(n)
            forms = [number_to_words(n), *(t.replace("{n}", said) for t in templates)]
            allowed = n in numbers
            if n == 0 and allowed:
                forms.append(none)
            choices[Answer.of(NUMBER if allowed else OUT_OF_RANGE, number=n)] = forms
        labels = {a: str(a[NUMBER]) for a in choices if a.intent == NUMBER}
        return PhraseSet.from_templates(choices, labels=labels)

    def _count_hint(self, numbers: range) -> str:
        low, high = (self._number_word(n) for n in (numbers.start, numbers.stop - 1))
        return self.say("how_many_hint", low=low, high=high)

    # -- action cards --------------------------------------------------------------------------

    def _use(self, action: Action, free: bool) -> list[Speech]:
        table = self.table
        strength = table.spend(action, free=free)
        name = L.action_name(self.lang, action)
        if free:
            speeches = [Speech(self.say("action_free", action=name, x=strength))]
        else:
            speeches = [Speech(self.say("action_used", action=name, x=strength, hope=table.hope))]
        if table.outcome:
            return speeches + self._ending()
        self.state.action = action
        if not free:
            self.state.return_to = "play"
        return speeches + self._act(action, strength)

    def _act(self, action: Action, strength: int) -> list[Speech]:
        """Carry out an action card of strength X."""
        self.state.action_left = strength
        hints = self.say("hints_given", count=min(strength, len(self.players)))
        if action in (Action.SEARCH, Action.RECOVER) and self.state.night:
            self.state.phase = "wish"
            return []
        if action is Action.EXCHANGE:
            self.state.phase = "exchange"
            return []
        if self.state.counted:
            return self._act_printed(action, strength, hints)
        night = self.state.night
        if action is Action.REVEAL:
            shown = [self._any_card_name(code) for code in night.reveal(strength)]
            return [
                Speech(self.say("reveal_done", x=strength, cards=self._list(shown), hints=hints)),
                *self._action_over(),
            ]
        if action is Action.OVERCOME:
            obstacle, count = night.overcome(strength)
            key = "overcome_found" if obstacle else "overcome_none"
            card = L.event_name(self.lang, obstacle) if obstacle else ""
            return [
                Speech(self.say(key, count=self._cards(count), card=card)),
                *self._action_over(),
            ]
        self.state.drawing_for = "action"
        return self._offer(night.draw(self.state.dice.next_rng(), strength))

    def _act_printed(self, action: Action, strength: int, hints: str) -> list[Speech]:
        table = self.state.counted
        if action is Action.REVEAL:
            return [
                Speech(self.say("reveal_printed", x=strength, hints=hints)),
                *self._action_over(),
            ]
        if action is Action.OVERCOME:
            self.state.phase = "overcome"
            return []
        if action is Action.DRAW:
            self.state.drawing_for = "action"
            self.state.phase = "event_draw"
            self.state.cards_named = 0
            return []
        from_pile = action is Action.RECOVER
        table.take_cards(self.state.current, strength, from_pile=from_pile)
        key = "recover_printed" if from_pile else "search_printed"
        return [Speech(self.say(key, x=strength)), *self._action_over()]

    def _action_over(self) -> list[Speech]:
        self.state.action = None
        self.state.phase = self.state.return_to
        if self.state.phase == "draw":
            return self._draw_phase()
        return []

    def _none_phrases(self) -> PhraseSet:
        return PhraseSet.from_templates({NONE: [self._words("none")]}, labels={NONE: "none"})

    def _ask_free(self) -> Step:
        none = self._none_phrases()
        card = self._spoken(self.state.pending)
        return Step(
            self.say("ask_free", card=card),
            self._action_phrases(USABLE_ACTIONS, "use", ("", f"{self._words('use')} ")) | none,
            hint=self.say("free_hint"),
        )

    def _on_free(self, answer: Answer) -> list[Speech]:
        self.state.return_to = "ready"
        if answer == NONE:
            self.state.phase = "ready"
            return []
        return self._use(Action(answer["action"]), free=True)

    def _ask_wish(self) -> Step:
        key = "ask_search" if self.state.action is Action.SEARCH else "ask_recover"
        wishes = {
            Answer.of("wish", colour=colour.value, kind=kind.value): [
                _kind_template(colour, kind, self.lang)
            ]
            for colour in Colour
            for kind in Kind
        }
        wishes[ANY] = [self._words("any")]
        return Step(
            self.say(key, left=self.state.action_left),
            PhraseSet.from_templates(wishes),
            hint=self.say("wish_hint"),
        )

    def _on_wish(self, answer: Answer) -> list[Speech]:
        night, player = self.state.night, self.state.current
        wanted = (None, None)
        if answer != ANY:
            wanted = (Colour(answer["colour"]), Kind(answer["kind"]))
        if self.state.action is Action.SEARCH:
            found = night.search(player, [wanted], self.state.dice.next_rng())
        else:
            found = night.recover(player, [wanted])
        self.state.action_left -= 1
        if found:
            speeches = [Speech(self.say("found", card=self._element_label(found[0])))]
        else:
            speeches = [Speech(self.say("not_found"))]
        if self.state.action_left:
            return speeches
        if self.state.action is Action.SEARCH:
            speeches.append(Speech(self.say("deck_shuffled")))
        return speeches + self._action_over()

    def _ask_exchange(self) -> Step:
        pairs = {
            Answer.of("move", source=source.value, target=target.value): [
                f"{self._words('from')} {s} {self._words('to')} {t}"
                for s in L.pick(self.lang, L.ACTION_TEMPLATES[source])
                for t in L.pick(self.lang, L.ACTION_TEMPLATES[target])
            ]
            for source in Action
            for target in Action
            if source is not target and self.table.hope_on[source]
        }
        pairs[STOP] = [self._words("stop"), self._words("none")]
        prompt = self.say("ask_exchange", left=self.state.action_left)
        if len(self.players) > 1:
            prompt += " " + self.say("exchange_cards")
        return Step(
            prompt,
            PhraseSet.from_templates(pairs) | self._gift_phrases(),
            hint=self.say("exchange_hint"),
        )

    def _gift_phrases(self) -> PhraseSet:
        """The rulebook's other exchange: a story card given to another storyteller ("give
        the copper lamp to Bea"; printed cards: "give a card to Bea")."""
        give, to = self._words("give"), self._words("to")
        others = [
            (i, literal(normalize(n)))
            for i, n in enumerate(self.players)
            if i != self.state.current
        ]
        if self.state.night is None:
            choices = {
                Answer.of("give", player=i): [f"{give} [{self._words('a_card')}] {to} {name}"]
                for i, name in others
            }
            return PhraseSet.from_templates(choices)
        choices = {}
        for code in self.state.night.hands[self.state.current]:
            wording = self.deck.element(code).in_language(self.lang)
            names = "|".join([_without_article(normalize(wording.name)), *wording.keywords])
            for i, name in others:
                choices[Answer.of("give", card=code, player=i)] = [
                    f"{give} {self._words('articles')} ({names}) {to} {name}"
                ]
        return PhraseSet.from_templates(choices)

    def _on_exchange(self, answer: Answer) -> list[Speech]:
        if answer == STOP:
            return self._action_over()
        if answer.intent == "give":
            return self._give(int(answer["player"]), answer.get("card"))
        source, target = Action(answer["source"]), Action(answer["target"])
        self.table.move_hope(source, target)
        self.state.action_left -= 1
        names = {
            "source": L.action_name(self.lang, source),
            "target": L.action_name(self.lang, target),
        }
        speeches = [Speech(self.say("moved", **names))]
        return speeches if self.state.action_left else speeches + self._action_over()

    def _give(self, target: int, code: object) -> list[Speech]:
        """A story card passes to another storyteller: one of the exchanges."""
        if self.state.night is not None:
            self.state.night.give(self.state.current, target, str(code))
        else:
            self.state.counted.give(self.state.current, target)
        self.state.action_left -= 1
        said = self.say("gave", name=self._name(), other=self.players[target])
        speeches = [Speech(said)]
        return speeches if self.state.action_left else speeches + self._action_over()

    def _ask_overcome(self) -> Step:
        count = self._cards(OVERCOME_REVEAL * self.state.action_left)
        none = self._none_phrases()
        obstacles = [e for e in EventCard if e.is_obstacle]
        choices = {_event_answer(e): L.pick(self.lang, L.EVENT_TEMPLATES[e]) for e in obstacles}
        return Step(
            self.say("overcome_printed", count=count), PhraseSet.from_templates(choices) | none
        )

    def _on_overcome(self, answer: Answer) -> list[Speech]:
        if answer != NONE:
            self.state.counted.overcome_discard()
        return self._action_over()

    # -- drawing ---------------------------------------------------------------------------------

    def _draw_phase(self) -> list[Speech]:
        """After the telling (or a discard): draw back up to the hand limit."""
        self.state.phase = "draw"
        self.state.drawing_for = "refill"
        self.state.refill_drawn = False
        self.state.cards_named = 0
        table = self.state.counted
        if table is None:
            return self._refill()
        if table.missing(self.state.current):
            return []
        return self._printed_hand_full()

    def _refill(self) -> list[Speech]:
        night, speeches = self.state.night, []
        missing = night.missing(self.state.current)
        single = self.state.settings.draw == "single"
        if missing and not (single and self.state.refill_drawn):
            self.state.refill_drawn = True
            strength = missing if single else None
            return self._offer(night.draw(self.state.dice.next_rng(), strength))
        if night.excess(self.state.current):
            self.state.phase = "excess"
            return speeches
        return self._next_turn()

    def _offer(self, offer) -> list[Speech]:
        night = self.state.night
        speeches = [Speech(self._event_text(result)) for result in offer.events]
        if night.outcome:
            return speeches + self._ending()
        if len(offer.offered) == 1:
            night.keep(self.state.current, offer.offered[0])
            card = self._element_label(offer.offered[0])
            key = "drew_one" if self.hands_spoken else "drew_private"
            speeches.append(Speech(self.say(key, name=self._name(), card=card)))
            return speeches + self._after_keep()
        self.state.phase = "keep"
        return speeches

    def _ask_keep(self) -> Step:
        offered = self.state.night.offer
        cards = self._list([self._element_label(code) for code in offered])
        if self.hands == "passed":
            prompt = self.say("ask_keep_passed", name=self._name(), cards=cards)
        elif self.hands_spoken:
            prompt = self.say("ask_keep", name=self._name(), cards=cards)
        else:
            prompt = self.say("ask_keep_private", name=self._name(), count=len(offered))
        return Step(
            prompt,
            self._card_phrases(offered, verbs=("keep",)) | self._by_place(offered),
            private=not self.hands_spoken,
            hint=self.say("keep_hint"),
            asks=self._name(),
        )

    def _by_place(self, offered: list[str]) -> PhraseSet:
        """A drawn card said by its place among those offered ("the first one"), so that
        a storyteller holding the companion keeps a card without naming it to the table."""
        keep, articles = _KEEP[self.lang], self._words("articles")
        choices = {
            Answer.of("keep", card=code): [f"[{keep}] {articles} {place}"]
            for code, place in zip(offered, L.PLACES[self.lang], strict=False)
        }
        return PhraseSet.from_templates(choices)

    def _on_keep(self, answer: Answer) -> list[Speech]:
        code = str(answer["card"])
        self.state.night.keep(self.state.current, code)
        if self.hands == "passed":
            return [Speech(self.say("kept_passed", name=self._name())), *self._after_keep()]
        if not self.hands_spoken:
            return self._after_keep()
        return [Speech(self.say("kept", card=self._element_name(code))), *self._after_keep()]

    def _after_keep(self) -> list[Speech]:
        if self.state.drawing_for == "action":
            return self._action_over()
        return self._refill()

    def _ask_excess(self) -> Step:
        return self._about_the_hand(
            Step(
                self.say("ask_excess", name=self._name(), limit=self.table.hand_size),
                self._discard_phrases(),
            )
        )

    def _on_excess(self, answer: Answer) -> list[Speech]:
        code = str(answer["card"])
        self.state.night.discard_excess(self.state.current, code)
        return [
            Speech(self.say("excess_discarded", card=self._element_name(code))),
            *self._refill(),
        ]

    def _ask_event_draw(self) -> Step:
        """Printed cards: the players draw and name each card that is not a story card
        (phase ``draw`` at the end of a turn, ``event_draw`` for the Draw action)."""
        table = self.state.counted
        action = self.state.drawing_for == "action"
        if self.state.cards_named:
            single = self.state.settings.draw == "single"
            refill = "draw_next_single" if single else "draw_next"
            prompt = self.say("draw_action_next" if action else refill)
        elif action:
            prompt = self.say("draw_action_printed", x=self.state.action_left)
        else:
            name, missing = self._name(), table.missing(self.state.current)
            single = self.state.settings.draw == "single"
            key = "draw_printed_single" if single else "draw_printed"
            return Step(
                self.say(key, name=name, missing=missing),
                self._event_phrases(),
                hint=self.say("draw_hint"),
                brief=None if single else self.say("draw_brief", name=name, missing=missing),
                topic=f"draw:{name}",
            )
        return Step(prompt, self._event_phrases(), hint=self.say("draw_hint"))

    def _on_event_draw(self, answer: Answer) -> list[Speech]:
        table, player = self.state.counted, self.state.current
        if answer != DONE:
            self.state.cards_named += 1
            result = table.draw_event(EventCard(answer["event"]), self.state.dice.next_rng())
            speeches = [Speech(self._event_text(result))]
            return speeches + self._ending() if table.outcome else speeches
        if self.state.drawing_for == "action":
            table.take_cards(player, 1)
            return self._action_over()
        table.finish_draw(player, single=self.state.settings.draw == "single")
        if table.outcome is not None:
            return self._ending()
        return [
            Speech(self.say("deck_now", count=self._cards(table.deck_count))),
            *self._printed_hand_full(),
        ]

    def _printed_hand_full(self) -> list[Speech]:
        """End of a printed-card turn: a hand over its limit discards the excess."""
        table, player, speeches = self.state.counted, self.state.current, []
        if table.hands[player] > table.hand_size:
            speeches.append(Speech(self.say("excess_printed", limit=table.hand_size)))
            table.discard_extra(player, table.hands[player] - table.hand_size)
        return speeches + self._next_turn()

    _ask_draw = _ask_event_draw

    def _on_draw(self, answer: Answer) -> list[Speech]:
        return self._on_event_draw(answer)

    def _next_turn(self) -> list[Speech]:
        self.state.current = (self.state.current + 1) % len(self.players)
        self.state.turn += 1
        self.state.phase = "play"
        return self._turn_start()

    # -- the telling ------------------------------------------------------------------------------

    def _ask_ready(self) -> Step:
        """Before a telling; the first of the night (and of a resumed night) says the house
        rules first, where they count."""
        prompt = self.say("tell_with", name=self._name(), card=self._spoken(self.state.pending))
        prompt = f"{prompt} {self.say('ask_begin')}"
        return Step(
            f"{self._house_rules()} {prompt}",
            PhraseSet.from_templates({BEGIN: [self._words("begin")]}, labels={BEGIN: "begin"}),
            hint=self.say("begin_hint"),
            brief=prompt,
            topic="house rules",
        )

    def _on_ready(self, answer: Answer) -> list[Speech]:
        if answer != BEGIN:
            raise IllegalAction(self.say("say_begin"))
        self.state.phase = "telling"
        return []

    def _keywords(self) -> tuple[str, ...]:
        card = self.state.pending
        if card.code:
            return self.deck.element(card.code).in_language(self.lang).keywords
        stop = {"the", "a", "an", "of", "card", "el", "la", "los", "las", "un", "una", "de", "del"}
        return tuple(word for word in normalize(card.name).split() if word not in stop)

    def _ask_telling(self) -> Step:
        settings = self.state.settings
        cues = L.CUES[self.lang]
        spec = TellingSpec(
            turn=self.state.turn,
            storyteller=self._name(),
            element=self._spoken(self.state.pending),
            keywords=self._keywords(),
            turn_seconds=settings.turn_seconds if settings.timer else None,
            silence_seconds=settings.silence_seconds if settings.nudges else None,
            warn_seconds=settings.warn_seconds,
            language=self.lang,
            end_phrases=L.END_PHRASES[self.lang],
            stirs=cues["stirs"],
            yawns=cues["yawns"],
            seconds_left=cues["seconds_left"],
        )
        if settings.timer:
            prompt = self.say("telling_prompt", seconds=round(settings.turn_seconds))
        else:
            prompt = self.say("telling_untimed")
        return Step(prompt, PhraseSet(()), hint=self.say("telling_hint"), telling=spec)

    def _on_telling(self, answer: Answer) -> list[Speech]:
        try:
            report = TellingReport.from_answer(answer)
        except ValidationError:
            raise IllegalAction(self.say("telling_again")) from None
        self._note_telling(report)
        speeches = self._judge(report)
        self.state.pending = None
        self.table.check_victory()
        if self.table.outcome is not None:
            return speeches + self._ending()
        return speeches + self._draw_phase()

    def _note_telling(self, report: TellingReport) -> None:
        """The tale in the night's chronicle: who told it with which card, how long, how
        it ended, how the Sultan stirred, and what was heard of it."""
        told = self.say(
            "chronicle_telling",
            name=self._name(),
            card=self._spoken(self.state.pending),
            seconds=round(report.seconds),
            ending=self.say(f"chronicle_{report.ended_by}"),
        )
        quote = as_sentence(report.transcript, self.lang) if report.transcript else None
        self.note(" ".join([told, *report.nudges]), Told.TELLING, quote)

    def _judge(self, report: TellingReport) -> list[Speech]:
        """The Sultan's verdict on a telling: the house rules on time, silences, the card."""
        table, settings, speeches = self.table, self.state.settings, []
        card = self._spoken(self.state.pending)
        if report.ended_by == "timeout":
            speeches.append(Speech(self.say("dawn")))
        if report.keywords_heard:
            speeches.append(Speech(self.say("heard", card=card)))
        elif self._keywords() and settings.mention_rule:
            table.change_hope(-1)
            speeches.append(Speech(self.say("never_heard", card=card, hope=table.hope)))
        if report.long_silences >= 2 and settings.silence_rule:
            table.change_hope(-1)
            speeches.append(Speech(self.say("silences", hope=table.hope)))
        return speeches

    # -- shared narration -------------------------------------------------------------------

    def _tale_done(self, completed: Colour | None) -> list[Speech]:
        if completed is None:
            return []
        return [
            Speech(
                self.say(
                    "tale_done",
                    colour=COLOUR_NAMES[self.lang][completed],
                    title=self.deck.tale(completed, self.lang),
                    told=len(self.table.tales),
                )
            )
        ]

    def _event_text(self, result: EventResult) -> str:
        event = result.event
        if event is EventCard.SULTAN:
            return self.say("ev_sultan", hope=result.hope)
        if event is EventCard.QUEEN:
            return self.say("ev_queen" if result.hope_change else "ev_queen_full", hope=result.hope)
        if event is EventCard.HOURGLASS:
            return self.say("ev_hourglass", count=self._cards(result.cards_discarded))
        if event is EventCard.IFRIT:
            if result.removed is None:
                return self.say("ev_ifrit_none")
            return self.say("ev_ifrit", card=self._spoken(result.removed))
        if event is EventCard.ROC:
            return self.say("ev_roc", count=self._cards(result.cards_discarded))
        if event in ALLY_KINDS:
            return self.say("ev_ally", kind=KIND_NAMES[self.lang][ALLY_KINDS[event]])
        return self.say("ev_bahamut")

    def _ending(self) -> list[Speech]:
        table = self.table
        self.state.phase = "over"
        if table.outcome == "won":
            return [Speech(self.say("won"), kind="ending")]
        reason = self.say("lost_hope" if table.loss_reason == "hope" else "lost_deck")
        return [Speech(self.say("lost", reason=reason), kind="ending")]

    def _illegal(self, error: IllegalPlayError) -> str:
        """The rules core's reason, in the night's language."""
        reason = str(error)
        if self.lang == "en":
            return reason[0].upper() + reason[1:] + "."
        if "type must change" in reason and self.table.row:
            kind = KIND_NAMES["es"][self.table.row[-1].kind]
            return self.say("why_same_kind", kind=kind).capitalize() + "."
        if "tale has just been completed" in reason:
            colour = COLOUR_NAMES["es"][self.table.tales[-1]]
            return self.say("why_same_colour", colour=colour).capitalize() + "."
        if "not in your hand" in reason:
            return self.say("not_held")
        if "holds no Hope" in reason:
            return self.say("no_hope_there", action=reason.split()[1])
        return reason

    # -- cards by name ------------------------------------------------------------------------

    def _element_name(self, code: str) -> str:
        return self.deck.element(code).in_language(self.lang).name

    def _element_label(self, code: str) -> str:
        """``the copper lamp (red artifact)``."""
        element = self.deck.element(code)
        kind = kind_label(element.colour, element.kind, self.lang)
        return f"{element.in_language(self.lang).name} ({kind})"

    def _event_name(self, code: str) -> str:
        return L.event_name(self.lang, EventCard(code.removeprefix("event:")))

    def _any_card_name(self, code: str) -> str:
        return self._event_name(code) if code.startswith("event:") else self._element_label(code)

    def _spoken(self, card: Card) -> str:
        """A story card by its name (the companion's deck), or as it was announced."""
        if card.code:
            return self._element_name(card.code)
        label = kind_label(card.colour, card.kind, self.lang)
        article = "el" if self.lang == "es" else "the"
        return f"{article} {label}" + (f" {card.name}" if card.name else "")

    def _hand_phrases(
        self, verbs: tuple[str, ...] = ("play", "discard"), optional: tuple[str, ...] = ("play",)
    ) -> PhraseSet:
        hand = self.state.night.hands[self.state.current]
        return self._card_phrases(hand, verbs, optional)

    def _discard_phrases(self) -> PhraseSet:
        """A card of the hand to discard, with or without the verb ("the mermaid")."""
        return self._hand_phrases(verbs=("discard",), optional=("discard",))

    def _about_the_hand(self, step: Step) -> Step:
        """``step``, whose options are the storyteller's hand, put to the storyteller and,
        when the hands are kept off the table, offered on the storyteller's own page only
        (never listed aloud, nor as buttons on the shared page)."""
        return replace(step, asks=self._name(), private_options=self.hands == "screen")

    def _hand_question(self) -> PhraseSet:
        """ "What is in my hand": a question beside the play step's answers, never offered
        as one of them."""
        words = ["[my] hand", "what is in my hand"] if self.lang == "en" else ["[mi] mano"]
        return PhraseSet.from_templates({HAND: words}, labels={HAND: "hand"})

    def _card_phrases(
        self, codes: list[str], verbs: tuple[str, ...], optional: tuple[str, ...] = ("keep",)
    ) -> PhraseSet:
        """Cards said by name or key word: ``play the copper lamp``, ``discard lamp``; the
        ``optional`` verbs may be left out ("the copper lamp")."""
        choices: dict[str, list[str]] = {}
        articles = self._words("articles")
        for code in codes:
            wording = self.deck.element(code).in_language(self.lang)
            names = [_without_article(normalize(wording.name)), *wording.keywords]
            for verb in verbs:
                said = self._words(verb) if verb != "keep" else _KEEP[self.lang]
                spoken = f"[{said}]" if verb in optional else said
                templates = [f"{spoken} {articles} {n}" for n in names]
                choices[Answer.of(verb, card=code)] = templates
        labels = {answer: self._card_label(answer, len(verbs) > 1) for answer in choices}
        return PhraseSet.from_templates(choices, labels=labels)

    def _card_label(self, answer: Answer, with_verb: bool) -> str:
        """How ``answer`` is said back and written on its button: the card's name, after
        its verb where a card may be played or discarded ("discard the mermaid")."""
        name = self._element_name(str(answer["card"]))
        return f"{L.VERB_LABELS[self.lang][answer.intent]} {name}" if with_verb else name

    def _printed_card_phrases(self) -> PhraseSet:
        """What players say to play a printed card: colour, type and optionally a name."""
        return _printed_card_phrases(self.lang, self.state.deck_path or str(DEFAULT_DECK))

    def _name(self) -> str:
        return self.players[self.state.current]


DONE, NONE, ANY, STOP, BEGIN = (Answer(w) for w in ("done", "none", "any", "stop", "begin"))
HAND, DISCARD = Answer("hand"), Answer("discard")


def _event_answer(event: EventCard) -> Answer:
    return Answer.of("card", event=event.value)


_KEEP = {"en": "(keep|i keep|i take)", "es": "(me quedo con|quiero|tomo)"}
_ARTICLES = ("the ", "a ", "an ", "el ", "la ", "los ", "las ", "un ", "una ")
_SPECIALS = {
    "en": {
        Kind.CHARACTER: ["ali baba", "princess", "holy man", "sultan"],
        Kind.PLACE: ["baghdad", "damascus", "lhasa", "muscat"],
    },
    "es": {
        Kind.CHARACTER: ["ali baba", "alí babá", "princesa", "santón", "sultán"],
        Kind.PLACE: ["bagdad", "damasco", "lhasa", "mascate"],
    },
}


def _printed_specials(kind: Kind, language: Language = "en") -> list[str]:
    """The rulebook's protagonists and special places, as players may name them."""
    return _SPECIALS[language].get(kind, [])


def _without_article(name: str) -> str:
    """``the copper lamp`` → ``copper lamp``."""
    for article in _ARTICLES:
        if name.startswith(article):
            return name[len(article) :]
    return name


def _kind_template(colour: Colour, kind: Kind, language: Language) -> str:
    colour_word = L.COLOUR_WORDS[language][colour]
    kind_word = L.KIND_WORDS[language][kind]
    if language == "es":
        return f"[el|un] ({kind_word} {colour_word}|{colour_word} {kind_word})"
    return f"[the|a] {colour_word} {kind_word}"


@lru_cache(maxsize=4)
def _printed_card_phrases(language: Language, deck_path: str) -> PhraseSet:
    """What players say to play a printed card: colour, type and optionally a name (built
    once per language and deck: thousands of phrases)."""
    deck = load_deck(deck_path)
    words = L.WORDS[language]
    choices: dict[str, list[str]] = {}
    play = f"[{words['play']}]"
    for colour in Colour:
        for kind in Kind:
            said = _kind_template(colour, kind, language)
            plain = Answer.of("play", colour=colour.value, kind=kind.value)
            choices[plain] = [f"{play} {said} [card|carta]"]
            names = _printed_specials(kind, language) + [
                _without_article(normalize(e.in_language(language).name))
                for e in deck.elements
                if e.kind is kind
            ]
            for name in dict.fromkeys(names):
                named = Answer.of("play", colour=colour.value, kind=kind.value, name=name)
                choices[named] = [f"{play} {said} {name}"]
    labels = {
        Answer.of("play", colour=c.value, kind=k.value): kind_label(c, k, language)
        for c in Colour
        for k in Kind
    }
    discard = PhraseSet.from_templates(
        {DISCARD: [f"{words['discard']} [a card|una carta]"]}, labels={DISCARD: "discard"}
    )
    return PhraseSet.from_templates(choices, labels=labels) | discard
