"""Global commands said at each game's largest step: are they heard among its answers?

A player may say "undo" or "repeat" at any step. At a step with thousands of phrases
(Samarande's actions: every way of playing, placing or taking every card) a short command
competes with them all. Each command's shortest wording (repeat, slower, faster, stop,
undo, status, whose turn, help, pause: the nine that change nothing in the game; resume
and quit are asked only in a pause or confirmed) is said by every synthetic voice
(espeak-ng voices, Piper), once clean and once with white noise 10 dB below it, at the
largest step of each game (typed games, testkit.survey), and judged the way the session
does: accepted, asked back ("Did you say undo?"), rejected, or taken for something else.

    scripts/bench bench/bench_commands.py [-- --games samarande --misses]

``--voices tuning`` says the same commands in five other espeak-ng voices at other speeds,
with noise of other seeds: the takes the thresholds of the commands are chosen on, never
the reported ones. ``--table-talk`` also hears the 50 human non-command words of Speech
Commands (Warden 2017, CC BY 4.0) at the step: none may be accepted or asked back.

With ``--tapes DIR`` every take's audio is kept in DIR (and said again from there, so
another setting hears the same audio) and every phrase search of whisper tiny and base on
the tape of ``--setting`` (a setting of bench/bench_numerics.py: its environment is
applied in a child process); ``--replay`` decides again from that tape without hearing
(the shipped code's thresholds, as they are now). ``--edges`` prints, from the tape, what
the commands' thresholds are compared with: the nearest table talk or answer of the step
(``--answers N``: N of them said by the voices in turn, clean and noisy) and the commands
on either side. ``--moves A,B`` prints how far the scores moved between the tapes of two
settings (median, p90, largest), the same audio heard under each. ``--commands-prompt
WORDS`` tries another prompt (the commands alone primed with WORDS), on tapes of its own:

    PYTHONPATH=$PWD nice -n 10 .venv/bin/python bench/bench_commands.py --games samarande \\
        --voices tuning --table-talk --tapes /tmp/commands-tapes --setting reference --edges
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_numerics import NUMERIC_VARIABLES, SETTINGS, TapedWhisper, replayed  # noqa: E402
from tally import load_recognizers  # noqa: E402

from companion.framework.answers import Answer  # noqa: E402
from companion.framework.dialogue import Step  # noqa: E402
from companion.framework.phrases import PhraseSet  # noqa: E402
from companion.session.ports import Command, Heard  # noqa: E402
from companion.session.understanding import understand  # noqa: E402
from companion.voice import adaptation, confidence  # noqa: E402
from companion.voice.adaptation import LearningRecognizer  # noqa: E402
from companion.voice.audio import read_wav  # noqa: E402
from companion.voice.engines.whisper import WhisperRecognizer, multilingual_model_dir  # noqa: E402
from companion.voice.engines.whisper_cascade import RehearingWhisper  # noqa: E402
from companion.voice.recognition import ModelMissingError, Recognizer  # noqa: E402
from testkit.corpus import (  # noqa: E402
    NON_COMMAND_WORDS,
    SHARED_SPEECH,
    espeak_clip,
    judge,
    labelled_clips,
    synthetic_voices,
    with_noise,
)
from testkit.survey import GAMES, Said, game_phrases  # noqa: E402

COMMANDS = ("repeat", "slower", "faster", "stop", "undo", "status", "whose turn", "help", "pause")
"""The shortest wording of each command a player says mid-game."""

TUNING_VOICES = (
    ("en-us+m1", 140),
    ("en-gb+f2", 180),
    ("en-us+m5", 150),
    ("en-gb+f4", 170),
    ("en-us+m7", 135),
)
"""Voices and speeds (words a minute) of the tuning takes: none is a reported voice."""
TUNING_SEEDS = 100
"""Added to a command's index for the noise of the tuning takes (the reported: 0 to 8)."""

Voice = Callable[[str], np.ndarray]
Take = Callable[[], np.ndarray]


def largest_step(game: str) -> Said:
    """One answer of the game's step with the most phrases (its phrases and answers)."""
    spec = next(spec for spec in GAMES if spec.name == game)
    return max(game_phrases(spec), key=lambda said: len(said.phrases.phrases))


def voices(kind: str) -> list[tuple[str, Voice]]:
    """The reported voices ("bench") or the tuning ones ("tuning")."""
    if kind == "bench":
        return synthetic_voices()
    return [
        (f"{name}@{speed}", partial(espeak_clip, voice=name, words_per_minute=speed))
        for name, speed in TUNING_VOICES
    ]


def takes(
    game: str, step: Said, kind: str, talk: bool, answers: int
) -> Iterator[tuple[str, Answer | None, Take]]:
    """Every take of one game: its key (game|words|voice|condition, game|talk|clip, or
    game|answer:N:words|voice|condition), the answer meant (None: table talk), and how to
    say it."""
    seeds = TUNING_SEEDS if kind == "tuning" else 0
    speakers = voices(kind)
    for index, words in enumerate(COMMANDS):
        meant = understand(Heard(words, typed=True), Step("", step.answers), step.phrases).value
        assert isinstance(meant, Command), words
        for voice_name, voice in speakers:
            key = f"{game}|{words}|{voice_name}"
            yield f"{key}|clean", meant, partial(voice, words)
            yield f"{key}|noisy", meant, partial(noisy, voice, words, index + seeds)
    values = sorted(step.answers.values, key=repr)  # the same in every process
    for index, value in enumerate(values[:: max(len(values) // max(answers, 1), 1)][:answers]):
        words = min(step.answers.phrases_for(value), key=lambda text: (len(text), text))
        voice_name, voice = speakers[index % len(speakers)]
        key = f"{game}|answer:{index}:{words}|{voice_name}"
        yield f"{key}|clean", value, partial(voice, words)
        yield f"{key}|noisy", value, partial(noisy, voice, words, ANSWER_SEEDS + index + seeds)
    if talk:
        for clip in labelled_clips("speech_commands", NON_COMMAND_WORDS):
            key = f"{game}|talk|{clip.path.parent.name}:{clip.path.name}"
            yield key, None, partial(read_wav, clip.path)


ANSWER_SEEDS = 50
"""Added to an answer's index for the noise of the step's own answers."""


def noisy(voice: Voice, words: str, seed: int) -> np.ndarray:
    """``words`` said by ``voice`` with white noise 10 dB below it."""
    return with_noise(voice(words), 10, seed)


class TapedSearches(TapedWhisper):
    """Whisper whose phrase searches of each take (several a take: the step's phrases, then
    at a step too big for the prompt the commands alone) are kept in call order on the
    tape, or replayed from it."""

    def candidates(self, samples: np.ndarray, phrases: PhraseSet) -> Any:
        self.call = 0
        return super().candidates(samples, phrases)

    def score_phrases(self, encoded, texts, start=None, casing=()):
        self.call += 1
        if self.replaying:
            return replayed(self.tape[self.clip][self.call - 1])
        finished, free = WhisperRecognizer.score_phrases(self, encoded, texts, start, casing)
        calls = self.tape.setdefault(self.clip, [])
        calls.append(
            [{t: [list(h.tokens), h.logp, h.shortfall] for t, h in finished.items()}, free]
        )
        return finished, free


class Taped:
    """Tiny and base on one setting's tape, as the session combines them."""

    def __init__(
        self, tape: dict[str, Any], replaying: bool, setting: str, tried: argparse.Namespace
    ) -> None:
        """``tried``: the prompts tried instead of the shipped ones (see :func:`tried`)."""
        options = {
            "threads": SETTINGS[setting].threads,
            "compute_type": SETTINGS[setting].compute_type,
        }
        self.tiny = TapedSearches(tape.setdefault("tiny", {}), replaying, **options)
        try:
            self.base: TapedSearches | None = TapedSearches(
                tape.setdefault("base", {}),
                replaying,
                model_dir=multilingual_model_dir(),
                language="en",
                **options,
            )
        except ModelMissingError:
            self.base = None
        if tried.commands_prompt:  # in place of the cached shipped prompt
            self.tiny.__dict__["_commands_priming"] = tried.commands_prompt

    def recognizer(self, key: str) -> Recognizer:
        """A fresh learning recogniser (nothing learned) hearing take ``key``."""
        for model in (self.tiny, self.base):
            if model is not None:
                model.clip = key
        return LearningRecognizer(RehearingWhisper(self.tiny, self.base))


def hear_commands(
    recognizer_for: Callable[[str], Recognizer],
    step: Said,
    said: Iterator[tuple[str, Answer | None, Take]],
    audio: dict[str, np.ndarray],
    show: bool,
) -> Counter[str]:
    """Outcomes of every take at ``step`` (``audio``: the takes already said, by key;
    new ones are added), counted by condition: clean, noisy (the commands), answer (the
    step's own answers) and talk."""
    counts: Counter[str] = Counter()
    for key, meant, take in said:
        if key not in audio:
            audio[key] = take()
        recognition = recognizer_for(key).recognize(audio[key], step.phrases)
        verdict = judge(recognition, step.phrases, step.answers)
        condition = condition_of(key)
        outcome = decided(verdict.outcome, meant is not None and verdict.value == meant)
        counts[f"{condition} {outcome}"] += 1
        if show and outcome not in ("accepted", "asked back", "rejected" * (meant is None)):
            print(f"    {key}: {outcome}, heard {recognition.text!r} {recognition.confidence:.2f}")
    return counts


def condition_of(key: str) -> str:
    """The take's condition: clean or noisy (a command), answer or talk.

    >>> condition_of("samarande|help|piper|noisy"), condition_of("samarande|answer:ali|piper|clean")
    ('noisy', 'answer')
    """
    words = key.split("|")[1]
    if words == "talk" or words.startswith("answer:"):
        return words.split(":")[0]
    return key.rsplit("|", 1)[1]


def decided(outcome: str, right: bool) -> str:
    """The bench's label of a take's verdict.

    >>> decided("accepted", True), decided("confirmed", False), decided("rejected", False)
    ('accepted', 'asked back wrongly', 'rejected')
    """
    if outcome == "accepted":
        return "accepted" if right else "wrong"
    if outcome == "confirmed":
        return "asked back" if right else "asked back wrongly"
    return "rejected"


def command_scores(calls: list[Any], phrases: PhraseSet) -> dict[str, float] | None:
    """A take's scores per command from its search of the commands alone (None: not
    searched, the take being sure at once)."""
    if len(calls) < 2:
        return None
    finished, _ = replayed(calls[1])
    value_of = {phrase.text: phrase.value for phrase in phrases.phrases}
    scores: dict[str, float] = {}
    for text, hypothesis in finished.items():
        name = value_of[text].intent
        scores[name] = float(np.logaddexp(scores.get(name, -np.inf), hypothesis.logp))
    return scores


def best_and_lead(scores: dict[str, float]) -> tuple[str, float, float]:
    """The best-scored command, its score, and its lead over every other (nats).

    >>> best_and_lead({"help": -3.0, "pause": -5.5})
    ('help', -3.0, 2.5)
    """
    ordered = sorted(scores, key=scores.__getitem__, reverse=True)
    lead = scores[ordered[0]] - scores[ordered[1]] if len(ordered) > 1 else np.inf
    return ordered[0], scores[ordered[0]], float(lead)


def report_edges(tape: dict[str, Any], steps: dict[str, Said]) -> None:
    """Where the takes and the table talk lie against ALONE_SCORE and ALONE_MARGIN (the
    commands-alone search) and COMMAND_SCORE (a command first among the step's answers)."""
    print(
        f"\nthe commands-alone search (ALONE_SCORE {confidence.ALONE_SCORE}, ALONE_MARGIN "
        f"{confidence.ALONE_MARGIN}); best command, its score, its lead:"
    )
    talk_clear, commands_led = [], []
    for key, calls in sorted(tape["tiny"].items()):
        game, words = key.split("|")[:2]
        scores = command_scores(calls, steps[game].phrases)
        if scores is None:
            continue
        best, score, lead = best_and_lead(scores)
        said_right = condition_of(key) in ("clean", "noisy") and best == Command(words).intent
        unasked = words == "talk" or words.startswith("answer:")
        if unasked and lead >= confidence.ALONE_MARGIN:
            talk_clear.append((score, key, best, lead))
        if said_right and lead >= confidence.ALONE_MARGIN:
            commands_led.append((score, key, best, lead))
    for title, rows in (
        ("talk and answers led by a command by ALONE_MARGIN or more (highest first)", talk_clear),
        ("commands led right by ALONE_MARGIN or more (lowest first)", commands_led),
    ):
        print(f"  {title}: {len(rows)}")
        ordered = sorted(rows, reverse=rows is talk_clear)
        for score, key, best, lead in ordered[:6]:
            print(f"    {score:7.2f} {key} as {best!r}, lead {lead:.2f}")
    if talk_clear:
        print(
            f"  ALONE_SCORE is {confidence.ALONE_SCORE - max(talk_clear)[0]:.2f} nats above the "
            "nearest of them"
        )
    talk_first = []
    for key, calls in tape["tiny"].items():
        game = key.split("|")[0]
        if condition_of(key) not in ("talk", "answer"):
            continue
        finished, _ = replayed(calls[0])
        value_of = {phrase.text: phrase.value for phrase in steps[game].phrases.phrases}
        scores: dict[Answer, float] = {}
        for text, hypothesis in finished.items():
            value = value_of.get(text)
            if value is not None:
                scores[value] = float(np.logaddexp(scores.get(value, -np.inf), hypothesis.logp))
        ordered = sorted(scores, key=scores.__getitem__, reverse=True)
        if len(ordered) > 1 and isinstance(ordered[0], Command):
            lead = scores[ordered[0]] - scores[ordered[1]]
            if lead >= adaptation.ASK_MARGIN:
                talk_first.append((scores[ordered[0]], key, ordered[0].intent, lead))
    print(
        f"\na command first among the step's answers by ASK_MARGIN ({adaptation.ASK_MARGIN}), "
        f"talk and answers (COMMAND_SCORE {adaptation.COMMAND_SCORE}): {len(talk_first)}"
    )
    for score, key, best, lead in sorted(talk_first, reverse=True)[:5]:
        print(f"    {score:7.2f} {key} as {best!r}, lead {lead:.2f}")


def report_moves(first: dict[str, Any], second: dict[str, Any], names: str) -> None:
    """How far whisper tiny's best score of each take moved between two tapes: of the
    step's phrases, and of the commands alone."""
    print(f"\ntiny's best score, {names} (nats: median, p90, largest; takes searched in both):")
    for search in (0, 1):
        for kind in ("commands", "talk"):
            moves = []
            for key, calls in first["tiny"].items():
                other = second["tiny"].get(key, [])
                if (
                    (key.split("|")[1] == "talk") != (kind == "talk")
                    or len(other) <= search
                    or len(calls) <= search
                ):
                    continue
                best = [
                    max((h[1] for h in taped[search][0].values()), default=-np.inf)
                    for taped in (calls, other)
                ]
                moves.append(abs(best[0] - best[1]))
            if moves:
                p90 = float(np.percentile(moves, 90))
                print(
                    f"  {'step' if search == 0 else 'commands alone'}, {kind} ({len(moves)}): "
                    f"{statistics.median(moves):.2f} / {p90:.2f} / {max(moves):.2f}"
                )


def tried(args: argparse.Namespace) -> str:
    """The tapes' name for the prompts tried instead of the shipped ones ("" for these).

    >>> tried(argparse.Namespace(commands_prompt="help pause"))
    '-prompt-4a76ed00'
    """
    if args.commands_prompt:
        return f"-prompt-{zlib.crc32(args.commands_prompt.encode()):08x}"
    return ""


def record_elsewhere(setting: str) -> bool:
    """Run this bench again in a child process under ``setting``'s environment (nice),
    unless this process has it already. True when the child ran."""
    wanted = SETTINGS[setting].environment
    if all(os.environ.get(name) == value for name, value in wanted.items()) and not any(
        name in os.environ for name in NUMERIC_VARIABLES if name not in wanted
    ):
        return False
    environment = {k: v for k, v in os.environ.items() if k not in NUMERIC_VARIABLES}
    print(f"hearing under {setting} in a child process ...", flush=True)
    command = ["nice", "-n", "10", sys.executable, *sys.argv]
    subprocess.run(command, check=True, env=environment | wanted)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engines", default="whisper")
    parser.add_argument("--games", default=",".join(spec.name for spec in GAMES))
    parser.add_argument("--misses", action="store_true", help="print every take not heard")
    parser.add_argument("--voices", choices=("bench", "tuning"), default="bench")
    parser.add_argument("--table-talk", action="store_true", help="also hear human table talk")
    parser.add_argument("--answers", type=int, default=0, help="also say N of the step's answers")
    parser.add_argument("--tapes", type=Path, help="keep the audio and the searches here")
    parser.add_argument("--setting", default="reference", choices=sorted(SETTINGS))
    parser.add_argument("--replay", action="store_true", help="decide from the tape alone")
    parser.add_argument("--edges", action="store_true", help="the commands' thresholds")
    parser.add_argument("--moves", help="two settings whose tapes to compare, a,b")
    parser.add_argument("--commands-prompt", help="tried: this prompt before the commands alone")
    args = parser.parse_args()
    if args.table_talk and not SHARED_SPEECH.is_dir():
        print(f"skipped: no human speech clips in {SHARED_SPEECH}")
        return 0
    if args.tapes is None:
        for recognizer in load_recognizers(args.engines.split(",")):
            print(f"\n{recognizer.name}")
            run(args, lambda key, r=recognizer: r, {})
        return 0
    args.tapes.mkdir(parents=True, exist_ok=True)
    suffix = f"{args.voices}{'-talk' if args.table_talk else ''}"
    suffix += f"-answers{args.answers}" if args.answers else ""
    tape_path = args.tapes / f"{args.setting}-{suffix}{tried(args)}.json"
    audio_path = args.tapes / f"audio-{suffix}.npz"
    if not args.replay and not args.moves and record_elsewhere(args.setting):
        return 0
    if args.moves:
        first, second = (
            json.loads((args.tapes / f"{name}-{suffix}.json").read_text())
            for name in args.moves.split(",")
        )
        report_moves(first, second, args.moves)
        return 0
    audio = dict(np.load(audio_path)) if audio_path.exists() else {}
    tape = json.loads(tape_path.read_text()) if args.replay else {}
    taped = Taped(tape, args.replay, args.setting, args)
    print(f"\nwhisper, {'replayed from' if args.replay else 'taped on'} {tape_path}")
    steps = run(args, taped.recognizer, audio)
    if not args.replay:
        np.savez(audio_path, **audio)
        tape_path.write_text(json.dumps(tape))
    if args.edges:
        report_edges(tape, steps)
    return 0


def run(
    args: argparse.Namespace,
    recognizer_for: Callable[[str], Recognizer],
    audio: dict[str, np.ndarray],
) -> dict[str, Said]:
    """Hear every game's takes and print the counts; the steps heard, by game."""
    steps = {}
    for game in args.games.split(","):
        step = steps[game] = largest_step(game)
        print(f"  {game}, its largest step ({len(step.phrases.phrases)} phrases):")
        said = takes(game, step, args.voices, args.table_talk, args.answers)
        counts = hear_commands(recognizer_for, step, said, audio, args.misses)
        total = sum(
            counts[o]
            for o in ("clean", "noisy")
            for o in (
                f"{o} accepted",
                f"{o} asked back",
                f"{o} asked back wrongly",
                f"{o} wrong",
                f"{o} rejected",
            )
        )
        heard = (
            counts["clean accepted"]
            + counts["clean asked back"]
            + counts["noisy accepted"]
            + counts["noisy asked back"]
        )
        print(
            f"    accepted or asked back {heard} of {total} (accepted "
            f"{counts['clean accepted'] + counts['noisy accepted']}); taken wrongly "
            f"{counts['clean wrong'] + counts['noisy wrong']}, asked back wrongly "
            f"{counts['clean asked back wrongly'] + counts['noisy asked back wrongly']}; clean "
            f"{counts['clean accepted'] + counts['clean asked back']}, noisy "
            f"{counts['noisy accepted'] + counts['noisy asked back']}"
        )
        if args.answers:
            print(
                f"    the step's answers: accepted or asked back rightly "
                f"{counts['answer accepted'] + counts['answer asked back']} of "
                f"{2 * args.answers}; taken wrongly {counts['answer wrong']}, asked back "
                f"wrongly {counts['answer asked back wrongly']}"
            )
        if args.table_talk:
            talk = sum(counts[f"talk {o}"] for o in ("rejected", "wrong", "asked back wrongly"))
            print(
                f"    table talk: accepted {counts['talk wrong']}, asked back "
                f"{counts['talk asked back wrongly']} of {talk}"
            )
    return steps


if __name__ == "__main__":
    sys.exit(main())
