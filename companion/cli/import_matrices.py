"""`companion import-matrices PAGE... --out FOLDER [--lang eng]`: read photographed or
scanned pages of the Reaction Matrix booklet into a pack's matrices.txt (see
docs/book-import-structure.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli.import_book import page_files
from companion.cli.native_messages import native_messages_to

HELP = "read photographed or scanned pages of the Reaction Matrix booklet into matrices.txt"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "pages",
        nargs="+",
        type=Path,
        metavar="PAGE",
        help="page images (PNG, JPEG, TIFF) or PDFs of the booklet",
    )
    parser.add_argument("--out", type=Path, required=True, metavar="FOLDER",
                        help="the pack folder to write matrices.txt into (its book.txt, when "
                        "imported, checks the cells)")  # fmt: skip
    parser.add_argument(
        "--lang", default="eng", help="the booklet's language as Tesseract names it (default eng)"
    )


def run(args: argparse.Namespace) -> int:
    paths = page_files(args)
    from companion.book_import.folder import ENGINE_MESSAGES, import_matrices_into

    with native_messages_to(args.out / ENGINE_MESSAGES):
        return import_matrices_into(paths, args.out, args.lang)
