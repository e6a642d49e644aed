"""Small helpers for text that is spoken aloud, shared by every game."""

from __future__ import annotations

from collections.abc import Iterable


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
