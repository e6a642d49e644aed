"""The chronicle's journal: one JSON line per thing that happened, appended as it happens.

A line is one of :data:`Entry`: the cast (the game, its language, its players), an
answer's story (its chapter and lines, marked with the state it was given in), an undo
(naming the same mark: that answer's story is taken back), or the text of a chronicle
written before the journal existed. Appending and flushing each line as it happens keeps
the night through a crash or ``kill -9``; reading skips a line it cannot understand (the
half-written last line of a power cut), so a damaged journal never stops a game.

>>> import tempfile
>>> journal = Journal(Path(tempfile.mkdtemp()) / "night.chronicle.jsonl")
>>> journal.append(Cast(game="Tales of Arabia", language="en", players=["Ali", "Sara"]))
>>> line = StoryLine(text="Ali moves to space five.")
>>> journal.append(Story(mark="a1", chapter=Chapter(turn=1, player="Ali"), lines=[line]))
>>> journal.append(Story(mark="b2", chapter=Chapter(turn=1, player="Ali"), lines=[line]))
>>> journal.append(Undo(mark="b2"))
>>> night = journal.night()
>>> night.players, [story.mark for story in night.stories]
(['Ali', 'Sara'], ['a1'])
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, BinaryIO, Literal

from pydantic import BaseModel, Field, PrivateAttr, TypeAdapter, ValidationError

from companion.framework.story import Chapter, StoryLine

LARGEST_JOURNAL = 64 * 1024 * 1024
"""The most of a journal read (a long night is well under a megabyte)."""


class Cast(BaseModel):
    """Who plays what, in which language (written again when it changes)."""

    entry: Literal["cast"] = "cast"
    game: str
    language: str = "en"
    players: list[str] = []


class Story(BaseModel):
    """The story of one answer."""

    entry: Literal["story"] = "story"
    mark: str
    """The state the answer was given in (an undo back to it takes this story back)."""
    chapter: Chapter | None = None
    lines: list[StoryLine]
    _serial: int = PrivateAttr(0)

    @property
    def serial(self) -> int:
        """Its place among the stories a night took (set by :meth:`Night.take`)."""
        return self._serial


class Undo(BaseModel):
    """An answer taken back: the last story told with this mark no longer happened."""

    entry: Literal["undo"] = "undo"
    mark: str


class Earlier(BaseModel):
    """A chronicle written before this journal, kept as it was."""

    entry: Literal["earlier"] = "earlier"
    text: str


Entry = Annotated[Cast | Story | Undo | Earlier, Field(discriminator="entry")]
ENTRY = TypeAdapter(Entry)


class Night(BaseModel):
    """What the journal says happened, undone stories taken out."""

    game: str = ""
    language: str = "en"
    players: list[str] = []
    earlier: str = ""
    stories: list[Story] = []
    _taken: int = PrivateAttr(0)
    _rendered: dict[tuple, str] = PrivateAttr(default_factory=dict)

    def rendered(self, key: tuple, render: Callable[[], str]) -> str:
        """``render()``, kept under ``key``: a page redone after each answer renders only
        the parts of it that changed."""
        if key not in self._rendered:
            self._rendered[key] = render()
        return self._rendered[key]

    def take(self, entry: Cast | Story | Undo | Earlier) -> None:
        """Add one entry of the journal."""
        if isinstance(entry, Cast):
            self.game, self.language, self.players = entry.game, entry.language, entry.players
        elif isinstance(entry, Story):
            self._taken += 1
            entry._serial = self._taken
            self.stories.append(entry)
        elif isinstance(entry, Undo):
            self.take_back(entry.mark)
        else:
            self.earlier = "\n\n".join(part for part in (self.earlier, entry.text) if part)

    def take_back(self, mark: str) -> bool:
        """Remove the last story told with ``mark``; whether there was one."""
        for index in range(len(self.stories) - 1, -1, -1):
            if self.stories[index].mark == mark:
                del self.stories[index]
                return True
        return False


def _ends_mid_line(stream: BinaryIO) -> bool:
    """Whether the file open in ``stream`` ends without a newline (and is not empty)."""
    if stream.seek(0, os.SEEK_END) == 0:
        return False
    stream.seek(-1, os.SEEK_END)
    return stream.read(1) != b"\n"


class Journal:
    """The JSON Lines file of one night's chronicle."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def append(self, entry: Cast | Story | Undo | Earlier) -> None:
        """Write one entry at the end, flushed to the disk before returning."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = entry.model_dump_json().encode("utf-8") + b"\n"
        with self.path.open("a+b") as stream:
            if _ends_mid_line(stream):  # a line cut by a crash stays apart from this one
                line = b"\n" + line
            stream.write(line)
            stream.flush()
            os.fsync(stream.fileno())

    def entries(self) -> list[Cast | Story | Undo | Earlier]:
        """Every entry it can read, in order (an unreadable line is skipped)."""
        if not self.path.is_file():
            return []
        with self.path.open("rb") as stream:
            data = stream.read(LARGEST_JOURNAL)
        entries = []
        for line in data.decode("utf-8", errors="replace").splitlines():
            try:
                entries.append(ENTRY.validate_python(json.loads(line)))
            except (ValueError, ValidationError):
                continue
        return entries

    def night(self) -> Night:
        """The night as the journal tells it."""
        night = Night()
        for entry in self.entries():
            night.take(entry)
        return night
