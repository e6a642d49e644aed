"""A tiny pack built from the models, for the rules-core tests (our own words throughout).

It rebuilds the rulebook's worked examples: chart 4 with a Terrible Storm at 12 on matrix F,
the Pray cell 703, paragraph 328 with its Courtly Graces and Quick Thinking sections, and a
small map for the Sindbad and Zumurrud movement examples.

The map (land routes ``-``, sea routes ``~``)::

    L4 - L3 - L2 - L1 - Baghdad ~ S1 ~ S2 ~ S3 ~ S4 ~ S5 ~ S6
         L3 ~ M1 ~ M2               S1 - T1 - T2
                                    S2 - U1
    City of Brass (Place of Power) -> exit L2
"""

from __future__ import annotations

from companion.games.arabian_nights.content.pack import (
    CharacterCard,
    ChartEntry,
    CityCard,
    DestinyBonus,
    EncounterChart,
    Matrix,
    MatrixTarget,
    Pack,
    Paragraph,
    ParagraphTarget,
    PlaceOfPower,
    Reaction,
    RewardResult,
    Section,
    Skill,
    Space,
    Status,
    TerrainCard,
    Treasure,
    WealthLevel,
)
from companion.games.arabian_nights.rules.state import PlayerSheet

WEALTH = [
    WealthLevel(name="Beggar", land=3, sea=2),
    WealthLevel(name="Poor", land=3, sea=3),
    WealthLevel(name="Middle Class", land=3, sea=3),
    WealthLevel(name="Wealthy", land=3, sea=4),
    WealthLevel(name="Rich", land=3, sea=4),
    WealthLevel(name="Princely", land=3, sea=5),
]

CHART_4 = [
    ("Lost", "Merchant", "L", "m"),
    ("Wicked", "Hag", "C", "f"),
    ("Mad", "Slave", "D", "m"),
    ("Friendly", "Merman", "I", "m"),
    ("Mild", "Storm", "F", None),
    ("Malicious", "Merman", "I", "m"),
    ("Malicious", "Merman", "I", "m"),
    ("Fearful", "Captain", "I", "m"),
    ("Beautiful", "Shoals", "F", None),
    ("Treacherous", "Shoals", "F", None),
    ("Mad", "Captain", "I", "m"),
    ("Terrible", "Storm", "F", None),
]


def _section(heading, requirements=(), code="S1", *, master=False, mandatory=False):
    return Section(
        heading=heading,
        requirements=list(requirements),
        master=master,
        mandatory=mandatory,
        text=f"What happens with {heading.lower()}.",
        reward_code=code,
        line=0,
    )


def _paragraph(number, *sections, intro="Something happens."):
    return Paragraph(number=number, intro=intro, sections=list(sections), line=0)


PARAGRAPHS = [
    _paragraph(702, _section("NO SKILL", code="D-1")),
    _paragraph(
        703,
        _section("NO SKILL", code="S1"),
        _section("PIETY", ["Piety"], "D2/S1/W 1 (Max: Poor)/Storytelling/Respected"),
    ),
    _paragraph(704, _section("NO SKILL", code="D1")),
    _paragraph(
        328,
        _section("NO SKILL", code="S1"),
        _section("COURTLY GRACES", ["Courtly Graces"], "D1/S1/Treasure"),
        _section("QUICK THINKING", ["Quick Thinking"], "D1/S1/You may drop one status"),
        intro="Pleased by your words, the other asks for a favour.",
    ),
    _paragraph(
        410,
        _section("NO SKILL", code="S1"),
        _section("CURSED", ["Cursed"], "D-1", mandatory=True),
        _section("STORYTELLING", ["Storytelling"], "S2"),
        _section("WEAPON USE", ["Weapon Use"], "D2", master=True),
        _section("MAGIC CARPET", ["Magic Carpet", "Respected"], "W+1"),
    ),
]

SPACES = {
    "Baghdad": ("City", None, ["L1"], ["S1"]),
    "L1": ("Desert", 1, ["L2"], []),
    "L2": ("Desert", 2, ["L3"], []),
    "L3": ("Mountain", 4, ["L4"], ["M1"]),
    "L4": ("Mountain", 5, [], []),
    "M1": ("Sea", 3, [], ["M2"]),
    "M2": ("Sea", 3, [], []),
    "S1": ("Sea", 1, ["T1"], ["S2"]),
    "S2": ("Sea", 2, ["U1"], ["S3"]),
    "S3": ("Sea", 2, [], ["S4"]),
    "S4": ("Sea", 3, [], ["S5"]),
    "S5": ("Sea", 3, [], ["S6"]),
    "S6": ("Sea", 4, [], []),
    "T1": ("Forest", 2, ["T2"], []),
    "T2": ("Forest", 2, [], []),
    "U1": ("City", None, [], []),
}


def _spaces() -> dict[str, Space]:
    land = {name: set(route[2]) for name, route in SPACES.items()}
    sea = {name: set(route[3]) for name, route in SPACES.items()}
    for name, (_, _, lands, seas) in SPACES.items():
        for other in lands:
            land[other].add(name)
        for other in seas:
            sea[other].add(name)
    return {
        name: Space(
            name=name,
            terrain=terrain,
            number=number,
            continent="Arabia",
            land=sorted(land[name]),
            sea=sorted(sea[name]),
            city=terrain == "City",
        )
        for name, (terrain, number, _, _) in SPACES.items()
    }


def mini_pack() -> Pack:
    """The pack of the worked examples."""
    return Pack(
        name="rules examples",
        paragraphs={paragraph.number: paragraph for paragraph in PARAGRAPHS},
        charts={
            4: EncounterChart(
                number=4,
                entries=[
                    ChartEntry(roll=roll, adjective=a, noun=n, matrix=m, gender=g)
                    for roll, (a, n, m, g) in enumerate(CHART_4, start=1)
                ],
            )
        },
        matrices={
            "F": Matrix(
                letter="F",
                reactions=[Reaction(name="Wait"), Reaction(name="Avoid"), Reaction(name="Pray")],
                rows={"Terrible": {"Wait": 421, "Avoid": 837, "Pray": 703}},
            ),
            "C": Matrix(
                letter="C",
                reactions=[Reaction(name="Court", court=True), Reaction(name="Talk")],
                rows={"Wicked": {"Court": 328, "Talk": 410}},
            ),
        },
        character_cards=[CharacterCard(name="Bantus Trader", morning=8, noon=9, night=10)],
        terrain_cards=[
            TerrainCard(
                name="Magnetic Mountain",
                targets={
                    "Sea": ParagraphTarget(paragraph=2),
                    "Mountain": MatrixTarget(
                        matrix="N", row="Magnetic Mountain", name="Magnetic Mountain"
                    ),
                },
            )
        ],
        city_cards=[
            CityCard(
                name="Bantus",
                paragraph=8,
                city="U1",
                results={
                    1: RewardResult(reward_code="S1"),
                    2: RewardResult(reward_code="W+2"),
                    3: ParagraphTarget(paragraph=703),
                    4: MatrixTarget(matrix="F", row="Terrible", name="Terrible Storm"),
                    5: RewardResult(reward_code="D1"),
                    6: RewardResult(reward_code="Treasure"),
                },
            )
        ],
        places={"City of Brass": PlaceOfPower(name="City of Brass", paragraph=5, exit_space="L2")},
        spaces=_spaces(),
        terrains=["City", "Desert", "Mountain", "Sea", "Forest"],
        skills={
            name: Skill(name=name, description="A skill.")
            for name in ("Storytelling", "Courtly Graces", "Quick Thinking", "Piety", "Weapon Use")
        },
        statuses={name: Status(name=name, effect="A status.") for name in ("Respected", "Cursed")},
        treasures={
            name: Treasure(name=name, effect="A treasure.")
            for name in ("Ionian Gems", "Magic Carpet", "Brass Lamp")
        },
        wealth_track=WEALTH,
        destiny_bonuses=[DestinyBonus(minimum=3, bonus=1), DestinyBonus(minimum=5, bonus=2)],
    )


def sheet(name="Ali Baba", gender="m", **fields) -> PlayerSheet:
    """A player sheet with a 10/10 formula unless told otherwise."""
    return PlayerSheet(
        name=name,
        gender=gender,
        destiny_goal=fields.pop("destiny_goal", 10),
        story_goal=fields.pop("story_goal", 10),
        **fields,
    )
