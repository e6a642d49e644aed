"""Statuses and treasures that act: the clauses a pack writes for them, read into
:class:`StatusActs` and :class:`TreasureActs` (the rules that use them are in
``rules/card_effects.py``).

A pack may give a third cell to a row of ``[statuses]`` or ``[treasures]``: clauses
separated by ``;`` that say what the card does to the rules. For a status:

- ``roll +1`` / ``roll -1``: added to every encounter roll (``roll -1 at night``: only
  while the deck's marker shows night);
- ``no move``: the character may not move; ``move -1``: one space fewer per move;
- ``skip turn``: the holder's next turn is skipped (the status then ends);
- ``first reaction``: only the first reaction offered may be chosen;
- ``blocks Weapon Use, Endurance``: those skills cannot be used;
- ``barred from Baghdad``: the holder may not enter (nor pass through) those spaces;
- ``no story``: Story points the holder would gain are not gained;
- ``no wealth gain``: wealth levels the holder would gain are not gained (the demo's
  Enslaved: the master takes them);
- ``pay in cities``: at the end of each turn the holder ends in a city, they pay one
  wealth level or must leave that city on their next move;
- ``others choose reaction``: another player (the next in turn order) chooses the
  holder's reaction in every encounter;
- ``reroll destiny``: once, the holder may roll the Destiny Die again and keep the better
  face; the status is then lost;
- ``arrive at Mecca [D2]``: when the holder ends a move on that space, they receive the
  reward, and the status is then lost;
- ``wealth loss -1``: every wealth loss a reward brings the holder is that many levels
  worse;
- ``end of game story -3``: the holder loses that many Story points when the game ends
  (before the winners are found) if they still hold it;
- ``stays free in cities``: the holder never pays to stay in a city (a ``pay in cities``
  status held with it asks nothing);
- ``ends after roll`` / ``ends after turn`` / ``ends after rest`` / ``ends on roll 5-6``:
  when it goes away by itself ("after rest": at the end of a turn in which the holder did
  not travel; the roll is made at the start of the holder's turn). ``ends after rest in a
  city``: at the end of a whole turn spent in one city, neither travelling nor carried
  away (the demo's Wounded). A status gained during a turn never ends at the end of that
  same turn. Without it, a status stays until a reward
  or the table lifts it.

For a treasure:

- ``counts as Stealth (Master)``, ``counts as Scholarship, Magic``: opens those skills'
  (or statuses') sections;
- ``land +1`` / ``sea +1``: extra moves on every journey;
- ``air 4``: each rate (land, sea and the total) is at least 4 spaces;
- ``flies on continent``: a move may end on any space of the continent one stands on;
- ``foresees a reaction``: before choosing a reaction, its owner may ask what one
  reaction would bring (once per encounter);
- ``refuses one encounter``: once per game, its owner may refuse an encounter when told
  whom they meet (before choosing a reaction);
- ``use [W+1]``: the owner may use it on their turn for that reward; ``used up``: it
  leaves the game once used (otherwise it can be used once a turn);
- ``minus is blank``: may turn a minus on the Destiny Die into a blank;
- ``prevents Lost``: its owner cannot gain that status;
- ``sells for 2`` / ``not for sale``: wealth levels it brings when sold (1 by default).

>>> parse_status_acts("roll +1; ends after roll").roll
1
>>> parse_treasure_acts("counts as Stealth (Master); sea +1").counts_as
{'Stealth': True}
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.games.arabian_nights.content.pack import StatusActs, TreasureActs

NameCheck = Callable[[str], str]
"""Gives a name's declared spelling, or raises ValueError saying it is unknown."""

_SIGNED = r"([+-]\s*\d{1,2})"
_FACES = re.compile(r"(\d)(?:\s*-\s*(\d))?")


def _as_declared(name: str) -> str:
    return " ".join(name.split())


def _names(cell: str, check: NameCheck) -> list[str]:
    return [check(name) for name in cell.split(",") if name.strip()]


def _signed(text: str) -> int:
    return int(text.replace(" ", ""))


def _faces(text: str) -> list[int]:
    match = _FACES.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"'ends on roll' needs a die face or a range such as 5-6, not {text!r}")
    low = int(match[1])
    high = int(match[2] or low)
    if not 1 <= low <= high <= 6:
        raise ValueError(f"die faces go from 1 to 6, not {text!r}")
    return list(range(low, high + 1))


def _clauses(text: str) -> list[str]:
    return [" ".join(clause.split()) for clause in text.split(";") if clause.strip()]


_STATUS_FLAGS = {
    "no move": "no_move",
    "skip turn": "skip_turn",
    "first reaction": "first_reaction",
    "no story": "no_story",
    "pay in cities": "city_toll",
    "others choose reaction": "others_choose",
    "reroll destiny": "reroll_destiny",
    "stays free in cities": "free_stay",
    "no wealth gain": "no_wealth_gain",
}
"""The status clauses that are a flag alone, and the field each one sets."""
_TREASURE_FLAGS = {
    "flies on continent": "continent_flight",
    "foresees a reaction": "foresees_reaction",
    "refuses one encounter": "refuses_encounter",
    "used up": "used_up",
    "minus is blank": "minus_is_blank",
}
"""The treasure clauses that are a flag alone, and the field each one sets."""


def parse_status_acts(text: str, check: NameCheck = _as_declared) -> StatusActs:
    """The effects of a status from its third cell; ValueError names a clause it cannot read.

    >>> parse_status_acts("no move; ends on roll 5-6").freed_on
    [5, 6]
    """
    fields: dict[str, object] = {}
    for clause in _clauses(text):
        lower = clause.casefold()
        if lower in _STATUS_FLAGS:
            fields[_STATUS_FLAGS[lower]] = True
        elif match := re.fullmatch(rf"roll\s*{_SIGNED}( at night)?", lower):
            fields["roll"] = _signed(match[1])
            fields["night_only"] = bool(match[2])
        elif match := re.fullmatch(r"move\s*-\s*(\d{1,2})", lower):
            fields["move_less"] = int(match[1])
        elif lower.startswith("blocks "):
            fields["blocks"] = _names(clause[len("blocks ") :], check)
        elif lower.startswith("barred from "):
            fields["barred"] = [
                " ".join(name.split()) for name in clause[12:].split(",") if name.strip()
            ]
        elif match := re.fullmatch(r"end of game story\s*-\s*(\d{1,2})", lower):
            fields["end_story"] = int(match[1])
        elif match := re.fullmatch(r"wealth loss\s*-\s*(\d{1,2})", lower):
            fields["wealth_loss"] = int(match[1])
        elif match := re.fullmatch(r"arrive at (.+?)\s*\[([^\[\]]*)\]", clause, re.IGNORECASE):
            fields["arrival"] = (" ".join(match[1].split()), match[2].strip())
        elif lower in ("ends after roll", "ends after turn", "ends after rest"):
            fields["ends"] = lower.removeprefix("ends ")
        elif lower == "ends after rest in a city":
            fields["ends"] = "after rest in city"
        elif lower.startswith("ends on roll "):
            fields["ends"] = "on roll"
            fields["freed_on"] = _faces(lower.removeprefix("ends on roll "))
        else:
            raise ValueError(f"unknown status effect {clause!r}; {STATUS_CLAUSES}")
    return StatusActs.model_validate(fields)


STATUS_CLAUSES = (
    "write roll +N, roll -N (at night), no move, move -N, skip turn, first reaction, "
    "blocks SKILLS, barred from SPACES, no story, no wealth gain, pay in cities, "
    "others choose reaction, "
    "reroll destiny, arrive at SPACE [CODE], wealth loss -N, "
    "end of game story -N, stays free in cities, ends after roll, "
    "ends after turn, ends after rest, ends after rest in a city or ends on roll 5-6, "
    "separated by ;"
)
TREASURE_CLAUSES = (
    "write counts as NAMES, land +N, sea +N, air N, flies on continent, foresees a reaction, "
    "refuses one encounter, "
    "use [CODE], used up, "
    "minus is blank, "
    "prevents STATUSES, sells for N or not for sale, separated by ;"
)


def _counts_as(cell: str, check: NameCheck) -> dict[str, bool]:
    counted = {}
    for part in cell.split(","):
        master = bool(re.search(r"\(\s*master\s*\)\s*$", part, re.IGNORECASE))
        name = re.sub(r"\(\s*master\s*\)\s*$", "", part, flags=re.IGNORECASE).strip()
        if name:
            counted[check(name)] = master
    return counted


def parse_treasure_acts(text: str, check: NameCheck = _as_declared) -> TreasureActs:
    """The effects of a treasure from its third cell; ValueError names a clause it cannot read.

    >>> acts = parse_treasure_acts("use [W+1]; used up; not for sale")
    >>> acts.use, acts.used_up, acts.sale_value
    ('W+1', True, None)
    """
    fields: dict[str, object] = {}
    for clause in _clauses(text):
        lower = clause.casefold()
        if lower in _TREASURE_FLAGS:
            fields[_TREASURE_FLAGS[lower]] = True
        elif lower.startswith("counts as "):
            fields["counts_as"] = _counts_as(clause[len("counts as ") :], check)
        elif match := re.fullmatch(r"(land|sea)\s*\+\s*(\d{1,2})", lower):
            fields[match[1]] = int(match[2])
        elif match := re.fullmatch(r"air\s*(\d{1,2})", lower):
            fields["air"] = int(match[1])
        elif match := re.fullmatch(r"use\s*\[([^\[\]]*)\]", clause, re.IGNORECASE):
            fields["use"] = match[1].strip()
        elif lower.startswith("prevents "):
            fields["prevents"] = _names(clause[len("prevents ") :], check)
        elif match := re.fullmatch(r"sells for (\d{1,2})", lower):
            fields["sale_value"] = int(match[1])
        elif lower == "not for sale":
            fields["sale_value"] = None
        else:
            raise ValueError(f"unknown treasure effect {clause!r}; {TREASURE_CLAUSES}")
    return TreasureActs.model_validate(fields)
