"""``companion chronicle FILE``: show the night's chronicle, count it, or write its page."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.cli import ArgumentError
from companion.framework.shown import shown
from companion.session.chronicle.pages import html, markdown
from companion.session.observers.chronicle import read_night, summary
from companion.session.saves import write_atomically

HELP = "show the chronicle of a night (its turns, what was read and told, the end)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        type=Path,
        help="the chronicle's Markdown file (its journal, .jsonl, is read beside it)",
    )
    shown_as = parser.add_mutually_exclusive_group()
    shown_as.add_argument(
        "--summary", action="store_true", help="print only a one-line count of what it tells"
    )
    shown_as.add_argument(
        "--html",
        type=Path,
        metavar="PAGE",
        help="write the chronicle as a printable HTML page (open it in a browser and print "
        "it, or save it as PDF)",
    )


def run(args: argparse.Namespace) -> int:
    path = args.file.with_suffix(".md") if args.file.suffix in (".jsonl", ".html") else args.file
    try:
        night = read_night(path)
    except OSError as error:
        raise ArgumentError(f"cannot read the chronicle {args.file}: {error.strerror}") from None
    if args.html:
        try:
            write_atomically(args.html, html(night))
        except OSError as error:
            raise ArgumentError(f"cannot write {args.html}: {error.strerror}") from None
        print(f"The chronicle's page is {args.html}: open it in a browser to read or print it.")
        return 0
    if args.summary:
        print(summary(night))
        return 0
    text = shown(markdown(night))  # a player's name may hold terminal escapes: none is obeyed
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        sys.stdout.write(text)
    return 0
