"""Small helpers for text that is spoken aloud, shared by every game."""

from __future__ import annotations

from collections.abc import Iterable

from companion.framework.words import said

SPOKEN_AT_MOST = 6
"""The most items a spoken list reads before "and 20 more; say all to hear them": a
table listens to six names, not to thirty."""


def spoken_list(words: Iterable[str], last: str = "and") -> str:
    """Join words the way people say lists.

    >>> spoken_list(["Ali", "Sara", "Omar"], "or")
    'Ali, Sara or Omar'
    >>> spoken_list(["Ali"]), spoken_list([])
    ('Ali', '')
    """
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def capped_list(
    words: Iterable[str], last: str = "and", language: str = "en", most: int = SPOKEN_AT_MOST
) -> str:
    """A list said aloud: its first ``most`` items and how many more, so the table asks
    for the rest ("all") only when it wants them. ``last`` is "and" or "or" (in English;
    a game in Spanish says "y" or "o" and passes ``language``). A list one longer than
    ``most`` is said whole: "and 1 more" would save nothing.

    >>> capped_list(["Basra", "Mosul", "Cairo"], "or")
    'Basra, Mosul or Cairo'
    >>> capped_list([f"space {n}" for n in range(1, 27)])
    'space 1, space 2, space 3, space 4, space 5, space 6 and 20 more; say all to hear them'
    >>> capped_list([f"c{n}" for n in range(9)], "o", "es", most=2)
    'c0, c1 o 7 más; di todo para oír la lista entera'
    """
    words = list(words)
    if len(words) <= most + 1:
        return spoken_list(words, last)
    shown, more = ", ".join(words[:most]), len(words) - most
    return said(language, "and_more" if last in ("and", "y") else "or_more", listed=shown,
                more=more)  # fmt: skip
