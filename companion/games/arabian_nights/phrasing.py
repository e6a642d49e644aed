"""How the Reader puts things into words: short sentences that read well aloud."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.arabian_nights.movement import movement_allowance
from companion.games.arabian_nights.pack import Pack, Section
from companion.games.arabian_nights.state import PlayerSheet
from companion.wording import spoken_list


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


def article(name: str) -> str:
    """The name with "a" or "an" before it.

    >>> article("Terrible Storm"), article("Old Man of the Sea")
    ('a Terrible Storm', 'an Old Man of the Sea')
    """
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def heading(section: Section) -> str:
    """How a section is offered: "no skill", "Seamanship", "master Storytelling"."""
    if section.no_skill:
        return "no skill"
    names = spoken_list(section.requirements, "or")
    return f"master {names}" if section.master else names


def roll_sum(die: int, space_number: int | None, bonus: int, total: int) -> str:
    """How the encounter roll adds up, said aloud.

    >>> roll_sum(6, 4, 2, 12)
    '6, plus 4 for the space, plus 2 for your Destiny, makes 12.'
    """
    parts = [str(die)]
    if space_number:
        parts.append(f"plus {space_number} for the space")
    if bonus:
        parts.append(f"plus {bonus} for your Destiny")
    if len(parts) == 1:
        return f"You rolled {die}."
    return f"{', '.join(parts)}, makes {total}."


def sheet_summary(sheet: PlayerSheet) -> str:
    """A spoken summary of a player's sheet (never the secret formula)."""
    skills = [
        f"{name}{' at Master level' if level == 'Master' else ''}"
        for name, level in sheet.skills.items()
    ]
    parts = [
        f"{sheet.name} has {sheet.destiny} Destiny and {sheet.story} Story, is {sheet.wealth},"
        f" and is in {sheet.position}.",
        f"Skills: {spoken_list(skills) or 'none'}.",
        f"Statuses: {spoken_list(sheet.statuses) or 'none'}.",
        f"Treasures: {spoken_list(sheet.treasures) or 'none'}.",
    ]
    if sheet.destination:
        parts.append(f"The Destination marker is on the {sheet.destination}.")
    if sheet.quest:
        parts.append(f"Quest: {sheet.quest}.")
    return " ".join(parts)


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


def reminders(pack: Pack, sheet: PlayerSheet) -> str:
    """The effects of the player's statuses and treasures, announced before moving."""
    lines = [
        f"As {status}: {pack.statuses[status].effect}"
        for status in sheet.statuses
        if status in pack.statuses
    ]
    lines += [
        f"The {treasure}: {pack.treasures[treasure].effect}"
        for treasure in sheet.treasures
        if treasure in pack.treasures
    ]
    return " ".join(sentence(line) for line in lines)


def unreachable(pack: Pack, sheet: PlayerSheet, goal: str) -> str:
    """Why a move is refused, with the player's allowance."""
    if goal in pack.places:
        return (
            f"{sheet.name} can enter the {goal} only with the Destination marker on it, "
            "from its exit space."
        )
    allowance = movement_allowance(pack.wealth_level(sheet.wealth))
    return (
        f"{goal} is too far. As {sheet.wealth}, {sheet.name} moves at most {allowance.total} "
        f"spaces, no more than {allowance.land} by land and {allowance.sea} by sea."
    )


def winners(names: Sequence[str]) -> str:
    """The last words of a game."""
    if not names:
        return "Nobody fulfilled their destiny. The tale ends without a winner."
    if len(names) == 1:
        return f"{names[0]} wins the game! Their tale will be told for a thousand nights."
    return f"{spoken_list(names)} share the victory!"
