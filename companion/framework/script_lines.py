"""The lines of a script (standard input from a pipe or a file), read by one reader in
the whole process, so that whoever reads them can wait for the next with a time limit.

Both the ears (each answer) and a telling (its lines) read a script from standard
input. A stream cannot be waited on with a time limit: ``select`` does not see the lines
already in Python's buffer. So one thread reads the stream line by line into a queue;
:meth:`ScriptLines.ready` waits for a line at most so long, which lets a telling ended
from a page stop waiting for its next line at once.

>>> import io
>>> lines = ScriptLines(io.StringIO("speak 20 once\\nthe end\\n"))
>>> lines.ready(5), next(lines), list(lines)
(True, 'speak 20 once\\n', ['the end\\n'])
>>> lines.ready(0.01)  # the end of the script: reading ends at once
True
>>> next(lines, None) is None
True
"""

from __future__ import annotations

import math
import queue
import threading
from typing import ClassVar, TextIO

_END = ""
"""What the reader queues at the end of the stream."""


class ScriptLines:
    """The lines of ``stream``, read in a thread of their own (see the module)."""

    _of: ClassVar[dict[int, tuple[TextIO, ScriptLines]]] = {}
    _of_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, stream: TextIO) -> None:
        self._queue: queue.Queue[str] = queue.Queue()
        self._ahead: list[str] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    @classmethod
    def of(cls, stream: TextIO) -> ScriptLines:
        """The one reader of ``stream`` in this process (every reader of standard input
        shares it, so that no line goes to a reader that no longer waits for it)."""
        with cls._of_lock:
            known = cls._of.get(id(stream))
            if known is None or known[0] is not stream:
                known = (stream, cls(stream))
                cls._of[id(stream)] = known
            return known[1]

    def ready(self, seconds: float) -> bool:
        """Whether a line (or the end of the script) can be read at once, waiting for
        one at most ``seconds`` (inf: as long as it takes)."""
        with self._lock:
            if self._ahead:
                return True
        try:
            line = self._queue.get(timeout=None if math.isinf(seconds) else max(0.0, seconds))
        except queue.Empty:
            return False
        with self._lock:
            self._ahead.append(line)
        return True

    def __iter__(self) -> ScriptLines:
        return self

    def __next__(self) -> str:
        with self._lock:
            line = self._ahead.pop(0) if self._ahead else None
        if line is None:
            line = self._queue.get()
        if line == _END:
            with self._lock:
                self._ahead.insert(0, _END)  # every later read ends too
            raise StopIteration
        return line

    def _read(self, stream: TextIO) -> None:
        try:
            for line in iter(stream.readline, ""):
                self._queue.put(line)
        except (OSError, ValueError):  # the stream closed under the reader
            pass
        self._queue.put(_END)
