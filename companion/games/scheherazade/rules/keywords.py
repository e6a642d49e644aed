"""Did the storyteller name the element? Key words matched by their stems, in English or
Spanish (Snowball stemmers from PyPI ``snowballstemmer``), forgiving one letter of
spelling in longer words.

>>> english = KeywordMatcher("en")
>>> english.heard(("thief", "harbour", "baghdad"), "Thieves met at the harbor of Bagdad")
['thief', 'harbour', 'baghdad']
>>> english.heard(("dagger",), "there was danger")
[]
>>> KeywordMatcher("es").heard(("ladrón", "princesa", "ola"), "las princesas, la ladrona, olas")
['ladrón', 'princesa', 'ola']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

import snowballstemmer
from rapidfuzz.distance import Indel

from companion.framework.phrases import normalize

STEMMERS = {"en": "english", "es": "spanish"}
FUZZY_LENGTH = 5
"""Stems this long may differ by one letter added, dropped or (at the end) changed."""


class KeywordMatcher:
    """Key words of one language matched against what was heard."""

    def __init__(self, language: str = "en") -> None:
        self._stemmer = snowballstemmer.stemmer(STEMMERS[language])

    @lru_cache(maxsize=4096)  # noqa: B019 - a matcher lives for one night
    def stem(self, word: str) -> str:
        """The word's stem, without accents: ``"lámparas"`` → ``"lampar"``."""
        stem = self._stemmer.stemWord(word)
        decomposed = unicodedata.normalize("NFD", stem)
        return "".join(char for char in decomposed if not unicodedata.combining(char))

    def same_word(self, keyword: str, word: str) -> bool:
        """True when ``word`` is a form of ``keyword`` (or a one-letter misspelling)."""
        wanted, heard = self.stem(keyword), self.stem(word)
        if wanted == heard:
            return True
        longest = max(len(wanted), len(heard))
        if longest >= FUZZY_LENGTH and Indel.distance(wanted, heard) <= 1:
            return True
        if heard.startswith(wanted) and len(heard) == len(wanted) + 1 and len(wanted) >= 3:
            return True  # a short word the stemmer leaves alone: "ola", "olas"
        return min(len(wanted), len(heard)) >= FUZZY_LENGTH and (
            len(wanted) == len(heard) and wanted[:-1] == heard[:-1]
        )

    def heard(self, keywords: Iterable[str], text: str) -> list[str]:
        """The key words named in ``text``, in the order of ``keywords``."""
        words = set(normalize(text).split())
        return [key for key in keywords if any(self.same_word(key, word) for word in words)]
