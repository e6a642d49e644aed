"""Listening to a telling: the Sultan's timer, typed tellings and synthesised speech."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.framework.telling_turn import TypedLineError, TypedTellingListener, parse_typed_line
from companion.games.scheherazade.rules.sultan import (
    STIRS,
    YAWNS,
    TellingSpec,
    TellingTracker,
)
from companion.voice.audio import AudioUnavailable
from companion.voice.telling_listener import (
    AudioTellingListener,
    KeyboardFallback,
    PocketsphinxSpotter,
    wav_file_opener,
)

SPEC = TellingSpec(turn=1, storyteller="Ali", element="the copper lamp", keywords=("lamp",))


def test_a_silence_longer_than_the_limit_gets_one_nudge():
    tracker = TellingTracker(SPEC)
    assert tracker.advance(6.0, speaking=False) == []  # exactly the limit: still patient
    assert tracker.advance(0.5, speaking=False) == [STIRS]
    assert tracker.advance(10.0, speaking=False) == []  # the same silence is nudged once


def test_nudges_escalate_and_speech_resets_the_silence():
    tracker = TellingTracker(SPEC)
    cues = tracker.advance(7, False) + tracker.advance(3, True) + tracker.advance(7, False)
    assert cues == [STIRS, YAWNS]
    assert tracker.report().long_silences == 2


def test_a_warning_comes_once_before_dawn_and_time_ends_the_telling():
    tracker = TellingTracker(SPEC.model_copy(update={"turn_seconds": 30.0}))
    assert tracker.advance(14, True) == []
    assert tracker.advance(2, True) == ["14 seconds before dawn."]
    assert tracker.advance(5, True) == []
    tracker.advance(60, True)
    report = tracker.report()
    assert (report.ended_by, report.seconds, report.spoken_seconds) == ("timeout", 30.0, 30.0)


def test_key_words_and_the_closing_words_are_heard():
    tracker = TellingTracker(SPEC)
    tracker.hear("At the end of the road stood a lamplighter")
    assert not tracker.done and tracker.report().keywords_heard == []
    tracker.hear("she rubbed both lamps, and so the night passed")
    assert tracker.report().keywords_heard == ["lamp"]
    assert tracker.report().ended_by == "phrase"


@pytest.mark.parametrize(
    ("line", "parsed"),
    [
        ("silence 7", (7.0, False, "")),
        ("SILENCE 2.5", (2.5, False, "")),
        ("speak 20", (20.0, True, "")),
        ("speak 12 a lamp glowed", (12.0, True, "a lamp glowed")),
        ("one two three four five", (None, True, "one two three four five")),
        ("the end", (None, True, "the end")),
    ],
)
def test_typed_lines(line, parsed):
    assert parse_typed_line(line) == parsed


def test_a_typed_line_without_seconds_is_refused():
    with pytest.raises(TypedLineError, match="how many seconds"):
        parse_typed_line("silence for a while")


def test_the_typed_listener_speaks_cues_and_returns_a_report():
    said: list[str] = []
    lines = iter(["speak 10 a lamp", "silence 8", "oops", "silence x", "the end", "next"])
    report = TypedTellingListener(lines).listen(SPEC, said.append)
    assert said == [STIRS, "'silence x': say how many seconds, e.g. 'silence 7'"]
    assert report.keywords_heard == ["lamp"] and report.ended_by == "phrase"
    assert report.transcript == "a lamp oops the end"
    assert next(lines) == "next"  # the listener stops at the end of the telling


def test_plain_lines_last_by_their_words_or_by_the_clock():
    lines = ["one two three four five", "six", "speak 3", "the end"]
    report = TypedTellingListener(lines).listen(SPEC, print)
    assert report.seconds == 2.0 + 1.0 + 3.0 + 1.0
    times = iter([100.0, 104.5, 108.0, 128.0, 131.0])  # start, then one reading per line
    clocked = TypedTellingListener(["a lamp", "speak 3", "silence 20", "the end"], times.__next__)
    report = clocked.listen(SPEC, print)
    assert report.seconds == 4.5 + 3.0 + 20.0 + 3.0
    assert report.spoken_seconds == 4.5 + 3.0 + 3.0


def test_the_typed_listener_returns_none_when_input_ends():
    assert TypedTellingListener(["speak 5 once"]).listen(SPEC, print) is None


@pytest.mark.slow
def test_a_long_silence_in_synthesised_speech_is_nudged_and_the_key_word_spotted(
    speech_wav, whisper
):
    wav = speech_wav(
        "lamp",
        [
            "Once upon a time a poor boy found an old copper lamp in the market.",
            8.0,
            "He rubbed it, and a voice answered from inside.",
            7.5,
            "And they lived happily ever after. The end.",
        ],
    )
    said: list[str] = []
    listener = AudioTellingListener(wav_file_opener([wav]), whisper)
    report = listener.listen(SPEC, said.append)
    assert said == [STIRS, YAWNS]
    assert report.long_silences == 2
    assert report.keywords_heard == ["lamp"]
    assert report.ended_by == "phrase"
    assert "lamp" in report.transcript.lower()
    assert 15.5 < report.seconds - report.spoken_seconds < 17.5
    assert listener.listen(SPEC, said.append) is None  # every file has been heard


class DeafSpotter:
    """Hears no words: only the timing is under test."""

    free_form = False

    def words(self, audio, keywords) -> str:
        return ""


@pytest.mark.slow
def test_silences_are_found_over_a_noisy_room(speech_wav):
    wav = speech_wav(
        "noisy",
        [1.0, "Once upon a time there was a merchant.", 8.0, "He sold lamps."],
        noise_db=-36.0,
    )
    said: list[str] = []
    report = AudioTellingListener(wav_file_opener([wav]), DeafSpotter()).listen(SPEC, said.append)
    assert said == [STIRS]
    assert 6.0 < report.seconds - report.spoken_seconds < 10.5  # the hum is learnt first


@pytest.mark.slow
def test_a_telling_that_never_names_its_element_is_heard_without_key_word(speech_wav, whisper):
    wav = speech_wav("nothing", ["A young man travelled far away to find his brother. The end."])
    report = AudioTellingListener(wav_file_opener([wav]), whisper).listen(SPEC, print)
    assert report.keywords_heard == []
    assert (report.ended_by, report.long_silences) == ("phrase", 0)


@pytest.mark.slow
def test_pocketsphinx_spotting_gives_no_transcript(speech_wav):
    wav = speech_wav("sphinx", ["A merchant found a copper lamp in the market.", 1.0])
    report = AudioTellingListener(wav_file_opener([wav]), PocketsphinxSpotter()).listen(SPEC, print)
    assert report.transcript is None
    assert report.ended_by == "input"
    assert report.spoken_seconds > 2


SHARED_SPEECH = Path(__file__).resolve().parents[2] / ".." / "shared" / "speech"


@pytest.mark.slow
def test_a_real_voice_is_timed_and_its_key_word_spotted(whisper):
    """A real speaker (JFK, public domain) stands in for a storyteller."""
    clip = SHARED_SPEECH / "jfk" / "jfk_16k.wav"
    if not clip.exists():
        pytest.skip(f"real speech clips are not available at {SHARED_SPEECH}")
    spec = SPEC.model_copy(update={"keywords": ("country",), "silence_seconds": 2.0})
    said: list[str] = []
    report = AudioTellingListener(wav_file_opener([clip]), whisper).listen(spec, said.append)
    assert report.keywords_heard == ["country"]
    assert "ask not what your country can do for you" in report.transcript.lower()
    assert report.ended_by == "input" and said == [] and report.long_silences == 0
    assert 7 < report.spoken_seconds <= report.seconds < 12


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0.01, 20.0), st.booleans()), min_size=1, max_size=40))
def test_every_long_silence_is_nudged_once_and_time_never_overruns(stretches):
    tracker = TellingTracker(SPEC)
    for seconds, speaking in stretches:
        tracker.advance(seconds, speaking)
    expected, silence, elapsed = 0, 0.0, 0.0
    for seconds, speaking in stretches:  # the same timeline, merged into runs
        seconds = min(seconds, SPEC.turn_seconds - elapsed)
        elapsed += seconds
        was_long = silence > SPEC.silence_seconds
        silence = 0.0 if speaking else silence + seconds
        expected += not speaking and silence > SPEC.silence_seconds and not was_long
    report = tracker.report()
    assert report.long_silences == expected
    assert report.spoken_seconds <= report.seconds <= SPEC.turn_seconds
    assert (report.ended_by == "timeout") == (elapsed >= SPEC.turn_seconds)


class LiveFrames:
    """A stand-in microphone: silent frames, and a record of skipped echoes."""

    def __init__(self, seconds: float) -> None:
        self._frames = iter([np.zeros(480, dtype=np.float32)] * int(seconds / 0.03))
        self.skips = 0

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._frames)

    def skip_pending(self) -> None:
        self.skips += 1


def test_what_the_microphone_heard_while_the_sultan_spoke_is_skipped():
    frames = LiveFrames(seconds=20)
    said: list[str] = []
    AudioTellingListener(lambda: frames, DeafSpotter()).listen(SPEC, said.append)
    assert said == [STIRS]
    assert frames.skips == 2  # what came before the telling, and the Sultan's own words


class FakeKeyboard:
    """A storyteller typing slowly: each line comes ``delays[i]`` seconds after the last."""

    def __init__(self, lines: list[tuple[float, str]]) -> None:
        self.now = 0.0
        self._lines = lines
        self._next_at = lines[0][0] if lines else float("inf")

    def clock(self) -> float:
        return self.now

    def ready(self, seconds: float) -> bool:
        if self._next_at - self.now <= seconds:
            self.now = self._next_at
            return True
        self.now += seconds
        return False

    def __iter__(self):
        for index, (_, text) in enumerate(self._lines):
            following = self._lines[index + 1 :]
            self._next_at = self.now + following[0][0] if following else float("inf")
            yield text


def test_a_typed_telling_hears_its_warning_and_dawn_on_time_without_a_new_line():
    keyboard = FakeKeyboard([(5.0, "once upon a time there was a lamp")])
    listener = TypedTellingListener(iter(keyboard), keyboard.clock, keyboard.ready)
    spec = TellingSpec(turn=1, storyteller="Ali", element="lamp", keywords=("lamp",),
                       turn_seconds=30, warn_seconds=10)  # fmt: skip
    cues: list[tuple[float, str]] = []
    report = listener.listen(spec, lambda cue: cues.append((keyboard.now, cue)))
    assert cues == [(20.0, "10 seconds before dawn.")]
    assert keyboard.now == 30.0
    assert (report.ended_by, report.seconds, report.keywords_heard) == ("timeout", 30.0, ["lamp"])


def test_a_spanish_telling_has_spanish_cues_and_closing_words():
    spec = TellingSpec(
        turn=1, storyteller="Ana", element="el ladrón tuerto", keywords=("ladrón",),
        language="es", end_phrases=("fin", "colorín colorado este cuento se ha acabado"),
        stirs="El sultán se revuelve…", yawns="El sultán bosteza…",
    )  # fmt: skip
    tracker = TellingTracker(spec)
    assert tracker.advance(7, speaking=False) == ["El sultán se revuelve…"]
    tracker.hear("y los ladrones huyeron. Colorín, colorado, este cuento se ha acabado")
    report = tracker.report()
    assert (report.keywords_heard, report.ended_by) == (["ladrón"], "phrase")


def test_without_a_timer_only_the_closing_words_end_a_telling():
    spec = TellingSpec(turn=1, storyteller="Ali", element="lamp", turn_seconds=None,
                       silence_seconds=None)  # fmt: skip
    tracker = TellingTracker(spec)
    assert tracker.advance(500, speaking=False) == [] and not tracker.done
    tracker.hear("the end")
    assert tracker.report().ended_by == "phrase"


class LostFrames(LiveFrames):
    """A microphone that is unplugged after a few seconds."""

    def __next__(self):
        frame = next(self._frames, None)
        if frame is None:
            raise AudioUnavailable("The microphone stopped (was it unplugged?).")
        return frame


def test_a_microphone_lost_during_a_telling_hands_it_to_the_keyboard():
    listener = KeyboardFallback(
        AudioTellingListener(lambda: LostFrames(seconds=3), DeafSpotter()),
        TypedTellingListener(["speak 5 a copper lamp", "the end"]),
    )
    said: list[str] = []
    report = listener.listen(SPEC, said.append)
    assert said == [
        "The microphone stopped (was it unplugged?). Please type the telling from now on."
    ]
    assert report.keywords_heard == ["lamp"] and report.ended_by == "phrase"
    assert listener.lost
