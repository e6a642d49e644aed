"""The native libraries' own messages kept off the user's terminal.

ALSA and PortAudio print straight to the process's error output when a device fails
("ALSA lib pulse.c:242:(pulse_connect) PulseAudio: Unable to connect", "Expression
'...' failed in 'src/hostapi/alsa/pa_linux_alsa.c', line: 3665"), Leptonica when
Tesseract reads a page with no text ("Error in pixScanForForeground: invalid box"): lines
of gibberish above the companion's own sentence about what went wrong. While a game is
played by voice, or pages are read, they go into a log file instead (written as they
come, so a process killed outright leaves them too), and the companion's error output
still reaches the terminal.

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
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

ERROR_OUTPUT = 2
"""The file descriptor native libraries print their messages to."""


@contextlib.contextmanager
def native_messages_to(log: Path) -> Iterator[None]:
    """Within: what is written to the error output below Python goes into ``log`` (the
    log of an earlier run removed at the end when there was nothing; kept aside and
    written at the end when ``log``'s folder does not exist yet, and nothing written when
    it does not exist then either); ``sys.stderr``, when it wrote there, writes to the
    terminal as before."""
    direct = _opened(log)
    with direct or tempfile.TemporaryFile() as kept:
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
        os.dup2(kept.fileno(), ERROR_OUTPUT)
        try:
            yield
        finally:
            if sys.stderr is not previous:
                sys.stderr.close()
                sys.stderr = previous
            os.dup2(terminal, ERROR_OUTPUT)
            os.close(terminal)
            _keep(kept, log, written_there=direct is not None)


def _opened(log: Path) -> IO[bytes] | None:
    """``log`` opened to be written from the start, or None when it cannot be."""
    try:
        return log.open("w+b")
    except OSError:
        return None


def _keep(kept: IO[bytes], log: Path, written_there: bool) -> None:
    kept.seek(0)
    messages = kept.read()
    with contextlib.suppress(OSError):
        if not messages:
            log.unlink(missing_ok=True)
        elif not written_there:
            log.write_bytes(messages)


def _writes_to_error_output(stream: object) -> bool:
    try:
        return stream.fileno() == ERROR_OUTPUT  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False
