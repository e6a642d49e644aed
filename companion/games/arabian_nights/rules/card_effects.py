"""Statuses and treasures that act: their effects as pack data, and the rules that use them.

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

import random
import re
from collections.abc import Callable

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.pack import Pack, StatusActs, TreasureActs
from companion.games.arabian_nights.rules.state import PlayerSheet, TableState, find_name

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


# -- what the cards do to a player ---------------------------------------------------------


def status_acts(pack: Pack, sheet: PlayerSheet) -> list[tuple[str, StatusActs]]:
    """Each status the player holds, with its effects (statuses the pack lacks do nothing)."""
    return [(name, pack.statuses[name].acts) for name in sheet.statuses if name in pack.statuses]


def treasure_acts(pack: Pack, sheet: PlayerSheet) -> list[tuple[str, TreasureActs]]:
    """Each treasure the player holds, with its effects."""
    return [(name, pack.treasures[name].acts) for name in sheet.treasures if name in pack.treasures]


def counted_sheet(pack: Pack, sheet: PlayerSheet) -> PlayerSheet:
    """The sheet as the Book of Tales sees it: treasures' skills and statuses counted,
    skills blocked by a status taken away. Used to open sections and Master shortcuts.

    A treasure never lowers a skill: a Master stays Master even if it counts as Talent.
    """
    counted = sheet.model_copy(deep=True)
    for _, acts in treasure_acts(pack, sheet):
        for name, master in acts.counts_as.items():
            if name in pack.statuses:
                if find_name(name, counted.statuses) is None:
                    counted.statuses.append(name)
                continue
            held = find_name(name, list(counted.skills))
            if master or held is None:
                counted.skills[held or name] = "Master" if master else "Talent"
    for _, acts in status_acts(pack, sheet):
        for skill in acts.blocks:
            held = find_name(skill, list(counted.skills))
            if held is not None:
                del counted.skills[held]
    return counted


def roll_changes(pack: Pack, sheet: PlayerSheet, time_of_day: str) -> list[tuple[str, int]]:
    """Each held status that changes an encounter roll now, with its amount."""
    return [
        (name, acts.roll)
        for name, acts in status_acts(pack, sheet)
        if acts.roll and (time_of_day == "night" or not acts.night_only)
    ]


def roll_modifier(pack: Pack, sheet: PlayerSheet, time_of_day: str = "morning") -> int:
    """What the player's statuses add to an encounter roll now (may be negative)."""
    return sum(amount for _, amount in roll_changes(pack, sheet, time_of_day))


def must_take_first_reaction(pack: Pack, sheet: PlayerSheet) -> str | None:
    """The status that forces the first reaction offered, or None."""
    return next((name for name, acts in status_acts(pack, sheet) if acts.first_reaction), None)


def movement_limits(pack: Pack, sheet: PlayerSheet) -> tuple[str | None, int, int, int]:
    """(the status forbidding any move or None, spaces fewer, extra land, extra sea)."""
    stuck = next((name for name, acts in status_acts(pack, sheet) if acts.no_move), None)
    fewer = sum(acts.move_less for _, acts in status_acts(pack, sheet))
    land = sum(acts.land for _, acts in treasure_acts(pack, sheet))
    sea = sum(acts.sea for _, acts in treasure_acts(pack, sheet))
    return stuck, fewer, land, sea


def air_rate(pack: Pack, sheet: PlayerSheet) -> int:
    """The least number of spaces each rate gives, from the player's flying treasures."""
    return max((acts.air for _, acts in treasure_acts(pack, sheet)), default=0)


def flies_on_continent(pack: Pack, sheet: PlayerSheet) -> str | None:
    """The treasure that lets a move end anywhere on the player's continent, or None."""
    return next((name for name, acts in treasure_acts(pack, sheet) if acts.continent_flight), None)


def story_blocked_by(pack: Pack, sheet: PlayerSheet) -> str | None:
    """The status that keeps the player from gaining Story points, or None."""
    return next((name for name, acts in status_acts(pack, sheet) if acts.no_story), None)


def wealth_blocked_by(pack: Pack, sheet: PlayerSheet) -> str | None:
    """The status that keeps the player from gaining wealth (a master takes it), or None."""
    return next((name for name, acts in status_acts(pack, sheet) if acts.no_wealth_gain), None)


def worse_losses(pack: Pack, sheet: PlayerSheet) -> tuple[str | None, int]:
    """(a status making wealth losses worse, or None; the extra levels every loss costs)."""
    worse = [
        (name, acts.wealth_loss) for name, acts in status_acts(pack, sheet) if acts.wealth_loss
    ]
    return (worse[0][0] if worse else None), sum(levels for _, levels in worse)


def end_of_game_losses(pack: Pack, table: TableState) -> dict[str, tuple[str, int]]:
    """Each player who loses Story when the game ends: (the status, the points)."""
    losses = {}
    for sheet in table.players:
        held = [(name, acts.end_story) for name, acts in status_acts(pack, sheet) if acts.end_story]
        if held:
            losses[sheet.name] = (held[0][0], sum(points for _, points in held))
    return losses


def barred_spaces(pack: Pack, sheet: PlayerSheet) -> dict[str, str]:
    """Spaces the player may not enter, each with the status that bars it."""
    return {space: name for name, acts in status_acts(pack, sheet) for space in acts.barred}


def protected_from(pack: Pack, sheet: PlayerSheet, status: str) -> str | None:
    """The treasure that keeps the player from gaining ``status``, or None."""
    for name, acts in treasure_acts(pack, sheet):
        if find_name(status, acts.prevents):
            return name
    return None


def _without(table: TableState, player: str, statuses: list[str]) -> TableState:
    def remove(copy: TableState) -> None:
        sheet = copy.player(player)
        sheet.statuses = [name for name in sheet.statuses if name not in statuses]

    return table.evolve(remove)


def rested_in_city(pack: Pack, sheet: PlayerSheet) -> bool:
    """Whether the turn now ending was a whole turn of rest in a city: the player stands
    in a city and neither travelled on the move nor was carried by a reward."""
    space = pack.spaces.get(sheet.position)
    resting = not (sheet.moved_this_turn or sheet.carried_this_turn)
    return resting and space is not None and space.city


def _rest_endings(pack: Pack, sheet: PlayerSheet) -> set[str]:
    """The kinds of status that end after the turn now ending."""
    endings = {"after turn"}
    if not sheet.moved_this_turn:
        endings.add("after rest")
    if rested_in_city(pack, sheet):
        endings.add("after rest in city")
    return endings


def _ending(pack: Pack, sheet: PlayerSheet, when: str) -> list[str]:
    if when != "after turn":
        return [name for name, acts in status_acts(pack, sheet) if acts.ends == when]
    endings = _rest_endings(pack, sheet)
    return [
        name
        for name, acts in status_acts(pack, sheet)
        if acts.ends in endings and name not in sheet.gained_this_turn
    ]


def _turn_over(table: TableState, player: str) -> TableState:
    def forget(copy: TableState) -> None:
        sheet = copy.player(player)
        sheet.gained_this_turn = []
        sheet.moved_this_turn = False
        sheet.carried_this_turn = False

    return table.evolve(forget)


def end_statuses(
    pack: Pack, table: TableState, player: str, when: str
) -> tuple[TableState, list[str]]:
    """The table after the player's statuses that end ``when`` ("after roll", "after turn")
    are gone, and their names.

    "after turn" is the end of the player's turn: statuses gained during it stay, and
    "after rest" statuses end too if the player did not travel, "after rest in city" ones
    after a whole turn spent in one city (`rested_in_city`).
    """
    ended = _ending(pack, table.player(player), when)
    table = _without(table, player, ended)
    return (_turn_over(table, player) if when == "after turn" else table), ended


def escape_statuses(pack: Pack, sheet: PlayerSheet) -> list[tuple[str, list[int]]]:
    """The statuses a roll at the start of the turn may end, with the faces that end them."""
    return [
        (name, acts.freed_on) for name, acts in status_acts(pack, sheet) if acts.ends == "on roll"
    ]


def roll_to_escape(
    pack: Pack, table: TableState, player: str, die: int
) -> tuple[TableState, list[str]]:
    """The table after the start-of-turn roll; the statuses the die ended."""
    if not 1 <= die <= 6:
        raise IllegalAction(f"a die shows 1 to 6, not {die}")
    freed = [name for name, faces in escape_statuses(pack, table.player(player)) if die in faces]
    return _without(table, player, freed), freed


def skipped_turn_reason(pack: Pack, sheet: PlayerSheet) -> str | None:
    """Why the player's turn is skipped now (a status, or a lost turn), or None."""
    status = next((name for name, acts in status_acts(pack, sheet) if acts.skip_turn), None)
    if status is not None:
        return status
    return "a lost turn" if sheet.turns_to_skip else None


def skip_turn(pack: Pack, table: TableState, player: str) -> TableState:
    """The table after the player's turn is skipped: one lost turn or skipping status used."""
    sheet = table.player(player)
    status = next((name for name, acts in status_acts(pack, sheet) if acts.skip_turn), None)
    if status is not None:
        return _without(table, player, [status])

    def spend(copy: TableState) -> None:
        copy.player(player).turns_to_skip = max(0, copy.player(player).turns_to_skip - 1)

    return table.evolve(spend)


def lose_next_turn(table: TableState, player: str) -> TableState:
    """The table after the player is told to lose their next turn (these add up)."""

    def lose(copy: TableState) -> None:
        copy.player(player).turns_to_skip += 1

    return table.evolve(lose)


# -- treasures the owner acts with ---------------------------------------------------------


def _held_treasure(table: TableState, player: str, treasure: str) -> str:
    held = find_name(treasure, table.player(player).treasures)
    if held is None:
        raise IllegalAction(f"{player} does not hold the {treasure}")
    return held


def usable_treasures(pack: Pack, sheet: PlayerSheet) -> list[str]:
    """The treasures the player may use now (a use, not yet used this turn)."""
    return [
        name
        for name, acts in treasure_acts(pack, sheet)
        if acts.use is not None and name not in sheet.used_this_turn
    ]


def spend_treasure(pack: Pack, table: TableState, player: str, treasure: str) -> TableState:
    """The table after the player has used the treasure: gone if used up, else marked for
    this turn. A used-up treasure leaves the game (it does not return to the deck)."""
    held = _held_treasure(table, player, treasure)

    def spend(copy: TableState) -> None:
        sheet = copy.player(player)
        if pack.treasures[held].acts.used_up:
            sheet.treasures.remove(held)
        else:
            sheet.used_this_turn.append(held)

    return table.evolve(spend)


def use_treasure(
    pack: Pack, table: TableState, player: str, treasure: str
) -> tuple[TableState, str]:
    """The table after the player uses a treasure, and the reward code it gives."""
    held = _held_treasure(table, player, treasure)
    acts = pack.treasures[held].acts
    if acts.use is None:
        raise IllegalAction(f"the {held} is not something one uses; it works by itself")
    if held in table.player(player).used_this_turn:
        raise IllegalAction(f"the {held} has already been used this turn")
    return spend_treasure(pack, table, player, held), acts.use


def sell_treasure(
    pack: Pack, table: TableState, player: str, treasure: str, rng: random.Random
) -> tuple[TableState, int]:
    """The table after the player sells a treasure, and how many wealth levels it brings.

    The treasure is shuffled back into the treasure deck; the wealth rise stays on the track.
    """
    held = _held_treasure(table, player, treasure)
    value = pack.treasures[held].acts.sale_value if held in pack.treasures else 1
    if value is None:
        raise IllegalAction(f"nobody will buy the {held}")
    master = wealth_blocked_by(pack, table.player(player))
    if master is not None:
        raise IllegalAction(f"{player} is {master}: the price of the {held} would be taken")
    if table.rules.sell_in_cities_only:
        sheet = table.player(player)
        space = pack.spaces.get(sheet.position)
        if space is None or not space.city:
            raise IllegalAction(f"treasures are sold in a city, and {player} is not in one")

    def sell(copy: TableState) -> None:
        sheet = copy.player(player)
        sheet.treasures.remove(held)
        copy.treasure_deck.insert(rng.randint(0, len(copy.treasure_deck)), held)
        top = len(pack.wealth_track) - 1
        sheet.wealth = pack.wealth_track[min(top, pack.wealth_index(sheet.wealth) + value)].name

    return table.evolve(sell), value


def lucky_treasure(pack: Pack, sheet: PlayerSheet) -> str | None:
    """A treasure the player may spend to turn a minus on the Destiny Die blank, or None."""
    return next((name for name, acts in treasure_acts(pack, sheet) if acts.minus_is_blank), None)


def seeing_treasure(pack: Pack, sheet: PlayerSheet) -> str | None:
    """A treasure that shows what a reaction would bring, or None."""
    return next((name for name, acts in treasure_acts(pack, sheet) if acts.foresees_reaction), None)


def refusing_treasure(pack: Pack, sheet: PlayerSheet) -> str | None:
    """A treasure that lets the player refuse this encounter (not used yet this game)."""
    return next(
        (
            name
            for name, acts in treasure_acts(pack, sheet)
            if acts.refuses_encounter and name not in sheet.used_this_game
        ),
        None,
    )


def refuse_encounter(table: TableState, player: str, treasure: str) -> TableState:
    """The player refuses an encounter with the treasure: its power is spent for the game."""
    held = _held_treasure(table, player, treasure)

    def mark(copy: TableState) -> None:
        copy.player(player).used_this_game.append(held)

    return table.evolve(mark)


def city_toll(pack: Pack, sheet: PlayerSheet) -> str | None:
    """The status that makes the player pay or leave the city where the turn ends, or None."""
    space = pack.spaces.get(sheet.position)
    if space is None or not space.city:
        return None
    if any(acts.free_stay for _, acts in status_acts(pack, sheet)):
        return None
    return next((name for name, acts in status_acts(pack, sheet) if acts.city_toll), None)


def can_pay_toll(pack: Pack, sheet: PlayerSheet) -> bool:
    """True when the player has a wealth level to give up."""
    return pack.wealth_index(sheet.wealth) > 0


def pay_toll(pack: Pack, table: TableState, player: str) -> TableState:
    """The player pays one wealth level to stay in the city."""

    def pay(copy: TableState) -> None:
        sheet = copy.player(player)
        index = pack.wealth_index(sheet.wealth)
        if index == 0:
            raise IllegalAction(f"{player} has no wealth level to pay")
        sheet.wealth = pack.wealth_track[index - 1].name

    return table.evolve(pay)


def leave_city(table: TableState, player: str) -> TableState:
    """The player will not pay: they may not stay where they are on their next move."""

    def mark(copy: TableState) -> None:
        sheet = copy.player(player)
        sheet.must_leave = sheet.position

    return table.evolve(mark)


def reaction_chooser(pack: Pack, table: TableState) -> tuple[str, str] | None:
    """(the status, the player who chooses) when another player chooses the reaction of the
    player whose turn it is: the next player in turn order. None alone at the table."""
    sheet = table.current
    status = next((name for name, acts in status_acts(pack, sheet) if acts.others_choose), None)
    if status is None or len(table.players) < 2:
        return None
    return status, table.players[(table.turn + 1) % len(table.players)].name


def fortune_status(pack: Pack, sheet: PlayerSheet) -> str | None:
    """A status that lets the player roll the Destiny Die again, or None."""
    return next((name for name, acts in status_acts(pack, sheet) if acts.reroll_destiny), None)


def arrival_reward(pack: Pack, sheet: PlayerSheet) -> tuple[str, str] | None:
    """(the status, its reward code) when the player stands on the space a held status
    rewards arriving at, or None."""
    for name, acts in status_acts(pack, sheet):
        if acts.arrival is not None and acts.arrival[0].casefold() == sheet.position.casefold():
            return name, acts.arrival[1]
    return None


def end_arrival(table: TableState, player: str, status: str) -> TableState:
    """The player has arrived where the status led them: it is lost."""
    return _without(table, player, [status])


_FACE_ORDER = ("minus", "blank", "plus")


def better_face(first: str, second: str) -> str:
    """The better of two Destiny Die faces (plus above blank above minus).

    >>> better_face("minus", "blank"), better_face("plus", "blank")
    ('blank', 'plus')
    """
    return max(first, second, key=_FACE_ORDER.index)


def spend_fortune(table: TableState, player: str, status: str) -> TableState:
    """The player has rolled the Destiny Die again: the status that allowed it is lost."""
    return _without(table, player, [status])


# -- instructions the companion can carry out ----------------------------------------------

_LOSE_TURN = re.compile(r"(you )?(lose|miss) (your|the) next turn\.?", re.IGNORECASE)
_CHOOSE_STATUS = re.compile(
    r"(you may )?lose (one|a|any one) status of your choice\.?", re.IGNORECASE
)
_CHOOSE_SKILL = re.compile(r"(you may )?gain (one|a) skill of your choice\.?", re.IGNORECASE)
_CHOOSE_SPACE = re.compile(r"(you may )?move to any space (on|of) your continent\.?", re.IGNORECASE)


def instruction_action(text: str) -> str | None:
    """What an instruction asks the companion to do: "lose turn", "choose status to lose",
    "choose skill to gain", "choose space on continent", or None (read it aloud only).

    >>> instruction_action("Lose your next turn"), instruction_action("Pray for rain")
    ('lose turn', None)
    """
    clean = " ".join(text.split())
    for pattern, action in (
        (_LOSE_TURN, "lose turn"),
        (_CHOOSE_STATUS, "choose status to lose"),
        (_CHOOSE_SKILL, "choose skill to gain"),
        (_CHOOSE_SPACE, "choose space on continent"),
    ):
        if pattern.fullmatch(clean):
            return action
    return None
