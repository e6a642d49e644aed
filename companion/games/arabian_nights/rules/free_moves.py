"""Free moves a reward asks for: whether the hero may stay, and the check of the space a
player names (which spaces fit is the pack's: ``content/spaces.py``). The rules here are
pure: the dialogue asks, then awards a `MoveTo`.
"""

from __future__ import annotations

from companion.framework.errors import IllegalAction
from companion.framework.wording import spoken_list
from companion.games.arabian_nights.content.pack import Pack
from companion.games.arabian_nights.content.reward_codes import ChooseSpace
from companion.games.arabian_nights.content.spaces import allowed_spaces, what_fits
from companion.games.arabian_nights.rules.state import PlayerSheet, find_name


def may_stay(pack: Pack, sheet: PlayerSheet, choice: ChooseSpace) -> bool:
    """Whether the hero's own space is one the free move allows."""
    return sheet.position in allowed_spaces(pack, choice)


def checked_space(pack: Pack, sheet: PlayerSheet, choice: ChooseSpace, space: str) -> str:
    """The space named, in the pack's spelling, if the free move may end there;
    IllegalAction says why not and which spaces may."""
    allowed = allowed_spaces(pack, choice)
    found = find_name(space, allowed)
    if found is not None:
        return found
    raise IllegalAction(
        f"{sheet.name} must go to {what_fits(choice)}, and {space} is not one; "
        f"say {spoken_list(allowed, 'or')}"
    )
