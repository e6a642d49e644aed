"""Engine grammars are built from the phrase set, and only from it."""

import json

import pytest

from companion.phrases import PhraseSet
from companion.voice.grammars import EmptyGrammarError, jsgf, vosk_grammar

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
    assert "three" not in jsgf(DICE, known)


def test_jsgf_has_one_public_rule_with_every_phrase():
    grammar = jsgf(DICE)
    assert grammar.startswith("#JSGF V1.0;")
    rule = grammar.split("public <answer> = ")[1]
    assert rule.count("|") == len(DICE.phrases) - 1
    assert "( i rolled a two )" in rule


def test_a_step_nobody_can_say_is_an_error():
    with pytest.raises(EmptyGrammarError):
        jsgf(DICE, known=lambda word: False)


def test_grammars_keep_words_of_any_script():
    assert vosk_grammar(PhraseSet.of("셋")) == '["셋", "[unk]"]'
