"""Checking a Samarande card list: every problem as ``file:line: what is wrong, how to fix it``.

``companion check content/samarande`` runs :func:`check_catalogue` (see :func:`run_check`).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "cards.toml").write_text('[[card]]\\nname = "Hammam"\\nkind = "dstrict"\\n')
>>> catalogue, problems = check_catalogue(folder)
>>> print(str(problems[0]).replace(str(folder), "DIR").replace(", ", ",\\n"))
DIR/cards.toml:3: card Hammam: kind 'dstrict' is not a kind; write one of district,
artisan,
guard,
action
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.framework.errors import PackError, Problem
from companion.framework.packs import PackFileError, read_pack_text
from companion.framework.shown import shown
from companion.games.samarande.content.catalogue import (
    BOX,
    CATALOGUE_FILE,
    DEFAULT_CATALOGUE,
    KINDS,
    Box,
    Card,
    Catalogue,
    counts_by_kind,
    spoken_form,
)

_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z_]+)\s*\]\]?")
_TOML_LINE = re.compile(r"at line (\d+)")


@dataclass
class _Lines:
    """Where each table and key of the file is written (1-based line numbers)."""

    box: int = 1
    box_keys: dict[str, int] = field(default_factory=dict)
    cards: list[int] = field(default_factory=list)
    card_keys: list[dict[str, int]] = field(default_factory=list)
    top_keys: dict[str, int] = field(default_factory=dict)


def _locate(text: str) -> _Lines:
    lines = _Lines()
    keys = lines.top_keys
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header and header.group(2) == "card" and header.group(1) == "[[":
            lines.cards.append(number)
            lines.card_keys.append({})
            keys = lines.card_keys[-1]
        elif header and header.group(2) == "box":
            lines.box = number
            keys = lines.box_keys
        elif header:
            lines.top_keys[header.group(2)] = number
            keys = {}
        elif key := _KEY.match(line):
            keys.setdefault(key.group(1), number)
    return lines


def check_catalogue(folder: str | Path) -> tuple[Catalogue | None, list[Problem]]:
    """Read and check a card list; the catalogue is None when there is any problem."""
    path = Path(folder)
    if path.is_dir():
        path = path / CATALOGUE_FILE
    try:
        text = read_pack_text(path)
    except PackFileError as error:
        return None, [Problem(str(path), 1, str(error).removeprefix(f"{path} "))]
    except OSError:
        advice = f"no card list here; write a {CATALOGUE_FILE} (see docs/samarande.md)"
        return None, [Problem(str(path), 1, advice)]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = _TOML_LINE.search(str(error))
        where = int(line.group(1)) if line else 1
        advice = f"this is not valid TOML ({error}); fix the syntax"
        return None, [Problem(str(path), where, advice)]
    return _Checker(path, _locate(text)).check(data)


class _Checker:
    def __init__(self, path: Path, lines: _Lines) -> None:
        self.path = path
        self.lines = lines
        self.problems: list[Problem] = []

    def problem(self, line: int, text: str) -> None:
        self.problems.append(Problem(str(self.path), line, text))

    def check(self, data: dict[str, Any]) -> tuple[Catalogue | None, list[Problem]]:
        for key in data.keys() - {"box", "card"}:
            self.problem(
                self.lines.top_keys.get(key, 1),
                f"unknown table or key '{key}'; the file holds [box] and [[card]] tables only",
            )
        box = self._box(data.get("box", BOX))
        raw_cards = data.get("card", [])
        if not isinstance(raw_cards, list) or not raw_cards:
            self.problem(1, "no card in the list; add [[card]] tables")
            raw_cards = []
        cards = [self._card(index, raw) for index, raw in enumerate(raw_cards)]
        valid = [card for card in cards if card is not None]
        if len(valid) == len(cards):
            self._clashes(valid)
            self._counts(valid, box)
        if self.problems:
            return None, self.problems
        return Catalogue(box=Box(**box), cards=tuple(valid)), []

    def _box(self, raw: Any) -> dict[str, int]:
        box = dict(BOX)
        if not isinstance(raw, dict):
            self.problem(self.lines.box, "box must be a table of counts, e.g. [box] district = 23")
            return box
        for key, value in raw.items():
            line = self.lines.box_keys.get(key, self.lines.box)
            if key not in KINDS:
                self.problem(line, f"'{key}' is not a kind; the box counts {', '.join(KINDS)}")
            elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                self.problem(line, f"box {key} = {value!r}: write how many cards, a whole number")
            else:
                box[key] = value
        return box

    def _card(self, index: int, raw: Any) -> Card | None:
        header = self.lines.cards[index] if index < len(self.lines.cards) else 1
        keys = self.lines.card_keys[index] if index < len(self.lines.card_keys) else {}
        name = raw.get("name", f"number {index + 1}") if isinstance(raw, dict) else index + 1
        try:
            return Card.model_validate(raw)
        except ValidationError as error:
            for detail in error.errors():
                where = str(detail["loc"][0]) if detail["loc"] else ""
                self.problem(keys.get(where, header), f"card {name}: {_advice(where, detail)}")
            return None

    def _clashes(self, cards: list[Card]) -> None:
        seen: dict[str, str] = {}
        for index, card in enumerate(cards):
            for spoken in card.spoken_names:
                other = seen.setdefault(spoken, card.name)
                if other != card.name:
                    keys = self.lines.card_keys[index]
                    line = keys.get(_field_naming(card, spoken), self.lines.cards[index])
                    self.problem(
                        line,
                        f"card {card.name}: '{spoken}' already names {other}; "
                        "give each card its own names and aliases",
                    )

    def _counts(self, cards: list[Card], box: dict[str, int]) -> None:
        for kind, counted in counts_by_kind(cards).items():
            if counted > box[kind]:
                self.problem(
                    self.lines.box_keys.get(kind, self.lines.box),
                    f"the cards' counts add up to {counted} {kind}s but the box holds "
                    f"{box[kind]}; lower a count or raise box {kind}",
                )


def _field_naming(card: Card, spoken: str) -> str:
    """Which field of ``card`` gives it the spoken name ``spoken``."""
    if spoken_form(card.name) == spoken:
        return "name"
    return "french" if spoken_form(card.french) == spoken else "aliases"


def _advice(where: str, detail: dict[str, Any]) -> str:
    """Pydantic's complaint about one field, said with how to fix it."""
    kind = detail["type"]
    value = detail.get("input")
    if kind == "extra_forbidden":
        return f"unknown field '{where}'; remove it or fix its spelling (docs/samarande.md)"
    if kind == "missing":
        return f"{where} is missing; add {where} = ..."
    if kind == "literal_error" and where == "kind":
        return f"kind {value!r} is not a kind; write one of {', '.join(KINDS)}"
    if kind == "literal_error":
        allowed = detail.get("ctx", {}).get("expected", "")
        return f"{where} {value!r} is not known; write one of {allowed}"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        bound = detail.get("ctx", {})
        return f"{where} = {value!r} is out of range ({_bounds(bound)}); write the card's number"
    if where:
        return f"{where} = {value!r}: {detail['msg'].lower()}; fix the value"
    return detail["msg"].removeprefix("Value error, ")


def _bounds(context: dict[str, Any]) -> str:
    words = {"ge": "at least", "le": "at most", "gt": "more than", "lt": "less than"}
    return ", ".join(f"{words[key]} {value}" for key, value in context.items() if key in words)


def run_check(folder: Path) -> int:
    """``companion check`` for a Samarande card list: print a summary or the problems."""
    catalogue, problems = check_catalogue(folder)
    for problem in problems:
        print(shown(str(problem)))
    if catalogue is None:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''}")
        return 1
    kinds = ", ".join(f"{catalogue.box[kind]} {kind}s" for kind in KINDS)
    unknown = sum(1 for card in catalogue.cards if card.missing)
    print(shown(f"Les Fils de Samarande card list ({folder})"))
    print(f"  {len(catalogue.cards)} different cards; the box holds {kinds}")
    print(f"  {unknown} cards with figures the players state at the table")
    print("0 problems")
    return 0


def is_card_list(folder: Path) -> bool:
    """True when ``folder`` holds a Samarande card list (its cards.toml has a [box])."""
    path = folder / CATALOGUE_FILE if folder.is_dir() else folder
    try:
        text = read_pack_text(path)
    except OSError:
        return False
    return any(_HEADER.match(line) and "[box]" in line for line in text.splitlines())


def load_catalogue(folder: str | Path | None = None) -> Catalogue:
    """Read ``cards.toml`` from ``folder`` (default: the shipped list).

    Raises :class:`~companion.framework.errors.PackError` with every problem, each
    ``file:line: what, how to fix`` (see :func:`check_catalogue`).
    """
    catalogue, problems = check_catalogue(folder or DEFAULT_CATALOGUE)
    if catalogue is None:
        raise PackError(problems)
    return catalogue
