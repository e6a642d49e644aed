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

from companion.games.arabian_nights.content.loader import load_pack, unreachable_paragraphs

ROOT = Path(__file__).resolve().parents[1]


def medians_ms(action, runs: int) -> str:
    """Median wall-clock and CPU time of ``action``; CPU time suffers less from a busy host."""
    wall, cpu = [], []
    for _ in range(runs):
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append(time.perf_counter() - start_wall)
        cpu.append(time.process_time() - start_cpu)
    return (
        f"median {statistics.median(wall) * 1000:.0f} ms wall, "
        f"{statistics.median(cpu) * 1000:.0f} ms CPU over {runs} runs"
    )


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
        load = medians_ms(lambda: load_pack(folder), args.runs)
        reach = medians_ms(lambda: unreachable_paragraphs(pack), args.runs)
    print(f"pack load ({size}): {load}")
    print(f"reachability analysis: {reach}")


if __name__ == "__main__":
    main()
