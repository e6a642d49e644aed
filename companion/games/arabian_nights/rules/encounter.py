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
            raise IllegalAction(f"{reaction} is only allowed toward someone of the opposite gender")
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


_FACE_ORDER: tuple[DestinyFace, ...] = ("minus", "blank", "plus")
"""The faces that lead to the three candidate paragraphs, in their order."""


class MasterShortcut(BaseModel):
    """A candidate paragraph listing some of the player's Master skills."""

    paragraph: int
    skills: list[str]
    face: DestinyFace | None = None
    """The Destiny Die face that would lead there (None when the candidates are not the
    usual three)."""


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
            face = _FACE_ORDER[candidates.index(number)] if len(candidates) == 3 else None
            shortcuts.append(MasterShortcut(paragraph=number, skills=skills, face=face))
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


_THE_OTHER = re.compile(r"\b([Tt])he other\b(?![\w-])('s)?")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_SUBJECT = re.compile(
    r"(?:^|[.!?;:,]\s*|\b(?:and|but|then|when|as|while|until|before|after|because|that|"
    r"where|if|so|who|now)\s+)$"
)
"""What stands before "the other" when it is the subject of a verb: a sentence's or a
clause's start."""
_VERB = re.compile(r"(\s+(?:(?:always|never|only|just|still|also|soon|often|\w+ly)\s+)?)([a-z]+)\b")
_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
_ENDS_IN_S = {"across", "as", "this", "us", "always", "perhaps", "besides", "towards", "unless",
              "thus", "yes", "its", "his", "hers", "less", "afterwards", "backwards"}  # fmt: skip
_POSSESSIVES = {"m": "his", "f": "her"}


def name_the_other(
    text: str, encountered: str, plural: bool = False, gender: str | None = None
) -> str:
    """Replace the book's "the other" with what was encountered: by name the first time in
    a sentence, by a pronoun after it ("his heart") when the gender (or the plural) says
    which, with the verb agreeing with a plural ("the Strange Lights carry you").

    >>> name_the_other("The other smiles. You help the other's son.", "Wicked Hag")
    "The Wicked Hag smiles. You help the Wicked Hag's son."
    >>> name_the_other("You win the other's trust and the other's heart.", "Greedy Shipowner",
    ...                gender="m")
    "You win the Greedy Shipowner's trust and his heart."
    >>> name_the_other("The other carries you home, and the other always sings.",
    ...                "Strange Lights", plural=True)
    'The Strange Lights carry you home, and the Strange Lights always sing.'
    """
    pronoun = "their" if plural else _POSSESSIVES.get(gender or "")
    return "".join(
        _name_in_sentence(part, encountered, plural, pronoun)
        for part in re.split(f"({_SENTENCE_END.pattern})", text)
    )


def _name_in_sentence(sentence: str, encountered: str, plural: bool, pronoun: str | None) -> str:
    said: list[str] = []
    last = 0
    for index, match in enumerate(_THE_OTHER.finditer(sentence)):
        said.append(sentence[last : match.start()])
        last = match.end()
        if match[2] and index and pronoun:
            said.append(pronoun)
            continue
        said.append(f"{match[1]}he {encountered}")
        if match[2]:
            said.append("'" if plural and encountered.endswith("s") else "'s")
        elif plural and _SUBJECT.search(sentence[: match.start()]):
            verb = _VERB.match(sentence, last)
            if verb and (agreeing := _plural_verb(verb[2])):
                end = _THE_OTHER.search(sentence, verb.end())
                rest = sentence[verb.end() : end.start() if end else len(sentence)]
                said.append(f"{verb[1]}{agreeing}{_COORDINATED.sub(_agree, rest)}")
                last = verb.end() + len(rest)
    return "".join(said) + sentence[last:]


_COORDINATED = re.compile(
    r"\b((?:and|then|,)\s+(?:\w+ly\s+)?)([a-z]+)(?=\s+(?:at|the|a|an|it|you|your|him|them|"
    r"his|their|its|away|back|up|down|out|off|long)\b)"
)
"""A second verb of the same subject ("raises the lantern and looks at you"), told from a
plural noun ("bread and dates") by the word after it."""


def _agree(verb: re.Match[str]) -> str:
    return f"{verb[1]}{_plural_verb(verb[2]) or verb[2]}"


def _plural_verb(word: str) -> str | None:
    """The plural of a verb said of one ("carries" -> "carry"), None when ``word`` is not
    such a verb.

    >>> [_plural_verb(word) for word in ("carries", "watches", "is", "smiles", "across")]
    ['carry', 'watch', 'are', 'smile', None]
    """
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _ENDS_IN_S or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return None
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("shes", "ches", "xes", "zes", "sses", "oes")):
        return word[:-2]
    return word[:-1]


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
