"""`companion check PACK`: load a content pack and report what it holds and what is wrong.

Exit status 0 when the pack has no problems, 1 otherwise. Unreachable paragraphs are
listed but are not problems.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.framework.errors import Problem
from companion.framework.shown import shown
from companion.games.arabian_nights.content.loader import read_pack, unreachable_paragraphs
from companion.games.arabian_nights.content.pack import Pack
from companion.games.samarande.content.loader import is_card_list, run_check

HELP = "check a content pack (Tales of the Arabian Nights, or a Samarande card list)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("pack", type=Path, help="the content pack folder, e.g. content/demo")


def run(args: argparse.Namespace) -> int:
    if is_card_list(args.pack):
        return run_check(args.pack)
    pack, problems = read_pack(args.pack)
    if pack is not None:
        print(shown(f"{pack.name or 'A pack without a name'} ({args.pack})"))
        for line in summary(pack):
            print(shown(f"  {line}"))
    pages = _PrintedPages()
    for problem in problems:
        print(shown(f"{problem}{pages.of(problem)}"))
    print(_count(len(problems), "problem"))
    if problems or pack is None:
        return 1
    unreachable = unreachable_paragraphs(pack)
    listed = f": {', '.join(map(str, unreachable))}" if unreachable else ""
    print(f"{_count(len(unreachable), 'unreachable paragraph')}{listed}")
    return 0


def summary(pack: Pack) -> list[str]:
    """What the pack holds, in a few short lines."""
    retold = sum(len(paragraph.tellings) for paragraph in pack.paragraphs.values())
    tellings = f" (and {_count(retold, 'other telling')})" if retold else ""
    text = (
        _count(len(pack.paragraphs), "result paragraph") + tellings
        if pack.has_text
        else "no paragraph text (partial pack: the Reader says 'turn to paragraph N')"
    )
    cards = len(pack.character_cards) + len(pack.terrain_cards) + len(pack.city_cards)
    return [
        f"{text}, {_count(len(pack.charts), 'encounter chart')}, "
        f"{_count(len(pack.matrices), 'matrix', 'matrices')}",
        f"{_count(cards, 'encounter card')} ({len(pack.character_cards)} character, "
        f"{len(pack.terrain_cards)} terrain, {len(pack.city_cards)} city)",
        f"{_count(len(pack.places), 'Place of Power', 'Places of Power')}, "
        f"{_count(len(pack.spaces), 'space')}, {_count(len(pack.quests), 'quest')}",
        f"{_count(len(pack.skills), 'skill')}, {_count(len(pack.statuses), 'status', 'statuses')}"
        f", {_count(len(pack.treasures), 'treasure')}, "
        f"{_count(len(pack.wealth_track), 'wealth level')}",
    ]


class _PrintedPages:
    """Where a book line was printed, from the ``# page N (file), where`` comments that
    `companion import-book` writes before each paragraph."""

    def __init__(self) -> None:
        self.comments: dict[str, list[tuple[int, str]]] = {}

    def of(self, problem: Problem) -> str:
        path = Path(problem.file)
        if not path.name.startswith("book") or problem.line <= 0:
            return ""
        if problem.file not in self.comments:
            self.comments[problem.file] = _page_comments(path)
        above = [where for line, where in self.comments[problem.file] if line <= problem.line]
        return f" (printed on {above[-1]})" if above else ""


def _page_comments(path: Path) -> list[tuple[int, str]]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return []
    return [(number, line.strip().removeprefix("# ")) for number, line in
            enumerate(text.split("\n"), start=1) if line.strip().startswith("# page ")]  # fmt: skip


def _count(number: int, singular: str, plural: str | None = None) -> str:
    return f"{number} {singular if number == 1 else plural or singular + 's'}"
