"""`companion lookup PACK`: chart and matrix lookups for people who read their own book.

companion lookup PACK --chart 4 --roll 6 --space 4 --destiny 9    ->  12 Terrible Storm (F)
companion lookup PACK --matrix F --row Terrible --reaction Pray   ->  702 703 704
companion lookup PACK --matrix F --row Terrible --reaction Pray --die plus  ->  704
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli import ArgumentError
from companion.framework.errors import PackError
from companion.games.arabian_nights.content.loader import load_pack
from companion.games.arabian_nights.content.pack import Pack
from companion.games.arabian_nights.rules.encounter import encounter_total

HELP = "look up an encounter chart entry or a reaction matrix cell in a content pack"
DIE_FACES = ("minus", "blank", "plus")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "pack", type=Path, nargs="?", help="the content pack folder, e.g. content/demo"
    )
    chart = parser.add_argument_group("encounter chart")
    chart.add_argument("--chart", help="the chart's paragraph number")
    chart.add_argument("--roll", help="the die roll, 1 to 6")
    chart.add_argument("--space", help="the space's printed number, or its name")
    chart.add_argument("--destiny", default="0", help="your Destiny points")
    matrix = parser.add_argument_group("reaction matrix")
    matrix.add_argument("--matrix", help="the matrix letter, A to O")
    matrix.add_argument("--row", help="the adjective (or whole name) of what you met")
    matrix.add_argument("--reaction", help="the reaction you chose")
    matrix.add_argument("--die", help="the Destiny Die face: minus, blank or plus")


def run(args: argparse.Namespace) -> int:
    if args.pack is None:
        raise ArgumentError("give the pack folder first, e.g. companion lookup content/demo ...")
    if (args.chart is None) == (args.matrix is None):
        raise ArgumentError("give either --chart N --roll R or --matrix L --row R --reaction X")
    pack = _load(args.pack)
    print(chart_line(pack, args) if args.chart is not None else matrix_line(pack, args))
    return 0


def chart_line(pack: Pack, args: argparse.Namespace) -> str:
    """The chart entry for the roll total, e.g. ``12 Terrible Storm (F)``."""
    chart = pack.charts.get(_whole_number("--chart", args.chart))
    if chart is None:
        charts = ", ".join(map(str, pack.charts)) or "none"
        raise ArgumentError(f"paragraph {args.chart} is not an encounter chart (charts: {charts})")
    roll = _whole_number("--roll", args.roll)
    if not 1 <= roll <= 6:
        raise ArgumentError(f"--roll is the die roll, 1 to 6, not {roll}")
    destiny = _whole_number("--destiny", args.destiny)
    total = encounter_total(roll, _space_number(pack, args.space), destiny, pack.destiny_bonuses)
    return chart.entry(total).describe()


def matrix_line(pack: Pack, args: argparse.Namespace) -> str:
    """The paragraph for ``--die``, or the three paragraphs for minus, blank and plus."""
    matrix = pack.matrices.get(args.matrix.upper())
    if matrix is None:
        raise ArgumentError(f"no matrix {args.matrix} (matrices: {', '.join(pack.matrices)})")
    if args.row is None or args.reaction is None:
        raise ArgumentError("--matrix needs --row and --reaction")
    found = matrix.split_name(args.row)
    if found is None:
        rows = ", ".join(matrix.rows)
        raise ArgumentError(f"matrix {matrix.letter} has no row {args.row!r} (rows: {rows})")
    try:
        candidates = matrix.candidates(found[0], args.reaction)
    except KeyError:
        names = ", ".join(reaction.name for reaction in matrix.reactions)
        raise ArgumentError(
            f"matrix {matrix.letter} has no reaction {args.reaction!r} (reactions: {names})"
        ) from None
    if args.die is None:
        return " ".join(map(str, candidates))
    if args.die.lower() not in DIE_FACES:
        raise ArgumentError(f"--die is minus, blank or plus, not {args.die!r}")
    return str(candidates[DIE_FACES.index(args.die.lower())])


def _whole_number(option: str, value: str | None) -> int:
    if value is None:
        raise ArgumentError(f"{option} is missing")
    try:
        return int(value)
    except ValueError:
        raise ArgumentError(f"{option} needs a whole number, not {value!r}") from None


def _space_number(pack: Pack, space: str | None) -> int | None:
    if space is None or space.strip() in ("", "-"):
        return None
    if space.strip().isdigit():
        return int(space)
    name = pack.canonical(space)
    if name not in pack.spaces:
        raise ArgumentError(f"--space {space!r} is neither a number nor a space of the pack")
    return pack.spaces[name].number


def _load(path: Path) -> Pack:
    try:
        return load_pack(path)
    except PackError:
        raise ArgumentError(f"{path} is not a valid pack; run: companion check {path}") from None
