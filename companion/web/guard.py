"""What keeps a stranger on the Wi-Fi from holding the table display, or the game, back.

The display listens on the table's network, where anyone may connect without the token.
:class:`ConnectionGuard` bounds what they can hold: a fixed number of connections, sized
from the process's file-descriptor limit with a reserve kept for the game's saves; a
connection that has not sent a whole request within :data:`REQUEST_SECONDS` (half-sent
headers or body, an idle keep-alive) is closed; when every slot is taken, the oldest
connection that is not being served (a half-open or idle one) of the address holding the
most makes room for the new one, so pages that are following the game are never the
ones dropped, and one client's flood never drops another's connection.

Each client (an address) is held to its share: at most :data:`PER_ADDRESS_CONNECTIONS`
connections at once, new connections and requests at a bounded rate (token buckets,
:data:`CONNECTION_RATE`, :data:`REQUEST_RATE`). A connection over its client's share is
closed as soon as it is accepted, before anything of it is read; a request over it is
answered 429 and its connection closed. A phone's browser stays well inside its share.

:func:`guarded_protocol` is uvicorn's h11 protocol with the guard; :class:`Headers` is an
ASGI wrapper that refuses unknown ``Host`` names (DNS rebinding) and sends every response
with headers that forbid framing, sniffing and referrers; :func:`quiet_logging` routes
uvicorn's and the server loop's messages to a bounded log file, never to the terminal.
"""

from __future__ import annotations

import ipaddress
import logging
import logging.handlers
import os
import resource
import socket
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from pathlib import Path
from typing import Any

import uvicorn
from token_bucket import Limiter, MemoryStorage
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_SECONDS = 10.0
"""How long a connection may take to send a whole request (headers and body)."""
KEEP_ALIVE_SECONDS = 5
"""How long an idle keep-alive connection is kept."""
FD_RESERVE = 128
"""File descriptors never used by the display: saves, the chronicle, audio, models."""
MOST_CONNECTIONS = 128
"""The most connections the display holds at once (a table needs a few per phone)."""
FEWEST_CONNECTIONS = 8
BACKLOG = 16
"""How many connections the server's loop accepts at once (each a descriptor until its
guard has closed it)."""
WAITING = 4096
"""The kernel's queue of connections waiting to be accepted (the system caps it at
``net.core.somaxconn``): when it is full the system drops new connections, a player's
with a flood's, and a phone waits a second or more to try again."""
MAX_HEADER_BYTES = 8192
"""Request line and headers longer than this are refused (400) by h11."""
PER_ADDRESS_CONNECTIONS = 32
"""The most connections one client holds at once: a browser opens up to six to a server,
and one more for each page that follows the game."""
CONNECTION_RATE = (10.0, 60)
"""New connections one client may open: ten a second, in bursts of up to sixty."""
REQUEST_RATE = (20.0, 120)
"""Requests one client may make: twenty a second, in bursts of up to 120 (a page's load
is five, a tap one)."""
LOG_BYTES = 256 * 1024
"""The display's log file is rotated at this size (one old file kept)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
        b"form-action 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
]
"""Sent with every response: never framed (clickjacking), nothing loaded from elsewhere,
no token leaked in a Referer, nothing cached."""


def open_descriptors() -> int:
    """How many file descriptors this process has open now (0 where it cannot tell)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 0


def connection_budget(reserve: int = FD_RESERVE) -> int:
    """How many connections the display may hold: what the descriptor limit leaves once
    those open now, the reserve and the listening queue are set aside, at most
    :data:`MOST_CONNECTIONS`.

    >>> FEWEST_CONNECTIONS <= connection_budget() <= MOST_CONNECTIONS
    True
    """
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    spare = soft - open_descriptors() - reserve - BACKLOG
    return max(FEWEST_CONNECTIONS, min(MOST_CONNECTIONS, spare))


class ConnectionGuard:
    """The connections the display holds, in the order they came, at most ``budget``,
    each client (an address) within its share.

    >>> guard = ConnectionGuard(budget=100)
    >>> [guard.admit(object(), "192.168.1.66") for _ in range(PER_ADDRESS_CONNECTIONS + 1)][-2:]
    [True, False]
    >>> guard.admit(object(), "192.168.1.23"), guard.held, guard.over_share
    (True, 33, 1)
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._held: dict[Any, str] = {}
        """Each connection held (its protocol), by the address it comes from."""
        self._per_address: Counter[str] = Counter()
        self._arrivals = Limiter(*CONNECTION_RATE, MemoryStorage())
        self._requests = Limiter(*REQUEST_RATE, MemoryStorage())
        self.refused = 0
        """Connections closed at once because every slot was serving a request."""
        self.over_share = 0
        """Connections closed at once because their client held, or opened, too many."""
        self.evicted = 0
        """Half-open or idle connections closed to make room for a newer one."""
        self.timed_out = 0
        """Connections closed for not sending a whole request in time."""
        self.throttled = 0
        """Requests refused (429) because their client made too many."""

    @property
    def held(self) -> int:
        return len(self._held)

    def admit(self, protocol: Any, address: str) -> bool:
        """Take ``protocol``, from ``address``, in, making room when full; False: it must
        be closed now."""
        if self._per_address[address] >= PER_ADDRESS_CONNECTIONS or not self._arrivals.consume(
            address
        ):
            self.over_share += 1
            return False
        if len(self._held) >= self.budget:
            idle = self._idle_of_busiest()
            if idle is None:
                self.refused += 1
                return False
            self.evicted += 1
            self.release(idle)
            idle.transport.abort()
        self._held[protocol] = address
        self._per_address[address] += 1
        return True

    def release(self, protocol: Any) -> None:
        address = self._held.pop(protocol, None)
        if address is not None:
            self._per_address[address] -= 1
            if not self._per_address[address]:
                del self._per_address[address]

    def may_request(self, address: str) -> bool:
        """Whether a request from ``address`` is within its client's rate."""
        if self._requests.consume(address or "-"):
            return True
        self.throttled += 1
        return False

    def _idle_of_busiest(self) -> Any | None:
        """The oldest connection not being served of the client holding the most."""
        for address, _ in self._per_address.most_common():
            for held, held_from in self._held.items():
                if held_from == address and not serving(held):
                    return held
        return None


def serving(protocol: H11Protocol) -> bool:
    """Whether a whole request came on ``protocol`` and its response is still going (a
    page's event stream, a tap being answered)."""
    cycle = protocol.cycle
    return cycle is not None and not cycle.response_complete and not cycle.more_body


def guarded_protocol(guard: ConnectionGuard) -> type[H11Protocol]:
    """uvicorn's h11 protocol, holding its connection only as ``guard`` allows and only
    while requests come whole and in time."""

    class GuardedProtocol(H11Protocol):
        _deadline: Any = None

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            if not guard.admit(self, str(peer[0]) if peer else "-"):
                self.transport = transport
                transport.abort()
                return
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self)
            if self._deadline is not None:
                self._deadline.cancel()
            if self.flow is not None:  # never admitted: nothing of uvicorn's to undo
                super().connection_lost(exc)

        def handle_events(self) -> None:
            try:
                super().handle_events()
            except Exception:  # a request uvicorn cannot decode (a path that is not ASCII)
                self.logger.warning("Malformed HTTP request refused.")
                try:
                    self.send_400_response("Malformed HTTP request.")
                except Exception:  # too late for a response: just hang up
                    self.transport.abort()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def _arm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

        def _too_slow(self) -> None:
            self._deadline = None
            if not serving(self) and not self.transport.is_closing():
                guard.timed_out += 1
                self.transport.abort()

    return GuardedProtocol


class WideQueueServer(uvicorn.Server):
    """uvicorn's server, its sockets' waiting queue widened to :data:`WAITING` once it
    serves: asyncio listens with the number of connections it accepts at once
    (:data:`BACKLOG`), which as the kernel's queue would be filled by a flood in no time."""

    async def startup(self, sockets: Sequence[socket.socket] | None = None) -> None:  # type: ignore[override]
        await super().startup(list(sockets) if sockets is not None else None)
        for sock in sockets or ():
            sock.listen(WAITING)


def allowed_host(host_header: str) -> bool:
    """Whether a request's ``Host`` names this machine by address, ``localhost`` or its
    own host name: a page from a name an attacker controls (DNS rebinding) is refused.

    >>> hosts = ("127.0.0.1:8765", "[::1]:80", "192.168.1.20", "evil.example:8765")
    >>> [allowed_host(host) for host in hosts]
    [True, True, True, False]
    """
    name = host_header.rsplit(":", 1)[0] if not host_header.endswith("]") else host_header
    name = name.strip("[]").casefold()
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    own = socket.gethostname().casefold()
    return name in ("localhost", own, f"{own}.local")


class Headers:
    """ASGI wrapper: refuses a request over its client's rate (429, see
    :meth:`ConnectionGuard.may_request`) and an unknown ``Host`` (403), and adds
    :data:`SECURITY_HEADERS`."""

    def __init__(self, app: ASGIApp, guard: ConnectionGuard) -> None:
        self.app = app
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client") or ("-", 0)
        if not self.guard.may_request(str(client[0])):
            await _plain(send, 429, b"Too many requests.", close=True)
            return
        host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
        if not allowed_host(host):
            await _plain(send, 403, b"Unknown host name.")
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, secured)


async def _plain(send: Send, status: int, body: bytes, close: bool = False) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8"), *SECURITY_HEADERS]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


DISPLAY_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access")


class _QuietFile(logging.handlers.RotatingFileHandler):
    """A log file that, when it cannot be written (a full disk, a folder removed), drops
    the message instead of printing logging's own traceback in the terminal."""

    def handleError(self, record: logging.LogRecord) -> None:
        """Nothing reaches the players' terminal."""


def quiet_logging(log_path: Path | None) -> logging.Handler:
    """Send uvicorn's messages to ``log_path`` (rotated, bounded), or nowhere: never to the
    players' terminal. Returns the handler, for the server loop's own errors."""
    handler: logging.Handler = logging.NullHandler()
    if log_path is not None:
        try:
            handler = _QuietFile(
                log_path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8", delay=True
            )
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        except OSError:
            handler = logging.NullHandler()
    for name in DISPLAY_LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
        logger.setLevel(logging.WARNING)
    return handler
