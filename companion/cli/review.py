"""`companion review FOLDER`: open the review page of an imported book (local only,
with a token): each doubtful paragraph and matrix beside the crop of its page, its text
editable and saved back into FOLDER/book.txt or FOLDER/matrices.txt (and kept over the
next import). Either file is enough: a folder with only the matrices is reviewed too."""

from __future__ import annotations

import argparse
import threading
from pathlib import Path

HELP = "review an imported book: doubtful paragraphs and matrices beside their pages, editable"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help="the folder import-book wrote into")
    parser.add_argument("--port", type=int, default=8766, help="the page's port (default 8766)")


def run(args: argparse.Namespace) -> int:
    from companion.book_import.corrections import BOOK
    from companion.book_import.folder import MATRICES
    from companion.cli import ArgumentError
    from companion.web.review_server import ReviewServer, ReviewUnavailable

    if not any((args.folder / name).is_file() for name in (BOOK, MATRICES)):
        raise ArgumentError(
            f"{args.folder}: neither {BOOK} nor {MATRICES} is there; run companion "
            "import-book or import-matrices into it first"
        )
    server = ReviewServer(args.folder, args.port)
    try:
        address = server.start()
    except ReviewUnavailable as error:
        raise ArgumentError(str(error)) from None
    print(f"Review page: {address}  (only on this computer; Ctrl-C to stop)")
    try:
        threading.Event().wait()
    finally:
        server.stop()
    return 0
