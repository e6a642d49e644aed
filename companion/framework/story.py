"""What a night's chronicle tells: the chapters of a game and the lines of its story.

A game says which chapter it is in (:class:`Chapter`: a turn and whose it is) and what of
an answer just applied is worth telling (:class:`StoryLine`, each of a kind, :class:`Told`);
the session hands both to its observers, and the chronicle
(:mod:`companion.session.observers.chronicle`) writes them down. Nothing here is worked
out from the words said: a line's kind comes from the game.

>>> line = story_line(Speech("Ali gains 2 Destiny.", kind="reward", player="Ali"))
>>> line.told, line.text
(<Told.REWARD: 'reward'>, 'Ali gains 2 Destiny.')
>>> story_line(Speech("It was dark.", paragraph=12)).told
<Told.READING: 'reading'>
>>> story_line(Speech("Say one to six.", kind="aside")) is None
True
>>> story_line(Speech("You draw the Hippodrome card.", chronicled="Ali draws it.")).text
'Ali draws it.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from companion.framework.dialogue import Speech


class Told(StrEnum):
    """What a line of the story is."""

    NARRATION = "narration"
    """What happened, in the companion's words."""
    READING = "reading"
    """A paragraph of a book read aloud (``paragraph`` is its number, ``quote`` its text)."""
    REWARD = "reward"
    """What a player gained or lost."""
    CORRECTION = "correction"
    """The table corrected a sheet by hand: told, and marked as a correction."""
    TELLING = "telling"
    """A tale a player told (``quote`` is what was heard of it, when anything was)."""
    ENDING = "ending"
    """How the game ended: won, shared or lost."""


class Chapter(BaseModel):
    """A chapter of the night: one turn of one player.

    ``turn`` is the game's own count of turns: a new count starts a new chapter (the
    chronicle numbers its chapters itself, so counts may skip).
    """

    model_config = ConfigDict(frozen=True)

    turn: int
    player: str


class StoryLine(BaseModel):
    """One line of the night's story."""

    model_config = ConfigDict(frozen=True)

    text: str
    told: Told = Told.NARRATION
    quote: str | None = None
    """Words quoted below the line: a paragraph read, or a tale as it was heard."""
    paragraph: int | None = None


def as_sentence(words: str, language: str = "en") -> str:
    """Words as heard (lower case, unpunctuated) written as a sentence.

    >>> as_sentence("once upon a time i found a lamp")
    'Once upon a time I found a lamp.'
    >>> as_sentence("  érase una vez… ", "es")
    'Érase una vez…'
    """
    text = " ".join(words.split())
    if language == "en":
        text = re.sub(r"\bi\b", "I", text)
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def story_line(speech: Speech) -> StoryLine | None:
    """What ``speech`` tells, by its kind; None for what is no part of the story (a
    private line, or an aside to the table such as a reminder of the options)."""
    text = speech.text if speech.chronicled is None else speech.chronicled
    if speech.private or speech.kind == "aside" or not text.strip():
        return None
    if speech.paragraph is not None:
        return StoryLine(text="", told=Told.READING, quote=speech.text, paragraph=speech.paragraph)
    told = {"reward": Told.REWARD, "ending": Told.ENDING, "correction": Told.CORRECTION}
    return StoryLine(text=text, told=told.get(speech.kind, Told.NARRATION))


def story_lines(speeches: Iterable[Speech]) -> list[StoryLine]:
    """The lines :func:`story_line` makes of ``speeches``, in order (asides left out)."""
    return [line for speech in speeches if (line := story_line(speech)) is not None]
