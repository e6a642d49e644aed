"""`companion review FOLDER`: open the review page of an imported book (local only,
with a token): each doubtful paragraph and matrix beside the crop of its page, its text
editable and saved back into FOLDER/book.txt or FOLDER/matrices.txt (and kept over the
next import)."""

from __future__ import annotations

import argparse
import threading
from pathlib import Path

HELP = "review an imported book: doubtful paragraphs and matrices beside their pages, editable"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help="the folder import-book wrote into")
    parser.add_argument("--port", type=int, default=8766, help="the page's port (default 8766)")


def run(args: argparse.Namespace) -> int:
    from companion.cli import ArgumentError
    from companion.web.review_server import ReviewServer, ReviewUnavailable

    if not (args.folder / "book.txt").is_file():
        raise ArgumentError(f"{args.folder}: no book.txt; run companion import-book first")
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
