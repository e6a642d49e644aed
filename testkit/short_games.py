"""Short but whole games, for playing every mode to its end on the virtual table.

A game at the table takes an evening; through a real audio stream it runs in real time.
Each mode here keeps its rules and dialogue whole but is made short the way a table
would: a small deck or book (a copy of the shipped content with fewer cards, or the
Reader's small test book with every reward raised tenfold, so that a secret formula of
twenty is met in an encounter or two), and players who play to finish (they take cards
until the deck runs out, keep their rolls, head home to Baghdad and declare).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     options = SHORT_GAMES["samarande"].options(Path(folder), seed=1)
...     (Path(options.pack) / "cards.toml").exists()
True
"""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.framework.answers import NO, NUMBER, OUT_OF_RANGE, Answer
from companion.framework.dialogue import GameOptions, Step
from companion.framework.packs import shipped_pack
from testkit.table_game import Policy

PLAYERS = (("Ali", "m"), ("Sara", "f"))
READER_BOOK = Path(__file__).resolve().parents[1] / "tests" / "arabian_nights" / "fixtures" / "mini"
"""The Reader's small test book (a source checkout only: it does not ship)."""
ACTION_POINTS = re.compile(r"(\d+) action points?\. What do you do\?")
NO_POINTS = "no action points left"
"""Samarande's question when the turn can only end."""
REWARD = re.compile(r"\b([DS])(\d+)\b")
"""A Destiny or Story gain in a paragraph's reward brackets: ``[D2/S1/...]``."""
ROLL_WORDS = ("roll", "die", "dice")
HAND_FULL = "Say done when your hand is full"
SHORT_NIGHT = {"turn_seconds": "40", "warn_seconds": "10", "hands": "screen"}
"""Scheherazade: short turns, hands on the players' screens rather than read aloud."""


def _number(value: Answer) -> int | None:
    """The number an answer names (``Answer.number(3)``), else None."""
    return int(value[NUMBER]) if value.intent == NUMBER else None


def _named(values: list[Answer], *names: str) -> list[Answer]:
    """The answers whose intent is one of ``names``.

    >>> _named([Answer("stay"), Answer("Baghdad"), NO], "stay", "Baghdad")
    [Answer(intent='stay', slots=()), Answer(intent='Baghdad', slots=())]
    """
    return [value for value in values if value.intent in names]


def sensible(step: Step, values: list[Answer], rng: random.Random) -> list[Answer]:
    """What any player says: a die roll from one to six, a kept roll, a number in range.

    >>> rolls = [Answer.number(n) for n in (0, 1, 12, 6)]
    >>> sensible(Step("Roll the die.", None), [*rolls, NO], random.Random(1)) == rolls[1::2]
    True
    """
    if any(word in step.prompt.lower() for word in ROLL_WORDS):
        rolls = [value for value in values if (_number(value) or 0) in range(1, 7)]
        if rolls:
            return rolls
    keep = _named(values, NO.intent)
    if "roll again" in step.prompt.lower() and keep:
        return keep
    return [value for value in values if value.intent != OUT_OF_RANGE]


def samarande_turns(step: Step, values: list[Answer], rng: random.Random) -> list[Answer]:
    """Take face-up cards (one point for place one …), draw from the deck, then end the
    turn: the deck runs out and the game ends; now and then play a card."""
    kinds: dict[str, list[Answer]] = {}
    for value in values:
        kinds.setdefault(getattr(value, "intent", value), []).append(value)
    if NO_POINTS in step.prompt and kinds.get("end"):
        return kinds["end"]
    points = ACTION_POINTS.search(step.prompt)
    if points is None:
        return sensible(step, values, rng)
    left = int(points.group(1))
    takes = [value for value in kinds.get("take", []) if value["place"] <= left]
    if kinds.get("play") and left >= 2 and rng.random() < 0.2:
        return kinds["play"]
    if takes:
        return takes
    return kinds.get("draw", []) if left >= 3 else kinds.get("end", [])


def reader_heads_home(step: Step, values: list[Answer], rng: random.Random) -> list[Answer]:
    """Declare when it may, go to Baghdad (stay there), set the formula to ten and ten."""
    home = "stay" if "you are in Baghdad" in step.prompt else "Baghdad"
    ten = [value for value in values if _number(value) == 10]
    if "Destiny goal" in step.prompt and ten:
        return ten
    return _named(values, "declare", home) or sensible(step, values, rng)


def scheherazade_fills(step: Step, values: list[Answer], rng: random.Random) -> list[Answer]:
    """Say "done" when filling a hand or shuffling the deck (no Sultan or hourglass drawn),
    else as any player."""
    done = _named(values, "done")
    if done and (HAND_FULL in step.prompt or step.prompt.startswith("Shuffle")):
        return done
    return sensible(step, values, rng)


def tales_deck(folder: Path, every: int = 6) -> Path:
    """The shipped Tales of Arabia pack with one Adventure card in ``every``."""
    source = shipped_pack("tales-of-arabia")
    shutil.copytree(source, folder, dirs_exist_ok=True)
    head, *cards = (source / "cards.toml").read_text(encoding="utf-8").split("[[cards]]")
    kept = [card for index, card in enumerate(cards) if index % every == 0]
    (folder / "cards.toml").write_text("[[cards]]".join([head, *kept]), encoding="utf-8")
    return folder


def samarande_box(folder: Path, box: dict[str, int] | None = None) -> Path:
    """The shipped Samarande list with a smaller box (fewer cards of each kind)."""
    box = box or {"district": 8, "artisan": 8, "guard": 6, "action": 8}
    source = shipped_pack("samarande") / "cards.toml"
    text = source.read_text(encoding="utf-8")
    for kind, count in box.items():
        text = re.sub(rf"(?m)^{kind} = \d+$", f"{kind} = {count}", text, count=1)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cards.toml").write_text(text, encoding="utf-8")
    return folder


def reader_book(folder: Path, factor: int = 10) -> Path:
    """The Reader's small test book with every Destiny and Story gain ``factor`` times."""
    shutil.copytree(READER_BOOK, folder, dirs_exist_ok=True)
    book = folder / "book.txt"

    def raise_rewards(bracket: re.Match[str]) -> str:
        return REWARD.sub(lambda m: f"{m.group(1)}{int(m.group(2)) * factor}", bracket.group(0))

    text = book.read_text(encoding="utf-8")
    book.write_text(re.sub(r"\[[^\]\n]*\]", raise_rewards, text), encoding="utf-8")
    return folder


@dataclass(frozen=True)
class ShortGame:
    """One mode made short: where its content comes from, and how its players play."""

    game: str
    prefer: Policy = sensible
    pack: Callable[[Path], Path] | None = None
    settings: dict[str, str] = field(default_factory=dict)

    def options(self, folder: Path, seed: int) -> GameOptions:
        pack = str(self.pack(folder / "pack")) if self.pack else None
        return GameOptions(seed=seed, players=PLAYERS, pack=pack, settings=dict(self.settings))


SHORT_GAMES = {
    "arabian-nights": ShortGame("arabian-nights", reader_heads_home, reader_book),
    "tales-of-arabia": ShortGame("tales-of-arabia", sensible, tales_deck),
    "samarande": ShortGame("samarande", samarande_turns, samarande_box),
    "scheherazade": ShortGame(
        "scheherazade",
        scheherazade_fills,
        settings=SHORT_NIGHT,
    ),
}
