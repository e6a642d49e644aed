"""The element deck of Scheherazade mode: 64 story elements, 4 kinds × 4 colours.

The deck is content (``content/scheherazade/elements.json``); this module is its
contract and its loader. Each colour is one tale; each element carries one or two key
words that a storyteller says when weaving it in, and that the recogniser spots.

Every element also reads in Spanish (``es``); :func:`words_for` gives the names of
colours and kinds in either language.

>>> deck = load_deck()
>>> lamp = deck.element("red/artifact/lamp")
>>> len(deck.elements), lamp.label("en"), lamp.label("es")
(64, 'the copper lamp, a red artifact', 'la lámpara de cobre, un artefacto rojo')
>>> lamp.in_language("es").keywords
('lámpara',)
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from companion.framework.errors import PackError
from companion.framework.packs import read_pack_text, shipped_pack
from companion.framework.phrases import normalize

DEFAULT_DECK = shipped_pack("scheherazade") / "elements.json"


class Colour(StrEnum):
    """A tale: four elements of one colour, one of each kind, complete it."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"


class Kind(StrEnum):
    """The type (symbol) of a story element."""

    CHARACTER = "character"
    PLACE = "place"
    ARTIFACT = "artifact"
    EVENT = "event"


Language = Literal["en", "es"]

COLOUR_NAMES: dict[Language, dict[Colour, str]] = {
    "en": {colour: str(colour) for colour in Colour},
    "es": {
        Colour.RED: "rojo",
        Colour.BLUE: "azul",
        Colour.GREEN: "verde",
        Colour.YELLOW: "amarillo",
    },
}
"""Colour words; in Spanish the masculine form, which agrees with every kind's noun."""
KIND_NAMES: dict[Language, dict[Kind, str]] = {
    "en": {kind: str(kind) for kind in Kind},
    "es": {
        Kind.CHARACTER: "personaje",
        Kind.PLACE: "lugar",
        Kind.ARTIFACT: "artefacto",
        Kind.EVENT: "suceso",
    },
}


def kind_label(colour: Colour, kind: Kind, language: Language = "en") -> str:
    """``red artifact`` / ``artefacto rojo``.

    >>> kind_label(Colour.YELLOW, Kind.PLACE, "es")
    'lugar amarillo'
    """
    if language == "es":
        return f"{KIND_NAMES['es'][kind]} {COLOUR_NAMES['es'][colour]}"
    return f"{colour} {kind}"


class Wording(BaseModel):
    """An element's words in one language."""

    model_config = ConfigDict(frozen=True)

    name: str
    keywords: tuple[str, ...]
    """Words that show the element was mentioned (normalised, one word each)."""
    hint: str
    """A short description, spoken when the element is announced."""

    @field_validator("keywords")
    @classmethod
    def _one_or_two_words(cls, keywords: tuple[str, ...]) -> tuple[str, ...]:
        return _checked_keywords(keywords)


class Element(BaseModel):
    """One story element: what the storyteller must weave into the tale."""

    model_config = ConfigDict(frozen=True)

    colour: Colour
    kind: Kind
    name: str
    keywords: tuple[str, ...]
    """Words that show the element was mentioned (normalised, one word each)."""
    hint: str
    """A short description, spoken when the element is announced."""
    special: bool = False
    """One of the rulebook's four protagonists (characters) or special places."""
    es: Wording
    """The element in Spanish."""

    @field_validator("keywords")
    @classmethod
    def _one_or_two_words(cls, keywords: tuple[str, ...]) -> tuple[str, ...]:
        return _checked_keywords(keywords)

    @property
    def code(self) -> str:
        """A stable identifier: ``colour/kind/first key word``."""
        return f"{self.colour}/{self.kind}/{self.keywords[0]}"

    def in_language(self, language: Language) -> Wording:
        if language == "es":
            return self.es
        return Wording(name=self.name, keywords=self.keywords, hint=self.hint)

    def label(self, language: Language = "en") -> str:
        """How the element is announced: ``the copper lamp, a red artifact``."""
        name = self.in_language(language).name
        article = "un" if language == "es" else "a"
        return f"{name}, {article} {kind_label(self.colour, self.kind, language)}"


def _checked_keywords(keywords: tuple[str, ...]) -> tuple[str, ...]:
    if not 1 <= len(keywords) <= 2:
        raise ValueError(f"an element has one or two key words, not {len(keywords)}")
    for word in keywords:
        if normalize(word) != word or " " in word:
            raise ValueError(f"key word {word!r} must be one lower-case word")
    return keywords


class Deck(BaseModel):
    """The whole element deck."""

    model_config = ConfigDict(frozen=True)

    title: str
    description: str
    tales: dict[Colour, str]
    """Each colour's tale title."""
    tales_es: dict[Colour, str]
    elements: tuple[Element, ...]

    @model_validator(mode="after")
    def _four_of_each(self) -> Deck:
        for colour in Colour:
            for kind in Kind:
                count = sum(1 for e in self.elements if e.colour is colour and e.kind is kind)
                if count != 4:
                    raise ValueError(f"{colour} {kind}: {count} elements, the deck needs 4")
        for language in ("en", "es"):
            words = [w for e in self.elements for w in e.in_language(language).keywords]
            repeated = sorted({word for word in words if words.count(word) > 1})
            if repeated:
                raise ValueError(f"key words used by two elements: {', '.join(repeated)}")
        return self

    def tale(self, colour: Colour, language: Language = "en") -> str:
        return (self.tales_es if language == "es" else self.tales)[colour]

    @cached_property
    def _by_code(self) -> dict[str, Element]:
        return {element.code: element for element in self.elements}

    def element(self, code: str) -> Element:
        """The element with that :attr:`Element.code`."""
        return self._by_code[code]


def load_deck(path: Path | str = DEFAULT_DECK) -> Deck:
    """Read and check an element deck file; raises
    :class:`~companion.framework.errors.PackError` saying where (the line of a JSON
    mistake) and what is wrong.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     broken = Path(folder) / "elements.json"
    ...     _ = broken.write_text('{"elements":\\n  [,]}', encoding="utf-8")
    ...     try:
    ...         load_deck(broken)
    ...     except PackError as error:
    ...         print(error.file == str(broken), error.line, error.problems[0].message)
    True 2 Expecting value: line 2 column 4 (char 16)
    """
    path = Path(path)
    try:
        return Deck.model_validate(json.loads(read_pack_text(path)))
    except json.JSONDecodeError as error:
        raise PackError.at(path, error.lineno, str(error)) from None
    except (OSError, ValidationError) as error:
        raise PackError.at(path, 0, str(error)) from None
