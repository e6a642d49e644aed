"""How the Reader puts things into words: short sentences that read well aloud."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.framework.dialogue import Speech
from companion.framework.wording import SPOKEN_AT_MOST, capped_list, spoken_list
from companion.games.arabian_nights.content.pack import Pack, Quest, QuestGoal, Section
from companion.games.arabian_nights.rules.award import StatusChanged, TreasureChanged
from companion.games.arabian_nights.rules.card_effects import barred_spaces, movement_limits
from companion.games.arabian_nights.rules.movement import (
    moves_between,
    nearest_space,
    sheet_allowance,
)
from companion.games.arabian_nights.rules.state import PlayerSheet, TableState
from companion.games.arabian_nights.rules.victory import why_they_won


def sentence(text: str) -> str:
    """A capitalised sentence ending with a full stop.

    >>> sentence("ali cannot reach Basra")
    'Ali cannot reach Basra.'
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


_PLURAL_ENDINGS = ("ss", "us", "is")


def article(pack: Pack | None, name: str) -> str:
    """The name introduced as it reads best: the pack's choice when it gives one
    (``[introductions]``), "the" before a plural, otherwise "a" or "an".

    >>> article(None, "Terrible Storm"), article(None, "Old Man of the Sea")
    ('a Terrible Storm', 'an Old Man of the Sea')
    >>> article(None, "Generous Pilgrims"), article(None, "Honest Trader")
    ('the Generous Pilgrims', 'an Honest Trader')
    """
    chosen = introduction(pack, name)
    if chosen is not None:
        return f"{chosen} {name}".strip()
    if is_plural(pack, name):
        return f"the {name}"
    vowel = name[:1].lower() in "aeiou" or name.lower().startswith(("honest", "honour", "hour"))
    return f"{'an' if vowel else 'a'} {name}"


def is_plural(pack: Pack | None, name: str) -> bool:
    """Whether ``name`` is of many ("the Strange Lights carry you"): as the pack's
    ``[introductions]`` says, else by its last word.

    >>> is_plural(None, "Strange Lights"), is_plural(None, "Veiled Princess")
    (True, False)
    """
    wanted = " ".join(name.split()).casefold()
    for known, plural in (pack.plural if pack else {}).items():
        if known.casefold() == wanted:
            return plural
    last = name.split()[-1].lower() if name.split() else ""
    return last.endswith("s") and not last.endswith(_PLURAL_ENDINGS)


def place(pack: Pack | None, name: str) -> str:
    """A space or Place of Power as a sentence names it: "the Persian Gulf", "the Garden of
    Irem", but "Basra". The pack's ``[introductions]`` row decides ("Sahara | the"); without
    one, a Place of Power and every space but a city take "the".

    >>> from companion.games.arabian_nights.dialogue.state import cached_pack
    >>> demo = cached_pack("shipped:demo")
    >>> place(demo, "Persian Gulf"), place(demo, "Magnetic Isle"), place(demo, "Basra")
    ('the Persian Gulf', 'the Magnetic Isle', 'Basra')
    """
    chosen = introduction(pack, name)
    if pack is None or chosen is not None:
        return f"the {name}" if chosen == "the" else name
    space = pack.spaces.get(name)
    takes_the = name in pack.places or (space is not None and not space.city)
    return f"the {name}" if takes_the else name


def places(pack: Pack | None, names: Iterable[str]) -> list[str]:
    """Each of ``names`` as a sentence names it (:func:`place`)."""
    return [place(pack, name) for name in names]


def introduction(pack: Pack | None, name: str) -> str | None:
    """How the pack says to introduce a name ("" for no article), or None."""
    if pack is None:
        return None
    wanted = " ".join(name.split()).casefold()
    for known, words in pack.introductions.items():
        if known.casefold() == wanted:
            return words
    return None


def few_words(description: str, most: int = 8) -> str:
    """The start of a description, cut at a comma or after ``most`` words.

    >>> few_words("You read the wind, the tracks and the stars, and you find water.")
    'You read the wind'
    """
    first = description.split(",")[0].split(".")[0]
    words = first.split()
    return " ".join(words[:most]) + ("..." if len(words) > most else "")


def heading(section: Section) -> str:
    """How a section is offered: "no skill", "Seamanship", "master Storytelling"."""
    if section.no_skill:
        return "no skill"
    names = spoken_list(section.requirements, "or")
    return f"master {names}" if section.master else names


def roll_sum(
    die: int,
    space_number: int | None,
    bonus: int,
    total: int,
    statuses: Sequence[tuple[str, int]] = (),
) -> str:
    """How the encounter roll adds up, said aloud.

    >>> roll_sum(6, 4, 2, 12)
    '6, plus 4 for the space, plus 2 for your Destiny, makes 12.'
    >>> roll_sum(3, None, 0, 2, [("Cursed", -1)])
    '3, minus 1 for Cursed, makes 2.'
    """
    parts = [str(die)]
    if space_number:
        parts.append(f"plus {space_number} for the space")
    if bonus:
        parts.append(f"plus {bonus} for your Destiny")
    parts += [
        f"{'plus' if amount > 0 else 'minus'} {abs(amount)} for {status}"
        for status, amount in statuses
        if amount
    ]
    if len(parts) == 1:
        return f"You rolled {die}."
    return f"{', '.join(parts)}, makes {total}."


def sheet_summary(
    pack: Pack, sheet: PlayerSheet, quest: Quest | None = None, visited: Sequence[str] = ()
) -> str:
    """A spoken summary of a player's sheet (never the secret formula)."""
    skills = [
        f"{name}{' at Master level' if level == 'Master' else ''}"
        for name, level in sheet.skills.items()
    ]
    parts = [
        f"{sheet.name} has {sheet.destiny} Destiny and {sheet.story} Story, is {sheet.wealth},"
        f" and is in {place(pack, sheet.position)}.",
        f"Skills: {spoken_list(skills) or 'none'}.",
        f"Statuses: {spoken_list(sheet.statuses) or 'none'}.",
        f"Treasures: {spoken_list(sheet.treasures) or 'none'}.",
    ]
    if sheet.turns_to_skip:
        parts.append(f"Turns to lose: {sheet.turns_to_skip}.")
    if sheet.destination:
        parts.append(f"The Destination marker is on the {sheet.destination}.")
    if quest is not None:
        parts.append(quest_words(quest, visited))
    return " ".join(parts)


def quest_words(quest: Quest, visited: Sequence[str] = ()) -> str:
    """A quest, its goals, and those still to do (``visited``: the goals done, by key;
    holding a card and reaching a wealth level are checked when the turn ends).

    >>> quest_words(Quest(name="Pilgrimage", goals=[QuestGoal(name="Mecca"),
    ...     QuestGoal(name="Jerusalem")], reward_code=""), ["Mecca"])
    'Quest: Pilgrimage, visit Mecca and Jerusalem; still to visit: Jerusalem.'
    >>> quest_words(Quest(name="Whale Road", goals=[QuestGoal(kind="meet", name="Whale"),
    ...     QuestGoal(kind="reach", name="Wealthy")], reward_code=""))
    'Quest: Whale Road, meet a Whale and become Wealthy.'
    """
    left = [
        goal for goal in quest.goals if goal.kind in ("hold", "reach") or goal.key not in visited
    ]
    told = visited and left
    if all(goal.kind == "visit" for goal in quest.goals):
        still = f"; still to visit: {spoken_list([goal.name for goal in left])}" if told else ""
        return f"Quest: {quest.name}, visit {spoken_list(quest.spaces)}{still}."
    still = f"; still to do: {quest_goals(left)}" if told else ""
    return f"Quest: {quest.name}, {quest_goals(quest.goals)}{still}."


def quest_goals(goals: Sequence[QuestGoal]) -> str:
    """Goals as the Reader says them: ``visit Mecca and Cairo, meet a Whale``.

    >>> quest_goals([QuestGoal(kind="hold", name="Brass Lamp"), QuestGoal(name="Cairo")])
    'visit Cairo and hold the Brass Lamp'
    """
    spaces = [goal.name for goal in goals if goal.kind == "visit"]
    parts = [f"visit {spoken_list(spaces)}"] if spaces else []
    for goal in goals:
        if goal.kind == "meet":
            parts.append(f"meet {article(None, goal.name)}")
        elif goal.kind == "hold":
            parts.append(f"hold the {goal.name}")
        elif goal.kind == "reach":
            parts.append(f"become {goal.name}")
    return spoken_list(parts)


def sheet_row(sheet: PlayerSheet) -> dict[str, str]:
    """A player's sheet as one row of the live view."""
    skills = [f"{name}{'*' if level == 'Master' else ''}" for name, level in sheet.skills.items()]
    return {
        "Player": sheet.name,
        "Destiny": str(sheet.destiny),
        "Story": str(sheet.story),
        "Wealth": sheet.wealth,
        "Where": sheet.position,
        "Skills (* Master)": ", ".join(skills),
        "Statuses": ", ".join(sheet.statuses),
        "Treasures": ", ".join(sheet.treasures),
    }


def reminders(sheet: PlayerSheet) -> str:
    """A short reminder before moving: the statuses and treasures held, by name only (what
    each does is read when it is gained, and in "status").

    >>> reminders(PlayerSheet(name="Ali", gender="m", destiny_goal=10, story_goal=10,
    ...                       statuses=["Cursed"], treasures=["Lucky Coin"]))
    'Ali is Cursed and holds the Lucky Coin.'
    """
    parts = []
    if sheet.statuses:
        parts.append(f"is {spoken_list(sheet.statuses)}")
    if sheet.treasures:
        parts.append(f"holds the {spoken_list(sheet.treasures)}")
    return f"{sheet.name} {' and '.join(parts)}." if parts else ""


def new_cards(pack: Pack, changes: Sequence[object]) -> list[Speech]:
    """What a newly gained treasure or status does, read once when it arrives."""
    speeches = []
    for change in changes:
        if isinstance(change, TreasureChanged) and change.gained and change.treasure:
            card = pack.treasures.get(change.treasure)
            if card is not None:
                speeches.append(Speech(sentence(f"The {card.name}: {card.effect}")))
        if isinstance(change, StatusChanged) and change.gained:
            status = pack.statuses.get(change.status)
            if status is not None:
                rule = sentence(f"{status.name}: {status.effect}")
                speeches.append(Speech(rule, kind="aside"))  # a rule, no part of the story
    return speeches


def what_cards_do(pack: Pack, sheet: PlayerSheet) -> list[str]:
    """One sentence per status and treasure held, saying what it does (for "status")."""
    said = [sentence(f"{name}: {pack.statuses[name].effect}") for name in sheet.statuses
            if name in pack.statuses]  # fmt: skip
    said += [sentence(f"The {name}: {pack.treasures[name].effect}") for name in sheet.treasures
             if name in pack.treasures]  # fmt: skip
    return said


def turn_lost(name: str, reason: str) -> str:
    """Why a turn is skipped.

    >>> turn_lost("Ali", "a lost turn"), turn_lost("Ali", "Asleep")
    ('Ali loses this turn.', 'As Asleep, Ali loses this turn.')
    """
    if reason == "a lost turn":
        return f"{name} loses this turn."
    return f"As {reason}, {name} loses this turn."


def cannot_move(pack: Pack, sheet: PlayerSheet) -> str:
    """Why the player cannot move this turn, or "" when they can."""
    stuck = movement_limits(pack, sheet)[0]
    return f"As {stuck}, you cannot move this turn." if stuck else ""


def reachable(
    pack: Pack | None, sheet: PlayerSheet, routes: dict[str, str], whole: bool = False
) -> str:
    """The spaces within reach, by land and by sea, in a few words: the nearest few when
    many are in reach (``whole``: every one, for "all").

    >>> ali = PlayerSheet(name="Ali", gender="m", destiny_goal=10, story_goal=10)
    >>> reachable(None, ali, {"Basra": "land", "Persian Gulf": "sea", "Arabian Sea": "sea"})
    'From Baghdad you can reach by land Basra; by sea Persian Gulf and Arabian Sea.'
    >>> routes = {f"S{n}": "land" for n in range(1, 10)} | {"Mecca": "flight"}
    >>> print(reachable(None, ali, routes))  # doctest: +NORMALIZE_WHITESPACE
    From Baghdad you can reach by flying Mecca; by land or sea S1, S2, S3, S4, S5, S6 and 3 more;
    say all to hear them.
    """
    if not routes:
        return f"{sheet.name} cannot move this turn; say stay."
    kinds = ROUTE_WORDS
    if not whole and len(routes) > SPOKEN_AT_MOST + 1:
        kinds = {kind: words for kind, words in ROUTE_WORDS.items() if kind not in PLAIN_ROUTES}
    named = {place(pack, space): route for space, route in routes.items()}
    groups = {
        words: spoken_list(space for space, route in named.items() if route == kind)
        for kind, words in kinds.items()
    }
    if plain := [space for space, route in named.items() if route not in kinds]:
        groups["by land or sea" if any(groups.values()) else ""] = capped_list(plain)
    said = [f"{words} {names}".strip() for words, names in groups.items() if names]
    return f"From {place(pack, sheet.position)} you can reach {'; '.join(said)}."


ROUTE_WORDS = {
    "land": "by land",
    "sea": "by sea",
    "land and sea": "by land and sea",
    "flight": "by flying",
    "hidden": "and the hidden way into",
}
"""How each kind of route to a space is said, in the order they are said."""
PLAIN_ROUTES = ("land", "sea", "land and sea")
"""The routes said together, nearest first, when many spaces are in reach."""


def unreachable(pack: Pack, sheet: PlayerSheet, goal: str) -> str:
    """Why a move is refused, with the player's allowance."""
    if goal in pack.places:
        return _place_out_of_reach(pack, sheet, goal)
    stuck = movement_limits(pack, sheet)[0]
    if stuck:
        return f"As {stuck}, {sheet.name} cannot move this turn."
    barring = barred_spaces(pack, sheet).get(goal)
    if barring:
        return f"As {barring}, {sheet.name} may not enter {place(pack, goal)}."
    allowance = sheet_allowance(pack, sheet)
    return sentence(
        f"{place(pack, goal)} is too far. As {sheet.wealth}, {sheet.name} moves at most "
        f"{allowance.total} spaces, no more than {allowance.land} by land and {allowance.sea} "
        "by sea."
    )


def _place_out_of_reach(pack: Pack, sheet: PlayerSheet, goal: str) -> str:
    """Why a Place of Power cannot be entered now, and what would let it: the Destination
    marker on it, and a move from its exit space, named, with how far it is."""
    exit_space = pack.places[goal].exit_space
    gate = f"{place(pack, goal)} is entered from {place(pack, exit_space)}"
    if sheet.destination != goal:
        return sentence(f"{gate}, and only with the Destination marker on it")
    if sheet.position == exit_space:
        return sentence(f"{gate}, where {sheet.name} stands, but not this turn")
    far = moves_between(pack, sheet.position, exit_space, sheet)
    total = sheet_allowance(pack, sheet).total
    if far is None:
        return sentence(f"{gate}, and no route leads there from {place(pack, sheet.position)}")
    return sentence(
        f"{gate}, {far} {'move' if far == 1 else 'moves'} from here: {far + 1} in all, and as "
        f"{sheet.wealth}, {sheet.name} moves at most {total}. Go towards "
        f"{place(pack, exit_space)} first"
    )


def sold_in_a_city(pack: Pack, sheet: PlayerSheet, treasure: str) -> str:
    """Why ``treasure`` cannot be sold here, and the nearest city where it can, how far.

    >>> from companion.games.arabian_nights.dialogue.state import cached_pack
    >>> ali = PlayerSheet(name="Ali", gender="m", destiny_goal=10, story_goal=10,
    ...                   position="Persian Gulf")
    >>> sold_in_a_city(cached_pack("shipped:demo"), ali, "Pearls")
    'Ali can sell the Pearls only in a city: the nearest is Basra, 1 move from here.'
    """
    where = f"{sheet.name} can sell the {treasure} only in a city"
    found = nearest_space(pack, sheet.position, sheet, lambda space: pack.spaces[space].city)
    if found is None:
        return f"{where}, and no route leads to one from {place(pack, sheet.position)}."
    city, far = found
    moves = f"{far} {'move' if far == 1 else 'moves'}"
    return f"{where}: the nearest is {place(pack, city)}, {moves} from here."


def winners(names: Sequence[str]) -> str:
    """The last words of a game."""
    if not names:
        return "Nobody fulfilled their destiny. The tale ends without a winner."
    if len(names) == 1:
        return f"{names[0]} wins the game! Their tale will be told for a thousand nights."
    return f"{spoken_list(names)} share the victory!"


def _carried(sheet: PlayerSheet) -> str:
    """What else ends on the sheet: skills, statuses and treasures, in one sentence."""
    parts = []
    if sheet.skills:
        parts.append(f"skills {spoken_list(list(sheet.skills))}")
    if sheet.statuses:
        parts.append(f"statuses {spoken_list(sheet.statuses)}")
    if sheet.treasures:
        parts.append(f"the {spoken_list(sheet.treasures)}")
    return f" {sheet.name} keeps {'; '.join(parts)}." if parts else ""


def tale_ended(sheet: PlayerSheet, home: str, pack: Pack | None = None) -> str:
    """One player's secret goal and how it ended, in one short sentence.

    >>> zed = PlayerSheet(name="Zed", gender="f", destiny_goal=10, story_goal=10,
    ...                   destiny=8, story=14)
    >>> tale_ended(zed, "Baghdad")
    'Zed wanted 10 Destiny and 10 Story and has 8 and 14: 2 Destiny short.'
    """
    wanted = f"{sheet.name} wanted {sheet.destiny_goal} Destiny and {sheet.story_goal} Story"
    has = f"{wanted} and has {sheet.destiny} and {sheet.story}"
    short = [
        f"{goal - points} {name} short"
        for name, goal, points in (
            ("Destiny", sheet.destiny_goal, sheet.destiny),
            ("Story", sheet.story_goal, sheet.story),
        )
        if points < goal
    ]
    if short:
        return f"{has}: {spoken_list(short)}."
    if sheet.position != home:
        return f"{has}, but ended in {place(pack, sheet.position)}, not {home}."
    return f"{has}."


def ending(pack: Pack, table: TableState) -> list[Speech]:
    """The end of the night: who won and why, then every secret goal in a sentence (the
    whole final sheets are kept for "all")."""
    sheets = [
        f"{sheet.name} ended in {place(pack, sheet.position)}, {sheet.wealth}.{_carried(sheet)}"
        for sheet in table.players
    ]
    goals = " ".join(tale_ended(sheet, table.home, pack) for sheet in table.players)
    return [
        Speech(f"The night is over. {why_they_won(table)}", kind="ending"),
        Speech(goals, in_full=" ".join(sheets), kind="ending"),
        Speech(winners(table.winners or []), kind="ending"),
    ]
