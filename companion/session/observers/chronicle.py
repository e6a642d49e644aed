"""The night's chronicle: a Markdown record of a session (shown by ``companion chronicle FILE``).

Every game writes the same format, one section per happening, appended as it happens
(so a chronicle survives a crash and grows across resumed sessions):

* ``## Turn N — NAME`` a storytelling turn (Scheherazade): element, length, what the
  Sultan noticed, and the transcript or a note that none could be made;
* ``## Paragraph N`` a Book of Tales paragraph read (the Reader), quoted;
* ``## Reward — NAME`` and ``## Winner`` for the Reader's rewards and the end;
* ``- text`` lines: what the companion said between those sections.

A :class:`Chronicle` is also a session observer: it records paragraphs read and (with
``note_speech``) what the companion says, skipping the step prompts and the asides (what
follows a missed answer, "help", "status" and the like), so that it reads as a story.
Unknown observer hooks are accepted and ignored, so new session events never break it.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "night.md"
>>> chronicle = Chronicle(path)
>>> chronicle.add_event("The Sultan grows bored.")
>>> print(path.read_text().strip())
# Chronicle of the night
<BLANKLINE>
- The Sultan grows bored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from companion.framework.dialogue import Dialogue, Speech, Step
from companion.framework.telling_turn import TellingListener, TellingReport, TellingSpec
from companion.session.ports import Heard, global_commands

TITLE = "Chronicle of the night"
NO_TRANSCRIPT = "_No transcript: no free-form recogniser was listening._"
ASIDES = ("repeat", "slower", "faster", "stop reading", "status", "whose turn", "help", "pause",
          "resume")  # fmt: skip
"""Global commands whose replies are asides to the table, not part of the night's story."""
ASIDE_WORDS = ("Sorry, I did not catch that.", "Did you say ", "Then please say it again.")
"""The session's own words when it did not understand: never part of the story."""
ENDINGS = {
    "phrase": "ended with the closing words",
    "timeout": "ended at dawn (time ran out)",
    "input": "ended when the input stopped",
}


class Chronicle:
    """Appends a night's happenings to a Markdown file."""

    def __init__(self, path: Path | str, title: str = TITLE, note_speech: bool = True) -> None:
        self.path = Path(path)
        self.note_speech = note_speech
        self._prompt: str | None = None
        self._telling = False
        self._listing = False
        self._aside = False
        self._asides = aside_labels()
        self._private = False
        if not self.path.exists() or not self.path.read_bytes().strip():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(f"# {title}\n", encoding="utf-8")

    # -- what games add -------------------------------------------------------------------

    def add_turn(
        self,
        number: int,
        storyteller: str,
        element: str,
        seconds: float,
        spoken_seconds: float,
        ended_by: str,
        keywords_heard: Sequence[str] = (),
        nudges: Sequence[str] = (),
        transcript: str | None = None,
    ) -> None:
        """A storytelling turn; ``transcript`` None when no free-form recogniser listened."""
        heard = ", ".join(keywords_heard) if keywords_heard else "none"
        lines = [
            f"## Turn {number} — {storyteller}",
            "",
            f"- **Element:** {element}",
            f"- **Telling:** {seconds:.0f} s ({spoken_seconds:.0f} s of speech), "
            f"{ENDINGS.get(ended_by, ended_by)}",
            f"- **Key words heard:** {heard}",
            f"- **The Sultan:** {' '.join(nudges) if nudges else 'listened without a sound'}",
            "",
            _quote(transcript) if transcript is not None else NO_TRANSCRIPT,
        ]
        self._telling = False
        self._append(lines)

    def add_reading(self, paragraph: int, text: str) -> None:
        """A paragraph of the Book of Tales, read aloud."""
        self._append([f"## Paragraph {paragraph}", "", _quote(text)])

    def add_reward(self, player: str, text: str) -> None:
        """What a player gained or lost."""
        self._append([f"## Reward — {player}", "", text])

    def add_winner(self, text: str) -> None:
        """How the game ended."""
        self._append(["## Winner", "", text])

    def add_event(self, text: str) -> None:
        """Anything else worth remembering: one bullet line."""
        with self.path.open("a", encoding="utf-8") as file:
            file.write(("" if self._listing else "\n") + f"- {' '.join(text.split())}\n")
        self._listing = True

    # -- session observer -----------------------------------------------------------------

    def on_step(self, step: Step, dialogue: Dialogue | None) -> None:
        """Remember the prompt, so that it is not noted as an event, and how the asides
        are said in this game ("status of Zoe" for each player, in its language).

        During a storytelling turn nothing is noted: the turn's entry sums it up.
        """
        if dialogue is not None:
            players = tuple(dialogue.player_names())
            self._asides = aside_labels(players, dialogue.language)
        self._prompt = step.prompt
        self._telling = step.telling is not None
        self._private = step.private
        self._aside = False

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        """What follows a missed answer or an aside command (help, status…) is not noted."""
        missed = understood is None and not self._private
        self._aside = missed or understood in self._asides

    def on_speech(self, speech: Speech) -> None:
        """Paragraphs read go in as readings; other words as events (``note_speech``)."""
        text = speech.text
        if speech.paragraph is not None:
            self.add_reading(speech.paragraph, text)
        elif speech.kind == "reward":
            self.add_reward(speech.player or "", text)
        elif speech.kind == "ending":
            self.add_winner(text)
        elif self._tells_the_story(text):
            self.add_event(text)

    def _tells_the_story(self, text: str) -> bool:
        """Whether words said are part of the night's story (not a prompt or an aside)."""
        if not (self.note_speech and text) or text == self._prompt or self._telling:
            return False
        return not self._aside and not text.startswith(ASIDE_WORDS)

    def _append(self, lines: list[str]) -> None:
        with self.path.open("a", encoding="utf-8") as file:
            file.write("\n" + "\n".join(lines) + "\n")
        self._listing = False


def _quote(text: str) -> str:
    return "> " + (" ".join(text.split()) or "…")


def summary(text: str) -> str:
    """One line counting the sections of a chronicle.

    >>> summary("# C\\n\\n## Turn 1 — A\\n\\n## Turn 2 — B\\n\\n## Paragraph 3\\n")
    '2 turns told, 1 paragraph read.'
    """
    lines = text.splitlines()
    turns = sum(1 for line in lines if line.startswith("## Turn "))
    readings = sum(1 for line in lines if line.startswith("## Paragraph "))
    won = any(line.startswith("## Winner") for line in lines)
    parts = [_plural(turns, "turn") + " told", _plural(readings, "paragraph") + " read"]
    return ", ".join(parts) + (", and a winner." if won else ".")


def _plural(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


@cache
def aside_labels(players: tuple[str, ...] = (), language: str = "en") -> frozenset[str]:
    """How the session words the global commands whose replies are asides.

    >>> sorted(aside_labels(("Zoe",)) - aside_labels())
    ['zoe status']
    """
    commands = global_commands(players, language)
    return frozenset(commands.label(value) for value in commands.values if value.intent in ASIDES)


class ChronicledListener:
    """Another listener's tellings, each also written to the night's chronicle."""

    def __init__(self, listener: TellingListener, chronicle: Chronicle) -> None:
        self.listener = listener
        self.chronicle = chronicle

    def listen(self, spec: TellingSpec, say: Callable[[str], None]) -> str | None:
        value = self.listener.listen(spec, say)
        if value is not None:
            report = TellingReport.from_value(value)
            self.chronicle.add_turn(
                number=spec.turn,
                storyteller=spec.storyteller,
                element=spec.element,
                seconds=report.seconds,
                spoken_seconds=report.spoken_seconds,
                ended_by=report.ended_by,
                keywords_heard=report.keywords_heard,
                nudges=report.nudges,
                transcript=report.transcript,
            )
        return value
