"""Number forms, written forms and synonyms that the games and engines rely on."""

from hypothesis import given
from hypothesis import strategies as st

from companion.framework.answers import Answer
from companion.framework.phrases import (
    PhraseSet,
    expand_template,
    normalize,
    number_to_words,
    with_synonyms,
    words_to_number,
    written_forms,
)
from companion.session.ports import Command, global_commands


@given(st.integers(min_value=0, max_value=999))
def test_spelled_numbers_read_back(number):
    assert words_to_number(number_to_words(number)) == number
    assert normalize(str(number)) == number_to_words(number)


def test_words_that_spell_no_number():
    assert words_to_number("five six") is None
    assert words_to_number("hundred") is None


def test_written_forms_put_numbers_in_digits():
    assert written_forms("i rolled a five") == ["i rolled a five", "i rolled a 5"]
    assert written_forms("three hundred and one") == ["three hundred and one", "300 and 1"]
    assert written_forms("save and quit") == ["save and quit"]


def test_written_forms_put_back_the_apostrophe_of_a_contraction():
    # whisper writes "who's turn"; the phrase, normalised, is "whos turn"
    assert written_forms(normalize("Who's turn is it?")) == ["whos turn is it", "who's turn is it"]
    assert written_forms("lets roll two") == [
        "lets roll two",
        "lets roll 2",
        "let's roll two",
        "let's roll 2",
    ]


def test_whose_turn_written_as_whisper_writes_it_is_the_command_exactly():
    match = global_commands(()).match(normalize(" Who's turn?"))
    assert match is not None and match.value == Command("whose turn") and match.score == 1.0


def test_synonyms_become_alternatives_that_match_the_same_answer():
    signs = PhraseSet.from_templates(
        {Answer(s): with_synonyms(s) for s in ("plus", "minus", "blank")}
    )
    assert signs.match("up").value == Answer("plus")
    assert signs.match("down").value == Answer("minus")
    assert signs.match("nothing").value == Answer("blank")
    assert signs.match("take away").value == Answer("minus")


def test_synonyms_leave_other_words_alone():
    assert expand_template(with_synonyms("roll again")) == {"roll again"}
    assert with_synonyms("plus", {"plus": ["and"]}) == "(plus|and)"
