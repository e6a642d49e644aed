"""Resolving one encounter: the chart roll, the reaction, the Destiny Die, the section.

>>> from companion.games.arabian_nights.content.pack import DestinyBonus
>>> rulebook = [DestinyBonus(minimum=3, bonus=1), DestinyBonus(minimum=5, bonus=2)]
>>> encounter_total(die=6, space_number=4, destiny=9, bonuses=rulebook)
12
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from companion.framework.errors import IllegalAction
from companion.games.arabian_nights.content.pack import (
    DestinyBonus,
    Gender,
    Matrix,
    Pack,
    Paragraph,
    Reaction,
    Section,
)
from companion.games.arabian_nights.rules.card_effects import counted_sheet
from companion.games.arabian_nights.rules.state import PlayerSheet, find_name

HIGHEST_TOTAL = 12
DestinyFace = Literal["minus", "blank", "plus"]
DESTINY_SHIFT: dict[DestinyFace, int] = {"minus": -1, "blank": 0, "plus": 1}
DESTINY_FACES: tuple[DestinyFace, ...] = ("minus", "minus", "blank", "blank", "plus", "plus")
"""The six faces of the Destiny Die."""


def encounter_total(
    die: int,
    space_number: int | None,
    destiny: int,
    bonuses: Sequence[DestinyBonus],
    modifier: int = 0,
) -> int:
    """Die + the space's printed number + the Destiny bonus + the statuses' ``modifier``,
    resolved as 12 when above 12 and as 1 when below 1.

    ``bonuses`` are the pack's thresholds; the highest one reached applies.
    """
    if not 1 <= die <= 6:
        raise IllegalAction(f"a die shows 1 to 6, not {die}")
    bonus = max((step.bonus for step in bonuses if destiny >= step.minimum), default=0)
    return max(1, min(HIGHEST_TOTAL, die + (space_number or 0) + bonus + modifier))


def allowed_reactions(
    matrix: Matrix, player_gender: Gender, other_gender: Gender | None
) -> list[Reaction]:
    """The reactions the player may choose: Court only toward a known opposite gender."""
    court_allowed = other_gender is not None and other_gender != player_gender
    return [reaction for reaction in matrix.reactions if court_allowed or not reaction.court]


def choose_reaction(
    matrix: Matrix, row: str, reaction: str, player_gender: Gender, other_gender: Gender | None
) -> tuple[int, int, int]:
    """The three candidate paragraphs (Destiny Die minus, blank, plus) of a chosen reaction.

    Raises IllegalAction for a reaction the matrix lacks or the player may not choose.
    """
    allowed = allowed_reactions(matrix, player_gender, other_gender)
    chosen = find_name(reaction, [option.name for option in allowed])
    if chosen is None:
        if find_name(reaction, [option.name for option in matrix.reactions]):
            raise IllegalAction(
                f"{reaction} is only allowed toward someone of the opposite gender"
            )
        names = ", ".join(option.name for option in allowed)
        raise IllegalAction(f"matrix {matrix.letter} has no reaction {reaction!r}: {names}")
    return matrix.candidates(row, chosen)


def roll_destiny_die(rng: random.Random) -> DestinyFace:
    """A throw of the Destiny Die."""
    return rng.choice(DESTINY_FACES)


def result_paragraph(candidates: tuple[int, int, int], face: DestinyFace) -> int:
    """The paragraph the Destiny Die points to among the three candidates.

    >>> result_paragraph((702, 703, 704), "minus")
    702
    """
    return candidates[1 + DESTINY_SHIFT[face]]


class MasterShortcut(BaseModel):
    """A candidate paragraph listing some of the player's Master skills."""

    paragraph: int
    skills: list[str]


def master_shortcuts(
    pack: Pack, candidates: Sequence[int], sheet: PlayerSheet
) -> list[MasterShortcut]:
    """Candidates the player may go to without rolling, because a Master skill is listed.

    Treasures that count as a Master skill count; skills blocked by a status do not.
    Paragraphs without text in the pack cannot be checked and are never offered.
    """
    sheet = counted_sheet(pack, sheet)
    shortcuts = []
    for number in candidates:
        paragraph = pack.paragraph(number)
        if paragraph is None:
            continue
        listed = {name for section in paragraph.sections for name in section.requirements}
        skills = [skill for skill in sheet.master_skills if find_name(skill, sorted(listed))]
        if skills:
            shortcuts.append(MasterShortcut(paragraph=number, skills=skills))
    return shortcuts


def meets(section: Section, sheet: PlayerSheet) -> bool:
    """Whether the player holds one of the section's requirements (Master ones at Master)."""
    if section.master:
        return any(sheet.skill_level(name) == "Master" for name in section.requirements)
    return any(sheet.holds(name) for name in section.requirements)


def available_sections(paragraph: Paragraph, sheet: PlayerSheet) -> list[Section]:
    """The sections the player may choose, in book order.

    A mandatory section the player qualifies for is forced (if several are, one of them);
    otherwise every section they qualify for, plus NO SKILL.
    """
    usable = [section for section in paragraph.requirement_sections if meets(section, sheet)]
    forced = [section for section in usable if section.mandatory]
    if forced:
        return forced
    return [s for s in paragraph.sections if s.no_skill or s in usable]


def usable_sections(pack: Pack, paragraph: Paragraph, sheet: PlayerSheet) -> list[Section]:
    """`available_sections` for the sheet as the book sees it (treasures counted,
    blocked skills left out)."""
    return available_sections(paragraph, counted_sheet(pack, sheet))


def master_section(paragraph: Paragraph, skill: str) -> Section | None:
    """The section a Master shortcut reads: the MASTER section of the skill if the
    paragraph has one, otherwise the plain section listing it."""
    listing = [s for s in paragraph.requirement_sections if find_name(skill, s.requirements)]
    mastered = [section for section in listing if section.master]
    return (mastered or listing or [None])[0]


_THE_OTHER = re.compile(r"\b([Tt])he other\b(?![\w-])")


def name_the_other(text: str, encountered: str) -> str:
    """Replace the book's "the other" with what was encountered.

    >>> name_the_other("The other smiles. You help the other's son.", "Wicked Hag")
    "The Wicked Hag smiles. You help the Wicked Hag's son."
    """
    return _THE_OTHER.sub(lambda match: f"{match[1]}he {encountered}", text)


def next_telling(paragraph: Paragraph, heard: Sequence[int], seed: int) -> int:
    """Which telling of ``paragraph`` to read: one the table has not heard in this round of
    them (``heard``), drawn from the game's seed, so the same game always reads the same
    words. A paragraph with one telling is always read in its own words.

    >>> plain = Section(heading="NO SKILL", requirements=[], text="a", reward_code="", line=2)
    >>> from companion.games.arabian_nights.content.pack import Telling
    >>> twice = Paragraph(number=9, intro="", sections=[plain], line=1,
    ...                   tellings=[Telling(intro="", texts=["b"], line=5)])
    >>> next_telling(twice, [1], seed=3), next_telling(twice, [0], seed=3)
    (0, 1)
    """
    fresh = [telling for telling in range(paragraph.telling_count) if telling not in heard]
    if len(fresh) <= 1:
        return fresh[0] if fresh else 0
    return random.Random(f"{seed}:telling:{paragraph.number}:{len(heard)}").choice(fresh)


def heard_after(heard: Sequence[int], telling: int, count: int) -> list[int]:
    """The tellings heard in this round once ``telling`` is read; when that completes the
    round (every telling heard), a new round starts with none heard.

    >>> heard_after([], 1, 3), heard_after([1, 0], 2, 3)
    ([1], [])
    """
    now = [*heard, telling]
    return [] if len(set(now)) >= count else now
