"""Nothing private is spoken, shown or chronicled (issue 24): the Reader's secret goals,
typed as answers, are never named by undo, repeat, status, help or whose turn, in what
is printed (spoken), on the shared page or in the chronicle."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from companion.framework.dialogue import GameOptions
from companion.games import game_spec
from companion.session.loop import Session
from companion.session.observers.chronicle import Chronicle
from companion.session.observers.display import LiveDisplay
from companion.session.ports import Heard, PrintMouth, TypedEars
from companion.web.view import TableView

MINI = Path(__file__).parents[1] / "arabian_nights" / "fixtures" / "mini"
SECRET_WORDS = re.compile(r"\b(7|seven|13|thirteen|12|twelve|8|eight)\b", re.IGNORECASE)
"""Ali's goals (7 and 13) and Zed's (12 and 8), in digits and words."""
ASIDES = ["status", "repeat", "help", "status of Ali", "whose turn"]


class UnsureEars(TypedEars):
    """Secret answers heard as if by voice at a middling confidence, so that the session
    would ask "Did you say …?" of any other answer."""

    def hear(self, step, phrases):  # type: ignore[no-untyped-def]
        heard = super().hear(step, phrases)
        return Heard(heard.text, 0.6) if heard is not None and step.private else heard


def _secret_game(tmp_path: Path, answers: list[str], ears_type=TypedEars):
    spec = game_spec("arabian-nights")
    dialogue = spec.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=str(MINI)))
    printed: list[str] = []
    moments: list[str] = []
    chronicle = tmp_path / "night.chronicle.md"
    session = Session(
        dialogue=dialogue,
        spec=spec,
        ears=ears_type(answers),
        mouth=PrintMouth(printed.append),
        save_path=tmp_path / "game.json",
        observers=[
            Chronicle(chronicle),
            TableView(lambda moment: moments.append(moment.model_dump_json())),
        ],
    )
    session.run(dialogue.opening())
    return printed, moments, chronicle.read_text(encoding="utf-8")


def _after_the_secret_question(lines: list[str]) -> list[str]:
    first = next(i for i, line in enumerate(lines) if "secret Destiny goal" in line)
    return lines[first:]


@pytest.mark.parametrize("aside", ["undo", *ASIDES])
def test_an_aside_after_a_secret_answer_never_tells_it(aside: str, tmp_path: Path) -> None:
    answers = ["random", "7", aside, *ASIDES, "undo", "7", "12", *ASIDES, "undo", "save and quit"]
    printed, moments, chronicle = _secret_game(tmp_path, [*answers, "yes"])
    said = _after_the_secret_question(printed)
    assert any(line.startswith("Undone") for line in said)
    assert not [line for line in said if SECRET_WORDS.search(line)]
    assert not [m for m in moments if SECRET_WORDS.search(json.dumps(json.loads(m)["history"]))]
    assert not [m for m in moments if SECRET_WORDS.search(json.dumps(json.loads(m)["reading"]))]
    assert "Undone" not in chronicle  # undo takes a story back, it tells none
    assert not SECRET_WORDS.search(chronicle), chronicle


def test_a_secret_heard_unsure_is_asked_again_not_read_back(tmp_path: Path) -> None:
    printed, _, _ = _secret_game(tmp_path, ["random", "7", "save and quit"], UnsureEars)
    said = _after_the_secret_question(printed)
    assert not [line for line in said if line.startswith("Did you say")]
    assert not [line for line in said if SECRET_WORDS.search(line)]


class PanelAfterEachAnswer(LiveDisplay):
    """The terminal's live panel, drawn after every answer (as it is whenever whose turn it
    is changes), into a string."""

    def __init__(self) -> None:
        super().__init__(Console(file=io.StringIO(), force_terminal=True, width=200))
        self.step, self.dialogue = None, None

    def on_step(self, step, dialogue) -> None:  # type: ignore[no-untyped-def]
        super().on_step(step, dialogue)
        self.step, self.dialogue = step, dialogue

    def on_heard(self, heard: Heard, understood: str | None) -> None:
        super().on_heard(heard, understood)
        self.console.print(self.render(self.step, self.dialogue))


def test_the_terminals_live_panel_never_shows_a_secret(tmp_path: Path) -> None:
    spec = game_spec("arabian-nights")
    dialogue = spec.new(GameOptions(seed=1, players=[("Ali", "m"), ("Zed", "f")], pack=str(MINI)))
    panel = PanelAfterEachAnswer()
    session = Session(
        dialogue=dialogue,
        spec=spec,
        ears=TypedEars(["random", "7", "12", "Ali", "save and quit", "yes"]),
        mouth=PrintMouth(lambda line: None),
        save_path=tmp_path / "game.json",
        observers=[panel],
    )
    session.run(dialogue.opening())
    shown = panel.console.file.getvalue()
    assert "'random'" in shown and "'Ali'" in shown
    assert shown.count("'(secret)'") == 2
    assert not SECRET_WORDS.search(shown)
