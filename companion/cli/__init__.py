"""The `companion` command line: one subcommand per module, imported on demand.

Each subcommand module exposes ``HELP`` (one line), ``configure(parser)`` to add its
arguments and ``run(args) -> int`` returning the exit code. Modules keep heavy imports
(speech engines) inside ``run`` so that ``companion --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from companion.framework.shown import shown

SUBCOMMANDS: dict[str, str] = {
    "play": "companion.cli.play",
    "check": "companion.cli.check",
    "lookup": "companion.cli.lookup",
    "map": "companion.cli.map",
    "hear": "companion.cli.hear",
    "say": "companion.cli.say",
    "devices": "companion.cli.devices",
    "chronicle": "companion.cli.chronicle",
    "import-book": "companion.cli.import_book",
    "import-matrices": "companion.cli.import_matrices",
    "review": "companion.cli.review",
}


class ArgumentError(Exception):
    """A command-line argument is wrong; the message says which and why."""


def _available_subcommands() -> dict[str, object]:
    modules = {}
    for name, module_name in SUBCOMMANDS.items():
        try:
            modules[name] = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
    return modules


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, object]]:
    parser = argparse.ArgumentParser(
        prog="companion", description="An offline, voice-driven Reader for storytelling games."
    )
    subparsers = parser.add_subparsers(dest="command", required=True)
    modules = _available_subcommands()
    for name, module in modules.items():
        sub = subparsers.add_parser(name, help=module.HELP, description=module.HELP)
        module.configure(sub)
    return parser, modules


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; Ctrl-C at any moment (even while starting) ends it quietly."""
    try:
        parser, modules = build_parser()
        args = parser.parse_args(argv)
        try:
            return modules[args.command].run(args)
        except ArgumentError as error:
            print(f"companion {args.command}: error: {shown(str(error))}", file=sys.stderr)
            return 2
    except KeyboardInterrupt:
        print("companion: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 141


def _silence_stdout() -> None:
    """Output went to a pipe that closed (``companion ... | head``): stop writing quietly."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
