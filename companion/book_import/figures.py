"""The figures of a reward code (``D1``, ``W+2``, ``S-1``) as the engines read them, with
the letters they mistake for digits."""

from __future__ import annotations

import re

REWARD_FIGURE = re.compile(r"(?<![A-Za-z])([DSW$])\s*([+-]?)\s*([0-9lIiOo]{1,3})(?![A-Za-z0-9])")
"""A figure of a code: its letter (``$`` is an ``S`` misread), its sign and its digits."""

FIGURE_LOOKALIKES = str.maketrans("lIiOo", "11100")
"""Letters a reward code's figure may be read as, and the digits they stand for."""


def reward_figures(code: str) -> list[str]:
    """A code's reward figures, lookalike letters read as the digits they stand for.

    >>> reward_figures("[$1/Dl/W+2 (Max: Poor)/Envied]")
    ['S1', 'D1', 'W+2']
    """
    return [
        ("S" if letter == "$" else letter) + sign + digits.translate(FIGURE_LOOKALIKES)
        for letter, sign, digits in REWARD_FIGURE.findall(code)
    ]


def differ_in_number_only(name: str, other: str) -> bool:
    """Whether two names are the same words with other numbers (``RELIC 2``, ``RELIC 20``):
    other headings of the book, not one misread as the other (numbers are not spelled).

    >>> differ_in_number_only("RELIC 2", "RELIC 20"), differ_in_number_only("RELIC I", "RELIC 1")
    (True, False)
    """
    return name != other and re.sub(r"\d", "", name) == re.sub(r"\d", "", other)
