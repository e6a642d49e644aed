"""`companion import-book PAGE... --out FOLDER [--world FOLDER] [--lang eng]`: read
photographed or scanned pages of a Book of Tales into a pack folder (see
docs/book-import-structure.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.cli import ArgumentError
from companion.cli.native_messages import native_messages_to

HELP = "read photographed or scanned pages of a Book of Tales into a pack's book.txt"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("pages", nargs="+", type=Path, metavar="PAGE",
                        help="page images (PNG, JPEG, TIFF) or PDFs, in any order")  # fmt: skip
    parser.add_argument("--out", type=Path, required=True, metavar="FOLDER",
                        help="the pack folder to write book.txt and review.txt into")  # fmt: skip
    parser.add_argument("--world", type=Path, metavar="FOLDER",
                        help="a pack folder whose world.txt (and matrices.txt) name the book's "
                        "skills, statuses, treasures and places")  # fmt: skip
    parser.add_argument("--lang", default="eng",
                        help="the book's language as Tesseract names it (default eng)")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    if args.world is not None and not (args.world / "world.txt").is_file():
        raise ArgumentError(f"--world {args.world}: no world.txt in that folder")
    paths = page_files(args)
    from companion.book_import.folder import ENGINE_MESSAGES, import_into

    with native_messages_to(args.out / ENGINE_MESSAGES):
        return import_into(paths, args.out, args.world, args.lang)


def page_files(args: argparse.Namespace) -> list[Path]:
    """The PAGE files that exist (each missing one named on the terminal); refuses an
    --out that is a file, or no page at all."""
    if args.out.exists() and not args.out.is_dir():
        raise ArgumentError(f"--out {args.out}: is a file, not a folder")
    for path in args.pages:
        if not path.is_file():
            print(f"{path}: no such file; left out", file=sys.stderr)
    paths = [path for path in args.pages if path.is_file()]
    if not paths:
        raise ArgumentError("no page file to read")
    return paths
