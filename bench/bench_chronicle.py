"""The night's chronicle of a whole seeded night of every mode (tests/chronicling.py):
its words, and its lines that are no part of the story.

Each game is played to its end through the session, typed, by a table that also errs
(refused answers, undo, "help" and "status", a sheet corrected by hand in the Reader);
what was refused, undone and corrected is found out by trying each answer on a copy of
the game, so the same figures can be taken of an older chronicle.

    scripts/bench bench/bench_chronicle.py [-- --seed N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.chronicling import MODES, figures, play_night  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep the chronicles in a new folder in this one")
    args = parser.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="chronicles-", dir=args.keep))
    rows = []
    for mode, setup in MODES.items():
        started = time.process_time()
        night = play_night(mode, folder, seed=args.seed)
        seconds = time.process_time() - started
        rows.append((mode, night.finished, figures(night, setup.language), seconds))
    names = list(rows[0][2])
    print(f"{'mode':<17}{'ended':>6}" + "".join(f"{name:>25}" for name in names) + f"{'CPU s':>8}")
    for mode, finished, counted, seconds in rows:
        cells = "".join(f"{counted[name]:>25}" for name in names)
        print(f"{mode:<17}{'yes' if finished else 'no':>6}{cells}{seconds:>8.1f}")
    print(f"chronicles in {folder}")


if __name__ == "__main__":
    main()
