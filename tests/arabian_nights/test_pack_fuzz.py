"""Fuzzing `companion check` on the demo pack: hypothesis damages a few lines the way a typist
would (or worse), then

- `check` never raises: it reports problems, or passes;
- it never takes long (a super-linear parser would);
- a pack it passes plays 50 random answers through the real session without an exception.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import shutil
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.cli import check as check_command
from companion.framework.dialogue import GameOptions, Step
from companion.framework.phrases import PhraseSet
from companion.games.arabian_nights.game import GAME
from companion.session.events import Outcome
from companion.session.loop import Heard, PrintMouth, Session

DEMO = Path(__file__).resolve().parents[2] / "content" / "demo"
FILES = sorted(path.name for path in DEMO.glob("*.txt"))
SECONDS = 20.0  # a linear check of the demo pack takes well under one second
ANSWERS = 50
NONSENSE = ["banana", "", "court", "undo", "status", "repeat", "xyzzy", "seventeen"]

# What a slip may put into a line: numbers that only look like numbers, marks with a meaning
# in the format, odd separators, near-miss words.
INSERTS = [
    "(", ")", "[", "]", "/", ":", "|", ",", "#", "\f", "\u2028", "\ufeff", "\t", "0", "13",
    "99999", "13①", "7²", "9" * 60, "-1", "(f)", "(m)", " OR ", "MASTER ", "(mandatory) ",
    "Go to 1", "Go to 5", "Goto 9", "Lose ", "Move to ", "Opportunity: ", '"', "Otherwise: 1",
    "matrix N", "ENCOUNTER CHART", "NO SKILL: ", "Storytelling: ", "W1 (Max: Poor)",
]  # fmt: skip
CHANGES = ["delete", "duplicate", "swap", "reverse", "insert", "lower", "upper", "strip digits"]


@st.composite
def slip(draw: st.DrawFn) -> tuple[str, float, str, str, float]:
    return (
        draw(st.sampled_from(FILES)),
        draw(st.floats(0, 1, exclude_max=True)),
        draw(st.sampled_from(CHANGES)),
        draw(st.sampled_from(INSERTS)),
        draw(st.floats(0, 1)),
    )


def _damage(lines: list[str], position: float, change: str, insert: str, at: float) -> None:
    index = int(position * len(lines))
    line = lines[index]
    cut = int(at * len(line))
    if change == "delete":
        del lines[index]
    elif change == "duplicate":
        lines.insert(index, line)
    elif change == "swap" and index + 1 < len(lines):
        lines[index], lines[index + 1] = lines[index + 1], line
    elif change == "reverse":
        lines[index] = line[::-1]
    elif change == "insert":
        lines[index] = line[:cut] + insert + line[cut:]
    elif change == "lower":
        lines[index] = line.lower()
    elif change == "upper":
        lines[index] = line.upper()
    elif change == "strip digits":
        lines[index] = "".join(char for char in line if not char.isdigit())


def _damaged_pack(folder: Path, slips: list[tuple[str, float, str, str, float]]) -> Path:
    pack = folder / "pack"
    shutil.copytree(DEMO, pack)
    for file, position, change, insert, at in slips:
        lines = (pack / file).read_text(encoding="utf-8").split("\n")
        _damage(lines, position, change, insert, at)
        (pack / file).write_text("\n".join(lines), encoding="utf-8")
    return pack


def _check(pack: Path) -> tuple[int, str]:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        status = check_command.run(argparse.Namespace(pack=pack))
    return status, printed.getvalue()


class RandomEars:
    """Says one of the step's phrases, a global command or nonsense, ANSWERS times."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.left = ANSWERS

    def hear(self, step: Step, phrases: PhraseSet) -> Heard | None:
        self.left -= 1
        if self.left < 0:
            return None
        if step.free_text or step.private:
            return Heard(self.rng.choice(["Ali", "Nur", "7", "12"]), typed=True)
        if self.rng.random() < 0.15 or not step.expects.phrases:
            return Heard(self.rng.choice(NONSENSE), self.rng.random())
        return Heard(self.rng.choice(step.expects.phrases).text, self.rng.uniform(0.5, 1.0))


def _play(pack: Path, seed: int, save: Path) -> str:
    players = [("Ali", "m"), ("Nur", "f")]
    dialogue = GAME.new(GameOptions(seed=seed, pack=str(pack), players=players))
    session = Session(
        dialogue=dialogue, spec=GAME, ears=RandomEars(seed), mouth=PrintMouth(lambda line: None),
        save_path=save,
    )  # fmt: skip
    return session.run(dialogue.opening()).reason


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(slips=st.lists(slip(), min_size=1, max_size=3), seed=st.integers(0, 10_000))
def test_check_never_raises_and_what_it_passes_plays(slips, seed):
    with tempfile.TemporaryDirectory() as folder:
        pack = _damaged_pack(Path(folder), slips)
        start = time.perf_counter()
        status, printed = _check(pack)
        assert time.perf_counter() - start < SECONDS
        assert status in (0, 1)
        event("check refused the pack" if status else "check passed the pack, which played")
        if status == 1:
            assert "problem" in printed.splitlines()[-1]
            return
        ending = _play(pack, seed, Path(folder) / "game.json")
        assert ending in (Outcome.FINISHED, Outcome.INPUT_ENDED)


def test_the_undamaged_demo_pack_passes_and_plays(tmp_path):
    status, printed = _check(DEMO)
    assert status == 0, printed
    assert _play(DEMO, 1, tmp_path / "game.json") is Outcome.INPUT_ENDED
