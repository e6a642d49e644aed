"""Learning each voice: a player's examples re-rank what the engine heard.

Pure tests build utterance vectors by hand; the last one enrols a real FSDD speaker
(Free Spoken Digit Dataset, Jakobovski et al., CC BY-SA 4.0) and hears other takes.
The accuracy figures are in bench/bench_adaptation.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from companion.cli.expectations import expected_phrases
from companion.framework.answers import NO, YES, Answer
from companion.framework.dialogue import YES_NO
from companion.framework.phrases import PhraseSet
from companion.session.ports import Command, global_commands
from companion.voice.adaptation import LearningRecognizer, VoiceMemory
from companion.voice.audio import read_wav
from companion.voice.recognition import Candidates
from testkit.corpus import DIE_WORDS, judge, labelled_clips, with_noise
from testkit.survey import GAMES, game_phrases

ROLLS = PhraseSet.numbers(range(1, 7))
RNG = np.random.default_rng(7)
WORDS = {value: RNG.normal(size=64) for value in ROLLS.values}
"""A made-up voice: each roll has its own direction."""


def said(number: int, noise: float = 0.3) -> np.ndarray:
    """The made-up voice saying ``number``."""
    word = WORDS[Answer.number(number)]
    return word + RNG.normal(scale=noise * np.linalg.norm(word) / 8, size=64)


def enrolled() -> VoiceMemory:
    memory = VoiceMemory()
    memory.enrol("Ali", [(Answer.number(n), said(n)) for n in range(1, 7)])
    return memory


def heard(text: str, confidence: float, vector: np.ndarray, scores: dict[int, float]) -> Candidates:
    """Candidates of the rolls, scored by number."""
    return Candidates(text, confidence, {Answer.number(n): s for n, s in scores.items()}, vector)


def test_without_examples_the_engine_decides_alone():
    memory = VoiceMemory()
    candidates = heard("two", 0.6, said(2), {2: -1.0, 3: -2.0})
    assert not memory.knows("Ali")
    assert memory.recognition("Ali", candidates, ROLLS).confidence == 0.6


def test_examples_that_agree_make_an_unsure_answer_sure():
    candidates = heard("two", 0.6, said(2), {2: -1.0, 3: -2.0})
    recognition = enrolled().recognition("Ali", candidates, ROLLS)
    assert (recognition.text, recognition.confidence >= 0.8) == ("two", True)


def test_examples_overturn_a_close_first_choice():
    candidates = heard("three", 0.5, said(6), {3: -0.5, 6: -1.5})
    assert enrolled().recognition("Ali", candidates, ROLLS).text == "six"


def test_another_voice_is_not_helped_by_alis_examples():
    memory = enrolled()
    candidates = heard("two", 0.6, said(2), {2: -1.0, 3: -2.0})
    assert memory.recognition("Zed", candidates, ROLLS).confidence == 0.6


def test_a_word_unlike_every_example_is_not_made_sure():
    stranger = RNG.normal(size=64)
    candidates = heard("three", 0.3, stranger, {3: -1.0, 6: -3.0})
    assert enrolled().recognition("Ali", candidates, ROLLS).confidence < 0.45


class ScriptedEngine:
    """Hears each utterance as the next scripted Candidates."""

    name = "scripted"

    def __init__(self, script: list[Candidates]) -> None:
        self.script = iter(script)

    def candidates(self, samples: np.ndarray, phrases: PhraseSet) -> Candidates | None:
        return next(self.script)


def test_confirmed_answers_become_examples_of_the_voice_attended():
    sure = ((1, "one"), (2, "two"), (3, "three"), (4, "four"), (5, "five"), (6, "six"))
    first = [heard(w, 0.95, said(v), {v: -0.1}) for v, w in sure]
    unsure = heard("two", 0.6, said(2), {2: -1.0, 3: -2.0})
    learner = LearningRecognizer(ScriptedEngine([*first, unsure]))
    learner.attend("Ali")
    for _ in first:
        recognition = learner.recognize(np.zeros(10), ROLLS)
        learner.learn(ROLLS.match(recognition.text).value)
    assert learner.memory.knows("Ali")
    assert learner.recognize(np.zeros(10), ROLLS).confidence > 0.6


MISSED = (
    "4_nicolas_7",
    "4_nicolas_8",
    "4_nicolas_9",
    "4_nicolas_10",
    "4_nicolas_11",
    "4_nicolas_13",
    "5_nicolas_8",
    "5_nicolas_9",
    "6_nicolas_7",
)
"""Takes that whisper alone does not accept correctly (one of them it takes for "two")."""


def test_enrolment_on_one_take_fixes_most_misses_of_a_real_speaker(whisper, shared_speech):
    dice = expected_phrases("dice")
    clips = {c.path.stem: c for c in labelled_clips("fsdd", DIE_WORDS) if c.speaker == "nicolas"}
    value = {word: Answer.number(n) for n, word in enumerate(DIE_WORDS, start=1)}
    enrolment = [clips[f"{n}_nicolas_5"] for n in range(1, 7)]
    learner = LearningRecognizer(whisper)
    learner.memory.enrol(
        "nicolas",
        [
            (value[c.transcript], whisper.candidates(read_wav(c.path), dice).vector)
            for c in enrolment
        ],
    )
    learner.attend("nicolas")
    before, after = [], []
    for stem in MISSED:
        clip, samples = clips[stem], read_wav(clips[stem].path)
        for verdicts, engine in ((before, whisper), (after, learner)):
            verdict = judge(engine.recognize(samples, dice), dice)
            right = verdict.value == value[clip.transcript]
            verdicts.append("right" if right else "wrong")
            if verdict.outcome != "accepted":
                verdicts[-1] = "not accepted"
    assert "right" not in before
    assert after.count("right") >= 6 and "wrong" not in after, after


PLACES = PhraseSet.from_templates(
    {Answer(name): name.lower() for name in ("Baghdad", "Basra", "Mosul")}
)


@pytest.mark.parametrize(
    ("phrases", "text", "transcript", "outcome"),
    [
        (PLACES, "baghdad", " Big dad", "confirmed"),  # a name heard badly is asked back
        (PLACES, "mosul", " Dog.", "rejected"),  # table talk matched to a name is not
        (ROLLS, "three", " Tree", "rejected"),  # rolls keep their thresholds
    ],
)
def test_unsure_names_that_sound_right_are_asked_back(phrases, text, transcript, outcome):
    value = phrases.match(text).value
    scores = {value: -1.0, Answer("other"): -6.0}
    engine = ScriptedEngine([Candidates(text, 0.08, scores, said(1), transcript)])
    recognition = LearningRecognizer(engine).recognize(np.zeros(10), phrases)
    assert judge(recognition, phrases).outcome == outcome


@pytest.mark.parametrize(
    ("text", "score", "runner_up", "transcript", "outcome"),
    [
        ("undo", -3.2, -9.8, " and you", "confirmed"),  # primed with cards, "undo" is written so
        ("undo", -5.4, -8.5, " and do", "confirmed"),
        ("skip", -7.0, -13.3, " kit", "rejected"),  # table talk ("cat") bent into a command
        ("pause", -7.5, -12.0, " house", "rejected"),  # sounds like it, but scored low
        ("pause", -3.5, -3.0, " pause", "rejected"),  # another answer as likely: not asked
    ],
)
def test_a_command_whisper_scored_well_is_asked_back_whatever_it_wrote(
    text, score, runner_up, transcript, outcome
):
    phrases = PLACES | global_commands(())
    scores = {phrases.match(text).value: score, Answer("Basra"): runner_up}
    engine = ScriptedEngine([Candidates(text, 0.1, scores, said(1), transcript)])
    recognition = LearningRecognizer(engine).recognize(np.zeros(10), phrases)
    assert judge(recognition, phrases).outcome == outcome


CARDS = PhraseSet.of("discoverer genie costs two", "scary genie costs two", "assassins guild")


@pytest.mark.parametrize(
    ("transcript", "command", "asked"),
    [
        (" em", "help", "help"),  # bent into a card, heard clearly among the commands alone
        (" em", None, None),  # no command clear among them either: rejected
        (" Assassin Guild.", "help", "assassins guild"),  # an answer read clearly comes first
    ],
)
def test_a_command_heard_clearly_among_the_commands_alone_is_asked_back(transcript, command, asked):
    """At a step too big for whisper's prompt, "help" said was scored as a card ("fifth"),
    unsure; searched again among the commands alone it was clearly "help"."""
    phrases = CARDS | global_commands(())
    scores = {phrases.phrases[1].value: -6.6, Answer("help"): -11.0}
    heard = Candidates(phrases.phrases[1].text, 0.1, scores, said(1), transcript, command=command)
    recognition = LearningRecognizer(ScriptedEngine([heard])).recognize(np.zeros(10), phrases)
    verdict = judge(recognition, phrases)
    if asked is None:
        assert verdict.outcome == "rejected"
    else:
        assert (verdict.outcome, recognition.text) == ("confirmed", asked)


def test_a_command_real_whisper_bends_into_a_card_is_asked_back(whisper, espeak):
    """Whisper itself, at Samarande's actions step (a prompt cut to fit, card after card):
    espeak-ng's en-us+m3 "whose turn" in noise 10 dB below it is scored as "third",
    unsure, and written " who turn"; searched again among the commands alone it is "whose
    turn" at -4.0 nats, 5.7 ahead of every other command (-4.2 and 5.1 under DNNL's AVX2
    kernels; the level: -5.5 and 2), so it is asked back. Without that search it was
    rejected (kernels that hear it better may accept it outright: that is right too)."""
    spec = next(spec for spec in GAMES if spec.name == "samarande")
    step = max(game_phrases(spec), key=lambda said: len(said.phrases.phrases))
    said_there = with_noise(espeak("whose turn", "en-us+m3"), 10, seed=6)
    recognition = LearningRecognizer(whisper).recognize(said_there, step.phrases)
    verdict = judge(recognition, step.phrases, step.answers)
    assert verdict.value == Command("whose turn")
    assert verdict.outcome in ("confirmed", "accepted")


@pytest.mark.parametrize(
    ("phrases", "transcript", "asked"),
    [
        (CARDS, " Discover Genie costs two", "discoverer genie costs two"),  # reads clearly
        (CARDS, " Assassin Guild.", "assassins guild"),
        (CARDS, " Tree", None),  # table talk reads like no answer
        (ROLLS, " three", None),  # rolls keep their thresholds
    ],
)
def test_an_answer_the_free_transcript_reads_as_is_asked_back(phrases, transcript, asked):
    """The constrained decoding chose "scary genie costs two" (or "one"), unsure."""
    chosen = phrases.phrases[1].text
    scores = {phrases.phrases[1].value: -1.0, phrases.phrases[0].value: -1.5}
    engine = ScriptedEngine([Candidates(chosen, 0.05, scores, said(1), transcript)])
    recognition = LearningRecognizer(engine).recognize(np.zeros(10), phrases)
    verdict = judge(recognition, phrases)
    if asked is None:
        assert verdict.outcome == "rejected"
    else:
        assert (verdict.outcome, recognition.text) == ("confirmed", asked)


@pytest.mark.parametrize(
    ("phrases", "text", "transcript", "outcome"),
    [
        (CARDS, "assassins guild", " Assassins Guild costs seven", "confirmed"),  # says more
        (CARDS, "assassins guild", " Assassins guild, assassins guild", "accepted"),  # repeats
        (CARDS, "assassins guild", " the Assassins Guild", "accepted"),  # one word more
        (ROLLS, "three", " three, I rolled it", "accepted"),  # rolls keep their thresholds
    ],
)
def test_a_sure_answer_is_asked_back_when_the_transcript_says_more(
    phrases, text, transcript, outcome
):
    """A sure "assassins guild" may be the start of "assassins guild costs seven"."""
    value = phrases.match(text).value
    engine = ScriptedEngine([Candidates(text, 0.9, {value: -0.1}, said(1), transcript)])
    recognition = LearningRecognizer(engine).recognize(np.zeros(10), phrases)
    assert judge(recognition, phrases).outcome == outcome


def test_an_unsure_yes_is_not_made_a_yes():
    yes_no = YES_NO  # what the session asks a confirmation with
    engine = ScriptedEngine([Candidates("yes", 0.3, {YES: -1.0, NO: -6.0}, said(1), " Yes")])
    assert LearningRecognizer(engine).recognize(np.zeros(10), yes_no).confidence == 0.3


def test_the_voices_learned_are_kept_beside_the_save_and_learned_on_after_a_resume(tmp_path):
    words = ("one", "two", "three", "four", "five", "six")
    sure = [heard(w, 0.95, said(n), {n: -0.1}) for n, w in enumerate(words, 1)]
    kept = tmp_path / "game.voices.npz"
    learner = LearningRecognizer(ScriptedEngine(sure))
    assert learner.keep_in(kept) is None  # nothing kept yet: nothing to say
    learner.attend("Ali")
    for _ in sure:
        learner.learn(ROLLS.match(learner.recognize(np.zeros(10), ROLLS).text).value)
    resumed = LearningRecognizer(ScriptedEngine([]))
    assert resumed.keep_in(kept) is None
    assert resumed.memory.knows("Ali") and not resumed.memory.knows("Zed")
    probe = said(4)
    kept_likeness = resumed.memory.similarities("Ali", probe)
    assert kept_likeness == pytest.approx(learner.memory.similarities("Ali", probe), abs=1e-5)


@pytest.mark.parametrize("content", [b"", b"not a zip", b"PK\x03\x04 torn"])
def test_an_unreadable_voices_file_is_said_and_the_voices_are_learned_again(tmp_path, content):
    kept = tmp_path / "game.voices.npz"
    kept.write_bytes(content)
    learner = LearningRecognizer(ScriptedEngine([heard("one", 0.95, said(1), {1: -0.1})]))
    message = learner.keep_in(kept)
    assert message.startswith("I could not read the voices I had learned:"), message
    assert "I will learn them again" in message
    learner.attend("Ali")
    learner.learn(ROLLS.match(learner.recognize(np.zeros(10), ROLLS).text).value)
    assert LearningRecognizer(ScriptedEngine([])).keep_in(kept) is None  # replaced, readable
    assert kept.stat().st_mode & 0o077 == 0  # private, like the save
