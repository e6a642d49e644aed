"""A stranger's flood of half-open connections (``GET / HTTP/1.1`` and hold), for the
display's tests and bench: loopback only, bounded in count, in connections made and in
time, and stopped by itself."""

from __future__ import annotations

import errno
import http.client
import os
import re
import resource
import selectors
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tests.web.http_client import Display

HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
"""A request that never ends: no blank line after the headers."""


def allow_descriptors(needed: int) -> bool:
    """Raise this process's soft RLIMIT_NOFILE to ``needed`` if the hard limit allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return True
    if hard != resource.RLIM_INFINITY and hard < needed:
        return False
    resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    return True


def descriptors_of(pid: int) -> int:
    """How many file descriptors process ``pid`` has open (0 where it cannot tell)."""
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


@dataclass
class FloodCount:
    """What the flood did."""

    opened: int = 0
    """Connections begun."""
    held: int = 0
    """Connections the server accepted and that were sent the half request."""
    closed_by_server: int = 0
    refused: int = 0
    """Connections that never got through (refused or reset while connecting)."""
    most_held_at_once: int = 0
    """The most connections open at once on the flood's side (begun or held)."""
    most_server_descriptors: int = 0
    """The most file descriptors the server's process had open (when ``watch`` is given)."""


class HalfOpenFlood:
    """Keeps ``count`` half-open connections to ``port`` on 127.0.0.1 (from ``source``,
    one client's address), opening a new one for each the server closes, until
    :meth:`stop`, ``seconds`` or ``most_opened``."""

    def __init__(
        self,
        port: int,
        count: int = 1000,
        seconds: float = 120.0,
        most_opened: int = 40_000,
        watch: int | None = None,
        source: str | None = None,
    ) -> None:
        self.port, self.count, self.seconds, self.most_opened = port, count, seconds, most_opened
        self.watch = watch
        self.source = source
        """The address the flood comes from (one client); None: the system's choice."""
        self.done = FloodCount()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> HalfOpenFlood:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=30)

    def wait_until_held(self, connections: int, seconds: float = 30) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.done.most_held_at_once < connections:
            time.sleep(0.05)
        return self.done.most_held_at_once >= connections

    def _open(self, selector: selectors.BaseSelector) -> None:
        connection = socket.socket()
        connection.setblocking(False)
        if self.source is not None:
            connection.bind((self.source, 0))
        code = connection.connect_ex(("127.0.0.1", self.port))
        if code not in (0, errno.EINPROGRESS):
            connection.close()
            return
        self.done.opened += 1
        selector.register(connection, selectors.EVENT_WRITE, "connecting")

    def _run(self) -> None:
        selector = selectors.DefaultSelector()
        deadline = time.monotonic() + self.seconds
        try:
            while not self._stop.is_set() and time.monotonic() < deadline:
                while len(selector.get_map()) < self.count and self.done.opened < self.most_opened:
                    self._open(selector)
                self.done.most_held_at_once = max(
                    self.done.most_held_at_once, len(selector.get_map())
                )
                if self.watch is not None:
                    self.done.most_server_descriptors = max(
                        self.done.most_server_descriptors, descriptors_of(self.watch)
                    )
                for key, _ in selector.select(timeout=0.05):
                    self._event(selector, key)
        finally:
            for key in list(selector.get_map().values()):
                key.fileobj.close()  # type: ignore[union-attr]
            selector.close()

    def _event(self, selector: selectors.BaseSelector, key: selectors.SelectorKey) -> None:
        connection: socket.socket = key.fileobj  # type: ignore[assignment]
        if key.data == "connecting":
            if connection.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                try:
                    connection.send(HALF_REQUEST)
                    selector.modify(connection, selectors.EVENT_READ, "held")
                    self.done.held += 1
                    return
                except OSError:
                    pass
            self.done.refused += 1
        else:
            self.done.closed_by_server += 1
        selector.unregister(connection)
        connection.close()


# -- the game played meanwhile ---------------------------------------------------------

MINI = Path(__file__).parents[1] / "arabian_nights" / "fixtures" / "mini"
HALF_OPEN = 1000
PI_DESCRIPTORS = 1024
ANSWERS = [
    "choose", "storytelling", "piety", "courtly graces", "seamanship", "quick thinking",
    "beauty", "10", "10", "Ali", "stay", "wanderer", "5", "pray", "blank", "Mosul",
    *["undo", "Mosul"] * 20,
]  # fmt: skip
APPLIED = 16
"""Answers that change the game and so leave a state to undo in the save."""


class TypedGame:
    """`companion play --typed --display` in a subprocess with the Pi's descriptor limit,
    its answers typed one at a time."""

    def __init__(self, folder: Path) -> None:
        self.save = folder / "game.json"
        command = [
            "sh", "-c", f"ulimit -Sn {PI_DESCRIPTORS} 2>/dev/null; exec \"$0\" \"$@\"",
            sys.executable, "-m", "companion", "play", "--typed", "--new", "--display",
            "--display-port", "0", "--pack", str(MINI), "--players", "Ali:m,Zed:f",
            "--seed", "1", "--save", str(self.save),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "XDG_DATA_HOME": str(folder)},
        )
        self.out: list[str] = []
        self.err: list[str] = []
        self._readers = [
            threading.Thread(target=_drain, args=(self.process.stdout, self.out), daemon=True),
            threading.Thread(target=_drain, args=(self.process.stderr, self.err), daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def address(self, seconds: float = 60) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in self.err:
                if found := re.search(r"The table display: (http://\S+)", line):
                    return found.group(1)
            time.sleep(0.05)
        raise AssertionError(f"no address printed: {self.err}")

    def type(self, answer: str) -> None:
        """One answer typed, the input left open."""
        assert self.process.stdin is not None
        self.process.stdin.write(answer + "\n")
        self.process.stdin.flush()

    def play(self, answers: list[str], pause: float = 0.05) -> None:
        assert self.process.stdin is not None
        for answer in answers:
            self.process.stdin.write(answer + "\n")
            self.process.stdin.flush()
            time.sleep(pause)
        self.process.stdin.close()

    def finish(self, seconds: float = 120) -> int:
        code = self.process.wait(timeout=seconds)
        for reader in self._readers:
            reader.join(timeout=5)
        return code


def _drain(stream, lines: list[str]) -> None:
    for line in stream:
        lines.append(line)


def page_loads(address: str, seconds: float = 20) -> float:
    """Seconds until a player's page loads (it is retried while the flood holds the line)."""
    host, port = address.split("//")[1].split("/")[0].split(":")
    path = "/" + address.split("/", 3)[3]
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        connection = http.client.HTTPConnection(host, int(port), timeout=5)
        try:
            connection.request("GET", path)
            if connection.getresponse().status == 200:
                return time.monotonic() - began
        except OSError:
            pass
        finally:
            connection.close()
    raise AssertionError("a player's page never loaded during the flood")


STRANGER = "127.0.0.2"
"""The address a stranger's flood comes from: another client than the players' (Linux
routes all of 127.0.0.0/8 to loopback)."""


def tap_answered(page: Display, after: int = 0) -> tuple[int, float]:
    """A player taps the first button of the next question on ``page``: the question's
    serial and the seconds from the tap sent to its answer (204) received, on a new
    connection, as a phone whose connection has been idle makes it."""
    asked = page.open_question(seconds=60, after=after)
    began = time.monotonic()
    status = page.tap(asked["serial"], 0)
    assert status == 204, status
    return asked["serial"], time.monotonic() - began
