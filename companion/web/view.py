"""What the table display shows: snapshots of the game, built by a session observer.

:class:`TableView` watches a session (the same hooks as the terminal view and the
chronicle) and keeps the moment: whose turn it is, the question and its answers, what was
heard, what is being read, every sheet and the recent answers (those the game took, from
the session's events). Each change is handed to a ``publish`` callback as a
:class:`Moment`; the server sends it to the pages. Nothing here does I/O.

>>> from companion.framework.dialogue import Speech
>>> moments = []
>>> view = TableView(publish=moments.append)
>>> view.on_speech(Speech("Turn to paragraph twelve.", paragraph=12))
>>> moments[-1].reading[-1].text, moments[-1].reading[-1].paragraph
('Turn to paragraph twelve.', 12)
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable
from typing import NamedTuple, Protocol

from pydantic import BaseModel, Field

from companion.framework.answers import Answer
from companion.framework.dialogue import Dialogue, Speech, Step
from companion.framework.telling_turn import TellingSpec
from companion.session.ports import Heard, title_of
from companion.web.words import page_words

READING_KEPT = 6
"""How many of the companion's last utterances a page shows."""
HISTORY_KEPT = 12
"""How many recent answers a page lists."""


class AnswerEvent(Protocol):
    """What the view reads of the session's ``Applied`` and ``Undone`` events
    (:mod:`companion.session.events`, which the web does not import): the state an
    answer was given in, which undo names again."""

    @property
    def mark(self) -> str: ...


class AnswerApplied(AnswerEvent, Protocol):
    """An answer the game took: ``said`` in the players' words ("" for a secret)."""

    @property
    def said(self) -> str: ...


class ListedAnswer(NamedTuple):
    """One of the recent answers, with the mark that undo takes it back by."""

    mark: str
    said: str


class Button(BaseModel):
    """One answer the current question accepts, as a button."""

    label: str
    """What the button says."""
    phrase: str
    """What a tap sends to the session: a phrase the step matches exactly."""


class Reading(BaseModel):
    """One utterance of the companion, for those who would rather read along."""

    text: str
    paragraph: int | None = None


class HeardAnswer(BaseModel):
    """What the companion last heard, and how sure it was."""

    text: str
    confidence: float
    typed: bool
    understood: str | None


class MapView(BaseModel):
    """The game's map on the page: the drawing (fetched once per ``drawing``) and what
    stands on it now."""

    drawing: str
    """Names the SVG served at ``/map``; it changes only when the drawing does."""
    markers: dict[str, tuple[float, float]]
    highlighted: list[tuple[float, float]]
    highlighted_names: list[str] = Field(default_factory=list)


class Moment(BaseModel):
    """Everything the shared page shows at one moment (nothing private)."""

    serial: int = 0
    """The question being asked (or the last one asked); a tap names the question it
    answers, and only the question being asked now takes one."""
    game: str = ""
    whose_turn: str = ""
    question: str = ""
    answers: list[Button] = Field(default_factory=list)
    """The buttons of the question being asked now; none once it is answered, nor for a
    question whose answers are the asked player's secret."""
    asked_of: str | None = None
    """The player the question is asked of (None: the table, nobody in particular): only
    the shared page and that player's own page show its buttons."""
    own_answers: list[Button] = Field(default_factory=list, exclude=True)
    """The buttons on the asked player's own page: the shared page's, or a secret's, which
    no other page is ever sent (never part of the shared page's snapshot)."""
    private_question: bool = False
    heard: HeardAnswer | None = None
    reading: list[Reading] = Field(default_factory=list)
    sheets: list[dict[str, str]] = Field(default_factory=list)
    board: list[str] = Field(default_factory=list)
    map: MapView | None = None
    timer_seconds: float | None = None
    """A storytelling turn's length, counted down on the page from when it began."""
    telling_turn: int | None = None
    """The telling under way, which the page's "The tale is told" ends."""
    history: list[str] = Field(default_factory=list)
    players: list[str] = Field(default_factory=list)
    finished: bool = False
    language: str = "en"
    words: dict[str, str] = Field(default_factory=dict)
    """The page's own headings and labels, in the game's language."""


class TableView:
    """A session observer that keeps the current :class:`Moment` and publishes changes."""

    def __init__(self, publish: Callable[[Moment], None]) -> None:
        self._publish = publish
        self._dialogue: Dialogue | None = None
        self._step: Step | None = None
        self._serial = 0
        self._asked: Step | None = None
        """The question being asked through the taps, None once answered."""
        self._asked_of: str | None = None
        self._heard: HeardAnswer | None = None
        self._telling: TellingSpec | None = None
        """The telling under way (its clock running), shown with its countdown and button."""
        self._reading: deque[Reading] = deque(maxlen=READING_KEPT)
        self._history: deque[ListedAnswer] = deque(maxlen=HISTORY_KEPT)
        """The answers the game took and still holds: not one refused, asked back and
        denied, or undone, nor a command."""
        self.map_svg: str | None = None
        """The latest map drawing, served to the pages at ``/map``."""

    # -- session observer hooks ---------------------------------------------------------

    def on_step(self, step: Step, dialogue: Dialogue) -> None:
        self._step, self._dialogue = step, dialogue
        self._publish(self.moment())

    def on_question(self, serial: int, step: Step | None, asked_of: str | None = None) -> None:
        """Question ``serial`` is asked now (``step``: a turn's question, a confirmation,
        the pause) of ``asked_of`` (None: of nobody in particular), or is answered
        (``step`` None): the pages show its buttons only while open."""
        self._serial, self._asked, self._asked_of = serial, step, asked_of
        self._publish(self.moment())

    def on_telling(self, telling: TellingSpec | None) -> None:
        """``telling`` has begun (None: it is over): only now does the page count it down
        and offer "The tale is told", so a tap always finds it under way."""
        self._telling = telling
        self._publish(self.moment())

    def on_speech(self, speech: Speech) -> None:
        asked = (step.prompt for step in (self._step, self._asked) if step is not None)
        asking = speech.text in asked
        if not speech.private and not asking:
            self._reading.append(Reading(text=speech.text, paragraph=speech.paragraph))
        self._publish(self.moment())

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        """``understood``: the answer in the players' words (None: not understood)."""
        private = self._step is not None and self._step.private
        shown = None if private else understood
        self._heard = HeardAnswer(
            text="(secret)" if private else heard.text,
            confidence=round(heard.confidence, 2),
            typed=heard.typed,
            understood=shown,
        )
        self._publish(self.moment())

    # -- session events: what became of the answers ------------------------------------

    def on_applied(self, event: AnswerApplied) -> None:
        """The game took an answer: it joins the recent answers (a secret's never does)."""
        if event.said:
            self._history.append(ListedAnswer(event.mark, event.said))
            self._publish(self.moment())

    def on_undone(self, event: AnswerEvent) -> None:
        """The last answer was undone: it leaves the recent answers (the game no longer
        holds it)."""
        if self._history and self._history[-1].mark == event.mark:
            self._history.pop()
            self._publish(self.moment())

    # -- what the pages see --------------------------------------------------------------

    def moment(self) -> Moment:
        """The shared page's content now."""
        dialogue, asked = self._dialogue, self._asked
        step = asked or self._step
        language = "en" if dialogue is None else dialogue.language
        moment = Moment(
            serial=self._serial,
            heard=self._heard,
            reading=list(self._reading),
            history=[answer.said for answer in self._history],
            language=language,
            words=page_words(language),
        )
        if dialogue is None or step is None:
            return moment
        tapped = asked is not None and tappable(asked, self._asked_of)
        buttons = answers_of(asked) if tapped and asked is not None else []
        return moment.model_copy(
            update={
                "game": title_of(dialogue.game),
                "whose_turn": dialogue.whose_turn(),
                "question": step.prompt,
                "answers": [] if asked is None or asked.kept_from_table else buttons,
                "own_answers": buttons if self._asked_of is not None else [],
                "asked_of": self._asked_of if asked is not None else None,
                "private_question": step.private,
                "sheets": sheets_of(dialogue),
                "board": dialogue.board(),
                "map": self._map_view(dialogue),
                "timer_seconds": self._telling and self._telling.turn_seconds,
                "telling_turn": self._telling and self._telling.turn,
                "players": list(dialogue.player_names()),
                "finished": dialogue.finished,
            }
        )

    def _map_view(self, dialogue: Dialogue) -> MapView | None:
        drawn = dialogue.board_map()
        if drawn is None:
            return None
        self.map_svg = drawn.svg
        return MapView(
            drawing=hashlib.sha1(drawn.svg.encode()).hexdigest()[:12],
            markers=drawn.markers,
            highlighted=list(drawn.highlighted),
            highlighted_names=list(drawn.highlighted_names),
        )

    def private_lines(self, player: str) -> list[str]:
        """What only ``player`` may see (their secret goal, their hand), if the game has any."""
        if self._dialogue is None:
            return []
        return self._dialogue.private_view(player)


def tappable(step: Step, asked_of: str | None = None) -> bool:
    """Whether a page may answer ``step``, asked of ``asked_of`` (None: the table): not a
    free answer or a telling, nor a secret unless it is asked of one player (whose page
    answers it)."""
    if step.free_text or step.telling is not None:
        return False
    return asked_of is not None or not step.kept_from_table


def answers_of(step: Step) -> list[Button]:
    """The step's answers as buttons: each value's label and a phrase it matches exactly
    (those the step does not offer, numbers heard only to be refused and places out of
    reach, are no buttons)."""
    return [
        Button(label=_button_label(step, value), phrase=step.expects.phrases_for(value)[0])
        for value in step.expects.values
        if step.offers(value)
    ]


def _button_label(step: Step, value: Answer) -> str:
    """The answer's label, written as the game writes the intent when they are the same
    words ("Mosul", not the matcher's "mosul")."""
    label = step.expects.label(value)
    return value.intent if value.intent.casefold() == label.casefold() else label


def sheets_of(dialogue: Dialogue) -> list[dict[str, str]]:
    """One row per player: the game's scoreboard, else each player's spoken status."""
    rows = dialogue.scoreboard()
    if rows:
        return rows
    return [{"Player": name, "Sheet": dialogue.status(name)} for name in dialogue.player_names()]
