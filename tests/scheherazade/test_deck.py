"""The element deck: 64 original elements, four of each type in each colour."""

from __future__ import annotations

import json

import pytest

from companion.framework.errors import PackError
from companion.games.scheherazade.content.deck import (
    DEFAULT_DECK,
    Colour,
    Kind,
    load_deck,
)


def test_the_deck_has_four_elements_of_each_type_in_each_colour():
    deck = load_deck()
    assert len(deck.elements) == 64
    for colour in Colour:
        for kind in Kind:
            assert sum(1 for e in deck.elements if (e.colour, e.kind) == (colour, kind)) == 4
    assert set(deck.tales) == set(Colour)


def test_every_element_has_one_or_two_distinct_key_words_and_a_hint():
    deck = load_deck()
    words = [word for element in deck.elements for word in element.keywords]
    assert len(words) == len(set(words))
    assert all(element.hint and element.es.hint for element in deck.elements)
    assert sum(element.special for element in deck.elements) == 8
    assert len({element.code for element in deck.elements}) == 64


def broken_deck(tmp_path, change) -> str:
    data = json.loads(DEFAULT_DECK.read_text())
    change(data["elements"])
    path = tmp_path / "elements.json"
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda elements: elements.pop(), "yellow event: 3 elements, the deck needs 4"),
        (lambda elements: elements[1].update(keywords=["thief"]), "used by two elements: thief"),
        (lambda elements: elements[0].update(keywords=[]), "one or two key words, not 0"),
        (lambda elements: elements[0].update(keywords=["Big Thief"]), "one lower-case word"),
    ],
)
def test_a_broken_deck_says_what_is_wrong(tmp_path, change, message):
    path = broken_deck(tmp_path, change)
    with pytest.raises(PackError, match=message) as raised:
        load_deck(path)
    assert raised.value.file == path
