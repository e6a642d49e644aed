"""How much a table listens to: words spoken per decision and the longest prompt, per mode.

Seeded typed games of every mode with the shipped content, played by a table new to the
game (testkit/typed_table.py: mostly answers offered, now and then help, repeat, a mumble
or a move the rules refuse). Per mode, over the seeds: games finished, decisions, the words
said before the first question, the longest prompt (anything said in one go that is not a
reading of the tale) with its first words, and the words spoken per decision (mean,
median, 90th percentile). Counting words needs no clock: the figures are exact for a
seed on any machine.

    scripts/bench bench/bench_words_per_decision.py [-- --seeds 1 2 3 --modes samarande]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.session.events import Outcome  # noqa: E402
from testkit.typed_table import MODES, WordCount, play_typed  # noqa: E402


def row(mode: str, counts: list[WordCount], finished: int) -> str:
    decisions = [words for count in counts for words in count.per_decision]
    decisions.sort()
    longest = max((count.longest_prompt for count in counts), key=lambda pair: pair[0])
    opening = max(count.opening for count in counts)
    p90 = decisions[min(len(decisions) - 1, int(0.9 * len(decisions)))]
    start = " ".join(longest[1].split()[:8])
    return (
        f"| {mode} | {finished}/{len(counts)} | {len(decisions)} | {opening} | "
        f"{longest[0]} ({start} …) | {statistics.fmean(decisions):.1f} | "
        f"{statistics.median(decisions):.0f} | {p90} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--modes", nargs="*", default=list(MODES))
    parser.add_argument("--seeds", nargs="*", type=int, default=[1, 2, 3])
    parser.add_argument("--most-answers", type=int, default=1500)
    args = parser.parse_args()
    print(
        "| mode | finished | decisions | words before the first question | longest prompt "
        "(words) | words per decision: mean | median | p90 |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for mode in args.modes:
        played = [play_typed(mode, seed, args.most_answers) for seed in args.seeds]
        finished = sum(game.ending is Outcome.FINISHED for game in played)
        print(row(mode, [game.count for game in played], finished), flush=True)


if __name__ == "__main__":
    main()
