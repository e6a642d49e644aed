"""A compact live view of the game for a terminal: whose turn, the step, what was heard,
and every player's sheet, redrawn when they change. Silent when not a terminal."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Column, Table
from rich.text import Text

from companion.framework.dialogue import Dialogue, Speech, Step
from companion.framework.shown import shown
from companion.framework.words import said
from companion.session.loop import Heard
from companion.session.ports import TABLE


class LiveDisplay:
    """A session observer that redraws a small panel before every question."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self._heard: tuple[Heard, str | None] | None = None
        self._shown: tuple[str, str] | None = None
        self._secret = False
        """The question asked now takes a secret answer (never shown, not even typed)."""

    @property
    def active(self) -> bool:
        """Only a real terminal gets the view; pipes and files stay clean."""
        return self.console.is_terminal

    def on_speech(self, speech: Speech) -> None:
        """Speech is shown by the mouth itself."""

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        if self._secret:
            heard = replace(heard, text="(secret)")
        self._heard = (heard, understood)

    def on_step(self, step: Step, dialogue: Dialogue) -> None:
        """Redraw when whose turn it is or a player's sheet has changed."""
        self._secret = step.private
        moment = (dialogue.whose_turn(), repr(dialogue.scoreboard()))
        if self.active and moment != self._shown:
            self._shown = moment
            self.console.print(self.render(step, dialogue))

    def render(self, step: Step, dialogue: Dialogue) -> Panel:
        """The panel for this moment of the game. Every word in it is data (names are
        the players'), so none is read as rich markup or reaches the terminal raw."""
        language = dialogue.language
        now = said(language, "view_now", prompt=step.prompt)
        parts: list = [_text(dialogue.whose_turn(), "bold"), _text(now)]
        if self._heard:
            last = said(language, "view_last_answer", answer=_answer(language, *self._heard))
            parts.append(_text(last, "dim"))
        rows = dialogue.scoreboard()
        if rows:
            columns = (Column(header=_text(key)) for key in rows[0])
            table = Table(*columns, box=None, padding=(0, 1))
            for row in rows:
                table.add_row(*map(_text, row.values()))
            parts.append(table)
        return Panel(Group(*parts), title=_text(dialogue.game), expand=False)


def _answer(language: str, heard: Heard, understood: str | None) -> str:
    """``'pray' (typed) → pray``, in ``language``; a tap says which page it came from.

    >>> _answer("en", Heard("basra", typed=True, tapped_on="Ali"), "Basra")
    "'basra' (tapped on Ali's page) → Basra"
    >>> _answer("en", Heard("basra", typed=True, tapped_on=TABLE), "Basra")
    "'basra' (tapped on the table page) → Basra"
    """
    if heard.tapped_on == TABLE:
        how = said(language, "view_tapped_table")
    elif heard.tapped_on is not None:
        how = said(language, "view_tapped_page", player=heard.tapped_on)
    elif heard.typed:
        how = said(language, "view_typed")
    else:
        how = said(language, "view_heard", confidence=f"{heard.confidence:.2f}")
    meaning = understood if understood is not None else said(language, "view_not_understood")
    return f"{heard.text!r} ({how}) → {meaning}"


def _text(words: str, style: str = "") -> Text:
    """``words`` as plain text, never markup, its control characters escaped.

    >>> _text("[/bold] Ali\\x1b[2J").plain
    '[/bold] Ali\\\\x1b[2J'
    """
    return Text(shown(str(words)), style=style)
