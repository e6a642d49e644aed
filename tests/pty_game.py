"""`companion` run in a real terminal (a pty) for the tests: start it, answer at its
prompts, save and quit."""

from __future__ import annotations

import io
import sys

import pexpect

PROMPT = r"\r\n> "
"""What `companion play --typed` shows when it waits for a typed answer."""


def spawn_companion(*arguments: str, env: dict[str, str] | None = None) -> pexpect.spawn:
    """``python -m companion ARGUMENTS`` in a pty, what it shows kept in ``logfile_read``."""
    child = pexpect.spawn(
        sys.executable, ["-m", "companion", *arguments], env=env, encoding="utf-8", timeout=60
    )
    child.logfile_read = io.StringIO()
    return child


def answer(child: pexpect.spawn, *answers: str) -> None:
    """Type each of ``answers`` at the next prompt."""
    for line in answers:
        child.expect(PROMPT)
        child.sendline(line)


def ended(child: pexpect.spawn, *last: str) -> str:
    """Type ``last`` (if any) at the prompts, wait for the end, check it ended well; all
    the terminal showed."""
    answer(child, *last)
    child.expect(pexpect.EOF)
    child.close()
    seen = child.logfile_read.getvalue()
    assert child.exitstatus == 0, seen
    assert "Traceback" not in seen
    return seen


def saved_and_quit(child: pexpect.spawn, *before: str) -> str:
    """Type ``before``, then save and quit, and confirm; all the terminal showed."""
    return ended(child, *before, "save and quit", "yes")
