"""The one family of errors a game raises, importable by pure rules modules.

* :class:`IllegalAction`: the answer is understood but the rules do not allow it now.
  The session puts the game back as it was before the answer, speaks the message as the
  reason, and asks the step again. A game never rolls back its own state.
* :class:`SetupError`: the options of a new game (players, settings, content pack)
  cannot start one. ``companion play`` prints it and exits with status 2.
* :class:`PackError`: a content pack cannot be read; it carries every :class:`Problem`
  with its file and line (as hassil's parse errors carry ``ParseMetadata(file_name,
  line_number)``), so ``companion check`` and ``companion play`` print
  ``file:line: what is wrong, how to fix it``.
* :class:`SaveError`: a save file cannot be used.

Every message is meant for the players: plain words, no internals.

>>> error = PackError.at("pack/book.txt", 12, "paragraph 3 appears twice")
>>> print(error), error.file, error.line
pack/book.txt:12: paragraph 3 appears twice
(None, 'pack/book.txt', 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


class GameError(Exception):
    """Base of the errors a game raises; the message is meant for the players."""


class IllegalAction(GameError):
    """The answer is not allowed now; the message says why, in words fit to speak."""


class SetupError(GameError):
    """The options of a new game cannot start one; the message says which and why."""


@dataclass(frozen=True, order=True)
class Problem:
    """Something wrong in a pack file, and where: ``line`` 0 means the file as a whole,
    an empty ``file`` a problem of no one file (a name the pack lacks).

    >>> str(Problem("pack/book.txt", 12, "paragraph 3 appears twice"))
    'pack/book.txt:12: paragraph 3 appears twice'
    >>> str(Problem("pack/cards.toml", 0, "no such file")), str(Problem("", 0, "no card Rukh"))
    ('pack/cards.toml: no such file', 'no card Rukh')
    """

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        if not self.file:
            return self.message
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.message}"


class PackError(ValueError):
    """A content pack cannot be used; ``problems`` lists everything wrong, in file and
    line order, one per line of ``str()``."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = sorted(problems, key=lambda problem: (problem.file, problem.line))
        super().__init__("\n".join(str(problem) for problem in self.problems))

    def first(self, count: int) -> str:
        """The first ``count`` problems, one a line, then how many more there are.

        >>> error = PackError([Problem("book.txt", line, "no text") for line in (4, 1, 9)])
        >>> print(error.first(2))
        book.txt:1: no text
        book.txt:4: no text
        ... and 1 more
        """
        shown = [str(problem) for problem in self.problems[:count]]
        more = len(self.problems) - len(shown)
        return "\n".join(shown + ([f"... and {more} more"] if more > 0 else []))

    @classmethod
    def at(cls, file: str | Path, line: int, message: str) -> PackError:
        """One problem at ``file``:``line`` (0: the file as a whole)."""
        return cls([Problem(str(file), line, message)])

    @property
    def file(self) -> str:
        """The file of the first problem."""
        return self.problems[0].file if self.problems else ""

    @property
    def line(self) -> int:
        """The line of the first problem (0: the file as a whole)."""
        return self.problems[0].line if self.problems else 0


class SaveError(Exception):
    """A save file cannot be used; the message names the file and the reason."""
