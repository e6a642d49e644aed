"""``companion map PACK``: write the SVG map of a Tales of the Arabian Nights pack."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli import ArgumentError
from companion.games.arabian_nights.board_map import map_svg
from companion.games.arabian_nights.content.loader import read_pack

HELP = "draw a printable SVG map of a Tales of the Arabian Nights content pack"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("pack", type=Path, help="the content pack folder, e.g. content/demo")
    parser.add_argument(
        "--output", "-o", type=Path, default=Path("map.svg"), help="the SVG file to write"
    )


def run(args: argparse.Namespace) -> int:
    pack, problems = read_pack(args.pack)
    if pack is None or problems:
        raise ArgumentError(f"{args.pack} has problems; run companion check {args.pack}")
    if not pack.spaces:
        raise ArgumentError(f"{args.pack} has no [spaces] to draw")
    try:
        args.output.write_text(map_svg(pack), encoding="utf-8")
    except OSError as error:
        raise ArgumentError(f"cannot write {args.output}: {error.strerror}") from None
    print(f"Wrote the map of {pack.name} to {args.output}.")
    return 0
