"""Plain HTTP to a running table display, for the tests: requests, taps and the events
stream read one snapshot at a time."""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Callable
from urllib.parse import urlsplit


class Display:
    """A table display at ``address`` (its printed address, token included)."""

    def __init__(self, address: str, source: str | None = None) -> None:
        parts = urlsplit(address)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.token = parts.query.removeprefix("t=")
        self.source = (source, 0) if source else None
        """The address requests come from (another client than the players'); None: the
        system's choice."""

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        connection = self.connection(15)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            content = response.read()
            found = {name.lower(): value for name, value in response.getheaders()}
            return response.status, found, content
        finally:
            connection.close()

    def connection(self, seconds: float) -> http.client.HTTPConnection:
        """A new connection to the display, from :attr:`source`."""
        return http.client.HTTPConnection(
            self.host, self.port, timeout=seconds, source_address=self.source
        )

    def tap(self, serial: int, index: int, **headers: str) -> int:
        """POST a tap as the page does; its status."""
        body = json.dumps({"serial": serial, "index": index}).encode()
        sent = {"Content-Type": "application/json", "X-Table-Token": self.token, **headers}
        return self.request("POST", "/tap", body, sent)[0]

    def moment(self, wanted: Callable[[dict], bool], seconds: float = 15) -> dict:
        """The first snapshot on the events stream for which ``wanted`` is true."""
        connection = self.connection(seconds)
        deadline = time.monotonic() + seconds
        try:
            connection.request("GET", f"/events?t={self.token}")
            response = connection.getresponse()
            assert response.status == 200, response.status
            while time.monotonic() < deadline:
                line = response.fp.readline()
                if not line:
                    break
                if line.startswith(b"data: "):
                    moment = json.loads(line[6:])
                    if wanted(moment):
                        return moment
        finally:
            connection.close()
        raise AssertionError("the page never showed the moment waited for")

    def open_question(self, seconds: float = 15, after: int = 0) -> dict:
        """The next question with buttons being asked, newer than serial ``after``."""
        return self.moment(lambda m: m["answers"] and m["serial"] > after, seconds)
