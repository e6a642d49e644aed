"""Engine grammars are built from the phrase set, and only from it."""

import json
from collections import defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.framework.phrases import PhraseSet
from companion.voice.grammars import (
    EmptyGrammarError,
    phrase_graph,
    vosk_grammar,
    word_graph,
    word_paths,
)

DICE = PhraseSet.numbers(range(1, 4), ["{n}", "i rolled a {n}"])


def test_vosk_grammar_lists_every_phrase_and_unknown():
    phrases = json.loads(vosk_grammar(DICE))
    assert phrases[-1] == "[unk]"
    assert sorted(phrases[:-1]) == sorted(p.text for p in DICE.phrases)


def test_vosk_grammar_without_unknown_for_models_that_lack_it():
    assert "[unk]" not in json.loads(vosk_grammar(DICE, unknown=False))


def test_unknown_words_are_left_out():
    known = {"i", "rolled", "a", "one", "two"}.__contains__
    phrases = json.loads(vosk_grammar(DICE, known))
    assert phrases == ["i rolled a one", "i rolled a two", "one", "two", "[unk]"]
    assert set(word_paths(phrase_graph(DICE, known))) == set(phrases[:-1])


PHRASES = st.lists(
    st.lists(
        st.sampled_from(["play", "the", "rose", "lamp", "in", "two", "a"]), min_size=1, max_size=5
    ).map(" ".join),
    min_size=1,
    max_size=40,
)


@given(PHRASES)
def test_the_word_graph_says_exactly_the_phrases_each_as_likely(texts):
    graph = word_graph(texts)
    paths = list(word_paths(graph))
    assert sorted(paths) == sorted(set(texts))
    leaving: dict[int, float] = defaultdict(float)
    for source, _, probability, _ in graph.transitions:
        leaving[source] += probability
    assert all(abs(total - 1) < 1e-9 for total in leaving.values())


def test_shared_endings_keep_the_graph_small():
    texts = [
        f"{verb} the {card} in {place}"
        for verb in ("play", "place")
        for card in ("rose", "lamp", "ring")
        for place in ("one", "two", "three")
    ]
    graph = word_graph(texts)
    assert graph.states == 6 and len(graph.transitions) == 2 + 1 + 3 + 1 + 3


def test_a_step_nobody_can_say_is_an_error():
    with pytest.raises(EmptyGrammarError):
        phrase_graph(DICE, known=lambda word: False)


def test_grammars_keep_words_of_any_script():
    assert vosk_grammar(PhraseSet.of("셋")) == '["셋", "[unk]"]'
