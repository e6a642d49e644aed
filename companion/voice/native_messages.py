"""The sound libraries' own messages kept off the players' terminal.

ALSA and PortAudio print straight to the process's error output when a device fails
("ALSA lib pulse.c:242:(pulse_connect) PulseAudio: Unable to connect", "Expression
'...' failed in 'src/hostapi/alsa/pa_linux_alsa.c', line: 3665"): a dozen lines of
gibberish for the players above the companion's own sentence about what went wrong.
While a game is played by voice they go into a log file beside the save instead, and
the companion's error output still reaches the terminal.

>>> import tempfile
>>> log = Path(tempfile.mkdtemp()) / "game.audio.log"
>>> with native_messages_to(log):
...     _ = os.write(2, b"ALSA lib pulse.c:242: Unable to connect\\n")
>>> log.read_text()
'ALSA lib pulse.c:242: Unable to connect\\n'
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

ERROR_OUTPUT = 2
"""The file descriptor C libraries print their messages to."""


@contextlib.contextmanager
def native_messages_to(log: Path) -> Iterator[None]:
    """Within: what is written to the error output below Python goes into ``log``
    (begun afresh); ``sys.stderr``, when it wrote there, writes to the terminal as before.
    Where ``log`` cannot be opened, nothing changes."""
    try:
        kept = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except OSError:
        yield
        return
    terminal = os.dup(ERROR_OUTPUT)
    previous = sys.stderr
    if _writes_to_error_output(previous):
        previous.flush()
        sys.stderr = io.TextIOWrapper(
            os.fdopen(os.dup(terminal), "wb", buffering=0),
            encoding=previous.encoding,
            errors=previous.errors,
            line_buffering=True,
        )
    os.dup2(kept, ERROR_OUTPUT)
    os.close(kept)
    try:
        yield
    finally:
        if sys.stderr is not previous:
            sys.stderr.close()
            sys.stderr = previous
        os.dup2(terminal, ERROR_OUTPUT)
        os.close(terminal)


def _writes_to_error_output(stream: object) -> bool:
    try:
        return stream.fileno() == ERROR_OUTPUT  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False
