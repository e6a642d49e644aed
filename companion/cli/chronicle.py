"""``companion chronicle FILE``: show the night's Markdown chronicle (or a one-line summary)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.cli import ArgumentError
from companion.framework.shown import shown
from companion.session.observers.chronicle import summary

HELP = "show the Markdown chronicle of a night (turns told, paragraphs read, the winner)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="the chronicle's Markdown file")
    parser.add_argument(
        "--summary", action="store_true", help="print only a one-line count of the sections"
    )


def run(args: argparse.Namespace) -> int:
    try:
        text = args.file.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise ArgumentError(f"cannot read the chronicle {args.file}: {error.strerror}") from None
    text = shown(text)  # a player's name may hold terminal escapes: the terminal obeys none
    if args.summary:
        print(summary(text))
    elif sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        sys.stdout.write(text)
    return 0
