"""How whisper's decisions move with the machine's numerics.

The same human clips (390 die rolls, 50 non-command words said during a roll, 10 yes/no;
Speech Commands, Warden 2017, CC BY 4.0; Free Spoken Digit Dataset, Jakobovski et al.,
CC BY-SA 4.0) are heard once under each setting that changes floating-point results:
OpenBLAS's kernels (numpy), whisper's thread count, CTranslate2's compute type, its ISA
and its GEMM backend. Each setting runs in its own process (``nice``); the phrase search
of every clip (the score of every answer tiny and base kept, and the free transcript) is
kept on tape in ``--tapes`` (JSON, one file a setting), and a setting already taped is
not heard again. The decisions are then replayed from the tapes through the shipped code
(confidence, re-hearing, the session's thresholds), so thresholds can be compared
without hearing anything again.

    PYTHONPATH=$PWD .venv/bin/python bench/bench_numerics.py [--subset] [--settings a,b]

Prints, per setting, the figures of tiny alone (what tests/voice/test_recognition.py
checks) and of tiny with base (as shipped), on the tuning half, the held-out half and all
clips; the spread of each figure over the settings; and every clip whose verdict is not
the same under every setting, with its confidence under each.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import subprocess
import sys
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest.mock import patch

import numpy as np

from companion.cli.expectations import expected_phrases
from companion.framework.answers import Answer
from companion.framework.phrases import PhraseSet
from companion.session.ports import ACCEPT_CONFIDENCE, CONFIRM_CONFIDENCE
from companion.voice import confidence
from companion.voice.audio import read_wav
from companion.voice.confidence import MAX_MARGIN, Hypothesis, confidence_from_search
from companion.voice.engines import whisper, whisper_cascade
from companion.voice.engines.whisper import WhisperRecognizer, multilingual_model_dir
from companion.voice.engines.whisper_cascade import RECHECK, RehearingWhisper
from companion.voice.recognition import Recognition
from testkit.corpus import (
    DIE_WORDS,
    DIGIT_WORDS,
    NON_COMMAND_WORDS,
    SHARED_SPEECH,
    Clip,
    in_tuning_half,
    judge,
    labelled_clips,
)

TAPES = Path("/tmp/tales-numerics")
NUMERIC_VARIABLES = ("OPENBLAS_CORETYPE", "CT2_FORCE_CPU_ISA", "DNNL_MAX_CPU_ISA", "CT2_USE_MKL")


@dataclass(frozen=True)
class Setting:
    """One way of computing: environment variables and options of the recogniser."""

    environment: dict[str, str]
    threads: int | None = None
    compute_type: str = "int8"
    float32_features: bool = False
    """The mel filter bank multiplied in float32 by the BLAS library, as before."""


SETTINGS = {
    "reference": Setting({}),
    "openblas-haswell": Setting({"OPENBLAS_CORETYPE": "Haswell"}),
    "openblas-sandybridge": Setting({"OPENBLAS_CORETYPE": "Sandybridge"}),
    "openblas-prescott": Setting({"OPENBLAS_CORETYPE": "Prescott"}),
    "threads-1": Setting({}, threads=1),
    "threads-4": Setting({}, threads=4),
    "ct2-isa-generic": Setting({"CT2_FORCE_CPU_ISA": "GENERIC"}),
    "ct2-isa-avx": Setting({"CT2_FORCE_CPU_ISA": "AVX"}),
    "ct2-isa-avx2": Setting({"CT2_FORCE_CPU_ISA": "AVX2"}),
    "dnnl-sse41": Setting({"DNNL_MAX_CPU_ISA": "SSE41"}),
    "dnnl-avx2": Setting({"DNNL_MAX_CPU_ISA": "AVX2"}),
    "ct2-mkl": Setting({"CT2_USE_MKL": "1"}),
    "float32": Setting({}, compute_type="float32"),
    "before-reference": Setting({}, float32_features=True),
    "before-openblas-sandybridge": Setting(
        {"OPENBLAS_CORETYPE": "Sandybridge"}, float32_features=True
    ),
}
"""x86-64 settings (the OpenBLAS core names are those of x86 kernels)."""

ROLL_CONFIDENCE_TAPED = 0.93
"""Base's search is taped for every roll tiny is less sure of than this (shipped: RECHECK),
so that re-hearing thresholds up to it can be replayed."""


class DigestedFeatures:
    """faster-whisper's feature extractor, keeping a digest of each clip's features."""

    def __init__(self, features: Any, digests: dict[str, str]) -> None:
        self.features, self.digests, self.clip = features, digests, ""

    def __call__(self, samples: np.ndarray) -> np.ndarray:
        computed = self.features(samples)
        self.digests[self.clip] = hashlib.sha1(computed.astype(np.float32).tobytes()).hexdigest()
        return computed


class TapedWhisper(WhisperRecognizer):
    """Whisper whose phrase search of each clip is recorded on ``tape``, or replayed from
    it without hearing (``replaying``): ``clip`` names the clip being heard."""

    def __init__(self, tape: dict[str, Any], replaying: bool, **options: Any) -> None:
        super().__init__(**options)
        self.tape, self.replaying, self.clip = tape, replaying, ""

    def encode(self, samples: np.ndarray) -> Any:
        return None if self.replaying else super().encode(samples)

    def candidates(self, samples: np.ndarray, phrases: PhraseSet) -> Any:
        if not self.replaying:
            return super().candidates(samples, phrases)
        if self.clip not in self.tape:
            return None  # heard as no speech, or not re-heard
        with patch.object(whisper, "has_speech", lambda samples: True):
            return super().candidates(samples, phrases)

    def speech_vector(self, encoded: Any, samples: np.ndarray) -> np.ndarray:
        if self.replaying:
            return np.zeros(1, np.float32)
        return super().speech_vector(encoded, samples)

    def score_phrases(self, encoded, texts, start=None, casing=()):
        if self.replaying:
            return replayed(self.tape[self.clip])
        finished, free = super().score_phrases(encoded, texts, start, casing)
        self.tape[self.clip] = [
            {text: [list(h.tokens), h.logp, h.shortfall] for text, h in finished.items()},
            free,
        ]
        return finished, free


def replayed(taped: list[Any]) -> tuple[dict[str, Hypothesis], str]:
    """A phrase search as it was taped: every phrase kept, and the free transcript."""
    finished = {text: Hypothesis(tuple(t), lp, sf) for text, (t, lp, sf) in taped[0].items()}
    return finished, taped[1]


@dataclass(frozen=True)
class Heard:
    """One clip, the step it is heard at, and what should be accepted (None: nothing)."""

    clip: Clip
    phrases: PhraseSet
    expected: Answer | None

    @property
    def key(self) -> str:
        return str(self.clip.path.relative_to(SHARED_SPEECH))

    @property
    def kind(self) -> str:
        if self.expected is None:
            return "digit" if self.clip.transcript in OTHER_DIGITS else "chatter"
        return "roll" if self.expected in DIE_VALUES.values() else "yes/no"


DIE_VALUES = {word: Answer.number(n) for n, word in enumerate(DIE_WORDS, start=1)}
OTHER_DIGITS = tuple(word for word in DIGIT_WORDS if word not in DIE_WORDS)
"""Zero, seven, eight and nine: numbers, but no roll of a die; said at a roll, rejected."""


def clips() -> list[Heard]:
    """Every clip of this bench, with its step."""
    dice, yes_no = expected_phrases("dice"), expected_phrases("yesno")
    rolls = labelled_clips("speech_commands", DIE_WORDS) + labelled_clips("fsdd", DIE_WORDS)
    return (
        [Heard(clip, dice, DIE_VALUES[clip.transcript]) for clip in rolls]
        + [Heard(clip, dice, None) for clip in labelled_clips("speech_commands", NON_COMMAND_WORDS)]
        + [
            Heard(clip, dice, None)
            for folder in ("speech_commands", "fsdd")
            for clip in labelled_clips(folder, OTHER_DIGITS)
        ]
        + [
            Heard(clip, yes_no, Answer(clip.transcript))
            for clip in labelled_clips("speech_commands", ("yes", "no"))
        ]
    )


def models(
    tapes: dict[str, Any], replaying: bool, setting: Setting
) -> tuple[TapedWhisper, TapedWhisper]:
    options = {"threads": setting.threads, "compute_type": setting.compute_type}
    tiny = TapedWhisper(tapes.setdefault("tiny", {}), replaying, **options)
    base = TapedWhisper(
        tapes.setdefault("base", {}),
        replaying,
        model_dir=multilingual_model_dir(),
        language="en",
        **options,
    )
    if setting.float32_features:
        for model in (tiny, base):
            model._features.mel_filters = model._features.mel_filters.astype(np.float32)
    return tiny, base


def record(name: str, path: Path, keys: set[str] | None = None) -> None:
    """Hear every clip (or those of ``keys``) under this process's setting; write the tape
    to ``path``."""
    tapes: dict[str, Any] = {"heard": []}
    tiny, base = models(tapes, False, SETTINGS[name])
    tiny._features = digested = DigestedFeatures(tiny._features, tapes.setdefault("features", {}))
    chosen = [heard for heard in clips() if keys is None or heard.key in keys]
    for number, heard in enumerate(chosen):
        tiny.clip = base.clip = digested.clip = heard.key
        if number % 50 == 0:
            print(f"  {name}: {number} of {len(chosen)} clips heard", file=sys.stderr, flush=True)
        samples = read_wav(heard.clip.path)
        first = tiny.candidates(samples, heard.phrases)
        if (
            heard.kind != "yes/no"
            and first is not None
            and first.confidence < ROLL_CONFIDENCE_TAPED
        ):
            base.candidates(samples, heard.phrases)
        tapes["heard"].append(heard.key)
    path.write_text(json.dumps({"setting": name, **tapes}))


def sensitive(decided: dict[str, dict[str, Any]], tape: dict[str, Any]) -> set[str]:
    """The clips whose decision could move: tiny not sure (below 0.93), another answer
    within 8 nats of tiny's best, re-heard by base, or table talk; and every 8th clip, to
    check that the others do not move."""
    keys = set()
    for number, (key, verdict) in enumerate(decided.items()):
        logps = sorted((h[1] for h in tape["tiny"].get(key, [{}])[0].values()), reverse=True)
        close = len(logps) > 1 and logps[0] - logps[1] < 8
        if verdict["tiny"][1] < 0.93 or close or key in tape["base"] or number % 8 == 0:
            keys.add(key)
    return keys | {heard.key for heard in clips() if heard.kind in ("chatter", "digit")}


NO_AUDIO = np.zeros(1, np.float32)
"""What a replayed clip is heard as: the tape holds the search; the clip had speech."""


REPLAYING: dict[int, tuple[dict[str, Any], TapedWhisper, TapedWhisper]] = {}
"""Per tape (by id, with the tape itself so the id is not reused): its replaying models."""


def replaying(tape: dict[str, Any]) -> tuple[TapedWhisper, TapedWhisper]:
    """Tiny and base replaying ``tape`` (loaded once a tape: a threshold is replayed
    hundreds of times)."""
    if id(tape) not in REPLAYING:
        REPLAYING[id(tape)] = (tape, *models(tape, True, SETTINGS["reference"]))
    return REPLAYING[id(tape)][1:]


def verdicts(
    tape: dict[str, Any], keys: set[str] | None = None
) -> dict[str, dict[str, tuple[str, float]]]:
    """Per clip (of ``keys``, else every clip on the tape): the outcome and confidence of
    tiny alone and of tiny with base."""
    tiny, base = replaying(tape)
    cascade = RehearingWhisper(tiny, base)
    decided: dict[str, dict[str, tuple[str, float]]] = {}
    for heard in clips():
        tiny.clip = base.clip = heard.key
        if ("heard" in tape and heard.key not in tape["heard"]) or (
            keys is not None and heard.key not in keys
        ):
            continue
        if heard.key not in tape["tiny"]:
            decided[heard.key] = {"tiny": ("rejected", 0.0), "shipped": ("rejected", 0.0)}
            continue
        decided[heard.key] = {
            engine: outcome(recognizer.recognize(NO_AUDIO, heard.phrases), heard)
            for engine, recognizer in (("tiny", tiny), ("shipped", cascade))
        }
    return decided


def outcome(recognition: Recognition, heard: Heard) -> tuple[str, float]:
    verdict = judge(recognition, heard.phrases)
    if verdict.outcome == "accepted":
        label = "correct" if verdict.value == heard.expected else "wrong"
    else:
        label = verdict.outcome
    return label, recognition.confidence


def figures(decided: dict[str, dict[str, tuple[str, float]]], engine: str) -> dict[str, int]:
    """Counts per kind of clip and half: correct, wrong, asked back, rejected."""
    counts: Counter[str] = Counter()
    for heard in clips():
        label = decided[heard.key][engine][0]
        half = "tuning" if in_tuning_half(heard.clip.path) else "held-out"
        for part in (half, "all"):
            counts[f"{heard.kind} {part} {label}"] += 1
            counts[f"{heard.kind} {part}"] += 1
    return counts


REPORTED = [
    (f"{kind} {part} {label}")
    for kind, labels in (
        ("roll", ("correct", "wrong")),
        ("chatter", ("correct", "wrong")),
        ("digit", ("correct", "wrong")),
        ("yes/no", ("correct",)),
    )
    for part in ("tuning", "held-out", "all")
    for label in labels
]


def report_features(features_by: dict[str, dict[str, str]]) -> None:
    """How many clips' features (tiny's log-mel input) differ from the first setting's."""
    named = {name: digests for name, digests in features_by.items() if digests}
    if len(named) < 2:
        return
    first, *others = named
    print(f"clips whose features differ bit for bit from {first}'s:")
    for name in others:
        common = named[first].keys() & named[name].keys()
        different = sum(named[name][key] != named[first][key] for key in common)
        print(f"  {name}: {different} of {len(common)}")


def report(decided_by: dict[str, dict[str, dict[str, tuple[str, float]]]]) -> None:
    for engine in ("tiny", "shipped"):
        print(f"\n{engine} ({'tiny alone' if engine == 'tiny' else 'tiny, base re-hearing'})")
        counted = {name: figures(decided, engine) for name, decided in decided_by.items()}
        width = max(len(name) for name in counted)
        rows = [
            figure.replace("chatter", "chatter").replace(" correct", " ok") for figure in REPORTED
        ]
        print("  " + "setting".ljust(width), *(f"{row:>22}" for row in rows))
        for name, counts in counted.items():
            cells = [f"{counts[f]:>3}/{counts[f.rsplit(' ', 1)[0]]:<3}".rjust(22) for f in REPORTED]
            print("  " + name.ljust(width), *cells)
        spread = [
            max(c[f] for c in counted.values()) - min(c[f] for c in counted.values())
            for f in REPORTED
        ]
        print("  " + "spread".ljust(width), *(f"{s:>22}" for s in spread))
        flips = [
            key
            for key in next(iter(decided_by.values()))
            if len({decided[key][engine][0] for decided in decided_by.values()}) > 1
        ]
        print(f"  clips whose verdict changes with the setting: {len(flips)}")
        for key in flips:
            cells = ", ".join(
                f"{name} {decided[key][engine][0]} {decided[key][engine][1]:.3f}"
                for name, decided in decided_by.items()
            )
            print(f"    {key}: {cells}")


def logit(probability: float) -> float:
    """The confidence model's evidence, back from its confidence (rounded to 4 digits).

    >>> round(logit(0.8), 3)
    1.386
    """
    clipped = min(max(probability, 1e-4), 1 - 1e-4)
    return math.log(clipped / (1 - clipped))


def uncapped_logit(taped: list[Any], phrases: PhraseSet) -> float:
    """The evidence of the search's best answer before any cap (too close to call, a decoy
    close): what the thresholds on the confidence (0.80, 0.45, RECHECK) are compared with."""
    finished, free = replayed(taped)
    allowed = {phrase.text for phrase in phrases.phrases}
    kept = {text: hypothesis for text, hypothesis in finished.items() if text in allowed}
    return logit(confidence_from_search(kept, phrases, free, -math.inf).confidence)


def lead(scores: dict[Any, float], value: Any) -> float:
    """Nats by which ``value`` beats every other answer (at most MAX_MARGIN).

    >>> lead({"a": -1.0, "b": -3.5}, "a"), lead({"a": -1.0}, "a")
    (2.5, 12.0)
    """
    others = [score for other, score in scores.items() if other != value]
    return min(scores[value] - max(others, default=-math.inf), MAX_MARGIN)


def measures(tape: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Per clip: every quantity a roll's decision compares with a threshold (see EDGES)."""
    tiny, base = replaying(tape)
    measured: dict[str, dict[str, float]] = {}
    for heard in clips():
        tiny.clip = base.clip = heard.key
        if "heard" in tape and heard.key not in tape["heard"]:
            continue
        first = tiny.candidates(NO_AUDIO, heard.phrases)
        if first is None:
            continue
        value = heard.phrases.match(first.text).value
        best = max(first.scores, key=first.scores.__getitem__)
        finished, _ = replayed(tape["tiny"][heard.key])
        allowed = {phrase.text for phrase in heard.phrases.phrases}
        decoys = [h.logp for text, h in finished.items() if text not in allowed]
        found = {
            "tiny margin": lead(first.scores, best),
            "tiny best": first.scores[best],
            "tiny logit": uncapped_logit(tape["tiny"][heard.key], heard.phrases),
        }
        if decoys:
            found["tiny decoy gap"] = first.scores[best] - max(decoys)
        again = base.candidates(NO_AUDIO, heard.phrases) if heard.kind != "yes/no" else None
        if again is not None:
            found |= {
                "base margin": lead(again.scores, max(again.scores, key=again.scores.__getitem__)),
                "base logit": uncapped_logit(tape["base"][heard.key], heard.phrases),
            }
            again_found, _ = replayed(tape["base"][heard.key])
            base_decoys = [h.logp for text, h in again_found.items() if text not in allowed]
            if base_decoys:
                found["base decoy gap"] = max(again.scores.values()) - max(base_decoys)
            if value in again.scores:  # else base pruned tiny's answer: no doubt to measure
                found["base doubt"] = max(again.scores.values()) - again.scores[value]
        measured[heard.key] = found
    return measured


def spreads(measured_by: dict[str, dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Per measure and clip: its range (largest minus smallest) over the settings that
    heard it, for clips heard under two settings or more."""
    ranges: dict[str, dict[str, float]] = {}
    keys = set().union(*(measured.keys() for measured in measured_by.values()))
    for key in sorted(keys):
        heard = [measured[key] for measured in measured_by.values() if key in measured]
        for name in set().union(*heard):
            values = [found[name] for found in heard if name in found]
            if len(values) > 1:
                ranges.setdefault(name, {})[key] = max(values) - min(values)
    return ranges


@dataclass(frozen=True)
class Edge:
    """A threshold of the roll's decision, where it lives, and the measure it is compared
    with (its spread over the settings is how far the threshold is moved either way)."""

    name: str
    modules: tuple[Any, ...]
    attribute: str
    measure: tuple[str, ...]
    sign: int = 1
    """-1: the threshold is on the other side of the comparison (the logistic's bias)."""


EDGES = (
    Edge("ACCEPT_MARGIN", (confidence,), "ACCEPT_MARGIN", ("tiny margin",)),
    Edge(
        "DECOY_MARGIN", (confidence, whisper), "DECOY_MARGIN", ("tiny decoy gap", "base decoy gap")
    ),
    Edge("SUPPORT", (whisper_cascade,), "SUPPORT", ("tiny best",)),
    Edge("BASE_MARGIN", (whisper_cascade,), "BASE_MARGIN", ("base margin",)),
    Edge("CORROBORATED_MARGIN", (whisper_cascade,), "CORROBORATED_MARGIN", ("tiny margin",)),
    Edge("CORROBORATED_SCORE", (whisper_cascade,), "CORROBORATED_SCORE", ("tiny best",)),
    Edge("BASE_DOUBT", (whisper_cascade,), "BASE_DOUBT", ("base doubt",)),
)
"""The confidence's own thresholds (the session's 0.80 and 0.45, RECHECK) are moved
together by moving the logistic's bias (BIAS_EDGE)."""


Labels = dict[str, tuple[str, str]]
"""Per clip: its outcome with tiny alone and as shipped (tiny, base re-hearing)."""


def labels(decided: dict[str, dict[str, tuple[str, float]]]) -> Labels:
    return {key: (found["tiny"][0], found["shipped"][0]) for key, found in decided.items()}


def moved(edge: Edge, by: float, tape: dict[str, Any], keys: set[str] | None = None) -> Labels:
    """Each clip's outcomes with ``edge`` moved by ``by`` (for BIAS_EDGE: every confidence
    moved by ``by`` in the logistic's terms, which moves its thresholds by ``-by``)."""
    with ExitStack() as stack:
        if edge.sign < 0:
            weights = confidence.WEIGHTS | {"bias": confidence.WEIGHTS["bias"] + by}
            stack.enter_context(patch.object(confidence, "WEIGHTS", weights))
        for module in edge.modules:
            shifted = getattr(module, edge.attribute) + by
            stack.enter_context(patch.object(module, edge.attribute, shifted))
        return labels(verdicts(tape, keys))


BIAS_EDGE = Edge("confidence (0.80, 0.45, RECHECK)", (), "", ("tiny logit", "base logit"), -1)
CONFIDENCE_THRESHOLDS = (ACCEPT_CONFIDENCE, CONFIRM_CONFIDENCE, RECHECK)
"""What a confidence is compared with (the session's two, and re-hearing's)."""
SAFETY = 0.25
"""Nats (logits for the confidences): how much farther than the measured spread the
nearest clip of the tuning half must be from a threshold."""
NUDGE = 0.002
"""How far past a clip's value a threshold is moved to see whether its verdict turns
(a confidence is rounded to 4 digits: about 0.0006 in logits near 0.8)."""


def crossings(edge: Edge, measured: dict[str, dict[str, float]]) -> list[tuple[float, str]]:
    """Each clip's move of ``edge`` that brings the threshold onto the clip's measure,
    nearest first.

    >>> edge = Edge("A", (), "", ("m",))
    >>> crossings(edge, {"near": {"m": 1.0}, "far": {"m": -3.0}, "none": {}})  # at 0
    [(1.0, 'near'), (-3.0, 'far')]
    """
    if edge.sign < 0:
        thresholds = [logit(threshold) for threshold in CONFIDENCE_THRESHOLDS]
    else:
        thresholds = [getattr(edge.modules[0], edge.attribute)] if edge.modules else [0.0]
    found = [
        (edge.sign * (found[name] - threshold), key)
        for key, found in measured.items()
        for name in edge.measure
        if name in found
        for threshold in thresholds
    ]
    return sorted(found, key=lambda crossing: abs(crossing[0]))


NEAR = 2.0
"""Nats (logits): the clips whose spread counts for a threshold are those whose measure
lies this close to it (a clip far from every threshold may move by more, as when the
settings change which answer is best, without coming near a decision)."""


def local_spread(
    edge: Edge, ranges: dict[str, dict[str, float]], measured: dict[str, dict[str, float]]
) -> float:
    """The largest range over the settings of the clips within NEAR of ``edge``."""
    near = {key for by, key in crossings(edge, measured) if abs(by) <= NEAR}
    return max(
        (ranges.get(name, {}).get(key, 0.0) for name in edge.measure for key in near),
        default=0.0,
    )


def nearest_clip(
    edge: Edge, tape: dict[str, Any], measured: dict[str, dict[str, float]], limit: float
) -> tuple[float, str] | None:
    """The distance from ``edge`` to the nearest clip of ``measured`` whose verdict (tiny
    alone or as shipped) turns when the threshold is moved just past its measure; None
    when no clip turns within ``limit``."""
    still = labels(verdicts(tape, set(measured)))
    for by, key in crossings(edge, measured):
        if abs(by) > limit:
            return None
        if moved(edge, by + math.copysign(NUDGE, by), tape, {key})[key] != still[key]:
            return abs(by), key
    return None


def report_edges(
    tape: dict[str, Any], ranges: dict[str, list[float]], measured: dict[str, dict[str, float]]
) -> None:
    """For each threshold: the measured spread of what it is compared with, the nearest
    clip of the tuning half, and the clips whose verdict changes when it moves by that
    spread either way (a knife's edge)."""
    print("\nspread of each measure over the settings, every clip (nats; logits for confidences):")
    for name, by_clip in sorted(ranges.items()):
        values = list(by_clip.values())
        print(
            f"  {name:>15}: {len(values)} clips, median {np.median(values):.2f}, "
            f"p90 {np.quantile(values, 0.9):.2f}, max {max(values):.2f}"
        )
    kinds = {heard.key: heard for heard in clips()}
    tuning = {key: found for key, found in measured.items() if in_tuning_half(kinds[key].clip.path)}
    still = labels(verdicts(tape))
    print(
        f"each threshold: nearest tuning clip, spread of the clips within {NEAR} of it "
        f"(clear: farther than spread + {SAFETY}):"
    )
    for edge in (*EDGES, BIAS_EDGE):
        spread = local_spread(edge, ranges, measured)
        nearest = nearest_clip(edge, tape, tuning, limit=spread + 4 * SAFETY + 2)
        distance = nearest[0] if nearest else math.inf
        value = "" if edge.sign < 0 else f" = {getattr(edge.modules[0], edge.attribute)}"
        where = f" ({kinds[nearest[1]].kind} {nearest[1]})" if nearest else ""
        state = "clear" if distance >= spread + SAFETY else "KNIFE'S EDGE"
        print(
            f"  {edge.name}{value}: nearest tuning clip {distance:.2f}{where}, "
            f"spread {spread:.2f}: {state}"
        )
        turned: dict[str, str] = {}
        for by in (-spread, spread):
            for key, label in moved(edge, edge.sign * by, tape).items():
                if label != still[key]:
                    turned[key] = f"{still[key]} -> {label} at {by:+.2f}"
        print(f"    clips whose verdict moves when it moves by {spread:.2f}: {len(turned)}")
        for key, change in sorted(turned.items()):
            heard = kinds[key]
            half = "tuning" if in_tuning_half(heard.clip.path) else "held-out"
            print(f"      {half} {heard.kind} {key}: {change}")


def hear(name: str, tapes: Path, subset: bool) -> None:
    """Hear the clips under setting ``name`` in a child process (nice), onto its tape."""
    environment = {k: v for k, v in os.environ.items() if k not in NUMERIC_VARIABLES}
    command = ["nice", "-n", "10", sys.executable, __file__, "--record", name]
    command += ["--tapes", str(tapes)]
    if subset and name != "reference":
        command += ["--keys", str(tapes / "subset.txt")]
    print(f"hearing the clips under {name} ...", flush=True)
    subprocess.run(command, check=True, env=environment | SETTINGS[name].environment)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--settings", default=",".join(SETTINGS))
    parser.add_argument("--tapes", type=Path, default=TAPES)
    parser.add_argument(
        "--subset",
        action="store_true",
        help="under settings other than the reference, hear only the clips whose decision "
        "could move (see sensitive()); the others keep the reference's verdict",
    )
    parser.add_argument(
        "--edges",
        action="store_true",
        help="also measure the spread of every quantity a threshold is compared with, each "
        "threshold's nearest clip of the tuning half, and the clips whose verdict moves when "
        "a threshold moves by that spread",
    )
    parser.add_argument("--record", help=argparse.SUPPRESS)  # the child process of a setting
    parser.add_argument("--keys", type=Path, help=argparse.SUPPRESS)  # its clips, one a line
    args = parser.parse_args()
    if not SHARED_SPEECH.is_dir():
        print(f"skipped: no human speech clips in {SHARED_SPEECH}")
        return 0
    if args.record:
        keys = set(args.keys.read_text().split("\n")) if args.keys else None
        record(args.record, args.tapes / f"{args.record}.json", keys)
        return 0
    args.tapes.mkdir(parents=True, exist_ok=True)
    decided_by, features_by, measured_by = {}, {}, {}
    for name in ["reference", *(n for n in args.settings.split(",") if n != "reference")]:
        path = args.tapes / f"{name}.json"
        if not path.exists():
            hear(name, args.tapes, args.subset)
        tape = json.loads(path.read_text())
        decided_by[name], features_by[name] = verdicts(tape), tape.get("features", {})
        if args.edges:
            measured_by[name] = measures(tape)
        if name == "reference":
            reference_tape = tape
        decided_by[name] = decided_by["reference"] | decided_by[name]
        if args.subset and name == "reference":
            (args.tapes / "subset.txt").write_text(
                "\n".join(sorted(sensitive(decided_by[name], reference_tape)))
            )
    report_features(features_by)
    report(decided_by)
    if args.edges:
        report_edges(reference_tape, spreads(measured_by), measured_by["reference"])
    print(f"\n(re-hearing below {RECHECK}; tapes in {args.tapes})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
