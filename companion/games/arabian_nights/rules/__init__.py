"""The pure rules core of Tales of the Arabian Nights, in one import.

No I/O, no clock; randomness only through an injected `random.Random`. State goes in,
a new state comes out (the input is never changed). The pieces live in:

- `state`: `PlayerSheet`, `TableState`, `new_table`;
- `encounter`: the chart roll, reactions, Destiny Die, Master shortcut, sections, "the other";
- `award`: `apply_reward` and `describe_changes`;
- `deck`: the encounter deck, its time-of-day marker, City cards;
- `movement`: the wealth allowance, `can_reach`, `move`, Places of Power;
- `victory`: the formula, the declaration in Baghdad, the last round.
"""

from companion.games.arabian_nights.rules.award import Change, apply_reward, describe_changes
from companion.games.arabian_nights.rules.deck import (
    card_named,
    discard_encounter,
    draw_encounter,
    encounter_target,
    keep_city_card,
    play_city_card,
    playable_city_cards,
)
from companion.games.arabian_nights.rules.encounter import (
    DestinyFace,
    MasterShortcut,
    allowed_reactions,
    available_sections,
    choose_reaction,
    encounter_total,
    master_shortcuts,
    name_the_other,
    result_paragraph,
    roll_destiny_die,
)
from companion.games.arabian_nights.rules.movement import (
    Allowance,
    can_reach,
    leave_place_of_power,
    move,
    movement_allowance,
)
from companion.games.arabian_nights.rules.state import PlayerSheet, TableState, new_table
from companion.games.arabian_nights.rules.victory import (
    can_declare,
    declare_victory,
    end_turn,
    meets_formula,
)

__all__ = [
    "Allowance",
    "Change",
    "DestinyFace",
    "MasterShortcut",
    "PlayerSheet",
    "TableState",
    "allowed_reactions",
    "apply_reward",
    "available_sections",
    "can_declare",
    "can_reach",
    "card_named",
    "choose_reaction",
    "declare_victory",
    "describe_changes",
    "discard_encounter",
    "draw_encounter",
    "encounter_target",
    "encounter_total",
    "end_turn",
    "keep_city_card",
    "leave_place_of_power",
    "master_shortcuts",
    "meets_formula",
    "move",
    "movement_allowance",
    "name_the_other",
    "new_table",
    "play_city_card",
    "playable_city_cards",
    "result_paragraph",
    "roll_destiny_die",
]
