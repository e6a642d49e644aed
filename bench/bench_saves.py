"""Save size and the time to encode one, for every game, with a full undo history.

Plays each game a number of random answers (seeded), then compares the format a save had
before undo was kept as differences (format 1: every undo state in full, indented
pydantic JSON) with today's (format 2): bytes on disk and CPU time to encode one save
after an answer (fsync and rename left out), and the wall time of a whole write to disk
(format 1 as it was written: file fsynced and renamed; format 2 as ``write_save`` does
it: the same plus the folder fsynced), the two interleaved so both see the same load.

    .venv/bin/python bench/bench_saves.py [--answers 80] [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from companion.framework.answers import Answer
from companion.framework.dialogue import GameOptions
from companion.framework.errors import IllegalAction
from companion.games import GAME_MODULES, game_spec
from companion.session.saves import UNDO_DEPTH, SaveFile, UndoHistory, encode_save, write_save


class FormatOne(BaseModel):
    """The save as it was written before format 2 (the reference)."""

    schema_version: int = 1
    game: str
    state: dict[str, Any]
    undo: list[dict[str, Any]]


def played(game: str, answers: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The current state and the earlier states (at most UNDO_DEPTH) of a random game."""
    rng = random.Random(7)
    dialogue = game_spec(game).new(GameOptions(seed=7, players=[("Ali", "m"), ("Zoe", "f")]))
    earlier: list[dict[str, Any]] = []
    for _ in range(answers):
        if dialogue.finished:
            break
        values = dialogue.step().expects.values
        before = dialogue.to_save()
        try:
            dialogue.answer(rng.choice(values) if values else Answer.free("Ali"))
        except IllegalAction:
            continue
        earlier = [*earlier, before][-UNDO_DEPTH:]
    return dialogue.to_save(), earlier


def encode_after_answer(save: SaveFile, history: UndoHistory, before: dict[str, Any]) -> str:
    """What the session does after an answer: one new difference, then the save's text."""
    copy = UndoHistory(history)
    copy.push(before)
    return encode_save(SaveFile(game=save.game, state=save.state, undo=copy))


def write_format_one(path: Path, save: FormatOne) -> None:
    """The writer as it was before format 2 (temporary file, fsync, rename)."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(save.model_dump_json(indent=1))
        stream.flush()
        os.fsync(stream.fileno())
    os.replace(temporary, path)


def interleaved_wall_ms(first, second, runs: int) -> tuple[float, float]:
    """Median wall time of ``first`` and of ``second``, run turn about."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for action, spent in ((first, times[0]), (second, times[1])):
            start = time.perf_counter()
            action()
            spent.append(time.perf_counter() - start)
    return statistics.median(times[0]) * 1000, statistics.median(times[1]) * 1000


def cpu_ms(action, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=80, help="random answers per game")
    parser.add_argument("--runs", type=int, default=20, help="timed encodings (median)")
    args = parser.parse_args()
    print(
        "game            undo  format 1 bytes  format 2 bytes  encode 1 ms  encode 2 ms"
        "  write 1 ms  write 2 ms"
    )
    folder = Path(tempfile.mkdtemp(prefix="bench-saves-"))
    for game in sorted(GAME_MODULES):
        state, earlier = played(game, args.answers)
        old = FormatOne(game=game, state=state, undo=earlier)
        history = UndoHistory(earlier[:-1])
        new = SaveFile(game=game, state=state, undo=UndoHistory(earlier))
        old_bytes = len(old.model_dump_json(indent=1).encode())
        new_bytes = len(encode_save(new).encode())

        old_ms = cpu_ms(partial(old.model_dump_json, indent=1), args.runs)
        new_ms = cpu_ms(partial(encode_after_answer, new, history, earlier[-1]), args.runs)
        old_write, new_write = interleaved_wall_ms(
            partial(write_format_one, folder / "one.json", old),
            partial(write_save, folder / "two.json", new),
            args.runs,
        )
        print(
            f"{game:16}{len(earlier):4}{old_bytes:16}{new_bytes:16}{old_ms:13.2f}{new_ms:13.2f}"
            f"{old_write:12.1f}{new_write:12.1f}"
        )
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
