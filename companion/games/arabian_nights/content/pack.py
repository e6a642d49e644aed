"""The loaded content pack of a Tales of the Arabian Nights Book of Tales: pydantic models.

This is the contract between the pack loader (`loader.load_pack`) and everything that reads
a pack (rules core, dialogue, lookup). The loader has already checked every cross
reference, so code holding a `Pack` may index it without defensive checks: every matrix
cell, card target and chart entry points to something that exists.

Names (skills, statuses, treasures, spaces, places, terrains, wealth levels) are stored in
the spelling the pack declares them with; `Pack.canonical` finds that spelling from any
capitalisation.

Example::

    >>> from companion.games.arabian_nights.content.loader import load_pack
    >>> pack = load_pack("tests/arabian_nights/fixtures/mini")  # doctest: +SKIP
    >>> pack.charts[4].entry(12).name, pack.charts[4].entry(12).matrix  # doctest: +SKIP
    ('Terrible Storm', 'F')
    >>> pack.matrices["F"].candidates("Terrible", "Pray")  # doctest: +SKIP
    (702, 703, 704)
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Gender = Literal["m", "f"]
TimeOfDay = Literal["morning", "noon", "night"]
RequirementKind = Literal["skill", "status", "treasure"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True)


class Section(_Model):
    """One headed section of a result paragraph, e.g. ``COURTLY GRACES: ... [D1/S1]``."""

    heading: str = Field(description='The heading as typed, e.g. "SEDUCTION OR BEAUTY".')
    requirements: list[str] = Field(
        description="Skill, status or treasure names (pack spelling); any ONE suffices. "
        "Empty for the NO SKILL section."
    )
    master: bool = Field(False, description="The skills must be held at Master level.")
    mandatory: bool = Field(False, description="Forced when the player holds a requirement.")
    text: str = Field(description="The section's text to read aloud, without the reward code.")
    reward_code: str = Field(description='The bracket code without brackets, e.g. "D1/S1".')
    line: int = Field(description="Line of the heading in its book file.")

    @property
    def no_skill(self) -> bool:
        """True for the NO SKILL section, which anybody may choose."""
        return not self.requirements


class Telling(_Model):
    """Other words for a paragraph: the same sections, outcomes and codes, told anew."""

    intro: str
    texts: list[str] = Field(description="Each section's text, in the paragraph's order.")
    line: int = Field(description="Line of its paragraph number in its book file.")
    source: str = "book.txt"


class Paragraph(_Model):
    """A numbered result paragraph of the Book of Tales: an intro, then its sections."""

    number: int
    intro: str = Field(description="Text read before the list of sections (may be empty).")
    sections: list[Section] = Field(description="In book order; exactly one is NO SKILL.")
    line: int = Field(description="Line of the paragraph number in its book file.")
    source: str = Field("book.txt", description="The book file it is in, e.g. book-2.txt.")
    tellings: list[Telling] = Field(
        default_factory=list,
        description="Other tellings (ANOTHER TELLING); the paragraph itself is telling 0.",
    )

    @property
    def telling_count(self) -> int:
        """How many tellings the paragraph has, its own words included."""
        return 1 + len(self.tellings)

    def told(self, telling: int) -> Paragraph:
        """The paragraph in the words of one of its tellings (0: its own).

        >>> plain = Section(heading="NO SKILL", requirements=[], text="You rest.",
        ...                 reward_code="S1", line=2)
        >>> told = Paragraph(number=5, intro="A well.", sections=[plain], line=1,
        ...     tellings=[Telling(intro="A cistern.", texts=["You sleep."], line=9)]).told(1)
        >>> told.intro, told.sections[0].text, told.sections[0].reward_code
        ('A cistern.', 'You sleep.', 'S1')
        """
        if telling == 0:
            return self
        words = self.tellings[telling - 1]
        sections = [
            section.model_copy(update={"text": text})
            for section, text in zip(self.sections, words.texts, strict=True)
        ]
        return self.model_copy(update={"intro": words.intro, "sections": sections})

    @property
    def no_skill_section(self) -> Section:
        """The NO SKILL section (the loader guarantees there is exactly one)."""
        return next(section for section in self.sections if section.no_skill)

    @property
    def requirement_sections(self) -> list[Section]:
        """Every section except NO SKILL, in book order."""
        return [section for section in self.sections if not section.no_skill]


class ChartEntry(_Model):
    """One numbered line of an encounter chart, e.g. ``12 Terrible Storm (F)``."""

    roll: int = Field(ge=1, le=12)
    adjective: str = Field(description="The matrix row, e.g. 'Terrible'.")
    noun: str = Field(description="The rest of the name, e.g. 'Storm' (may be empty).")
    matrix: str = Field(description="Reaction matrix letter A-O.")
    gender: Gender | None = Field(None, description="Needed for Court; None when unknown.")
    line: int = 0

    @property
    def name(self) -> str:
        """What was encountered, e.g. 'Terrible Storm': replaces "the other" in the text."""
        return f"{self.adjective} {self.noun}".strip()

    @property
    def row(self) -> str:
        """The matrix row this entry uses (its adjective)."""
        return self.adjective

    def describe(self) -> str:
        """The entry as printed, e.g. ``12 Terrible Storm (F)``."""
        return f"{self.roll} {self.name} ({self.matrix})"


class ChartTerrains(_Model):
    """Where a chart is rolled (no terrains: everywhere) and the chart rolled elsewhere."""

    terrains: tuple[str, ...] = ()
    otherwise: int | None = None
    line: int = Field(0, description="Line of the first TERRAINS: or OTHERWISE: line.")

    def rolled_in(self, terrain: str) -> bool:
        """Whether the chart itself is rolled in ``terrain`` (any capitalisation)."""
        wanted = " ".join(terrain.split()).casefold()
        return not self.terrains or any(
            " ".join(name.split()).casefold() == wanted for name in self.terrains
        )


class EncounterChart(_Model):
    """An encounter chart: a numbered paragraph of the book holding entries 1 to 12."""

    number: int
    entries: list[ChartEntry] = Field(description="Exactly 12, for rolls 1 to 12 in order.")
    line: int = 0
    source: str = Field("book.txt", description="The book file it is in, e.g. book-2.txt.")
    terrains: ChartTerrains = ChartTerrains()

    def entry(self, roll: int) -> ChartEntry:
        """The entry for a roll total (1-12)."""
        return self.entries[roll - 1]


class Reaction(_Model):
    """A column of a reaction matrix, e.g. Pray; ``court`` needs the opposite gender."""

    name: str
    court: bool = False


class Matrix(_Model):
    """A reaction matrix: rows are adjectives, columns reactions, cells paragraph numbers."""

    letter: str
    reactions: list[Reaction]
    rows: dict[str, dict[str, int]] = Field(description="row -> reaction name -> paragraph")
    line: int = 0

    def reaction(self, name: str) -> Reaction:
        """The reaction called ``name`` (any capitalisation); KeyError if none."""
        for reaction in self.reactions:
            if reaction.name.casefold() == name.casefold():
                return reaction
        raise KeyError(name)

    def row_name(self, name: str) -> str:
        """The row spelled as in the matrix for ``name`` (any capitalisation); KeyError if none."""
        for row in self.rows:
            if row.casefold() == " ".join(name.split()).casefold():
                return row
        raise KeyError(name)

    def split_name(self, name: str) -> tuple[str, str] | None:
        """(row, rest) for an encounter name: the longest start of ``name`` that is a row.

        >>> Matrix(letter="F", reactions=[], rows={"Terrible": {}}).split_name("terrible storm")
        ('Terrible', 'storm')
        """
        words = name.split()
        for length in range(len(words), 0, -1):
            try:
                return self.row_name(" ".join(words[:length])), " ".join(words[length:])
            except KeyError:
                continue
        return None

    def paragraph(self, row: str, reaction: str) -> int:
        """The printed cell for a row and a reaction (names in any capitalisation)."""
        return self.rows[self.row_name(row)][self.reaction(reaction).name]

    def candidates(self, row: str, reaction: str) -> tuple[int, int, int]:
        """The three result paragraphs for Destiny Die minus, blank and plus.

        >>> matrix = Matrix(letter="F", reactions=[Reaction(name="Pray")],
        ...                 rows={"Terrible": {"Pray": 703}})
        >>> matrix.candidates("terrible", "pray")
        (702, 703, 704)
        """
        cell = self.paragraph(row, reaction)
        return (cell - 1, cell, cell + 1)


class ParagraphTarget(_Model):
    """Go to a paragraph of the book (a result paragraph or an encounter chart)."""

    kind: Literal["paragraph"] = "paragraph"
    paragraph: int


class MatrixTarget(_Model):
    """Go straight to a reaction matrix row, having encountered ``name``."""

    kind: Literal["matrix"] = "matrix"
    matrix: str
    row: str = Field(description="The matrix row (adjective or card name).")
    name: str = Field(description='What was encountered; replaces "the other".')
    gender: Gender | None = None


class RewardResult(_Model):
    """A city-card result that is simply a reward code (without brackets)."""

    kind: Literal["reward"] = "reward"
    reward_code: str


Target = Annotated[ParagraphTarget | MatrixTarget, Field(discriminator="kind")]
CityResult = Annotated[ParagraphTarget | MatrixTarget | RewardResult, Field(discriminator="kind")]


class CharacterCard(_Model):
    """An encounter card with a paragraph for each time of day."""

    name: str
    morning: int
    noon: int
    night: int
    line: int = 0

    def paragraph_at(self, time: TimeOfDay) -> int:
        """The paragraph for the deck marker's time of day."""
        return {"morning": self.morning, "noon": self.noon, "night": self.night}[time]


class TerrainCard(_Model):
    """An encounter card with a target per terrain type (one is usually matrix N)."""

    name: str
    targets: dict[str, Target] = Field(
        description="terrain (pack spelling) -> target; 'Otherwise' for every other terrain"
    )
    line: int = 0


class CityCard(_Model):
    """An encounter card met at ``paragraph`` now, and playable later in ``city`` (die 1-6)."""

    name: str
    paragraph: int
    city: str = Field(description="Name of a space of the map.")
    results: dict[int, CityResult] = Field(description="die roll 1-6 -> result")
    line: int = 0


class PlaceOfPower(_Model):
    """A hidden place: entering it means an encounter at ``paragraph``, leaving to the exit."""

    name: str
    paragraph: int
    exit_space: str = Field(description="Where the one-way arrow leads: a space name.")
    line: int = 0


class Space(_Model):
    """A space of the map. Adjacency is symmetric (the loader adds the way back)."""

    name: str
    terrain: str
    number: int | None = Field(description="The printed gem or city number; None if none.")
    continent: str
    land: list[str] = Field(description="Neighbours by land route.")
    sea: list[str] = Field(description="Neighbours by sea route.")
    city: bool = Field(description="True when the terrain is 'City'.")
    line: int = 0


class Skill(_Model):
    """A skill players hold at Talent or Master level."""

    name: str
    description: str


StatusEnd = Literal[
    "lifted", "after roll", "after turn", "after rest", "after rest in city", "on roll"
]


class StatusActs(_Model):
    """What a status does to the rules (see `card_acts.parse_status_acts`)."""

    roll: int = Field(0, description="Added to every encounter roll while held.")
    night_only: bool = Field(False, description="The roll change counts only at night.")
    no_move: bool = Field(False, description="The character may not move at all.")
    move_less: int = Field(0, ge=0, description="Spaces fewer per move, of either kind.")
    skip_turn: bool = Field(False, description="The holder's next turn is skipped.")
    first_reaction: bool = Field(False, description="Only the first reaction may be chosen.")
    blocks: list[str] = Field([], description="Skills that cannot be used while held.")
    ends: StatusEnd = Field("lifted", description="When it goes away by itself.")
    freed_on: list[int] = Field([], description='Die faces that end an "on roll" status.')
    barred: list[str] = Field([], description="Spaces the holder may not enter.")
    no_story: bool = Field(False, description="Story points cannot be gained while held.")
    no_wealth_gain: bool = Field(
        False, description="Wealth the holder would gain is not gained (a master takes it)."
    )
    city_toll: bool = Field(
        False, description="Ending a turn in a city costs a wealth level, or the city is left."
    )
    others_choose: bool = Field(False, description="Another player chooses the reaction.")
    reroll_destiny: bool = Field(
        False, description="Once, the Destiny Die may be rolled again (then it is lost)."
    )
    wealth_loss: int = Field(
        0, ge=0, description="Levels added to every wealth loss a reward brings."
    )
    end_story: int = Field(
        0, ge=0, description="Story points lost at the end of the game if still held."
    )
    free_stay: bool = Field(False, description="Staying in a city costs the holder nothing.")
    arrival: tuple[str, str] | None = Field(
        None, description="(space, reward code): ending a move there gives it, then it is lost."
    )


class TreasureActs(_Model):
    """What a treasure does to the rules (see `card_acts.parse_treasure_acts`)."""

    counts_as: dict[str, bool] = Field(
        {}, description="Skill or status name -> counts at Master level (skills only)."
    )
    land: int = Field(0, ge=0, description="Extra land moves on every journey.")
    sea: int = Field(0, ge=0, description="Extra sea moves on every journey.")
    use: str | None = Field(None, description="Reward code applied when the owner uses it.")
    used_up: bool = Field(False, description="Leaves the game once used.")
    minus_is_blank: bool = Field(False, description="May turn a minus on the Destiny Die blank.")
    prevents: list[str] = Field([], description="Statuses its owner cannot gain.")
    sale_value: int | None = Field(1, description="Wealth levels when sold; None: not for sale.")
    air: int = Field(0, ge=0, description="Each rate raised to at least this many spaces.")
    continent_flight: bool = Field(
        False, description="A move may end on any space of the holder's continent."
    )
    foresees_reaction: bool = Field(
        False, description="Before each reaction, the owner may ask what one would bring."
    )
    refuses_encounter: bool = Field(
        False, description="Once per game, its owner may refuse an encounter."
    )


class Status(_Model):
    """A status card and what it does, in one sentence."""

    name: str
    effect: str
    acts: StatusActs = StatusActs()


class Treasure(_Model):
    """A treasure card and what it does, in one sentence."""

    name: str
    effect: str
    acts: TreasureActs = TreasureActs()
    line: int = 0


class WealthLevel(_Model):
    """A box of the wealth track with its land and sea movement rates."""

    name: str
    land: int
    sea: int


class DestinyBonus(_Model):
    """From ``minimum`` Destiny points on, ``bonus`` is added to encounter rolls."""

    minimum: int
    bonus: int


QuestGoalKind = Literal["visit", "meet", "hold", "reach"]


class QuestGoal(_Model):
    """One thing a quest asks for: visit a space, meet someone (a word of what is met, e.g.
    ``Whale``), hold a skill, status or treasure, or reach a wealth level.

    >>> QuestGoal(name="Mecca").key, QuestGoal(kind="meet", name="Whale").key
    ('Mecca', 'meet Whale')
    """

    kind: QuestGoalKind = "visit"
    name: str

    @property
    def key(self) -> str:
        """How the goal is written in world.txt, and kept in a save once done."""
        return self.name if self.kind == "visit" else f"{self.kind} {self.name}"

    def met_by(self, encountered: str) -> bool:
        """Whether meeting ``encountered`` does this ``meet`` goal: every word of the goal is
        a word of what was met, so ``meet Djinn`` is done by an Angry Djinn.

        >>> whale = QuestGoal(kind="meet", name="Whale")
        >>> whale.met_by("Giant Whale"), whale.met_by("Whalebone Merchant")
        (True, False)
        """
        words = [word.casefold() for word in encountered.split()]
        return self.kind == "meet" and all(w.casefold() in words for w in self.name.split())


class Quest(_Model):
    """A quest: meet every goal, in any order, then take the reward."""

    name: str
    goals: list[QuestGoal]
    reward_code: str
    line: int = 0

    @property
    def spaces(self) -> list[str]:
        """The spaces the quest asks to visit."""
        return [goal.name for goal in self.goals if goal.kind == "visit"]


class Pack(_Model):
    """A whole, validated content pack."""

    name: str
    paragraphs: dict[int, Paragraph] = Field(description="Result paragraphs with text.")
    charts: dict[int, EncounterChart] = Field(description="Encounter charts by paragraph.")
    matrices: dict[str, Matrix] = Field(description="letter -> matrix")
    character_cards: list[CharacterCard] = []
    terrain_cards: list[TerrainCard] = []
    city_cards: list[CityCard] = []
    places: dict[str, PlaceOfPower] = {}
    spaces: dict[str, Space] = {}
    terrains: list[str] = []
    skills: dict[str, Skill] = {}
    statuses: dict[str, Status] = {}
    treasures: dict[str, Treasure] = {}
    wealth_track: list[WealthLevel] = Field(description="Poorest first.")
    destiny_bonuses: list[DestinyBonus] = Field(description="Lowest minimum first.")
    quests: list[Quest] = []
    home: str = Field("Baghdad", description="The space where everyone starts and wins.")
    starting_wealth: str = Field("Poor", description="The wealth level everyone starts at.")
    continents: list[str] = Field(
        ["Arabia", "Europa", "Africa", "India", "Asia"], description="The map's continents."
    )
    introductions: dict[str, str] = Field(
        {}, description='How a name is introduced when met: a, an, the, some, or "" (none).'
    )
    plural: dict[str, bool] = Field(
        {}, description="Names said to be plural (True) or singular (False); others guessed."
    )

    @property
    def has_text(self) -> bool:
        """False for a partial pack (matrices and charts only): say "turn to paragraph N"."""
        return bool(self.paragraphs)

    def paragraph(self, number: int) -> Paragraph | None:
        """The result paragraph ``number``, or None when the pack has no text for it."""
        return self.paragraphs.get(number)

    def destiny_bonus(self, destiny: int) -> int:
        """The encounter-roll bonus for a Destiny total.

        With the rulebook's thresholds (3 -> +1, 5 -> +2): 2 -> 0, 4 -> 1, 9 -> 2.
        """
        bonus = 0
        for threshold in self.destiny_bonuses:
            if destiny >= threshold.minimum:
                bonus = threshold.bonus
        return bonus

    def wealth_index(self, name: str) -> int:
        """Position of a wealth level on the track (0 = poorest); KeyError if unknown."""
        names = [level.name.casefold() for level in self.wealth_track]
        try:
            return names.index(name.casefold())
        except ValueError:
            raise KeyError(name) from None

    def wealth_level(self, name: str) -> WealthLevel:
        """The wealth level called ``name`` (any capitalisation)."""
        return self.wealth_track[self.wealth_index(name)]

    def canonical(self, name: str) -> str | None:
        """The pack's spelling of a skill, status, treasure, space or place name, or None."""
        wanted = " ".join(name.split()).casefold()
        for names in (self.skills, self.statuses, self.treasures, self.spaces, self.places):
            for known in names:
                if known.casefold() == wanted:
                    return known
        return None

    def requirement_kind(self, name: str) -> RequirementKind | None:
        """Whether a section requirement is a skill, a status or a treasure."""
        for kind, names in (
            ("skill", self.skills),
            ("status", self.statuses),
            ("treasure", self.treasures),
        ):
            if name in names:
                return kind  # type: ignore[return-value]
        return None
