"""Statuses and treasures that act: the rules that use their effects (a pack writes the
effects as clauses, read by ``content/card_acts.py``; that module lists them).
"""

from __future__ import annotations

import random
import re

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.pack import Pack, StatusActs, TreasureActs
from companion.games.arabian_nights.rules.state import PlayerSheet, TableState, find_name

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
    if not sells_here(pack, table, player):
        raise IllegalAction(f"treasures are sold in a city, and {player} is not in one")

    def sell(copy: TableState) -> None:
        sheet = copy.player(player)
        sheet.treasures.remove(held)
        copy.treasure_deck.insert(rng.randint(0, len(copy.treasure_deck)), held)
        top = len(pack.wealth_track) - 1
        sheet.wealth = pack.wealth_track[min(top, pack.wealth_index(sheet.wealth) + value)].name

    return table.evolve(sell), value


def sells_here(pack: Pack, table: TableState, player: str) -> bool:
    """Whether ``player`` may sell a treasure where they stand (in a city, unless the table
    lets treasures be sold anywhere)."""
    space = pack.spaces.get(table.player(player).position)
    return not table.rules.sell_in_cities_only or (space is not None and space.city)


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
