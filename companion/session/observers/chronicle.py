"""The night's chronicle: the story of a session, kept beside the save as it happens.

A :class:`Chronicle` is a session observer. It learns what happened from the session's
typed events (:mod:`companion.session.events`), never from the words spoken: an answer
applied brings the story its game tells of it (the game kit's ``story`` hook) and the
chapter it was given in (``chapter``); an undo takes that story back; a refusal, a
prompt, "help" or "status" are no part of the story and never reach it. Private things
(a secret formula, a hand shown on a player's own screen) are never in a game's story.

Each event is appended to a journal (:mod:`companion.session.chronicle.journal`, beside
the Markdown as ``.jsonl``), flushed as it happens, so the night survives a crash and
grows across resumed sessions; the Markdown is then rewritten from it atomically, and
the printable HTML page (:mod:`companion.session.chronicle.pages`) when the session
ends (and when a chronicle is opened again, should a session have been cut short).

>>> import tempfile, pathlib
>>> from companion.framework.story import Chapter, StoryLine
>>> from companion.session.events import Applied, Ended, Outcome, Undone
>>> path = pathlib.Path(tempfile.mkdtemp()) / "night.chronicle.md"
>>> chronicle = Chronicle(path)
>>> line = StoryLine(text="The Sultan grows bored.")
>>> chronicle.on_applied(Applied("draw", (), (line,), Chapter(turn=1, player="Ali"), "m1"))
>>> print(path.read_text(encoding="utf-8"))
# The chronicle of the night
<BLANKLINE>
## Turn 1 — Ali
<BLANKLINE>
The Sultan grows bored.
<BLANKLINE>
>>> chronicle.on_undone(Undone("m1"))
>>> chronicle.on_ended(Ended(Outcome.QUIT))
>>> "bored" in path.read_text(encoding="utf-8"), path.with_suffix(".html").exists()
(False, True)
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from companion.framework.dialogue import Dialogue, Speech, Step
from companion.framework.story import Told
from companion.session.chronicle.journal import Cast, Earlier, Journal, Night, Story, Undo
from companion.session.chronicle.pages import html, markdown
from companion.session.events import Applied, Ended, Undone
from companion.session.ports import Heard
from companion.session.saves import write_atomically


def journal_path(path: Path) -> Path:
    """The journal beside a chronicle's Markdown: ``night.chronicle.md`` → ``.jsonl``."""
    return Path(path).with_suffix(".jsonl")


def page_path(path: Path) -> Path:
    """The printable page beside a chronicle's Markdown: ``.html``."""
    return Path(path).with_suffix(".html")


def read_night(path: Path) -> Night:
    """The night a chronicle holds: its journal's, or (a chronicle written before the
    journal) its Markdown kept as it was. ``OSError`` when neither can be read."""
    journal = Journal(journal_path(path))
    if journal.path.is_file():
        return journal.night()
    text = Path(path).read_bytes().decode("utf-8", errors="replace")
    night = Night()
    night.take(Earlier(text=_without_title(text)))
    return night


class Chronicle:
    """Writes a night's chronicle: its journal, its Markdown and its printable page."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.journal = Journal(journal_path(self.path))
        if not self.journal.path.exists():
            self._start_journal()
        self.night = self.journal.night()
        self.write_pages()  # caught up with the journal, should the last session have been cut

    def _start_journal(self) -> None:
        """Begin the journal, keeping a chronicle written before journals as it was."""
        earlier = (
            self.path.read_bytes().decode("utf-8", errors="replace")
            if (self.path.is_file())
            else ""
        )
        if earlier.strip():
            self.journal.append(Earlier(text=_without_title(earlier)))
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.journal.path.touch()

    # -- session observer -----------------------------------------------------------------

    def on_step(self, step: Step, dialogue: Dialogue) -> None:
        """Note who plays what, in which language, when it is first known or changes."""
        cast = Cast(
            game=dialogue.night_title(),
            language=dialogue.language,
            players=list(dialogue.player_names()),
        )
        if (cast.game, cast.language, cast.players) != (
            self.night.game,
            self.night.language,
            self.night.players,
        ):
            self._write(cast)

    def on_applied(self, event: Applied) -> None:
        """An answer's story, in the chapter it was given in."""
        if event.story:
            self._write(Story(mark=event.mark, chapter=event.chapter, lines=list(event.story)))

    def on_undone(self, event: Undone) -> None:
        """Take back the story of the answer undone (when it told one)."""
        if any(story.mark == event.mark for story in self.night.stories):
            self._write(Undo(mark=event.mark))

    def on_speech(self, speech: Speech) -> None:
        """Words are not read: the story comes with each answer applied."""

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        """What was heard is not the story: what the game made of it is."""

    # -- writing --------------------------------------------------------------------------

    def on_ended(self, event: Ended) -> None:
        """The session is over: the printable page catches up."""
        self.write_pages()

    def _write(self, entry: Cast | Story | Undo) -> None:
        self.journal.append(entry)
        self.night.take(entry)
        _write_page(self.path, markdown(self.night))

    def write_pages(self) -> None:
        """Rewrite the Markdown and the printable page from the night (atomically)."""
        _write_page(self.path, markdown(self.night))
        _write_page(page_path(self.path), html(self.night))


def _write_page(path: Path, text: str) -> None:
    """A page made from the journal: when the disk refuses it, the game goes on (the
    journal keeps the night, and the next page written, or ``companion chronicle``,
    shows it all)."""
    with contextlib.suppress(OSError):
        write_atomically(path, text, durable=False)


def _without_title(text: str) -> str:
    """A Markdown chronicle without its first heading (the pages give their own)."""
    lines = text.strip().splitlines()
    return "\n".join(lines[1:] if lines and lines[0].startswith("# ") else lines).strip()


def summary(night: Night) -> str:
    """One line counting what a chronicle tells.

    >>> from companion.framework.story import Chapter, StoryLine
    >>> night = Night(stories=[Story(mark="1", chapter=Chapter(turn=1, player="Ali"),
    ...     lines=[StoryLine(text="", told=Told.READING, quote="It was dark.", paragraph=3)])])
    >>> summary(night)
    '1 turn, 1 paragraph read, 0 tales told.'
    """
    turns = {story.chapter for story in night.stories if story.chapter is not None}
    lines = [line for story in night.stories for line in story.lines]
    # the rest of a paragraph, read after its choice, has no number: one paragraph
    readings = sum(line.told == Told.READING and line.paragraph is not None for line in lines)
    tellings = sum(line.told == Told.TELLING for line in lines)
    ended = any(line.told == Told.ENDING for line in lines)
    parts = [
        _plural(len(turns), "turn"),
        _plural(readings, "paragraph") + " read",
        _plural(tellings, "tale") + " told",
    ]
    return ", ".join(parts) + (", and the end." if ended else ".")


def _plural(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")
