"""Load time of a full-size Book of Tales: a synthetic pack of about 2,600 paragraphs.

Generates the pack with scripts/make-synthetic-book (seeded) in a temporary folder, then
times `load_pack` and `unreachable_paragraphs` several times and prints the medians.

    .venv/bin/python bench/bench_pack_load.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.games.arabian_nights.loader import load_pack, unreachable_paragraphs

ROOT = Path(__file__).resolve().parents[1]


def median_seconds(action, runs: int) -> float:
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs (default 7)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        generator = ROOT / "scripts" / "make-synthetic-book"
        command = [sys.executable, str(generator), folder, "--seed", "1", "--paragraphs", "2600"]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        pack = load_pack(folder)
        size = f"{len(pack.paragraphs)} paragraphs + {len(pack.charts)} charts"
        load = median_seconds(lambda: load_pack(folder), args.runs)
        reach = median_seconds(lambda: unreachable_paragraphs(pack), args.runs)
    print(f"pack load ({size}): median {load * 1000:.0f} ms over {args.runs} runs")
    print(f"reachability analysis: median {reach * 1000:.0f} ms over {args.runs} runs")


if __name__ == "__main__":
    main()
